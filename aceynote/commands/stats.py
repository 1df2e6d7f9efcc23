"""``aceynote stats``: figures over many games: players, dice, lengths, openings, matches."""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from collections.abc import Callable, Iterable, Iterator

from ..corpus.stats import GROUPINGS, CountedGame, counted_game, figures
from ..formats import ACEY, InvalidRecord
from ..notation import Game, ReadError
from ..render.stats_json import figures_json
from ..render.stats_page import files_on_page, stats_page
from ..render.stats_text import figures_text, left_out
from ..terminal_text import shown
from ..validation import Diagnostic, validate
from ..validation.diagnostics import no_game_in
from .base import (
    EXIT_OK,
    EXIT_PROBLEMS,
    EXIT_USAGE,
    Commands,
    add_command,
    fail,
    output_closed,
    say,
    write_out,
)
from .common import (
    STDIN,
    InputFile,
    add_record_files,
    expand_inputs,
    unreadable,
)
from .destination import check_output, check_output_name, deliver
from .input_formats import told_games
from .printing import Formatter, colour_wanted

DESCRIPTION = """\
Count what many games amount to (docs/stats.md): each player's games, wins,
losses and points, the standings and a crosstable; the dice of each player
against fair dice, with a chi-square test; the games' lengths, results by
margin and who moved first; the opening tree (the plays of the first roll
and of the reply, with the mover's score); and the running score of every
match (Match, or MatchLength and MatchScore as the bgammon.org import
writes them). A game with errors is left out of the figures and its errors
are printed on stderr with file:line:col ('aceynote validate' lists every
problem).

examples:
  aceynote stats club/                           who won how often, are the dice fair
  aceynote stats mygames.match                   games from bgammon.org
  aceynote stats league.acey --by event          standings and crosstable per Event
  aceynote stats games.acey --format json | jq '.dice[0].p_value'
  aceynote stats games.acey --html stats.html    a page with charts, for a browser
  aceynote generate --games 200 | aceynote stats -

exit status: 0 every game counted, 1 some game has errors (left out; the
figures of the others are printed), 2 usage error, an unreadable file (not
UTF-8, or a JSON document that cannot be read on), or an output that cannot
be written.
"""


def register(commands: Commands) -> None:
    parser = add_command(commands, "stats", DESCRIPTION)
    add_record_files(parser)
    parser.add_argument(
        "--by",
        choices=GROUPINGS,
        default="player",
        help="player (default): one table of the players over all games; event: one for each Event tag",
    )
    parser.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help="text (default) or json: one object, its keys in docs/stats.md",
    )
    parser.add_argument(
        "--html",
        metavar="OUT",
        help="also write the figures as one self-contained web page with charts (- for stdout,"
        " instead of the text; a name of another kind, .acey, is refused)",
    )
    parser.set_defaults(run=run)


class _Reader:
    """The games of the inputs, counted as they are read; games with errors and unreadable files reported."""

    def __init__(self, chosen: str | None) -> None:
        self.chosen = chosen
        self.formatter = Formatter(colour_wanted(sys.stderr, disabled=False))
        self.left_out = 0
        self.unreadable = 0
        self.read_in_part = 0  # of the unreadable files, those read up to a place

    def counted(self, sources: Iterable[InputFile]) -> Iterator[CountedGame]:
        """Each valid game of ``sources`` as the figures count it, one at a time."""
        for source in sources:
            yield from self._read(source)

    def _read(self, source: InputFile) -> Iterator[CountedGame]:
        """The valid games of ``source``. Each is taken once the reading goes past it: where
        a place that cannot be read stops the reading, an acey game whose result was not read
        yet is the one that place cut short, not a game before it (docs/stats.md)."""
        number, last, cut = 0, None, False
        try:
            with source.reading() as handle:
                read_as, games = told_games(handle, source, self.chosen)
                for number, game in enumerate(games, 1):
                    yield from self._taken(source, last)
                    last, cut = (number, game), read_as is ACEY and game.result is None
            yield from self._taken(source, last)
        except (ReadError, InvalidRecord, OSError, UnicodeDecodeError) as error:
            if not cut:
                yield from self._taken(source, last)
            self.unreadable += 1
            self.read_in_part += number - cut > 0
            fail(unreadable(source, error))
            return  # an unreadable record is no empty one: no "no game in" warning besides
        if not number:
            say(f"aceynote: warning: {shown(no_game_in(source.display_name))}")

    def _taken(self, source: InputFile, read: tuple[int, Game] | None) -> Iterator[CountedGame]:
        """Game ``read`` (its number, the game) counted, or left out for its errors."""
        if read is None:
            return
        number, game = read
        report = validate(game)
        if report.errors:
            self._left_out(source.display_name, number, report.diagnostics, game.source_lines)
        else:
            yield counted_game(report, source.display_name, number)

    def _left_out(
        self, name: str, number: int, diagnostics: list[Diagnostic], lines: dict[int, str]
    ) -> None:
        self.left_out += 1
        for diagnostic in diagnostics:
            if diagnostic.is_error:
                line = lines.get(diagnostic.span.line, "")
                say(self.formatter.format(name, number, diagnostic, line))

    def status(self) -> int:
        for words in left_out(self.left_out):  # each unreadable file was named as it came
            say(f"aceynote: {words}")
        if self.unreadable:
            return EXIT_USAGE
        return EXIT_PROBLEMS if self.left_out else EXIT_OK


def _terminal_width() -> int | None:
    """The width of the terminal standard output is (None: a pipe or a file, names left whole)."""
    if not sys.stdout.isatty():
        return None
    return shutil.get_terminal_size().columns


def _files_on_page(sources: Iterable[InputFile], page: str) -> Callable[[str], str]:
    """Each record's name as the page names it: no folder above the page's (docs/stats.md)."""
    names = files_on_page((s.path for s in sources if s.path != STDIN), page)
    return lambda name: names.get(name, name)


def run(args: argparse.Namespace) -> int:
    if args.html == "-" and args.format == "json":
        return fail(
            "--html - writes the page to standard output instead of the figures:"
            " with --format json, write the page to a file (--html OUT)"
        )
    sources = expand_inputs(args.files)
    check_output(args.html, sources)
    check_output_name(args.html, "html", "--html writes a web page", "--html")
    reader = _Reader(args.source_format)
    found = figures(reader.counted(sources), args.by)
    try:
        if args.html is not None:
            deliver(
                stats_page(
                    found,
                    reader.left_out,
                    reader.unreadable,
                    reader.read_in_part,
                    _files_on_page(sources, args.html),
                ),
                args.html,
            )
        if args.html != "-":
            if args.format == "json":
                write_out(json.dumps(figures_json(found), indent=2) + "\n")
            else:
                write_out(figures_text(found, _terminal_width()))
    except BrokenPipeError:  # the reader stopped early (| head): the figures' status still holds
        output_closed()
    return reader.status()
