"""``aceynote replay``: go over a record in the terminal, and annotate it."""

from __future__ import annotations

import argparse
import sys

from .common import EXIT_OK, Commands, UsageError, add_command

HELP = "replay a record on a board in the terminal; annotate and save"
DESCRIPTION = """\
Open a record in a full-screen board viewer: step through the games checker
by checker, read the comments and the validator's findings where they
belong, enter variations, and add comments, glyphs and tags. A file of
several games opens on the game list. Press ? inside for every key; see
docs/replay.md.

examples:
  aceynote replay samples/annotated.acey
  aceynote replay samples/match.acey --game 2
  aceynote replay samples/mistakes.acey --turn 4
  aceynote replay game.acey --turn 12...      (Black's turn 12)
"""


def register(commands: Commands) -> None:
    parser = add_command(commands, "replay", HELP, DESCRIPTION)
    parser.add_argument("file", metavar="FILE", help="the record to open (.acey)")
    parser.add_argument(
        "--game", type=int, metavar="N", help="open game N (1 = the first) instead of the list"
    )
    parser.add_argument(
        "--turn", metavar="T", help="start at the end of turn T (12 = White's, 12... = Black's)"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..tui.records import RecordError, RecordFile
    from ..tui.replay_screen import parse_turn
    from ..tui.words import counted

    if args.file == "-":
        raise UsageError("replay needs a file: standard input is the keyboard here")
    if args.turn is not None and parse_turn(args.turn) is None:
        raise UsageError(f"--turn: '{args.turn}' is not a turn number; write 12 or 12...")
    if args.game is not None and args.game < 1:
        raise UsageError("--game counts from 1")
    try:
        record = RecordFile(args.file)
    except RecordError as error:
        raise UsageError(str(error)) from error
    if not len(record):
        raise UsageError(f"{args.file}: holds no game")
    if args.game is not None and args.game > len(record):
        raise UsageError(f"--game {args.game}: {args.file} holds {counted(len(record), 'game')}")
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise UsageError("replay runs in a terminal: standard input and output must be one")
    from ..tui.app import ReplayApp

    game = args.game if args.game is not None else (1 if args.turn is not None else None)
    ReplayApp(args.file, game, args.turn, record).run()
    return EXIT_OK
