"""``aceynote replay``: go over a record in the terminal, and annotate it."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from .base import Commands, UsageError, add_command, whole_number
from .common import add_game_option, game_number, refuse_standard_input, turn_option

if TYPE_CHECKING:
    from ..files.record import RecordFile

DESCRIPTION = """\
Open a record in a full-screen board viewer: step through the games checker
by checker, read the comments and the validator's findings where they
belong, enter variations, and add comments, glyphs and tags. A file of
several games opens on the game list. A bgammon.org replay (.match) or a
JSON record (.json, .jsonl) opens read only: saving writes its games as a
new .acey file next to it. On an unfinished game, r records the moves that
follow (see docs/record.md). a analyses the game with the engine: the marks
?! ? ?? in the move list, the best plays in the notes, a graph of White's
chances (see docs/engine.md).
Press ? inside for every key; see docs/replay.md.

examples:
  aceynote replay samples/annotated.acey
  aceynote replay samples/match.acey --game 2
  aceynote replay samples/mistakes.acey --turn 4
  aceynote replay game.acey --turn 12...      (Black's turn 12)
  aceynote replay bgammon-games.match
  aceynote replay game.acey --depth 0      (a quicker analysis, at 0-ply)
"""


def register(commands: Commands) -> None:
    parser = add_command(commands, "replay", DESCRIPTION)
    parser.add_argument(
        "file",
        metavar="FILE",
        help="the record to open (.acey; or .match, .json, .jsonl, read only)",
    )
    add_game_option(parser, "open game N (1 = the first) instead of the list")
    parser.add_argument(
        "--turn", metavar="T", help="start at the end of turn T (12 = White's, 12... = Black's)"
    )
    parser.add_argument(
        "--depth",
        type=whole_number,
        choices=(0, 1),
        default=1,
        help="the engine's search depth for a (analyse) and p (ranked plays): 1 (default) or 0,"
        " several times faster (about 6 times in a 90-turn game)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..files.record import RecordError, RecordFile
    from ..validation.diagnostics import no_game_in

    refuse_standard_input(args.file, "replay")
    number = game_number(args.game)
    if args.turn is not None:
        turn_option(args.turn)  # a usage error before the record is opened
    try:
        record = RecordFile(args.file)
    except RecordError as error:
        raise UsageError(str(error)) from error
    if not len(record):
        raise UsageError(no_game_in(args.file))
    game = None if number is None else number.of(len(record), args.file)
    if args.turn is not None:
        game = game or 1
        _check_turn(record, game, args.turn)
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise UsageError("replay runs in a terminal: standard input and output must be one")
    from ..tui.app import ReplayApp

    app = ReplayApp(args.file, game, args.turn, record, analysis_depth=args.depth)
    app.run()
    return app.stop_status()


def _check_turn(record: RecordFile, game: int, turn: str) -> None:
    """Refuse a ``--turn`` that game ``game`` does not have, saying how many turns it has."""
    from ..notation.lines import MAIN
    from ..validation import validate
    from ..validation.timeline import Timeline, find_turn, no_such_turn

    timeline = Timeline(validate(record.load(game - 1).game))
    if find_turn(timeline, MAIN, turn) is None:
        where = "this game" if len(record) == 1 else f"game {game}"
        raise UsageError(no_such_turn(timeline, MAIN, turn, where))
