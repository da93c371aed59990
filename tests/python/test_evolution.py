"""Evolution: ask and tell, whole generations, and checkpoints shared with `tetris-ai evolve`."""

import json
import re

import numpy as np
import pytest

import tetris_ai

# A small run: the command line's flags, and the same choices as `run_config` takes them.
FLAGS = [
    "--optimizer", "cem", "--population", "4", "--games", "2", "--max-pieces", "40",
    "--board", "6x8", "--validate-top", "1", "--validate-games", "2", "--seed", "3",
]
OPTIONS = {
    "optimizer": "cem",
    "population": 4,
    "games": 2,
    "max_pieces": 40,
    "width": 6,
    "height": 8,
    "validation": {"top": 1, "games": 2},
    "seed": 3,
}


def untimed(report):
    """A report less its timing, which depends on the machine."""
    return {k: v for k, v in report.items() if k != "elapsed_seconds"}


def reports(printed):
    """The reports `evolve --json` printed, one per line."""
    return [json.loads(line) for line in printed.splitlines() if line.strip()]


def test_the_options_give_the_command_lines_run(cli, tmp_path):
    checkpoint = tmp_path / "run.json"
    cli("evolve", *FLAGS, "--generations", "1", "--checkpoint", str(checkpoint), "--json")
    saved = json.loads(checkpoint.read_text())
    assert saved["config"] == tetris_ai.run_config(OPTIONS)


def test_a_run_scored_by_survival_is_the_command_lines(cli, tmp_path):
    options = {k: v for k, v in OPTIONS.items() if k != "max_pieces"}
    options["survival"] = {"run_pieces": 2000, "trials": 40}
    checkpoint = tmp_path / "run.json"
    flags = [f for f in FLAGS if f not in ("--max-pieces", "40")]
    printed = cli("evolve", *flags, "--survival", "--run-pieces", "2000", "--trials", "40",
                  "--generations", "1", "--checkpoint", str(checkpoint), "--json")
    config = tetris_ai.run_config(options)
    assert json.loads(checkpoint.read_text())["config"] == config
    assert config["fitness"]["survival"] == options["survival"]
    run = tetris_ai.Evolution(config)
    assert [untimed(run.next_generation())] == [untimed(r) for r in reports(printed)]
    with pytest.raises(ValueError, match="max pieces 40 with survival"):
        tetris_ai.run_config({**options, "max_pieces": 40})


def test_a_start_from_a_presets_weights_is_the_command_lines(cli, tmp_path):
    dt10 = next(p for p in tetris_ai.presets() if p["name"] == "dt10")["weights"]
    options = {**OPTIONS, "optimizer": "cmaes", "start": dt10, "spread": 0.5}
    config = tetris_ai.run_config(options)
    assert config["features"] == list(dt10)
    assert config["start"] == list(dt10.values())
    assert config["ranges"][0] == [-2.68, -1.6800000000000002]
    checkpoint = tmp_path / "run.json"
    flags = ["cmaes" if f == "cem" else f for f in FLAGS]
    cli("evolve", *flags, "--start", "dt10", "--spread", "0.5", "--generations", "1",
        "--checkpoint", str(checkpoint), "--json")
    assert json.loads(checkpoint.read_text())["config"] == config
    with pytest.raises(ValueError, match="one or the other"):
        tetris_ai.run_config({**options, "features": "du"})


def test_a_harder_piece_sequence_is_the_command_lines(cli, tmp_path):
    options = {**OPTIONS, "randomizer": "sz_heavy"}
    config = tetris_ai.run_config(options)
    assert config["fitness"]["rules"]["randomizer"] == "sz_heavy"
    checkpoint = tmp_path / "run.json"
    printed = cli("evolve", *FLAGS, "--randomizer", "sz_heavy", "--generations", "1",
                  "--checkpoint", str(checkpoint), "--json")
    saved = json.loads(checkpoint.read_text())
    assert saved["config"] == config
    # The same run with the research rules' own pieces plays other games.
    plain = cli("evolve", *FLAGS, "--generations", "1", "--json")
    assert untimed(reports(printed)[0]) != untimed(reports(plain)[0])
    with pytest.raises(ValueError, match='"sz"'):
        tetris_ai.run_config({**options, "randomizer": "sz"})


def test_a_checkpoint_of_the_command_line_resumes_here_to_the_same_report(cli, tmp_path):
    checkpoint = tmp_path / "run.json"
    cli("evolve", *FLAGS, "--generations", "1", "--checkpoint", str(checkpoint), "--json")
    text = checkpoint.read_text()
    run = tetris_ai.Evolution.resume(text)
    assert run.generation == 1
    here = run.next_generation()
    there = reports(cli("evolve", "--resume", str(checkpoint), "--generations", "2", "--json"))
    assert [untimed(r) for r in there] == [untimed(here)]
    assert here["generation"] == 2


