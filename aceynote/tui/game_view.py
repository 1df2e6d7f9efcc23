"""The game shown on the replay screen: the board, its lines and the notes, and the keys that move and look at the position.

:class:`GameView` holds the place shown (its cursor in the game's
:class:`~aceynote.validation.timeline.Timeline`) and the side the board is
seen from; it shows the place, and posts :class:`GameView.Moved` for the
screen, which keeps the move list beside it in step. The view has the
replay screen's focus: the notes panel inside it takes the keys on Tab, and
then its own keys (↑ ↓ PgUp PgDn Home End, Tab and Esc) come first while the
view's others, ← and → among them, still reach the view. Its keys about the
position shown (p, y, d) are done by :mod:`.position_tools`; d asks the
screen, which knows the record's name, with :class:`GameView.DiagramWanted`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.timer import Timer

from ..analysis.analysed import AnalysedDecision
from ..analysis.review import GameReview
from ..notation.lines import MAIN, Path
from ..notation.writer import segment_label
from ..rules import Side
from ..terminal_text import sentence_start
from ..validation import Diagnostic
from ..validation.timeline import (
    Frame,
    Place,
    Timeline,
    find_turn,
    leave_variation,
    next_end,
    no_such_turn,
    previous_end,
    step,
    variations_here,
)
from .analysis_bar import AnalysisBar
from .dialogs import Choose, Prompt
from .notes import Notes, NotesPanel
from .position_tools import ask_plays, copy_setup
from .widgets import Board, StatusBar

AUTOPLAY_SECONDS = 0.8


# The view's keys: key, action, footer word, id (``replay.ID``), help line, in the footer, shown as.
_KEYS: tuple[tuple[str, str, str, str, str, bool, str | None], ...] = (
    ("right", "step('move', 1)", "Step", "step-forward",
     "step: one checker's move (or click the board's right half)", True, "→"),
    ("left", "step('move', -1)", "Back", "step-back",
     "step back (or click the board's left half)", True, "←"),
    ("down", "step('roll', 1)", "Roll", "segment-forward",
     "to the end of the next roll (=DD: and +RR: too)", True, "↓"),
    ("up", "step('roll', -1)", "Roll back", "segment-back",
     "to the end of the previous roll", False, None),
    ("pagedown", "step('turn', 1)", "Turn", "turn-forward",
     "to the end of the next turn", False, None),
    ("pageup", "step('turn', -1)", "Turn back", "turn-back",
     "to the end of the previous turn", False, None),
    ("home", "step('line', -1)", "Start", "start", "to the start position", False, None),
    ("end", "step('line', 1)", "End", "end", "to the end of the game (or variation)", False, None),
    ("space", "autoplay", "Play", "autoplay",
     "play the moves one by one; again to stop", False, None),
    ("t", "goto_turn", "Turn no.", "goto-turn",
     "to a turn by number: 12 (White's), 12... (Black's)", False, None),
    ("n", "next_error", "Error", "next-diagnostic",
     "to the next error or warning of the validator", True, None),
    ("N", "diagnostic(-1)", "Previous error", "previous-diagnostic",
     "to the previous error or warning", False, None),
    ("v", "enter_variation", "Variation", "enter-variation",
     "into a variation of this turn or the next", False, None),
    # f is in the help only: at 80 columns the footer keeps Analyse and Quit
    ("f", "flip", "Flip", "flip", "turn the board round: the other side's view", False, None),
    ("tab", "notes", "Notes", "notes",
     "the keys scroll the notes (tab again: back to the board)", False, None),
    ("p", "plays", "Plays", "plays",
     "the legal plays of a roll you type, ranked by the engine with their equity", False, None),
    ("y", "copy_setup", "Copy setup", "copy-setup",
     "copy the position's Setup string to the clipboard", False, None),
    ("d", "diagram", "Diagram", "diagram",
     "write the board shown as an SVG file next to the record", False, None),
)  # fmt: skip


def _moving(
    key: str,
    action: str,
    word: str,
    ident: str,
    tooltip: str,
    show: bool = True,
    key_display: str | None = None,
) -> Binding:
    """A key of the view, named ``replay.IDENT`` as the replay screen's keys are."""
    return Binding(
        key, action, word, show=show, key_display=key_display, id=f"replay.{ident}", tooltip=tooltip
    )


