"""The words the reasons count and name things with (docs/engine.md, "Why")."""

from __future__ import annotations

from ..terminal_text import counted, listed


def points_words(points: tuple[int, ...]) -> str:
    """``the 5 point``, ``the 6 point, the 5 point and the 4 point``."""
    return listed([f"the {point} point" for point in points])


def checkers_words(count: int) -> str:
    return counted(count, "checker")
