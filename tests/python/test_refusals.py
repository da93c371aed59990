"""Whatever a caller passes, the extension raises ValueError or TypeError or takes it: no panic
reaches Python."""

import random

import tetris_ai
from tetris_ai.env import TetrisEnv

ATOMS = [None, True, False, 0, 1, -1, 7, 2**53, 2**64, -(2**63) - 1, 0.5, -2.5, 1e308,
         float("nan"), float("inf"), "", "classic", "guideline", "hold", "left", "du", "x" * 100,
         b"bytes", object(), {1, 2}]
KEYS = ["rules", "kind", "width", "height", "seed", "preset", "weights", "search", "depth",
        "prune", "margin", "beam", "handling", "das", "arr", "piece", "rotation", "x", "y",
        "spin", "preview", "hold", "timing", "holes", "landing_height", "mode", "reward",
        "features", "frames_per_step", "lines", "points", "piece", "game_over"]


def value(rng, depth=0):
    """A random value: mostly atoms, sometimes a list or dict of them."""
    roll = rng.random()
    if depth < 4 and roll < 0.2:
        return [value(rng, depth + 1) for _ in range(rng.randrange(4))]
    if depth < 4 and roll < 0.45:
        return {rng.choice(KEYS): value(rng, depth + 1) for _ in range(rng.randrange(5))}
    return rng.choice(ATOMS)


def environment(options):
    """The Gymnasium environment from `options` as keyword arguments (or as its rules)."""
    if isinstance(options, dict):
        return TetrisEnv(**options)
    return TetrisEnv(rules=options)


def calls(game, env):
    """Every call that reads a value the caller gives."""
    return [
        tetris_ai.Env,
        env.reset,
        env.step,
        environment,
        tetris_ai.Game,
        game.play,
        game.explain,
        game.rate,
        game.press,
        game.release,
        game.tick,
        game.set_handling,
        game.set_search,
        game.set_weights,
        game.set_parallel,
        lambda v: tetris_ai.bench(v, games=1, max_pieces=5),
        lambda v: tetris_ai.bench(None, games=v, max_pieces=5),
        tetris_ai.run_config,
        tetris_ai.Evolution,
        tetris_ai.Evolution.resume,
        tetris_ai.play_batch,
    ]


def test_random_values_are_taken_or_refused_with_value_or_type_errors():
    rng = random.Random(12345)
    game = tetris_ai.Game({"width": 6, "height": 8})
    env = tetris_ai.Env({"width": 6, "height": 8, "mode": "input"})
    refused = 0
    for _ in range(3000):
        call = rng.choice(calls(game, env))
        try:
            call(value(rng))
        except (ValueError, TypeError):
            refused += 1
    # Most random values are bad ones.
    assert refused > 1500
