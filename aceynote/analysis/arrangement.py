"""How a play arranges the side's checkers, for the reasons (docs/engine.md, "Why").

What the counts of :class:`~.leaves.PlayFacts` do not name and a player
names when they tell two plays apart no more: checkers taken out of play
deep in the home board, a checker stranded out of reach of one die from
the others, checkers piled on one point, and how many points the checkers
stand on (the builders new points are made from). Each is read off the
board the play leaves, in the side's own numbering.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from ..rules import BAR, POOL, Position
from ..terminal_text import counted, listed
from .wording import checkers_words, points_words

DEEP = (2, 1)
"""The points where a checker is out of play: it can move on only to the 1 point or off."""
PILE = 3
"""The most checkers on one point that the reasons do not call a pile."""
REACH = 6
"""The most pips one die moves a checker: how far another can come to join it."""
ENTRY = 25
"""Where the pool and the bar stand for reach: a checker enters on 25 less its die."""


ARRANGEMENT = ("taken_deep", "stranded", "newly_stranded", "piled", "builder_points")
"""What :class:`Shape` counts of a play (its properties of these names), in the order the
JSON's facts and the decisions table give them."""


class Shape(NamedTuple):
    """The side's checkers before a play and after it (its 27 places, its own numbering)."""

    before: tuple[int, ...]
    counts: tuple[int, ...]

    @property
    def taken_deep(self) -> int:
        """Checkers the play brought to the :data:`DEEP` points."""
        return max(0, _deep(self.counts) - _deep(self.before))

    @property
    def stranded(self) -> tuple[int, ...]:
        """The points, highest first, of the checkers stranded after the play
        (:func:`stranded_points`)."""
        return stranded_points(self.counts)

    @property
    def newly_stranded(self) -> int:
        """How many more checkers stand stranded after the play than before it (a stranded
        checker moved on and stranded still is not the play's doing)."""
        return max(0, len(self.stranded) - len(stranded_points(self.before)))

    @property
    def piled(self) -> int:
        """Checkers beyond :data:`PILE` on a point in play, over all those points."""
        return sum(max(0, count - PILE) for count in _in_play(self.counts))

    @property
    def builder_points(self) -> int:
        """The points in play the side has a checker on: its builders for new points."""
        return sum(1 for count in _in_play(self.counts) if count)


def stranded_points(counts: tuple[int, ...]) -> tuple[int, ...]:
    """The points, highest first, of checkers alone where no other checker of the side
    stands within :data:`REACH` pips behind (on the 6 points above, or in the pool or on the
    bar for the points 19 to 24), though some stands further back: none can join it with one
    die. The side's rearmost checker is no straggler, and the :data:`DEEP` points are out of
    play already."""
    waiting = counts[POOL] + counts[BAR]
    return tuple(
        point
        for point in range(24, DEEP[0], -1)
        if counts[point] == 1
        and not any(counts[point + 1 : min(point + REACH, 24) + 1])
        and not (waiting and point + REACH >= ENTRY)
        and (waiting or any(counts[point + 1 : 25]))
    )


def _in_play(counts: tuple[int, ...]) -> tuple[int, ...]:
    """The counts of the points above the :data:`DEEP` ones, 24 down."""
    return counts[24 : DEEP[0] : -1]


def shape_of(before: Position, after: Position) -> Shape:
    """The :class:`Shape` of the play from ``before`` to ``after``, for the side to act at
    ``before``."""
    return Shape(before.mover, after.checkers(before.turn))


def _deep(counts: tuple[int, ...]) -> int:
    return sum(counts[point] for point in DEEP)


def shape_differences(written: Shape, best: Shape) -> list[str]:
    """Where the written play's checkers stand worse than the best's, most first."""
    return [text for rule in _SHAPE_DIFFERENCES if (text := rule(written, best))]


def _taken_deep(written: Shape, best: Shape) -> str | None:
    mine, theirs = written.taken_deep, best.taken_deep
    if mine <= theirs:
        return None
    where = tuple(point for point in DEEP if written.counts[point] > written.before[point])
    return (
        f"takes {checkers_words(mine)} out of play deep in the home board ({points_words(where)})"
        f" where the best takes {theirs or 'none'}"
    )


def _stranded(written: Shape, best: Shape) -> str | None:
    if written.newly_stranded <= best.newly_stranded:
        return None
    mine, theirs = written.stranded, best.stranded
    named = tuple(point for point in mine if point not in theirs) or mine
    alone = "a checker" if len(named) == 1 else checkers_words(len(named))
    return (
        f"strands {alone} on {points_words(named)} that no other can reach with one die "
        f"(the best play strands {best.newly_stranded or 'none'})"
    )


def _piled(written: Shape, best: Shape) -> str | None:
    if written.piled <= best.piled:
        return None
    mine, theirs, before = written.counts, best.counts, written.before
    piles = [
        point
        for point in range(24, DEEP[0], -1)
        if mine[point] > max(PILE, theirs[point], before[point])  # piled higher by this play
    ]
    if not piles:
        return None
    said = [f"{mine[point]} on the {point} point" for point in piles]
    said[0] = f"{checkers_words(mine[piles[0]])} on the {piles[0]} point"
    left = [str(theirs[point]) if theirs[point] else "none" for point in piles]
    if len(piles) > 1 and len(set(left)) == 1:
        return f"piles {listed(said)} where the best leaves {left[0]} on each"
    return f"piles {listed(said)} where the best leaves {listed(left)} there"


def _spread(written: Shape, best: Shape) -> str | None:
    """Fewer points than the best's, with as many checkers entered (else the checkers the best
    entered are what it spreads: the pool's difference, said apart)."""
    if written.builder_points >= best.builder_points or written.counts[POOL] != best.counts[POOL]:
        return None
    return (
        f"keeps its builders on {counted(written.builder_points, 'point')} where the best spreads"
        f" them over {best.builder_points}"
    )


_SHAPE_DIFFERENCES: tuple[Callable[[Shape, Shape], str | None], ...] = (
    _taken_deep,
    _stranded,
    _piled,
    _spread,
)
