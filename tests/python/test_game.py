"""Game: the AI's play, manual play, the cells as numpy arrays, and the errors of bad input."""

import math
import threading
import time

import numpy as np
import pytest

import tetris_ai


def test_a_new_game_has_an_empty_board_of_the_asked_size():
    game = tetris_ai.Game({"width": 6, "height": 8})
    cells = game.cells()
    assert cells.dtype == np.uint8
    # The 8 visible rows, then the 8 buffer rows above them; 6 columns.
    assert cells.shape == (16, 6)
    assert not cells.any()


def test_a_step_locks_the_decided_piece_where_the_choice_says():
    game = tetris_ai.Game({"seed": 7})
    choice = game.decide()
    piece = choice["placement"]["piece"]
    step = game.step()
    assert step["choice"]["placement"] == choice["placement"]
    assert step["rows_cleared"] == 0
    cells = game.cells()
    # 1 + the piece's index in I, O, T, S, Z, J, L, at the four cells of the choice.
    code = 1 + "IOTSZJL".index(piece)
    filled = sorted((int(x), int(y)) for y, x in zip(*np.nonzero(cells)))
    assert filled == sorted((x, y) for x, y in choice["cells"])
    assert all(cells[y, x] == code for x, y in choice["cells"])


def test_the_active_and_ghost_cells_are_four_x_y_pairs_with_the_ghost_below():
    game = tetris_ai.Game({"seed": 1})
    active, ghost = game.active_cells(), game.ghost_cells()
    assert active.shape == (4, 2) and ghost.shape == (4, 2)
    assert active.dtype == np.int32
    # The ghost is the active piece dropped: same columns, each cell as far down as the others.
    assert sorted(active[:, 0]) == sorted(ghost[:, 0])
    drops = set((active[:, 1] - ghost[:, 1]).tolist())
    assert len(drops) == 1 and drops.pop() > 0


def test_play_stops_at_the_cap_and_the_same_seed_plays_the_same_game():
    first, second = tetris_ai.Game({"seed": 3}), tetris_ai.Game({"seed": 3})
    stats = first.play(25)
    assert stats["pieces"] == 25 and not stats["game_over"]
    assert second.play(25) == stats
    assert np.array_equal(first.cells(), second.cells())
    assert first.stats() == stats
    # 25 pieces of 4 cells: every cell is on the board or in a cleared row of the width.
    assert np.count_nonzero(first.cells()) + 10 * stats["lines"] == 100


def test_manual_play_moves_and_drops_the_piece():
    game = tetris_ai.Game({"seed": 2})
    start = game.active_cells()
    assert game.press("left") is None
    game.release("left")
    moved = game.active_cells()
    assert np.array_equal(moved[:, 0], start[:, 0] - 1)
    ghost = game.ghost_cells()
    step = game.press("hard_drop")
    assert step is not None and step["choice"]["path"] == []
    assert all(game.cells()[y, x] != 0 for x, y in ghost.tolist())


def test_search_ranks_best_first_and_explain_sums_to_the_score():
    game = tetris_ai.Game({"seed": 5})
    ranked = game.search()
    scores = [choice["score"] for choice in ranked]
    assert scores == sorted(scores, reverse=True)
    assert game.hints()[0] == ranked[0]
    best = ranked[0]["placement"]
    assert game.rate(best)["rank"] == 1
    explanation = game.explain(best)
    assert math.isclose(
        sum(term["contribution"] for term in explanation["terms"]), ranked[0]["score"]
    )


def test_weights_round_trip_and_bad_weights_leave_the_old_ones():
    game = tetris_ai.Game()
    weights = game.weights()
    with pytest.raises(ValueError):
        game.set_weights({"no_such_feature": 1.0})
    assert game.weights() == weights
    game.set_weights(weights)
    assert game.weights() == weights


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ({"width": 99}, "config.width must be a whole number from 4 to 16, got 99"),
        ({"width": 2.5}, "config.width must be a whole number from 4 to 16, got 2.5"),
        ({"rules": {"kind": "nes"}}, "config.rules.kind"),
        ({"seed": -1}, "config.seed"),
        ({"width": float("nan")}, "config.width must be a finite number, got nan"),
        ({"search": {"prune": -float("inf")}}, "config.search.prune must be a finite number, got -inf"),
        ({"seed": 2**70}, "config.seed must be a whole number that fits 64 bits"),
    ],
)
def test_bad_values_raise_value_error_naming_them(config, message):
    with pytest.raises(ValueError) as error:
        tetris_ai.Game(config)
    assert message in str(error.value)


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ({"width": {4, 5}}, "config.width must be plain data"),
        ({"search": {1: 2}}, "config.search must have string keys"),
        ([object()], "config[0] must be plain data"),
        ({"width": b"10"}, "config.width must be plain data"),
    ],
)
def test_values_of_the_wrong_type_raise_type_error_naming_them(config, message):
    with pytest.raises(TypeError) as error:
        tetris_ai.Game(config)
    assert message in str(error.value)


def test_deep_nesting_and_bad_keys_raise_instead_of_crashing():
    nested = []
    for _ in range(10_000):
        nested = [nested]
    with pytest.raises(TypeError, match="nests deeper than 32"):
        tetris_ai.Game({"weights": nested})
    game = tetris_ai.Game()
    with pytest.raises(ValueError, match='key must be "left"'):
        game.press("jump")
    with pytest.raises(ValueError, match="frames"):
        game.tick(-1)
    with pytest.raises(ValueError, match="max_pieces"):
        game.play(-3)
    with pytest.raises(ValueError, match="placement"):
        game.explain({"piece": "Q"})


def test_play_releases_the_gil():
    game = tetris_ai.Game({"seed": 11, "search": {"depth": 2}})
    window = {}

    def play():
        window["start"] = time.perf_counter()
        game.play(10000)
        window["end"] = time.perf_counter()

    thread = threading.Thread(target=play)
    stamps = []
    thread.start()
    while thread.is_alive():
        stamps.append(time.perf_counter())
        time.sleep(0.001)
    thread.join()
    start, end = window["start"], window["end"]
    assert end - start > 0.2, "the game was too short to tell"
    margin = (end - start) / 10
    # Held through the call, the GIL would let this thread take no stamp inside it.
    inside = [s for s in stamps if start + margin < s < end - margin]
    assert len(inside) > 10


def test_numpy_values_are_read_as_the_plain_data_they_hold():
    config = {"width": np.int64(6), "height": np.uint8(8), "search": {"prune": np.float32(0.5)}}
    game = tetris_ai.Game(config)
    assert game.cells().shape == (16, 6)
    with pytest.raises(ValueError, match="config.width must be a whole number from 4 to 16, got 3"):
        tetris_ai.Game({"width": np.int16(3)})


def test_a_list_that_yields_more_than_it_holds_is_refused():
    class Endless(list):
        def __iter__(self):
            while True:
                yield 1

    with pytest.raises(TypeError, match="config.weights has 10001 items, more than 10000"):
        tetris_ai.Game({"weights": Endless()})
