"""One new segment checked where the line ends, and written as typed with its hit marks.

A segment added at the end of a line can change nothing before it, so it is
checked on its own: by the validator's own check of a play
(:class:`~aceynote.validation.plays.PlayCheck`) from the position the line's
turn flow stands at. Its errors are the ones a replay of the whole game would
find in it, in the order the validator reports them.
"""

from __future__ import annotations

from typing import NamedTuple

from ..notation import Game, Move, Segment, Span, Stop
from ..notation.writer import merge_trips
from ..rules import Play, Position, Reading, RuleSet, Trip, TurnState, read_trips, roll_dice
from ..validation import Diagnostic, Report
from ..validation.diagnostics import Code
from ..validation.plays import PlayCheck
from .entry_line import EntryProblem, problem_of
from .writings import copies, trip_of


class _Found:
    """What the validator's play check notes about one segment (the Notes it writes to)."""

    quiet = False
    replays_on = False  # an entry refused is not played: no "the replay goes on without ..."

    def __init__(self, rules: RuleSet) -> None:
        self.report = Report(Game(), rules)
        self.errors: list[Diagnostic] = []

    def add(self, code: Code, message: str, span: Span, **extra: object) -> None:
        diagnostic = Diagnostic(code, message, span, **extra)  # type: ignore[arg-type]
        if diagnostic.is_error:
            self.errors.append(diagnostic)

    def recover(self, span: Span) -> bool:
        """Nothing follows a segment at the line's end: no other way out of an error to take."""
        return False


class Checked(NamedTuple):
    """A segment found legal: its play, and its moves as typed with the hits marked."""

    play: Play
    moves: list[Move]


def check_segment(segment: Segment, flow: TurnState, rules: RuleSet) -> Checked | EntryProblem:
    """Whether ``segment`` can be played where the turn ``flow`` stands, and how."""
    found = _Found(rules)
    dice = roll_dice(segment.high, segment.low)
    position = flow.position
    play, legal, _ = PlayCheck(found).play(segment, flow, dice)
    if found.errors:
        first = min(found.errors, key=lambda d: (d.span.line, d.span.column))
        return problem_of(first)
    if not legal:
        return EntryProblem("this play cannot be made here")
    return Checked(play, marked(segment.moves, play, position, dice, rules))


def marked(
    moves: list[Move], play: Play, position: Position, dice: tuple[int, ...], rules: RuleSet
) -> list[Move]:
    """The moves as typed, with a ``*`` after each point where the play hit.

    A hit on a point the trip passes without naming it names that point
    (``17/9`` hitting on 12 is ``17/12*/9``). Marks typed stay; none is wrong,
    since the play was found legal.
    """
    if not any(step.hit for step in play.steps):
        return moves
    checkers = copies(moves)
    reading = _reading(position, dice, [trip_of(move) for move in checkers], rules, play)
    assert reading is not None, "the validator found this play in these trips"
    for step, trip in zip(reading.play.steps, reading.trip_of_step, strict=True):
        if step.hit:
            checkers[trip].stops = _with_hit(checkers[trip].stops, step.dest)
    return merge_trips(checkers)


def _reading(
    position: Position, dice: tuple[int, ...], trips: list[Trip], rules: RuleSet, play: Play
) -> Reading | None:
    """The reading of the typed trips that makes ``play``, its marks all true."""
    found = read_trips(
        position,
        dice,
        trips,
        rules,
        accept=lambda r: r.play.result == play.result and not r.false_marks,
    )
    return next((r for r in found if r.play.result == play.result and not r.false_marks), None)


def _with_hit(stops: list[Stop], point: int) -> list[Stop]:
    """The stops of a trip with ``point`` marked hit, named between its neighbours if it is not."""
    if any(stop.place == point for stop in stops):
        return [Stop(s.place, s.hit or s.place == point) for s in stops]
    at = next((i for i, stop in enumerate(stops) if stop.place < point), len(stops))
    return [*stops[:at], Stop(point, True), *stops[at:]]
