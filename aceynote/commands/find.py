"""``aceynote find``: the games of records that pass filters, as they stand, listed or counted."""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import tempfile
from collections.abc import Callable, Iterator
from functools import partial
from typing import IO, Any, cast

from ..corpus import filters
from ..corpus.filters import Filter, FilterError, Query, Term
from ..corpus.find import Copies, Found, Search, acey_games, other_games
from ..files.writing import copy_from_start, write_atomically
from ..formats import ACEY, InvalidRecord, named, record_format
from ..notation import Game, ReadError
from ..notation.source import line_end
from ..notation.writer import GAMES_APART
from ..terminal_text import cell
from .base import (
    EXIT_OK,
    EXIT_PROBLEMS,
    EXIT_USAGE,
    Commands,
    UsageError,
    add_command,
    fail,
    nothing_written,
    output_closed,
    say,
    tune_garbage_collector,
    whole_number,
    write_out,
)
from .common import (
    STDIN,
    InputFile,
    add_record_files,
    expand_inputs,
    jobs_to_use,
    unreadable,
)
from .destination import check_output, check_output_name, refuse_read_only, to_file
from .input_formats import input_format, skipped_note
from .printing import Formatter, colour_wanted

DESCRIPTION = """\
Print the games of records that pass every filter, byte for byte as they
stand in the source, in order; or list them (--list, --format json) or count
them (--count). Filters on tags only glance at the tags and never parse a
game; filters on play replay each game as validate does (--jobs to share the
work). Text filters are case-insensitive substrings. Details: docs/find.md.

examples:
  aceynote find club/ --player alder --date 2026-01..2026-06 -o alder.acey
  aceynote find games.acey --turns '>60' --count       games over 60 turns
  aceynote find games.acey --not --acey-deucey --list  games with no 1-2 played
  aceynote find games.acey --result black --or --hits '>=5'
  aceynote find games.acey --position "W 6:15 / B in:15 / B"
  aceynote find games.acey --duplicates --list          second and later copies
  aceynote find games.jsonl --errors --format json      {"file", "game", "line"}

Every filter must hold; --not turns the next one round; --or starts another
group of filters, and any group may match.
"""

EPILOG = """\
exit status: 0 some game matched, 1 none matched (as grep), 2 usage error,
a bad filter value or an unreadable file (the other files are still read, and
what is printed, a --count too, is of their games only: the status says so).
"""


class _FilterOption(argparse.Action):
    """A filter option: its value read into a filter, kept in command-line order with --not."""

    def __init__(self, *args: Any, make: Callable[[str], Filter], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.make = make

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        _: Any = None,
    ) -> None:
        try:
            test = self.make(values)
        except FilterError as error:
            raise argparse.ArgumentError(self, str(error)) from error
        _terms(namespace)[-1].append(Term(test, _take_not(namespace)))


class _Not(argparse.Action):
    def __call__(
        self, parser: Any, namespace: argparse.Namespace, values: Any, _: Any = None
    ) -> None:
        if getattr(namespace, "negate", False):
            raise argparse.ArgumentError(self, "--not twice: give it once before a filter")
        namespace.negate = True


class _Or(argparse.Action):
    def __call__(
        self, parser: Any, namespace: argparse.Namespace, values: Any, _: Any = None
    ) -> None:
        groups = _terms(namespace)
        if not groups[-1] or getattr(namespace, "negate", False):
            raise argparse.ArgumentError(
                self, "--or stands between two filters" + _besides(namespace)
            )
        groups.append([])


def _besides(namespace: argparse.Namespace) -> str:
    """What a refusal of --or adds where --duplicates stands in the group left empty beside
    it (``--duplicates --or``, ``--or --duplicates``): it is not a filter to join."""
    groups = _terms(namespace)
    if getattr(namespace, "duplicates_in", None) != (len(groups), 0) or groups[-1]:
        return ""
    return " (--duplicates is none: it is applied after the filters and takes no part in --or)"


class _Duplicates(argparse.Action):
    def __call__(
        self, parser: Any, namespace: argparse.Namespace, values: Any, _: Any = None
    ) -> None:
        namespace.duplicates = "first" if _take_not(namespace) else "copies"
        groups = _terms(namespace)
        namespace.duplicates_in = (len(groups), len(groups[-1]))  # where it stands: _besides


