"""A fast index of the games in a record's text, without parsing them.

One regular expression over the whole text finds the tag lines; a tag line
after movetext starts a new game (docs/notation.md §1, read by
:func:`tag_sections`). The index keeps where each
game starts and ends and the values of its tags, which is all a list of games
needs; a game is parsed only when it is wanted. Comments holding lines that
look like tags, or a game with syntax errors, can make a piece hold two games:
:func:`aceynote.notation.read_games` on the piece then reads both.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache

from .parser import terminal_pattern
from .split import BLANKS
from .words import tag_parts, unescape_tag_value


@dataclass(slots=True)
class GameEntry:
    """Where one game stands in the file, and what the game list shows of it.

    ``start`` and ``end`` are offsets into the file's text; ``line`` is the
    number of its first line. ``turns`` and ``errors`` are None until the game
    has been checked.
    """

    number: int
    start: int
    end: int
    line: int
    tags: dict[str, str] = field(default_factory=dict)
    turns: int | None = None
    errors: int | None = None

    def tag(self, name: str) -> str:
        return self.tags.get(name, "")


def index_games(text: str) -> list[GameEntry]:
    """Split a record's text into games without parsing them."""
    return _entries(text, tag_sections(text, terminal_pattern("TAG")))


def _entries(text: str, starts: list[tuple[int, dict[str, str]]]) -> list[GameEntry]:
    entries: list[GameEntry] = []
    line = 1
    previous = 0
    for number, (start, tags) in enumerate(starts, start=1):
        line += text.count("\n", previous, start)
        previous = start
        end = starts[number][0] if number < len(starts) else len(text)
        entries.append(GameEntry(number, start, end, line, tags))
    return entries


def tag_sections(text: str, tag: str) -> list[tuple[int, dict[str, str]]]:
    """Where each game of a record's text starts, with its tags; ``tag`` is the TAG terminal.

    A glance, not a reading: comments holding lines that look like tags, or
    a game with syntax errors, can make a piece hold two games.
    """
    starts: list[tuple[int, dict[str, str]]] = []
    body_end = 0  # where the text after the last tag line starts
    current: dict[str, str] | None = None
    for start, end, name, value in _tag_lines(text, tag):
        if current is None:
            if _COMMENT.sub("", text[:start]).strip():
                starts.append((0, {}))  # movetext with no tags before the first tag line
            current = {}
            starts.append((0 if not starts else start, current))
        elif start > body_end and not text[body_end:start].isspace():
            current = {}
            starts.append((start, current))
        if name not in current:
            current[name] = unescape_tag_value(value)
        line_end = text.find("\n", end)
        body_end = len(text) if line_end < 0 else line_end + 1
        if body_end > end + 1 and not text[end:body_end].isspace():
            body_end = end  # something follows the tag on its line: movetext
    if not starts and text.strip():
        starts.append((0, {}))
    return starts


def _tag_lines(text: str, tag: str) -> Iterator[tuple[int, int, str, str]]:
    """Each tag line: where it starts, where its tag ends, the name and the written value."""
    after_newline, at_start = _tag_line_patterns(tag)
    first = at_start.match(text)
    if first is not None:
        yield 0, first.end(), *tag_parts(first.group(1))
    for match in after_newline.finditer(text):
        yield match.start() + 1, match.end(), *tag_parts(match.group(1))


@lru_cache(maxsize=2)
def _tag_line_patterns(tag: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The TAG terminal as the first thing on a line: after a newline (found fast), and at the start."""
    line = f"{BLANKS}({tag})"
    return re.compile("\n" + line), re.compile(line)


_COMMENT = re.compile(r"\{[^}]*\}")
