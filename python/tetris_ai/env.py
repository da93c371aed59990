"""Gymnasium environments over the engine: ``TetrisEnv`` (registered as ``tetris_ai/Tetris-v0``)
and its vectorized form ``TetrisVectorEnv`` (what ``gymnasium.make_vec`` gives).

A step is one placement (``mode="placement"``: a ``Discrete`` action numbered
``hold * 4 * width + rotation * width + column``, ``column`` the leftmost the piece fills, each a
hard drop; ``info["action_mask"]`` marks the legal ones) or one input (``mode="input"``: nothing,
left, right, soft drop, hard drop, clockwise, counter-clockwise, hold; then ``frames_per_step``
frames of gravity and lock delay). Observations: ``board`` (``rows x width``, top row first, 1
filled), ``active`` (input mode: the piece in play, drawn the same way), ``piece`` (0 to 6: I, O,
T, S, Z, J, L), ``preview``, ``hold`` (0 none, else 1 + the piece) and, when ``features`` names
some, ``features``: their values for the board each placement leaves (placement mode, one row per
action) or a hard drop leaves now (input mode).
"""

from __future__ import annotations

from typing import Any, Optional

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space, concatenate, create_empty_array

from ._engine import INPUTS, PIECES, Env, EnvBatch, limits

MAX_SEED = limits()["seed"]["max"]
"""The largest seed a game takes from Python and JavaScript alike."""

COLORS = np.array(
    [
        (16, 16, 24),
        (0, 200, 220),
        (230, 200, 0),
        (160, 60, 200),
        (60, 190, 60),
        (220, 50, 50),
        (40, 90, 220),
        (240, 140, 20),
    ],
    dtype=np.uint8,
)
"""Render colours: empty, then the pieces I, O, T, S, Z, J, L."""


def settings(**options: Any) -> dict[str, Any]:
    """The engine's settings from the environment's keyword arguments (``None`` means the
    default)."""
    return {name: value for name, value in options.items() if value is not None}


class _Reader:
    """Reads observation bytes (``Env.observation()``, or ``EnvBatch.observations()``: one
    after another) into numpy arrays that view them, as the layout says."""

    def __init__(self, layout: dict[str, Any]):
        self.rows, self.width = layout["rows"], layout["width"]
        self.actions = layout["actions"]
        self.active = layout["active"]
        self.preview = layout["preview"]
        self.hold = layout["hold"]
        self.features = layout["features"]
        self.size = layout["size"]
        cells = self.rows * self.width
        self._mask_at = cells * (2 if self.active else 1)
        self._piece_at = self._mask_at + self.actions
        self._feature_shape: tuple[int, ...] = (layout["feature_rows"], len(self.features))
        if layout["mode"] == "input":
            self._feature_shape = (len(self.features),)

    def space(self) -> spaces.Dict:
        """The observation space of one environment."""
        board = spaces.Box(0, 1, (self.rows, self.width), np.uint8)
        parts: dict[str, spaces.Space] = {"board": board}
        if self.active:
            parts["active"] = spaces.Box(0, 1, (self.rows, self.width), np.uint8)
        parts["piece"] = spaces.Discrete(7)
        if self.preview:
            parts["preview"] = spaces.MultiDiscrete([7] * self.preview, dtype=np.uint8)
        if self.hold:
            parts["hold"] = spaces.Discrete(8)
        if self.features:
            # Every feature counts cells, rows or columns of the board, or sums such counts over
            # its columns or cells: none reaches (rows x width) squared.
            bound = float((self.rows * self.width) ** 2)
            parts["features"] = spaces.Box(-bound, bound, self._feature_shape, np.float64)
        return spaces.Dict(parts)

    def read(
        self, data: bytearray, features: Optional[bytearray]
    ) -> tuple[dict[str, Any], np.ndarray]:
        """The observation and the action mask of one environment, viewing ``data``."""
        at = self._piece_at
        if self.active:
            drawn = np.ndarray((2, self.rows, self.width), np.uint8, data)
            obs: dict[str, Any] = {"board": drawn[0], "active": drawn[1], "piece": data[at]}
        else:
            obs = {"board": np.ndarray((self.rows, self.width), np.uint8, data), "piece": data[at]}
        if self.preview:
            obs["preview"] = np.ndarray((self.preview,), np.uint8, data, at + 1)
        if self.hold:
            obs["hold"] = data[at + 1 + self.preview]
        if features is not None:
            obs["features"] = np.frombuffer(features, np.float64).reshape(self._feature_shape)
        return obs, np.ndarray((self.actions,), np.int8, data, self._mask_at)

    def read_many(
        self, data: bytearray, features: Optional[bytearray], count: int
    ) -> tuple[dict[str, Any], np.ndarray]:
        """The observations and action masks of ``count`` environments, stacked on a first
        axis, viewing ``data`` (their observations one after another)."""

        def part(shape: tuple[int, ...], dtype: Any, at: int) -> np.ndarray:
            strides = (self.size, *np.empty(shape, dtype).strides)
            return np.ndarray((count, *shape), dtype, data, at, strides)

        board = (self.rows, self.width)
        obs: dict[str, Any] = {"board": part(board, np.uint8, 0)}
        if self.active:
            obs["active"] = part(board, np.uint8, self.rows * self.width)
        at = self._piece_at
        obs["piece"] = part((), np.uint8, at)
        if self.preview:
            obs["preview"] = part((self.preview,), np.uint8, at + 1)
        if self.hold:
            obs["hold"] = part((), np.uint8, at + 1 + self.preview)
        if features is not None:
            shape = (count, *self._feature_shape)
            obs["features"] = np.frombuffer(features, np.float64).reshape(shape)
        return obs, part((self.actions,), np.int8, self._mask_at)