def _terms(namespace: argparse.Namespace) -> list[list[Term]]:
    if getattr(namespace, "groups", None) is None:
        namespace.groups = [[]]
    groups: list[list[Term]] = namespace.groups
    return groups


def _take_not(namespace: argparse.Namespace) -> bool:
    negated = bool(getattr(namespace, "negate", False))
    namespace.negate = False
    return negated


def _flag(make: Callable[[], Filter]) -> dict[str, Any]:
    return {"nargs": 0, "action": _FilterOption, "make": lambda _: make()}


def _valued(make: Callable[[str], Filter], metavar: str) -> dict[str, Any]:
    return {"action": _FilterOption, "make": make, "metavar": metavar}


def _tag(*names: str, default: str = "") -> Callable[[str], Filter]:
    return lambda value: filters.TagHas(names, filters.text_test(value), default)


def _any_tag(text: str) -> Filter:
    return filters.AnyTag(*filters.tag_test(text))


def register(commands: Commands) -> None:
    parser = add_command(commands, "find", DESCRIPTION)
    parser.epilog = EPILOG
    add_record_files(parser)
    tags = parser.add_argument_group("filters on tags (fast: the tags only)")
    tags.add_argument(
        "--player", help="White or Black holds NAME", **_valued(_tag("White", "Black"), "NAME")
    )
    tags.add_argument("--white", help="White holds NAME", **_valued(_tag("White"), "NAME"))
    tags.add_argument("--black", help="Black holds NAME", **_valued(_tag("Black"), "NAME"))
    tags.add_argument("--event", help="Event holds TEXT", **_valued(_tag("Event"), "TEXT"))
    tags.add_argument(
        "--date",
        help="Date within 2026, 2026-11, 2026.11.04 or a range 2026-01..2026-06 (an end may be left out)",
        **_valued(lambda text: filters.DateIn(filters.date_test(text)), "WHEN"),
    )
    tags.add_argument(
        "--rules",
        help="Rules holds TEXT (no Rules tag: standard)",
        **_valued(_tag("Rules", default="standard"), "TEXT"),
    )
    tags.add_argument(
        "--result",
        help="white, black, unfinished (who won) or a result token such as 15-0 or *",
        **_valued(lambda text: filters.ResultIs(filters.result_test(text)), "RESULT"),
    )
    tags.add_argument(
        "--tag",
        help="the tag Name holds value; Name==value: is value (a whole number after = is too,"
        " so Round=1 is not round 10); Name alone: the game has that tag; repeatable",
        **_valued(_any_tag, "NAME=VALUE"),
    )
    play = parser.add_argument_group("filters on play (each game replayed)")
    play.add_argument(
        "--turns",
        help="turns of the main line: '>60', '<=40', '=50' or 40..60",
        **_valued(_count(filters.Turns), "COUNT"),
    )
    play.add_argument(
        "--hits",
        help="hits by both sides: '>=3' (as --turns)",
        **_valued(_count(filters.Hits), "COUNT"),
    )
    play.add_argument(
        "--acey-deucey", help="a 1-2 was played on the main line", **_flag(filters.AceyDeucey)
    )
    play.add_argument("--pass", help="a side passed (a play written --)", **_flag(filters.Passed))
    play.add_argument("--errors", help="the validator finds an error", **_flag(filters.HasErrors))
    play.add_argument(
        "--position",
        help="the position SETUP (docs/notation.md §7) stands after some segment of the main line;"
        " the side to roll is not compared (see --side-to-roll)",
        **_valued(filters.position_test, "SETUP"),
    )
    play.add_argument(
        "--side-to-roll",
        action="store_true",
        help="--position compares the side to roll too (its Setup ends with it: ... / B)",
    )
    play.add_argument(
        "--duplicates",
        nargs=0,
        action=_Duplicates,
        help="keep only the second and later copies of a game among those that match (same rules,"
        " start, dice and positions); --not --duplicates keeps each game's first copy only",
    )
    logic = parser.add_argument_group("combining filters")
    logic.add_argument("--not", nargs=0, action=_Not, help="the next filter must not hold")
    logic.add_argument("--or", nargs=0, action=_Or, help="or the filters that follow")
    shown_as = parser.add_argument_group("output")
    choice = shown_as.add_mutually_exclusive_group()
    choice.add_argument("--count", action="store_true", help="print only the number of games found")
    choice.add_argument(
        "--list",
        action="store_true",
        help="one line a game: file:line, number, White, Black, Date, Result (tabs between)",
    )
    shown_as.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help='json: list the games as JSON Lines, {"file", "game", "line"}',
    )
    shown_as.add_argument(
        "-o",
        "--output",
        default=STDIN,
        metavar="OUT",
        help="file to write (default - for stdout), named for what is written (acey, or JSON Lines"
        " from JSON Lines; a list: no record's name)",
    )
    shown_as.add_argument(
        "--limit", type=whole_number, metavar="N", help="stop after the first N games found"
    )
    shown_as.add_argument(
        "-j",
        "--jobs",
        type=whole_number,
        default=1,
        metavar="N",
        help="processes for filters on play (default 1)",
    )
    parser.set_defaults(run=run, groups=None, negate=False, duplicates=None)


