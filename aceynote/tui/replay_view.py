"""The replay screen's ground: one game on the board, and moving through it.

:class:`ReplayView` holds the cursor (the place shown), shows it, and has the
keys that move it; the replay screen's other parts (annotating, recording,
the position's tools) build on it, and :mod:`.replay_screen` puts them
together with the bindings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.reactive import reactive
from textual.timer import Timer

from ..files.record import RecordError, RecordFile
from ..notation import Game, Segment
from ..notation.typed import parse_turn
from ..notation.writer import segment_text, turn_number
from ..rules import Side
from ..terminal_text import counted, number_shown
from ..validation import validate
from .dialogs import Choose, Prompt
from .game_screen import GameScreen
from .notes import Notes, NotesPanel
from .timeline import (
    MAIN,
    Frame,
    Path,
    Place,
    Timeline,
    leave_variation,
    next_end,
    previous_end,
    step,
    turn_end_by_number,
    turn_range,
    variations_here,
)
from .widgets import Board, MoveList, StatusBar

if TYPE_CHECKING:
    from ..analysis.analysed import AnalysedDecision

AUTOPLAY_SECONDS = 0.8


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
    found = turn_range(timeline.line(path)) if timeline else None
    if found is None:
        return f"there is no turn {asked}: {where} has no turn to go to."
    count, first, last = found
    numbers = f"{first}" if first == last else f"a number from {first} to {last}"
    return (
        f"there is no turn {asked}: {where} has {counted(count, 'turn')};"
        f" give {numbers} (12... for Black's)."
    )


class ReplayView(GameScreen):
    """Steps through one game; every position comes from the game's Timeline."""

    cursor: reactive[Place] = reactive(Place(MAIN, 0), init=False, always_update=True)
    analysis_depth = 1  # the engine's search depth for the analysis and the hint (0 or 1)

    def __init__(self, record: RecordFile) -> None:
        super().__init__(record)
        self.message = ""
        self._autoplay: Timer | None = None

    # -- showing a game ------------------------------------------------------------
    def show_game(self, index: int, turn: str | None = None) -> None:
        """Open game ``index`` (0-based) of the record at its start, or at ``turn``."""
        record = self.record
        if not 0 <= index < len(record):
            return
        self._stop_autoplay()
        loaded = record.load(index)
        self.game_index = index
        self.message = loaded.note
        self._set_timeline(Timeline(validate(loaded.game)))
        place = Place(MAIN, 0)
        if turn is not None:
            found = self._turn_place(turn)
            if found is None:
                self.notify(self._no_such_turn(turn), severity="warning")
            else:
                place = found
        elif self.timeline is not None and self.timeline.errors and not self.message:
            errors = counted(self.timeline.errors, "error")
            self.message = f"{errors} in this game: n goes to the first."
        self.cursor = place

    def watch_cursor(self, place: Place) -> None:
        self._show(place)

    def watch_viewer(self, viewer: Side) -> None:
        self._show(self.cursor)

    def _show(self, place: Place) -> None:
        timeline = self.timeline
        if timeline is None:
            return
        frame = timeline.line(place.path).frames[place.index]
        board = self.query_one(Board)
        board.viewer = self.viewer
        board.frame = frame
        self.query_one(StatusBar).show(frame, place.path)
        notes = self.query_one(Notes)
        if notes.show(timeline, place.path, place.index, self.message, self.decision_at(frame)):
            self.query_one(NotesPanel).scroll_home(animate=False)
        self.query_one(MoveList).show_frame(frame)
        self.message = ""

    def decision_at(self, frame: Frame) -> AnalysedDecision | None:
        """The engine's analysis of the frame's segment, if the game was analysed (see
        :class:`~.replay_analysis.Analysing`)."""
        del frame
        return None

    @property
    def frame_count(self) -> int:
        return len(self.timeline.line(self.cursor.path).frames) if self.timeline else 0

    def _frame(self) -> Frame:
        """The frame shown."""
        assert self.timeline is not None
        return self.timeline.line(self.cursor.path).frames[self.cursor.index]

    # -- moving ---------------------------------------------------------------
    def action_step(self, unit: str, direction: int) -> None:
        """Forward (``direction`` 1) or back (-1) by ``unit`` in the line shown.

        ``unit``: "move" (one checker's move), "roll" (to a segment's end),
        "turn" (to a turn's end) or "line" (to its start or its end).
        """
        if self.timeline is None:
            return
        line, index = self.timeline.line(self.cursor.path), self.cursor.index
        ends = line.segment_ends if unit == "roll" else line.turn_ends
        if unit == "move":
            index = step(line, index, direction)
        elif unit == "line":
            index = line.last if direction > 0 else 0
        else:
            index = next_end(ends, index) if direction > 0 else previous_end(ends, index)
        self.cursor = Place(self.cursor.path, index)

    def action_autoplay(self) -> None:
        if self._autoplay is not None:
            self._stop_autoplay()
            return
        self._autoplay = self.set_interval(AUTOPLAY_SECONDS, self._autoplay_step)
        self.notify("Playing: space stops.", timeout=2)

    def _autoplay_step(self) -> None:
        if self.timeline is None or self.cursor.index >= self.timeline.line(self.cursor.path).last:
            self._stop_autoplay()
            return
        self.action_step("move", 1)

    def _stop_autoplay(self) -> None:
        if self._autoplay is not None:
            self._autoplay.stop()
            self._autoplay = None

    def action_goto_turn(self) -> None:
        def go(answer: str | None) -> None:
            if not answer:
                return
            place = self._turn_place(answer)
            if place is None:
                self.notify(self._no_such_turn(answer), severity="warning", timeout=6)
            else:
                self.cursor = place

        self.app.push_screen(Prompt("Go to turn (12 = White's 12, 12... = Black's):", "", "12"), go)

    def _turn_place(self, text: str) -> Place | None:
        if self.timeline is None:
            return None
        return find_turn(self.timeline, self.cursor.path, text)

    def _no_such_turn(self, text: str) -> str:
        """Why ``text`` names no turn here, with the turns there are."""
        where = "this variation" if self.cursor.path else "this game"
        message = no_such_turn(self.timeline, self.cursor.path, text, where)
        return message[0].upper() + message[1:]

    def action_no_diagnostic(self) -> None:
        self.notify("The validator found nothing to point out in this game.", timeout=2)

    def action_next_error(self) -> None:
        """n where the footer shows it (the game has errors): as :meth:`action_diagnostic`."""
        self.action_diagnostic(1)

    def action_diagnostic(self, direction: int) -> None:
        """To the validator's next (``direction`` 1) or previous (-1) error or warning."""
        if self.timeline is None:
            return
        forward = direction > 0
        target = self.timeline.next_diagnostic(self.cursor.path, self.cursor.index, forward)
        if target is None:
            word = "after" if forward else "before"
            self.notify(f"No diagnostic {word} this point.", timeout=2)
            return
        self.cursor = target.place

    def action_enter_variation(self) -> None:
        timeline = self.timeline
        if timeline is None:
            return
        found = variations_here(timeline, self.cursor.path, self.cursor.index)
        if not found:
            self.notify("No variation at this turn or the next.", timeout=2)
            return
        if len(found) == 1:
            self._enter(found[0][0])
            return
        choices = [
            (str(n), f"{turn_number(turn)} {segment_text(turn.segments[0])}")
            for n, (_, turn) in enumerate(found)
        ]

        def pick(answer: str | None) -> None:
            if answer is not None:
                self._enter(found[int(answer)][0])

        self.app.push_screen(Choose("Enter which variation?", choices), pick)

    def _enter(self, path: Path) -> None:
        assert self.timeline is not None
        line = self.timeline.line(path)
        self.cursor = Place(path, min(line.own_start, line.last))

    def action_leave_variation(self) -> None:
        if self.timeline is None:
            return
        place = leave_variation(self.timeline, self.cursor.path)
        if place is not None:
            self.cursor = place

    def action_other_game(self, delta: int) -> None:
        """The next (``delta`` 1) or the previous (-1) game of the file."""
        index = self.game_index + delta
        if not 0 <= index < len(self.record):
            self.notify("No more games in this file.", timeout=2)
            return
        self.show_game(index)

    def on_move_list_jump(self, message: MoveList.Jump) -> None:
        self.cursor = message.place

    def on_board_clicked(self, message: Board.Clicked) -> None:
        self.action_step("move", 1 if message.forward else -1)

    # -- what the editing keys share ------------------------------------------------
    def _editable_game(self) -> Game | None:
        """The game, marked edited (None, said why, when the record cannot be changed)."""
        if self.timeline is None:
            return None
        try:
            self.record.mark_edited(self.game_index)
        except RecordError as error:
            self.notify(str(error), severity="error")
            return None
        return self.timeline.game

    def _can_edit(self) -> bool:
        if self.timeline is None:
            return False
        if not self.record.load(self.game_index).editable:
            self.notify(
                "This game cannot be annotated: it is kept exactly as written.", severity="error"
            )
            return False
        return True

    def _current_segment(self) -> Segment | None:
        if self.timeline is None:
            return None
        return self._frame().segment

    def _revalidate(self) -> None:
        """After a tag change (rules, setup, opening may differ): replay the game again.

        The view stays on the segment shown (at the same step where it still has
        it), or on the nearest one before it that the new replay still reaches.
        """
        assert self.timeline is not None
        frame = self._frame()
        self._set_timeline(Timeline(validate(self.timeline.game)))
        self.cursor = self._place_of(frame, self.cursor.path)

    def _place_of(self, frame: Frame, path: Path) -> Place:
        """Where ``frame``'s segment (and step) stands in the current timeline."""
        assert self.timeline is not None
        segment = frame.segment
        found = self.timeline.place_of_segment(segment) if segment is not None else None
        if found is None:
            line = self.timeline.line(path)
            return Place(line.path, 0)
        return Place(found.path, min(found.first + frame.offset, found.final))

    def _revalidate_at_end(self, path: Path) -> None:
        """The game replayed again (it changed), the board at the end of line ``path``."""
        assert self.timeline is not None
        self._set_timeline(Timeline(validate(self.timeline.game)))
        line = self.timeline.line(path)
        self.cursor = Place(line.path, line.last)
