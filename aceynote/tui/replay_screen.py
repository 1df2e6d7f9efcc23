"""The replay screen: the board, the move list and the notes of one game."""

from __future__ import annotations

import re
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Horizontal, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.timer import Timer
from textual.widgets import Footer

from ..entering import Recording, RecordingError, settle_result
from ..notation import Game, Segment, Tag
from ..notation.limits import MAX_DIGITS
from ..notation.lines import (
    branch_after,
    cut_after,
    drop_variation,
    find_branch,
    promote_variation,
)
from ..notation.writer import play_text, segment_text, turn_number
from ..rules import DiceError, Position, SetupError, Side, legal_plays, roll_dice
from ..validation import validate
from .diagram_file import DiagramError, diagram_stem, frame_svg, moment, write_new
from .dialogs import Choose, CommentEditor, Confirm, PlayChoices, Prompt, TagEditor, TagList
from .game_screen import GameScreen
from .notes import Notes, NotesPanel
from .printable import path_shown
from .record_screen import RecordScreen
from .records import RecordError, RecordFile
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
from .widgets import (
    GLYPH_MEANINGS,
    NAG_GLYPHS,
    Board,
    GameHeader,
    MoveList,
    StatusBar,
)
from .words import counted, number_shown

_TURN = re.compile(r"([0-9]+)\s*(\.\.\.|…|\.)?")  # on the stripped text: no backtracking
_ROLL = re.compile(r"([1-6])\s*[-/]?\s*([1-6]):?")
AUTOPLAY_SECONDS = 0.8
EDITABLE_COMMENT = 200_000
"""Characters of a comment the comment editor opens (a longer one makes each key take seconds)."""


def parse_turn(text: str) -> tuple[int | None, Side | None] | None:
    """``12`` (White's turn 12, else Black's), ``12.`` (White's) or ``12...`` (Black's).

    None when ``text`` is no turn number. A number of more digits than a
    record's move number may have (``MAX_DIGITS``) is read as number None:
    no game has that turn (and Python would not even turn 5,000 digits into
    an int).
    """
    match = _TURN.fullmatch(text.strip())
    if match is None:
        return None
    digits, dots = match[1].lstrip("0") or "0", match[2]
    side = None if dots is None else (Side.WHITE if dots == "." else Side.BLACK)
    return (int(digits) if len(digits) <= MAX_DIGITS else None), side


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


