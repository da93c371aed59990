"""`python -m tetris_ai.ray evolve`'s options: the command line's `evolve` options from the same
definition, plus Ray's; help and usage errors as clap gives them. Nothing here starts Ray."""

import re
import subprocess
import sys

import pytest

import tetris_ai

RAY_OPTIONS = {"--address", "--chunk-games"}


def options(help_text):
    """The long options a help text lists."""
    return set(re.findall(r"^\s+(?:-\w, )?(--[a-z-]+)", help_text, re.MULTILINE))


def parse(capsys, *argv):
    """The exit code of `evolve_arguments(argv)` (which must exit), its stdout and its stderr."""
    with pytest.raises(SystemExit) as exit:
        tetris_ai.evolve_arguments(list(argv))
    out, err = capsys.readouterr()
    return exit.value.code, out, err


def command(*argv):
    """Runs `python -m tetris_ai.ray` with `argv`; the finished process."""
    return subprocess.run(
        [sys.executable, "-m", "tetris_ai.ray", *argv],
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_the_options_are_the_command_lines_and_rays(cli, capsys):
    code, out, err = parse(capsys, "--help")
    assert (code, err) == (0, "")
    assert out.startswith("Learn weights as `tetris-ai evolve` does")
    assert "Usage: python -m tetris_ai.ray evolve [OPTIONS]" in out
    cli_options = options(cli("evolve", "--help"))
    assert {"--optimizer", "--resume", "--json", "--help", "--version"} <= cli_options
    assert options(out) == cli_options | RAY_OPTIONS


def test_the_parsed_options_give_the_run_and_rays_choices(tmp_path):
    parsed = tetris_ai.evolve_arguments(
        ["--optimizer", "ga", "--board", "6x8", "--generations", "4", "--checkpoint",
         str(tmp_path / "run.json"), "--chunk-games", "5", "--address", "auto"]
    )
    run = parsed.pop("run")
    intro = parsed.pop("intro")
    assert intro[0].startswith("ga on classic rules, 6x8 board, 10 games per individual")
    assert intro[1:] == ["validating each generation's best 3 on 30 fixed games each"]
    assert run.generation == 0
    assert run.config()["optimizer"]["kind"] == "ga"
    assert (run.config()["fitness"]["width"], run.config()["fitness"]["height"]) == (6, 8)
    assert parsed == {
        "generations": 4,
        "checkpoint": str(tmp_path / "run.json"),
        "out": None,
        "json": False,
        "threads": None,
        "address": "auto",
        "chunk_games": 5,
    }


@pytest.mark.parametrize(
    "argv, named",
    [
        (["--board", "6y8"], '"6y8"'),
        (["--optimizer", "pso"], "'pso'"),
        (["--chunk-games", "0"], "--chunk-games"),
        (["--games", "many"], '"many"'),
        (["--address", "auto", "--threads", "2"], "--threads"),
        (["--resume", "run.json", "--seed", "4"], "--seed"),
        (["--frames", "3"], "--frames"),
    ],
)
def test_a_bad_option_exits_2_naming_it(capsys, argv, named):
    code, out, err = parse(capsys, *argv)
    assert (code, out) == (2, "")
    assert err.startswith("error: ") and named in err, err
    assert err.endswith("For more information, try '--help'.\n")


def test_the_command_exits_as_the_command_line_does(tmp_path):
    bad = command("evolve", "--board", "6y8")
    assert (bad.returncode, bad.stdout) == (2, "")
    assert '"6y8"' in bad.stderr
    helped = command("evolve", "--help")
    assert (helped.returncode, helped.stderr) == (0, "")
    assert "--chunk-games <N>" in helped.stdout
    missing = tmp_path / "missing.json"
    unreadable = command("evolve", "--resume", str(missing))
    assert unreadable.returncode == 2
    assert unreadable.stderr.startswith("error: ") and str(missing) in unreadable.stderr
    nothing = command()
    assert nothing.returncode == 2
    assert nothing.stderr == "usage: python -m tetris_ai.ray evolve [OPTIONS] (--help lists them)\n"


@pytest.mark.parametrize(
    ("environ", "token_file", "mode"),
    [
        ({}, False, None),
        ({}, True, "token"),
        ({"RAY_AUTH_TOKEN": "secret"}, False, "token"),
        ({"RAY_AUTH_TOKEN_PATH": "/run/token"}, False, "token"),
        ({"RAY_AUTH_TOKEN": ""}, False, None),
        ({"RAY_AUTH_MODE": "disabled"}, True, "disabled"),
    ],
)
def test_a_token_at_hand_is_sent_as_ray_start_would_expect(tmp_path, environ, token_file, mode):
    # `ray start` turns token authentication on wherever a token is at hand; joining such a
    # cluster takes token mode, unless a mode was chosen.
    from tetris_ai.ray.__main__ import use_token_auth

    if token_file:
        (tmp_path / ".ray").mkdir()
        (tmp_path / ".ray" / "auth_token").write_text("secret")
    environ = dict(environ)
    use_token_auth(environ, tmp_path)
    assert environ.get("RAY_AUTH_MODE") == mode
