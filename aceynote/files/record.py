"""A record file opened for replay: a lazy index of its games, and saving.

Opening a file reads its text once and finds where each game starts with one
regular expression over the whole text (a tag line after movetext starts a
new game, docs/notation.md §1), so a file of 10,000 games is indexed in a blink.
A game is parsed only when it is shown; the index keeps the tags the game
list needs, read straight from the tag lines.

Saving rewrites only the games the user changed, each in canonical form
(``write_game``, with the line ends of the game it replaces); every other game,
and a BOM the file starts with, keep their text byte for byte. The file is
written atomically (a temporary file in the same folder, then ``os.replace``)
and never over a file that changed on disk since it was read.
"""

from __future__ import annotations

import dataclasses
import errno
import io
import os
from collections.abc import Callable
from dataclasses import dataclass

from ..formats import ACEY, Format, InvalidRecord, Skipped, record_format
from ..notation import Game, ReadError, Turn, Variation, write_game
from ..notation.index import GameEntry, index_games
from ..notation.limits import MAX_LINE_BYTES
from ..notation.parser import iter_game_tokens, parse_game_tokens
from ..notation.source import BOM, line_end, line_too_long, utf8_text
from ..terminal_text import printable
from ..validation import validate
from .writing import not_regular, read_only, write_atomically


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


MAX_APP_FILE = 64 * 1024 * 1024
"""The largest record the app opens: it holds the whole text (some 30,000 games fit)."""


def read_text(path: str) -> str:
    """The text of a record file, BOM and all, or a RecordError saying why it cannot be read."""
    try:
        # A device is not even opened (opening one can act on it); the check after
        # opening closes the gap of a file changed in between. Without waiting: a
        # named pipe opens at once, and is then refused.
        _refuse_what_is_not_a_file(path, os.stat(path).st_mode)
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        raise RecordError(f"{path}: cannot open: {error.strerror or error}") from error
    try:
        status = os.fstat(descriptor)
        _refuse_what_is_not_a_file(path, status.st_mode)
        with os.fdopen(descriptor, "rb", closefd=False) as handle:
            data = handle.read(MAX_APP_FILE + 1)  # (a file that grows meanwhile, too)
        if status.st_size > MAX_APP_FILE or len(data) > MAX_APP_FILE:
            raise RecordError(
                f"{path}: is over {MAX_APP_FILE // 2**20} MB; the app opens records of up to"
                " that size (aceynote validate, fmt and convert read any size)"
            )
    except OSError as error:
        raise RecordError(f"{path}: cannot read: {error.strerror or error}") from error
    finally:
        os.close(descriptor)
    _refuse_a_line_too_long(path, data)
    try:
        return utf8_text(data, path)
    except ReadError as error:
        raise RecordError(str(error)) from error


def _refuse_a_line_too_long(path: str, data: bytes) -> None:
    """A line past the reader's limit stops the reading there, as every command says it."""
    if len(data) <= MAX_LINE_BYTES:
        return
    # The lines' lengths in C (a regular expression for a long run of line bytes,
    # tried from every byte, took minutes on a 1.2 MB record of 99,000-byte lines).
    lines = data.splitlines()
    if max(map(len, lines)) > MAX_LINE_BYTES:
        line = next(n for n, text in enumerate(lines, 1) if len(text) > MAX_LINE_BYTES)
        raise RecordError(line_too_long(path, line))


