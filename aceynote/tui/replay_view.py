"""The replay screen's ground: one game of the record in the game view, replayed again after a change.

:class:`ReplayView` opens a game of the record in the screen's
:class:`~.game_view.GameView` (which moves through it) and keeps the move
list in step with the view; it replays the game again when the
:class:`~.annotator.Annotator` says its tags or variations changed. The
replay screen's other parts (recording, the analysis) build on it, and
:mod:`.replay_screen` puts them together with the screen's keys.
"""

from __future__ import annotations

from ..notation import Turn
from ..notation.lines import MAIN, Path
from ..terminal_text import counted
from ..validation import validate
from ..validation.timeline import Frame, Place, Timeline
from .annotator import Annotator
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
        self.game_index = self.annotator.game_index = index
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

    # -- after a change ----------------------------------------------------------------
    @property
    def annotator(self) -> Annotator:
        return self.query_one(Annotator)

    def on_annotator_edited(self, message: Annotator.Edited) -> None:
        self.refresh_header()

    def on_annotator_replayed(self, message: Annotator.Replayed) -> None:
        """After a change of the tags (rules, setup, opening may differ) or of the variations:
        the game replayed again.

        The view stays on the segment it showed (at the same step where it still
        has it), or on the nearest one before it that the new replay still reaches.
        """
        assert self.timeline is not None
        self._set_timeline(Timeline(validate(self.timeline.game)))
        self.view.cursor = self._place_of(message.frame, message.path)

    def _place_of(self, frame: Frame, path: Path) -> Place:
        """Where ``frame``'s segment (and step) stands in the current timeline."""
        assert self.timeline is not None
        segment = frame.segment
        found = self.timeline.place_of_segment(segment) if segment is not None else None
        if found is None:
            line = self.timeline.line(path)
            return Place(line.path, 0)
        return Place(found.path, min(found.first + frame.offset, found.final))

    def _revalidate_at_turn(self, path: Path, turn: Turn) -> None:
        """The game replayed again, the board where ``turn`` of line ``path`` starts, its dice
        rolled (the end of the line when the replay stops before it)."""
        assert self.timeline is not None
        self._set_timeline(Timeline(validate(self.timeline.game)))
        line = self.timeline.line(path)
        start = self.timeline.place_of_segment(turn.segments[0]) if turn.segments else None
        index = start.first if start is not None and start.path == path else line.last
        self.view.cursor = Place(path, min(index, line.last))

    def _revalidate_at_end(self, path: Path) -> None:
        """The game replayed again (it changed), the board at the end of line ``path``."""
        assert self.timeline is not None
        self._set_timeline(Timeline(validate(self.timeline.game)))
        line = self.timeline.line(path)
        self.view.cursor = Place(line.path, line.last)
