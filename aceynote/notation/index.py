"""A fast index of the games in a record's text, without parsing them.

One regular expression over the whole text finds the tag lines; a tag line
after movetext starts a new game (docs/notation.md §1, read by
:func:`aceynote.notation.split.tag_sections`). The index keeps where each
game starts and ends and the values of its tags, which is all a list of games
needs; a game is parsed only when it is wanted. Comments holding lines that
look like tags, or a game with syntax errors, can make a piece hold two games:
:func:`aceynote.notation.read_games` on the piece then reads both.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .parser import terminal_pattern
from .split import tag_sections


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
