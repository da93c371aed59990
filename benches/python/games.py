"""What the benchmark scripts share: weight sets played on seeded games, and a mean's error."""

import json
import math

import tetris_ai


def add_randomizer_flag(parser):
    """Gives ``parser`` the ``--randomizer`` flag: how the pieces are dealt."""
    parser.add_argument("--randomizer", help="where pieces come from [default: uniform]")


def research_rules(randomizer):
    """The research rules, with the pieces dealt by ``randomizer`` (``None``: uniform)."""
    return {"kind": "classic", "randomizer": randomizer}


def mean_and_error(values):
    """The mean of ``values`` and its standard error (sample standard deviation / sqrt n)."""
    n = len(values)
    mean = sum(values) / n
    return mean, math.sqrt(sum((x - mean) ** 2 for x in values) / (n - 1) / n)


def play(fitness, sets, seeds):
    """Each weight set's lines on every seed, as one batch of validation games on every core.

    ``fitness`` is the training settings (board, rules, cap). The features are the first set's in
    its order, then any others: a score's terms are summed in feature order, and another order
    can turn a tie into none.
    """
    features = list(dict.fromkeys(f for weights in sets for f in weights))
    seeds = list(seeds)
    batch = {
        "phase": "validation",
        "fitness": dict(fitness, games=1),
        "features": features,
        "genomes": [[weights.get(f, 0.0) for f in features] for weights in sets],
        "jobs": [{"individual": i, "seed": s} for i in range(len(sets)) for s in seeds],
    }
    lines = tetris_ai.play_batch(json.dumps(batch))
    n = len(seeds)
    return [lines[i * n:(i + 1) * n] for i in range(len(sets))]
