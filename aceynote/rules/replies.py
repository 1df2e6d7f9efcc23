"""What the side to roll can do with its next roll, counted over the 36 rolls (docs/engine.md,
"Why: the reasons").

A roll counts when some legal play of it hits (sends one of the other side's
checkers to the bar) or wins (bears off the 15th checker). A 1-2 counts also
when one of its plays that used both dice can be followed by a play of a
double the side may then name that hits or wins (rule 8); the extra roll
after that double is not counted. Every play is the rules' own
(:func:`~aceynote.rules.moves.legal_results`): a checker still in the pool
enters on the other side's home board and can hit there.

Also the board's facts the reasons name: blots, points held, the longest
run of points (a prime) and the other side's checkers behind it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from .moves import legal_results, roll_dice
from .position import BAR, CHECKERS_PER_SIDE, HOME_TOP, OFF, POOL, Position, Side
from .rolls import DOUBLES, ROLLS, ways
from .ruleset import RuleSet
from .turn import is_acey_deucey

_MOST_PIPS = 3 + 4 * 6


class Replies(NamedTuple):
    """Of the 36 rolls of the side to roll: how many can hit, how many can win at once."""

    hits: int
    wins: int


def blots(position: Position, side: Side) -> list[int]:
    """The points (in ``side``'s numbering) where ``side`` has exactly one checker."""
    counts = position.checkers(side)
    return [point for point in range(1, 25) if counts[point] == 1]


def points_held(position: Position, side: Side) -> frozenset[int]:
    """The points (in ``side``'s numbering) where ``side`` has two checkers or more."""
    counts = position.checkers(side)
    return frozenset(point for point in range(1, 25) if counts[point] >= 2)


class Prime(NamedTuple):
    """The longest run of ``side``'s held points: its lowest and highest point, its length
    (0 for none), and how many of the other side's checkers still have to pass it."""

    low: int
    high: int
    length: int
    holds: int


def longest_prime(position: Position, side: Side) -> Prime:
    """The longest run of held points (the lowest such run where two are as long)."""
    held = points_held(position, side)
    best = Prime(0, 0, 0, 0)
    for low in sorted(held):
        if low - 1 in held:
            continue
        high = low
        while high + 1 in held:
            high += 1
        if high - low + 1 > best.length:
            best = Prime(low, high, high - low + 1, 0)
    if not best.length:
        return best
    return best._replace(holds=_behind(position, side, best))


def _behind(position: Position, side: Side, prime: Prime) -> int:
    """The other side's checkers that must still pass ``prime``.

    The other side moves up ``side``'s numbering: a checker on a point below
    the prime is behind it, and so are those in its pool and on its bar when
    the prime reaches the 6 point (they enter on ``side``'s points 1..6).
    """
    theirs = position.checkers(side.opponent)
    below = sum(theirs[25 - point] for point in range(1, prime.low))
    waiting = theirs[POOL] + theirs[BAR] if prime.high >= HOME_TOP else 0
    return below + waiting


def replies(position: Position, rules: RuleSet) -> Replies:
    """How many of the 36 rolls of ``position``'s side to roll can hit, and can win at once."""
    roller = position.turn
    target = roller.opponent
    bar_before = position.checkers(target)[BAR]

    def hits(result: Position) -> bool:
        return result.checkers(target)[BAR] > bar_before

    def wins(result: Position) -> bool:
        return result.checkers(roller)[OFF] == CHECKERS_PER_SIDE

    can_hit = bool(blots(position, target))
    can_win = _may_win(position, roller)
    counts = [0, 0]
    for high, low in ROLLS:
        for index, (wanted, found) in enumerate(((can_hit, hits), (can_win, wins))):
            if wanted and _roll_reaches(position, high, low, rules, found):
                counts[index] += ways(high, low)
    return Replies(*counts)


def _may_win(position: Position, side: Side) -> bool:
    """Whether ``side``'s pips are few enough for a roll to win now: a checker borne off
    moves at least its point's pips, and the most a roll moves is a 1-2's 3 and a 66's 24."""
    return position.pip_count(side) <= _MOST_PIPS


def _roll_reaches(
    position: Position, high: int, low: int, rules: RuleSet, found: Callable[[Position], bool]
) -> bool:
    """Whether a play of this roll (a 1-2 with the double named after it) reaches ``found``."""
    results, used = legal_results(position, roll_dice(high, low), rules)
    if any(map(found, results)):
        return True
    if not (is_acey_deucey(high, low) and used == 2):
        return False
    return any(
        found(after)
        for result in results
        if result.winner is None
        for high, low in DOUBLES
        for after in legal_results(result, roll_dice(high, low), rules)[0]
    )
