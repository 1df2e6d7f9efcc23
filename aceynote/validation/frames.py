"""The positions a diagram or a game page can show, laid out from the validator's report.

No game logic here: the validator has replayed the game (``report.segments``
holds each segment's position before and after, and its steps; ``after``
already names the side to roll next). A *frame* is one of those positions
with what led to it: the start of the game, or the position after one
segment. The main line's frames are keyed ``"0"`` (the start), ``"1"``,
``"2"``, ... in playing order; a variation's are ``"v1"``, ``"v2"``, ...,
each knowing the frame before it (for a variation's first segment, the
position before the turn it replaces) and the frame after it in its line.

Diagnostics are placed where they stand in the source (:class:`Placement`,
which :mod:`.timeline`, the frames of every step, uses as well): at the last segment (or turn)
that starts at or before them; those before the first turn (tags) at the
start; the record's syntax errors and those about the result at the end.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Generic, NamedTuple, TypeVar

from ..notation import Game, Turn
from ..notation.writer import segment_label
from ..rules import Position, Side
from ..terminal_text import counted
from ..validation import Diagnostic, Report, SegmentReplay
from ..validation.diagnostics import SYNTAX

START = "0"
START_NOTE = "start"
END_NOTE = "end"

SourceKey = tuple[int, int]
T = TypeVar("T")
K = TypeVar("K")


class Anchor(NamedTuple, Generic[T]):
    """A place in the source (line, column) and what stands there for a front end."""

    key: SourceKey
    about: T


class Placement(Generic[T]):
    """Where each diagnostic of a game belongs, found from its source span.

    ``anchors`` are where the things a front end shows start (segments,
    turns) in the source. A diagnostic belongs to the last anchor at or
    before it, ``start`` when there is none (the tags); a syntax error of the
    record, and anything at or after the result, belongs to ``end``. A tag's
    finding belongs to ``start`` wherever the tag stands (a JSON record may
    write its tags after its turns).
    """

    def __init__(self, game: Game, anchors: Iterable[Anchor[T]], start: T, end: T) -> None:
        self._anchors = sorted(anchors, key=lambda anchor: anchor.key)
        self._keys = [anchor.key for anchor in self._anchors]
        self._problem_spans = {problem.span for problem in game.problems}
        self._tags = {(tag.span.line, tag.span.column) for tag in game.tags}
        result = game.result_span
        self._result: SourceKey | None = None if result is None else (result.line, result.column)
        self._start = start
        self._end = end

    def is_syntax_problem(self, diagnostic: Diagnostic) -> bool:
        """Whether a diagnostic is one of the game's syntax errors (the reader's, not the replay's)."""
        return diagnostic.code == SYNTAX and diagnostic.span in self._problem_spans

    def anchor(self, diagnostic: Diagnostic) -> Anchor[T]:
        """The anchor a diagnostic belongs to: a syntax error and the result's stand at their own place."""
        where = (diagnostic.span.line, diagnostic.span.column)
        if self.is_syntax_problem(diagnostic):
            # The game holds the turns before its first syntax error: the errors come after them.
            return Anchor(where, self._end)
        if self._result is not None and where >= self._result:
            return Anchor(self._result, self._end)
        if where in self._tags:
            return Anchor((0, 0), self._start)
        found = bisect_right(self._keys, where) - 1
        return self._anchors[found] if found >= 0 else Anchor((0, 0), self._start)


@dataclass(slots=True)
class Frame:
    """One position to show: the start (``replay`` None) or the position after a segment."""

    key: str
    position: Position
    replay: SegmentReplay | None
    label: str
    previous: str | None
    next: str | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def setup(self) -> str:
        """The position as a Setup string, or '' once the game is over (no Setup starts there)."""
        return self.position.setup_or_none or ""


