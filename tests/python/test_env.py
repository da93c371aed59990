"""The Gymnasium environment: registration, check_env, the game a seed plays, legal actions and
features that agree with the engine's search, rewards, input mode, the vectorized form, and bad
settings refused."""

import re
import warnings

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import tetris_ai
from tetris_ai.env import INPUTS, TetrisEnv, TetrisVectorEnv

ROTATIONS = ["Spawn", "Right", "Reverse", "Left"]
DELLACHERIE = {p["name"]: p for p in tetris_ai.presets()}["dellacherie"]["weights"]


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"rules": "guideline"},
        {"rules": "guideline", "mode": "input", "render_mode": "ansi"},
        {"width": 6, "height": 8, "features": ["holes", "landing_height"]},
        {"rules": "guideline", "mode": "input", "features": ["holes"], "render_mode": "rgb_array"},
    ],
)
def test_the_environment_passes_gymnasiums_checks(options):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(gym.make("tetris_ai/Tetris-v0", **options).unwrapped)


def test_a_seed_plays_the_games_pieces():
    env = gym.make("tetris_ai/Tetris-v0", rules="guideline")
    obs, _ = env.reset(seed=11)
    view = tetris_ai.Game({"rules": {"kind": "guideline", "preview": 5, "hold": True}, "seed": 11}).view()
    pieces = "IOTSZJL"
    assert pieces[obs["piece"]] == view["active"]["piece"]
    assert [pieces[p] for p in obs["preview"]] == view["queue"]
    assert obs["hold"] == 0


def play(env, seed, steps):
    """Observations and rewards of `steps` steps, each the first legal action."""
    obs, info = env.reset(seed=seed)
    trace = []
    for _ in range(steps):
        action = int(np.flatnonzero(info["action_mask"])[0])
        obs, reward, terminated, _, info = env.step(action)
        trace.append((obs["board"].tobytes(), int(obs["piece"]), reward, terminated))
        if terminated:
            obs, info = env.reset()
    return trace


def test_the_same_seed_plays_the_same_episodes():
    a, b = TetrisEnv(width=6, height=8), TetrisEnv(width=6, height=8)
    assert play(a, 5, 300) == play(b, 5, 300)
    assert play(a, 5, 300) != play(b, 6, 300)


def action_of(choice, width):
    """The placement action that makes `choice` (from `Game.search()`)."""
    column = min(x for x, _ in choice["cells"])
    rotation = ROTATIONS.index(choice["placement"]["rotation"])
    return (4 * choice["hold"] + rotation) * width + column


@pytest.mark.parametrize("rules", ["classic", "guideline"])
def test_legal_actions_and_features_are_the_searchs(rules):
    """Every placement the engine's search finds as a straight drop is a legal action, and the
    weighted features of the board it leaves are the search's score."""
    features = list(DELLACHERIE)
    weights = np.array([DELLACHERIE[f] for f in features])
    env = TetrisEnv(rules=rules, features=features)
    config = {"preset": "dellacherie"}
    if rules == "guideline":
        config["rules"] = {"kind": "guideline", "preview": 5, "hold": True}
    checked = 0
    for seed in range(12):
        obs, info = env.reset(seed=seed)
        for choice in tetris_ai.Game({**config, "seed": seed}).search():
            if len(choice["path"]) > 1 + choice["hold"] and choice["path"][-2] == "soft_drop":
                continue  # a tuck: no straight drop makes it
            action = action_of(choice, 10)
            assert info["action_mask"][action] == 1, choice
            assert obs["features"][action] @ weights == pytest.approx(choice["score"], abs=1e-9)
            checked += 1
    assert checked > 200


def test_rewards_follow_the_settings():
    # A flat I fills the bottom row of a board 4 wide: lines[1] + piece.
    reward = {"lines": [0, 10, 30, 50, 80], "piece": 0.5, "game_over": -100}
    env = TetrisEnv(width=4, height=8, reward=reward)
    seed = next(s for s in range(100) if env.reset(seed=s)[0]["piece"] == 0)
    obs, info = env.reset(seed=seed)
    obs, r, terminated, truncated, info = env.step(0)
    assert (r, terminated, truncated, info["rows_cleared"], info["lines"]) == (10.5, False, False, 1, 1)
    assert obs["board"].sum() == 0


def test_an_illegal_placement_ends_the_episode():
    env = TetrisEnv(reward={"game_over": -1})
    obs, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    obs, r, terminated, _, info = env.step(illegal)
    assert (r, terminated, info["illegal"], info["action_mask"].sum()) == (-1.0, True, True, 0)


