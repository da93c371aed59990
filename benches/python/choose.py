"""Chooses a run's weights on games of their own: the candidates of checkpoints, played again.

``python benches/python/choose.py CHECKPOINT [CHECKPOINT ...] [--top K] [--games N]
[--finalists F] [--more-games M] [--seed S] [--out FILE]``

The candidates of each checkpoint are the K best validated weights of its history (each
generation's validated best, by validated fitness) and, for CMA-ES and CEM, the search
distribution's final mean. Each plays games S to S+N-1 on the run's training board and rules
(the runs' own validation and report games are other seeds); the F best then play M more games,
from S+N on, and are ranked by their mean over all their games. ``--out`` gets the weights of
the first. Keep these seeds apart from those of the final test.
"""

import argparse
import json
import math

from games import mean_and_error, play


def candidates(path, top):
    """The run's training settings, features and (name, weights) of its candidates."""
    with open(path) as file:
        checkpoint = json.load(file)
    features = checkpoint["config"]["features"]
    validated = [r for r in checkpoint["history"] if r.get("validated_best") is not None]
    validated.sort(key=lambda r: -r["validated_best"])
    chosen = [(f"{path}: generation {r['generation']} (validated {r['validated_best']:,.0f})",
               r["validated_weights"]) for r in validated[:top]]
    state = checkpoint["learner"]["state"]
    if "mean" in state:
        mean = dict(zip(features, state["mean"]))
        chosen.append((f"{path}: final mean (generation {len(checkpoint['history'])})", mean))
    fitness = dict(checkpoint["config"]["fitness"], games=1, max_pieces=None)
    return fitness, features, chosen


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkpoints", nargs="+")
    parser.add_argument("--top", type=int, default=6)
    parser.add_argument("--games", type=int, default=1_000)
    parser.add_argument("--finalists", type=int, default=3)
    parser.add_argument("--more-games", type=int, default=3_000)
    parser.add_argument("--seed", type=int, default=2_000_000)
    parser.add_argument("--out")
    args = parser.parse_args()
    fitness = features = None
    chosen = []
    for path in args.checkpoints:
        run_fitness, run_features, run_chosen = candidates(path, args.top)
        if fitness not in (None, run_fitness) or features not in (None, run_features):
            raise SystemExit(f"{path} trains other features or on other games than the first")
        fitness, features = run_fitness, run_features
        chosen += run_chosen
    weights = [w for _, w in chosen]
    first = play(fitness, weights, range(args.seed, args.seed + args.games))
    order = sorted(range(len(chosen)), key=lambda i: -sum(first[i]))
    finalists = order[:args.finalists]
    start = args.seed + args.games
    more = play(fitness, [weights[i] for i in finalists], range(start, start + args.more_games))
    games = {i: first[i] for i in order}
    for i, lines in zip(finalists, more):
        games[i] = first[i] + lines
    ranked = sorted(order, key=lambda i: -mean_and_error(games[i])[0]
                    if i in finalists else math.inf)
    print(f"| Candidate | Games (from seed {args.seed}) | Mean lines |")
    print("|---|---|---|")
    for i in ranked:
        mean, error = mean_and_error(games[i])
        print(f"| {chosen[i][0]} | {len(games[i]):,} | {mean:,.0f} ± {error:,.0f} |")
    if args.out:
        with open(args.out, "w") as out:
            json.dump(weights[ranked[0]], out, indent=2)


if __name__ == "__main__":
    main()
