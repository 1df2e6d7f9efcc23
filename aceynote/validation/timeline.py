"""Every position a replay can show, worked out once per game from the validator's report.

The app holds no game logic: the validator has already replayed the game
(``report.segments``: the position before each segment, its steps and the
position after). Here those are laid out as *frames*, the things a user steps
through: for each segment, the position with the dice rolled and nothing
moved, then the position after each step (one checker trip per die). A line
of play (the main line or a variation) is a list of frames; a variation's
list starts with the frames of the line it branches from, up to the turn it
replaces, so stepping back out of a variation needs no replaying either.

Diagnostics are placed at the segment they are about, found from their
source span (:class:`~.frames.Placement`, as on the web page): the last
segment (or turn) that starts at or before it.

Beside :class:`~.frames.GameFrames` (a frame per segment, keyed for a page
and ``diagram --turn``), this is a frame per *step*, and each line holds its
parent's frames up to where it branches: what a front end steps through
checker by checker. Both place diagnostics with the same :class:`~.frames.Placement`
and find a turn's end with the same :func:`~.frames.turn_end_key`.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass, field

from ..notation import Game, Segment, Turn
from ..notation.lines import MAIN, Path
from ..notation.shorthand import parse_turn
from ..notation.writer import segment_label
from ..rules import Position, Side, Step
from ..terminal_text import number_shown
from .diagnostics import Diagnostic
from .frames import Anchor, Placement, TurnsHeld, turn_end_key, turns_held, turns_there
from .report import Report, SegmentReplay


@dataclass(frozen=True, slots=True)
class Frame:
    """One position of a replay.

    ``replay`` is None for the start position. ``step`` is how many of the
    segment's steps have been played (0: the dice are rolled, nothing moved
    yet). ``forced`` marks the position the validator forced after a play
    that could not be made as written.
    """

    position: Position
    replay: SegmentReplay | None
    step: int = 0
    final: bool = True
    turn_end: bool = True
    forced: bool = False
    offset: int = 0  # index of this frame among its segment's frames

    @property
    def segment(self) -> Segment | None:
        return self.replay.segment if self.replay is not None else None

    @property
    def turn(self) -> Turn | None:
        return self.replay.turn if self.replay is not None else None

    @property
    def steps_done(self) -> tuple[Step, ...]:
        return self.replay.steps[: self.step] if self.replay is not None else ()

    @property
    def last_step(self) -> Step | None:
        if self.replay is None or self.step == 0:
            return None
        return self.replay.steps[self.step - 1]

    def to_play(self) -> tuple[Position, str]:
        """The position to play from here, and when it stands (``after 12. 51: in/20 20/19``):
        after the roll at the segment's end, before it at its other frames."""
        replay = self.replay
        if replay is None:
            return self.position, "at the start"
        written = segment_label(replay.turn, replay.segment)
        if self.final:
            return replay.after, f"after {written}"
        return replay.before, f"before {written}"

    @property
    def passed(self) -> bool:
        """Whether the segment is a roll with no legal play (``33: --``, and rightly so)."""
        replay = self.replay
        return replay is not None and replay.legal and not replay.steps and not self.forced

    @property
    def mover(self) -> Side:
        """The side whose segment this is (the side to roll at the start)."""
        return self.replay.before.turn if self.replay is not None else self.position.turn


@dataclass(slots=True)
class Line:
    """A line of play: its frames, and where its own segments start.

    ``own_start`` is the number of frames borrowed from the parent line (0 on
    the main line): the index of the first frame of the variation's own turns.
    """

    path: Path
    frames: list[Frame]
    own_start: int
    segment_ends: list[int] = field(default_factory=list)
    turn_ends: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.segment_ends = [i for i, frame in enumerate(self.frames) if frame.final]
        self.turn_ends = [i for i, frame in enumerate(self.frames) if frame.turn_end]

    @property
    def last(self) -> int:
        return len(self.frames) - 1

    @property
    def parent(self) -> Path | None:
        return self.path[:-2] if self.path else None


@dataclass(frozen=True, slots=True)
class Place:
    """Where to go in a timeline: a line and a frame index."""

    path: Path
    index: int


@dataclass(frozen=True, slots=True)
class SegmentPlace:
    """Where a segment of the model stands: its own line and its frames there."""

    path: Path
    first: int
    final: int


# What a diagnostic is about: a segment (by identity), the start, or a line's end.
_START = "start"
_END = "end"


@dataclass(frozen=True, slots=True)
class _Spot:
    """What a diagnostic is about, and the frame that shows it."""

    about: object  # a Segment, _START or (_END, path)
    target: Place


@dataclass(frozen=True, slots=True)
class DiagnosticTarget:
    """A diagnostic's place in the timeline, with the key that orders them."""

    diagnostic: Diagnostic
    place: Place
    order: tuple[int, int, int]


