"""The ``aceynote`` command: one entry point, a subcommand for each job.

Exit codes scripts can rely on: 0 success, 1 the input has problems (an
invalid record, a file that would change under ``fmt --check``), 2 usage
error, unreadable input or output that cannot be written.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from importlib import import_module

from . import __version__
from .commands import COMMANDS
from .commands.base import (
    EXIT_OK,
    EXIT_USAGE,
    OutputError,
    UsageError,
    fail,
    flush_out,
    output_closed,
    tune_garbage_collector,
)
from .files.writing import Stopped

DESCRIPTION = """\
Record, check, replay and share acey-deucey game records (.acey files).
Commands that read records take - for standard input. The format and the
diagnostics are described in the project's docs/ (notation.md, diagnostics.md).

examples:
  aceynote validate game.acey            check a record against the rules
  aceynote fmt game.acey                 canonical form of a record
  aceynote convert game.acey --to json   the record as JSON (aceynote schema)
  aceynote generate --games 5 --seed 1   five random legal games
  aceynote replay game.acey              step through a game in the terminal
  aceynote diagram game.acey --turn 12 -o board.svg
                                         a board diagram of a position
  aceynote html game.acey -o game.html   a web page of the game
  aceynote convert my.match --to acey    a bgammon.org replay as a record
  aceynote hint --setup "W in:15 / B in:15 / W" --roll 64
                                         the engine's ranking of a roll's plays
  aceynote analyze game.acey             every decision judged: marks, luck
  aceynote play practice.acey            a game against the engine, recorded
  aceynote stats club/                   who won how often, are the dice fair
  aceynote find club/ --turns '>60' --count
                                         how many games ran over 60 turns
  aceynote convert club/ --to parquet -o tables/
                                         the games as tables for DuckDB, polars

Run 'aceynote COMMAND --help' for the options and examples of each command.
"""


def build_parser(argv: Sequence[str]) -> argparse.ArgumentParser:
    """The parser of ``argv``: all options of the command it names, a line for each other one.

    Only the chosen command's module is imported (with the notation, the rules
    or the terminal app it needs): ``aceynote --help`` imports none of them.
    """
    parser = argparse.ArgumentParser(
        prog="aceynote",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"aceynote {__version__}")
    commands = parser.add_subparsers(title="commands", dest="command", metavar="COMMAND")
    chosen = _chosen_module(argv)
    for name, command in COMMANDS.items():
        if command.module != chosen:
            commands.add_parser(name, help=command.summary)
        elif name not in commands.choices:  # the module registers all of its commands at once
            import_module(f"{__package__}.commands.{chosen}").register(commands)
    return parser


def _chosen_module(argv: Sequence[str]) -> str | None:
    """The module of the command ``argv`` names (its first word that is no option), if any."""
    first = next((word for word in argv if not word.startswith("-")), None)
    command = COMMANDS.get(first) if first is not None else None
    return command.module if command is not None else None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command ``argv`` names; without ``argv``, this process is the aceynote command.

    Only then is the garbage collector tuned for it: a program or a test that
    calls ``main(ARGS)`` keeps its own. (In the test suite the tuned collector
    let cyclic garbage pile up until the end of the run, where collecting it
    took xdist's workers past their 5 s to stop, and execnet's SIGINT then
    broke into hypothesis's generators being finalized.)
    """
    if argv is None:
        tune_garbage_collector()
        argv = sys.argv[1:]
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    try:
        return _finished(args.run(args))
    except UsageError as error:
        return fail(str(error))
    except OutputError as error:
        output_closed()  # what is still buffered cannot be written either
        return fail(str(error))
    except RecursionError:
        return fail("the record nests too deeply to be handled")
    except KeyboardInterrupt:
        return 130
    except Stopped as stopped:  # SIGTERM while writing a file: it was cleaned up
        return 128 + stopped.signal
    except BrokenPipeError:
        # The reader of standard output stopped early (| head). Commands that
        # can have found problems by then catch this and keep their status.
        output_closed()
        return EXIT_OK


def _finished(status: int) -> int:
    """Standard output written out: a full disk shows here at the latest."""
    try:
        flush_out()
    except BrokenPipeError:
        output_closed()
    return status


if __name__ == "__main__":
    sys.exit(main())
