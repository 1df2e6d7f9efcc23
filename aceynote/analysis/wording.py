"""The words the reasons count and name things with (docs/engine.md, "Why")."""

from __future__ import annotations

from collections.abc import Sequence

from ..terminal_text import counted


def points_words(points: tuple[int, ...]) -> str:
    """``the 5 point``, ``the 6 point, the 5 point and the 4 point``."""
    return listed([f"the {point} point" for point in points])


def listed(words: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def checkers_words(count: int) -> str:
    return counted(count, "checker")