def _count(kind: Callable[[filters.CountTest], Filter]) -> Callable[[str], Filter]:
    return lambda text: kind(filters.count_test(text))


def _query(args: argparse.Namespace) -> Query:
    groups: list[list[Term]] = args.groups or [[]]
    if args.negate:
        raise UsageError("--not comes before a filter: put the filter after it")
    if len(groups) > 1 and not groups[-1]:
        raise UsageError("--or stands between two filters: put a filter after it" + _besides(args))
    if args.side_to_roll:
        groups = [[_with_side(term) for term in group] for group in groups]
        if not any(isinstance(term.test, filters.Reaches) for group in groups for term in group):
            raise UsageError("--side-to-roll compares the side to roll of a --position: give one")
    return Query(groups)


def _with_side(term: Term) -> Term:
    if not isinstance(term.test, filters.Reaches):
        return term
    if not term.test.side_written:
        raise UsageError(
            "--side-to-roll compares the side to roll, but a --position leaves it out:"
            " end the Setup with it, like '... / B'"
        )
    return Term(dataclasses.replace(term.test, turn=True), term.negated)


class _Run:
    """The games found, written as asked, with the count and the files that could not be read."""

    def __init__(
        self, args: argparse.Namespace, search: Search, out: Callable[[str], object]
    ) -> None:
        self.args = args
        self.search = search
        self.out = out
        self.copies = Copies()
        self.count = 0
        self.unreadable = 0
        self.apart = ""  # what stands between two games of the input written: see _games
        self.written = 0  # the games of the input written
        self.formatter = Formatter(colour_wanted(sys.stderr, disabled=False))

    @property
    def done(self) -> bool:
        """Whether --limit games are found."""
        return self.args.limit is not None and self.count >= self.args.limit

    def file(self, source: InputFile) -> None:
        """Look through one input; one that cannot be read is reported and counted."""
        try:
            with source.reading() as handle:
                for found in self._games(handle, source):
                    if self._kept(found):
                        self.count += 1
                        self._write(source, found)
                        if self.done:  # nothing more is read
                            break
        except BrokenPipeError:
            raise
        except (ReadError, InvalidRecord, OSError, UnicodeDecodeError) as error:
            self.unreadable += 1
            fail(unreadable(source, error))

    def _games(self, handle: IO[bytes], source: InputFile) -> Iterator[Found]:
        stream, read_as = input_format(handle, source, self.args.source_format)
        name = source.display_name
        self.written = 0
        # Acey games and JSON Lines are written as they stand (an acey game's blank lines
        # after it are its own); other formats' games as convert --to acey writes them.
        self.apart = "" if read_as is ACEY or read_as.name == "jsonl" else GAMES_APART
        if read_as is ACEY:
            return acey_games(stream, name, self.search, self.args.jobs, tune_garbage_collector)
        lines = read_as.name == "jsonl"
        reader = partial(read_as.games, skipped=skipped_note(name))
        return other_games(stream, name, reader, self.search, lines, self._unwritable(name))

    def _unwritable(self, name: str) -> Callable[[int, Game], None]:
        """What says, on stderr, why a game found in a .match or .json input is not written."""

        def report(number: int, game: Game) -> None:
            say(self.formatter.problems(name, number, game))

        return report

    def _kept(self, found: Found) -> bool:
        if self.args.duplicates is None:
            return True
        wanted: str = self.args.duplicates
        return self.copies.is_copy(found) == (wanted == "copies")

    def _write(self, source: InputFile, found: Found) -> None:
        name = source.display_name
        if self.args.count:
            return
        if self.args.format == "json":
            self.out(json.dumps({"file": name, "game": found.number, "line": found.line}) + "\n")
        elif self.args.list:
            tags = found.tags
            columns = [f"{name}:{found.line}", str(found.number)]
            columns += [tags.get(tag, "") for tag in ("White", "Black", "Date")] + [found.result]
            self.out("\t".join(cell(column) for column in columns) + "\n")
        elif text := found.text:  # none: a game of a .match or .json with syntax errors
            self.out(self.apart if self.written else "")
            self.written += 1
            # A game ending the file without a line end gets the file's.
            self.out(text if text.endswith(("\n", "\r")) else text + line_end(text))

    def status(self) -> int:
        if self.unreadable:
            return EXIT_USAGE
        return EXIT_OK if self.count else EXIT_PROBLEMS