def is_whole(value: Any) -> bool:
    """Whether ``value`` is a whole number: a Python or numpy integer, not a bool."""
    return isinstance(value, (int, np.integer)) and not isinstance(value, bool)


def checked_seed(seed: Any) -> None:
    """Checks a game's seed: None, or a whole number from 0 to the engine's largest; another
    type raises ``TypeError``, a number out of range ``ValueError``, naming it."""
    if seed is None:
        return
    if not is_whole(seed):
        raise TypeError(f"seed must be a whole number or None, got {seed!r}")
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed must be from 0 to {MAX_SEED}, got {seed}")


def episode_limit(steps: Any) -> Optional[int]:
    """``steps`` as a vector environment's ``max_episode_steps``: None, or a whole number of at
    least 1; another type raises ``TypeError``, a number below 1 ``ValueError``, naming it."""
    if steps is None:
        return None
    if not is_whole(steps):
        raise TypeError(f"max_episode_steps must be a whole number or None, got {steps!r}")
    if steps < 1:
        raise ValueError(f"max_episode_steps must be at least 1, got {steps}")
    return int(steps)


def board_frame(mode: str, colors: np.ndarray, reader: "_Reader") -> Any:
    """A board's cells (``colors``, as the engine gives them, top row first) as text (``ansi``)
    or an image (``rgb_array``, 8 pixels a cell)."""
    cells = colors.reshape(reader.rows, reader.width)
    if mode == "ansi":
        rows = ["".join(PIECES[c - 1] if c else "." for c in row) for row in cells]
        return "\n".join(rows) + "\n"
    image = COLORS[cells]
    return np.repeat(np.repeat(image, 8, axis=0), 8, axis=1)


