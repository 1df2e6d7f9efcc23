"""One segment as a player types it while recording a game (the replay app's entry line).

The text is read by the record grammar itself: it is put in place in a
one-turn record (after a stand-in 1-2 when it is an acey-deucey segment) and
that segment is taken out, its spans moved back to the typed text. The
``=`` of a chosen double and the ``+`` of an extra roll may be left out:
what comes next is known.
"""

from __future__ import annotations

import dataclasses
import re

from ..rules import SegmentKind
from .model import Move, Segment, Span
from .parser import parse_games
from .tags import misread_result, result_as_move
from .writer import SEGMENT_MARKERS

# A stand-in first segment, so that the grammar reads a bonus segment after it.
_STAND_IN = "1. 21: in/24 in/23 "
_TURN = "1. "


class EntryError(ValueError):
    """Typed text that is not one segment; ``column`` (1-based) is where it goes wrong."""

    def __init__(self, message: str, column: int) -> None:
        super().__init__(message)
        self.column = column


def parse_segment(text: str, expects: SegmentKind) -> Segment:
    """The segment ``text`` says, as the segment of kind ``expects`` (spans on ``text``'s line 1).

    ``64: in/19 in/21``, ``33: --``, ``=66: 19/13(2) 21/15(2)`` (or ``66: ...``
    when a chosen double comes next), ``+53: in/20 in/22``.
    """
    typed = text.strip()
    lead = len(text) - len(text.lstrip())
    if not typed:
        raise EntryError("type the roll and the play, like 64: in/19 in/21", 1)
    marker = SEGMENT_MARKERS[expects]
    written = typed if typed[0] in "=+" else marker + typed
    if written[0] in "=+" and not marker:
        raise EntryError("a turn starts with a roll, like 64: (no = or + before it)", lead + 1)
    if marker and written[0] != marker:
        expected = "the chosen double, like =66:" if marker == "=" else "the extra roll, like +53:"
        raise EntryError(f"{expected} comes next", lead + 1)
    if _MOVE_NUMBER.match(written):
        raise EntryError("type the roll without a move number: the app numbers the turns", lead + 1)
    if not written.lstrip("=+")[:1].isdigit():
        example = {"": "64: in/19 in/21", "=": "=66: in/19(4)", "+": "+53: in/20 in/22"}[marker]
        raise EntryError(f"type the roll first, then the play, like {example}", lead + 1)
    if "\n" in written or "[" in written:
        raise EntryError("type one segment on one line: a roll and its play", 1)
    before = _STAND_IN if marker else _TURN
    shift = len(before) - lead + (len(written) - len(typed))
    games = parse_games(before + written + "\n")
    game = games[0]
    if game.problems:
        problem = game.problems[0]
        raise EntryError(problem.message, max(1, problem.span.column - shift))
    if game.result_span is not None and result_as_move(game.result_text) is not None:
        column = max(1, game.result_span.column - shift)
        raise EntryError(misread_result(game.result_text), column)
    segments = game.main_line()
    extra = game.result_span or game.comments_after or any(turn.variations for turn in game.turns)
    if len(games) != 1 or len(game.turns) != 1 or extra or len(segments) != (2 if marker else 1):
        raise EntryError("type one segment: a roll and its play (no result, no variation)", 1)
    return _moved(segments[-1], -shift)


_MOVE_NUMBER = re.compile(r"[0-9]+\.")


def _moved(segment: Segment, by: int) -> Segment:
    """The segment with its spans (and its moves') moved ``by`` columns on line 1."""

    def span(old: Span) -> Span:
        return Span(1, max(1, old.column + by), 1, max(1, old.end_column + by))

    moves = [
        Move(move.source, list(move.stops), move.count, span(move.span)) for move in segment.moves
    ]
    return dataclasses.replace(segment, moves=moves, span=span(segment.span))
