"""Steps per second of the Gymnasium environment, beside tetris-gymnasium's on the same machine.

Two comparable kinds of work, each with random legal actions, episodes reset as they end; the
time counted is the time inside ``step`` and ``reset``:

- input: one key per step. ``tetris_ai/Tetris-v0`` in input mode (guideline rules, 10x20)
  against ``tetris_gymnasium/Tetris`` (its own actions: moves, rotations, hard drop, swap).
- input, vectorized: the same, 16 games a step: ``gymnasium.make_vec`` of each (ours steps
  them in one call to the engine; theirs is Gymnasium's synchronous vector environment).
- placement: one placement per step with a feature vector per action. Ours in placement mode
  with holes, bumpiness, max_height and aggregate_height against tetris-gymnasium's
  ``GroupedActionsObservations`` with its ``FeatureVectorObservation`` (column heights, max
  height, holes, bumpiness).

Run it in a virtual environment that has both (``pip install . tetris-gymnasium==0.3.1``):
``python benches/python/env_steps.py [--steps N] [--runs R]``. Each figure is the median of R
runs, ours and theirs taking turns. Without tetris-gymnasium, only ours is measured.
"""

import argparse
import statistics
import time

import gymnasium as gym
import numpy as np

import tetris_ai  # noqa: F401  (registers tetris_ai/Tetris-v0)


VECTORIZED = 16
"""Games per step of the vectorized runs."""


def ours(kind):
    """Our environment for `kind` of work."""
    if kind == "input":
        return gym.make("tetris_ai/Tetris-v0", rules="guideline", mode="input")
    if kind == "input, vectorized":
        return gym.make_vec(
            "tetris_ai/Tetris-v0",
            num_envs=VECTORIZED,
            vectorization_mode="vector_entry_point",
            rules="guideline",
            mode="input",
        )
    features = ["holes", "bumpiness", "max_height", "aggregate_height"]
    return gym.make("tetris_ai/Tetris-v0", features=features)


def theirs(kind):
    """tetris-gymnasium's environment for `kind` of work, or None where it is not installed."""
    try:
        from tetris_gymnasium.envs import Tetris  # noqa: F401  (registers its environment)
        from tetris_gymnasium.wrappers.grouped import GroupedActionsObservations
        from tetris_gymnasium.wrappers.observation import FeatureVectorObservation
    except ImportError:
        return None
    if kind == "input, vectorized":
        return gym.make_vec("tetris_gymnasium/Tetris", num_envs=VECTORIZED, vectorization_mode="sync")
    env = gym.make("tetris_gymnasium/Tetris")
    if kind == "input":
        return env
    return GroupedActionsObservations(env, observation_wrappers=[FeatureVectorObservation(env)])


def vector_steps_per_second(envs, steps, seed):
    """Game steps per second of `steps` vectorized steps of random actions (every game's step
    counts; games reset themselves)."""
    rng = np.random.default_rng(seed)
    envs.reset(seed=seed)
    count, actions = envs.num_envs, envs.single_action_space.n
    inside = 0.0
    for _ in range(steps):
        action = rng.integers(actions, size=count)
        start = time.perf_counter()
        envs.step(action)
        inside += time.perf_counter() - start
    return steps * count / inside


def steps_per_second(env, steps, seed):
    """Steps per second of the environment over `steps` random legal actions, episodes reset
    as they end: the time inside `step` and `reset` only, not the choice of the actions."""
    rng = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)
    inside = 0.0
    for _ in range(steps):
        mask = info.get("action_mask")
        if mask is None:
            action = int(rng.integers(env.action_space.n))
        else:
            legal = np.flatnonzero(mask)
            action = int(legal[rng.integers(len(legal))])
        start = time.perf_counter()
        _, _, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            _, info = env.reset()
        inside += time.perf_counter() - start
    return steps / inside


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=20_000, help="steps per run (ours)")
    parser.add_argument("--runs", type=int, default=5, help="runs of each, taking turns")
    args = parser.parse_args()
    for kind in ["input", "input, vectorized", "placement"]:
        envs = {"tetris-ai": ours(kind), "tetris-gymnasium": theirs(kind)}
        rates = {name: [] for name, env in envs.items() if env is not None}
        for run in range(args.runs):
            for name in rates:
                # tetris-gymnasium is slow: fewer steps keep its runs short.
                steps = args.steps if name == "tetris-ai" else max(args.steps // 50, 200)
                if kind.endswith("vectorized"):
                    rate = vector_steps_per_second(envs[name], steps // VECTORIZED, seed=run)
                else:
                    rate = steps_per_second(envs[name], steps, seed=run)
                rates[name].append(rate)
        medians = {name: statistics.median(r) for name, r in rates.items()}
        line = ", ".join(f"{name} {rate:,.0f} steps/s" for name, rate in medians.items())
        if len(medians) == 2:
            line += f"; ratio {medians['tetris-ai'] / medians['tetris-gymnasium']:.0f}x"
        print(f"{kind}: {line}")


if __name__ == "__main__":
    main()
