"""Looking through records for the games a query finds (``aceynote find``, docs/find.md).

A record is cut into pieces where a game surely starts (``notation.cutter
.pieces``); each piece's games are looked at (:func:`look_at_piece`), in
this process or, with ``--jobs``, in worker processes a few pieces ahead, and
come back in file order. A query on tags only glances at the text; one on
play reads and replays each game. Other formats are read by their reader,
one game at a time.

``--duplicates`` needs every game seen before, so it is decided here, in
file order, by :class:`Copies`: a game is a copy of an earlier one when it
starts from the same position under the same rules and its main line has
the same dice and reaches the same position after every segment.
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, NamedTuple, cast

from ..notation import Game, ReadError
from ..notation.cutter import Piece, pieces
from ..notation.writer import write_game
from ..validation import Report
from ..workers import on_processes
from .filters import GameView, Query
from .sections import LineTap, Standing, glance, lead, piece_text, read, standing_result

if TYPE_CHECKING:
    pass

PIECE_BYTES = 1 << 18


@dataclass(frozen=True, slots=True)
class Search:
    """What to look for: the query, whether games are compared (``--duplicates``), and
    whether the games' texts are wanted whole (they are written; not for ``--count``)."""

    query: Query
    duplicates: bool = False
    texts: bool = True

    @property
    def plays(self) -> bool:
        return self.duplicates or self.query.plays


@dataclass(slots=True)
class Found:
    """A game that matches: where it stands, its tags, its text.

    ``number`` counts the games of its input from 1, matching or not;
    ``copy_key`` tells its copies (``--duplicates``).
    """

    number: int
    line: int
    tags: dict[str, str]
    result: str
    text: str
    copy_key: bytes | None = None


class PieceLook(NamedTuple):
    """The games of a piece that match, numbered in the piece, and what ends the piece."""

    found: list[Found]
    games: int  # the piece's games, matching or not
    lead: str  # the text before its first game: the end of the game before, in the file
    error: str | None  # the reading error after these games


def look(standing: Standing, search: Search, number: int) -> Found | None:
    """The game, if it matches."""
    view = GameView(standing.tags, standing.result, standing.game)
    if not search.query.holds(view):
        return None
    key = copy_key(view.report) if search.duplicates else None
    return Found(number, standing.line, standing.tags, standing.result, standing.text, key)


def copy_key(report: Report) -> bytes:
    """What two copies of a game share: rules, start, and each main-line segment's dice and end."""
    segments = [
        (replay.segment.kind, replay.segment.dice, replay.after.white, replay.after.black)
        for replay in report.main_line()
    ]
    return hashlib.blake2b(repr((report.rules, report.start, segments)).encode()).digest()


def look_at_piece(job: tuple[Piece, Search]) -> PieceLook:
    """The games of a piece of a record that match (run in a worker with ``--jobs``).

    A query on tags only glances at the games: no object is made for one
    that does not match.
    """
    piece, search = job
    text = piece_text(piece)
    if piece.skipped:  # the end of the game before, which the reader stopped reading
        return PieceLook([], 0, text.text, text.error)
    if not search.plays:
        sifted = glance(text, lambda tags, result: search.query.holds(GameView(tags, result, None)))
        found = [
            Found(number, standing.line, standing.tags, standing.result, standing.text)
            for number, standing in sifted.kept
        ]
        return PieceLook(found, sifted.games, sifted.lead, text.error)
    standings = read(text)
    looked = (look(standing, search, number) for number, standing in enumerate(standings, 1))
    found = [one for one in looked if one is not None]
    return PieceLook(found, len(standings), lead(text, standings), text.error)


def acey_games(
    stream: IO[bytes],
    name: str,
    search: Search,
    jobs: int = 1,
    starting: Callable[[], None] | None = None,
) -> Iterator[Found]:
    """The games of an acey record that match, in order; a reading error comes after the games before it.

    With ``jobs`` over 1 and a query on play, pieces go to worker processes,
    at most two a worker ahead (constant memory); ``starting`` is run in each
    worker first.
    """
    jobs = jobs if search.plays else 1
    looks = _looks(pieces(stream, name, PIECE_BYTES), search, jobs, starting)
    yield from _numbered(looks, search.texts)


def _numbered(looks: Iterator[PieceLook], texts: bool) -> Iterator[Found]:
    """The games found in the pieces of a file, numbered in the file, each with its whole text.

    A piece's last game, if it matches, waits for the next piece: what
    stands there before its first game (the blanks before a tag, a broken
    tag line, the skipped end of a game past its limits) ends that game in the
    file, and is added to its text if ``texts`` are wanted.
    """
    games, waiting, error = 0, None, None
    for piece_look in looks:
        if waiting is not None:
            if texts:
                waiting.text += piece_look.lead
            if piece_look.games:
                yield waiting
                waiting = None
        for found in piece_look.found:
            found.number += games
        games += piece_look.games
        if piece_look.found and piece_look.found[-1].number == games:
            waiting = piece_look.found.pop()
        yield from piece_look.found
        error = piece_look.error
        if error is not None:
            break
    if waiting is not None:
        yield waiting
    if error is not None:
        raise ReadError(error)


def _looks(
    chunks: Iterator[Piece], search: Search, jobs: int, starting: Callable[[], None] | None
) -> Iterator[PieceLook]:
    ahead = list(itertools.islice(chunks, jobs))
    if jobs == 1 or len(ahead) < 2:
        yield from (look_at_piece((chunk, search)) for chunk in itertools.chain(ahead, chunks))
        return
    tasks = ((chunk, search) for chunk in itertools.chain(ahead, chunks))
    yield from on_processes(look_at_piece, tasks, len(ahead), starting)


def other_games(
    stream: IO[bytes],
    name: str,
    reader: Callable[[IO[bytes], str], Iterator[Game]],
    search: Search,
    lines: bool,
    unwritable: Callable[[int, Game], None],
) -> Iterator[Found]:
    """The games of a file in another format that match, in order.

    ``lines``: the format has one game a line (JSON Lines), and a game's
    text is its line as it stands; any other game's text is the game
    written as an acey record. A game of those with syntax errors has no
    such text (``convert --to acey`` writes none): it is found as any game,
    with no text, and given to ``unwritable`` with its number when its text
    is wanted (``search.texts``).
    """
    tap = LineTap(stream)
    source = (
        cast(IO[bytes], tap) if lines else stream
    )  # a binary stream, though typeshed cannot tell
    for number, game in enumerate(reader(source, name), start=1):
        tags: dict[str, str] = {}
        for tag in game.tags:
            tags.setdefault(tag.name, tag.value)
        text = tap.last.decode("utf-8") if lines else "" if game.problems else write_game(game)
        line = tap.last_number if lines else game.span.line
        standing = Standing(line, tags, standing_result(tags, game.result_text), text, game)
        found = look(standing, search, number)
        if found is not None:
            if search.texts and game.problems and not lines:
                unwritable(number, game)
            yield found


class Copies:
    """The matching games seen so far, to tell a copy of one of them (``--duplicates``)."""

    def __init__(self) -> None:
        self.seen: set[bytes] = set()

    def is_copy(self, found: Found) -> bool:
        key = found.copy_key
        if key is None:
            return False
        if key in self.seen:
            return True
        self.seen.add(key)
        return False
