"""Training the value network, by self-play and fitted to the search: not needed to use it.

Self-play TD(lambda) is ``python -m aceynote.engine.training`` (see :mod:`.selfplay`),
the fitting ``python -m aceynote.engine.training.supervised`` (:mod:`.supervised`);
docs/engine.md, "Training".
"""
