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

from ._engine import Env

PIECES = "IOTSZJL"
"""The pieces in the order observations number them."""

INPUTS = ("none", "left", "right", "soft_drop", "hard_drop", "cw", "ccw", "hold")
"""The actions of input mode, in order."""

MAX_SEED = 2**53 - 1
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
    """Reads an ``Env``'s observation bytes into numpy arrays, as its layout says."""

    def __init__(self, env: Env):
        layout = env.layout()
        self.rows, self.width = layout["rows"], layout["width"]
        self.actions = layout["actions"]
        self.active = layout["active"]
        self.preview = layout["preview"]
        self.hold = layout["hold"]
        self.features = layout["features"]
        self.mode = layout["mode"]
        cells = self.rows * self.width
        self._mask_at = cells * (2 if self.active else 1)
        self._piece_at = self._mask_at + self.actions
        feature_rows = self.actions if self.mode == "placement" else 1
        self._feature_shape = (feature_rows, len(self.features))
        if self.mode == "input":
            self._feature_shape = (len(self.features),)

    def space(self) -> spaces.Dict:
        """The observation space."""
        board = spaces.Box(0, 1, (self.rows, self.width), np.uint8)
        parts: dict[str, spaces.Space] = {"board": board}
        if self.active:
            parts["active"] = spaces.Box(0, 1, (self.rows, self.width), np.uint8)
        parts["piece"] = spaces.Discrete(7)
        if self.preview:
            parts["preview"] = spaces.MultiDiscrete([7] * self.preview)
        if self.hold:
            parts["hold"] = spaces.Discrete(8)
        if self.features:
            # Every feature counts cells, rows or columns of the board, or sums such counts over
            # its columns or cells: none reaches (rows x width) squared.
            bound = float((self.rows * self.width) ** 2)
            parts["features"] = spaces.Box(-bound, bound, self._feature_shape, np.float64)
        return spaces.Dict(parts)

    def observation(self, env: Env) -> tuple[dict[str, Any], np.ndarray]:
        """The observation and the action mask, as fresh arrays."""
        data = np.frombuffer(env.observation(), np.uint8)
        cells = self.rows * self.width
        shape = (self.rows, self.width)
        obs: dict[str, Any] = {"board": data[:cells].reshape(shape).copy()}
        if self.active:
            obs["active"] = data[cells : 2 * cells].reshape(shape).copy()
        mask = data[self._mask_at : self._piece_at].astype(np.int8)
        at = self._piece_at
        obs["piece"] = np.int64(data[at])
        if self.preview:
            obs["preview"] = data[at + 1 : at + 1 + self.preview].astype(np.int64)
        if self.hold:
            obs["hold"] = np.int64(data[at + 1 + self.preview])
        if self.features:
            values = np.frombuffer(env.features(), np.float64)
            obs["features"] = values.reshape(self._feature_shape).copy()
        return obs, mask


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
        self._env = Env(
            settings(
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
        )
        self._reader = _Reader(self._env)
        self.observation_space = self._reader.space()
        self.action_space = spaces.Discrete(self._reader.actions)
        self.render_mode = render_mode

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Starts a game: the one of ``seed``, else of a seed drawn from ``np_random``."""
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(MAX_SEED))
        self._env.reset(game_seed)
        obs, mask = self._reader.observation(self._env)
        return obs, self._info(mask, 0, False)

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """Plays ``action``; a placement that is not legal ends the game (``info["illegal"]``)."""
        reward, terminated, rows, illegal = self._env.step(action)
        obs, mask = self._reader.observation(self._env)
        return obs, reward, terminated, False, self._info(mask, rows, illegal)

    def _info(self, mask: np.ndarray, rows: int, illegal: bool) -> dict[str, Any]:
        stats = self._env.stats()
        return {
            "action_mask": mask,
            "rows_cleared": rows,
            "lines": stats["lines"],
            "pieces": stats["pieces"],
            "score": stats["score"],
            "illegal": illegal,
        }

    def action_masks(self) -> np.ndarray:
        """The legal actions now (1 legal), as maskable learners ask for them."""
        return self._reader.observation(self._env)[1]

    def render(self) -> Any:
        """The board as text (``ansi``) or an image (``rgb_array``, 8 pixels a cell)."""
        colors = np.frombuffer(self._env.colors(), np.uint8).reshape(
            self._reader.rows, self._reader.width
        )
        if self.render_mode == "ansi":
            rows = ["".join(PIECES[c - 1] if c else "." for c in row) for row in colors]
            return "\n".join(rows) + "\n"
        if self.render_mode == "rgb_array":
            image = COLORS[colors]
            return np.repeat(np.repeat(image, 8, axis=0), 8, axis=1)
        return None


class TetrisVectorEnv(VectorEnv):
    """``num_envs`` games stepped together, each reset on the step after it ends (Gymnasium's
    next-step autoreset); takes ``TetrisEnv``'s keyword arguments."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(self, num_envs: int = 1, **options: Any):
        if not isinstance(num_envs, int) or isinstance(num_envs, bool) or num_envs < 1:
            raise ValueError(f"num_envs must be a whole number, 1 or more, got {num_envs!r}")
        options.pop("render_mode", None)
        first = TetrisEnv(**options)
        self.envs = [first] + [TetrisEnv(**options) for _ in range(num_envs - 1)]
        self.num_envs = num_envs
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(first.observation_space, num_envs)
        self.action_space = batch_space(first.action_space, num_envs)
        self._ended = np.zeros(num_envs, dtype=bool)

    def reset(
        self, *, seed: Optional[int | list[Optional[int]]] = None, options: Optional[dict] = None
    ) -> tuple[Any, dict[str, Any]]:
        """Resets every game: game ``i`` from ``seed + i`` (or ``seed[i]``) when given."""
        if seed is None or isinstance(seed, int):
            seeds = [None if seed is None else seed + i for i in range(self.num_envs)]
        else:
            seeds = list(seed)
        super().reset(seed=seeds[0])
        results = [env.reset(seed=s) for env, s in zip(self.envs, seeds)]
        self._ended[:] = False
        return self._batch([r[0] for r in results]), self._infos([r[1] for r in results])

    def step(self, actions: Any) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray, dict]:
        """Steps every game with its action; a game that ended last step is reset instead."""
        observations, rewards, terminated, infos = [], [], [], []
        for i, (env, action) in enumerate(zip(self.envs, np.asarray(actions))):
            if self._ended[i]:
                obs, info = env.reset()
                reward, ended = 0.0, False
            else:
                obs, reward, ended, _, info = env.step(int(action))
            observations.append(obs)
            rewards.append(reward)
            terminated.append(ended)
            infos.append(info)
        self._ended = np.array(terminated, dtype=bool)
        truncated = np.zeros(self.num_envs, dtype=bool)
        return (
            self._batch(observations),
            np.array(rewards, dtype=np.float64),
            self._ended.copy(),
            truncated,
            self._infos(infos),
        )

    def _batch(self, observations: list[Any]) -> Any:
        out = create_empty_array(self.single_observation_space, self.num_envs)
        return concatenate(self.single_observation_space, observations, out)

    def _infos(self, infos: list[dict[str, Any]]) -> dict[str, Any]:
        return {key: np.array([info[key] for info in infos]) for key in infos[0]}
