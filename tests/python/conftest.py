"""Shared fixtures: the command line, for the tests that compare with it."""

import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def cli():
    """Runs `tetris-ai` (TETRIS_AI_CLI, else the release build) and returns its stdout (with
    ``stderr=True``, its stdout and its stderr)."""
    path = pathlib.Path(os.environ.get("TETRIS_AI_CLI", ROOT / "target/release/tetris-ai"))
    if not path.is_file():
        pytest.fail(f"the command line is not built: {path} (cargo build --release)")

    def run(*args, stderr=False):
        done = subprocess.run(
            [str(path), *args], check=True, capture_output=True, text=True, timeout=600
        )
        return (done.stdout, done.stderr) if stderr else done.stdout

    return run
