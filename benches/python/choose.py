"""Chooses a run's weights on games of their own: the candidates of a checkpoint, played again.

``python benches/python/choose.py CHECKPOINT [--top K] [--games N] [--seed S] [--out FILE]``

The candidates are the K best validated weights of the run's history (each generation's
validated best, by validated fitness) and, for CMA-ES and CEM, the search distribution's final
mean. Each plays games S to S+N-1 on the run's training board and rules (the validation and
report games of the run are other seeds); the table ranks them by their mean there, and
``--out`` gets the weights of the first. Keep these seeds apart from those of the final test.
"""

import argparse
import json
import math

import tetris_ai


def candidates(checkpoint, top):
    """(name, weights) of the K best validated weights and of the final mean, if any."""
    features = checkpoint["config"]["features"]
    validated = [r for r in checkpoint["history"] if r.get("validated_best") is not None]
    validated.sort(key=lambda r: -r["validated_best"])
    chosen = [(f"generation {r['generation']} validated {r['validated_best']:,.0f}",
               r["validated_weights"]) for r in validated[:top]]
    state = checkpoint["learner"]["state"]
    if "mean" in state:
        mean = dict(zip(features, state["mean"]))
        chosen.append((f"final mean (generation {len(checkpoint['history'])})", mean))
    return chosen


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkpoint")
    parser.add_argument("--top", type=int, default=6)
    parser.add_argument("--games", type=int, default=1_000)
    parser.add_argument("--seed", type=int, default=2_000_000)
    parser.add_argument("--out")
    args = parser.parse_args()
    with open(args.checkpoint) as file:
        checkpoint = json.load(file)
    fitness = dict(checkpoint["config"]["fitness"], games=1, max_pieces=None)
    features = checkpoint["config"]["features"]
    chosen = candidates(checkpoint, args.top)
    seeds = range(args.seed, args.seed + args.games)
    batch = {
        "phase": "validation",
        "fitness": fitness,
        "features": features,
        "genomes": [[weights[f] for f in features] for _, weights in chosen],
        "jobs": [{"individual": i, "seed": s} for i in range(len(chosen)) for s in seeds],
    }
    lines = tetris_ai.play_batch(json.dumps(batch))
    rows = []
    for i, (name, weights) in enumerate(chosen):
        games = lines[i * args.games:(i + 1) * args.games]
        mean = sum(games) / len(games)
        error = math.sqrt(sum((x - mean) ** 2 for x in games) / (len(games) - 1) / len(games))
        rows.append((mean, error, name, weights))
    rows.sort(key=lambda row: -row[0])
    print(f"| Candidate | Mean over games {seeds[0]} to {seeds[-1]} |")
    print("|---|---|")
    for mean, error, name, _ in rows:
        print(f"| {name} | {mean:,.0f} ± {error:,.0f} |")
    if args.out:
        with open(args.out, "w") as out:
            json.dump(rows[0][3], out, indent=2)


if __name__ == "__main__":
    main()
