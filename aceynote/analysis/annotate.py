"""Marks and the engine's word written into a record (docs/engine.md, "analyze -o").

A marked segment gets its mark as a glyph (docs/notation.md §4: ``?!``, ``?``
or ``??``) and a comment naming the best play and the equity lost. A glyph a
person set wins: on a segment that has one, the mark is not written as a
glyph but named in the comment (``aceynote: ??, best ...``). On each segment it
judged, an analysis replaces the marks and comments of an earlier one; every
other glyph and comment stays, so analysing a record again, at any depth,
writes each mark once. A segment it did not judge (past an illegal play, or
any of a game not analysed, its Rules or Setup tag wrong) keeps the earlier
analysis's as they are.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import IO, NamedTuple

from ..notation import Game, Segment
from ..notation.canonical import CopiedReading, write_canonical
from ..notation.model import NAG_GLYPHS
from .analysed import AnalysedDecision, GameAnalysis
from .marks import GLYPHS

COMMENT_PREFIX = "aceynote:"
_MARK_GLYPH = "|".join(re.escape(glyph) for glyph in sorted(GLYPHS, key=len, reverse=True))
"""Any mark's glyph, the longest first (``??`` before ``?``)."""
_COMMENT = re.compile(
    rf"{COMMENT_PREFIX} (?:(?P<mark>{_MARK_GLYPH}), )?best (?P<best>.+?), (?P<loss>\d+\.\d+) lost"
    r"(?:; (?P<why>.+))?"
)


class AnalysisComment(NamedTuple):
    """What an :func:`analysis_comment` says: the best play, the equity lost, and the mark
    when the segment's glyph is a person's (None: the segment's last mark glyph is the
    analysis's)."""

    best: str
    loss: float
    mark: str | None = None
    why: str | None = None


def analysis_comment(decision: AnalysedDecision, named: bool = False) -> str:
    """``aceynote: best 24/18 13/9, 0.41 lost; leaves 1 blot ...`` (with the double, for a
    chosen double; the reason where the analysis gives one); ``named``: the mark too,
    ``aceynote: ?, best ...``, where a person's glyph stands."""
    mark = f"{decision.mark.value}, " if named and decision.mark else ""
    because = "" if decision.reason is None else f"; {decision.reason.text}"
    return f"{COMMENT_PREFIX} {mark}best {decision.best_text}, {decision.loss:.2f} lost{because}"


def read_comment(text: str) -> AnalysisComment | None:
    """What an :func:`analysis_comment` says; None for other text.

    The comment may have been rewrapped by hand: any run of white space reads as one space.
    """
    found = _COMMENT.fullmatch(" ".join(text.split()))
    if found is None:
        return None
    return AnalysisComment(found["best"], float(found["loss"]), found["mark"], found["why"])


def annotate(game: Game, analysis: GameAnalysis) -> int:
    """Write the marks of ``analysis`` into ``game``, in place of an earlier analysis's on
    each segment it judged (the others keep theirs); how many were marked."""
    segments = game.main_line()
    for decision in analysis.decisions:
        segment = segments[decision.ply - 1]
        _forget_analysis(segment)
        if decision.mark is not None:
            _mark(segment, decision)
    return len(analysis.marked)


def write_marked(
    reading: CopiedReading, marked: Iterable[tuple[Game, GameAnalysis]], out: IO[str]
) -> bool:
    """Write each game read from ``reading`` to ``out`` with the marks of its analysis, as
    :func:`~aceynote.notation.canonical.write_canonical` writes a record: canonical, but a
    game with syntax errors as it stands in the source, unmarked (what could not be read of
    it is not lost), and a game not analysed with the marks it has (:func:`annotate`);
    whether every game was free of syntax errors."""

    def annotated() -> Iterator[Game]:
        for game, analysis in marked:
            if not game.problems:
                annotate(game, analysis)
            yield game

    return write_canonical(reading, annotated(), out, lambda _number, _game: None)


def _mark(segment: Segment, decision: AnalysedDecision) -> None:
    """The mark as a glyph with its comment; only in the comment where a person set a glyph."""
    persons = _judged_by_hand(segment)
    if not persons and decision.mark is not None:
        segment.glyphs.append(decision.mark.value)
    segment.comments.append(analysis_comment(decision, named=persons))


def _forget_analysis(segment: Segment) -> None:
    """Take out an earlier analysis's comments, and the glyph it wrote with each."""
    kept: list[str] = []
    for comment in segment.comments:
        found = read_comment(comment)
        if found is None:
            kept.append(comment)
        elif found.mark is None:
            _drop_last_mark(segment.glyphs)
    segment.comments[:] = kept


def _judged_by_hand(segment: Segment) -> bool:
    """Whether the segment carries a glyph, or a NAG meaning one (§4: ``$1`` to ``$6``)."""
    return bool(segment.glyphs) or any(nag in NAG_GLYPHS for nag in segment.nags)


def _drop_last_mark(glyphs: list[str]) -> None:
    """Take out the last mark glyph (the one the analysis appended), if there is one."""
    place = _last_mark(glyphs)
    if place is not None:
        del glyphs[place]


def _last_mark(glyphs: list[str]) -> int | None:
    """Where the last mark glyph of ``glyphs`` stands, if there is one."""
    places = [index for index, glyph in enumerate(glyphs) if glyph in GLYPHS]
    return places[-1] if places else None


def mark_of(segment: Segment, comment: AnalysisComment) -> str | None:
    """The mark an analysis comment gives its segment: the one it names, else the glyph
    the analysis wrote (the segment's last mark glyph)."""
    place = _last_mark(segment.glyphs)
    return comment.mark or (None if place is None else segment.glyphs[place])
