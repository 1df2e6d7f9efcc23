"""``aceynote analyze``: every decision of a record judged by the analysis engine."""

from __future__ import annotations

import argparse
import io
import itertools
import tempfile
from collections import deque
from collections.abc import Iterator
from dataclasses import replace
from typing import IO, TYPE_CHECKING, TypeAlias, cast

from ..files.writing import SPOOL_BYTES
from ..notation.tags import GROUPINGS
from ..terminal_text import counted, shown
from ..validation.diagnostics import no_game_in
from .base import (
    EXIT_OK,
    EXIT_PROBLEMS,
    EXIT_USAGE,
    Commands,
    UsageError,
    add_command,
    fail,
    output_closed,
    say,
    whole_number,
    write_out,
)
from .common import (
    InputFile,
    add_explain_option,
    add_game_option,
    add_record_files,
    chosen_game,
    expand_inputs,
    game_number,
    jobs_to_use,
    record_stream,
)
from .destination import check_output, check_output_name, deliver
from .progress import ProgressLine

if TYPE_CHECKING:
    from ..analysis.analysed import GameAnalysis
    from ..formats import Format
    from ..notation import Game
    from ..notation.canonical import CopiedReading

DESCRIPTION = """\
Replay each game and ask the analysis engine about every decision of its
main line: the play of each roll and extra roll, and the double named after
a 1-2 with its play. For each decision it shows the best plays (top 3) with
their equity and chance of winning, the equity the written play lost, and a
mark: ?! doubtful, ? bad, ?? very bad (the thresholds, in the rules' points,
are gnubg's scaled to acey-deucey's scores: docs/engine.md), and for a marked
play why, in the words of the board: the blots it leaves and how many of the
opponent's 36 rolls hit one, points made or given up, primes, the race,
beside the best play's (docs/engine.md, "Why"). For each player:
decisions, unforced decisions, the error total and rate, marks by kind, luck
(what the rolls were worth against average rolls) and the luck-adjusted
result. Equities are the points the side to play expects, the other side's
counted negative.

--explain all gives the reason for every decision, not only the marked
ones: for a play that is the best, what it leaves ("the best play: leaves 1
blot that 11 of 36 rolls hit; makes the 5 point"), for any other why it is
worse than the best. It goes into the text, the JSON and the decisions
table; -o still comments only the marked plays.

-o writes the record again (with --game N, game N alone) with each mark as a
glyph on its segment and a comment naming the best play, the equity lost and
why. A glyph a person set wins (the comment then names the mark); the marks
and comments of an earlier analysis are replaced on each play analysed (the
others keep theirs), every other comment and glyph is kept; a game with
syntax errors is written as it stands, as fmt writes it. OUT may not be an
input. A game with an illegal play is analysed up to that play, one with a
wrong Rules or Setup tag not at all, and the output says so.

--summary gives, instead of each game's report, each player's figures over
all the games of every FILE (players matched by name as 'aceynote stats'
matches them; --by event: one table for each Event tag): games, decisions,
unforced decisions, the error rate, the performance rating (the mean equity
lost per unforced decision in thousandths of a game), marks, luck per game,
the result and the luck-adjusted result.

Many games: --jobs N analyses N games at once in local processes, and
--scheduler on a Dask cluster (pip install 'aceynote[cluster]'; every worker
needs aceynote installed), one task a game; a worker lost mid-run costs no
game, the cluster runs its games again. Either way the games are read as the
run goes on and each game's report is written as soon as those before it
are, the same report as a run in one process.

examples:
  aceynote analyze samples/annotated.acey
  aceynote analyze samples/match.acey --game 2 --depth 0
  aceynote analyze samples/annotated.acey -o annotated-analysed.acey
  aceynote analyze samples/mistakes.acey --depth 0 --explain all
  aceynote analyze games.acey --jobs 2 --format json > analysis.json
  aceynote analyze games.acey --scheduler tcp://10.0.0.5:8786 > analysis.txt
  aceynote analyze club/ samples/match.acey --summary --depth 0
  aceynote analyze league.acey --summary --by event --format json

exit status: 0 analysed, 1 analysed but a game has an error (analysed up to
it: an illegal play, a syntax error; not at all: a wrong Rules or Setup
tag), 2 usage error, unreadable file, no game in the files named (there
is nothing to analyse; validate and stats count 0 games instead), or no
scheduler at the address.
"""