class GameView(Container, can_focus=True):
    """The board, the status line, the analysis line and the notes of the place shown."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *(_moving(*key) for key in _KEYS[:11]),
        # n where the footer does not show it (no error): to a warning, or why not
        Binding("n", "diagnostic(1)", "Error", id="replay.next-diagnostic", show=False),
        Binding("n", "no_diagnostic", "Error", id="replay.next-diagnostic", show=False),
        _moving(*_KEYS[11]),
        # N where the validator found nothing: why not, as n says
        Binding(
            "N", "no_diagnostic", "Previous error", id="replay.previous-diagnostic", show=False
        ),
        *(_moving(*key) for key in _KEYS[12:]),
    ]

    cursor: reactive[Place] = reactive(Place(MAIN, 0), init=False, always_update=True)
    viewer: reactive[Side] = reactive(Side.WHITE, init=False)

    @dataclass
    class Moved(Message):
        """The view shows another frame (or the same one again)."""

        frame: Frame

    @dataclass
    class DiagramWanted(Message):
        """d: the board at ``frame``, seen from ``viewer``, as a diagram file (the record's
        name is the screen's)."""

        frame: Frame
        viewer: Side

    def __init__(self, *, analysis_depth: int = 1, id: str | None = None) -> None:
        super().__init__(id=id)
        self.analysis_depth = (
            analysis_depth  # the depth of p's ranking: the screen's analysis depth
        )
        self.timeline: Timeline | None = None
        self.analysed: GameReview | None = None  # the engine's analysis of the game shown
        self.explained: dict[int, AnalysedDecision] = {}  # asked for with w, by segment id
        self.message = ""  # said at the top of the notes at the next place shown
        self._autoplay: Timer | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="board-column"):
            yield Board(id="board")
            yield StatusBar(id="status")
            yield AnalysisBar(id="analysis")
        with NotesPanel(id="notes-panel"):
            yield Notes(id="notes")

    # -- showing -------------------------------------------------------------------
    def load(self, timeline: Timeline) -> None:
        """A (new) timeline of the game, shown from the next place the cursor is set to."""
        self.stop_autoplay()
        self.timeline = timeline
        self.set_reactive(GameView.cursor, Place(MAIN, 0))

    def watch_cursor(self, place: Place) -> None:
        self._show(place)

    def watch_viewer(self, viewer: Side) -> None:
        self._show(self.cursor)

    def show_again(self) -> None:
        """The place shown, drawn again (its comment, glyph or analysis changed)."""
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
        analysed = self.analysed
        decision = self.explained.get(id(frame.segment))
        if decision is None and analysed is not None:
            decision = analysed.decision_of(frame.segment)
        notes = self.query_one(Notes)
        if notes.show(timeline, place.path, place.index, self.message, decision):
            self.query_one(NotesPanel).scroll_home(animate=False)
        self.query_one(AnalysisBar).mark(analysed.index_of(frame.segment) if analysed else None)
        self.message = ""
        self.post_message(self.Moved(frame))

    @property
    def frame(self) -> Frame:
        """The frame shown."""
        assert self.timeline is not None
        return self.timeline.line(self.cursor.path).frames[self.cursor.index]

    @property
    def frame_count(self) -> int:
        return len(self.timeline.line(self.cursor.path).frames) if self.timeline else 0

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """n is shown in the footer only where the validator found an error (the screen's
        r, where the game can be recorded on, never shows with it: the footer fits 80
        columns); it also goes to a warning, or says why it does nothing here."""
        timeline = self.timeline
        if action == "next_error":
            return timeline is not None and bool(timeline.errors)
        if action == "diagnostic":
            return timeline is not None and bool(timeline.targets)
        return True

    # -- moving ---------------------------------------------------------------------
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

    def on_board_clicked(self, message: Board.Clicked) -> None:
        message.stop()
        self.action_step("move", 1 if message.forward else -1)

    def action_autoplay(self) -> None:
        if self._autoplay is not None:
            self.stop_autoplay()
            return
        self._autoplay = self.set_interval(AUTOPLAY_SECONDS, self._autoplay_step)
        self.notify("Playing: space stops.", timeout=2)

    def _autoplay_step(self) -> None:
        if self.timeline is None or self.cursor.index >= self.timeline.line(self.cursor.path).last:
            self.stop_autoplay()
            return
        self.action_step("move", 1)

    def stop_autoplay(self) -> None:
        if self._autoplay is not None:
            self._autoplay.stop()
            self._autoplay = None

    def action_goto_turn(self) -> None:
        def go(answer: str | None) -> None:
            if not answer:
                return
            place = self.turn_place(answer)
            if place is None:
                self.notify(self.no_such_turn(answer), severity="warning", timeout=6)
            else:
                self.cursor = place

        self.app.push_screen(Prompt("Go to turn (12 = White's 12, 12... = Black's):", "", "12"), go)

    def turn_place(self, text: str) -> Place | None:
        """Where turn ``text`` (``12``, ``12...``) ends in the line shown; None: no such turn."""
        return None if self.timeline is None else find_turn(self.timeline, self.cursor.path, text)

    def no_such_turn(self, text: str) -> str:
        """Why ``text`` names no turn here, with the turns there are."""
        where = "this variation" if self.cursor.path else "this game"
        message = no_such_turn(self.timeline, self.cursor.path, text, where)
        return sentence_start(message)

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
        self.call_after_refresh(self._notes_to, target.diagnostic)

    def _notes_to(self, diagnostic: Diagnostic) -> None:
        """The notes scrolled to ``diagnostic``: a frame's notes may say the one before first
        (a play's first frame and its last share their notes), and n would seem stuck."""
        line = self.query_one(Notes).line_of(diagnostic)
        if line is not None:
            self.query_one(NotesPanel).scroll_to(y=line, animate=False)

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
        choices = [(str(n), segment_label(turn)) for n, (_, turn) in enumerate(found)]

        def pick(answer: str | None) -> None:
            if answer is not None:
                self._enter(found[int(answer)][0])

        self.app.push_screen(Choose("Enter which variation?", choices), pick)

    def _enter(self, path: Path) -> None:
        assert self.timeline is not None
        line = self.timeline.line(path)
        self.cursor = Place(path, min(line.own_start, line.last))

    def leave_variation(self) -> None:
        """Out of the variation shown, back in its parent line (Esc, the screen's key)."""
        if self.timeline is None:
            return
        place = leave_variation(self.timeline, self.cursor.path)
        if place is not None:
            self.cursor = place

    def action_flip(self) -> None:
        self.viewer = self.viewer.opponent

    def action_notes(self) -> None:
        self.query_one(NotesPanel).focus()

    # -- the position shown ------------------------------------------------------------
    def action_plays(self) -> None:
        if self.timeline is not None:
            ask_plays(self, self.frame, self.timeline.report.rules, self.analysis_depth)

    def action_copy_setup(self) -> None:
        if self.timeline is not None:
            copy_setup(self, self.frame)

    def action_diagram(self) -> None:
        if self.timeline is not None:
            self.post_message(self.DiagramWanted(self.frame, self.viewer))
