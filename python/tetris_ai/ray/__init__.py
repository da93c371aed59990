"""Evolution on a Ray cluster: ``python -m tetris_ai.ray evolve`` takes the options of
``tetris-ai evolve`` (one clap definition), plus ``--address`` to join a cluster and
``--chunk-games`` for the games of one task, and gives the same reports and checkpoints.

The loop is in ``tetris_ai.ray.evolve``, which imports Ray only when it plays.
"""
