"""Exact values of the last checker a side, contact or not (docs/engine.md, "Exact races").

Once each side has borne off all its checkers but one, a position is one of
25 x 25 pairs of places (a point or the bar of each side; a side that has
borne off has no checker left in the pool) and the side to act. While the
two checkers can still meet, a hit sends one to the bar and round the board
again, so the game is still one of skill and no race table holds it; the
network, which seldom meets such endings in self-play, is far off in them.
Here every pair is worked out exactly, for the side to act's two decisions
(to roll, which a turn's roll and the extra roll share, and to name the
chosen double after a 1-2), by value iteration: a hit can bring a pair back,
so no ordering settles it. Every play comes from
:func:`~aceynote.rules.legal_results` and what follows it from
:class:`~aceynote.rules.TurnState`, as in :mod:`.bearoff`. The winner scores
one point under either score option (the loser has one checker left), so a
value's equity is twice its chance of winning less one.

The 625 pairs take about 0.3 CPU seconds to work out; a process does it once
for each rule set, the first time it meets such an ending.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from ..rules import (
    BAR,
    CHECKERS_PER_SIDE,
    DOUBLES,
    OFF,
    ROLLS,
    SLOTS,
    Position,
    RuleSet,
    SegmentKind,
    Side,
    TurnState,
    legal_results,
    opposite_point,
    roll_dice,
)
from ..rules.position import POINTS
from .dice_values import best_of_groups, over_rolls

Floats = npt.NDArray[np.float64]

PLACES = (*POINTS, BAR)
"""Where a side's last checker can stand, in its own numbering."""
_AT = {place: index for index, place in enumerate(PLACES)}
PAIRS = len(PLACES) ** 2
TOLERANCE = 1e-12
_ROLL, _DOUBLE = 0, 1


def one_checker_each(position: Position) -> bool:
    """Whether each side has borne off all its checkers but one."""
    last = CHECKERS_PER_SIDE - 1
    return position.white[OFF] == last and position.black[OFF] == last


def last_places(position: Position, white_acts: bool) -> tuple[int, int] | None:
    """The places of the side to act's last checker and of the other side's, None unless
    each side has exactly one checker left, on a point or the bar (the table's pairs on one
    point, and checkers in the pool, cannot be reached and mean nothing)."""
    if not one_checker_each(position):
        return None
    mover, other = (
        (position.white, position.black) if white_acts else (position.black, position.white)
    )
    places = _place(mover), _place(other)
    if places[1] in POINTS and places[0] == opposite_point(places[1]):
        return None
    return places if places[0] in _AT and places[1] in _AT else None


def _place(side: tuple[int, ...]) -> int:
    return next(slot for slot in range(1, SLOTS) if side[slot])


def _pair(mover_place: int, other_place: int) -> int:
    return _AT[mover_place] * len(PLACES) + _AT[other_place]


def pair_position(mover_place: int, other_place: int) -> Position:
    """The pair's position with the mover as White, to roll (the rules are the same for
    either side)."""

    def side(place: int) -> tuple[int, ...]:
        counts = [0] * SLOTS
        counts[OFF], counts[place] = CHECKERS_PER_SIDE - 1, 1
        return tuple(counts)

    return Position(side(mover_place), side(other_place), Side.WHITE)


@dataclass(frozen=True, slots=True)
class LastCheckersTable:
    """``win[kind, pair]`` and ``equity[kind, pair]`` for the side to act; kind 0 to roll,
    1 to name the chosen double; a pair is the mover's place and the other's (:data:`PLACES`)."""

    win: Floats
    equity: Floats

    def lookup(self, places: tuple[int, int], double: bool) -> tuple[float, float]:
        at = (int(double), _pair(*places))
        return float(self.win[at]), float(self.equity[at])


class _Plays:
    """Every pair's plays for one decision, flat: where each leads and each group starts.

    A play's value is read from a vector of every pair's values to roll, then to
    name the double, then a won game's (one point): ``source`` is its index there,
    and ``passes`` says the turn passes (the value is the other side's, turned round).
    """

    def __init__(self, rules: RuleSet, groups: list[tuple[int, int, SegmentKind]]) -> None:
        sources: list[int] = []
        passes: list[bool] = []
        group_starts: list[int] = []
        for mover_place in PLACES:
            for other_place in PLACES:
                position = pair_position(mover_place, other_place)
                for high, low, kind in groups:
                    group_starts.append(len(sources))
                    for source, passed in _results(position, rules, high, low, kind):
                        sources.append(source)
                        passes.append(passed)
        self.sources = np.array(sources, np.intp)
        self.passes = np.array(passes)
        self.group_starts = np.array(group_starts, np.intp)
        self.group_sizes = np.diff(np.append(self.group_starts, len(sources)))


def _results(
    position: Position, rules: RuleSet, high: int, low: int, kind: SegmentKind
) -> list[tuple[int, bool]]:
    """Where each legal play of the dice leads: the value's index, and whether it passes."""
    found, used = legal_results(position, roll_dice(high, low), rules)
    follows = TurnState(position, rules, kind).next_kind(kind, high, low, used)
    leads = []
    for result in found:
        if result.winner is not None:
            leads.append((2 * PAIRS, False))  # borne off: won
            continue
        mover, other = _place(result.white), _place(result.black)
        if follows is None:
            leads.append((_ROLL * PAIRS + _pair(other, mover), True))
        else:
            double = follows is SegmentKind.CHOSEN_DOUBLE
            leads.append(((_DOUBLE if double else _ROLL) * PAIRS + _pair(mover, other), False))
    return leads


@cache
def last_checkers_table(rules: RuleSet) -> LastCheckersTable:
    """The table for these rules, worked out the first time a process asks."""
    rolls = _Plays(rules, [(high, low, SegmentKind.ROLL) for high, low in ROLLS])
    doubles = _Plays(rules, [(high, low, SegmentKind.CHOSEN_DOUBLE) for high, low in DOUBLES])
    # A pair's six groups of doubles are each die's plays; the side names the best die.
    dice_starts = np.arange(0, PAIRS * len(DOUBLES), len(DOUBLES))
    dice_sizes = np.full(PAIRS, len(DOUBLES))
    win, equity = np.zeros((2, PAIRS)), np.zeros((2, PAIRS))
    while True:
        win_read = np.append(win.ravel(), 1.0)
        equity_read = np.append(equity.ravel(), 1.0)
        roll_win, roll_equity = _best(rolls, win_read, equity_read)
        double_win, double_equity = _best(doubles, win_read, equity_read)
        named_equity, named_win = best_of_groups(double_equity, double_win, dice_starts, dice_sizes)
        new_equity = np.stack([over_rolls(roll_equity.reshape(PAIRS, -1)), named_equity])
        new_win = np.stack([over_rolls(roll_win.reshape(PAIRS, -1)), named_win])
        change = float(np.max(np.abs(new_equity - equity)))
        win, equity = new_win, new_equity
        if change < TOLERANCE:
            return LastCheckersTable(win, equity)


def _best(plays: _Plays, win_read: Floats, equity_read: Floats) -> tuple[Floats, Floats]:
    """Each group's best play's chance of winning and equity (the likelier win among equals)."""
    sign = np.where(plays.passes, -1.0, 1.0)
    equities = sign * equity_read[plays.sources]
    wins = np.where(plays.passes, 1.0 - win_read[plays.sources], win_read[plays.sources])
    best, best_wins = best_of_groups(equities, wins, plays.group_starts, plays.group_sizes)
    return best_wins, best
