"""Each generation's games spread over Ray tasks.

A generation asks for a batch of games, which goes once into Ray's object store; its jobs are cut
into chunks of consecutive games, one Ray task per chunk, and the lines come back in batch order
to ``tell``, as many times as the generation asks (training, then validation). A game's lines
depend on nothing but the batch, so a task that runs again after its node died gives the same
lines, and the reports do not depend on the cluster. Ray is imported only when games are played.
"""

import functools
import math
import sys
from typing import Any, Callable, Optional, TextIO

from tetris_ai import Evolution, evolve_closing, evolve_report, play_batch

# Chunks per CPU of the cluster by default: games' lengths vary a lot (a good genome's games are
# long), so many chunks per CPU keep every CPU busy until the batch's last games. With 4, a
# generation of the default cem on 10x10 took 1.8 times the command line's on 2 CPUs; with 16,
# about as long (benches/python/ray_generation.py).
CHUNKS_PER_CPU = 16

# How many times Ray runs a task again after its worker or node died.
TASK_RETRIES = 5

# Called after each chunk's lines come back: the chunk's index and the Ray node that played it.
ChunkDone = Callable[[int, str], None]


def chunk_ranges(jobs: int, chunk_games: int) -> list[tuple[int, int]]:
    """The ranges ``(start, end)`` of ``chunk_games`` consecutive games covering ``jobs`` games."""
    return [(start, min(start + chunk_games, jobs)) for start in range(0, jobs, chunk_games)]


def default_chunk_games(jobs: int, cpus: float) -> int:
    """Games per chunk for about ``CHUNKS_PER_CPU`` chunks per CPU of a cluster of ``cpus``."""
    return max(1, math.ceil(jobs / (CHUNKS_PER_CPU * max(1, int(cpus)))))


def _play_chunk(batch: str, start: int, end: int) -> tuple[list[int], str]:
    """A Ray task: the lines of the games ``start`` to ``end`` of ``batch`` played on this task's
    one CPU, and the node that played them."""
    import ray

    return play_batch(batch, start, end, threads=1), ray.get_runtime_context().get_node_id()


@functools.cache
def _chunk_task() -> Any:
    """``_play_chunk`` as a Ray remote function of one CPU, run again when its node dies."""
    import ray

    return ray.remote(num_cpus=1, max_retries=TASK_RETRIES)(_play_chunk)


def play_on_ray(
    batch: str, jobs: int, chunk_games: Optional[int] = None, on_chunk: Optional[ChunkDone] = None
) -> list[int]:
    """The lines of the ``jobs`` games of ``batch`` (``ask()["text"]``), in batch order, played by
    Ray tasks of ``chunk_games`` games each (default: ``default_chunk_games`` for the CPUs of the
    cluster). ``on_chunk`` is called as each chunk's lines arrive."""
    import ray

    if chunk_games is None:
        chunk_games = default_chunk_games(jobs, ray.cluster_resources().get("CPU", 1))
    text = ray.put(batch)
    task = _chunk_task()
    pending = {
        task.remote(text, start, end): index
        for index, (start, end) in enumerate(chunk_ranges(jobs, chunk_games))
    }
    parts: list[list[int]] = [[] for _ in pending]
    while pending:
        (ready,), _ = ray.wait(list(pending), num_returns=1)
        index = pending.pop(ready)
        parts[index], node = ray.get(ready)
        if on_chunk is not None:
            on_chunk(index, node)
    return [lines for part in parts for lines in part]


def next_generation(
    run: Evolution, chunk_games: Optional[int] = None, on_chunk: Optional[ChunkDone] = None
) -> dict[str, Any]:
    """Plays the pending generation of ``run`` on Ray, every batch it asks for, and returns its
    report."""
    while True:
        asked = run.ask()
        lines = play_on_ray(asked["text"], asked["jobs"], chunk_games, on_chunk)
        report = run.tell(lines)
        if report is not None:
            return report


def evolve(
    options: dict[str, Any],
    on_chunk: Optional[ChunkDone] = None,
    out: TextIO = sys.stdout,
    err: TextIO = sys.stderr,
) -> None:
    """Runs the generations ``options`` (as ``evolve_arguments`` gives them) ask for on the Ray
    this process is connected to: after each, the run and its best weights are saved where the
    options say and the report line ``tetris-ai evolve`` prints is written to ``out``. In text
    mode, as ``tetris-ai evolve``, the lines that say what the run is go to ``err`` first, and
    the best weights to ``out`` last."""
    run = options["run"]
    if not options["json"]:
        for line in options["intro"]:
            print(line, file=err, flush=True)
    while run.generation < options["generations"]:
        report = next_generation(run, options["chunk_games"], on_chunk)
        run.save(options["checkpoint"], options["out"])
        print(evolve_report(report, options["json"]), file=out, flush=True)
    closing = None if options["json"] else evolve_closing(run)
    if closing is not None:
        print(closing, file=out, flush=True)
