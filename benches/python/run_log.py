"""Long comparisons of two weight sets: their log, one JSON line per finished piece of work so
that a stopped comparison resumes where it stopped, the arguments they share, and the command
line's runs they make."""

import argparse
import json
import os
import pathlib
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]


def comparison_parser(doc):
    """The arguments of a logged comparison of weight sets A and B (a preset's name or a JSON
    weights file): the sets, the log, the board, the command line that plays, ``--summary`` (pool
    the log, play nothing) and ``--json``; ``doc`` is the script's docstring."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--log", type=pathlib.Path, required=True)
    parser.add_argument("--board", default="10x20")
    parser.add_argument("--cli", default=str(ROOT / "target" / "release" / "tetris-ai"))
    parser.add_argument("--summary", action="store_true")
    parser.add_argument("--json", action="store_true")
    return parser


def logged(path):
    """The records already in the log at ``path`` (none if it does not exist)."""
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def append(path, record):
    """Appends ``record`` to the log at ``path`` as one line, on disk before this returns."""
    with path.open("a") as log:
        log.write(json.dumps(record) + "\n")
        log.flush()
        os.fsync(log.fileno())


def weights_flags(name):
    """The command line's flags that choose set ``name``: a JSON weights file, else a preset."""
    return ["--weights", name] if pathlib.Path(name).is_file() else ["--preset", name]


def cli_json(command, what):
    """What the command line's ``command`` (ending in ``--json``) prints, read; a failed run stops
    the script, naming ``what`` failed and saying the command line's own words."""
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{what} failed: {done.stderr.strip()}")
    return json.loads(done.stdout)
