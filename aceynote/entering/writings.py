"""Which legal plays a play typed so far can still become, by the entry's own reading.

The entry keeps a play when the validator reads its trips as a legal play
(:func:`~aceynote.rules.read_trips`: trips through points not named, ``(2)``
counts, ``*`` left out, in any order). The list under the entry line uses
that reading too: a legal play is listed when the trips typed so far can be
read as part of it, the rest of it still to be made with the dice left. So
every writing the entry accepts lists the play it is taken for.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import permutations

from ..notation import Move, Stop
from ..notation.segment_entry import EntryError, parse_segment
from ..rules import (
    BAR,
    OFF,
    POOL,
    Play,
    Position,
    Reading,
    RuleSet,
    SegmentKind,
    Trip,
    dice_span,
    place_name,
    positions_along,
    read_trips,
    trip_distance,
)

_SOURCES = {place_name(place): place for place in (*range(1, 25), POOL, BAR)}
_STOPS = {place_name(place): place for place in (*range(1, 25), OFF)}


def copies(moves: Sequence[Move]) -> list[Move]:
    """One move per checker: ``in/19(2)`` as two ``in/19``, the marks with the first (§4)."""
    return [
        Move(
            move.source,
            [*move.stops] if copy == 0 else [Stop(s.place) for s in move.stops],
            1,
            move.span,
        )
        for move in moves
        for copy in range(move.count)
    ]


def trip_of(move: Move) -> Trip:
    return Trip(move.source, tuple(s.place for s in move.stops), tuple(s.hit for s in move.stops))


class Writings:
    """The legal plays of one roll in one position, and the writings that can become each."""

    def __init__(
        self, position: Position, dice: tuple[int, ...], rules: RuleSet, plays: Sequence[Play]
    ) -> None:
        self.position, self.dice, self.rules = position, dice, rules
        self.plays = plays
        self._reached: dict[tuple[Position, tuple[int, ...], Position], bool] = {}
        self._read: dict[tuple[Position, tuple[int, ...], tuple[Trip, ...]], list[Reading]] = {}

    def matching(self, typed: str) -> list[int]:
        """The indexes of the plays that ``typed`` (the play so far) can still become."""
        words = typed.split()
        if not words:
            return list(range(len(self.plays)))
        partial = "" if typed[-1].isspace() else words.pop()
        if "--" in words or partial.startswith("-"):
            nothing = not words or words == ["--"]
            fits = nothing and "--".startswith(partial)
            return [i for i, play in enumerate(self.plays) if fits and not play.steps]
        written = self._trips(words)
        if written is None:
            return []
        tries = [[*written, *more] for more in self._candidates(partial)]
        return [index for index, play in enumerate(self.plays) if self._fits(tries, play)]

    def _fits(self, tries: list[list[Trip]], play: Play) -> bool:
        """Whether one of ``tries`` (the trips typed, each way the last word may go on) fits ``play``.

        The trips may come first, or after some of the play's steps (a play
        written in another order: ``20/18 in/20``), and the rest of the play
        must follow with the dice left.
        """
        starts = [self.position, *positions_along(self.position, play.steps)]
        for made, start in enumerate(starts):
            left = list(self.dice)
            for step in play.steps[:made]:
                left.remove(step.die)
            for trips in tries:
                if made and not trips:
                    return False
                for reading in self._readings(start, left, trips):
                    if self._reaches(reading, left, play):
                        return True
        return False

    def _trips(self, words: list[str]) -> list[Trip] | None:
        """The trips of whole words typed, read as the notation reads a play; None if it cannot."""
        if not words:
            return []
        try:
            segment = parse_segment(
                f"{max(self.dice)}{min(self.dice)}: {' '.join(words)}", SegmentKind.ROLL
            )
        except EntryError:
            return None
        return [trip_of(move) for move in copies(segment.moves)]

    def _candidates(self, partial: str) -> Iterator[list[Trip]]:
        """The trips that the word being typed can begin (its first leg, when it has no stop yet)."""
        if not partial:
            yield []
            return
        if partial.endswith(")"):  # a count closed, like in/19(4): the word is whole
            whole = self._trips([partial])
            if whole is not None:
                yield whole
            return
        head, slash, last = partial.rpartition("/")
        if not slash:
            for name, source in _SOURCES.items():
                if name.startswith(partial.lower()):
                    yield from ([Trip(source, (stop,), (False,))] for stop in self._legs(source))
            return
        start = self._trips([head]) if "/" in head else None
        if start is not None and len(start) != 1:
            return
        source = _SOURCES.get(head.lower()) if start is None else start[0].source
        if source is None:
            return
        stops, marks = ((), ()) if start is None else (start[0].stops, start[0].marks)
        before = stops[-1] if stops else source
        typed, _, count = last.partition("(")
        checkers = int(count) if count.isdigit() else 1  # in/20(4: four checkers, not yet closed
        if not 1 <= checkers <= len(self.dice):  # no play moves more checkers than it has dice
            return
        for stop, mark in self._next_stops(typed.lower(), before):
            yield [Trip(source, (*stops, stop), (*marks, mark))] * checkers

    def _next_stops(self, typed: str, before: int) -> Iterator[tuple[int, bool]]:
        """The stops after ``before`` that ``typed`` can begin, and whether each is marked."""
        if not typed:
            yield from ((stop, False) for stop in self._legs(before))
            return
        if typed.endswith("*"):
            stop = _STOPS.get(typed[:-1])
            if stop is not None:
                yield stop, True
            return
        yield from (
            (stop, False)
            for name, stop in _STOPS.items()
            if trip_distance(before, stop) > 0 and name.startswith(typed)
        )

    def _legs(self, source: int) -> set[int]:
        """Where one die takes a checker from ``source``, the board ignored."""
        pips = trip_distance(source, OFF)
        return {max(OFF, pips - die) for die in self.dice}

    def _readings(self, start: Position, dice: list[int], trips: list[Trip]) -> list[Reading]:
        """The ways to play ``trips`` from ``start`` with some of ``dice``, no false ``*``."""
        if not trips:
            return [Reading(Play((), start), (), (), ())]
        key = (start, tuple(dice), tuple(trips))
        if key not in self._read:
            found = read_trips(start, dice, trips, self.rules) if dice else []
            self._read[key] = [reading for reading in found if not reading.false_marks]
        return self._read[key]

    def _reaches(self, reading: Reading, dice: list[int], play: Play) -> bool:
        """Whether the ``dice`` left after ``reading`` can go on to the result of ``play``."""
        after, goal = reading.play.result, play.result
        if after == goal:
            return True
        left = list(dice)
        for step in reading.play.steps:
            left.remove(step.die)
        if not left:
            return False
        key = (after, tuple(left), goal)
        if key not in self._reached:
            self._reached[key] = _reachable(after, left, goal, self.rules)
        return self._reached[key]


def _reachable(after: Position, dice: list[int], goal: Position, rules: RuleSet) -> bool:
    """Whether some of ``dice`` take the mover from ``after`` to ``goal``.

    The checkers that must move are where ``goal`` has fewer of the mover's
    than ``after``, and they go where it has more; each pairing of the two
    that the dice can span is tried as trips (through any points) by the
    rules' reader.
    """
    have, want = after.mover, goal.mover
    sources = [place for place in range(27) for _ in range(have[place] - want[place])]
    dests = [place for place in range(27) for _ in range(want[place] - have[place])]
    if not sources or len(sources) != len(dests) or len(sources) > len(dice):
        return False
    for order in set(permutations(dests)):
        pairs = list(zip(sources, order, strict=True))
        if not dice_span([(trip_distance(s, d), d == OFF) for s, d in pairs], dice):
            continue
        trips = [Trip(s, (d,), (False,)) for s, d in pairs]
        found = read_trips(after, dice, trips, rules, accept=lambda r: r.play.result == goal)
        if any(r.play.result == goal for r in found):
            return True
    return False