def test_input_mode_moves_the_piece_a_key_at_a_time():
    env = TetrisEnv(rules="guideline", mode="input")
    assert env.action_space.n == len(INPUTS) == 8
    obs, info = env.reset(seed=4)
    columns = np.flatnonzero(obs["active"].any(axis=0))
    obs, *_ = env.step(INPUTS.index("left"))
    assert list(np.flatnonzero(obs["active"].any(axis=0))) == list(columns - 1)
    # No input: the piece falls a row.
    rows = np.flatnonzero(obs["active"].any(axis=1))
    obs, *_ = env.step(INPUTS.index("none"))
    assert list(np.flatnonzero(obs["active"].any(axis=1))) == list(rows + 1)
    # Hard drop: it locks, four cells on the board; hold may be used again.
    obs, r, terminated, _, info = env.step(INPUTS.index("hard_drop"))
    assert (obs["board"].sum(), info["pieces"]) == (4, 1)
    obs, *_ , info = env.step(INPUTS.index("hold"))
    assert obs["hold"] != 0 and info["action_mask"][INPUTS.index("hold")] == 0


def test_the_vectorized_environment_steps_the_same_games_and_resets_the_next_step():
    envs = gym.make_vec("tetris_ai/Tetris-v0", num_envs=3, vectorization_mode="vector_entry_point")
    assert isinstance(envs.unwrapped, TetrisVectorEnv)
    singles = [TetrisEnv() for _ in range(3)]
    obs, info = envs.reset(seed=7)
    for i, single in enumerate(singles):
        single_obs, _ = single.reset(seed=7 + i)
        assert np.array_equal(obs["board"][i], single_obs["board"])
    ended = np.zeros(3, dtype=bool)
    for _ in range(2000):
        # The rightmost legal drop (any action where the game is over: it is reset instead).
        actions = [int(np.flatnonzero(m)[-1]) if m.any() else 0 for m in info["action_mask"]]
        obs, rewards, terminated, truncated, info = envs.step(actions)
        if ended.any():
            # Next-step autoreset: the game that ended starts again, with an empty board.
            assert (rewards[ended] == 0).all() and (obs["board"][ended].sum(axis=(1, 2)) == 0).all()
            break
        ended = terminated
    assert ended.any(), "the rightmost drop ends a game within 2,000 steps"


def test_render_draws_the_board():
    env = TetrisEnv(width=6, height=8, render_mode="rgb_array")
    env.reset(seed=0)
    image = env.render()
    assert image.shape == (8 * 8, 6 * 8, 3) and image.dtype == np.uint8
    text = TetrisEnv(rules="guideline", width=6, height=8, render_mode="ansi")
    obs, _ = text.reset(seed=0)
    rows = text.render().splitlines()
    # The piece in play, drawn by its letter where it spawns; nothing else on the empty board
    # (8 rows and the 8 of the buffer above them).
    letters = [c for row in rows for c in row if c != "."]
    assert len(rows) == 16 and all(len(row) == 6 for row in rows)
    assert letters == ["IOTSZJL"[obs["piece"]]] * 4


@pytest.mark.parametrize(
    ("options", "error", "words"),
    [
        ({"mode": "keys"}, ValueError, 'env.mode must be "placement" or "input", got "keys"'),
        ({"width": 99}, ValueError, "env.width"),
        ({"hold": True}, ValueError, "classic rules have no hold"),
        ({"reward": {"lines": [1, 2]}}, ValueError, "env.reward.lines"),
        ({"features": ["holes", "height"]}, ValueError, '"height"'),
        ({"render_mode": "human"}, ValueError, "render_mode"),
        ({"width": "10"}, ValueError, "env.width"),
        ({"reward": {"piece": float("nan")}}, ValueError, "reward.piece"),
        ({"features": {1, 2}}, TypeError, "env.features"),
    ],
)
def test_bad_settings_are_refused_naming_the_value(options, error, words):
    with pytest.raises(error, match=None) as refused:
        TetrisEnv(**options)
    assert words in str(refused.value)


def test_bad_actions_and_seeds_are_refused():
    env = TetrisEnv()
    env.reset(seed=0)
    with pytest.raises(ValueError, match="action must be a whole number from 0 to 39, got 40"):
        env.step(40)
    with pytest.raises(ValueError, match="action"):
        env.step(-1)
    with pytest.raises(TypeError):
        env.step(object())
    for wrong, shown in [("left", "'left'"), (None, "None"), ([1], "[1]")]:
        with pytest.raises(TypeError, match=rf"action must be a whole number from 0 to 39, got {re.escape(shown)}"):
            env.step(wrong)
    with pytest.raises(ValueError, match="seed must be a whole number"):
        tetris_ai.Env().reset(-1)


def test_stepping_a_finished_game_raises_until_it_is_reset():
    env = TetrisEnv()
    obs, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    assert env.step(illegal)[2]
    with pytest.raises(gym.error.ResetNeeded, match="call reset"):
        env.step(0)
    obs, info = env.reset(seed=0)
    assert not env.step(int(np.flatnonzero(info["action_mask"])[0]))[2]