def register(commands: Commands) -> None:
    parser = add_command(commands, "analyze", DESCRIPTION)
    add_record_files(parser)
    add_game_option(parser, "only game N of the file (one FILE)")
    parser.add_argument(
        "--depth",
        type=whole_number,
        choices=(0, 1, 2),
        default=1,
        help="search depth (default 1; 2 is about 10 times slower)",
    )
    parser.add_argument(
        "-o",
        "--output",
        metavar="OUT",
        help="write the record with the marks to OUT (-: on stdout, instead of the report)",
    )
    parser.add_argument(
        "--format",
        choices=("text", "json", "parquet"),
        default="text",
        help="the report (default text); parquet: the decisions table in the folder -o DIR",
    )
    add_explain_option(parser)
    parser.add_argument(
        "--summary",
        action="store_true",
        help="each player's figures over all the games, not each game's report",
    )
    parser.add_argument(
        "--by",
        choices=GROUPINGS,
        default="player",
        help="with --summary: one table of all games (default), or one for each Event tag",
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--jobs",
        type=whole_number,
        default=1,
        metavar="N",
        help="analyse N games at once in local processes (default 1; at most one per processor)",
    )
    where.add_argument(
        "--scheduler",
        metavar="tcp://HOST:PORT",
        help="analyse the games on the Dask cluster of this scheduler (aceynote[cluster])",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    sources = expand_inputs(args.files)
    _check_files(args, sources)
    if args.format == "parquet":
        _check_folder(args.output)
    else:
        check_output(args.output, sources)  # -o names no input, by any name
        check_output_name(args.output, "acey", "-o writes the record again, in acey")
    with tempfile.SpooledTemporaryFile(SPOOL_BYTES, mode="w+b") as copy:  # -o's: the record read
        games = _analyse(args, sources, copy)
    for place in games.stopped_at:
        say(f"aceynote: {place}")
    kinds = {
        "analysed only up to a syntax error, an illegal play or a turn's flow gone wrong": games.stopped,
        "not analysed, its Rules or Setup tag wrong": games.unanalysed,
    }
    said = "; ".join(f"{counted(count, 'game')} {words}" for words, count in kinds.items() if count)
    if said:
        say(f"aceynote: {said} ('aceynote validate' lists the problems)")
    if games.records.unreadable:
        return EXIT_USAGE
    return EXIT_PROBLEMS if said else EXIT_OK


def _analyse(args: argparse.Namespace, sources: list[InputFile], copy: IO[bytes]) -> _Games:
    """Analyse the games of ``sources`` and write what was asked; the games, counted."""
    from ..analysis.cluster import ClusterError
    from ..analysis.output import reports_written
    from ..analysis.run import analyze_games
    from ..analysis.totals import summary_document

    tables = args.format == "parquet"
    marked = args.output is not None and not tables
    picked = len(sources) > 1 or args.game is not None  # Game 1 is not the file's first
    records = _Records(args.source_format, copy if marked else None, stop=tables)
    games = _Games(records, records.games(args, sources), marked, name_each=picked)
    progress = ProgressLine()
    jobs = jobs_to_use(args.jobs, quiet=True)
    explain_all = args.explain == "all"

    def show(game: int, judged: int, to_judge: int) -> None:
        progress.show(f"analyze: game {game}, {judged} of {to_judge} decisions")

    analysed = analyze_games(games, args.depth, jobs, show, args.scheduler, explain_all)
    try:
        followed = games.follow(analysed, progress)
        if args.summary:  # each player's figures, once every game is analysed
            write_out(summary_document(followed, args.format, args.by))
        elif tables:
            _tables(followed, args.output)
        else:  # -o -: the record with its marks on standard output, not the reports
            write = write_out if args.output != "-" else lambda _: None
            reported = reports_written(followed, args.format, write)
            if marked:
                records.write_marked(games.with_games(reported), args.output)
            else:
                deque(reported, maxlen=0)
    except ClusterError as error:
        raise UsageError(str(error)) from error
    except KeyboardInterrupt:  # Ctrl-C: what was done and what was not, then exit 130
        progress.clear()
        done = counted(games.done, "game")
        say(f"aceynote: stopped (Ctrl-C) after {done} analysed{_unwritten(args)}")
        raise
    except BrokenPipeError:  # the reader stopped early (| head): no more games, the status so far
        output_closed()
        if marked and args.output != "-":
            say(
                f"aceynote: {shown(args.output)} not written: the report's reader stopped"
                " before the analysis was done"
            )
    finally:
        progress.clear()
        records.say_unreadable()
    return games


def _unwritten(args: argparse.Namespace) -> str:
    """What a run stopped part way leaves unwritten or unfinished, for its last words."""
    if args.output is not None:
        return f"; {'the marked record' if args.output == '-' else shown(args.output)} not written"
    if args.summary:
        return "; the summary not written"
    return "; the JSON on standard output is unfinished" if args.format == "json" else ""


def _check_files(args: argparse.Namespace, sources: list[InputFile]) -> None:
    if len(args.files) > 1 and args.game is not None:
        raise UsageError("--game takes one record FILE")
    # -o writes the record again, so it takes one record, counted after folders and globs;
    # --format parquet's -o DIR holds the decisions of any number of records.
    record_out = args.output is not None and args.format != "parquet"
    if record_out and len(sources) > 1:
        raise UsageError(
            "-o writes one record again with its marks: name one record FILE"
            " (not several, nor a folder or glob of several)"
        )
    if args.summary and (args.output is not None or args.format == "parquet"):
        raise UsageError("--summary prints the players' figures: not with -o or --format parquet")
    if args.summary and args.explain == "all":
        raise UsageError("--explain all gives each game's report its reasons: --summary has none")
    if args.by != "player" and not args.summary:
        raise UsageError("--by groups the players' figures of --summary")


Read: TypeAlias = "tuple[str, int, Game]"
"""A game to analyse, with its record's name and its number there."""


class _Records:
    """The records named, read a game at a time; one unreadable from some place on gives
    the games before it, and the next record's come (but with ``stop``: --format parquet,
    whose folder is made whole or not at all).

    With -o, the one record is read through a ``copy``
    (:class:`~aceynote.notation.canonical.CopiedReading`, as ``fmt`` reads), so that
    it is written again as ``fmt`` writes it (:meth:`write_marked`): a game with
    syntax errors as it stands in the source, every other with its marks.
    """

    def __init__(self, chosen: str | None, copy: IO[bytes] | None, stop: bool) -> None:
        self.chosen = chosen
        self.copy = copy
        self.stop_at_unreadable = stop
        self.reading: CopiedReading | None = None
        self.read_as: Format | None = None  # the copied record's format
        self.count = 0  # games read
        self.unreadable = 0  # records that turned out unreadable
        self.unsaid: deque[tuple[int, str]] = deque()  # (games read before, why), not yet said

    def games(self, args: argparse.Namespace, sources: list[InputFile]) -> Iterator[Read]:
        """The games to analyse from ``sources`` (the files, folders and globs named), each
        with its record's name and number there, read one at a time; a record without any is
        a usage error."""
        asked = game_number(args.game)
        if asked is not None:  # the game --game picks, read as every command reads it
            game = chosen_game(args.files[0], self.chosen, args.game, self.told_games)
            return iter([(InputFile(args.files[0]).display_name, asked.needed, game)])
        games = itertools.chain.from_iterable(
            (
                (source.display_name, number, game)
                for number, game in enumerate(self.read(source), 1)
            )
            for source in sources
        )
        first = next(games, None)
        if first is None and self.unsaid:  # nothing to analyse: the records cannot be read
            *before, (_, last) = self.unsaid
            for _, message in before:
                fail(message)
            raise UsageError(last)
        if first is None:
            raise UsageError(no_game_in(", ".join(source.display_name for source in sources)))
        return itertools.chain([first], games)

    def read(self, source: InputFile) -> Iterator[Game]:
        """The games of one record (:func:`~.common.record_stream`). Where it turns out
        unreadable, its games stop and the next record's come; the place is said in its turn
        (:meth:`say_unreadable`). With ``stop_at_unreadable``, it is a usage error at once."""
        try:
            for game in record_stream(source, self.chosen, self.told_games):
                self.count += 1
                yield game
        except UsageError as error:
            if self.stop_at_unreadable:
                raise
            self.unreadable += 1
            self.unsaid.append((self.count, str(error)))

    def told_games(self, raw: IO[bytes], source: InputFile, chosen: str | None) -> Iterator[Game]:
        """The games of a record opened, through the ``copy`` with -o; its format is kept."""
        from ..notation.canonical import CopiedReading
        from .input_formats import told_games

        if self.copy is not None:
            self.reading = CopiedReading(raw, source.display_name, self.copy)
            # A binary stream, though typeshed cannot tell: the readers decode it.
            raw = cast("IO[bytes]", self.reading)
        self.read_as, games = told_games(raw, source, chosen)
        return games

    def say_unreadable(self, followed: int | None = None) -> None:
        """Say on stderr which records turned out unreadable after ``followed`` games or
        fewer were read (None: all of them), each once, in its turn: after the reports of the
        games before it."""
        while self.unsaid and (followed is None or self.unsaid[0][0] <= followed):
            fail(self.unsaid.popleft()[1])

    def write_marked(self, marked: Iterator[tuple[Game, GameAnalysis]], out: str) -> None:
        """Write the record read again to ``out`` with the marks of the analyses as they come
        (:func:`~aceynote.analysis.annotate.write_marked`); not at all when a game with syntax
        errors is of JSON or a bgammon.org replay, whose text cannot stand in an acey record."""
        from ..analysis.annotate import write_marked
        from ..formats import ACEY

        assert self.reading is not None  # the first game is read before any is analysed
        written = io.StringIO()
        clean = write_marked(self.reading, marked, written)
        if self.unreadable:
            why = "its record could not be read whole"
        elif not clean and self.read_as is not ACEY:
            why = "a game of its record has syntax errors, and its text is not acey, to be"
            why += " written as it stands ('aceynote validate' lists them)"
        else:
            deliver(written.getvalue(), out)
            return
        self.say_unreadable()  # the place first
        say(f"aceynote: {shown(out)} not written: {why}")


def _check_folder(folder: str | None) -> None:
    """--format parquet: -o names a new or empty folder, and pyarrow is there (before any game)."""
    from ..files.writing import folder_problem
    from ..formats.format import MissingExtra

    if folder is None or folder == "-":
        raise UsageError("--format parquet writes a folder: name it with -o DIR")
    problem = folder_problem(folder)
    if problem is not None:
        raise UsageError(problem)
    try:
        from ..formats import parquet  # noqa: F401
    except MissingExtra as error:
        raise UsageError(str(error)) from error


def _tables(analysed: Iterator[GameAnalysis], folder: str) -> None:
    """DIR/decisions.parquet, made whole or not at all (docs/data.md)."""
    from ..analysis.rows import decision_rows
    from ..files.writing import write_folder_atomically
    from ..formats.parquet import write_decisions

    def write(temporary: str) -> bool:
        write_decisions(temporary, (list(decision_rows(g.number, g)) for g in analysed))
        return True

    try:
        write_folder_atomically(folder, write)
    except OSError as error:
        raise UsageError(f"{folder}: cannot write: {error.strerror or error}") from error


class _Games:
    """The games as they are read and their analyses as they come back.

    With -o (``marked``), the games read but not yet analysed wait here, to be
    written again with the marks of their analyses (:meth:`with_games`).
    Each game's record name waits too, to say where a game's analysis stopped
    (``stopped_at``: ``FILE:LINE:COL: CODE message``), and with ``name_each`` (several
    records, or a game picked by --game) where each game was read (its analysis's
    ``record``).
    """

    def __init__(
        self, records: _Records, games: Iterator[Read], marked: bool, name_each: bool
    ) -> None:
        self.records = records
        self.games = games
        self.marked = marked
        self.name_each = name_each
        self.waiting: deque[Game] = deque()
        self.names: deque[tuple[str, int]] = deque()
        self.done = 0  # analyses come back
        self.stopped = 0  # games analysed only up to an error
        self.unanalysed = 0  # games not analysed at all (a wrong Rules or Setup tag)
        self.stopped_at: list[str] = []

    def __iter__(self) -> Iterator[Game]:
        for name, number, game in self.games:
            if self.marked:
                self.waiting.append(game)
            self.names.append((name, number))
            yield game

    def with_games(self, analysed: Iterator[GameAnalysis]) -> Iterator[tuple[Game, GameAnalysis]]:
        """With -o: each game with its analysis, as the analyses come."""
        for analysis in analysed:
            yield self.waiting.popleft(), analysis

    def follow(
        self, analysed: Iterator[GameAnalysis], progress: ProgressLine
    ) -> Iterator[GameAnalysis]:
        """The analyses, counted; a record found unreadable is said after the games before it."""
        for followed, analysis in enumerate(analysed):
            self.records.say_unreadable(followed)
            progress.clear()
            (name, number), stopped = self.names.popleft(), analysis.stopped
            self.done += 1
            if self.name_each:
                analysis = replace(analysis, record=(name, number))
            if stopped is not None:
                self.stopped += analysis.analysed
                self.unanalysed += not analysis.analysed
                how = "analysed up to here" if analysis.analysed else "not analysed at all"
                self.stopped_at.append(
                    f"{name}:{stopped.line}:{stopped.column}: {stopped.code} {shown(stopped.message)}"
                    f" (the game is {how})"
                )
            yield analysis
