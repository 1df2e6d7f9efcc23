"""A record file opened for replay: a lazy index of its games, and saving.

Opening a file reads its text once and finds where each game starts with one
regular expression over the whole text (a tag line after movetext starts a
new game, NOTATION.md §1), so a file of 10,000 games is indexed in a blink.
A game is parsed only when it is shown; the index keeps the tags the game
list needs, read straight from the tag lines.

Saving rewrites only the games the user changed, each in canonical form
(``write_game``); every other game keeps its text byte for byte. The file is
written atomically (a temporary file in the same folder, then ``os.replace``)
and never over a file that changed on disk since it was read.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field

from ..notation import Game, write_game
from ..notation.parser import iter_game_tokens, parse_game_tokens

# The grammar's TAG terminal at the start of a line (a tag counts only as the
# first thing on its line). Anchored on the newline before it, which the
# regular expression engine finds fast; the file's first line is tried apart.
_TAG_BODY = r'[ \t]*\[[ \t]*([A-Za-z][A-Za-z0-9_]*)[ \t]+"((?:[^"\\\n]|\\.)*)"[ \t]*\]'
_TAG_AFTER_NEWLINE = re.compile("\n" + _TAG_BODY)
_TAG_AT_START = re.compile(_TAG_BODY)
_COMMENT = re.compile(r"\{[^}]*\}")
LISTED_TAGS = ("White", "Black", "Event", "Round", "Date", "Result", "Rules")


class RecordError(Exception):
    """A record file that cannot be read, or written, with the reason in words."""


def _unescape(value: str) -> str:
    return value.replace('\\"', '"').replace("\\\\", "\\")


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


def _tag_lines(text: str) -> Iterator[tuple[int, int, str, str]]:
    """Each tag line: where it starts, where its tag ends, the name and the value."""
    first = _TAG_AT_START.match(text)
    if first is not None:
        yield 0, first.end(), first.group(1), first.group(2)
    for match in _TAG_AFTER_NEWLINE.finditer(text):
        yield match.start() + 1, match.end(), match.group(1), match.group(2)


def index_games(text: str) -> list[GameEntry]:
    """Split a record's text into games without parsing them."""
    starts: list[tuple[int, dict[str, str]]] = []
    body_end = 0  # where the text after the last tag line starts
    current: dict[str, str] | None = None
    for start, end, name, value in _tag_lines(text):
        if current is None:
            if _COMMENT.sub("", text[:start]).strip():
                starts.append((0, {}))  # movetext with no tags before the first tag line
            current = {}
            starts.append((0 if not starts else start, current))
        elif start > body_end and not text[body_end:start].isspace():
            current = {}
            starts.append((start, current))
        if name not in current:
            current[name] = _unescape(value) if "\\" in value else value
        line_end = text.find("\n", end)
        body_end = len(text) if line_end < 0 else line_end + 1
        if body_end > end + 1 and not text[end:body_end].isspace():
            body_end = end  # something follows the tag on its line: movetext
    if not starts and text.strip():
        starts.append((0, {}))
    return _entries(text, starts)


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


def parse_chunk(text: str, first_line: int) -> list[Game]:
    """The games in one indexed piece of a file (one, unless the index missed a split)."""
    return [parse_game_tokens(tokens) for tokens in iter_game_tokens(io.StringIO(text), first_line)]


