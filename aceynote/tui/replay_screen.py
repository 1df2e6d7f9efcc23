"""The replay screen: the board, the move list and the notes of one game, and its keys.

The keys that move through the game are the game view's
(:class:`~.game_view.GameView`, which has the focus); the keys here act on
the record and the screen: annotating (:class:`~.replay_edits.Annotating`),
recording on (:class:`~.replay_record.RecordingHere`), the position's tools
(:class:`~.replay_position.PositionTools`), the analysis
(:class:`~.replay_analysis.Analysing`), the other games, saving and quitting.
They work whichever of the view's parts has the keys, the board or the notes;
each binding names its action, its footer word and, as its tooltip, its line
in the help list.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Footer

from ..entering.ending import has_ended
from .game_view import GameView
from .keys import HELP, QUIT, SAVE
from .replay_analysis import Analysing
from .replay_edits import Annotating
from .replay_position import PositionTools
from .replay_record import RecordingHere
from .widgets import GameHeader, MoveList


class ReplayScreen(Analysing, Annotating, RecordingHere, PositionTools):
    """Steps through one game, annotates it, records on from it.

    It asks the app for the game list with a :class:`GameListWanted` message.
    """

    class GameListWanted(Message):
        """The user asked for the list of the file's games."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "escape",
            "escape",
            "Leave variation",
            id="replay.leave-variation",
            show=False,
            tooltip="out of the variation, back where it branches (while a analyses: stop it)",
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
    AUTO_FOCUS = "#left"  # the game view: its keys move, until tab gives them to the notes

    def compose(self) -> ComposeResult:
        yield GameHeader(id="header")
        with Horizontal(id="main"):
            yield GameView(id="left")  # the notes under the board; beside it when wide
            yield MoveList(id="moves")
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """r is shown in the footer only where the game can be recorded on (without
        errors, not ended): never with the view's n (errors), so that the footer fits
        80 columns. A hidden binding takes r elsewhere: it still records a variation from
        an earlier turn of a finished game, and says why not at its end.
        """
        timeline = self.timeline
        if action == "record":
            return (
                timeline is not None
                and not timeline.errors
                and not has_ended(timeline.game, timeline.report.outcome)
            )
        return True

    def action_escape(self) -> None:
        """Esc: while the analysis runs, it stops it; else out of the variation.

        The screen's key, not the view's: which of the two it does depends on the
        analysis, which is the screen's (the notes panel's own Esc, when it has the
        keys, comes first and gives them back to the board).
        """
        if self.analysing:
            self.cancel_analysis()
        else:
            self.view.leave_variation()

    def action_game_list(self) -> None:
        self.view.stop_autoplay()
        self.post_message(self.GameListWanted())
