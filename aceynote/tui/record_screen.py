"""The record screen: a game entered segment by segment at the board, the rules at hand.

The board shows the position to play from; under it the entry line takes
the next segment, and the legal plays of the roll typed stand under the move
list. Every rule question goes to the :class:`~aceynote.entering.Recording`
(which asks the engine and the validator); this screen only shows what it
answers. Esc goes back to the replay screen (``r`` there comes back).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Horizontal, Vertical
from textual.widgets import Footer

from ..entering import EntryProblem, Recording, TypedRoll, describe, entries_in, to_type
from ..files.record import RecordError, RecordFile
from ..notation.tags import opening_words
from ..notation.writer import segment_label
from ..render.text_board import PendingRoll
from ..rules import SegmentKind, Side
from ..terminal_text import sentence_start
from ..validation.timeline import Frame, Timeline
from .dialogs import EndGame
from .entry import EntryFeedback, EntryLine, PlayList, count_words
from .game_header import GameHeader
from .game_screen import GameScreen
from .keys import HELP, QUIT, on_key
from .widgets import Board, MoveList, StatusBar


def idle_hint(recording: Recording) -> str:
    """What to type at the prompt, with an entry that fits it."""
    expects = recording.state.expects or SegmentKind.ROLL
    left_out = _LEFT_OUT.get(expects, "")
    what = f"{sentence_start(to_type(expects))} ({recording.example()}{left_out})"
    return f"{what}, or the roll alone and pick a play: ↓ ↑ and Enter. * marks are added for you."


_LEFT_OUT = {
    SegmentKind.CHOSEN_DOUBLE: "; the = may be left out",
    SegmentKind.EXTRA_ROLL: "; the + may be left out",
}


def with_opening(recording: Recording, hint: str) -> str:
    """``hint``, after the opening roll in words while the game stands at its start.

    At the start of a line, not of the game (a variation after the second
    turn), the opening roll is long past: the hint alone.
    """
    opening = opening_words(recording.game.tag("Opening") or "")
    if opening is None or recording.state.position != recording.report.start:
        return hint
    return f"Opening: {opening}. {hint}"


# For the help (keys.help_of): Enter is the entry line's own, not a binding.
_TYPED_KEYS = (
    (
        "Enter",
        "enter the segment typed (or the play picked with ↓ ↑); a line or a paste of"
        " several segments enters each in turn, up to the first that is not legal",
    ),
)
_MOUSE_HELP = (
    "Mouse: click a play in the list of legal plays to enter it, a key in the footer to"
    " press it. The board and the move list show the game as entered so far; Esc goes"
    " to the replay screen, where clicks step through it."
)


def _end_as_chosen(screen: RecordScreen, choice: tuple[str | None, str] | None) -> None:
    """The end dialog's answer: the game ended (a Termination and result), or going on."""
    if choice is None:
        return
    problem = screen.recording.end(*choice)
    if problem is not None:
        screen.notify(f"{sentence_start(problem.message)}.", severity="warning", timeout=6)
        return
    screen._changed()  # the screen's (play's own when playing)
    if choice[0] is None:
        screen.feedback.show_done("The game goes on: no Termination, result *.")
    else:
        result = screen.recording.game.result_text
        screen.feedback.show_done(f"Game over by {choice[0]}: {result} (ctrl+z takes it back)")


def nothing_to_undo(recording: Recording, you: Side | None = None) -> str:
    """Why ctrl+z has nothing to take back (``you``: the side whose moves it takes back).

    It takes back what was entered on the entry line of this line of play,
    an Esc to the replay and r back included (:func:`~aceynote.entering.carry_history`),
    not the moves the line had when it was opened: a game gone on with, a line cut.
    """
    if not any(you is None or turn.side is you for turn in recording.turns):
        nothing = "nothing was entered" if you is None else "you have not played"
        return f"Nothing to undo: {nothing} yet."
    moves, done, what = (
        ("the", "entered", "is entered") if you is None else ("your", "played", "you play")
    )
    return (
        f"Nothing to undo: {moves} moves on the board were {done} before this entry line"
        f" opened, and ctrl+z takes back only what {what} on it. To play on from an earlier"
        " turn: Esc, then r there."
    )