@pytest.mark.parametrize(
    ("seed", "error", "words"),
    [
        (-1, ValueError, "seed must be from 0 to 9007199254740991, got -1"),
        (2**53, ValueError, "got 9007199254740992"),
        (1.5, TypeError, "seed must be a whole number or None, got 1.5"),
        ("7", TypeError, "got '7'"),
        (True, TypeError, "got True"),
    ],
)
def test_a_bad_seed_is_refused_before_the_game_is_touched(seed, error, words):
    for env in [TetrisEnv(), gym.make("tetris_ai/Tetris-v0")]:
        obs, info = env.reset(seed=3)
        with pytest.raises(error) as refused:
            env.reset(seed=seed)
        assert words in str(refused.value)
        # The game of seed 3 goes on as if nothing had been asked.
        again = TetrisEnv()
        again.reset(seed=3)
        action = int(np.flatnonzero(info["action_mask"])[0])
        assert np.array_equal(env.step(action)[0]["board"], again.step(action)[0]["board"])
    vector = TetrisVectorEnv(num_envs=2)
    with pytest.raises(error):
        vector.reset(seed=[0, seed])


def test_the_vectorized_environment_truncates_at_max_episode_steps_and_renders_every_game():
    # Two games, episodes of at most 3 steps, each step the leftmost legal placement, which on
    # an empty 10x20 board ends no game in 3 pieces. Steps 1 and 2 truncate nothing, step 3
    # truncates both (not terminated), step 4 starts both again (reward 0, an empty board,
    # neither flag), and 3 steps later both are truncated again.
    envs = gym.make_vec(
        "tetris_ai/Tetris-v0",
        num_envs=2,
        vectorization_mode="vector_entry_point",
        max_episode_steps=3,
        render_mode="ansi",
    )
    obs, info = envs.reset(seed=1)
    flags = []
    for _ in range(7):
        actions = [int(np.flatnonzero(m)[0]) for m in info["action_mask"]]
        obs, rewards, terminated, truncated, info = envs.step(actions)
        flags.append((list(terminated), list(truncated)))
        if len(flags) == 4:
            assert (rewards == 0).all() and obs["board"].sum() == 0
    never, both = [False, False], [True, True]
    assert flags == [(never, never)] * 2 + [(never, both)] + [(never, never)] * 3 + [(never, both)]
    # Each game's frame is the one environment's frame of the same game.
    singles = [TetrisEnv(render_mode="ansi") for _ in range(2)]
    envs.reset(seed=1)
    for i, single in enumerate(singles):
        single.reset(seed=1 + i)
    assert envs.render() == tuple(single.render() for single in singles)
    assert TetrisVectorEnv(num_envs=2).render() is None
    with pytest.raises(ValueError, match="max_episode_steps must be at least 1, got 0"):
        TetrisVectorEnv(num_envs=2, max_episode_steps=0)
    with pytest.raises(TypeError, match="got '3'"):
        TetrisVectorEnv(num_envs=2, max_episode_steps="3")
    with pytest.raises(ValueError, match="render_mode"):
        TetrisVectorEnv(num_envs=2, render_mode="human")


def test_the_vectorized_environment_observes_what_its_spaces_say():
    options = {"rules": "guideline", "features": ["holes", "bumpiness"]}
    envs = TetrisVectorEnv(4, **options)
    obs, info = envs.reset(seed=3)
    assert envs.observation_space.contains(obs)
    assert obs["features"].shape == (4, 80, 2) and info["action_mask"].shape == (4, 80)
    single = TetrisEnv(**options)
    single_obs, single_info = single.reset(seed=5)
    assert np.array_equal(obs["features"][2], single_obs["features"])
    assert np.array_equal(info["action_mask"][2], single_info["action_mask"])
    actions = [int(np.flatnonzero(m)[0]) for m in info["action_mask"]]
    obs, rewards, terminated, truncated, info = envs.step(actions)
    single_obs, *_ = single.step(actions[2])
    assert np.array_equal(obs["board"][2], single_obs["board"])
    assert obs["piece"][2] == single_obs["piece"] and obs["hold"][2] == single_obs["hold"]
    assert envs.observation_space.contains(obs)


def test_the_vectorized_environment_refuses_bad_actions_changing_nothing():
    envs = TetrisVectorEnv(2)
    obs, _ = envs.reset(seed=0)
    with pytest.raises(ValueError, match=r"actions\[1\] must be a whole number from 0 to 39, got 99"):
        envs.step([0, 99])
    with pytest.raises(ValueError, match="one item per environment"):
        envs.step([0])
    # The first game was not stepped by the refused call: both play on as fresh ones do.
    fresh = TetrisVectorEnv(2)
    fresh.reset(seed=0)
    assert np.array_equal(envs.step([5, 5])[0]["board"], fresh.step([5, 5])[0]["board"])
    with pytest.raises(ValueError, match="count must be a whole number from 1 to 4096"):
        TetrisVectorEnv(0)


def test_each_steps_arrays_are_its_own_and_writable():
    env = TetrisEnv(rules="guideline", mode="input", features=["holes"])
    first, _ = env.reset(seed=1)
    kept = {key: np.array(value, copy=True) for key, value in first.items()}
    for _ in range(30):
        later, _, terminated, *_ = env.step(INPUTS.index("hard_drop"))
        if terminated:
            break
    for key, value in first.items():
        assert np.array_equal(value, kept[key]), key
    assert later["board"].flags.writeable and later["features"].flags.writeable
