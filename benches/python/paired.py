"""Two weight sets on the same seeded games: the paired difference and its standard error.

``python benches/python/paired.py A B [--games N] [--seed S] [--board WxH] [--max-pieces N]
[--randomizer NAME]`` plays weight sets A and B (a preset's name or a JSON weights file) on games
S to S+N-1 under the research rules (with the pieces dealt by ``--randomizer``, if given), one
game per seed for each, in one batch of the engine's training games (every core), and prints each
one's mean, the mean of the paired differences A - B, its standard error and their ratio.
``--json`` prints them as one object.
"""

import argparse
import json
import math
import pathlib

import tetris_ai
from games import add_randomizer_flag, mean_and_error, play, research_rules


def weights_of(name):
    """The weights of a preset called ``name``, else of the JSON file at that path."""
    for preset in tetris_ai.presets():
        if preset["name"] == name:
            weights = preset["weights"]
            break
    else:
        path = pathlib.Path(name)
        if not path.is_file():
            raise SystemExit(f"{name!r} is neither a preset nor a weights file")
        weights = json.loads(path.read_text())
    return {f: (w["weight"] if isinstance(w, dict) else w) for f, w in weights.items()}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1_000_000)
    parser.add_argument("--board", default="10x10")
    parser.add_argument("--max-pieces", type=int)
    add_randomizer_flag(parser)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    width, height = (int(x) for x in args.board.split("x"))
    seeds = list(range(args.seed, args.seed + args.games))
    rules = research_rules(args.randomizer)
    fitness = {"width": width, "height": height, "max_pieces": args.max_pieces, "rules": rules}
    a, b = play(fitness, [weights_of(args.a), weights_of(args.b)], seeds)
    difference, error = mean_and_error([x - y for x, y in zip(a, b)])
    result = {
        "a": args.a,
        "b": args.b,
        "board": args.board,
        "games": args.games,
        "seeds": [seeds[0], seeds[-1]],
        "max_pieces": args.max_pieces,
        "randomizer": args.randomizer,
        "mean_a": mean_and_error(a)[0],
        "mean_b": mean_and_error(b)[0],
        "difference": difference,
        "standard_error": error,
        "z": difference / error if error > 0 else math.inf,
        "a_wins": sum(x > y for x, y in zip(a, b)),
        "b_wins": sum(x < y for x, y in zip(a, b)),
    }
    if args.json:
        print(json.dumps(result))
        return
    print(f"{args.a}: {result['mean_a']:,.1f} lines, {args.b}: {result['mean_b']:,.1f} lines, "
          f"over {args.games:,} games on {args.board}"
          f"{f', {args.randomizer} pieces' if args.randomizer else ''} "
          f"(seeds {seeds[0]} to {seeds[-1]})")
    print(f"paired difference {difference:+,.1f} ± {error:,.1f} (standard error): "
          f"{result['z']:+.2f} standard errors; {args.a} wins {result['a_wins']:,} games, "
          f"{args.b} wins {result['b_wins']:,}")


if __name__ == "__main__":
    main()