def _segment_frames(replay: SegmentReplay, turn_end: bool) -> list[Frame]:
    positions = [replay.before, *replay.step_positions] if replay.steps else [replay.before]
    forced = replay.moved_by_force
    if forced:
        positions.append(replay.after)
    else:  # the same checkers, with the side to act next (as a Setup string of it says)
        positions[-1] = replay.after
    frames = []
    last = len(positions) - 1
    for offset, position in enumerate(positions):
        step = min(offset, len(replay.steps))
        final = offset == last
        frames.append(
            Frame(position, replay, step, final, final and turn_end, forced and final, offset)
        )
    return frames


class Timeline:
    """The frames of every line of a game, and where each diagnostic belongs."""

    def __init__(self, report: Report) -> None:
        self.report = report
        self.game: Game = report.game
        self.start = report.start if report.start is not None else Position.initial(Side.WHITE)
        self.lines: dict[Path, Line] = {}
        self.segments: dict[int, SegmentPlace] = {}
        self.turn_places: dict[int, tuple[Path, int]] = {}
        self._anchors: list[Anchor[_Spot]] = []
        self._walk(MAIN, self.game.turns, [Frame(self.start, None)])
        start = _Spot(_START, Place(MAIN, 0))
        end = _Spot((_END, MAIN), Place(MAIN, self.main.last))
        self.placement = Placement(self.game, self._anchors, start, end)
        self.targets, self._notes = self._place_diagnostics(report.diagnostics)

    # -- building -----------------------------------------------------------
    def _walk(self, path: Path, turns: list[Turn], prefix: list[Frame]) -> None:
        frames = list(prefix)
        own_start = len(frames)
        for index, turn in enumerate(turns):
            self.turn_places[id(turn)] = (path, index)
            turn_start = len(frames)
            replayed = [self.report.replay_of(s) for s in turn.segments]
            last_replayed = max((i for i, r in enumerate(replayed) if r is not None), default=-1)
            for position, (segment, replay) in enumerate(zip(turn.segments, replayed, strict=True)):
                self._add_segment(
                    path, turn, segment, replay, frames, position == 0, position == last_replayed
                )
            for which, variation in enumerate(turn.variations):
                self._walk((*path, index, which), variation.turns, frames[:turn_start])
        self.lines[path] = Line(path, frames, own_start)

    def _add_segment(
        self,
        path: Path,
        turn: Turn,
        segment: Segment,
        replay: SegmentReplay | None,
        frames: list[Frame],
        first_in_turn: bool,
        turn_end: bool,
    ) -> None:
        key = (segment.span.line, segment.span.column)
        if replay is None:
            # Not replayed (after the game ended, or no start position): its
            # diagnostics show at the end of the line.
            self.segments[id(segment)] = SegmentPlace(path, len(frames) - 1, len(frames) - 1)
            self._anchors.append(Anchor(key, _Spot((_END, path), Place(path, len(frames) - 1))))
            return
        first = len(frames)
        frames += _segment_frames(replay, turn_end)
        self.segments[id(segment)] = SegmentPlace(path, first, len(frames) - 1)
        spot = _Spot(segment, Place(path, first))
        self._anchors.append(Anchor(key, spot))
        if first_in_turn:
            self._anchors.append(Anchor((turn.span.line, turn.span.column), spot))

    def _place_diagnostics(
        self, diagnostics: list[Diagnostic]
    ) -> tuple[list[DiagnosticTarget], dict[object, list[Diagnostic]]]:
        targets: list[DiagnosticTarget] = []
        notes: dict[object, list[Diagnostic]] = {}
        for diagnostic in diagnostics:
            anchor = self.placement.anchor(diagnostic)
            notes.setdefault(_note_key(anchor.about.about), []).append(diagnostic)
            order = (*anchor.key, 0)
            targets.append(DiagnosticTarget(diagnostic, anchor.about.target, order))
        targets.sort(key=lambda target: target.order)
        return targets, notes

    # -- reading --------------------------------------------------------------
    @property
    def main(self) -> Line:
        return self.lines[MAIN]

    def line(self, path: Path) -> Line:
        return self.lines.get(path, self.main)

    def diagnostics_at(self, path: Path, index: int) -> list[Diagnostic]:
        """The diagnostics to show at a frame: its segment's, the start's or the line end's."""
        line = self.line(path)
        frame = line.frames[index]
        found: list[Diagnostic] = []
        if index == 0:
            found += self._notes.get(_START, [])
        if frame.segment is not None:
            found += self._notes.get(id(frame.segment), [])
        if index == line.last:
            found += self._notes.get((_END, path), [])
        return found

    def diagnostics_of(self, segment: Segment) -> list[Diagnostic]:
        """The diagnostics about one segment (or its turn)."""
        return self._notes.get(id(segment), [])

    def order_of(self, path: Path, index: int) -> tuple[int, int, int]:
        """Where a frame stands in source order, to find the next diagnostic."""
        frame = self.line(path).frames[index]
        segment = frame.segment
        if segment is None:
            return (0, 0, 0)
        return (segment.span.line, segment.span.column, frame.offset)

    def next_diagnostic(
        self, path: Path, index: int, forward: bool = True
    ) -> DiagnosticTarget | None:
        here = self.order_of(path, index)
        current = Place(path, index)
        ordered: Iterator[DiagnosticTarget] = iter(
            self.targets if forward else reversed(self.targets)
        )
        for target in ordered:
            ahead = target.order > here if forward else target.order < here
            if ahead and target.place != current:
                return target
        return None

    def place_of_segment(self, segment: Segment) -> SegmentPlace | None:
        return self.segments.get(id(segment))

    def turn_place(self, turn: Turn) -> tuple[Path, int] | None:
        return self.turn_places.get(id(turn))

    def is_syntax_problem(self, diagnostic: Diagnostic) -> bool:
        """Whether a diagnostic is one of the game's syntax errors (the reader's, not the replay's)."""
        return self.placement.is_syntax_problem(diagnostic)

    @property
    def syntax_problems(self) -> list[Diagnostic]:
        """The game's syntax errors, in file order: they stand after the turns it kept."""
        return [d for d in self.report.diagnostics if self.is_syntax_problem(d)]

    def has_replay(self, segment: Segment) -> bool:
        return self.report.replay_of(segment) is not None

    @property
    def errors(self) -> int:
        return self.report.errors


