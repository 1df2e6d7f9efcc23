"""Reading written trips: which steps, in which order, a written play can mean.

A written play lists checker trips (``24/18/13``, ``bar/22*``, ``6/off``);
it does not say which die took which leg, nor in what order the trips were
made. :func:`read_trips` finds every way the trips can be played step by step
under the rules with the dice rolled, so the caller can judge the play without
listing every legal play of the roll.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .moves import Play, Step, _Board
from .position import BAR, OFF, Position
from .ruleset import RuleSet


@dataclass(frozen=True, slots=True)
class Trip:
    """One checker's written trip: where it starts and each written stop.

    ``marks`` has one entry per stop: True where the record says a single
    opposing checker was hit there.
    """

    source: int
    stops: tuple[int, ...]
    marks: tuple[bool, ...]


@dataclass(frozen=True, slots=True)
class Reading:
    """One way to play the written trips.

    ``false_marks`` lists (trip, stop) indexes marked as a hit where nothing
    was hit; ``unmarked_hits`` lists the points (mover's numbering) where a
    checker was hit without a mark.
    """

    play: Play
    trip_of_step: tuple[int, ...]
    false_marks: tuple[tuple[int, int], ...]
    unmarked_hits: tuple[int, ...]

    @property
    def marks_agree(self) -> bool:
        return not self.false_marks and not self.unmarked_hits


class _TripReader:
    def __init__(self, board: _Board, trips: Sequence[Trip], turn_position: Position) -> None:
        self.board = board
        self.trips = trips
        self.position = turn_position
        self.places = [trip.source for trip in trips]
        self.progress = [0] * len(trips)
        self.path: list[tuple[Step, int, int | None]] = []
        self.readings: dict[object, Reading] = {}

    def finished_trips(self) -> bool:
        return all(done == len(trip.stops) for done, trip in zip(self.progress, self.trips, strict=True))

    def search(self, dice: list[int]) -> None:
        if self.finished_trips():
            self.record()
            return
        if not dice or self.board.finished:
            return
        for die in sorted(set(dice), reverse=True):
            legal_sources = self.board.sources(die, BAR)
            rest = list(dice)
            rest.remove(die)
            seen_states: set[tuple[Trip, int, int]] = set()
            for index, trip in enumerate(self.trips):
                state = (trip, self.places[index], self.progress[index])
                if self.progress[index] == len(trip.stops) or state in seen_states:
                    continue
                seen_states.add(state)
                if self.places[index] in legal_sources:
                    self.try_step(index, die, rest)

    def try_step(self, index: int, die: int, rest: list[int]) -> None:
        trip, source = self.trips[index], self.places[index]
        stop = trip.stops[self.progress[index]]
        target, hit = self.board.move(source, die)
        reached = target == stop
        if reached or _short_of(target, stop):
            self.path.append((Step(source, target, die, hit), index, self.progress[index] if reached else None))
            self.places[index] = target
            self.progress[index] += int(reached)
            self.search(rest)
            self.progress[index] -= int(reached)
            self.places[index] = source
            self.path.pop()
        self.board.undo(source, target, hit)

    def record(self) -> None:
        board = self.board
        result = Position.from_sides(tuple(board.mover), tuple(board.waiting), self.position.turn)
        steps = tuple(step for step, _, _ in self.path)
        hit_stops = {(trip, stop) for step, trip, stop in self.path if step.hit and stop is not None}
        marked = {
            (index, stop)
            for index, trip in enumerate(self.trips)
            for stop, mark in enumerate(trip.marks)
            if mark
        }
        false_marks = tuple(sorted(marked - hit_stops))
        unmarked = tuple(
            step.dest for step, trip, stop in self.path if step.hit and (trip, stop) not in marked
        )
        key = (result, false_marks, unmarked)
        if key not in self.readings:
            self.readings[key] = Reading(
                Play(steps, result),
                tuple(trip for _, trip, _ in self.path),
                false_marks,
                unmarked,
            )


def _short_of(target: int, stop: int) -> bool:
    """Whether a step landing on ``target`` is still on the way to ``stop``."""
    return target != OFF and (stop == OFF or target > stop)


def read_trips(
    position: Position, dice: Sequence[int], trips: Sequence[Trip], rules: RuleSet
) -> list[Reading]:
    """Every distinct way to play ``trips`` step by step with some of ``dice``.

    Each step must be legal where it is made (bar first, blocked points,
    bearing off, the rule options); whether enough dice were used is judged
    separately (:func:`aceynote.rules.moves.judge`). An empty list means the
    trips cannot be played with these dice in this position.
    """
    reader = _TripReader(_Board.of(position, rules), trips, position)
    reader.search(list(dice))
    return list(reader.readings.values())