def _check_output_formats(args: argparse.Namespace, sources: list[InputFile]) -> None:
    """Games of JSON Lines and of records cannot share one output, and OUT must be named for
    what is written (:func:`check_output_name`): refuse before reading."""
    if args.count or args.list or args.format == "json":
        listing = (
            "--count" if args.count else "--format json" if args.format == "json" else "--list"
        )
        check_output_name(args.output, None, f"{listing} writes no record")
        return
    if not args.source_format and len(sources) > 1 and any(s.path == STDIN for s in sources):
        raise UsageError(
            "standard input's format (acey or JSON Lines) is told only as it is read, and its"
            " games would share one output with the other files': say it with --from"
        )
    kinds = {
        named(args.source_format) if args.source_format else record_format(source.path)
        for source in sources
        if source.path != STDIN or args.source_format
    }
    if len(kinds) > 1 and any(kind.name == "jsonl" for kind in kinds):
        raise UsageError(
            "the games found would mix JSON Lines and acey records in one output:"
            " find in them separately, or use --list, --count or --format json"
        )
    if kinds:  # none: standard input alone, whose format is told only as it is read
        written = "jsonl" if any(kind.name == "jsonl" for kind in kinds) else ACEY.name
        check_output_name(args.output, written, f"find writes the games found as {written}")


def run(args: argparse.Namespace) -> int:
    if args.format == "json" and args.count:
        raise UsageError("--format json lists the games; --count prints only their number")
    if args.limit is not None and args.limit < 1:
        raise UsageError("--limit takes 1 or more")
    args.jobs = jobs_to_use(args.jobs, False)
    written = not (args.count or args.list or args.format == "json")
    search = Search(_query(args), duplicates=args.duplicates is not None, texts=written)
    sources = expand_inputs(args.files)
    _check_output_formats(args, sources)
    if args.output == STDIN:
        return _find(args, search, sources, write_out)
    refuse_read_only(args.output)
    check_output(args.output, sources)
    with tempfile.SpooledTemporaryFile(1 << 22, mode="w+", encoding="utf-8", newline="") as spool:
        status = _find(args, search, sources, cast(IO[str], spool).write)
        if status == EXIT_USAGE:  # an input could not be read: OUT is left as it was
            nothing_written()
            return status
        to_file(args.output, lambda: write_atomically(args.output, copy_from_start(spool)))
    return status


def _find(
    args: argparse.Namespace, search: Search, sources: list[InputFile], out: Callable[[str], object]
) -> int:
    finder = _Run(args, search, out)
    try:
        for source in sources:
            if finder.done:
                break
            finder.file(source)
        if args.count:
            out(f"{finder.count}\n")
    except BrokenPipeError:  # the reader stopped early (| head): the status so far
        output_closed()
    return finder.status()