class GameFrames:
    """Every frame of one game (main line and variations), and where each diagnostic belongs."""

    def __init__(self, report: Report) -> None:
        self.report = report
        self.game: Game = report.game
        self.frames: dict[str, Frame] = {}
        self.main: list[str] = []
        self.of_segment: dict[int, str] = {}
        self.notes: dict[str, list[Diagnostic]] = {}
        self._variations = 0
        self._anchors: list[Anchor[str]] = []
        if report.start is not None:
            self._add(Frame(START, report.start, None, "start", None), main=True, follows=None)
            self._walk(self.game.turns, START, main=True)
        self.placement = Placement(self.game, self._anchors, START_NOTE, END_NOTE)
        self._place(report.diagnostics)

    @property
    def playable(self) -> bool:
        """Whether there are positions at all (not when the Setup cannot be used)."""
        return bool(self.frames)

    @property
    def end(self) -> str:
        return self.main[-1] if self.main else START

    # -- building -----------------------------------------------------------
    def _add(self, frame: Frame, main: bool, follows: str | None) -> None:
        """Add a frame; ``follows`` is the frame it comes after in its own line."""
        self.frames[frame.key] = frame
        if follows is not None:
            self.frames[follows].next = frame.key
        if main:
            self.main.append(frame.key)

    def _walk(self, turns: list[Turn], before: str, main: bool) -> None:
        """Add a line's frames; ``before`` is the frame its first segment starts from."""
        follows = before if main else None
        for turn in turns:
            turn_start = before
            for index, segment in enumerate(turn.segments):
                replay = self.report.replay_of(segment)
                if replay is None:  # not replayed: after the game's end
                    continue
                key = self._key(main)
                label = segment_label(replay.turn, replay.segment)
                self._add(Frame(key, replay.after, replay, label, before), main, follows)
                self.of_segment[id(segment)] = key
                self._anchor(segment.span.line, segment.span.column, key)
                if index == 0:
                    self._anchor(turn.span.line, turn.span.column, key)
                before = follows = key
            for variation in turn.variations:
                self._walk(variation.turns, turn_start, main=False)

    def _key(self, main: bool) -> str:
        if main:
            return str(len(self.main))
        self._variations += 1
        return f"v{self._variations}"

    def _anchor(self, line: int, column: int, key: str) -> None:
        self._anchors.append(Anchor((line, column), key))

    # -- diagnostics ----------------------------------------------------------
    def _place(self, diagnostics: list[Diagnostic]) -> None:
        for diagnostic in diagnostics:
            note = self.placement.anchor(diagnostic).about
            self.notes.setdefault(note, []).append(diagnostic)
            self._attach(note, diagnostic)

    def _attach(self, note: str, diagnostic: Diagnostic) -> None:
        """The frame that shows a diagnostic beside the board."""
        key = {START_NOTE: START, END_NOTE: self.end}.get(note, note)
        if key in self.frames:
            self.frames[key].diagnostics.append(diagnostic)

    # -- finding --------------------------------------------------------------
    def turns(self) -> TurnsHeld | None:
        """How many turns the main line shows, and each side's first and last numbers."""
        return turns_held(
            turn for key in self.main if (turn := _turn_of(self.frames[key].replay)) is not None
        )

    def turn_end(self, number: int, side: Side | None) -> str | None:
        """The main-line frame after turn ``number`` (White's, else Black's, unless ``side``)."""
        turns = [(key, _turn_of(self.frames[key].replay)) for key in self.main]
        return turn_end_key(turns, number, side)


class TurnsHeld(NamedTuple):
    """How many turns a line shows, and each side's numbers as runs of consecutive ones, each
    its first and last (``((1, 6), (8, 8))`` where a record skips 7; empty: none)."""

    turns: int
    white: tuple[tuple[int, int], ...]
    black: tuple[tuple[int, int], ...]


def turns_held(turns: Iterable[Turn]) -> TurnsHeld | None:
    """How many turns these are, and each side's numbers (None: no turn)."""
    held = {id(turn): turn for turn in turns}
    if not held:
        return None
    white, black = (_runs(t.number for t in held.values() if t.side is side) for side in Side)
    return TurnsHeld(len(held), white, black)


def _runs(numbers: Iterable[int]) -> tuple[tuple[int, int], ...]:
    runs: list[tuple[int, int]] = []
    for number in sorted(set(numbers)):
        if runs and runs[-1][1] == number - 1:
            runs[-1] = (runs[-1][0], number)
        else:
            runs.append((number, number))
    return tuple(runs)


def turns_there(held: TurnsHeld | None, where: str) -> str:
    """What turns ``where`` ("this game") holds (``held``: :func:`turns_held`), for a
    message about a turn asked for that it does not hold: only numbers it holds are offered
    (a record numbered wrongly, AD201, can skip some: "1 to 6 and 8")."""
    if held is None:
        return f"{where} has no turn to go to."
    count, white, black = held
    if not white or white != black:
        said = f"{where} has {counted(count, 'turn')}: {_side_ranges(white, black)}"
        return said if said.endswith("...") else f"{said}."
    last = white[-1][1]
    if len(white) > 1:
        numbers = _runs_said(white, "")
        return f"{where} has {counted(count, 'turn')}, numbered {numbers}; give one of those ({last}... for Black's)."
    first = white[0][0]
    numbers = f"{first}" if first == last else f"a number from {first} to {last}"
    return f"{where} has {counted(count, 'turn')}; give {numbers} ({last}... for Black's)."


def _runs_said(runs: tuple[tuple[int, int], ...], mark: str) -> str:
    """Runs of numbers in words, the last after "and": "1 to 6 and 8"."""
    *most, last = [
        f"{first}{mark}" if first == end else f"{first}{mark} to {end}{mark}" for first, end in runs
    ]
    return f"{', '.join(most)} and {last}" if most else last


def _side_ranges(white: tuple[tuple[int, int], ...], black: tuple[tuple[int, int], ...]) -> str:
    """Each side's turns as a player writes them: "White's turns are 2 to 38, Black's turns
    are 1... to 37..."."""
    said = []
    for name, runs, mark in (("White", white, ""), ("Black", black, "...")):
        if not runs:
            said.append(f"{name} has none")
        elif runs == ((runs[0][0], runs[0][0]),):
            said.append(f"{name}'s only turn is {runs[0][0]}{mark}")
        else:
            said.append(f"{name}'s turns are {_runs_said(runs, mark)}")
    return ", ".join(said)


def _turn_of(replay: SegmentReplay | None) -> Turn | None:
    return replay.turn if replay is not None else None


def turn_end_key(
    frames: Sequence[tuple[K, Turn | None]], number: int, side: Side | None
) -> K | None:
    """The key of the frame at the end of turn ``number`` (White's, else Black's, unless
    ``side`` says which): the last of ``frames``, in playing order, that shows that turn."""
    for who in [Side.WHITE, Side.BLACK] if side is None else [side]:
        found = [key for key, turn in frames if turn is not None and _is(turn, number, who)]
        if found:
            return found[-1]
    return None


def _is(turn: Turn, number: int, side: Side) -> bool:
    return turn.number == number and turn.side is side
