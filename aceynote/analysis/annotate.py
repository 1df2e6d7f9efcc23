"""Marks and the engine's word written into a record (docs/engine.md, "analyze -o").

A marked segment gets its mark as a glyph (docs/notation.md §4: ``?!``, ``?``
or ``??``) and a comment naming the best play and the equity lost. Existing
glyphs and comments stay; a mark the segment already carries is not written
twice, so analysing an annotated record again adds nothing new.
"""

from __future__ import annotations

import re
from typing import Any

from ..notation import Game, Segment
from .output import option_play

COMMENT_PREFIX = "aceynote:"
_COMMENT = re.compile(rf"{COMMENT_PREFIX} best (?P<best>.+), (?P<loss>\d+\.\d+) lost")


def main_line(game: Game) -> list[Segment]:
    """The segments of the main line in playing order (a decision's ``ply`` counts from 1)."""
    return [segment for turn in game.turns for segment in turn.segments]


def analysis_comment(decision: dict[str, Any]) -> str:
    """``aceynote: best 24/18 13/9, 0.41 lost`` (with the double, for a chosen double)."""
    return f"{COMMENT_PREFIX} best {option_play(decision['best'][0])}, {decision['loss']:.2f} lost"


def read_comment(text: str) -> tuple[str, float] | None:
    """The best play and the equity lost an :func:`analysis_comment` names; None for other text.

    The comment may have been rewrapped by hand: any run of white space reads as one space.
    """
    found = _COMMENT.fullmatch(" ".join(text.split()))
    return None if found is None else (found["best"], float(found["loss"]))


def annotate(game: Game, analysis: dict[str, Any]) -> int:
    """Write the marks of ``analysis`` (its JSON form) into ``game``; how many were marked."""
    segments = main_line(game)
    marked = 0
    for decision in analysis["decisions"]:
        mark = decision["mark"]
        if mark is None:
            continue
        segment = segments[decision["ply"] - 1]
        comment = analysis_comment(decision)
        if mark not in segment.glyphs:
            segment.glyphs.append(mark)
        if comment not in segment.comments:
            segment.comments.append(comment)
        marked += 1
    return marked
