"""bench: the dict `tetris-ai bench --json` prints, and its statistics worked out by hand."""

import json
import math

import pytest

import tetris_ai

# The rates depend on the machine's speed, not on the games.
TIMING = {"games_per_second", "decisions_per_second"}


def test_bench_gives_the_command_lines_json_for_the_same_settings(cli):
    printed = json.loads(
        cli("bench", "--games", "4", "--board", "10x10", "--seed", "5", "--threads", "2", "--json")
    )
    given = tetris_ai.bench({"width": 10, "height": 10}, games=4, seed=5, threads=2)
    assert list(given) == list(printed)
    assert {k: v for k, v in given.items() if k not in TIMING} == {
        k: v for k, v in printed.items() if k not in TIMING
    }
    assert all(given[k] > 0 for k in TIMING)


def test_bench_with_a_preset_and_a_cap_matches_the_command_line(cli):
    printed = json.loads(
        cli(
            "bench", "--games", "3", "--board", "8x12", "--preset", "cs3243", "--depth", "2",
            "--max-pieces", "60", "--threads", "1", "--json",
        )
    )
    given = tetris_ai.bench(
        {"width": 8, "height": 12, "preset": "cs3243", "search": {"depth": 2}},
        games=3,
        max_pieces=60,
        threads=1,
    )
    assert {k: v for k, v in given.items() if k not in TIMING} == {
        k: v for k, v in printed.items() if k not in TIMING
    }


def test_settings_as_published_are_the_command_lines(cli):
    # The same settings resolved by the same resolver: lee as published (a bag, a two-ply
    # search), with the depth given as an override, as `--depth` overrides it.
    printed = json.loads(
        cli(
            "bench", "--games", "2", "--board", "8x12", "--preset", "lee", "--as-published",
            "--depth", "1", "--max-pieces", "80", "--threads", "1", "--json",
        )
    )
    settings = {"preset": "lee", "asPublished": True, "board": [8, 12], "overrides": {"depth": 1}}
    given = tetris_ai.bench(settings=settings, games=2, max_pieces=80, threads=1)
    assert given["as_published"] is True
    assert {k: v for k, v in given.items() if k not in TIMING} == {
        k: v for k, v in printed.items() if k not in TIMING
    }
    config = tetris_ai.game_config(settings)
    assert (config["rules"]["randomizer"], config["rules"]["preview"]) == ("bag", 1)
    assert (config["search"]["depth"], config["search"]["prune"]) == (1, 1.0)
    # As published, the settings' own depth waits: the preset's published one plays.
    assert tetris_ai.game_config({"preset": "lee", "asPublished": True, "depth": 4})["search"][
        "depth"
    ] == 2


def test_capped_games_count_every_piece():
    # Ten pieces of four cells cannot top out a 10x20 board: every game stops at the cap.
    report = tetris_ai.bench(games=3, max_pieces=10)
    assert report["games"] == 3
    assert report["capped"] == 3
    assert report["pieces"] == 30
    assert report["max_pieces"] == 10
    # 40 cells make at most 4 lines of 10 per game.
    assert report["max"] <= 4
    assert math.isclose(report["mean"] * 3, report["lines"])


def test_the_statistics_agree_with_each_other():
    report = tetris_ai.bench({"width": 6, "height": 8}, games=5, seed=9)
    assert report["min"] <= report["median"] <= report["max"]
    assert math.isclose(report["mean"] * 5, report["lines"])
    if report["lines"]:
        assert math.isclose(report["pieces_per_line"], report["pieces"] / report["lines"])
    # The same seed plays the same games.
    again = tetris_ai.bench({"width": 6, "height": 8}, games=5, seed=9)
    assert {k: v for k, v in again.items() if k not in TIMING} == {
        k: v for k, v in report.items() if k not in TIMING
    }


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        ({"games": 0}, ValueError, "games must be a whole number from 1 to 1000000, got 0"),
        ({"max_pieces": 0}, ValueError, "max_pieces must be a whole number from 1"),
        ({"threads": 0}, ValueError, "threads must be a whole number from 1 to 1024, got 0"),
        ({"seed": "x"}, ValueError, "seed"),
        ({"config": {"width": 3}}, ValueError, "config.width must be a whole number from 4 to 16"),
        ({"games": [1]}, ValueError, "games must be a whole number"),
        ({"config": {"preset": object()}}, TypeError, "config.preset must be plain data"),
        ({"settings": {"depth": 9}}, ValueError, "settings.depth must be a whole number from 1"),
        ({"settings": {}, "config": {}}, ValueError, "give config or settings, not both"),
    ],
)
def test_bad_arguments_are_named(arguments, error, message):
    with pytest.raises(error) as raised:
        tetris_ai.bench(**arguments)
    assert message in str(raised.value)