class TetrisEnv(gym.Env):
    """One game of Tetris per episode, a placement or an input per step.

    Keyword arguments (all optional): ``rules`` ("classic", the research rules, or "guideline",
    or rules as ``tetris_ai.Game`` takes them), ``width``, ``height``, ``preview``, ``hold``,
    ``mode`` ("placement" or "input"), ``reward`` (``{"lines": [5 numbers for 0 to 4 rows],
    "points": per point, "piece": per piece, "game_over": at the end}``; by default one per
    line), ``features`` (names from ``tetris_ai.features()``), ``frames_per_step`` and
    ``handling`` (input mode), ``render_mode`` ("ansi" or "rgb_array"). ``reset(seed=n)`` plays
    the game ``tetris_ai.Game`` plays with seed ``n``; without a seed, the next seed comes from
    the environment's generator.
    """

    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 30}

    def __init__(
        self,
        rules: Any = None,
        width: Optional[int] = None,
        height: Optional[int] = None,
        preview: Optional[int] = None,
        hold: Optional[bool] = None,
        mode: Optional[str] = None,
        reward: Optional[dict[str, Any]] = None,
        features: Optional[list[str]] = None,
        frames_per_step: Optional[int] = None,
        handling: Optional[dict[str, Any]] = None,
        render_mode: Optional[str] = None,
    ):
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f'render_mode must be "ansi", "rgb_array" or None, got {render_mode!r}'
            )
        self.options = settings(
            rules=rules,
            width=width,
            height=height,
            preview=preview,
            hold=hold,
            mode=mode,
            reward=reward,
            features=features,
            frames_per_step=frames_per_step,
            handling=handling,
        )
        """The engine's settings of this environment (what ``tetris_ai.Env`` takes)."""
        self._env = Env(self.options)
        self._reader = _Reader(self._env.layout())
        self._observed = self._observe()
        self.observation_space = self._reader.space()
        self.action_space = spaces.Discrete(self._reader.actions)
        self.render_mode = render_mode
        self._over = False

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Starts a game: the one of ``seed``, else of a seed drawn from ``np_random``. A seed
        that is no whole number raises ``TypeError``, one out of range ``ValueError``."""
        checked_seed(seed)
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(MAX_SEED))
        self._env.reset(game_seed)
        self._over = False
        self._observed = self._observe()
        stats = self._env.stats()
        info = self._info(0, False, stats["lines"], stats["pieces"], stats["score"])
        return self._observed[0], info

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """Plays ``action``; a placement that is not legal ends the game (``info["illegal"]``).
        Once the game has ended, ``reset()`` must come first: a step raises
        ``gymnasium.error.ResetNeeded``."""
        if self._over:
            raise gym.error.ResetNeeded(
                "the game is over: call reset() before step() (a step after the end plays nothing)"
            )
        reward, terminated, rows, illegal, lines, pieces, score = self._env.step(action)
        self._over = terminated
        self._observed = self._observe()
        info = self._info(rows, illegal, lines, pieces, score)
        return self._observed[0], reward, terminated, False, info

    def _observe(self) -> tuple[dict[str, Any], np.ndarray]:
        features = self._env.features() if self._reader.features else None
        return self._reader.read(self._env.observation(), features)

    def _info(self, rows: int, illegal: bool, lines: int, pieces: int, score: int) -> dict:
        return {
            "action_mask": self._observed[1],
            "rows_cleared": rows,
            "lines": lines,
            "pieces": pieces,
            "score": score,
            "illegal": illegal,
        }

    def action_masks(self) -> np.ndarray:
        """The legal actions now (1 legal), as maskable learners ask for them."""
        return self._observed[1]

    def render(self) -> Any:
        """The board as text (``ansi``) or an image (``rgb_array``, 8 pixels a cell)."""
        if self.render_mode is None:
            return None
        colors = np.frombuffer(self._env.colors(), np.uint8)
        return board_frame(self.render_mode, colors, self._reader)


class TetrisVectorEnv(VectorEnv):
    """``num_envs`` games stepped together in one call to the engine, each reset on the step
    after it ends (Gymnasium's next-step autoreset); takes ``TetrisEnv``'s keyword arguments,
    and ``max_episode_steps``: an episode that reaches that many steps without ending is
    truncated, as Gymnasium's ``TimeLimit`` truncates one environment (``gymnasium.make_vec``
    passes it, and the registered default, as it does to any vector entry point).
    ``reset(seed=n)`` gives game ``i`` the seed ``n + i``; later episodes take their seeds from
    the vector environment's generator. ``render()`` gives every game's frame, as
    ``TetrisEnv.render()`` gives one."""

    metadata = {
        "autoreset_mode": AutoresetMode.NEXT_STEP,
        "render_modes": TetrisEnv.metadata["render_modes"],
        "render_fps": TetrisEnv.metadata["render_fps"],
    }

    def __init__(
        self,
        num_envs: int = 1,
        max_episode_steps: Optional[int] = None,
        render_mode: Optional[str] = None,
        **options: Any,
    ):
        single = TetrisEnv(render_mode=render_mode, **options)
        self._batch = EnvBatch(num_envs, single.options)
        self._reader = _Reader(self._batch.layout())
        self.num_envs = num_envs
        self.max_episode_steps = episode_limit(max_episode_steps)
        """The steps after which an episode is truncated (None: never)."""
        self.render_mode = render_mode
        self.single_observation_space = single.observation_space
        self.single_action_space = single.action_space
        self.observation_space = batch_space(single.observation_space, num_envs)
        self.action_space = batch_space(single.action_space, num_envs)
        self._ended = np.zeros(num_envs, dtype=bool)
        self._steps = np.zeros(num_envs, dtype=np.int64)

    def reset(
        self, *, seed: Optional[int | list[int]] = None, options: Optional[dict] = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Starts every game: game ``i`` from ``seed + i`` (or ``seed[i]``) when given, else
        from seeds drawn from the generator."""
        for one in seed if isinstance(seed, list) else [seed]:
            checked_seed(one)
        super().reset(seed=seed if isinstance(seed, int) or seed is None else seed[0])
        if seed is None:
            seeds = self._draw_seeds(self.num_envs)
        elif isinstance(seed, int):
            seeds = [seed + i for i in range(self.num_envs)]
        else:
            seeds = list(seed)
        outcome = self._batch.step([0] * self.num_envs, seeds)
        self._ended[:] = False
        self._steps[:] = 0
        obs, info = self._observe(outcome)
        return obs, info

    def step(
        self, actions: Any
    ) -> tuple[dict[str, Any], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Steps every game with its action; a game that ended last step (over, or truncated at
        ``max_episode_steps``) starts again instead (reward 0, neither terminated nor
        truncated)."""
        fresh = self._draw_seeds(int(self._ended.sum()))
        seeds = [fresh.pop() if ended else None for ended in self._ended]
        outcome = self._batch.step(np.asarray(actions).tolist(), seeds)
        obs, info = self._observe(outcome)
        rewards, terminated = np.array(outcome[0]), np.array(outcome[1], dtype=bool)
        self._steps = np.where(self._ended, 0, self._steps + 1)
        truncated = np.zeros(self.num_envs, dtype=bool)
        if self.max_episode_steps is not None:
            truncated = ~terminated & (self._steps >= self.max_episode_steps)
        self._ended = terminated | truncated
        return obs, rewards, terminated, truncated, info

    def render(self) -> Optional[tuple[Any, ...]]:
        """Every game's board, as ``TetrisEnv.render()`` draws one, in a tuple; None without a
        render mode."""
        if self.render_mode is None:
            return None
        cells = self._reader.rows * self._reader.width
        colors = np.frombuffer(self._batch.colors(), np.uint8).reshape(self.num_envs, cells)
        return tuple(board_frame(self.render_mode, board, self._reader) for board in colors)

    def _draw_seeds(self, count: int) -> list[int]:
        return [int(s) for s in self.np_random.integers(MAX_SEED, size=count)]

    def _observe(self, outcome: tuple[list, ...]) -> tuple[dict[str, Any], dict[str, Any]]:
        features = self._batch.features() if self._reader.features else None
        obs, mask = self._reader.read_many(self._batch.observations(), features, self.num_envs)
        _, _, rows, illegal, lines, pieces, scores = outcome
        info = {
            "action_mask": mask,
            "rows_cleared": np.array(rows),
            "lines": np.array(lines),
            "pieces": np.array(pieces),
            "score": np.array(scores),
            "illegal": np.array(illegal),
        }
        return obs, info
