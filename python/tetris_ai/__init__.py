"""A Tetris AI engine: exact rules, fast placement search, learned weights.

``Game`` plays one game (the AI, or manual play by keys); ``bench`` plays many and gives the
statistics ``tetris-ai bench --json`` gives; ``survival`` estimates the mean lines of games too
long to play out, as ``tetris-ai survival --json`` does; ``versus`` plays matches of one AI
against another (attack and garbage) and ``sprint`` 40-line sprints, as ``tetris-ai versus`` and
``tetris-ai sprint`` do; ``Evolution`` trains weights with
checkpoints in the command line's format (``python -m tetris_ai.ray evolve`` on a Ray
cluster). ``game_config`` resolves settings (a preset as published, the board, the depth...)
into the game they play, as the command line and the page do. ``presets``, ``features`` and
``limits`` tell what the engine ships and allows. Bad values raise ``ValueError``, values of the
wrong type ``TypeError``.

With gymnasium installed, importing the package registers the environment
``tetris_ai/Tetris-v0`` (``tetris_ai.env``).
"""

import importlib.util

from ._engine import (
    INPUTS,
    PIECES,
    Env,
    EnvBatch,
    Evolution,
    Game,
    __version__,
    bench,
    evolution_choices,
    evolve_arguments,
    evolve_report,
    evolve_closing,
    features,
    game_config,
    limits,
    play_batch,
    presets,
    run_config,
    sprint,
    survival,
    versus,
)

__all__ = [
    "INPUTS",
    "PIECES",
    "Env",
    "EnvBatch",
    "Evolution",
    "Game",
    "__version__",
    "bench",
    "evolution_choices",
    "evolve_arguments",
    "evolve_report",
    "evolve_closing",
    "features",
    "game_config",
    "limits",
    "play_batch",
    "presets",
    "run_config",
    "sprint",
    "survival",
    "versus",
]

if importlib.util.find_spec("gymnasium") is not None:
    import gymnasium

    gymnasium.register(
        id="tetris_ai/Tetris-v0",
        entry_point="tetris_ai.env:TetrisEnv",
        vector_entry_point="tetris_ai.env:TetrisVectorEnv",
    )
