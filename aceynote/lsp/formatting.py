"""Formatting: the document, or the games a range touches, as ``aceynote fmt`` writes them.

As ``fmt -i`` leaves a file with syntax errors as it is, a game that cannot
be read whole is never rewritten: the request then changes nothing.
"""

from __future__ import annotations

from lsprotocol import types

from ..notation import write_game
from .checking import Part
from .text import Text
from .under_cursor import games_of, piece_data


def _canonical(text: Text, parts: list[Part]) -> str | None:
    """The canonical text of these pieces' games, joined by a blank line (None: one is broken)."""
    written: list[str] = []
    for part in parts:
        if part.unread is not None:
            return None
        for game in games_of(piece_data(text, part)):
            if game.problems:
                return None
            written.append(write_game(game))
    return "\n".join(written)


def format_parts(text: Text, parts: list[Part], first: int, last: int) -> list[types.TextEdit]:
    """The edit that rewrites pieces ``first`` to ``last`` (indices) in canonical form."""
    chosen = parts[first : last + 1]
    canonical = _canonical(text, chosen)
    if canonical is None or not chosen:
        return []
    if last + 1 < len(parts):
        canonical += "\n"  # the blank line before the next game
        end = types.Position(parts[last + 1].first_line - 1, 0)
    else:
        end = text.whole().end
    new = canonical.replace("\n", text.line_end)
    start = text.position(chosen[0].first_line, 1)  # after a byte order mark, kept as fmt keeps it
    old = text.source[text.offset(start) : text.offset(end)]
    return [] if old == new else [types.TextEdit(types.Range(start, end), new)]


def format_document(text: Text, parts: list[Part]) -> list[types.TextEdit]:
    return format_parts(text, parts, 0, len(parts) - 1)


def format_range(text: Text, parts: list[Part], lines: types.Range) -> list[types.TextEdit]:
    """The games whose lines meet the range, rewritten."""
    touched = [
        index
        for index, part in enumerate(parts)
        if part.first_line - 1 <= lines.end.line and part.last_line - 1 >= lines.start.line
    ]
    return format_parts(text, parts, touched[0], touched[-1]) if touched else []
