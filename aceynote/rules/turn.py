"""The flow of a turn and of a game: segments, acey-deucey, the opening, scoring.

A turn is one or more segments (docs/notation.md §4, §8 rule 8): the roll; after
a 1-2 whose 1 and 2 were both played, the chosen double; after the chosen
double (all four played, or always under ``bonus_reroll=always``), the extra
roll, which may be a 1-2 again and continue the same way. The game ends the
moment the 15th checker is off, in the middle of a turn if need be.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import partial
from typing import NamedTuple

from .moves import Play, roll_dice
from .position import OFF, Position, Side
from .ruleset import BonusReroll, RuleSet, Scoring


class SegmentKind(Enum):
    """What a segment of a turn is."""

    ROLL = "roll"
    CHOSEN_DOUBLE = "chosen double"
    EXTRA_ROLL = "extra roll"


class TurnFlowError(ValueError):
    """A segment that cannot come at this point of the turn."""


def is_acey_deucey(high: int, low: int) -> bool:
    return (high, low) in _ACEY_DEUCEY


_ACEY_DEUCEY = ((2, 1), (1, 2))


class FlowFault(Enum):
    """Why a segment of some kind cannot come at this point of a turn (rule 8, rule 10)."""

    GAME_OVER = "the game is over: nothing more is played"
    TURN_OVER = "a turn has one roll: a second roll starts the next turn"
    EXTRA_BEFORE_DOUBLE = "after an acey-deucey played in full the chosen double (=DD:) comes first"
    DOUBLE_BEFORE_EXTRA = "the extra roll (+RR:) comes next here, not another chosen double"
    DOUBLE_WITHOUT_ACEY_DEUCEY = (
        "a chosen double follows only an acey-deucey (1-2) whose 1 and 2 were both played"
    )
    EXTRA_WITHOUT_DOUBLE = "the extra roll (+RR:) follows only a chosen double"
    EXTRA_WITHOUT_FULL_DOUBLE = (
        "the extra roll (+RR:) follows only a chosen double whose four moves were all played"
    )
    ROLL_BEFORE_DOUBLE = (
        "the 1 and the 2 were both played, so the turn goes on with the chosen double, like =66:"
    )
    ROLL_BEFORE_EXTRA = "after the chosen double the turn goes on with the extra roll, like +53:"
    NOT_A_DOUBLE = "the chosen double must be a double, like =66:"


class TurnState(NamedTuple):
    """Where a turn stands: the position so far and which segment may come next.

    ``expects`` is None once the turn is over (or the game is). This is the
    one place that knows the acey-deucey flow: what may come next
    (:meth:`fault`), what follows a segment (:meth:`played`) and who rolls
    next (:attr:`to_roll`).
    """

    position: Position
    rules: RuleSet
    expects: SegmentKind | None = SegmentKind.ROLL

    @classmethod
    def begin(cls, position: Position, rules: RuleSet) -> TurnState:
        return _new_state((position, rules, None if position.winner else SegmentKind.ROLL))

    @property
    def over(self) -> bool:
        return self.expects is None

    @property
    def mover(self) -> Side:
        return self.position.turn

    def fault(self, kind: SegmentKind, high: int, low: int) -> FlowFault | None:
        """Why a segment of ``kind`` with these dice cannot come now; None when it can."""
        expects = self.expects
        if kind is expects:
            if kind is SegmentKind.CHOSEN_DOUBLE and high != low:
                return FlowFault.NOT_A_DOUBLE
            return None
        if self.position.winner is not None:
            return FlowFault.GAME_OVER
        if kind is SegmentKind.CHOSEN_DOUBLE:
            if expects is SegmentKind.EXTRA_ROLL:
                return FlowFault.DOUBLE_BEFORE_EXTRA
            return FlowFault.DOUBLE_WITHOUT_ACEY_DEUCEY
        if kind is SegmentKind.EXTRA_ROLL:
            if expects is SegmentKind.CHOSEN_DOUBLE:
                return FlowFault.EXTRA_BEFORE_DOUBLE
            if self.rules.bonus_reroll is BonusReroll.ALWAYS:
                return FlowFault.EXTRA_WITHOUT_DOUBLE
            return FlowFault.EXTRA_WITHOUT_FULL_DOUBLE
        return self.missing() or FlowFault.TURN_OVER

    def missing(self) -> FlowFault | None:
        """What is missing if the turn stops here: the chosen double or the extra roll."""
        if self.expects is SegmentKind.CHOSEN_DOUBLE:
            return FlowFault.ROLL_BEFORE_DOUBLE
        if self.expects is SegmentKind.EXTRA_ROLL:
            return FlowFault.ROLL_BEFORE_EXTRA
        return None

    def dice_for(self, kind: SegmentKind, high: int, low: int) -> tuple[int, ...]:
        """The dice a segment of ``kind`` plays; refuses a segment that cannot come now."""
        fault = self.fault(kind, high, low)
        if fault is not None:
            raise TurnFlowError(fault.value)
        return roll_dice(high, low)

    def after(self, kind: SegmentKind, high: int, low: int, play: Play) -> TurnState:
        """The state once ``play`` was made with this segment's dice (refusing a wrong segment)."""
        self.dice_for(kind, high, low)
        return self.played(kind, high, low, play)

    def played(
        self, kind: SegmentKind, high: int, low: int, play: Play, used: int | None = None
    ) -> TurnState:
        """The state after a segment as it was played, even one that did not belong here.

        ``used`` is the number of dice rule 8 counts, when it is not the play's
        own (a replay that goes on after an illegal play counts what the
        position allowed). A segment that comes after the turn was over does
        not reopen it; the game ends the moment the 15th checker is off (rule 10).
        """
        position = play.result
        # Only the mover moves, and a turn begins only in a game not won: a winner is the mover.
        if self.expects is None or position.winner is not None:
            return _new_state((position, self.rules, None))
        dice = play.dice_used if used is None else used
        return _new_state((position, self.rules, self.next_kind(kind, high, low, dice)))

    def next_kind(self, kind: SegmentKind, high: int, low: int, used: int) -> SegmentKind | None:
        """What follows a segment of ``kind`` that played ``used`` dice (rule 8)."""
        if kind is SegmentKind.CHOSEN_DOUBLE:
            if used == 4 or self.rules.bonus_reroll is BonusReroll.ALWAYS:
                return SegmentKind.EXTRA_ROLL
            return None
        if used == 2 and is_acey_deucey(high, low):
            return SegmentKind.CHOSEN_DOUBLE
        return None

    @property
    def to_roll(self) -> Position:
        """The position with the side that acts next to roll (docs/notation.md §7's last field).

        The mover while the turn goes on (the chosen double, the extra roll),
        else the other side; a finished game keeps the winner.
        """
        if self.expects is not None or self.position.winner is not None:
            return self.position
        return self.position.with_turn(self.mover.opponent)

    def end(self) -> TurnState:
        """The turn stopped here, whatever was still to come."""
        return TurnState(self.position, self.rules, None)

    def next_turn(self) -> Position:
        """The position handed to the other side when this turn is over."""
        if self.expects is not None:
            raise TurnFlowError(f"the turn is not over: the {self.expects.value} is still to come")
        return self.to_roll


