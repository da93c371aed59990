"""Two weight sets' survival estimates on the same seeds, logged block by block and pooled.

``python benches/python/paired_survival.py A B --log FILE [--seed S] [--replicates N]
[--board WxH] [--run-pieces N] [--trials N] [--cli PATH]`` estimates the mean lines of uncapped
games of weight sets A and B (a preset's name or a JSON weights file) with the command line's
``survival``, the research rules and its default base and levels: one block of N replicates from
seed S for each set, so that replicate i of both plays from seed S + i. Each block is appended to
the log as one JSON line when it ends; a block already in the log is not played again. It then
pools every block of the log that both sets have, on this board and effort: a set's estimate is
the inverse of the mean of all its replicates' rates (its standard error from the blocks'), and
the difference A - B has the standard error of the two estimates, unpaired. ``--summary`` pools the log and plays nothing. This is how
``docs/learning.md`` compares weights on the full 10x20 board, where whole games last hours.
"""

import json
import math

from run_log import append, cli_json, comparison_parser, logged, weights_flags


def estimate(args, name, seed):
    """The log record of set ``name``'s block from ``seed``: its replicates' mean rate and that
    mean's standard error, as ``survival --json`` reports them."""
    command = [args.cli, "survival", *weights_flags(name), "--board", args.board,
               "--run-pieces", str(args.run_pieces), "--trials", str(args.trials),
               "--replicates", str(args.replicates), "--seed", str(seed), "--json"]
    report = cli_json(command, f"survival of {name} from seed {seed}")
    return {"set": name, "seed": seed, "replicates": args.replicates, "board": args.board,
            "run_pieces": args.run_pieces, "trials": args.trials, "rate": report["rate"],
            "rate_error": report["rate_error"], "seconds": round(report["seconds"], 1)}


def blocks_of(args, records):
    """The logged blocks of this board and effort, by set and (seed, replicates)."""
    return {(r["set"], (r["seed"], r["replicates"])): r for r in records
            if (r["board"], r["run_pieces"], r["trials"])
            == (args.board, args.run_pieces, args.trials)}


def pooled(blocks):
    """The mean lines and its standard error from ``blocks`` of one set: the inverse of the mean
    rate of all their replicates, each block weighing by its replicates."""
    total = sum(b["replicates"] for b in blocks)
    rate = sum(b["replicates"] * b["rate"] for b in blocks) / total
    if rate == 0:
        raise SystemExit(f"no replicate of {blocks[0]['set']} saw a game end: no estimate")
    rate_error = math.sqrt(sum((b["replicates"] * b["rate_error"]) ** 2 for b in blocks)) / total
    return 1 / rate, rate_error / rate**2


def summary(args, records):
    """Each set's pooled estimate over the blocks both have, and their difference, as one
    object."""
    blocks = blocks_of(args, records)
    both = sorted({k for (name, k) in blocks if (args.a, k) in blocks and (args.b, k) in blocks})
    if not both:
        raise SystemExit("no block in the log has both sets on this board and effort")
    (mean_a, error_a), (mean_b, error_b) = (
        pooled([blocks[name, k] for k in both]) for name in (args.a, args.b))
    error = math.hypot(error_a, error_b)
    return {
        "a": args.a, "b": args.b, "board": args.board, "run_pieces": args.run_pieces,
        "trials": args.trials, "blocks": [{"seed": s, "replicates": n} for s, n in both],
        "replicates": sum(n for _, n in both),
        "mean_a": mean_a, "error_a": error_a, "mean_b": mean_b, "error_b": error_b,
        "difference": mean_a - mean_b, "standard_error": error,
        "z": (mean_a - mean_b) / error,
        "seconds": sum(blocks[name, k]["seconds"] for k in both for name in (args.a, args.b)),
    }


def main():
    parser = comparison_parser(__doc__)
    parser.add_argument("--seed", type=int, default=17_000)
    parser.add_argument("--replicates", type=int, default=384)
    parser.add_argument("--run-pieces", type=int, default=500_000)
    parser.add_argument("--trials", type=int, default=2_000)
    args = parser.parse_args()
    if args.replicates < 2:
        parser.error(f"--replicates {args.replicates}: at least 2, whose spread gives the error")
    if not args.summary:
        done = blocks_of(args, logged(args.log))
        for name in (args.a, args.b):
            if (name, (args.seed, args.replicates)) in done:
                continue
            record = estimate(args, name, args.seed)
            append(args.log, record)
            print(f"{name} from seed {args.seed}: rate {record['rate']:.4g} per line "
                  f"({args.replicates} replicates, {record['seconds']:,} s)", flush=True)
    result = summary(args, logged(args.log))
    if args.json:
        print(json.dumps(result))
        return
    blocks = ", ".join(f"{b['replicates']} from {b['seed']}" for b in result["blocks"])
    print(f"{args.a}: {result['mean_a']:,.0f} ± {result['error_a']:,.0f} lines, "
          f"{args.b}: {result['mean_b']:,.0f} ± {result['error_b']:,.0f} lines, over "
          f"{result['replicates']} replicates each on {args.board} ({blocks}), "
          f"{result['seconds']:,.0f} s")
    print(f"difference {result['difference']:+,.0f} ± {result['standard_error']:,.0f} "
          f"(standard error): {result['z']:+.2f} standard errors, "
          f"{result['difference'] / result['mean_b']:+.1%} of {args.b}'s")


if __name__ == "__main__":
    main()
