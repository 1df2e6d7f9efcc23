"""The replay screen: the board, the move list and the notes of one game, and its keys.

The keys are bound on the widget that acts: those that move through the
game and look at the position shown on the game view
(:class:`~.game_view.GameView`, which has the focus), those that annotate on
the :class:`~.annotator.Annotator` around it (which tells the screen with
messages). The keys here need the whole screen, and work whichever of the
view's parts has the keys, the board or the notes: r opens the record screen
and takes the game back after it (:class:`~.replay_record.RecordingHere`); a
runs the analysis, whose result the move list, the view and the saving share
(:class:`~.replay_analysis.Analysing`), and Esc stops it, else leaves the
variation; ] [ and l show another game of the record; s, ? and q are the
app's. Each binding names its action, its footer word and, as its tooltip,
its line in the help list.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import Footer

from ..entering.ending import has_ended
from .annotator import Annotator
from .game_header import GameHeader
from .game_view import GameView
from .keys import HELP, QUIT, SAVE
from .position_tools import write_diagram
from .replay_analysis import EXPLAIN, FIGURES, Analysing
from .replay_record import RecordingHere
from .widgets import MoveList


class ReplayScreen(Analysing, RecordingHere):
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
            tooltip="out of the variation, back where it branches (during an analysis: stop it)",
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
            "r",
            "record",
            "Record",
            id="replay.record",
            tooltip="record: the rolls and plays that follow, at the end or from the turn shown",
        ),
        Binding(
            "r",
            "play_on",
            "Play",
            id="replay.record",
            tooltip="back to the game against the engine, to play on (from the turn shown: asks how)",
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
        SAVE,
        HELP,
        QUIT,
    ]
    AUTO_FOCUS = "#left"  # the game view: its keys move, until tab gives them to the notes

    def compose(self) -> ComposeResult:
        yield GameHeader(id="header")
        with Annotator(self.record, id="main"):
            # the notes under the board; beside it when wide
            yield GameView(analysis_depth=self.analysis_depth, id="left")
            yield MoveList(id="moves")
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """r is shown in the footer only where the game can be recorded on (without
        errors, not ended): never with the view's n (errors), so that the footer fits
        80 columns; as Play in the game played against the engine, which r goes back
        to. A hidden binding takes r elsewhere: it still records a variation from an
        earlier turn of a finished game, and says why not at its end.
        """
        timeline = self.timeline
        if action in ("record", "play_on"):
            return (
                timeline is not None
                and not timeline.errors
                and not has_ended(timeline.game, timeline.report.outcome)
                and (action == "play_on") == (self.practice_shown() is not None)
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

    def on_game_view_diagram_wanted(self, message: GameView.DiagramWanted) -> None:
        if self.timeline is not None:
            game, number = self.timeline.game, self.game_index + 1
            write_diagram(self, self.record.path, number, game, message.frame, message.viewer)

    def action_game_list(self) -> None:
        self.view.stop_autoplay()
        self.post_message(self.GameListWanted())
