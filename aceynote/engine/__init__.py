"""The analysis engine: a value network trained by self-play, and search (docs/engine.md).

It depends on the rules alone. ``from aceynote.engine import Engine`` is the
API for other programs. The API is imported when first asked for (PEP 562), so
that ``python -m aceynote.engine.bearoff`` runs a module the package has not
imported already (runpy warns of one it has).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .api import Engine, EngineInputError, Evaluation, RankedPlay

__all__ = ["Engine", "EngineInputError", "Evaluation", "RankedPlay"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        return getattr(import_module(".api", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
