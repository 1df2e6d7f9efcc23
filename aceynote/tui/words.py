"""Counts in words: ``1 game``, ``3 games``."""

from __future__ import annotations


def counted(count: int, singular: str, plural: str | None = None) -> str:
    """``count`` and the noun that goes with it (``plural`` defaults to ``singular + "s"``)."""
    noun = singular if count == 1 else (plural or singular + "s")
    return f"{count} {noun}"
