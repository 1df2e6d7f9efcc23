"""What the validator hands back: the report of one game and each segment as replayed.

Also the :class:`Notes` each check of the validator writes its findings to.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import NamedTuple, Protocol

from ..notation import Game, Segment, Span, Turn
from ..rules import Outcome, Position, RuleSet, SegmentKind, Step, positions_along
from .diagnostics import Code, Diagnostic


class SegmentReplay(NamedTuple):
    """A segment as replayed: the position before, the steps, and after each step.

    ``line`` says where the segment stands: () on the main line, else the
    (turn index, variation index, ...) path to its variation. ``legal`` is
    False when the validator found an error in this segment. ``before`` has
    the mover to roll; ``after`` the side that acts next (the mover again
    while its turn goes on with the chosen double or the extra roll).
    ``then`` is what the turn's flow expects next, as the validator replays
    it (:class:`~aceynote.rules.TurnState`): the chosen double after a 1-2,
    the extra roll after the double's play; None once the turn or the game
    is over.
    """

    segment: Segment
    turn: Turn
    line: tuple[int, ...]
    before: Position
    after: Position
    steps: tuple[Step, ...]
    legal: bool
    then: SegmentKind | None

    @property
    def moved_by_force(self) -> bool:
        """Whether the checkers were moved as written although no legal steps make the play."""
        return not self.steps and (self.after.white, self.after.black) != (
            self.before.white,
            self.before.black,
        )

    @property
    def step_positions(self) -> tuple[Position, ...]:
        """The position after each step (worked out when asked for)."""
        return tuple(positions_along(self.before, self.steps))


new_replay: Callable[
    [
        tuple[
            Segment,
            Turn,
            tuple[int, ...],
            Position,
            Position,
            tuple[Step, ...],
            bool,
            SegmentKind | None,
        ]
    ],
    SegmentReplay,
] = partial(tuple.__new__, SegmentReplay)
"""``SegmentReplay(...)`` with no Python-level call (see ``aceynote.rules.position.new_position``)."""


@dataclass(slots=True)
class Report:
    """What the validator found in one game, and the positions along the way."""

    game: Game
    rules: RuleSet
    start: Position | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    segments: list[SegmentReplay] = field(default_factory=list)
    final: Position | None = None
    outcome: Outcome | None = None
    turns: int = 0
    _by_segment: dict[int, SegmentReplay] = field(default_factory=dict, repr=False)

    @property
    def errors(self) -> int:
        return sum(1 for d in self.diagnostics if d.is_error)

    @property
    def warnings(self) -> int:
        return len(self.diagnostics) - self.errors

    @property
    def valid(self) -> bool:
        return self.errors == 0

    def main_line(self) -> list[SegmentReplay]:
        """The main line's segments as replayed, in order (no variations): the one walk of
        a replayed game's main line, whose positions count plies from 1."""
        return [replay for replay in self.segments if not replay.line]

    def replay_of(self, segment: Segment) -> SegmentReplay | None:
        """The replay of a segment of this game's model (main line or variation)."""
        if len(self._by_segment) != len(self.segments):
            self._by_segment = {id(replay.segment): replay for replay in self.segments}
        return self._by_segment.get(id(segment))


class Notes(Protocol):
    """Where a check of the validator notes what it finds (the game's validator)."""

    report: Report
    quiet: bool  # only the problems count, not their hints (a replay asking what follows)
    replays_on: bool  # a replay goes on past an illegal play (its messages say how)

    def add(self, code: Code, message: str, span: Span, **extra: object) -> None: ...

    def recover(self, span: Span) -> bool: ...
