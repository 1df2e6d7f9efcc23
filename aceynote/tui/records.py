"""A record file opened for replay: a lazy index of its games, and saving.

Opening a file reads its text once and finds where each game starts with one
regular expression over the whole text (a tag line after movetext starts a
new game, NOTATION.md §1), so a file of 10,000 games is indexed in a blink.
A game is parsed only when it is shown; the index keeps the tags the game
list needs, read straight from the tag lines.

Saving rewrites only the games the user changed, each in canonical form
(``write_game``, with the line ends of the game it replaces); every other game,
and a BOM the file starts with, keep their text byte for byte. The file is
written atomically (a temporary file in the same folder, then ``os.replace``)
and never over a file that changed on disk since it was read.
"""

from __future__ import annotations

import io
import os
from dataclasses import dataclass

from ..fileio import write_atomically
from ..notation import Game, write_game
from ..notation.index import GameEntry, index_games
from ..notation.parser import iter_game_tokens, parse_game_tokens


class RecordError(Exception):
    """A record file that cannot be read, or written, with the reason in words."""


def parse_chunk(text: str, first_line: int) -> list[Game]:
    """The games in one indexed piece of a file (one, unless the index missed a split)."""
    return [parse_game_tokens(tokens) for tokens in iter_game_tokens(io.StringIO(text), first_line)]


def file_mode(path: str) -> int | None:
    """The permission bits of ``path`` (None when it cannot be told)."""
    try:
        return os.stat(path).st_mode & 0o7777
    except OSError:
        return None


BOM = "\ufeff"


def read_text(path: str) -> str:
    """The text of a record file, BOM and all, or a RecordError saying why it cannot be read."""
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
    return text


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
    """An opened record: its text as read, the game index, and the games changed.

    ``mode`` is the file's permission bits when it was opened: a file deleted
    while open is written again with them, not a temporary file's 0600.
    ``text`` is the file's text after its BOM, if it has one (the reader
    ignores it, NOTATION.md §1); ``bom`` is that BOM, written back by a save.
    """

    def __init__(self, path: str) -> None:
        self.path = path
        self.disk_text = read_text(path)
        self.bom = BOM if self.disk_text.startswith(BOM) else ""
        self.text = self.disk_text.removeprefix(self.bom)
        self.mode = file_mode(path)
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
            line = min(problem.span for problem in game.problems).line
            note = (
                f"This game has a syntax error on line {line}: it is shown up to there"
                " (n goes to the error) and cannot be annotated."
            )
            return LoadedGame(game, False, note)
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
        """The file's text with every edited game in canonical form, the rest as read (BOM too)."""
        parts: list[str] = [self.bom]
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
        try:
            write_atomically(self.path, lambda out: out.write(text), mode=self.mode)
        except OSError as error:
            raise RecordError(f"cannot save {self.path}: {error.strerror or error}") from error
        self.disk_text = text
        self.text = text.removeprefix(self.bom)
        self.mode = file_mode(self.path)
        kept = {index: self._cache[index] for index in self.edited if index in self._cache}
        self.entries = _carry_over(self.entries, index_games(self.text))
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
