"""One generation on a local Ray instance of 2 CPUs against `tetris-ai evolve` on 2 threads.

A fixed run (the default cem on 10x10, seed 0) is played by the command line up to generation
2; then generation 3 is played from that checkpoint by each, alternately, ``--repeats`` times.
The time of a generation is the run's own (its report's ``elapsed_seconds`` less the
checkpoint's: from its first ask to its report, the start of Ray excluded); the commands' whole
times are given too. Prints the medians and their ratio, Ray over the command line.

Run it in a private network namespace, where Ray binds to 127.0.0.1 (as its tests do):

    unshare --net sh -c 'ip link set lo up && exec .venv/bin/python benches/python/ray_generation.py'
"""

import argparse
import json
import pathlib
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
RUN = ["--optimizer", "cem", "--board", "10x10", "--seed", "0", "--threads", "2", "--json"]


def timed(command: list[str], checkpoint: pathlib.Path) -> tuple[float, float]:
    """Runs `command` on a copy of `checkpoint` to generation 3: the generation's seconds (its
    report's less the checkpoint's) and the command's."""
    with tempfile.TemporaryDirectory() as folder:
        copy = pathlib.Path(folder) / "run.json"
        shutil.copy(checkpoint, copy)
        before = json.loads(copy.read_text())["elapsed_seconds"]
        start = time.perf_counter()
        done = subprocess.run(
            [*command, "--resume", str(copy), "--generations", "3", "--threads", "2", "--json"],
            capture_output=True, text=True, check=True,
        )
        whole = time.perf_counter() - start
    report = json.loads(done.stdout.splitlines()[-1])
    return report["elapsed_seconds"] - before, whole


def main() -> None:
    """Measures and prints the medians and their ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3, help="runs of each (default 3)")
    parser.add_argument("--chunk-games", type=int, help="games per Ray task (default: Ray's)")
    args = parser.parse_args()
    if sorted(name for _index, name in socket.if_nameindex()) != ["lo"]:
        sys.exit("run this in a private network namespace: see its docstring")
    cli = [str(ROOT / "target/release/tetris-ai"), "evolve"]
    on_ray = [sys.executable, "-m", "tetris_ai.ray", "evolve"]
    if args.chunk_games:
        on_ray += ["--chunk-games", str(args.chunk_games)]
    with tempfile.TemporaryDirectory() as folder:
        checkpoint = pathlib.Path(folder) / "generation-2.json"
        subprocess.run(
            [*cli, *RUN, "--generations", "2", "--checkpoint", str(checkpoint)],
            capture_output=True, check=True,
        )
        times: dict[str, list[tuple[float, float]]] = {"cli": [], "ray": []}
        for _ in range(args.repeats):
            times["cli"].append(timed(cli, checkpoint))
            times["ray"].append(timed(on_ray, checkpoint))
    medians = {
        name: [statistics.median(t[i] for t in runs) for i in (0, 1)]
        for name, runs in times.items()
    }
    for name, runs in times.items():
        shown = ", ".join(f"{g:.2f} s ({w:.2f} s whole)" for g, w in runs)
        print(f"{name}: generation 3 in {shown}")
    (cli_generation, cli_whole), (ray_generation, ray_whole) = medians["cli"], medians["ray"]
    print(f"median generation: cli {cli_generation:.2f} s, ray {ray_generation:.2f} s, "
          f"ratio {ray_generation / cli_generation:.3f}")
    print(f"median whole command: cli {cli_whole:.2f} s, ray {ray_whole:.2f} s, "
          f"ratio {ray_whole / cli_whole:.3f}")


if __name__ == "__main__":
    main()
