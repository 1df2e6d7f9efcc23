"""``aceynote html``: a game as one self-contained web page."""

from __future__ import annotations

import argparse

from ..render.html import page
from .base import Commands, UsageError, add_command
from .common import InputFile, add_record_file
from .diagram import add_drawing_options, add_output, chosen_game, deliver, note_errors, read_record

DESCRIPTION = """\
Write one HTML file that shows a game in any browser, from disk or a web
server, with no network and no aceynote: the players, event, rules and
result; the board; the move list with glyphs, variations and comments; and
the validator's findings where they stand. Step with ArrowRight and
ArrowLeft, Home and End, or click a move; an address ending in #12 opens at
the 12th segment of the main line. The page shows each position's Setup
string, to copy. See docs/share.md.

examples:
  aceynote html samples/annotated.acey -o game.html
  aceynote html samples/match.acey --game 2 --theme dark -o game2.html
  aceynote html samples/match.acey --all -o match.html

exit status: 0 written, 1 written but a game has errors (the page shows
them), 2 usage error or unreadable file.
"""


def register(commands: Commands) -> None:
    parser = add_command(commands, "html", DESCRIPTION)
    add_record_file(parser)
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--game", type=int, metavar="N", help="game N of the file (default 1)")
    which.add_argument(
        "--all", action="store_true", help="every game of the file, with a list to choose one"
    )
    add_drawing_options(parser)
    add_output(parser, "the HTML file to write")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.all:
        games = read_record(args.file, args.source_format)
        if not games:
            raise UsageError(f"{InputFile(args.file).display_name}: holds no game")
    else:
        games = [chosen_game(args.file, args.source_format, args.game)]
    result = page(games, theme=args.theme, flip=args.flip)
    deliver(result.text, args.output)
    return note_errors(result.errors, "the page shows them where they stand")
