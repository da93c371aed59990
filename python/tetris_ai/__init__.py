"""A Tetris AI engine: exact rules, fast placement search, learned weights.

``Game`` plays one game (the AI, or manual play by keys); ``bench`` plays many and gives the
statistics ``tetris-ai bench --json`` gives; ``Evolution`` trains weights with checkpoints in
the command line's format. ``presets``, ``features`` and ``limits`` tell what the engine ships
and allows. Bad values raise ``ValueError``, values of the wrong type ``TypeError``.
"""

from ._engine import (
    Evolution,
    Game,
    __version__,
    bench,
    evolution_choices,
    features,
    limits,
    play_batch,
    presets,
    run_config,
)

__all__ = [
    "Evolution",
    "Game",
    "__version__",
    "bench",
    "evolution_choices",
    "features",
    "limits",
    "play_batch",
    "presets",
    "run_config",
]
