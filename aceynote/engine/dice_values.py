"""A decision's value over the dice: each roll's best play, the rolls weighed by their ways.

The exact tables (``bearoff``, ``last_checkers``) and the search's look-ahead
value a decision alike: the plays are grouped (one roll's plays, or every
chosen double's), the side takes each group's best play, and of plays worth
exactly the same the likelier win (the tables make exact ties); each group
counts by its ways of the :data:`THROWS`, divided once at the end.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ..rules import ROLLS, THROWS, ways

Floats = npt.NDArray[np.float64]
Indices = npt.NDArray[np.intp]

ROLL_WAYS: Floats = np.array([ways(high, low) for high, low in ROLLS], np.float64)
"""Each of the 21 rolls' ways of the 36 throws, in the order of :data:`ROLLS`."""


def best_of_groups(
    equities: Floats, wins: Floats, starts: Indices, sizes: Indices
) -> tuple[Floats, Floats]:
    """Each group's best equity, and its best play's chance of winning (the likelier win
    among plays worth the same). A group is a run of plays: where it starts and its size,
    never empty."""
    best = np.maximum.reduceat(equities, starts)
    at_best = equities >= np.repeat(best, sizes)
    best_wins = np.maximum.reduceat(np.where(at_best, wins, -1.0), starts)
    return best, best_wins


def by_ways(values: Floats, group_ways: Floats, owners: Indices, count: int) -> Floats:
    """The mean over the throws of each of ``count`` decisions: the values of its groups
    (``owners`` says whose each is) weighed by their ways."""
    means: Floats = np.bincount(owners, weights=values * group_ways, minlength=count) / THROWS
    return means


def over_rolls(per_roll: Floats) -> Floats:
    """Values by roll (rows of the 21 rolls of :data:`ROLLS`) as each row's mean over the
    throws."""
    means: Floats = (per_roll * ROLL_WAYS).sum(axis=1) / THROWS
    return means
