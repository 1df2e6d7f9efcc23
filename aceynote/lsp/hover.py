"""Hover: a segment's positions before and after, a tag's meaning, a diagnostic code's explanation."""

from __future__ import annotations

import re

from lsprotocol import types

from ..notation import Segment, Turn
from ..notation.tags import TAG_NAME
from ..rules import Position, SetupError
from ..validation.explained import CODES, example_message, explained
from .board import text_board
from .checking import Part
from .text import Text
from .under_cursor import AtCursor, contains, game_at, segment_at

# What the tags with a meaning mean (docs/notation.md §2).
TAG_MEANINGS = {
    "Event": "the event: free text",
    "Site": "where the game was played: free text",
    "Date": "the date, YYYY.MM.DD; any part may be ??",
    "Round": "the round: free text",
    "White": "White's name",
    "Black": "Black's name",
    "Result": "the same text as the game's result token (§6)",
    "Rules": "the rule set (§8): a preset, then options; standard when absent",
    "Opening": "the opening rolls (§7)",
    "Setup": "a starting position other than the initial one (§7)",
    "Annotator": "who annotated the game: free text",
    "Match": "the match the game belongs to: every game with this name is one match",
    "MatchLength": "the match's length in points",
    "MatchScore": "the match score before this game, White's first, like 1-2",
    "Termination": "how the game ended: normal (when absent), resignation, time or abandoned",
}
_CODE = re.compile(r"AD[0-9]{3}")
_TAG = re.compile(rf"^[ \t]*\[[ \t]*({TAG_NAME})")


def _setup(position: Position) -> str:
    try:
        return position.to_setup()
    except SetupError:
        return str(position)


def _position(title: str, position: Position) -> str:
    return f"{title}, {position.turn.title} to play:\n```\n{text_board(position)}\n```\nSetup: `{_setup(position)}`"


def _segment_hover(at: AtCursor, turn: Turn, segment: Segment) -> str | None:
    replay = at.report().replay_of(segment)
    if replay is None:
        return None
    high, low = segment.high, segment.low
    heading = f"**{turn.side.title}**, turn {turn.number}, {segment.kind.value} {high}-{low}"
    return "\n\n".join(
        [heading, _position("Before", replay.before), _position("After", replay.after)]
    )


def _word_at(line: str, column: int, pattern: re.Pattern[str]) -> str | None:
    for match in pattern.finditer(line):
        if match.start() <= column <= match.end():
            return match.group()
    return None


def hover(text: Text, parts: list[Part], at: types.Position) -> types.Hover | None:
    """What the word under the cursor says, in Markdown."""
    line, column = text.line(at.line), text.column(at)
    skipped = text.skipped(at.line)
    line, column = line[skipped:], column - skipped  # as the reader reads the line
    code = _word_at(line, column, _CODE)
    if code is not None and code in CODES:
        found = CODES[code]
        value = f"{explained(found)}\naceynote says of it: {example_message(found)}"
        return types.Hover(types.MarkupContent(types.MarkupKind.Markdown, value))
    tag = _TAG.match(line)
    if tag is not None:
        meaning = TAG_MEANINGS.get(
            tag.group(1), "a tag with no meaning to aceynote: kept as written"
        )
        value = f"**{tag.group(1)}**: {meaning}"
        return types.Hover(types.MarkupContent(types.MarkupKind.Markdown, value))
    return _movetext_hover(text, parts, at.line, column)


def _movetext_hover(text: Text, parts: list[Part], line: int, column: int) -> types.Hover | None:
    at = game_at(text, parts, line)
    if at is None:
        return None
    found = segment_at(at.game, at.line, column + 1)
    if found is None or not contains(found[0].span, at.line, column + 1):
        return None
    value = _segment_hover(at, *found)
    return (
        None
        if value is None
        else types.Hover(types.MarkupContent(types.MarkupKind.Markdown, value))
    )
