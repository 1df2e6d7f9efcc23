"""Counts and numbers in words: ``1 game``, ``3 games``, ``11111111111…``."""

from __future__ import annotations

from .printable import clipped

NUMBER_SHOWN = 12
"""Characters of a number a message shows (the rest of a longer one is cut, ``…``)."""


def counted(count: int, singular: str, plural: str | None = None) -> str:
    """``count`` and the noun that goes with it (``plural`` defaults to ``singular + "s"``)."""
    noun = singular if count == 1 else (plural or singular + "s")
    return f"{count} {noun}"


def number_shown(text: str) -> str:
    """A number as the user wrote it, cut when too long to mean anything (``11111111111…``)."""
    return clipped(text, NUMBER_SHOWN)
