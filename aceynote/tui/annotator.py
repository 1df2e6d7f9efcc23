"""The game view and the move list side by side, and the keys that annotate the game shown.

:class:`Annotator` holds the replay screen's :class:`~.game_view.GameView`
(which has the focus) and its :class:`~.widgets.MoveList`: a key bound here
works from the board and from the notes. c (comment), g (glyph), i (tags),
+ (promote a variation) and Delete (delete it) change the game in place,
after a dialog; the annotator then shows the change in the view and the
move list, and tells the screen with a message: :class:`Annotator.Edited`
(a comment or a glyph: the header says ``modified``) or
:class:`Annotator.Replayed` (the tags or the variations changed: the
screen replays the game).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.message import Message

from ..entering import settle_result
from ..entering.ending import apply_tags, result_refusal
from ..files.record import RecordError, RecordFile
from ..notation import Game, Segment
from ..notation.lines import MAIN, Path, drop_variation, line_turns, promote_variation
from ..notation.model import GLYPH_MEANINGS, NAG_GLYPHS
from ..notation.writer import segment_label, segment_text
from ..validation import validate
from ..validation.timeline import Frame, leave_variation
from .dialogs import Choose, CommentEditor, Confirm
from .game_view import GameView
from .tag_editor import TagEditor, TagList
from .widgets import MoveList

EDITABLE_COMMENT = 200_000
"""Characters of a comment the comment editor opens (a longer one makes each key take seconds)."""


class Annotator(Horizontal):
    """The view and the move list of game ``game_index`` of ``record``; c, g, i, + and Delete."""

    BINDINGS: ClassVar[list[BindingType]] = [
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
            tooltip="set or clear this roll's glyph: " + " ".join(GLYPH_MEANINGS),
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
    ]

    class Edited(Message):
        """A comment or a glyph of the game changed (shown in the view and the move list)."""

    @dataclass
    class Replayed(Message):
        """The game's tags or variations changed: replay it, the board on ``frame``'s
        segment (at the same step) in line ``path``, or the nearest place before it."""

        frame: Frame
        path: Path

    def __init__(self, record: RecordFile, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.record = record
        self.game_index = 0  # the game the view shows: the screen sets it

    @property
    def view(self) -> GameView:
        return self.query_one(GameView)

    # -- whether the game can be changed ------------------------------------------------
    def can_edit(self) -> bool:
        """Whether the game shown can be changed (else said why: it is kept as written)."""
        if self.view.timeline is None:
            return False
        if not self.record.load(self.game_index).editable:
            self.notify(
                "This game cannot be annotated: it is kept exactly as written.", severity="error"
            )
            return False
        return True

    def editable_game(self) -> Game | None:
        """The game, marked edited (None, said why, when the record cannot be changed)."""
        timeline = self.view.timeline
        if timeline is None:
            return None
        try:
            self.record.mark_edited(self.game_index)
        except RecordError as error:
            self.notify(str(error), severity="error")
            return None
        return timeline.game

    # -- comments, glyphs, tags ---------------------------------------------------------
    def action_comment(self) -> None:
        timeline = self.view.timeline
        if not self.can_edit() or timeline is None:
            return
        segment = self.view.frame.segment
        comments = segment.comments if segment is not None else timeline.game.comments
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
            if text is None or text == before or self.editable_game() is None:
                return
            comments[:] = [text.strip()] if text.strip() else []
            self._edited(segment)

        self.app.push_screen(CommentEditor(title, before), keep)

    def action_glyph(self) -> None:
        segment = self.view.frame.segment if self.view.timeline is not None else None
        if segment is None:
            self.notify("Go to a move first: a glyph marks a move.", timeout=3)
            return
        if not self.can_edit():
            return
        choices = [(glyph, f"{glyph:<3} {meaning}") for glyph, meaning in GLYPH_MEANINGS.items()]
        choices.append(("none", "    no glyph"))
        current = next(iter(segment.glyphs), None)

        def keep(answer: str | None) -> None:
            if answer is None:
                return
            glyphs = [] if answer == "none" else [answer]
            nags = [nag for nag in segment.nags if nag not in NAG_GLYPHS]
            if (glyphs, nags) == (segment.glyphs, segment.nags) or self.editable_game() is None:
                return  # the glyph it had: nothing changed, nothing to save
            segment.glyphs[:], segment.nags[:] = glyphs, nags
            self._edited(segment)

        self.app.push_screen(Choose(f"Glyph for {segment_text(segment)}", choices, current), keep)

    def action_tags(self) -> None:
        timeline = self.view.timeline
        if not self.can_edit() or timeline is None:
            return
        game = timeline.game
        before: TagList = [(tag.name, tag.value) for tag in game.tags]

        def keep(tags: TagList | None) -> None:
            if tags is None or tags == before or self.editable_game() is None:
                return
            apply_tags(game, tags)
            self.post_message(self.Replayed(self.view.frame, self.view.cursor.path))

        self.app.push_screen(TagEditor(before, partial(result_refusal, game)), keep)

    def _edited(self, segment: Segment | None) -> None:
        if segment is not None:
            self.query_one(MoveList).refresh_segment(segment)
        self.view.show_again()
        self.post_message(self.Edited())

    # -- variations -------------------------------------------------------------------
    def _variation_here(self) -> Path | None:
        """The variation the board is in (the innermost), or None with a word why not."""
        if not self.view.cursor.path:
            self.notify("Not in a variation: v enters one.", timeout=3)
            return None
        if not self.can_edit():
            return None
        return self.view.cursor.path

    def action_promote_variation(self) -> None:
        path = self._variation_here()
        game = self.editable_game() if path is not None else None
        if path is None or game is None:
            return
        frame = self.view.frame
        parent = promote_variation(game, path)
        if not parent:
            settle_result(game, validate(game))
        self.post_message(self.Replayed(frame, parent))
        self.notify("The variation is now the line; the old line is its first variation.")

    def action_delete_variation(self) -> None:
        path = self._variation_here()
        if path is None or self.view.timeline is None:
            return
        turns = line_turns(self.view.timeline.game, path)
        first = segment_label(turns[0]) if turns else ""

        def answer(choice: str | None) -> None:
            timeline = self.view.timeline
            if choice != "delete" or timeline is None or self.editable_game() is None:
                return
            place = leave_variation(timeline, path)
            line = timeline.line(place.path if place is not None else MAIN)
            frame = line.frames[place.index if place is not None else 0]
            drop_variation(timeline.game, path)
            self.post_message(self.Replayed(frame, line.path))

        question = f"Delete the variation {first}, with every variation inside it?"
        self.app.push_screen(
            Confirm(question, [("delete", "Delete"), ("cancel", "Keep it")]), answer
        )
