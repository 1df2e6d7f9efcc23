"""The analysis engine: a value network trained by self-play, and search (docs/engine.md).

It depends on the rules alone. ``from aceynote.engine import Engine`` is the
API for other programs.
"""

from .api import Engine, EngineInputError, Evaluation, RankedPlay

__all__ = ["Engine", "EngineInputError", "Evaluation", "RankedPlay"]
