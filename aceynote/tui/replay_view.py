"""The replay screen's ground: one game of the record in the game view, and what its keys share.

:class:`ReplayView` opens a game of the record in the screen's
:class:`~.game_view.GameView` (which moves through it) and keeps the move
list in step with the view; the replay screen's other parts (annotating,
recording, the position's tools, the analysis) build on it, and
:mod:`.replay_screen` puts them together with the screen's keys.
"""

from __future__ import annotations

from ..files.record import RecordError
from ..notation import Game, Segment
from ..notation.lines import MAIN, Path
from ..terminal_text import counted
from ..validation import validate
from ..validation.timeline import Frame, Place, Timeline
from .game_screen import GameScreen
from .game_view import GameView
from .widgets import MoveList


class ReplayView(GameScreen):
    """Shows one game in the game view; its timeline is the validator's report of it."""

    analysis_depth = 1  # the engine's search depth for the analysis and the hint (0 or 1)

    @property
    def view(self) -> GameView:
        return self.query_one(GameView)

    # -- showing a game ------------------------------------------------------------
    def show_game(self, index: int, turn: str | None = None) -> None:
        """Open game ``index`` (0-based) of the record at its start, or at ``turn``."""
        record = self.record
        if not 0 <= index < len(record):
            return
        loaded = record.load(index)
        self.game_index = index
        view = self.view
        self._set_timeline(Timeline(validate(loaded.game)))
        view.message = loaded.note
        place = Place(MAIN, 0)
        if turn is not None:
            found = view.turn_place(turn)
            if found is None:
                self.notify(view.no_such_turn(turn), severity="warning")
            else:
                place = found
        elif self.timeline is not None and self.timeline.errors and not view.message:
            errors = counted(self.timeline.errors, "error")
            view.message = f"{errors} in this game: n goes to the first."
        view.cursor = place

    def _set_timeline(self, timeline: Timeline) -> None:
        """A (new) timeline of the game: in the view too, which shows it once placed."""
        self.view.load(timeline)
        super()._set_timeline(timeline)

    def on_game_view_moved(self, message: GameView.Moved) -> None:
        self.query_one(MoveList).show_frame(message.frame)

    def on_move_list_jump(self, message: MoveList.Jump) -> None:
        self.view.cursor = message.place

    def action_other_game(self, delta: int) -> None:
        """The next (``delta`` 1) or the previous (-1) game of the file."""
        index = self.game_index + delta
        if not 0 <= index < len(self.record):
            self.notify("No more games in this file.", timeout=2)
            return
        self.show_game(index)

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
        return self.view.frame.segment

    def _revalidate(self) -> None:
        """After a tag change (rules, setup, opening may differ): replay the game again.

        The view stays on the segment shown (at the same step where it still has
        it), or on the nearest one before it that the new replay still reaches.
        """
        assert self.timeline is not None
        frame, path = self.view.frame, self.view.cursor.path
        self._set_timeline(Timeline(validate(self.timeline.game)))
        self.view.cursor = self._place_of(frame, path)

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
        self.view.cursor = Place(line.path, line.last)
