"""``aceynote record``: write down a game while it is played, the rules checking each entry."""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING

from ..terminal_text import clipped, printable
from .base import Commands, UsageError, add_command

if TYPE_CHECKING:
    from ..files.record import RecordFile

DESCRIPTION = """\
Open the board on a new game added at the end of FILE (FILE is made when it
does not exist; the games already in it are kept byte for byte) and enter
the game segment by segment: the roll and its play (64: in/19 in/21), or
the roll alone and a pick from its legal plays. The prompt says what comes
next (a roll, the chosen double =DD: or the extra roll +RR: of an
acey-deucey); an illegal entry is shown with the legal plays and not kept.
ctrl+z undoes, ctrl+t ends a game not played out, ctrl+s saves; kill or a
closed terminal keeps what is not saved in a recovery file next to FILE
(club.acey: club.recovered-DATE-TIME.acey). Without --opening, --first or
--setup, White moves first. The Date tag is today's unless --date gives
another. See docs/record.md.

examples:
  aceynote record club.acey --white "Ines Alder" --black "Tom Brandt"
  aceynote record club.acey --opening 5-3 --event "Harbour Club ladder"
  aceynote record club.acey --site "Harbour Club" --date 2026.03.01 --round 4
  aceynote record navy.acey --rules navy --first black
  aceynote record endgame.acey --setup "W 6:3 5:2 / B 6:2 5:3 / W"
"""


def register(commands: Commands) -> None:
    parser = add_command(commands, "record", DESCRIPTION)
    parser.add_argument("file", metavar="FILE", help="the record to add the game to (.acey)")
    parser.add_argument("--white", metavar="NAME", help="White's player (the White tag)")
    parser.add_argument("--black", metavar="NAME", help="Black's player (the Black tag)")
    add_game_details(parser)
    parser.add_argument(
        "--rules", metavar="RULES", help='the rules, like "navy" or "standard bearoff=exact"'
    )
    start = parser.add_mutually_exclusive_group()
    start.add_argument(
        "--opening", metavar="ROLLS", help='the opening roll, White\'s die first: "5-3"'
    )
    start.add_argument(
        "--first", choices=("white", "black"), help="who moves first (no opening roll recorded)"
    )
    start.add_argument(
        "--setup",
        metavar="SETUP",
        help="start from this position (a Setup string, docs/notation.md §7)",
    )
    parser.set_defaults(run=run)


def add_game_details(parser: argparse.ArgumentParser) -> None:
    """--event, --site, --date and --round: the new game's tags of the same names."""
    parser.add_argument("--event", metavar="TEXT", help="the event (the Event tag)")
    parser.add_argument("--site", metavar="TEXT", help="where it is played (the Site tag)")
    parser.add_argument(
        "--date", metavar="YYYY.MM.DD", help="the day it is played (the Date tag; default today)"
    )
    parser.add_argument("--round", metavar="TEXT", help="the round (the Round tag), like 4")


_TEXT_TAGS = (
    ("Event", "event"),
    ("Site", "site"),
    ("Date", "date"),
    ("Round", "round"),
    ("White", "white"),
    ("Black", "black"),
)
"""The tags given as text on the command line, and their options."""


def game_tags(args: argparse.Namespace) -> list[tuple[str, str]]:
    """The new game's tags from the options, each value checked (a UsageError says why)."""
    from .tag_options import opening_option, rules_option, setup_option

    for option in (*(option for _, option in _TEXT_TAGS), "rules", "opening", "setup"):
        check_utf8(option, getattr(args, option))
    tags = [*_text_tags(args), ("Result", "*")]
    if args.rules is not None:
        tags.append(("Rules", rules_option(args.rules).to_tag()))
    if args.opening is not None:
        tags.append(("Opening", opening_option(args.opening)))
    if args.setup is not None:
        tags.append(("Setup", setup_option(args.setup).to_setup()))
    return tags


def _text_tags(args: argparse.Namespace) -> list[tuple[str, str]]:
    """The tags given as text, checked as the notation checks them; Date today when not given."""
    import datetime

    from ..notation.tags import date_tag, tag_value_problem

    given = {option: getattr(args, option) for _, option in _TEXT_TAGS}
    given["date"] = given["date"] or date_tag(datetime.date.today())
    tags = []
    for name, option in _TEXT_TAGS:
        value = given[option]
        if value is None:
            continue
        problem = "a tag value is one line" if "\n" in value or "\r" in value else None
        problem = problem or tag_value_problem(name, value)
        if problem is not None:
            raise UsageError(f"--{option}: {problem}")
        tags.append((name, value))
    return tags


def check_utf8(option: str, value: str | None) -> None:
    """Refuse an argument that is not UTF-8 (``$'M\\xfcller'``): a record holds UTF-8 only.

    Python keeps such bytes as lone surrogates, which no UTF-8 file can hold:
    the game would be lost at its first save.
    """
    if value is None:
        return
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as error:
        try:  # the bytes as given, those that are not UTF-8 as \xfc
            shown = value.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
        except UnicodeEncodeError:
            shown = value  # a surrogate that stands for no byte: printable() escapes it
        raise UsageError(
            f"--{option}: '{printable(clipped(shown, 60))}' is not UTF-8 text;"
            " give it in UTF-8, as the record is written"
        ) from error


def run(args: argparse.Namespace) -> int:
    from ..notation.lines import new_game
    from ..rules import Side
    from ..tui.app import ReplayApp

    tags = game_tags(args)
    record = record_to_enter_into(args.file, "record")
    first = {"white": Side.WHITE, "black": Side.BLACK}.get(args.first or "")
    app = ReplayApp(args.file, record=record, new_game=new_game(tags), first=first)
    app.run()
    return app.stop_status()


def record_to_enter_into(path: str, command: str) -> RecordFile:
    """The record a new game is entered into at the board, or a UsageError saying why not."""
    record = record_to_write(path, command)
    need_terminal(command)
    return record


def record_to_write(path: str, command: str) -> RecordFile:
    """The record at ``path`` (empty when there is no file) that ``command`` saves into, or a
    UsageError: not an .acey file, no folder or one that cannot be written in, a file
    that cannot be read or is read-only."""
    from ..files.record import RecordError, RecordFile
    from ..files.writing import read_only
    from ..formats import ACEY, record_format
    from .common import refuse_standard_input

    refuse_standard_input(path, command)
    shown = path_in_message(path)
    read_as = record_format(path)
    if read_as is not ACEY:
        raise UsageError(
            f"{shown}: a {read_as.kind} is read, never written; {command} into an .acey file"
        )
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise UsageError(f"{shown}: there is no folder {path_in_message(folder)}")
    if not os.access(folder, os.W_OK):  # a save writes a new file there, renamed over FILE
        raise UsageError(f"{shown}: cannot make a file in {path_in_message(folder)}")
    try:
        record = RecordFile(path, create=True)
    except RecordError as error:
        raise UsageError(str(error)) from error
    if read_only(path):
        raise UsageError(
            f"{shown} is read-only: {command} into another file (or make it writable first)"
        )
    return record


def need_terminal(command: str) -> None:
    """A UsageError unless standard input and output are a terminal: the app's keys and screen."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise UsageError(f"{command} runs in a terminal: standard input and output must be one")


def path_in_message(path: str) -> str:
    """A path as the commands at the board name it in a message: clipped to 200 columns."""
    return clipped(path, 200)
