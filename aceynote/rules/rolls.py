"""The dice's outcomes: the 36 throws of two dice and the 21 rolls they give, with their ways.

A roll is named higher die first (``53``): a double comes from one throw of
the 36, any other roll from two. A sum over the rolls weighed by
:func:`ways` and divided by :data:`THROWS` once at the end keeps a value that
every roll gives exactly (a sure win: 1), where a sum weighed by the chances
1/36 and 2/36 can pass it by a rounding.
"""

from __future__ import annotations

ORDERED_ROLLS: tuple[tuple[int, int], ...] = tuple(
    (first, second) for first in range(1, 7) for second in range(1, 7)
)
"""The throws of two dice, first die then second, each as likely as another."""

THROWS = len(ORDERED_ROLLS)
"""How many throws of two dice there are: 36."""

ROLLS: tuple[tuple[int, int], ...] = tuple(
    (high, low) for high in range(1, 7) for low in range(1, high + 1)
)
"""The 21 distinct rolls, higher die first: 11, 21, 22, 31, 32, 33, ... 66."""

DOUBLES: tuple[tuple[int, int], ...] = tuple((die, die) for die in range(1, 7))
"""The six doubles: the rolls a side may name after a 1-2 (docs/notation.md §8, rule 8)."""


def ways(high: int, low: int) -> int:
    """How many of the :data:`THROWS` give this roll: 1 for a double, else 2."""
    return 1 if high == low else 2


def roll_of(first: int, second: int) -> tuple[int, int]:
    """A throw of two dice as the roll it gives: the higher die first (``35`` is ``53``)."""
    return max(first, second), min(first, second)
