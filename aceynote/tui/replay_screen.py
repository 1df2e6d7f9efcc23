"""The replay screen: the board, the move list and the notes of one game, and its keys.

Its parts build on :class:`~.replay_view.ReplayView` (showing and moving);
:class:`~.replay_edits.Annotating`, :class:`~.replay_record.RecordingHere`
and :class:`~.replay_position.PositionTools` add the keys of each area. The
bindings are all here: each names its action, its footer word and, as its
tooltip, its line in the help list.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Horizontal, Vertical
from textual.message import Message
from textual.widgets import Footer

from ..entering.ending import has_ended
from .analysis_bar import AnalysisBar
from .keys import HELP, QUIT, SAVE
from .notes import Notes, NotesPanel
from .replay_analysis import EXPLAIN, FIGURES, Analysing
from .replay_edits import Annotating
from .replay_position import PositionTools
from .replay_record import RecordingHere
from .widgets import Board, GameHeader, MoveList, StatusBar


class ReplayScreen(Analysing, Annotating, RecordingHere, PositionTools):
    """Steps through one game, annotates it, records on from it.

    It asks the app for the game list with a :class:`GameListWanted` message.
    """

    class GameListWanted(Message):
        """The user asked for the list of the file's games."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "right",
            "step('move', 1)",
            "Step",
            id="replay.step-forward",
            key_display="→",
            tooltip="step: one checker's move (or click the board's right)",
        ),
        Binding(
            "left",
            "step('move', -1)",
            "Back",
            id="replay.step-back",
            key_display="←",
            tooltip="step back (or click the board's left half)",
        ),
        Binding(
            "down",
            "step('roll', 1)",
            "Roll",
            id="replay.segment-forward",
            key_display="↓",
            tooltip="to the end of the next roll (=DD: and +RR: too)",
        ),
        Binding(
            "up",
            "step('roll', -1)",
            "Roll back",
            id="replay.segment-back",
            show=False,
            tooltip="to the end of the previous roll",
        ),
        Binding(
            "pagedown",
            "step('turn', 1)",
            "Turn",
            id="replay.turn-forward",
            show=False,
            tooltip="to the end of the next turn",
        ),
        Binding(
            "pageup",
            "step('turn', -1)",
            "Turn back",
            id="replay.turn-back",
            show=False,
            tooltip="to the end of the previous turn",
        ),
        Binding(
            "home",
            "step('line', -1)",
            "Start",
            id="replay.start",
            show=False,
            tooltip="to the start position",
        ),
        Binding(
            "end",
            "step('line', 1)",
            "End",
            id="replay.end",
            show=False,
            tooltip="to the end of the game (or variation)",
        ),
        Binding(
            "space",
            "autoplay",
            "Play",
            id="replay.autoplay",
            show=False,
            tooltip="play the moves one by one; again to stop",
        ),
        Binding(
            "t",
            "goto_turn",
            "Turn no.",
            id="replay.goto-turn",
            show=False,
            tooltip="to a turn by number: 12 (White's), 12... (Black's)",
        ),
        Binding(
            "n",
            "next_error",
            "Error",
            id="replay.next-diagnostic",
            tooltip="to the next error or warning of the validator",
        ),
        Binding("n", "diagnostic(1)", "Error", id="replay.next-diagnostic", show=False),
        Binding("n", "no_diagnostic", "Error", id="replay.next-diagnostic", show=False),
        Binding(
            "N",
            "diagnostic(-1)",
            "Previous error",
            id="replay.previous-diagnostic",
            show=False,
            tooltip="to the previous error or warning",
        ),
        Binding(
            "v",
            "enter_variation",
            "Variation",
            id="replay.enter-variation",
            show=False,
            tooltip="into a variation of this turn or the next",
        ),
        Binding(
            "escape",
            "escape",
            "Leave variation",
            id="replay.leave-variation",
            show=False,
            tooltip="out of the variation, back where it branches (while a analyses: stop it)",
        ),
        Binding(
            "f",
            "flip",
            "Flip",
            id="replay.flip",
            tooltip="turn the board round: the other side's view",
            show=False,  # in the help: at 80 columns the footer keeps Analyse and Quit
        ),
        Binding(
            "c",
            "comment",
            "Comment",
            id="replay.comment",
            tooltip="comment on this roll (at the start: on the game)",
        ),
        Binding(
            "g,exclamation_mark",
            "glyph",
            "Glyph",
            id="replay.glyph",
            show=False,
            tooltip="set or clear this roll's glyph: ! ? !! ?? !? ?!",
        ),
        Binding(
            "i",
            "tags",
            "Tags",
            id="replay.tags",
            show=False,
            tooltip="edit the game's tags (players, event, date...)",
        ),
        Binding(
            "right_square_bracket",
            "other_game(1)",
            "Next game",
            id="replay.next-game",
            show=False,
            tooltip="the next game of the file",
        ),
        Binding(
            "left_square_bracket",
            "other_game(-1)",
            "Previous game",
            id="replay.previous-game",
            show=False,
            tooltip="the previous game of the file",
        ),
        Binding(
            "l",
            "game_list",
            "Games",
            id="replay.game-list",
            show=False,
            tooltip="the list of the file's games, with a filter",
        ),
        Binding(
            "tab",
            "notes",
            "Notes",
            id="replay.notes",
            show=False,
            tooltip="the keys scroll the notes (tab again: back to the board)",
        ),
        Binding(
            "plus",
            "promote_variation",
            "Promote",
            id="replay.promote",
            show=False,
            tooltip="in a variation: make it the line it branches from",
        ),
        Binding(
            "delete",
            "delete_variation",
            "Delete",
            id="replay.delete",
            show=False,
            tooltip="in a variation: delete it (asks first)",
        ),
        Binding(
            "r",
            "record",
            "Record",
            id="replay.record",
            tooltip="record: enter the rolls and plays that follow (an unfinished game)",
        ),
        Binding("r", "record_refused", "Record", id="replay.record", show=False),
        Binding(
            "a",
            "analyse",
            "Analyse",
            id="replay.analyse",
            tooltip="analyse the game with the engine: marks, best plays, the graph (a again: stop)",
        ),
        EXPLAIN,
        FIGURES,
        Binding(
            "p",
            "plays",
            "Plays",
            id="replay.plays",
            show=False,
            tooltip="the legal plays of a roll you type, ranked by the engine with their equity",
        ),
        Binding(
            "y",
            "copy_setup",
            "Copy setup",
            id="replay.copy-setup",
            show=False,
            tooltip="copy the position's Setup string to the clipboard",
        ),
        Binding(
            "d",
            "diagram",
            "Diagram",
            id="replay.diagram",
            show=False,
            tooltip="write the board shown as an SVG file next to the record",
        ),
        SAVE,
        HELP,
        QUIT,
    ]
    AUTO_FOCUS = ""  # nothing: the keys belong to the board until tab gives them to the notes

    def compose(self) -> ComposeResult:
        yield GameHeader(id="header")
        with Horizontal(id="main"):
            with Container(id="left"):  # the notes under the board; beside it when wide
                with Vertical(id="board-column"):
                    yield Board(id="board")
                    yield StatusBar(id="status")
                    yield AnalysisBar(id="analysis")
                with NotesPanel(id="notes-panel"):
                    yield Notes(id="notes")
            yield MoveList(id="moves")
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys the footer shows only where they do something: n where the validator
        found an error, r where the game can be recorded on (without errors, not ended).
        The two never show together, so that the footer fits 80 columns.

        The same keys also reach hidden bindings: n goes to a warning, or says
        why it does nothing here; r still records a variation from an earlier
        turn of a finished game, and says why not at its end.
        """
        timeline = self.timeline
        if action == "next_error":
            return timeline is not None and bool(timeline.errors)
        if action == "diagnostic":
            return timeline is not None and bool(timeline.targets)
        if action == "record":
            return (
                timeline is not None
                and not timeline.errors
                and not has_ended(timeline.game, timeline.report.outcome)
            )
        return True

    def action_escape(self) -> None:
        """Esc: while the analysis runs, it stops it; else out of the variation."""
        if self.analysing:
            self.cancel_analysis()
        else:
            self.action_leave_variation()

    def action_notes(self) -> None:
        self.query_one(NotesPanel).focus()

    def action_flip(self) -> None:
        self.viewer = self.viewer.opponent

    def action_game_list(self) -> None:
        self._stop_autoplay()
        self.post_message(self.GameListWanted())
