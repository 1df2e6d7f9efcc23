"""Looking through records for the games a query finds (``aceynote find``, docs/find.md).

A record is cut into pieces where a game surely starts (``notation.split
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
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, NamedTuple, cast

from ..notation import Game, ReadError
from ..notation.split import Piece, pieces
from ..notation.writer import write_game
from ..validation import Report
from .facts import main_line
from .filters import GameView, Query
from .sections import LineTap, Standing, glance, piece_text, read

if TYPE_CHECKING:
    from concurrent.futures import Future

PIECE_BYTES = 1 << 18


@dataclass(frozen=True, slots=True)
class Search:
    """What to look for: the query, and whether games are compared (``--duplicates``)."""

    query: Query
    duplicates: bool = False

    @property
    def plays(self) -> bool:
        return self.duplicates or self.query.plays


@dataclass(slots=True)
class Found:
    """A game looked at: where it stands, its tags, and (when it matched) its text.

    ``number`` counts the games of its input from 1; ``copy_key`` tells a
    matching game's copies (``--duplicates``).
    """

    number: int
    line: int
    tags: dict[str, str]
    result: str
    matched: bool
    text: str = ""
    copy_key: bytes | None = None


class PieceLook(NamedTuple):
    found: list[Found]
    error: str | None  # the reading error after these games


def look(standing: Standing, search: Search) -> Found:
    """Whether one game matches, with what is kept of it."""
    view = GameView(standing.tags, standing.result, standing.game)
    matched = search.query.holds(view)
    key = copy_key(view.report) if matched and search.duplicates else None
    text = standing.text if matched else ""
    return Found(0, standing.line, standing.tags, standing.result, matched, text, key)


def copy_key(report: Report) -> bytes:
    """What two copies of a game share: rules, start, and each main-line segment's dice and end."""
    segments = [
        (replay.segment.kind, replay.segment.dice, replay.after.white, replay.after.black)
        for replay in main_line(report)
    ]
    return hashlib.blake2b(repr((report.rules, report.start, segments)).encode()).digest()


def look_at_piece(job: tuple[Piece, Search]) -> PieceLook:
    """The games of a piece of a record, looked at (run in a worker with ``--jobs``)."""
    piece, search = job
    text = piece_text(piece)
    standings = read(text) if search.plays else glance(text)
    return PieceLook([look(standing, search) for standing in standings], text.error)


def acey_games(
    stream: IO[bytes],
    name: str,
    search: Search,
    jobs: int = 1,
    starting: Callable[[], None] | None = None,
) -> Iterator[Found]:
    """The games of an acey record, looked at, in order; a reading error comes after the games before it.

    With ``jobs`` over 1 and a query on play, pieces go to worker processes,
    at most two a worker ahead (constant memory); ``starting`` is run in each
    worker first.
    """
    jobs = jobs if search.plays else 1
    looks = _looks(pieces(stream, name, PIECE_BYTES), search, jobs, starting)
    number = 0
    for piece_look in looks:
        for found in piece_look.found:
            number += 1
            found.number = number
            yield found
        if piece_look.error is not None:
            raise ReadError(piece_look.error)


def _looks(
    chunks: Iterator[Piece], search: Search, jobs: int, starting: Callable[[], None] | None
) -> Iterator[PieceLook]:
    ahead = list(itertools.islice(chunks, jobs))
    if jobs == 1 or len(ahead) < 2:
        yield from (look_at_piece((chunk, search)) for chunk in itertools.chain(ahead, chunks))
        return
    from concurrent.futures import ProcessPoolExecutor  # only for --jobs

    pending: deque[Future[PieceLook]] = deque()
    with ProcessPoolExecutor(len(ahead), initializer=starting) as pool:
        for chunk in itertools.chain(ahead, chunks):
            pending.append(pool.submit(look_at_piece, (chunk, search)))
            if len(pending) >= 2 * len(ahead):
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()


def other_games(
    stream: IO[bytes],
    name: str,
    reader: Callable[[IO[bytes], str], Iterator[Game]],
    search: Search,
    lines: bool,
) -> Iterator[Found]:
    """The games of a file in another format, looked at in order.

    ``lines``: the format has one game a line (JSON Lines), and a game's
    text is its line as it stands; any other game's text is the game
    written as an acey record.
    """
    tap = LineTap(stream)
    source = (
        cast(IO[bytes], tap) if lines else stream
    )  # a binary stream, though typeshed cannot tell
    for number, game in enumerate(reader(source, name), start=1):
        tags: dict[str, str] = {}
        for tag in game.tags:
            tags.setdefault(tag.name, tag.value)
        text = tap.last.decode("utf-8") if lines else write_game(game)
        line = tap.last_number if lines else game.span.line
        found = look(
            Standing(line, tags, tags.get("Result") or game.result_text, text, game), search
        )
        found.number = number
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
