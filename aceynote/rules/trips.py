"""Reading written trips: which steps, in which order, a written play can mean.

A written play lists checker trips (``24/18/13``, ``bar/22*``, ``6/off``);
it does not say which die took which leg, nor in what order the trips were
made. :func:`read_trips` finds every way the trips can be played step by step
under the rules with the dice rolled, so the caller can judge the play without
listing every legal play of the roll.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import NamedTuple

from .moves import Board, Fault, Play, Step, new_play
from .position import BAR, OFF, POOL, Position
from .ruleset import RuleSet


class Trip(NamedTuple):
    """One checker's written trip: where it starts and each written stop.

    ``marks`` has one entry per stop: True where the record says a single
    opposing checker was hit there.
    """

    source: int
    stops: tuple[int, ...]
    marks: tuple[bool, ...]


class Reading(NamedTuple):
    """One way to play the written trips (a named tuple: the replay makes one per segment).

    ``false_marks`` lists (trip, stop) indexes marked as a hit where nothing
    was hit; ``unmarked_hits`` lists the points (mover's numbering) where a
    checker was hit without a mark, and ``unmarked_trips`` the trip that hit each.
    """

    play: Play
    trip_of_step: tuple[int, ...]
    false_marks: tuple[tuple[int, int], ...]
    unmarked_hits: tuple[int, ...]
    unmarked_trips: tuple[int, ...] = ()

    @property
    def marks_agree(self) -> bool:
        return not self.false_marks and not self.unmarked_hits


class _TripReader:
    def __init__(
        self,
        board: Board,
        trips: Sequence[Trip],
        accept: Callable[[Reading], bool] | None,
    ) -> None:
        self.board = board
        self.trips = trips
        self.places = [trip.source for trip in trips]
        self.progress = [0] * len(trips)
        self.path: list[tuple[Step, int, int | None]] = []
        self.readings: dict[object, Reading] = {}
        self.stops_left = sum(len(trip.stops) for trip in trips)
        self.accept = accept
        self.accepted: Reading | None = None
        self.marked = {
            (index, stop)
            for index, trip in enumerate(trips)
            for stop, mark in enumerate(trip.marks)
            if mark
        }
        # Identical trips (a move with a count) need not be tried in every order.
        self.repeats = len(set(trips)) < len(trips)

    def found_accepted(self) -> bool:
        return self.accepted is not None

    def search(self, dice: list[int]) -> None:
        if self.found_accepted():
            return
        if not self.stops_left:
            self.record()
            return
        if not dice or self.board.finished:
            return
        tried_die = 0
        for die in dice if len(dice) < 3 else dice[:1]:
            if die == tried_die:
                continue
            tried_die = die
            rest = list(dice)
            rest.remove(die)
            seen_states: set[tuple[Trip, int, int]] = set()
            for index, trip in enumerate(self.trips):
                if self.progress[index] == len(trip.stops) or not self.board.can_move(
                    self.places[index], die
                ):
                    continue
                if self.repeats:
                    state = (trip, self.places[index], self.progress[index])
                    if state in seen_states:
                        continue
                    seen_states.add(state)
                self.try_step(index, die, rest)
                if self.found_accepted():
                    return

    def try_step(self, index: int, die: int, rest: list[int]) -> None:
        trip, source = self.trips[index], self.places[index]
        stop = trip.stops[self.progress[index]]
        target = 25 - die if source >= POOL else source - die
        if not _on_the_way(target, stop):
            return
        step = self.board.move(source, die)
        reached = step.dest == stop
        if reached or _short_of(step.dest, stop):
            self.path.append((step, index, self.progress[index] if reached else None))
            self.places[index] = step.dest
            self.progress[index] += int(reached)
            self.stops_left -= int(reached)
            self.search(rest)
            self.stops_left += int(reached)
            self.progress[index] -= int(reached)
            self.places[index] = source
            self.path.pop()
        self.board.undo(step)

    def record(self) -> None:
        result = self.board.position()
        steps = tuple(step for step, _, _ in self.path)
        if not self.marked and not any(step.hit for step in steps):
            self._keep(
                Reading(Play(steps, result), tuple(trip for _, trip, _ in self.path), (), ())
            )
            return
        hit_stops = {
            (trip, stop) for step, trip, stop in self.path if step.hit and stop is not None
        }
        marked = self.marked
        false_marks = tuple(sorted(marked - hit_stops))
        unmarked = [
            (step.dest, trip)
            for step, trip, stop in self.path
            if step.hit and (trip, stop) not in marked
        ]
        self._keep(
            Reading(
                Play(steps, result),
                tuple(trip for _, trip, _ in self.path),
                false_marks,
                tuple(point for point, _ in unmarked),
                tuple(trip for _, trip in unmarked),
            )
        )

    def _keep(self, reading: Reading) -> None:
        """Keep a reading unless an equal one is kept already.

        Equal means the same result, marks and number of dice: one trip can
        reach the same result with one die or with several (``2/off`` with a
        6, or with the 1 and then the 6), and rule 7 tells those apart.
        """
        key = (
            reading.play.result,
            reading.play.dice_used,
            reading.false_marks,
            reading.unmarked_hits,
        )
        if key not in self.readings:
            self.readings[key] = reading
            if self.accept is not None and self.accept(reading):
                self.accepted = reading


def _on_the_way(target: int, stop: int) -> bool:
    """Whether a step to ``target`` (0 or less: off) can belong to a trip to ``stop``."""
    if stop == OFF:
        return True
    return target >= stop


def _short_of(target: int, stop: int) -> bool:
    """Whether a step landing on ``target`` is still on the way to ``stop``."""
    return target != OFF and (stop == OFF or target > stop)


def read_trips(
    position: Position,
    dice: Sequence[int],
    trips: Sequence[Trip],
    rules: RuleSet,
    accept: Callable[[Reading], bool] | None = None,
) -> list[Reading]:
    """Every distinct way to play ``trips`` step by step with some of ``dice``.

    Each step must be legal where it is made (bar first, blocked points,
    bearing off, the rule options); whether enough dice were used is judged
    separately (:class:`aceynote.rules.moves.Judge`). An empty list means the
    trips cannot be played with these dice in this position. With
    ``accept``, the search stops at the first reading it accepts and returns
    just that one.
    """
    reader = _TripReader(Board(position, rules), trips, accept)
    reader.search(list(dice))
    if reader.accepted is not None:
        return [reader.accepted]
    return list(reader.readings.values())


def read_as_written(
    position: Position, dice: Sequence[int], trips: Sequence[Trip], rules: RuleSet
) -> Reading | None:
    """The plain reading of a play, when it is the legal one; else None.

    The trips are played as written, in order, each leg with the die of its
    length; a leg bearing off takes a larger die when none is of its length,
    the smallest that is left (rule 9). That is how most records are written,
    so this one path usually settles a play: it is returned when every step is
    legal, every die is used and the hit marks agree. Anything else (a winning
    play that leaves a die, say) needs :func:`read_trips`.
    """
    play = play_as_written(position, dice, trips, rules)
    if play is None:
        return None
    trip_of_step = tuple(index for index, trip in enumerate(trips) for _ in trip.stops)
    return Reading(play, trip_of_step, (), ())


def play_as_written(
    position: Position, dice: Sequence[int], trips: Sequence[Trip], rules: RuleSet
) -> Play | None:
    """The play of :func:`read_as_written`, when it is the legal one (the validator's fast path)."""
    board = Board(position, rules)
    remaining = list(dice)
    steps: list[Step] = []
    for place, stops, marks in trips:
        for stop, mark in zip(stops, marks, strict=True):
            start = 25 if place >= POOL else place
            die = start if stop == OFF else start - stop
            if die not in remaining:
                if stop != OFF:
                    return None
                die = min((larger for larger in remaining if larger > die), default=0)
            if not die or not board.can_move(place, die):
                return None
            step = board.move(place, die)
            if step.hit != mark:
                return None
            steps.append(step)
            remaining.remove(die)
            place = stop
    if remaining:
        return None
    return new_play((tuple(steps), board.position()))


@dataclass(frozen=True, slots=True)
class TripFault:
    """The first written trip that cannot be played, and why.

    ``place`` is the place concerned: the empty source, or the blocked point.
    """

    trip: int
    fault: Fault
    place: int | None = None


def explain_failure(
    position: Position, dice: Sequence[int], trips: Sequence[Trip], rules: RuleSet
) -> TripFault:
    """Why :func:`read_trips` found no way to play ``trips``: the first trip that fails.

    Trips are tried in written order, each played in the first way found.
    """
    remaining = list(dice)
    for index, trip in enumerate(trips):
        if position.has_won(position.turn):
            return TripFault(index, Fault.GAME_OVER)
        readings = read_trips(position, remaining, [trip], rules)
        if not readings:
            fault, place = _diagnose(position, remaining, trip, rules)
            return TripFault(index, fault, place)
        play = readings[0].play
        position = play.result
        for step in play.steps:
            remaining.remove(step.die)
    return TripFault(len(trips) - 1, Fault.NO_DICE)


def trip_distance(source: int, dest: int) -> int:
    """The pips from ``source`` to ``dest`` in the mover's numbering (pool and bar: 25)."""
    start = 25 if source in (POOL, BAR) else source
    return start - dest


def dice_span(needs: Sequence[tuple[int, bool]], dice: Sequence[int]) -> bool:
    """Whether some of ``dice`` cover each distance in turn, the board ignored.

    ``needs`` holds each leg's distance and whether its last die may go past
    it (a bear-off under ``bearoff=high``); a leg may take several dice.
    """
    return next(_splits(needs, dice), None) is not None


def _splits(needs: Sequence[tuple[int, bool]], dice: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Each way some of ``dice`` cover the distances of :func:`dice_span`: the dice in order."""
    if not needs:
        yield ()
        return
    (need, may_overshoot), rest = needs[0], needs[1:]
    for die in set(dice):
        left = list(dice)
        left.remove(die)
        if die == need or (may_overshoot and die > need):
            later = _splits(rest, left)
        elif die < need:
            later = _splits([(need - die, may_overshoot), *rest], left)
        else:
            continue
        for split in later:
            yield (die, *split)


def _diagnose(
    position: Position, dice: list[int], trip: Trip, rules: RuleSet
) -> tuple[Fault, int | None]:
    """Why no reading of ``trip`` with ``dice`` is legal, every step judged by ``step_fault``.

    A fault of a written place comes first: no roll could play the trip.
    Then the dice not covering the legs (``NO_DICE``, the one fault of a trip
    rather than of a step); then the fault of the readings, each a way the
    dice split over the legs, that get furthest (:func:`_furthest`).
    """
    leg_faults = []
    for leg_fault in _legs_as_steps(Board(position, rules), trip):
        if leg_fault is not None and leg_fault[0] in _PLACE_FAULTS:
            return leg_fault
        leg_faults.append(leg_fault)
    failures = _reading_failures(position, dice, trip, rules)
    if not failures:
        return Fault.NO_DICE, None
    held = next((f[1] for f in leg_faults if f is not None and f[0] is Fault.BLOCKED), None)
    return _furthest(failures, held)


_PLACE_FAULTS = frozenset({Fault.NO_CHECKER, Fault.BAR_FIRST, Fault.POOL_FIRST})
"""The step judge's faults of the place a checker leaves, the same whatever the die."""


def _legs_as_steps(board: Board, trip: Trip) -> Iterator[tuple[Fault, int | None] | None]:
    """The step judge's word on each written leg, taken as one step whatever the dice.

    The checker is moved straight from stop to stop, so the places after the
    source are judged too: with checkers left in the pool under
    ``early_moves=no``, ``in/20/18`` cannot leave 20. The next leg is judged
    only when asked for, so a checker is never moved from an empty place.
    """
    place = trip.source
    for stop in trip.stops:
        distance = trip_distance(place, stop)
        yield board.step_fault(place, distance)
        board.move(place, distance)
        place = stop


class _Failure(NamedTuple):
    """Where one reading of a trip stops: after ``depth`` steps, for the step judge's fault."""

    depth: int
    fault: Fault
    place: int | None


def _reading_failures(
    position: Position, dice: list[int], trip: Trip, rules: RuleSet
) -> list[_Failure]:
    """Where each way to split ``dice`` over the trip's legs stops; none if no way covers them.

    Each reading is played from ``position`` die by die, up to the first step
    the judge refuses (every reading has one: the trip has no legal reading).
    """
    needs = [(trip_distance(s, d), d == OFF) for s, d in pairwise((trip.source, *trip.stops))]
    failures = []
    for split in _splits(needs, dice):
        board, place = Board(position, rules), trip.source
        for depth, die in enumerate(split):
            fault = board.step_fault(place, die)
            if fault is not None:
                failures.append(_Failure(depth, *fault))
                break
            place = board.move(place, die).dest
    return failures


_FAULT_ORDER = list(Fault)


def _furthest(failures: list[_Failure], held: int | None) -> tuple[Fault, int | None]:
    """The fault of the readings that get furthest, and its place if they agree on one.

    Among readings stopped equally far, the fault declared first in
    :class:`Fault` is named. Readings blocked on different points name
    ``held``, the first written stop the other side holds (no way round it),
    or none: every way to make the trip lands on a point held.
    """
    depth = max(failure.depth for failure in failures)
    furthest = [failure for failure in failures if failure.depth == depth]
    fault = min((failure.fault for failure in furthest), key=_FAULT_ORDER.index)
    places = {failure.place for failure in furthest if failure.fault is fault}
    return fault, places.pop() if len(places) == 1 else held


class ForcedPlay(NamedTuple):
    """Where a play that broke the rules leaves the checkers, and which trips it leaves out."""

    position: Position
    left_out: tuple[int, ...]


def force_trips(position: Position, trips: Sequence[Trip]) -> ForcedPlay:
    """Move the written checkers whatever the rules say, to keep replaying after an error.

    Trips are made in written order, each straight to its last stop (a single
    opposing checker there is hit), as long as the position stays one that can
    exist: a trip from an empty place, onto a point the other side holds with
    two or more checkers, or off while checkers wait in the pool is left out.
    """
    mover, waiting = list(position.mover), list(position.waiting)
    left_out: list[int] = []
    for index, trip in enumerate(trips):
        dest = trip.stops[-1]
        if not _can_exist_after(mover, waiting, trip.source, dest):
            left_out.append(index)
            continue
        mover[trip.source] -= 1
        mover[dest] += 1
        if dest != OFF and waiting[25 - dest] == 1:
            waiting[25 - dest] = 0
            waiting[BAR] += 1
    forced = Position.from_sides(tuple(mover), tuple(waiting), position.turn)
    return ForcedPlay(forced, tuple(left_out))


def _can_exist_after(mover: list[int], waiting: list[int], source: int, dest: int) -> bool:
    """Whether moving one checker from ``source`` to ``dest`` leaves a position that can exist."""
    if not mover[source]:
        return False
    if dest == OFF:
        return mover[POOL] - (1 if source == POOL else 0) == 0
    return waiting[25 - dest] < 2
