"""The dice: how often each of the 21 rolls came, for all players and for each, against fair dice.

Fair dice give a double (11, 22, ...) 1 time in 36 and any other roll (21,
31, ...) 2 times in 36. Pearson's chi-square test over the 21 rolls has 20
degrees of freedom; its p-value is the chance that fair dice give counts at
least this far from the expected ones. The test is trusted once every
expected count is 5 or more: 180 rolls (``enough``). Which rolls count is
said in :mod:`.games`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ...rules import DOUBLES, ROLLS, THROWS, ways
from .chisquare import chi_square, chi_square_p_value
from .counted_game import CountedGame

DEGREES = len(ROLLS) - 1
ENOUGH_ROLLS = 180  # a double's expected count is 5


def roll_chance(roll: tuple[int, int]) -> Fraction:
    """A roll's chance with fair dice: 1/36 for a double, 2/36 for the others."""
    return Fraction(ways(*roll), THROWS)


DOUBLE_SHARE = sum((roll_chance(double) for double in DOUBLES), Fraction(0))
ACEY_DEUCEY_SHARE = roll_chance((2, 1))


@dataclass(frozen=True, slots=True)
class DiceCounts:
    """One player's rolls (``player`` None: everybody's), counted per roll in :data:`ROLLS` order."""

    player: str | None
    counts: tuple[int, ...]

    @property
    def rolls(self) -> int:
        return sum(self.counts)

    def count(self, roll: tuple[int, int]) -> int:
        return self.counts[ROLLS.index(roll)]

    def expected(self, roll: tuple[int, int]) -> float:
        return float(self.rolls * roll_chance(roll))

    @property
    def doubles(self) -> int:
        return sum(
            count for (high, low), count in zip(ROLLS, self.counts, strict=True) if high == low
        )

    @property
    def acey_deuceys(self) -> int:
        return self.count((2, 1))

    @property
    def enough(self) -> bool:
        """Whether every roll's expected count is at least 5, so that the test can be trusted."""
        return self.rolls >= ENOUGH_ROLLS

    @property
    def chi_square(self) -> float | None:
        """The statistic (None without rolls)."""
        if not self.rolls:
            return None
        return chi_square(self.counts, [self.expected(roll) for roll in ROLLS])

    @property
    def p_value(self) -> float | None:
        statistic = self.chi_square
        return None if statistic is None else chi_square_p_value(statistic, DEGREES)


class DiceTally:
    """The rolls counted as games go by: everybody's, and each player's who rolled."""

    def __init__(self) -> None:
        self.everybody = [0] * len(ROLLS)
        self.players: dict[str, list[int]] = {}

    def add(self, game: CountedGame) -> None:
        for side, counts in game.rolls.items():
            if any(counts):
                _add_to(self.players.setdefault(game.name(side), [0] * len(ROLLS)), counts)
            _add_to(self.everybody, counts)

    def counts(self) -> tuple[DiceCounts, ...]:
        """Everybody's counts first, then each player's, in the order they come (a game's White first)."""
        players = (DiceCounts(name, tuple(counts)) for name, counts in self.players.items())
        return (DiceCounts(None, tuple(self.everybody)), *players)


def _add_to(total: list[int], counts: Sequence[int]) -> None:
    for index, count in enumerate(counts):
        total[index] += count