def unfinished_turn(recording: Recording) -> str | None:
    """What a record saved now lacks: the chosen double or the extra roll still to come."""
    expects = recording.state.expects
    if expects not in (SegmentKind.CHOSEN_DOUBLE, SegmentKind.EXTRA_ROLL):
        return None
    what = "chosen double" if expects is SegmentKind.CHOSEN_DOUBLE else "extra roll"
    return (
        f"The turn is not finished: until its {what} is entered, the saved record"
        " shows it missing (aceynote validate says so)."
    )


def _roll_hint(typed: TypedRoll, shown: list[str]) -> str:
    """What to do with the plays listed for the roll typed."""
    if not shown:
        return "No legal play is written that way: Enter checks it as typed."
    if len(shown) == 1:
        done = typed.rest.strip() == shown[0]  # completed by Tab, or typed whole
        return f"One play left; {'Enter enters' if done else 'Tab completes'} it: {shown[0]}"
    if not typed.rest:
        return f"{len(shown)} legal plays: type the play, or ↓ ↑ to pick one and Enter."
    return f"{len(shown)} plays left: type on, or ↓ ↑ to pick one and Enter."


Refusal = Callable[[str], EntryProblem | None]
"""Why a screen refuses an entry before the rules see it (None: it does not)."""


def _enter_each(
    recording: Recording, refusal: Refusal, text: str, done: list[str]
) -> tuple[str, EntryProblem, str] | None:
    """Enter each segment of ``text`` (one typed, or several pasted), adding each to ``done``,
    unless ``refusal`` (the screen's) or the rules refuse it.

    The first refused: its text, why, and the text from it on.
    """
    for start, end in entries_in(text) or [(0, len(text))]:
        result = refusal(text[start:end]) or recording.enter(text[start:end])
        if isinstance(result, EntryProblem):
            return text[start:end], result, text[start:]
        done.append(segment_label(recording.turns[-1], result))
    return None


