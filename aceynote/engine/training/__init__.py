"""Training the value network by self-play: not needed to use the engine (docs/engine.md, "Training").

Run it as ``python -m aceynote.engine.training`` (see :mod:`.selfplay`).
"""
