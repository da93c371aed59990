"""versus and sprint: the statistics the command line's --json gives for the same games."""

import json

import pytest

import tetris_ai

GUIDELINE = {"rules": {"kind": "guideline", "preview": 5, "hold": True}}


# Three matches of dellacherie against dt10, as the command line's arguments.
THREE_MATCHES = ["versus", "--games", "3", "--preset", "dellacherie", "--opponent-preset", "dt10"]
THREE_MATCHES += ["--max-pieces", "300", "--seed", "4", "--threads", "1", "--json"]


def three_matches(**options):
    """The three matches of THREE_MATCHES, played by the package with `options` too."""
    return tetris_ai.versus(
        {**GUIDELINE, "preset": "dellacherie"},
        opponent={**GUIDELINE, "preset": "dt10"},
        games=3,
        seed=4,
        max_pieces=300,
        **options,
    )


def test_versus_gives_the_command_lines_statistics(cli):
    printed = json.loads(cli(*THREE_MATCHES))
    given = three_matches(threads=2)
    assert given == {k: printed[k] for k in given}
    assert given["games"] == given["wins"] + given["losses"] + given["draws"] == 3
    assert given["left"]["pieces"] > 0


def test_versus_on_the_referees_clock_gives_the_command_lines_statistics(cli):
    printed = json.loads(cli(*THREE_MATCHES, "--pace", "ppt"))
    in_lockstep = json.loads(cli(*THREE_MATCHES))
    given = three_matches(pace="ppt")
    assert given == {k: printed[k] for k in given}
    assert given != {k: in_lockstep[k] for k in given}, "the clock changes the matches"


def test_a_strong_ai_beats_one_that_places_at_random():
    given = tetris_ai.versus(
        {**GUIDELINE, "preset": "dellacherie"},
        opponent={**GUIDELINE, "weights": {}},
        games=2,
        rules="tetrio",
    )
    assert (given["wins"], given["losses"]) == (2, 0)
    assert given["win_rate"] == 1.0
    low, high = given["win_rate_interval"]
    # 2 of 2: n / (n + z^2) = 2 / 5.841459 = 0.342380.
    assert low == pytest.approx(0.342380, abs=1e-6) and high == pytest.approx(1.0)


def test_sprint_gives_the_command_lines_statistics(cli):
    printed = json.loads(cli("sprint", "--games", "3", "--seed", "2", "--json"))
    given = tetris_ai.sprint(GUIDELINE, games=3, seed=2)
    assert given == {k: printed[k] for k in given}
    assert given["finished"] == 3 and given["best_pieces"] >= 100


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: tetris_ai.versus(rules="tetris99"), 'rules must be "ppt" or "tetrio", got "tetris99"'),
        (lambda: tetris_ai.versus(games=0), "games must be a whole number from 1 to 1000000, got 0"),
        (lambda: tetris_ai.versus(pace="fast"), 'pace must be "lockstep" or "ppt", got "fast"'),
        (lambda: tetris_ai.versus(opponent={"width": 3}), "opponent.width"),
        (lambda: tetris_ai.sprint(lines=0), "lines must be a whole number from 1"),
        (lambda: tetris_ai.sprint(max_pieces=-1), "max_pieces must be a whole number from 1"),
    ],
)
def test_bad_arguments_raise_naming_them(call, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        call()