def read_text(path: str) -> str:
    """The text of a record file, or a RecordError saying why it cannot be read."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except IsADirectoryError as error:
        raise RecordError(f"{path}: is a folder, not a record file") from error
    except OSError as error:
        raise RecordError(f"{path}: cannot open: {error.strerror or error}") from error
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise RecordError(
            f"{path}: is not UTF-8 text (byte {error.start} cannot be decoded)"
        ) from error
    return text.removeprefix("\ufeff")


@dataclass(slots=True)
class LoadedGame:
    """A parsed game and whether the user may annotate it.

    A game with syntax errors, or a piece of the file that turned out to hold
    more than one game, is shown but not editable: saving keeps its text.
    """

    game: Game
    editable: bool
    note: str = ""


class RecordFile:
    """An opened record: its text as read, the game index, and the games changed."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.text = read_text(path)
        self.disk_text = self.text
        self.entries = index_games(self.text)
        self.edited: dict[int, Game] = {}
        self._cache: dict[int, LoadedGame] = {}

    def __len__(self) -> int:
        return len(self.entries)

    @property
    def dirty(self) -> bool:
        return bool(self.edited)

    def chunk(self, index: int) -> str:
        entry = self.entries[index]
        return self.text[entry.start : entry.end]

    def load(self, index: int) -> LoadedGame:
        """Game ``index`` (0-based), parsed on first use and kept while it is edited."""
        cached = self._cache.get(index)
        if cached is not None:
            return cached
        loaded = self._parse(index)
        if len(self._cache) > 64:
            for key in [key for key in self._cache if key not in self.edited][:32]:
                del self._cache[key]
        self._cache[index] = loaded
        return loaded

    def _parse(self, index: int) -> LoadedGame:
        entry = self.entries[index]
        games = parse_chunk(self.chunk(index), entry.line)
        if not games:
            return LoadedGame(Game(), False, "this part of the file holds no game")
        game = games[0]
        if len(games) > 1:
            note = f"lines {entry.line}.. hold {len(games)} games that could not be told apart; showing the first"
            return LoadedGame(game, False, note)
        if game.problems:
            return LoadedGame(game, False, "the game has syntax errors, so it cannot be annotated")
        return LoadedGame(game, True)

    def mark_edited(self, index: int) -> None:
        loaded = self.load(index)
        if not loaded.editable:
            raise RecordError("this game cannot be annotated: it is kept exactly as written")
        self.edited[index] = loaded.game

    def changed_on_disk(self) -> bool:
        """Whether the file no longer holds the text it had when read or last saved (or is gone)."""
        try:
            return read_text(self.path) != self.disk_text
        except RecordError:
            return True

    def new_text(self) -> str:
        """The file's text with every edited game in canonical form, the rest as read."""
        parts: list[str] = []
        for index, entry in enumerate(self.entries):
            chunk = self.text[entry.start : entry.end]
            game = self.edited.get(index)
            if game is None:
                parts.append(chunk)
                continue
            written = write_game(game)
            if "\r\n" in chunk:
                written = written.replace("\n", "\r\n")
            parts.append(written + _trailing_blank_lines(chunk))
        return "".join(parts)

    def save(self) -> None:
        """Write the edited games (atomically); the caller checks ``changed_on_disk`` first."""
        text = self.new_text()
        write_atomically(self.path, text)
        self.text = self.disk_text = text
        kept = {index: self._cache[index] for index in self.edited if index in self._cache}
        self.entries = _carry_over(self.entries, index_games(text))
        self.edited.clear()
        self._cache = kept


def _trailing_blank_lines(chunk: str) -> str:
    """The blank lines that end a game's piece of text (they separate it from the next)."""
    stripped = chunk.rstrip()
    rest = chunk[len(stripped) :]
    newline = rest.find("\n")
    return "" if newline < 0 else rest[newline + 1 :]


def _carry_over(old: list[GameEntry], new: list[GameEntry]) -> list[GameEntry]:
    """Keep the checked turn and error counts across a save when the games line up."""
    if len(old) == len(new):
        for before, after in zip(old, new, strict=True):
            after.turns, after.errors = before.turns, before.errors
    return new


def write_atomically(path: str, text: str) -> None:
    """Replace ``path`` by ``text``: a temporary file in the same folder, then a rename."""
    folder = os.path.dirname(os.path.abspath(path))
    try:
        descriptor, temporary = tempfile.mkstemp(prefix=".aceynote-", suffix=".acey", dir=folder)
    except OSError as error:
        raise RecordError(f"cannot write in {folder}: {error.strerror or error}") from error
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8", newline="") as out:
            out.write(text)
        if os.path.exists(path):
            shutil.copymode(path, temporary)
        os.replace(temporary, path)
    except OSError as error:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise RecordError(f"cannot save {path}: {error.strerror or error}") from error