def _note_key(about: object) -> object:
    if isinstance(about, Segment):
        return id(about)
    return about


# -- moving ---------------------------------------------------------------------
def step(line: Line, index: int, delta: int) -> int:
    return max(0, min(line.last, index + delta))


def next_end(ends: list[int], index: int) -> int:
    """The first end after ``index`` (or ``index`` itself when there is none)."""
    position = bisect_right(ends, index)
    return ends[position] if position < len(ends) else index


def previous_end(ends: list[int], index: int) -> int:
    """The last end before ``index`` (the start, 0, when there is none)."""
    position = bisect_right(ends, index - 1) - 1
    return ends[position] if position >= 0 else 0


def turn_end_by_number(
    timeline: Timeline, path: Path, number: int, side: Side | None
) -> int | None:
    """The frame at the end of turn ``number`` (White's, unless ``side`` says Black) in a line."""
    frames = timeline.line(path).frames
    return turn_end_key([(index, frames[index].turn) for index in range(len(frames))], number, side)


def turn_range(line: Line) -> TurnsHeld | None:
    """How many turns a line shows, and each side's first and last numbers (None: no turn)."""
    return turns_held(f.turn for f in line.frames if f.turn is not None and f.turn_end)


def find_turn(timeline: Timeline, path: Path, text: str) -> Place | None:
    """Where turn ``text`` (as a player writes it) ends in a line; None: it has no such turn."""
    wanted = parse_turn(text)
    if wanted is None or wanted[0] is None:
        return None
    index = turn_end_by_number(timeline, path, wanted[0], wanted[1])
    return None if index is None else Place(path, index)


def no_such_turn(timeline: Timeline | None, path: Path, text: str, where: str) -> str:
    """Why ``text`` names no turn of the line (``where``: "this game"), with the turns it has."""
    asked = number_shown(text.strip())
    if parse_turn(text) is None:
        return f"'{asked}' is not a turn number: write one like 12 (White's) or 12... (Black's)."
    held = turn_range(timeline.line(path)) if timeline else None
    return f"there is no turn {asked}: {turns_there(held, where)}"


def leave_variation(timeline: Timeline, path: Path) -> Place | None:
    """Back in the parent line, at the turn the variation replaces (dice rolled)."""
    line = timeline.line(path)
    if line.parent is None:
        return None
    parent = timeline.line(line.parent)
    return Place(parent.path, min(line.own_start, parent.last))


def variations_here(timeline: Timeline, path: Path, index: int) -> list[tuple[Path, Turn]]:
    """The variations a user can enter from a frame: of its turn, else of the next turn.

    Each is the variation's path and its first turn.
    """
    line = timeline.line(path)
    frame = line.frames[index]
    candidates: list[Turn] = []
    if frame.turn is not None:
        candidates.append(frame.turn)
    following = next((f.turn for f in line.frames[index + 1 :] if f.turn is not frame.turn), None)
    if following is not None:
        candidates.append(following)
    for turn in candidates:
        place = timeline.turn_place(turn)
        if place is None or not turn.variations:
            continue
        turn_path, turn_index = place
        return [
            ((*turn_path, turn_index, which), variation.turns[0])
            for which, variation in enumerate(turn.variations)
            if variation.turns and (*turn_path, turn_index, which) in timeline.lines
        ]
    return []
