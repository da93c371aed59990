"""How weight sets fare as the board grows: mean lines on 10xH for a ladder of heights.

``python benches/python/transfer.py SET [SET ...] [--heights 10,12,14] [--games 300,300,100]
[--seed 4000000] [--randomizer NAME]``

Each set (a preset's name or a JSON weights file) plays the same games, seeds S on, on each
board of the ladder under the research rules, and the table gives each one's mean lines with
its standard error. Whether weights learned on a small board keep their rank on taller ones
is what a proxy for the full board needs. ``--randomizer`` deals the pieces another way (say
``sz_heavy``, the harder sequence), for a proxy on the full board itself.
"""

import argparse
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent))

from games import add_randomizer_flag, mean_and_error, play, research_rules  # noqa: E402
from paired import weights_of  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sets", nargs="+")
    parser.add_argument("--heights", default="10,12,14")
    parser.add_argument("--games", default="300,300,100")
    parser.add_argument("--seed", type=int, default=4_000_000)
    add_randomizer_flag(parser)
    args = parser.parse_args()
    heights = [int(h) for h in args.heights.split(",")]
    counts = [int(g) for g in args.games.split(",")]
    if len(counts) != len(heights):
        raise SystemExit(f"{len(counts)} game counts for {len(heights)} heights")
    sets = [weights_of(name) for name in args.sets]
    rules = research_rules(args.randomizer)
    table = {name: [] for name in args.sets}
    for height, games in zip(heights, counts):
        seeds = range(args.seed, args.seed + games)
        for name, weights in zip(args.sets, sets):
            [lines] = play({"width": 10, "height": height, "rules": rules}, [weights], seeds)
            mean, error = mean_and_error(lines)
            table[name].append(f"{mean:,.0f} ± {error:,.0f}")
            print(f"{name} on 10x{height}: {table[name][-1]}", file=sys.stderr, flush=True)
    dealt = f", {args.randomizer}" if args.randomizer else ""
    header = " | ".join(f"10x{h} ({g:,} games{dealt})" for h, g in zip(heights, counts))
    print(f"| Weights | {header} |")
    print("|---|" + "---|" * len(heights))
    for name in args.sets:
        print(f"| {name} | " + " | ".join(table[name]) + " |")


if __name__ == "__main__":
    main()