def test_a_checkpoint_written_here_resumes_on_the_command_line(cli, tmp_path):
    run = tetris_ai.Evolution(tetris_ai.run_config(OPTIONS))
    assert run.generation == 0
    first = run.next_generation()
    checkpoint = tmp_path / "run.json"
    checkpoint.write_text(run.checkpoint())
    second = run.next_generation()
    there = reports(cli("evolve", "--resume", str(checkpoint), "--generations", "2", "--json"))
    assert [untimed(r) for r in there] == [untimed(second)]
    # And the first generation is the command line's own first.
    fresh = tmp_path / "fresh.json"
    printed = reports(cli("evolve", *FLAGS, "--generations", "1", "--checkpoint", str(fresh), "--json"))
    assert [untimed(r) for r in printed] == [untimed(first)]
    assert untimed(run.history()[1]) == untimed(second)


def test_ask_and_tell_give_what_a_whole_generation_gives():
    text = tetris_ai.Evolution(tetris_ai.run_config(OPTIONS)).checkpoint()
    whole = tetris_ai.Evolution.resume(text).next_generation()
    run = tetris_ai.Evolution.resume(text)
    report = None
    asked = 0
    while report is None:
        batch = run.ask()
        assert run.ask() == batch, "asking again before tell gives the same batch"
        lines = tetris_ai.play_batch(batch["text"])
        assert len(lines) == batch["jobs"]
        # Taken as a numpy array too.
        report = run.tell(np.array(lines, dtype=np.uint64))
        asked += 1
    # Training, then validation.
    assert asked == 2
    assert untimed(report) == untimed(whole)
    assert run.generation == 1


def test_bad_lines_and_configurations_raise_and_change_nothing():
    run = tetris_ai.Evolution(json.dumps(tetris_ai.run_config(OPTIONS)))
    batch = run.ask()
    with pytest.raises(ValueError):
        run.tell([1, 2])
    with pytest.raises(ValueError, match=r"lines\[0\]"):
        run.tell([-1] * batch["jobs"])
    with pytest.raises(TypeError, match="lines"):
        run.tell({1, 2})
    assert run.generation == 0 and run.ask() == batch
    with pytest.raises(ValueError, match="config is not JSON text"):
        tetris_ai.Evolution("{")
    with pytest.raises(ValueError, match="unknown optimizer \"nope\""):
        tetris_ai.run_config({"optimizer": "nope"})
    with pytest.raises(ValueError):
        tetris_ai.Evolution.resume("{}")
    with pytest.raises(ValueError, match="batch is not a game batch"):
        tetris_ai.play_batch("[]")


def test_a_batchs_games_are_played_in_ranges_on_any_threads():
    run = tetris_ai.Evolution(tetris_ai.run_config(OPTIONS))
    batch = run.ask()
    assert batch["jobs"] == 8
    whole = tetris_ai.play_batch(batch["text"])
    ranges = [(0, 3), (3, 3), (3, 8)]
    parts = [tetris_ai.play_batch(batch["text"], start, end, threads=1) for start, end in ranges]
    assert [lines for part in parts for lines in part] == whole
    assert tetris_ai.play_batch(batch["text"], start=5, threads=2) == whole[5:]
    with pytest.raises(ValueError, match=r"games 6\.\.9 are not a range of the batch's 8 games"):
        tetris_ai.play_batch(batch["text"], 6, 9)
    with pytest.raises(ValueError, match=r"games 5\.\.4"):
        tetris_ai.play_batch(batch["text"], 5, 4)
    with pytest.raises(ValueError, match="threads"):
        tetris_ai.play_batch(batch["text"], threads=0)


def test_a_report_prints_and_a_run_saves_as_the_command_line_does(cli, tmp_path):
    printed = {}
    for kind, flags in [("json", ["--json"]), ("text", [])]:
        checkpoint, best = tmp_path / f"{kind}.json", tmp_path / f"{kind}-best.json"
        files = ["--checkpoint", str(checkpoint), "--out", str(best)]
        printed[kind] = cli("evolve", *FLAGS, "--generations", "1", *flags, *files).splitlines()[0]
    run = tetris_ai.Evolution(tetris_ai.run_config(OPTIONS))
    report = run.next_generation()
    # The CLI's timing is its own: print this run's report with it.
    report["elapsed_seconds"] = json.loads(printed["json"])["elapsed_seconds"]
    assert tetris_ai.evolve_report(report, json=True) == printed["json"]
    seconds = re.compile(r"\s+[0-9.]+ s$")  # the text run's timing, which is its own
    assert seconds.sub("", tetris_ai.evolve_report(report)) == seconds.sub("", printed["text"])
    run.save(str(tmp_path / "here.json"), str(tmp_path / "here-best.json"))
    assert (tmp_path / "here-best.json").read_text() == (tmp_path / "json-best.json").read_text()
    saved = json.loads((tmp_path / "here.json").read_text())
    assert saved == json.loads(run.checkpoint())
    with pytest.raises(ValueError, match="no-such-folder"):
        run.save(str(tmp_path / "no-such-folder" / "run.json"))
    with pytest.raises(ValueError, match="report"):
        tetris_ai.evolve_report({"generation": 1})