class ReplayScreen(GameScreen):
    """Steps through one game; every position comes from the game's Timeline.

    It asks the app for the game list with a :class:`GameListWanted` message.
    """

    class GameListWanted(Message):
        """The user asked for the list of the file's games."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right", "step_forward", "Step", id="replay.step-forward", key_display="→"),
        Binding("left", "step_back", "Back", id="replay.step-back", key_display="←"),
        Binding("down", "segment_forward", "Roll", id="replay.segment-forward", key_display="↓"),
        Binding("up", "segment_back", "Roll back", id="replay.segment-back", show=False),
        Binding("pagedown", "turn_forward", "Turn", id="replay.turn-forward", show=False),
        Binding("pageup", "turn_back", "Turn back", id="replay.turn-back", show=False),
        Binding("home", "go_start", "Start", id="replay.start", show=False),
        Binding("end", "go_end", "End", id="replay.end", show=False),
        Binding("space", "autoplay", "Play", id="replay.autoplay", show=False),
        Binding("t", "goto_turn", "Turn no.", id="replay.goto-turn", show=False),
        Binding("n", "next_diagnostic", "Next error", id="replay.next-diagnostic"),
        Binding("n", "no_diagnostic", "Next error", id="replay.next-diagnostic", show=False),
        Binding(
            "N",
            "previous_diagnostic",
            "Previous error",
            id="replay.previous-diagnostic",
            show=False,
        ),
        Binding("v", "enter_variation", "Variation", id="replay.enter-variation", show=False),
        Binding(
            "escape", "leave_variation", "Leave variation", id="replay.leave-variation", show=False
        ),
        Binding("f", "flip", "Flip", id="replay.flip"),
        Binding("c", "comment", "Comment", id="replay.comment"),
        Binding("g,exclamation_mark", "glyph", "Glyph", id="replay.glyph", show=False),
        Binding("i", "tags", "Tags", id="replay.tags", show=False),
        Binding(
            "right_square_bracket", "next_game", "Next game", id="replay.next-game", show=False
        ),
        Binding(
            "left_square_bracket",
            "previous_game",
            "Previous game",
            id="replay.previous-game",
            show=False,
        ),
        Binding("l", "game_list", "Games", id="replay.game-list", show=False),
        Binding("tab", "notes", "Notes", id="replay.notes", show=False),
        Binding("plus", "promote_variation", "Promote", id="replay.promote", show=False),
        Binding("delete", "delete_variation", "Delete", id="replay.delete", show=False),
        Binding("r", "record", "Record", id="replay.record"),
        Binding("r", "record_refused", "Record", id="replay.record", show=False),
        Binding("p", "plays", "Plays", id="replay.plays", show=False),
        Binding("y", "copy_setup", "Copy setup", id="replay.copy-setup", show=False),
        Binding("d", "diagram", "Diagram", id="replay.diagram", show=False),
        Binding("s", "app.save", "Save", id="app.save"),
        Binding("question_mark", "app.help", "Help", id="app.help", key_display="?"),
        Binding("q", "app.quit", "Quit", id="app.quit"),
    ]
    AUTO_FOCUS = ""  # nothing: the keys belong to the board until tab gives them to the notes

    HELP_TEXT: ClassVar[dict[str, str]] = {
        "replay.step-forward": "step: one checker's move (or click the board's right)",
        "replay.step-back": "step back (or click the board's left half)",
        "replay.segment-forward": "to the end of the next roll (=DD: and +RR: too)",
        "replay.segment-back": "to the end of the previous roll",
        "replay.turn-forward": "to the end of the next turn",
        "replay.turn-back": "to the end of the previous turn",
        "replay.start": "to the start position",
        "replay.end": "to the end of the game (or variation)",
        "replay.autoplay": "play the moves one by one; again to stop",
        "replay.goto-turn": "to a turn by number: 12 (White's), 12... (Black's)",
        "replay.next-diagnostic": "to the next error or warning of the validator",
        "replay.previous-diagnostic": "to the previous error or warning",
        "replay.enter-variation": "into a variation of this turn or the next",
        "replay.leave-variation": "out of the variation, back where it branches",
        "replay.flip": "turn the board round: the other side's view",
        "replay.comment": "comment on this roll (at the start: on the game)",
        "replay.glyph": "set or clear this roll's glyph: ! ? !! ?? !? ?!",
        "replay.tags": "edit the game's tags (players, event, date...)",
        "replay.next-game": "the next game of the file",
        "replay.previous-game": "the previous game of the file",
        "replay.game-list": "the list of the file's games, with a filter",
        "replay.notes": "the keys scroll the notes (tab again: back to the board)",
        "replay.promote": "in a variation: make it the line it branches from",
        "replay.delete": "in a variation: delete it (asks first)",
        "replay.record": "record: enter the rolls and plays that follow (an unfinished game)",
        "replay.plays": "the legal plays of a roll you type, in the position shown",
        "replay.copy-setup": "copy the position's Setup string to the clipboard",
        "replay.diagram": "write the board shown as an SVG file next to the record",
    }

    cursor: reactive[Place] = reactive(Place(MAIN, 0), init=False, always_update=True)

    def __init__(self, record: RecordFile) -> None:
        super().__init__(record)
        self.message = ""
        self._autoplay: Timer | None = None

    def compose(self) -> ComposeResult:
        yield GameHeader(id="header")
        with Horizontal(id="main"):
            with Container(id="left"):  # the notes under the board; beside it when wide
                with Vertical(id="board-column"):
                    yield Board(id="board")
                    yield StatusBar(id="status")
                with NotesPanel(id="notes-panel"):
                    yield Notes(id="notes")
            yield MoveList(id="moves")
        yield Footer()

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
        if self.query_one(Notes).show(timeline, place.path, place.index, self.message):
            self.query_one(NotesPanel).scroll_home(animate=False)
        self.query_one(MoveList).show_frame(frame)
        self.message = ""

    @property
    def frame_count(self) -> int:
        return len(self.timeline.line(self.cursor.path).frames) if self.timeline else 0

    def _go(self, index: int, path: tuple[int, ...] | None = None) -> None:
        self.cursor = Place(self.cursor.path if path is None else path, index)

    # -- moving ---------------------------------------------------------------
    def action_step_forward(self) -> None:
        if self.timeline is not None:
            self._go(step(self.timeline.line(self.cursor.path), self.cursor.index, 1))

    def action_step_back(self) -> None:
        if self.timeline is not None:
            self._go(step(self.timeline.line(self.cursor.path), self.cursor.index, -1))

    def action_segment_forward(self) -> None:
        if self.timeline is not None:
            self._go(next_end(self.timeline.line(self.cursor.path).segment_ends, self.cursor.index))

    def action_segment_back(self) -> None:
        if self.timeline is not None:
            self._go(
                previous_end(self.timeline.line(self.cursor.path).segment_ends, self.cursor.index)
            )

    def action_turn_forward(self) -> None:
        if self.timeline is not None:
            self._go(next_end(self.timeline.line(self.cursor.path).turn_ends, self.cursor.index))

    def action_turn_back(self) -> None:
        if self.timeline is not None:
            self._go(
                previous_end(self.timeline.line(self.cursor.path).turn_ends, self.cursor.index)
            )

    def action_go_start(self) -> None:
        self._go(0)

    def action_go_end(self) -> None:
        if self.timeline is not None:
            self._go(self.timeline.line(self.cursor.path).last)

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
        self.action_step_forward()

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

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys the footer shows only where they do something: n where the validator
        found something, r where the game can be recorded (without errors).

        The same keys also reach a hidden binding that says why they do nothing here.
        """
        timeline = self.timeline
        if action in ("next_diagnostic", "previous_diagnostic"):
            return timeline is not None and bool(timeline.targets)
        if action == "record":
            return timeline is not None and not timeline.errors
        return True

    def action_no_diagnostic(self) -> None:
        self.notify("The validator found nothing to point out in this game.", timeout=2)

    def action_record_refused(self) -> None:
        self.action_record()

    def action_next_diagnostic(self) -> None:
        self._diagnostic(forward=True)

    def action_previous_diagnostic(self) -> None:
        self._diagnostic(forward=False)

    def _diagnostic(self, forward: bool) -> None:
        if self.timeline is None:
            return
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

    def _enter(self, path: tuple[int, ...]) -> None:
        assert self.timeline is not None
        line = self.timeline.line(path)
        self.cursor = Place(path, min(line.own_start, line.last))

    def action_leave_variation(self) -> None:
        if self.timeline is None:
            return
        place = leave_variation(self.timeline, self.cursor.path)
        if place is not None:
            self.cursor = place

    def action_notes(self) -> None:
        self.query_one(NotesPanel).focus()

    def action_flip(self) -> None:
        self.viewer = self.viewer.opponent

    def action_next_game(self) -> None:
        self._other_game(1)

    def action_previous_game(self) -> None:
        self._other_game(-1)

    def _other_game(self, delta: int) -> None:
        record = self.record
        index = self.game_index + delta
        if not 0 <= index < len(record):
            self.notify("No more games in this file.", timeout=2)
            return
        self.show_game(index)

    def action_game_list(self) -> None:
        self._stop_autoplay()
        self.post_message(self.GameListWanted())

    def on_move_list_jump(self, message: MoveList.Jump) -> None:
        self.cursor = message.place

    def on_board_clicked(self, message: Board.Clicked) -> None:
        if message.forward:
            self.action_step_forward()
        else:
            self.action_step_back()

    # -- annotating -----------------------------------------------------------------
    def _editable_game(self) -> Game | None:
        record = self.record
        if self.timeline is None:
            return None
        try:
            record.mark_edited(self.game_index)
        except RecordError as error:
            self.notify(str(error), severity="error")
            return None
        return self.timeline.game

    def _can_edit(self) -> bool:
        record = self.record
        if self.timeline is None:
            return False
        if not record.load(self.game_index).editable:
            self.notify(
                "This game cannot be annotated: it is kept exactly as written.", severity="error"
            )
            return False
        return True

    def _current_segment(self) -> Segment | None:
        if self.timeline is None:
            return None
        return self.timeline.line(self.cursor.path).frames[self.cursor.index].segment

    def action_comment(self) -> None:
        if not self._can_edit() or self.timeline is None:
            return
        segment = self._current_segment()
        comments = segment.comments if segment is not None else self.timeline.game.comments
        title = (
            f"Comment on {segment_text(segment)}" if segment is not None else "Comment on the game"
        )
        before = "\n\n".join(comments)
        if len(before) > EDITABLE_COMMENT:
            self.notify(
                f"This comment is {len(before):,} characters long: too long to edit here"
                f" (up to {EDITABLE_COMMENT:,}). Edit the file in a text editor.",
                severity="warning",
                timeout=6,
            )
            return

        def keep(text: str | None) -> None:
            if text is None or text == before or self._editable_game() is None:
                return
            comments[:] = [text.strip()] if text.strip() else []
            self._edited(segment)

        self.app.push_screen(CommentEditor(title, before), keep)

    def action_glyph(self) -> None:
        segment = self._current_segment()
        if segment is None:
            self.notify("Go to a move first: a glyph marks a move.", timeout=3)
            return
        if not self._can_edit():
            return
        choices = [(glyph, f"{glyph:<3} {meaning}") for glyph, meaning in GLYPH_MEANINGS.items()]
        choices.append(("none", "    no glyph"))
        current = next(iter(segment.glyphs), None)

        def keep(answer: str | None) -> None:
            if answer is None or self._editable_game() is None:
                return
            segment.glyphs[:] = [] if answer == "none" else [answer]
            segment.nags[:] = [nag for nag in segment.nags if nag not in NAG_GLYPHS]
            self._edited(segment)

        self.app.push_screen(Choose(f"Glyph for {segment_text(segment)}", choices, current), keep)

    def action_tags(self) -> None:
        if not self._can_edit() or self.timeline is None:
            return
        game = self.timeline.game
        before: TagList = [(tag.name, tag.value) for tag in game.tags]

        def keep(tags: TagList | None) -> None:
            if tags is None or tags == before or self._editable_game() is None:
                return
            old = {(tag.name, tag.value): tag for tag in game.tags}
            game.tags[:] = [old.get((name, value), Tag(name, value)) for name, value in tags]
            self._revalidate()

        self.app.push_screen(TagEditor(before), keep)

    def _edited(self, segment: Segment | None) -> None:
        if segment is not None:
            self.query_one(MoveList).refresh_segment(segment)
        self.refresh_header()
        self._show(self.cursor)

    def _revalidate(self) -> None:
        """After a tag change (rules, setup, opening may differ): replay the game again.

        The view stays on the segment shown (at the same step where it still has
        it), or on the nearest one before it that the new replay still reaches.
        """
        assert self.timeline is not None
        frame = self.timeline.line(self.cursor.path).frames[self.cursor.index]
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

    # -- recording -------------------------------------------------------------------
    def action_record(self) -> None:
        """Enter what follows: at the end of the line, or from the segment shown."""
        timeline = self.timeline
        if timeline is None or not self._can_edit():
            return
        if timeline.errors:
            errors = counted(timeline.errors, "error")
            self.notify(
                f"This game has {errors}: correct them before adding to it (n goes to the first).",
                severity="warning",
                timeout=5,
            )
            return
        frame = timeline.line(self.cursor.path).frames[self.cursor.index]
        path = frame.replay.line if frame.replay is not None else self.cursor.path
        game = timeline.game
        branch = find_branch(game, path, frame.segment)
        if branch.at_end(game) or not timeline.variation_turns(path):
            self.record_at_end(path)
            return
        where = (
            f"after {turn_number(frame.turn)} {segment_text(frame.segment)}"
            if frame.turn is not None and frame.segment is not None
            else "from the start"
        )

        def answer(choice: str | None) -> None:
            if choice == "end":
                self.record_at_end(path)
                return
            was_edited = self.game_index in self.record.edited
            if choice not in ("cut", "variation") or self._editable_game() is None:
                return
            if choice == "cut":
                cut = cut_after(game, branch)
                self.notify(f"Cut {counted(cut, 'segment')} {where}.", timeout=3)
                self.record_at_end(path)
            else:
                self.record_at_end(branch_after(game, branch), new_variation=was_edited)

        question = (
            f"Record {where}? The line goes on after it.\n"
            "Enter the new moves as a variation, cut the rest of the line,"
            " or go on at its end? (esc: cancel)"
        )
        answers = [("variation", "Variation"), ("cut", "Cut the rest"), ("end", "At the end")]
        self.app.push_screen(Confirm(question, answers), answer)

    def record_at_end(
        self, path: Path = MAIN, first: Side | None = None, new_variation: bool | None = None
    ) -> None:
        """Open the record screen at the end of line ``path`` (``first``: who starts a new game).

        ``new_variation`` (whether the game was edited before) when ``path`` is a
        variation just added to record into: it is taken away again if nothing
        is entered in it.
        """
        if self.timeline is None:
            return
        game = self.timeline.game
        index = self.game_index

        def unused_variation() -> Path:
            if new_variation is None:
                return path
            drop_variation(game, path)
            if not new_variation:
                self.record.edited.pop(index, None)
            self.refresh_header()
            return path[:-2]

        try:
            recording = Recording.at_end(game, path, first=first)
        except RecordingError as error:
            self.notify(f"Cannot record here: {error}.", severity="warning", timeout=5)
            self._revalidate_at_end(unused_variation())
            return
        if recording.over:
            self.notify(
                f"{recording.prompt()}: nothing more can be entered. To play on from"
                " an earlier turn, go there and press r (a variation, or cut the rest).",
                timeout=6,
            )
            self._revalidate_at_end(path)
            return
        was_edited = self.game_index in self.record.edited

        def back(_: None) -> None:
            self._revalidate_at_end(recording.path if recording.done else unused_variation())

        screen = RecordScreen(self.record, self.game_index, recording, self.viewer, was_edited)
        self.app.push_screen(screen, back)

    def _revalidate_at_end(self, path: Path) -> None:
        """The game replayed again (it changed), the board at the end of line ``path``."""
        assert self.timeline is not None
        self._set_timeline(Timeline(validate(self.timeline.game)))
        line = self.timeline.line(path)
        self.cursor = Place(line.path, line.last)

    # -- what could be played -----------------------------------------------------------
    def _position_shown(self) -> tuple[Position, str]:
        """The position to play from at the frame shown, and words for where it is."""
        assert self.timeline is not None
        frame = self.timeline.line(self.cursor.path).frames[self.cursor.index]
        replay = frame.replay
        if replay is None:
            return frame.position, "the start position"
        written = f"{turn_number(replay.turn)} {segment_text(replay.segment)}"
        if frame.final:
            return replay.after, f"the position after {written}"
        return replay.before, f"the position before {written}"

    def action_plays(self) -> None:
        """The legal plays of a roll typed here (nothing is entered)."""
        if self.timeline is None:
            return
        position, where = self._position_shown()
        if position.winner is not None:
            self.notify("The game is over here: nothing more is played.", timeout=3)
            return
        rules = self.timeline.report.rules
        side = position.turn.title
        frame = self.timeline.line(self.cursor.path).frames[self.cursor.index]
        segment = frame.segment
        rolled = f"{segment.high}{segment.low}" if segment is not None and not frame.final else ""

        def show(answer: str | None) -> None:
            if not answer:
                return
            match = _ROLL.fullmatch(answer.strip())
            try:
                if match is None:
                    raise DiceError(answer)
                high, low = sorted((int(match[1]), int(match[2])), reverse=True)
                dice = roll_dice(high, low)
            except DiceError:
                self.notify(
                    f"'{answer.strip()[:12]}' is not a roll: type two dice, like 64.",
                    severity="warning",
                )
                return
            plays = legal_plays(position, dice, rules)
            texts = sorted({play_text(play.steps) for play in plays.values()})
            title = f"{side}'s legal plays of {high}{low} in {where}: {len(texts)}"
            self.app.push_screen(PlayChoices(title, texts))

        prompt = f"{side} to play in {where}.\nWhich roll? (like 64)"
        self.app.push_screen(Prompt(prompt, rolled, "64"), show)

    def action_copy_setup(self) -> None:
        """The Setup string of the position shown, to the clipboard and on screen."""
        if self.timeline is None:
            return
        position, where = self._position_shown()
        try:
            setup = position.to_setup()
        except SetupError as error:
            self.notify(f"No Setup string here: {error}.", severity="warning", timeout=4)
            return
        self.app.copy_to_clipboard(setup)
        self.notify(f"Copied the Setup of {where}:\n{setup}", timeout=8)

    def action_diagram(self) -> None:
        """The board shown, as an SVG diagram next to the record (a new file, never over one)."""
        if self.timeline is None:
            return
        frame = self.timeline.line(self.cursor.path).frames[self.cursor.index]
        stem = diagram_stem(self.record.path, self.game_index + 1, frame)
        try:
            written = write_new(stem, frame_svg(self.timeline.game, frame, self.viewer))
        except DiagramError as error:
            self.notify(f"No diagram written: {error}.", severity="error", timeout=8)
            return
        self.notify(f"Wrote the board {moment(frame)} to\n{path_shown(written)}", timeout=8)

    # -- variations -------------------------------------------------------------------
    def _variation_here(self) -> Path | None:
        """The variation the board is in (the innermost), or None with a word why not."""
        if not self.cursor.path:
            self.notify("Not in a variation: v enters one.", timeout=3)
            return None
        if not self._can_edit():
            return None
        return self.cursor.path

    def action_promote_variation(self) -> None:
        path = self._variation_here()
        if path is None or self.timeline is None or self._editable_game() is None:
            return
        frame = self.timeline.line(path).frames[self.cursor.index]
        game = self.timeline.game
        parent = promote_variation(game, path)
        report = validate(game)
        if not parent:
            settle_result(game, report)
            report = validate(game)
        self._set_timeline(Timeline(report))
        self.cursor = self._place_of(frame, parent)
        self.notify("The variation is now the line; the old line is its first variation.")

    def action_delete_variation(self) -> None:
        path = self._variation_here()
        if path is None or self.timeline is None:
            return
        turns = self.timeline.variation_turns(path)
        first = f"{turn_number(turns[0])} {segment_text(turns[0].segments[0])}" if turns else ""

        def answer(choice: str | None) -> None:
            if choice != "delete" or self.timeline is None or self._editable_game() is None:
                return
            place = leave_variation(self.timeline, path)
            drop_variation(self.timeline.game, path)
            self._set_timeline(Timeline(validate(self.timeline.game)))
            self.cursor = place or Place(MAIN, 0)

        question = f"Delete the variation {first}, with every variation inside it?"
        self.app.push_screen(
            Confirm(question, [("delete", "Delete"), ("cancel", "Keep it")]), answer
        )
