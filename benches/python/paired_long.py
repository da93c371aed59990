"""Two weight sets on long seeded games, each game logged as it ends so a stopped run resumes.

``python benches/python/paired_long.py A B --log FILE [--games N] [--seed S] [--board WxH]
[--max-pieces N] [--workers K] [--cli PATH]`` plays weight sets A and B (a preset's name or a
JSON weights file) with the command line's ``bench`` (research rules, each set as the CLI plays
it), one game per seed for each, on games S to S+N-1. ``--workers`` games run at once (default:
one per core), A's and B's game of a seed one after the other, so a stopped run leaves whole
pairs. Each finished game is appended to the log as one JSON line; a run given a log skips the
games already in it. When every game is in, it prints each one's mean, the paired difference
A - B, its standard error and how many games stopped at the cap. ``--summary`` prints that for
the pairs logged so far and plays none. Games on the full 10x20 board last millions of pieces,
hence this script beside ``paired.py``.
"""

import concurrent.futures
import json
import math
import os
import time

from games import mean_and_error
from run_log import append, cli_json, comparison_parser, logged, weights_flags


def play_one(cli, name, seed, args):
    """The CLI's record of set ``name`` (a preset, or a weights file) on game ``seed``, with the
    wall time it took."""
    command = [cli, "bench", *weights_flags(name), "--board", args.board, "--games", "1",
               "--seed", str(seed), "--threads", "1", "--json"]
    if args.max_pieces is not None:
        command += ["--max-pieces", str(args.max_pieces)]
    start = time.monotonic()
    report = cli_json(command, f"game {seed} of {name}")
    return {"set": name, "seed": seed, "board": args.board, "max_pieces": args.max_pieces,
            "lines": report["lines"], "pieces": report["pieces"],
            "capped": report["capped"] == 1, "seconds": round(time.monotonic() - start, 1)}


def games_of(args, records):
    """The logged games of this comparison's board and cap, by set and seed."""
    return {(r["set"], r["seed"]): r for r in records
            if r["board"] == args.board and r["max_pieces"] == args.max_pieces}


def summary(args, records):
    """The paired statistics of the seeds both sets have finished, as one object."""
    lines = games_of(args, records)
    seeds = [s for s in range(args.seed, args.seed + args.games)
             if (args.a, s) in lines and (args.b, s) in lines]
    if len(seeds) < 2:
        raise SystemExit(f"only {len(seeds)} whole pairs in the log: at least 2 are needed")
    a = [lines[args.a, s]["lines"] for s in seeds]
    b = [lines[args.b, s]["lines"] for s in seeds]
    difference, error = mean_and_error([x - y for x, y in zip(a, b)])
    (mean_a, error_a), (mean_b, error_b) = mean_and_error(a), mean_and_error(b)
    return {
        "a": args.a, "b": args.b, "board": args.board, "games": len(seeds),
        "seeds": seeds, "max_pieces": args.max_pieces,
        "mean_a": mean_a, "error_a": error_a, "mean_b": mean_b, "error_b": error_b,
        "difference": difference, "standard_error": error,
        "z": difference / error if error > 0 else math.inf,
        "a_wins": sum(x > y for x, y in zip(a, b)), "b_wins": sum(x < y for x, y in zip(a, b)),
        "a_capped": sum(lines[args.a, s]["capped"] for s in seeds),
        "b_capped": sum(lines[args.b, s]["capped"] for s in seeds),
        # Each game plays on one thread, so this is the games' time on one core.
        "play_seconds": sum(lines[n, s]["seconds"] for s in seeds for n in (args.a, args.b)),
    }


def main():
    parser = comparison_parser(__doc__)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=6_000_000)
    parser.add_argument("--max-pieces", type=int)
    parser.add_argument("--workers", type=int, default=os.cpu_count())
    args = parser.parse_args()
    if not args.summary:
        done = games_of(args, logged(args.log))
        jobs = [(name, seed) for seed in range(args.seed, args.seed + args.games)
                for name in (args.a, args.b) if (name, seed) not in done]
        with concurrent.futures.ThreadPoolExecutor(args.workers) as pool:
            futures = [pool.submit(play_one, args.cli, name, seed, args) for name, seed in jobs]
            for future in concurrent.futures.as_completed(futures):
                record = future.result()
                append(args.log, record)
                print(f"{record['set']} seed {record['seed']}: {record['lines']:,} lines"
                      f"{' (cap)' if record['capped'] else ''} in {record['seconds']:,} s",
                      flush=True)
    result = summary(args, logged(args.log))
    if args.json:
        print(json.dumps(result))
        return
    print(f"{args.a}: {result['mean_a']:,.0f} ± {result['error_a']:,.0f} lines, "
          f"{args.b}: {result['mean_b']:,.0f} ± {result['error_b']:,.0f} lines, over "
          f"{result['games']} whole pairs on {args.board} among seeds {args.seed} to "
          f"{args.seed + args.games - 1}, {result['play_seconds']:,.0f} s of play")
    print(f"paired difference {result['difference']:+,.0f} ± {result['standard_error']:,.0f} "
          f"(standard error): {result['z']:+.2f} standard errors; {args.a} wins "
          f"{result['a_wins']}, {args.b} wins {result['b_wins']}; at the cap: {args.a} "
          f"{result['a_capped']}, {args.b} {result['b_capped']}")


if __name__ == "__main__":
    main()