class RecordScreen(GameScreen):
    """Enter the segments of one line of play of a game (``recording``)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "ctrl+z",
            "undo",
            "Undo",
            id="record.undo",
            tooltip="take back the last segment entered (or the end of the game)",
        ),
        Binding(
            "ctrl+y",
            "redo",
            "Redo",
            id="record.redo",
            show=False,
            tooltip="bring back what undo took back",
        ),
        Binding(
            "ctrl+t",
            "end_game",
            "End game",
            id="record.end-game",
            tooltip="end the game: resignation, time or abandoned, and its result",
        ),
        Binding(
            "ctrl+s",
            "save",
            "Save",
            id="record.save",
            tooltip="save the file (the game as entered so far)",
        ),
        Binding(
            "escape",
            "leave",
            "Replay",
            id="record.leave",
            tooltip="back to the replay screen (r there comes back here)",
        ),
        on_key(HELP, "f1"),
        on_key(QUIT, "ctrl+q", priority=True),
    ]
    AUTO_FOCUS = "#entry-input"
    TYPED_KEYS: ClassVar[tuple[tuple[str, str], ...]] = _TYPED_KEYS
    MOUSE_HELP: ClassVar[str] = _MOUSE_HELP

    def __init__(
        self,
        record: RecordFile,
        index: int,
        recording: Recording,
        viewer: Side = Side.WHITE,
        was_edited: bool = False,
    ) -> None:
        super().__init__(record)
        self.game_index = index
        self.recording = recording
        self.viewer = viewer
        self.was_edited = was_edited
        self.problem: EntryProblem | None = None
        self._problem_line = ""  # the line as it was put back with ``problem``
        self.typed: TypedRoll | EntryProblem | None = None
        self._typed_text = ""  # the line text ``typed`` was read from
        self._closest_for: str | None = None  # the line whose closest plays are listed

    def compose(self) -> ComposeResult:
        yield GameHeader(id="header")
        with Horizontal(id="main"):
            with Container(id="left"):
                with Vertical(id="board-column"):
                    yield Board(id="board")
                    yield StatusBar(id="status")
                with Vertical(id="entry-panel"):
                    yield EntryLine(id="entry-line")
                    yield EntryFeedback(id="entry-feedback")
            with Vertical(id="record-right"):
                yield MoveList(id="moves")
                yield PlayList(id="plays")
        yield Footer()

    def on_mount(self) -> None:
        self.line.input.picker, self.line.input.completer = self._pick, self._complete
        self.query_one(PlayList).hide()
        self._refresh()
        self._typed(self.line.text)

    # -- the parts ------------------------------------------------------------------
    @property
    def line(self) -> EntryLine:
        return self.query_one(EntryLine)

    @property
    def plays(self) -> PlayList:
        return self.query_one(PlayList)

    @property
    def feedback(self) -> EntryFeedback:
        return self.query_one(EntryFeedback)

    def _refresh(self) -> None:
        """The game as it stands: move list, header, the board at the end (the prompt and the
        roll to play are the line's: :meth:`_typed`)."""
        recording = self.recording
        self._set_timeline(Timeline(recording.shown_report))
        timeline = self.timeline
        assert timeline is not None
        line = timeline.line(recording.path)
        frame = line.frames[line.last]
        if frame.replay is None:  # nothing played yet: the side the recording says rolls
            frame = Frame(recording.state.position, None)
        board = self.query_one(Board)
        board.viewer = self.viewer
        board.frame = frame
        status = self.query_one(StatusBar)
        if frame.replay is None:
            status.show_text("nothing entered yet: the start position")
        else:
            status.show(frame, recording.path)
        self.query_one(MoveList).show_frame(frame)

    def _changed(self) -> None:
        """After an entry, an undo or a redo: the record knows whether the game changed."""
        record, index = self.record, self.game_index
        if self.recording.dirty:
            try:
                record.mark_edited(index)
            except RecordError as error:  # a game with syntax errors never gets here
                self.notify(str(error), severity="error")
        elif index in record.appended and not self.was_edited:
            record.edited.pop(index, None)  # a new game emptied again: nothing to write
        self.problem = None
        self._refresh()
        self._typed(self.line.text)

    # -- typing -----------------------------------------------------------------------
    def on_entry_line_changed(self, message: EntryLine.Changed) -> None:
        text = self.line.text  # the line as it is now: the message may be older
        self.problem = self.problem if text == self._problem_line else None  # edited: it is old
        self._typed(text)

    def _typed(self, text: str) -> None:
        """Show the legal plays of the roll typed, narrowed by the play typed so far."""
        typed = self.typed = self._typed_roll(text)
        self._typed_text = text
        self._show_roll(self._roll_to_play(typed))
        plays = self.plays
        hint = ""
        if text == self._closest_for:  # the line as it was refused: its closest plays stay
            pass
        elif isinstance(typed, TypedRoll):
            self._closest_for = None
            shown = plays.show_plays(typed.label, typed.plays, typed.matching(typed.rest))
            hint = self._roll_hint(typed, shown)
        else:
            self._closest_for = None
            plays.hide()
        if self.problem is not None:
            self.feedback.show_problem(self.problem, hint=not self.problem.legal)
        elif isinstance(typed, EntryProblem):
            self.feedback.show_problem(typed)
        elif hint:
            self.feedback.show_hint(hint)
        elif not text.strip() and self.feedback.kind != "done" and not self.recording.over:
            self.feedback.show_hint(self._idle_hint())

    def _typed_roll(self, text: str) -> TypedRoll | EntryProblem | None:
        """The roll typed and its plays (the play screen refuses a roll it did not roll)."""
        return self.recording.typed_roll(text)

    def _roll_hint(self, typed: TypedRoll, shown: list[str]) -> str:
        # What a count in the plays means, after a dash where the one play left ends the words
        # (a full stop after a play reads as notation); the play screen names its hint key too.
        apart = " — " if len(shown) == 1 else " "
        return f"{_roll_hint(typed, shown)}{apart}{count_words(typed, shown)}".rstrip(" —")

    def _roll_to_play(self, typed: TypedRoll | EntryProblem | None) -> TypedRoll | None:
        """The roll rolled, not yet played: the one typed."""
        return typed if isinstance(typed, TypedRoll) and not self.recording.over else None

    def _show_roll(self, roll: TypedRoll | None) -> None:
        """The roll to play on the board, and in the entry line's title (``2. White to play 43``),
        an entry of it the placeholder of the line emptied (the app's roll, in play)."""
        recording, board = self.recording, self.query_one(Board)
        if roll is None:
            board.rolled = None
            self.line.set_prompt(recording.prompt(), recording.over, recording.example())
            return
        board.rolled = PendingRoll(roll.kind, roll.high, roll.low)
        example = roll.entry(roll.plays[0])
        self.line.set_prompt(recording.prompt(f"{roll.high}{roll.low}"), recording.over, example)

    def _complete(self) -> None:
        """Tab: the line completed from the one play left (or the one picked)."""
        self._read_line()
        typed = self.typed
        if not isinstance(typed, TypedRoll):
            self.feedback.show_hint("Type the roll first (like 64); then Tab completes the play.")
            return
        choice = self.plays.picked
        shown = self.plays.shown
        if choice is None and len(shown) == 1:
            choice = shown[0]
        if choice is None:
            left = f"{len(shown)} plays are left" if shown else "no listed play fits"
            self.feedback.show_hint(f"Tab completes one play, and {left}: type on, or ↓ ↑.")
            return
        self.line.set_text(typed.entry(choice))

    def _pick(self, delta: int) -> None:
        """Move the pick in the list of legal plays; Enter then enters the play picked."""
        self._read_line()
        if not self.plays.shown:
            self.feedback.show_hint("Type a roll (like 64) to list its legal plays.")
            return
        self.plays.move(delta)
        typed, picked = self.typed, self.plays.picked
        chosen = typed.entry(picked) if isinstance(typed, TypedRoll) and picked else None
        self.line.input.choose(chosen)

    def _read_line(self) -> None:
        """The line read now when typed at once with the key (Tab, an arrow): not yet read."""
        if self.line.text != self._typed_text:
            self._typed(self.line.text)

    def on_play_list_picked(self, message: PlayList.Picked) -> None:
        if isinstance(self.typed, TypedRoll):
            self.line.input.choose(self.typed.entry(message.play))
            self.line.input.enter()
        self.line.input.focus()

    def on_entry_line_submitted(self, message: EntryLine.Submitted) -> None:
        """Enter what Enter took off the line, in order, up to the first entry refused.

        The refused entry goes back on the line, followed by the entries
        after it and what was typed since, to be corrected.
        """
        entered = self.line.input.entered
        done: list[str] = []
        refused: tuple[str, EntryProblem, str] | None = None
        while entered and refused is None:
            refused = _enter_each(self.recording, self._refusal, entered.popleft(), done)
        left = [*entered]
        entered.clear()
        if done:
            self._changed()
            self.feedback.show_done(f"✓ {done[-1]}   next: {self.recording.prompt()}")
        if refused is not None:
            text, problem, rest = refused
            self._refused(text, problem, " ".join([rest, *left, self.line.text]).strip())

    def _idle_hint(self) -> str:
        return with_opening(self.recording, idle_hint(self.recording))

    def _refusal(self, text: str) -> EntryProblem | None:
        """Why this screen refuses ``text`` before the rules see it (here: never)."""
        return None

    def _refused(self, text: str, problem: EntryProblem, line: str) -> None:
        """Why ``text`` was not kept, the line put back, and every legal play, the closest first;
        a roll alone is no problem: its plays are listed to pick from, as when it is typed."""
        self.problem = None if problem.roll_alone else problem
        self._problem_line, self._closest_for = line, None
        self.line.set_text(line)
        self._typed(line)
        if self.problem is None:
            return
        typed = self.recording.typed_roll(text)
        if isinstance(typed, TypedRoll) and problem.legal:
            ordered = tuple(dict.fromkeys((*problem.legal, *typed.plays)))
            self.plays.show_plays(f"{typed.label} closest", ordered, list(ordered))
            self._closest_for = line
        self.feedback.show_problem(problem, hint=self._closest_for is None)

    # -- undo, redo, the end -------------------------------------------------------------
    def action_undo(self) -> None:
        action = self.recording.undo()
        if action is None:
            self.notify(nothing_to_undo(self.recording), timeout=5)
            return
        self._changed()
        self.feedback.show_done(f"Undone: {describe(action)} (ctrl+y brings it back)")

    def action_redo(self) -> None:
        action = self.recording.redo()
        if action is None:
            self.notify("Nothing to redo.", timeout=2)
            return
        self._changed()
        self.feedback.show_done(f"Redone: {describe(action)}")

    def action_end_game(self) -> None:
        refusal = self.recording.end_refusal()
        if refusal is not None:  # said before the dialog, not after its questions
            self.notify(f"{sentence_start(refusal.message)}.", severity="warning", timeout=4)
            return
        dialog = EndGame(self.recording.terminated, self._offered_result())
        self.app.push_screen(dialog, lambda choice: _end_as_chosen(self, choice))

    def _offered_result(self) -> str:
        return self.recording.game.result_text  # the end dialog's; play offers the engine's win

    async def action_save(self) -> None:
        await self.run_action("app.save")
        unfinished = unfinished_turn(self.recording)
        if not self.record.dirty and unfinished is not None:
            self.notify(unfinished, severity="warning", timeout=6)

    def action_leave(self) -> None:
        self.dismiss(None)
