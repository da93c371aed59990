"""The battletris head-to-head's reading of the TBP lines (benches/battletris/head_to_head.py), on
logs written by hand: each game cut from its `start` to its `stop`, the attack of each play by the
`-c ppt` table worked out by hand (a T-spin double on back-to-back, a combo, a perfect clear), the
winners from battletris's running score, and how each loser's game ended."""

import importlib.util
import json
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "benches" / "battletris" / "head_to_head.py"
spec = importlib.util.spec_from_file_location("head_to_head", SCRIPT)
h2h = importlib.util.module_from_spec(spec)
spec.loader.exec_module(h2h)

EMPTY = [None] * 10


def board(*rows):
    """A 40-row board from its lowest rows, each a string of 10 cells ('.' empty)."""
    written = [[None if c == "." else "G" for c in row] for row in rows]
    return written + [EMPTY] * (40 - len(written))


def start(rows, queue, hold=None, combo=0, b2b=False):
    return {"type": "start", "hold": hold, "queue": queue, "combo": combo, "back_to_back": b2b,
            "board": board(*rows)}


def play(piece, orientation, x, y, spin="none"):
    return {"type": "play", "move": {"location": {"type": piece, "orientation": orientation, "x": x, "y": y},
                                     "spin": spin}}


def write_log(folder, lines):
    folder.mkdir(parents=True)
    text = "".join(f"{t:.6f} {d} {json.dumps(m)}\n" for t, d, m in lines)
    (folder / "0-1.log").write_text(text)


def test_a_t_spin_double_on_back_to_back_is_five_rows_and_a_perfect_clear_ten():
    side = h2h.Side()
    # A T slot at x 4: row 0 open at 4, row 1 open at 3, 4 and 5.
    side.start(start(["GGGG.GGGGG", "GGG...GGGG", "GGG....GGG"], ["T", "I"], b2b=True))
    # T south at (4, 1): cells (3,1), (4,1), (5,1), (4,0): rows 0 and 1 are full.
    side.play(play("T", "south", 4, 1, "full")["move"])
    # T-spin double 4, back-to-back +1, first clear of a combo +0.
    assert (side.attack, side.t_spins, side.combo, side.back_to_back) == (5, 1, 1, True)
    # Left: "GGG....GGG" dropped to row 0. An I above it, in row 1, clears nothing: combo 0.
    side.play(play("I", "north", 4, 1)["move"])
    assert (side.attack, side.combo, side.pieces) == (5, 0, 2)

    clear = h2h.Side()
    clear.start(start(["GGGGGG....", "GGGGGG...."], ["O", "O"], combo=3))
    clear.play(play("O", "north", 6, 0)["move"])
    assert clear.attack == 0 and clear.combo == 0
    clear.play(play("O", "north", 8, 0)["move"])
    # Both rows clear and the board is empty: a perfect clear replaces the double's 1.
    assert (clear.attack, clear.perfect_clears, clear.combo) == (10, 1, 1)


def test_a_combo_adds_the_tables_rows_to_each_clear():
    side = h2h.Side()
    side.start(start(["GGGGGGGGG.", "GGGGGGGGG.", "GGGGGGGGG."], ["I"], combo=4))
    # An I standing in column 9 clears three rows: a triple 2, combo index 4 gives 2 more.
    side.play(play("I", "east", 9, 2)["move"])
    assert side.attack == 4


def test_games_winners_and_endings_from_the_logs(tmp_path):
    t = 100.0
    left = [
        (t, "<", {"type": "info"}),
        (t, ">", start([], ["T", "O"])),
        (t + 1, ">", {"type": "suggest"}),
        (t + 1.01, "<", {"type": "suggestion", "moves": [play("T", "north", 4, 0)["move"]]}),
        (t + 1.02, ">", play("T", "north", 4, 0)),
        (t + 2, ">", {"type": "suggest"}),
        (t + 2.01, "<", {"type": "suggestion", "moves": [play("O", "north", 0, 0)["move"]]}),
        (t + 2.05, ">", {"type": "stop"}),
        # Game 2: left answers too late.
        (t + 10, ">", start([], ["I", "O"])),
        (t + 11, ">", {"type": "suggest"}),
        (t + 11.7, "<", {"type": "suggestion", "moves": [play("I", "north", 4, 0)["move"]]}),
        (t + 11.8, ">", {"type": "stop"}),
    ]
    full = ["GGGGGGGGG."] * 19 + ["GGG.GGGGGG"] * 2
    right = [
        (t, ">", start(full, ["S", "Z"])),
        (t + 1.5, ">", {"type": "suggest"}),
        # No piece fits at the spawn: a top-out, whatever the bot answers.
        (t + 1.51, "<", {"type": "suggestion", "moves": [play("S", "north", 4, 22)["move"]]}),
        (t + 2.05, ">", {"type": "stop"}),
        (t + 10, ">", start([], ["J", "L"])),
        (t + 11, ">", {"type": "suggest"}),
        (t + 11.01, "<", {"type": "suggestion", "moves": [play("J", "north", 4, 0)["move"]]}),
        (t + 11.02, ">", play("J", "north", 4, 0)),
        (t + 11.8, ">", {"type": "stop"}),
    ]
    write_log(tmp_path / "logs" / "tetris-ai", left)
    write_log(tmp_path / "logs" / "cold-clear-2", right)
    stdout = "tetris-ai 0.1.0 VS Cold Clear 2 (2 games)\n\r\x1b[K1 - 0   \tElo: > 0\r\x1b[K1 - 1   \tElo: 0\n"
    assert h2h.winners(stdout) == ["left", "right"]
    figures = h2h.report(tmp_path, stdout, {"left": "tetris-ai", "right": "cold-clear-2"})
    assert figures["games"] == 2
    assert figures["endings"] == [
        {"winner": "left", "loser_ending": "top-out"},
        {"winner": "right", "loser_ending": "timeout"},
    ]
    assert figures["left"]["wins_by_top_out"] == 1
    assert figures["right"]["wins_by_top_out"] == 0
    assert figures["left"]["forfeits"] == {"timeout": 1, "empty move": 0, "refused move": 0}
    assert figures["decided_by_top_out"] == 1
    assert figures["left"]["pieces"] == 1
    # Its answers took 10 ms, 10 ms and 700 ms.
    assert abs(figures["left"]["suggestion_ms"]["median"] - 10) < 1e-6
    assert abs(figures["left"]["suggestion_ms"]["max"] - 700) < 1e-6
    # One piece in 2.05 s of game one, none in the 1.8 s of game two.
    assert abs(figures["left"]["pieces_per_second"] - 1 / 3.85) < 1e-9


def test_the_wilson_interval_of_half_of_ten():
    low, high = h2h.wilson(5, 10)
    assert abs(low - 0.2366) < 1e-4 and abs(high - 0.7634) < 1e-4
    assert h2h.wilson(0, 0) is None
