"""The Ray tests: run only in a private network namespace (`unshare --net` with the loopback up,
as `./build.sh python` runs them), where Ray binds to 127.0.0.1 and no traffic leaves the
machine; helpers that run the Ray command in this process and compare with the command line."""

import io
import json
import re
import socket

import pytest

import tetris_ai
from tetris_ai.ray.evolve import evolve

# A small run with validation on: 6 individuals of 3 games, then the best 2 on 3 validation games.
FLAGS = [
    "--optimizer", "cem", "--population", "6", "--games", "3", "--max-pieces", "60",
    "--board", "6x8", "--validate-top", "2", "--validate-games", "3", "--seed", "5",
]


@pytest.fixture(scope="session", autouse=True)
def private_network():
    """Fails every Ray test outside a network namespace of the loopback alone."""
    interfaces = sorted(name for _index, name in socket.if_nameindex())
    if interfaces != ["lo"]:
        pytest.fail(
            "the Ray tests run only in a private network namespace (unshare --net, then "
            f"ip link set lo up; ./build.sh python does it), not with {', '.join(interfaces)}",
            pytrace=False,
        )


def untimed(report):
    """A report less its timing, which depends on the machine."""
    return {k: v for k, v in report.items() if k != "elapsed_seconds"}


def reports(printed):
    """The reports `evolve --json` printed, one per line, untimed."""
    return [untimed(json.loads(line)) for line in printed.splitlines() if line.strip()]


def untimed_text(printed):
    """The text lines `evolve` printed, less the seconds at their end."""
    return [re.sub(r"\s+[0-9.]+ s$", "", line) for line in printed.splitlines()]


def untimed_checkpoint(path):
    """A checkpoint file's run less its timings."""
    run = json.loads(path.read_text())
    del run["elapsed_seconds"]
    run["history"] = [untimed(report) for report in run["history"]]
    return run


def on_ray(*argv, on_chunk=None, err=None):
    """What `python -m tetris_ai.ray evolve ARGV` prints to standard output (to standard error
    into ``err``, if given), run in this process on the Ray it is connected to."""
    out = io.StringIO()
    evolve(tetris_ai.evolve_arguments(list(argv)), on_chunk, out, err or io.StringIO())
    return out.getvalue()
