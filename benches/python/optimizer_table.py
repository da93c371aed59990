"""Optimizer against optimizer on one budget of training games, from random weights, on 10x10.

``python benches/python/optimizer_table.py [--budget N] [--seeds 1,2] [--optimizers ...]
[--features dt10] [--fresh-games 1000] [--fresh-seed 5000000] [--out results.json]``

Each optimizer runs with its own defaults (the GA as its cs3243 preset configures it) on the
same features, 10 games per individual, each generation's best validated on 20 fixed games,
until its training games reach the budget (the generation under way is finished, so runs may
pass it by less than one generation). The run's validated best is then played on the same
fresh games for every run (seeds ``--fresh-seed`` on, used by no run), and the table gives
their mean with its standard error. Set ``RAYON_NUM_THREADS`` to choose the cores.
"""

import argparse
import json
import time

import tetris_ai
from games import mean_and_error, play


def run(optimizer, seed, features, budget):
    """One run to the budget: its validated best weights and what it spent."""
    config = tetris_ai.run_config({
        "optimizer": optimizer,
        "features": features,
        "seed": seed,
        "validation": {"top": 1, "games": 20},
    })
    evolution = tetris_ai.Evolution(config)
    training = 0
    started = time.perf_counter()
    best = None
    while training < budget:
        report = None
        while report is None:
            batch = evolution.ask()
            if batch["phase"] == "training":
                training += batch["jobs"]
            report = evolution.tell(tetris_ai.play_batch(batch["text"]))
        if report["validated_best"] is not None and (
                best is None or report["validated_best"] > best["validated"]):
            best = {"validated": report["validated_best"], "weights": report["validated_weights"],
                    "generation": report["generation"]}
    return {
        "optimizer": optimizer,
        "seed": seed,
        "generations": evolution.generation,
        "training_games": training,
        "games": report["games_played"],
        "seconds": time.perf_counter() - started,
        "best": best,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=int, default=8_000)
    parser.add_argument("--seeds", default="1,2")
    parser.add_argument("--optimizers", default="ga,cem,cmaes,hill_climb,anneal")
    parser.add_argument("--features", default="dt10")
    parser.add_argument("--fresh-games", type=int, default=1_000)
    parser.add_argument("--fresh-seed", type=int, default=5_000_000)
    parser.add_argument("--out")
    args = parser.parse_args()
    rows = []
    for optimizer in args.optimizers.split(","):
        for seed in (int(s) for s in args.seeds.split(",")):
            row = run(optimizer, seed, args.features, args.budget)
            seeds = range(args.fresh_seed, args.fresh_seed + args.fresh_games)
            [lines] = play({"width": 10, "height": 10}, [row["best"]["weights"]], seeds)
            row["fresh_mean"], row["fresh_error"] = mean_and_error(lines)
            rows.append(row)
            print(json.dumps(row), flush=True)
    if args.out:
        with open(args.out, "w") as out:
            json.dump(rows, out, indent=1)
    print(f"\n| Optimizer | Seed | Generations | Training games | All games | Time | "
          f"Validated (20 games) | Fresh {args.fresh_games:,} games |")
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['optimizer']} | {r['seed']} | {r['generations']} | "
              f"{r['training_games']:,} | {r['games']:,} | {r['seconds']:.0f} s | "
              f"{r['best']['validated']:,.0f} | {r['fresh_mean']:,.0f} ± {r['fresh_error']:,.0f} |")


if __name__ == "__main__":
    main()
