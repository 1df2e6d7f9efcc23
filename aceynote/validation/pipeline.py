"""Many games checked: a record's games in pieces on worker processes, in order, and their totals.

``aceynote validate`` runs here (with ``--jobs``, :func:`check_pieces`); a
program that checks a large acey record can call the same. Each game's
check keeps the source lines its diagnostics point to, so that a report
can quote them after the game itself is gone.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import IO, NamedTuple

from ..notation import Game, ReadError, read_games
from ..notation.cutter import Piece, pieces
from ..notation.source import NamedBytes, line_start, not_utf8
from ..rules import RuleSet
from ..terminal_text import counted
from ..workers import on_processes
from .diagnostics import Diagnostic
from .validator import validate

PIECE_BYTES = 1 << 18
"""About how much of a record one task checks (``--jobs``: at most one process a piece)."""


class GameCheck(NamedTuple):
    """What the validator found in one game, with the source lines it points to."""

    diagnostics: tuple[Diagnostic, ...]
    lines: dict[int, str]
    turns: int


def check_game(game: Game, rules: RuleSet | None, first: bool) -> GameCheck:
    """One game validated (under ``rules`` instead of its own; ``first``: stop at an error)."""
    report = validate(game, rules, first)
    needed = {d.span.line for d in report.diagnostics}
    lines = {number: game.source_lines[number] for number in needed if number in game.source_lines}
    return GameCheck(tuple(report.diagnostics), lines, report.turns)


def check_games(games: Iterable[Game], rules: RuleSet | None, first: bool) -> Iterator[GameCheck]:
    """Each game checked in turn, here."""
    return (check_game(game, rules, first) for game in games)


class PieceCheck(NamedTuple):
    """The checks of one piece's games, and the reading error after them, if any."""

    checks: list[GameCheck]
    error: str | None


Job = tuple[Piece, RuleSet | None, bool]


def check_pieces(
    stream: IO[bytes],
    name: str,
    rules: RuleSet | None,
    first: bool,
    jobs: int,
    starting: Callable[[], object] | None = None,
) -> Iterator[list[GameCheck]]:
    """An acey record's games checked piece by piece in ``jobs`` processes, in the record's order.

    A few pieces are ahead at most (constant memory), and no more workers
    start than the record has pieces: with one job, or a record of one piece,
    the pieces are checked here, the same way a worker would. Each piece's checks come as one list; a
    :class:`ReadError` where a piece stops being readable is raised after the
    checks of the games before it, as reading the whole record gives it.
    ``starting`` runs in each worker as it starts.
    """
    found = pieces(stream, name, PIECE_BYTES)
    ahead = list(itertools.islice(found, jobs))
    tasks: Iterable[Job] = ((piece, rules, first) for piece in itertools.chain(ahead, found))
    results = (
        map(check_piece, tasks)
        if len(ahead) <= 1
        else on_processes(check_piece, tasks, len(ahead), starting)
    )
    for result in results:
        yield result.checks
        if result.error is not None:
            raise ReadError(result.error)


def check_piece(job: Job) -> PieceCheck:
    """The games of a piece, checked; reading it goes exactly as reading the whole record.

    A byte that is not UTF-8 stops the reader before its line, as it does in
    the whole record, and is reported at its line in the record.
    """
    piece, rules, first = job
    data, failure, bad = piece.data, piece.failure, _first_bad_byte(piece)
    if bad is not None:
        cut, message = bad
        data, failure = data[:cut], message
    checks: list[GameCheck] = []
    stream = (
        NamedBytes(data, piece.name)
        if failure is None
        else _FailingBytes(data, piece.name, failure)
    )
    try:
        for game in read_games(stream, piece.first_line, piece.skipped):
            checks.append(check_game(game, rules, first))
    except ReadError as error:
        return PieceCheck(checks, bad[1] if bad is not None else str(error))
    return PieceCheck(checks, None)


class _FailingBytes(NamedBytes):
    """A piece as the reader sees it: the record's reading error, if any, comes at its end."""

    def __init__(self, data: bytes, name: str, failure: str) -> None:
        super().__init__(data, name)
        self.failure = failure

    def readline(self, size: int | None = -1, /) -> bytes:
        line = super().readline(size)
        if not line:
            raise ReadError(self.failure)
        return line

    def __next__(self) -> bytes:  # BytesIO's own would not call readline
        line = self.readline()
        if not line:
            raise StopIteration
        return line


def _first_bad_byte(piece: Piece) -> tuple[int, str] | None:
    """Where the line holding the piece's first byte that is not UTF-8 starts, and the message."""
    try:
        piece.data.decode("utf-8")
    except UnicodeDecodeError as error:
        start = line_start(piece.data, error.start)
        return start, not_utf8(piece.name, piece.data, error, piece.first_line)
    return None


@dataclass
class Totals:
    """What a run of checks found, over every file: ``validate``'s summary line."""

    games: int = 0
    turns: int = 0
    errors: int = 0
    warnings: int = 0
    invalid_games: int = 0
    unreadable: int = 0

    def count(self, check: GameCheck) -> None:
        """One more game checked."""
        errors = sum(1 for d in check.diagnostics if d.is_error)
        self.games += 1
        self.turns += check.turns
        self.errors += errors
        self.warnings += len(check.diagnostics) - errors
        self.invalid_games += bool(errors)

    def summary(self) -> str:
        """The totals in one line: "3 games, 120 turns: 1 error, 0 warnings"."""
        parts = f"{counted(self.games, 'game')}, {counted(self.turns, 'turn')}"
        counts = f"{counted(self.errors, 'error')}, {counted(self.warnings, 'warning')}"
        unread = f", {counted(self.unreadable, 'unreadable file')}" if self.unreadable else ""
        return f"{parts}: {counts}{unread}"
