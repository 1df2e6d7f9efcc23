"""What the replay screen and the record screen share: one game of a record, on the board.

A screen is given the record it shows (the app opened it) and talks back to
the app with messages; it never imports the app. The app asks a screen only
to :meth:`GameScreen.refresh_header` after a save.
"""

from __future__ import annotations

from textual.screen import Screen

from ..files.record import RecordFile
from ..validation.timeline import Timeline
from .game_header import GameHeader
from .widgets import MoveList


class GameScreen(Screen[None]):
    """A screen showing game ``game_index`` of ``record``, from the game's timeline."""

    def __init__(self, record: RecordFile) -> None:
        super().__init__()
        self.record = record
        self.timeline: Timeline | None = None
        self.game_index = 0

    def _set_timeline(self, timeline: Timeline) -> None:
        """Show a (new) timeline of the game: its counts in the index, the move list, the header."""
        self.timeline = timeline
        if self.game_index < len(self.record.entries):
            entry = self.record.entries[self.game_index]
            entry.turns, entry.errors = timeline.report.turns, timeline.report.errors
            game = timeline.game  # its tags as edited
            entry.tags = {**game.tag_values(), "Result": game.result_text}
        self.query_one(MoveList).load(timeline)
        self.refresh_header()
        self.refresh_bindings()  # keys shown in the footer may depend on the game

    def refresh_header(self) -> None:
        """The header again: the game's tags, which game it is, whether changes are unsaved."""
        if self.timeline is None:
            return
        rules = self.timeline.report.rules.to_tag()
        self.query_one(GameHeader).show(
            self.timeline.game, rules, self.game_index + 1, len(self.record), self.record.dirty
        )
