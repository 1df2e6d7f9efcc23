"""The replay screen: the board, the move list and the notes of one game."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Horizontal, Vertical
from textual.reactive import reactive
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer

from ..notation import Game, Segment, Tag
from ..notation.limits import MAX_DIGITS
from ..rules import Side
from ..validate import validate
from .dialogs import Choose, CommentEditor, TagEditor, TagList
from .notes import Notes, NotesPanel
from .records import RecordError
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
    segment_text,
    turn_label,
)
from .words import counted, number_shown

if TYPE_CHECKING:
    from .app import ReplayApp

_TURN = re.compile(r"([0-9]+)\s*(\.\.\.|…|\.)?")  # on the stripped text: no backtracking
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


class ReplayScreen(Screen[None]):
    """Steps through one game; every position comes from the game's Timeline."""

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
    }

    cursor: reactive[Place] = reactive(Place(MAIN, 0), init=False, always_update=True)
    viewer: reactive[Side] = reactive(Side.WHITE, init=False)

    def __init__(self) -> None:
        super().__init__()
        self.timeline: Timeline | None = None
        self.game_index = 0
        self.message = ""
        self._autoplay: Timer | None = None

    @property
    def replay_app(self) -> ReplayApp:
        from .app import ReplayApp

        assert isinstance(self.app, ReplayApp)
        return self.app

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
        record = self.replay_app.record
        if record is None or not 0 <= index < len(record):
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

    def _set_timeline(self, timeline: Timeline) -> None:
        self.timeline = timeline
        record = self.replay_app.record
        if record is not None:
            entry = record.entries[self.game_index]
            entry.turns, entry.errors = timeline.report.turns, timeline.report.errors
        self.query_one(MoveList).load(timeline)
        self.refresh_header()

    def refresh_header(self) -> None:
        record = self.replay_app.record
        if self.timeline is None or record is None:
            return
        rules = self.timeline.report.rules.to_tag()
        self.query_one(GameHeader).show(
            self.timeline.game, rules, self.game_index + 1, len(record), record.dirty
        )

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
        from .dialogs import Prompt

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
            (str(n), f"{turn_label(turn)} {segment_text(turn.segments[0])}")
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
        record = self.replay_app.record
        index = self.game_index + delta
        if record is None or not 0 <= index < len(record):
            self.notify("No more games in this file.", timeout=2)
            return
        self.show_game(index)

    def action_game_list(self) -> None:
        self._stop_autoplay()
        self.replay_app.show_game_list()

    def on_move_list_jump(self, message: MoveList.Jump) -> None:
        self.cursor = message.place

    def on_board_clicked(self, message: Board.Clicked) -> None:
        if message.forward:
            self.action_step_forward()
        else:
            self.action_step_back()

    # -- annotating -----------------------------------------------------------------
    def _editable_game(self) -> Game | None:
        record = self.replay_app.record
        if record is None or self.timeline is None:
            return None
        try:
            record.mark_edited(self.game_index)
        except RecordError as error:
            self.notify(str(error), severity="error")
            return None
        return self.timeline.game

    def _can_edit(self) -> bool:
        record = self.replay_app.record
        if record is None or self.timeline is None:
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
