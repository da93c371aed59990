"""Python's ``bench`` against the command line's ``bench`` on the same games, on this machine.

``python benches/python/bench_vs_cli.py [--games N] [--runs R] [--cli PATH]`` plays du on 10x10,
games 0 to N-1, R times each way, taking turns, and prints the median wall times and their ratio.
Both use every core; their statistics must agree.
"""

import argparse
import json
import pathlib
import statistics
import subprocess
import time

import tetris_ai

ROOT = pathlib.Path(__file__).resolve().parents[2]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cli", default=str(ROOT / "target/release/tetris-ai"))
    args = parser.parse_args()
    command = [args.cli, "bench", "--preset", "du", "--board", "10x10",
               "--games", str(args.games), "--seed", "0", "--json"]
    times = {"python": [], "cli": []}
    for _ in range(args.runs):
        start = time.perf_counter()
        ours = tetris_ai.bench({"preset": "du", "width": 10, "height": 10}, games=args.games, seed=0)
        times["python"].append(time.perf_counter() - start)
        start = time.perf_counter()
        cli = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
        times["cli"].append(time.perf_counter() - start)
        keys = ["games", "lines", "mean", "median", "min", "max", "std"]
        if [ours[k] for k in keys] != [cli[k] for k in keys]:
            raise SystemExit("the statistics differ")
    medians = {name: statistics.median(t) for name, t in times.items()}
    print(
        f"du 10x10, {args.games} games: python {medians['python']:.2f} s, "
        f"cli {medians['cli']:.2f} s, ratio {medians['python'] / medians['cli']:.3f}"
    )


if __name__ == "__main__":
    main()