def _refuse_what_is_not_a_file(path: str, mode: int) -> None:
    kind = not_regular(mode)
    if kind is not None:
        raise RecordError(f"{path}: is {kind}, not a record file")


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
    ignores it, docs/notation.md §1); ``bom`` is that BOM, written back by a save.

    ``create``: a file that does not exist opens as an empty record (``existed``
    is then False), written when it is first saved. Games added with
    :meth:`append_game` stand after the file's own games and are written once
    they are edited (a new game nobody entered anything into is not written).

    A file in another format (a bgammon.org replay ``.match``, JSON) is read
    whole by its format's reader and never written: saving writes all its
    games as a new record next to it (``game.match`` as ``game.acey``, or
    ``game-2.acey`` when that exists), and from then on the record is that file.
    """

    def __init__(self, path: str, create: bool = False) -> None:
        self.path = path
        self.existed = True
        self.match_games: list[Game] | None = None  # the games of a .match file, as read
        self.left_out: list[Skipped] = []  # what its reader left out (a backgammon game)
        try:
            self.disk_text = read_text(path)
        except RecordError:
            if not create or os.path.lexists(path):
                raise
            self.disk_text, self.existed = "", False
        self.bom = BOM if self.disk_text.startswith(BOM) else ""
        self.text = self.disk_text.removeprefix(self.bom)
        self.mode = file_mode(path)
        self.read_as = record_format(path)
        if self.read_as is not ACEY and self.existed:
            self.match_games = _read_whole(self.read_as, path, self.disk_text, self.left_out.append)
            self.entries = [_match_entry(n, game) for n, game in enumerate(self.match_games)]
        else:
            self.entries = index_games(self.text)
        self.edited: dict[int, Game] = {}
        self.appended: dict[int, Game] = {}
        self._cache: dict[int, LoadedGame] = {}

    @property
    def is_match(self) -> bool:
        """Whether this is a bgammon.org replay (read only: saving writes a new record)."""
        return self.match_games is not None

    def counts(self, index: int) -> tuple[int, int]:
        """Turns and errors of game ``index``, for the game list (any thread may ask)."""
        if self.match_games is not None:
            report = validate(self.match_games[index])
            return report.turns, report.errors
        entry = self.entries[index]
        games = parse_chunk(self.text[entry.start : entry.end], entry.line)
        if not games:
            return 0, 0
        report = validate(games[0])
        return report.turns, report.errors + (1 if len(games) > 1 else 0)

    def append_game(self, game: Game) -> int:
        """Add a new game after the file's games; its index (written once edited)."""
        index = len(self.entries)
        tags = game.tag_values()
        end = len(self.text)
        line = self.text.count("\n") + 1
        self.entries.append(GameEntry(index + 1, end, end, line, tags))
        self.appended[index] = game
        self._cache.pop(index, None)
        return index

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
        if index in self.appended:
            return LoadedGame(self.appended[index], True)
        if self.match_games is not None:
            game = self.match_games[index]
            if game.problems:
                note = f"This game cannot be read as acey-deucey: {game.problems[0].message}."
                return LoadedGame(game, False, note)
            note = (
                f"A {self.read_as.kind}, read only: saving writes the games as"
                f" {os.path.basename(self.save_path())} next to it."
            )
            return LoadedGame(game, True, note)
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
        """Whether the file no longer holds the text it had when read or last saved (or is gone).

        A file that did not exist when opened has changed once something stands at its path.
        """
        if self.match_games is not None:
            return False  # never written: saving makes a new file
        if not self.existed:
            return os.path.lexists(self.path)
        try:
            return read_text(self.path) != self.disk_text
        except RecordError:
            return True

    def save_path(self) -> str:
        """Where saving writes: the file itself; for a ``.match`` file a new ``.acey`` beside it."""
        if self.match_games is None:
            return self.path
        return unused_name(self.path)

    def new_text(self) -> str:
        """The file's text with every edited game in canonical form, the rest as read (BOM too)."""
        if self.match_games is not None:
            games = [self.edited.get(index, game) for index, game in enumerate(self.match_games)]
            games += [self.edited[index] for index in sorted(self.appended) if index in self.edited]
            return "\n".join(write_game(without_empty_variations(game)) for game in games)
        parts: list[str] = [self.bom]
        newline = line_end(self.text)
        for index, entry in enumerate(self.entries):
            chunk = self.text[entry.start : entry.end]
            game = self.edited.get(index)
            if index in self.appended:
                if game is not None:
                    parts.append(_separator("".join(parts), newline))
                    parts.append(write_game(without_empty_variations(game)).replace("\n", newline))
                continue
            if game is None:
                parts.append(chunk)
                continue
            written = write_game(without_empty_variations(game))
            if "\r\n" in chunk:
                written = written.replace("\n", "\r\n")
            parts.append(written + _trailing_blank_lines(chunk))
        return "".join(parts)

    def save(self, elsewhere: str | None = None) -> None:
        """Write the edited games (atomically); the caller checks ``changed_on_disk`` first.

        A ``.match`` file is left as it is: its games go to :meth:`save_path`,
        which is the record from then on; so does the whole record saved
        ``elsewhere`` (a new name, when the file is read-only). Nothing is
        written over a read-only file (:class:`ReadOnlyRecord`) or over what is
        no regular file (a named pipe put in its place).
        """
        text = self.new_text()
        target = self.save_path() if elsewhere is None else elsewhere
        mode = self.mode if self.match_games is None and elsewhere is None else None
        _check_target(target)
        try:
            write_atomically(target, lambda out: out.write(text), mode=mode)
        except OSError as error:
            why = f"cannot save {target}: {error.strerror or error}"
            if error.errno in _NOT_ALLOWED:  # here: another name (another folder) may do
                home = os.path.join(os.path.expanduser("~"), os.path.basename(target))
                raise ReadOnlyRecord(why, unused_name(home)) from error
            raise RecordError(why) from error
        except UnicodeEncodeError as error:
            character = printable(error.object[error.start])
            raise RecordError(
                f"cannot save {target}: the record holds {character}, which is not"
                " text UTF-8 can write (a name given in another encoding?)"
            ) from error
        if self.match_games is not None:
            self._became_record(target, text)
            return
        self.path = target
        self.disk_text = text
        self.text = text.removeprefix(self.bom)
        self.mode = file_mode(self.path)
        self.existed = True
        kept = {index: self._cache[index] for index in self.edited if index in self._cache}
        waiting = {index: game for index, game in self.appended.items() if index not in self.edited}
        self.entries = _carry_over(self.entries, index_games(self.text), waiting)
        self.appended = waiting
        self.edited.clear()
        self._cache = kept

    def _became_record(self, path: str, text: str) -> None:
        """After a ``.match`` file's games were saved as ``path``: that is the record now."""
        self.path, self.match_games, self.read_as = path, None, ACEY
        self.disk_text, self.text, self.bom = text, text, ""
        self.mode = file_mode(path)
        self.existed = True
        loaded = dict(self._cache)
        self.entries = _carry_over(self.entries, index_games(text), {})
        self.edited.clear()
        self.appended.clear()
        self._cache = loaded  # the same games, shown on: their text is the new file's now


