"""The replay screen's annotating keys: comments, glyphs, tags, promoting and deleting variations."""

from __future__ import annotations

from functools import partial

from ..entering import settle_result
from ..entering.ending import apply_tags, result_refusal
from ..notation import Segment
from ..notation.lines import MAIN, Path, drop_variation, line_turns, promote_variation
from ..notation.model import NAG_GLYPHS
from ..notation.writer import segment_text, turn_number
from ..validation import validate
from ..validation.timeline import Place, Timeline, leave_variation
from .dialogs import Choose, CommentEditor, Confirm
from .replay_view import ReplayView
from .tag_editor import TagEditor, TagList
from .widgets import GLYPH_MEANINGS, MoveList

EDITABLE_COMMENT = 200_000
"""Characters of a comment the comment editor opens (a longer one makes each key take seconds)."""


class Annotating(ReplayView):
    """The keys that change the game shown: c, g, i, + and delete."""

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
            apply_tags(game, tags)
            self._revalidate()

        self.app.push_screen(TagEditor(before, partial(result_refusal, game)), keep)

    def _edited(self, segment: Segment | None) -> None:
        if segment is not None:
            self.query_one(MoveList).refresh_segment(segment)
        self.refresh_header()
        self.view.show_again()

    # -- variations -------------------------------------------------------------------
    def _variation_here(self) -> Path | None:
        """The variation the board is in (the innermost), or None with a word why not."""
        if not self.view.cursor.path:
            self.notify("Not in a variation: v enters one.", timeout=3)
            return None
        if not self._can_edit():
            return None
        return self.view.cursor.path

    def action_promote_variation(self) -> None:
        path = self._variation_here()
        if path is None or self.timeline is None or self._editable_game() is None:
            return
        frame = self.timeline.line(path).frames[self.view.cursor.index]
        game = self.timeline.game
        parent = promote_variation(game, path)
        report = validate(game)
        if not parent:
            settle_result(game, report)
            report = validate(game)
        self._set_timeline(Timeline(report))
        self.view.cursor = self._place_of(frame, parent)
        self.notify("The variation is now the line; the old line is its first variation.")

    def action_delete_variation(self) -> None:
        path = self._variation_here()
        if path is None or self.timeline is None:
            return
        turns = line_turns(self.timeline.game, path)
        first = f"{turn_number(turns[0])} {segment_text(turns[0].segments[0])}" if turns else ""

        def answer(choice: str | None) -> None:
            if choice != "delete" or self.timeline is None or self._editable_game() is None:
                return
            place = leave_variation(self.timeline, path)
            drop_variation(self.timeline.game, path)
            self._set_timeline(Timeline(validate(self.timeline.game)))
            self.view.cursor = place or Place(MAIN, 0)

        question = f"Delete the variation {first}, with every variation inside it?"
        self.app.push_screen(
            Confirm(question, [("delete", "Delete"), ("cancel", "Keep it")]), answer
        )
