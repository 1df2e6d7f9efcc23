"""The notes panel: what the record and the validator say about the current place."""

from __future__ import annotations

from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from ..analysis.analysed import AnalysedDecision, candidate_text
from ..entering.ending import ending_words
from ..notation.lines import Path, variation_at
from ..notation.model import GLYPH_MEANINGS, NAG_GLYPHS, nag_meaning
from ..notation.syntax_errors import unchecked_result
from ..notation.tags import opening_words
from ..notation.writer import segment_label, turn_number
from ..terminal_text import printable, signed, source_lines
from ..validation import Diagnostic
from ..validation.diagnostics import SYNTAX
from ..validation.timeline import Timeline, variations_here

COMMENTS_SHOWN = 20_000
"""Characters of comments the notes show at one place: more would take seconds to lay out."""

SOURCE_WIDTH = 46
"""Columns of a source line shown under a syntax error: it fits the notes of an 80-column screen."""


class Notes(Static):
    """Comments of the current segment and the validator's diagnostics that belong there."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "notes--title",
        "notes--comment",
        "notes--error",
        "notes--warning",
        "notes--hint",
        "notes--legal",
        "notes--dim",
    }

    _shown: Text | None = None
    _diagnostics_at: dict[int, int] | None = None  # each diagnostic's offset in _shown

    def show(
        self,
        timeline: Timeline,
        path: Path,
        index: int,
        message: str = "",
        decision: AnalysedDecision | None = None,
    ) -> bool:
        """Show the notes of a frame; False when they are the ones already shown.

        ``decision``: the engine's analysis of the frame's segment.
        The steps of one roll share their notes, so most steps change nothing here.
        """
        builder = NotesBuilder(self, timeline, path, index)
        text = builder.build(message, decision)
        if text == self._shown:
            return False
        self._shown, self._diagnostics_at = text, builder.diagnostics_at
        self.update(text)
        return True

    def line_of(self, diagnostic: Diagnostic) -> int | None:
        """The line of the notes shown where ``diagnostic`` starts (None: not among them)."""
        start = (self._diagnostics_at or {}).get(id(diagnostic))
        if start is None or self._shown is None:
            return None
        before = self._shown[:start]  # none: one empty line, so line 0
        return len(before.wrap(self.app.console, max(self.content_size.width, 1))) - 1

    def role(self, name: str) -> Style:
        return self.get_component_rich_style(name, partial=True)


class NotesPanel(VerticalScroll, inherit_bindings=False):
    """The scrolling panel of the notes: tab gives it the keys, tab or esc gives them back.

    While it has them, the up and down keys scroll the notes; left and right
    still step through the game.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "up",
            "scroll_notes('up')",
            "Scroll up",
            show=False,
            id="notes.up",
            tooltip="scroll the notes a line up",
        ),
        Binding(
            "down",
            "scroll_notes('down')",
            "Scroll down",
            show=False,
            id="notes.down",
            tooltip="scroll the notes a line down",
        ),
        Binding(
            "pageup",
            "scroll_notes('page_up')",
            "Page up",
            show=False,
            id="notes.page-up",
            tooltip="scroll the notes a page up",
        ),
        Binding(
            "pagedown",
            "scroll_notes('page_down')",
            "Page down",
            show=False,
            id="notes.page-down",
            tooltip="scroll the notes a page down",
        ),
        Binding(
            "home",
            "scroll_notes('home')",
            "Top",
            show=False,
            id="notes.top",
            tooltip="the top of the notes",
        ),
        Binding(
            "end",
            "scroll_notes('end')",
            "Bottom",
            show=False,
            id="notes.bottom",
            tooltip="the end of the notes",
        ),
        Binding(
            "tab,shift+tab,escape",
            "leave",
            "Board",
            show=False,
            id="notes.leave",
            tooltip="the keys back to the board",
        ),
    ]
    TITLE = "notes (tab: scroll them)"
    FOCUSED_TITLE = "notes: ↑↓ PgUp PgDn Home End scroll, tab: back"

    def on_mount(self) -> None:
        self.border_title = self.TITLE

    def on_focus(self) -> None:
        self.border_title = self.FOCUSED_TITLE

    def on_blur(self) -> None:
        self.border_title = self.TITLE

    def action_scroll_notes(self, way: str) -> None:
        """Scroll the notes ``way``; notes that fit the panel stay as they are. Textual's own
        scroll actions pass a key they cannot scroll with on, and the board took it: down went
        to the next roll, End to the game's end."""
        scrolls = {
            "up": self.scroll_up,
            "down": self.scroll_down,
            "page_up": self.scroll_page_up,
            "page_down": self.scroll_page_down,
            "home": self.scroll_home,
            "end": self.scroll_end,
        }
        scrolls[way]()

    def action_leave(self) -> None:
        """The keys back to the view the panel stands in (the replay screen's game view)."""
        self.screen.set_focus(
            next((w for w in self.ancestors if isinstance(w, Widget) and w.focusable), None)
        )