def unused_name(path: str) -> str:
    """A record name beside ``path`` that no file has: ``game.acey``, else ``game-2.acey``..."""
    stem, suffix = os.path.splitext(path)[0], ACEY.extensions[0]
    candidate, number = stem + suffix, 1
    while os.path.lexists(candidate):
        number += 1
        candidate = f"{stem}-{number}{suffix}"
    return candidate


class ReadOnlyRecord(RecordError):
    """The record may not be written where it is (a read-only file or folder): another name may do.

    ``other_name`` is the one to offer: beside a read-only file, or in the home
    folder when the folder (or the file system) refused.
    """

    def __init__(self, message: str, other_name: str) -> None:
        super().__init__(message)
        self.other_name = other_name


_NOT_ALLOWED = (errno.EACCES, errno.EPERM, errno.EROFS)


def _check_target(path: str) -> None:
    """Refuse to save over a read-only file, or over a pipe or device that took the file's place."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return  # no file yet (or one the write reports on)
    kind = not_regular(mode)
    if kind is not None:
        raise RecordError(f"cannot save {path}: it is {kind} now, not a record file")
    if read_only(path):
        raise ReadOnlyRecord(f"{path} is read-only: it is not saved over", unused_name(path))


def _read_whole(
    read_as: Format, path: str, text: str, left_out: Callable[[Skipped], None]
) -> list[Game]:
    """Every game of a file in another format than acey's (a bgammon.org replay, JSON); what
    the reader leaves out (a backgammon game) goes to ``left_out``."""
    try:
        return list(read_as.games(io.BytesIO(text.encode("utf-8")), path, left_out))
    except (ReadError, InvalidRecord) as error:
        raise RecordError(f"{path}: {error}") from error


def _match_entry(index: int, game: Game) -> GameEntry:
    return GameEntry(index + 1, 0, 0, game.span.line, game.tag_values())


def _trailing_blank_lines(chunk: str) -> str:
    """The blank lines that end a game's piece of text (they separate it from the next)."""
    stripped = chunk.rstrip()
    rest = chunk[len(stripped) :]
    newline = rest.find("\n")
    return "" if newline < 0 else rest[newline + 1 :]


def without_empty_variations(game: Game) -> Game:
    """The game without variations that hold no turn (one just added to record into).

    Such a variation says nothing and cannot be written (``( )`` is no
    notation). The game itself is left as it is; a copy is made only when needed.
    """

    def pruned(turns: list[Turn]) -> list[Turn] | None:
        """The turns with empty variations left out; None when there is none to leave out."""
        changed = False
        kept: list[Turn] = []
        for turn in turns:
            variations: list[Variation] = []
            for variation in turn.variations:
                inner = pruned(variation.turns)
                if inner is not None:
                    variation = dataclasses.replace(variation, turns=inner)
                if variation.turns:
                    variations.append(variation)
                if inner is not None or not variation.turns:
                    changed = True
            kept.append(dataclasses.replace(turn, variations=variations) if changed else turn)
        return kept if changed else None

    turns = pruned(game.turns)
    return game if turns is None else dataclasses.replace(game, turns=turns)


def _separator(before: str, newline: str) -> str:
    """What goes between the text so far and a game added after it: a blank line."""
    text = before.removeprefix(BOM)
    if not text.strip():
        return ""
    if text.endswith(newline * 2):
        return ""
    return newline if text.endswith("\n") else newline * 2


def _carry_over(
    old: list[GameEntry], new: list[GameEntry], waiting: dict[int, Game]
) -> list[GameEntry]:
    """Keep the checked turn and error counts across a save when the games line up.

    Added games not written yet (``waiting``, nothing was entered in them) stay
    after the file's games, with their entries as they were.
    """
    kept = [entry for index, entry in enumerate(old) if index not in waiting]
    if len(kept) == len(new):
        for before, after in zip(kept, new, strict=True):
            after.turns, after.errors = before.turns, before.errors
    return new + [old[index] for index in sorted(waiting)]
