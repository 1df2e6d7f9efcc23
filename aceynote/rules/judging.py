"""Rule 7 over plays whose every step is possible: the most dice, the larger die.

The validator judges a written play with :func:`judge` once its steps are
read, and replays it with :func:`positions_along`.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from .moves import Board, Play, Step, larger_die_playable, max_dice
from .position import Position
from .ruleset import RuleSet


class Verdict(Enum):
    """How a physically possible play measures up to rule 7."""

    LEGAL = "legal"
    TOO_FEW_DICE = "too few dice"
    SMALLER_DIE = "smaller die"


class Judge:
    """Judges plays whose every step is possible against rule 7, for one roll.

    The most dice playable and whether the larger die can be played are
    worked out once and only when needed.
    """

    def __init__(self, position: Position, dice: Sequence[int], rules: RuleSet) -> None:
        self.position = position
        self.dice = tuple(dice)
        self.rules = rules
        self._most: int | None = None

    @property
    def most(self) -> int:
        """How many dice the mover can play (rule 7)."""
        if self._most is None:
            self._most = max_dice(self.position, self.dice, self.rules)
        return self._most

    def verdict(self, play: Play) -> Verdict:
        if play.dice_used == len(self.dice):
            return Verdict.LEGAL
        if play.dice_used < self.most:
            return Verdict.TOO_FEW_DICE
        if (
            self.most == 1
            and len(self.dice) == 2
            and self.rules.larger_die
            and play.steps[0].die != max(self.dice)
            and larger_die_playable(self.position, self.dice, self.rules)
        ):
            return Verdict.SMALLER_DIE
        return Verdict.LEGAL


def judge(position: Position, dice: Sequence[int], play: Play, rules: RuleSet) -> Verdict:
    """Judge a play whose every step is possible: enough dice, and the larger die?"""
    return Judge(position, dice, rules).verdict(play)


def positions_along(position: Position, steps: Sequence[Step]) -> list[Position]:
    """The position after each step of a play, in order (the steps must be possible)."""
    board = Board(position, RuleSet())
    positions = []
    for step in steps:
        board.move(step.source, step.die)
        positions.append(board.position())
    return positions