_new_state: Callable[[tuple[Position, RuleSet, SegmentKind | None]], TurnState] = partial(
    tuple.__new__, TurnState
)
"""``TurnState(position, rules, expects)`` with no Python-level call (the replay makes two
a segment; see ``aceynote.rules.position.new_position``)."""


class OpeningError(ValueError):
    """Opening rolls that do not decide who moves first."""


def opening_winner(rolls: Sequence[tuple[int, int]]) -> Side:
    """Who moves first after the opening rolls (White's die first in each pair).

    Every roll but the last must be a tie, the last must not be; the higher
    die moves first (and then rolls both dice again for that turn).
    """
    if not rolls:
        raise OpeningError("no opening roll is given")
    for white, black in rolls:
        for die in (white, black):
            if not 1 <= die <= 6:
                raise OpeningError(f"a die shows 1 to 6, not {die}")
    for white, black in rolls[:-1]:
        if white != black:
            raise OpeningError(
                f"the opening roll {white}-{black} is not a tie, so no roll may follow it"
            )
    white, black = rolls[-1]
    if white == black:
        raise OpeningError(
            f"the last opening roll {white}-{black} is a tie; it must be rolled again"
        )
    return Side.WHITE if white > black else Side.BLACK


@dataclass(frozen=True, slots=True)
class Outcome:
    """A finished game: who won and how many points."""

    winner: Side
    points: int

    def as_result(self) -> tuple[int, int]:
        """The points as the result token has them: White's, then Black's."""
        return (self.points, 0) if self.winner is Side.WHITE else (0, self.points)

    @property
    def token(self) -> str:
        """The result token of the game (``15-0``, ``0-4``): docs/notation.md §6."""
        white, black = self.as_result()
        return f"{white}-{black}"


def outcome(position: Position, rules: RuleSet) -> Outcome | None:
    """The result the rules give a finished game (rule 10), None while it goes on."""
    winner = position.winner
    if winner is None:
        return None
    return _won_by(winner, position, rules)


def resigned(position: Position, rules: RuleSet, loser: Side) -> Outcome:
    """The result when ``loser`` resigns here: the game as the other side would win it now.

    The winner scores what rule 10 gives a side that bears off its last
    checker in this position: under ``score=checkers`` the loser's checkers
    not yet borne off, under ``score=single`` one point (docs/notation.md, the
    choices). docs/notation.md §6 lets a resigned game carry any result; this is
    the one offered.
    """
    return _won_by(loser.opponent, position, rules)


def _won_by(winner: Side, position: Position, rules: RuleSet) -> Outcome:
    left = 15 - position.checkers(winner.opponent)[OFF]
    points = 1 if rules.score is Scoring.SINGLE else left
    return Outcome(winner, points)