class NotesBuilder:
    """Collects the notes of one frame into a Text.

    Every piece is appended through :meth:`_append`, which shows record text
    :func:`printable` (comments, messages quoting the record, source lines).
    """

    def __init__(self, notes: Notes, timeline: Timeline, path: Path, index: int) -> None:
        self.notes = notes
        self.timeline = timeline
        self.path = path
        self.index = index
        self.line = timeline.line(path)
        self.frame = self.line.frames[index]
        self.text = Text()
        self.comment_chars = 0
        self.diagnostics_at: dict[int, int] = {}  # each diagnostic's offset in the text

    def build(self, message: str, decision: AnalysedDecision | None = None) -> Text:
        if message:
            self._paragraph(message, "notes--warning")
        if self.index == 0:
            self._start()
        self._turn_and_segment()
        if decision is not None:
            self._engine(decision)
        self._diagnostics(self.timeline.diagnostics_at(self.path, self.index))
        self._variations()
        if self.index == self.line.last and not self.path:
            self._result()
        if not self.text.plain.strip():
            self._paragraph("No comment here. Press c to add one.", "notes--dim")
        return self.text

    # -- pieces ----------------------------------------------------------------
    def _append(self, text: str, role: str) -> None:
        self.text.append(printable(text, lines=True), self.notes.role(role))

    def _paragraph(self, body: str, role: str, title: str = "") -> None:
        if self.text.plain:
            self.text.append("\n")
        if title:
            self._append(title + " ", "notes--title")
        self._append(body, role)

    def _comment(self, comment: str, title: str = "") -> None:
        """A comment of the record, as far as the notes' ``COMMENTS_SHOWN`` characters go."""
        text = comment.strip()
        room = max(COMMENTS_SHOWN - self.comment_chars, 0)
        self.comment_chars += min(len(text), room)
        if len(text) <= room:
            self._paragraph(text, "notes--comment", title)
            return
        if room:
            self._paragraph(text[:room], "notes--comment", title)
        rest = f"{len(text) - room:,}"
        self._paragraph(f"… {rest} more characters of this comment, too many to show", "notes--dim")

    def _start(self) -> None:
        game = self.timeline.game
        opening = opening_words(game.tag("Opening") or "")
        if opening is not None:
            self._paragraph(f"{opening}.", "notes--dim", "Opening:")  # a sentence, as play's
        for comment in game.comments:
            self._comment(comment)
        if self.timeline.report.start is None and not game.problems:
            self._paragraph(
                "The start position cannot be set up, so nothing can be replayed.", "notes--error"
            )

    def _turn_and_segment(self) -> None:
        frame = self.frame
        segment, turn = frame.segment, frame.turn
        if segment is None or turn is None:
            return
        if turn.segments and turn.segments[0] is segment:
            for comment in turn.comments:
                self._comment(comment, turn_number(turn))
        for comment in segment.comments:
            self._comment(comment)
        glyphs = list(segment.glyphs) + [NAG_GLYPHS[n] for n in segment.nags if n in NAG_GLYPHS]
        for glyph in glyphs:
            self._paragraph(GLYPH_MEANINGS.get(glyph, ""), "notes--dim", glyph)
        for nag in (n for n in segment.nags if n not in NAG_GLYPHS):
            self._paragraph(nag_meaning(nag) or "as PGN defines it", "notes--dim", f"${nag}")

    def _engine(self, decision: AnalysedDecision) -> None:
        """The analysis of the segment: what the written play lost, and the best plays."""
        side = decision.side.title
        if decision.forced:
            verdict = f"{side}'s play was forced (the only one)"
        elif decision.loss > 0:
            mark = f" {decision.mark.value}" if decision.mark else ""
            verdict = f"{side}'s play lost {decision.loss:.3f}{mark}"
        else:
            verdict = f"{side}'s play is the best"
        self._paragraph(verdict, "notes--hint", "engine:")
        if decision.reason is not None:
            self._paragraph(decision.reason.text, "notes--hint", "why:")
        for rank, option in enumerate(decision.best, start=1):
            diff = f" {signed(option.diff)}" if rank > 1 else ""
            values = f"{100 * option.win:.1f}% {signed(option.equity)}{diff}  "
            self._append(f"\n {rank}. {values}", "notes--hint")
            self._append(candidate_text(option), "notes--legal")

    def _diagnostics(self, diagnostics: list[Diagnostic]) -> None:
        for diagnostic in diagnostics:
            self.diagnostics_at[id(diagnostic)] = len(self.text.plain) + bool(self.text.plain)
            role = "notes--error" if diagnostic.is_error else "notes--warning"
            kind = "error" if diagnostic.is_error else "warning"
            self._paragraph(diagnostic.message, role, f"{diagnostic.code.code} {kind}:")
            self._source(diagnostic)
            follows = diagnostic.follows
            if follows is not None:  # line and column: a JSON record's game is one line
                self._paragraph(
                    f"(it may follow from the error at line {follows.line},"
                    f" column {follows.column})",
                    "notes--dim",
                )
            self._legal(diagnostic)

    def _source(self, diagnostic: Diagnostic) -> None:
        """For a syntax error (it ends the move list): the line, a caret under the place."""
        if diagnostic.code is not SYNTAX:
            return
        span = diagnostic.span
        text = self.timeline.game.source_lines.get(span.line, "")
        if text:
            same_line = span.line == span.end_line
            shown = source_lines(text, span.column, span.end_column, same_line, SOURCE_WIDTH)
            self._paragraph(f"line {span.line}:", "notes--hint")
            for line in shown:
                self._append(f"\n  {line}", "notes--legal")

    def _legal(self, diagnostic: Diagnostic) -> None:
        if diagnostic.legal:
            shown = len(diagnostic.legal)
            closest = diagnostic.legal_count > shown
            title = (
                f"closest of {diagnostic.legal_count} legal plays:" if closest else "legal plays:"
            )
            self._paragraph(title, "notes--hint")
            for number, play in enumerate(diagnostic.legal):
                self._append(" · " if number else " ", "notes--hint")
                self._append(play, "notes--legal")
        elif diagnostic.hint:
            self._paragraph(diagnostic.hint, "notes--hint")

    def _variations(self) -> None:
        timeline = self.timeline
        if self.path and self.index == self.line.own_start:
            for comment in variation_at(timeline.game, self.path).comments:
                self._comment(comment)
        found = variations_here(timeline, self.path, self.index)
        if found:
            described = "; ".join(segment_label(turn) for _, turn in found if turn.segments)
            self._paragraph(f"{described}  (v enters)", "notes--hint", "variation:")
        if self.path:
            self._paragraph(
                "in a variation (esc goes back to the line it branches from)", "notes--dim"
            )

    def _result(self) -> None:
        game = self.timeline.game
        if game.problems:
            self._paragraph(unchecked_result(game), "notes--hint")
            return
        ended = ending_words(game, self.timeline.report.outcome)
        self._paragraph(f"{game.result_text}  {ended}".rstrip(), "notes--comment", "result")
        for comment in game.comments_after:
            self._comment(comment)
