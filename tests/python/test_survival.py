"""survival: the dict `tetris-ai survival --json` prints, and bad plans refused by name."""

import json

import pytest

import tetris_ai


def test_survival_gives_the_command_lines_json_for_the_same_settings(cli):
    printed = json.loads(
        cli(
            "survival", "--board", "8x8", "--preset", "dt10", "--levels", "3,5,7", "--base", "1",
            "--run-pieces", "3000", "--trials", "40", "--replicates", "3", "--seed", "4",
            "--threads", "2", "--json",
        )
    )
    given = tetris_ai.survival(
        {"width": 8, "height": 8, "preset": "dt10"},
        base=1,
        levels=[3, 5, 7],
        run_pieces=3000,
        trials=40,
        replicates=3,
        seed=4,
        threads=2,
    )
    assert list(given) == list(printed)
    assert {k: v for k, v in given.items() if k != "seconds"} == {
        k: v for k, v in printed.items() if k != "seconds"
    }
    # Three replicates, each with a stage per level after the first and one for the end.
    assert len(given["replicates"]) == 3
    assert [s["level"] for s in given["replicates"][0]["stages"]] == [5, 7, None]
    assert given["settings"]["levels"] == [3, 5, 7]


def test_the_estimate_is_the_inverse_of_the_mean_rate():
    report = tetris_ai.survival({"width": 8, "height": 8}, run_pieces=2000, trials=30, replicates=2)
    rates = []
    for replicate in report["replicates"]:
        rate = replicate["excursions"] / replicate["lines"]
        for stage in replicate["stages"]:
            rate *= stage["reached"] / stage["trials"] if stage["trials"] else 0.0
        rates.append(rate)
    assert report["rate"] == pytest.approx(sum(rates) / 2)
    assert report["mean_lines"] == pytest.approx(2 / sum(rates))
    # The defaults for eight rows: base 1, then every row from 3 to the top.
    assert report["settings"]["base"] == 1
    assert report["settings"]["levels"] == [3, 4, 5, 6, 7, 8]


@pytest.mark.parametrize(
    "arguments, named",
    [
        ({"levels": []}, "no levels"),
        ({"levels": [6, 4]}, "level 4 follows level 6"),
        ({"levels": [3, "x"]}, "levels[1]"),
        ({"base": 5, "levels": [5]}, "base 5"),
        ({"levels": [30]}, "level 30"),
        ({"trials": 0}, "trials"),
        ({"trials": 2_000_000}, "trials 2000000 is above the most"),
        ({"replicates": -1}, "replicates"),
        ({"run_pieces": 1.5}, "run_pieces"),
        ({"threads": 0}, "threads"),
    ],
)
def test_bad_plans_are_refused_naming_the_value(arguments, named):
    with pytest.raises(ValueError, match=named.replace("[", r"\[").replace("]", r"\]")):
        tetris_ai.survival(run_pieces=arguments.pop("run_pieces", 100), **arguments)
