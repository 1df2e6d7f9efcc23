"""``aceynote analyze``: every decision of a record judged by the analysis engine."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from .base import EXIT_OK, EXIT_PROBLEMS, Commands, UsageError, add_command, write_out
from .common import add_record_file, usable_processors
from .diagram import chosen_game, deliver, read_record

DESCRIPTION = """\
Replay each game and ask the analysis engine about every decision of its
main line: the play of each roll and extra roll, and the double named after
a 1-2 with its play. For each decision it shows the best plays (top 3) with
their equity and chance of winning, the equity the written play lost, and a
mark: ?! doubtful, ? bad, ?? very bad (the thresholds, in the rules' points,
are gnubg's scaled to acey-deucey's scores: docs/engine.md). For each player:
decisions, unforced decisions, the error total and rate, marks by kind, luck
(what the rolls were worth against average rolls) and the luck-adjusted
result. Equities are the points the side to play expects, the other side's
counted negative.

-o writes the record again with each mark as a glyph on its segment and a
comment naming the best play and the equity lost; every existing comment and
glyph is kept. A game with an illegal play is analysed up to that play, and
the output says so.

examples:
  aceynote analyze samples/annotated.acey
  aceynote analyze samples/match.acey --game 2 --depth 0
  aceynote analyze games.acey --jobs 2 --format json > analysis.json
  aceynote analyze samples/annotated.acey -o annotated-analysed.acey

exit status: 0 analysed, 1 analysed but a game has an illegal play (analysed
up to it), 2 usage error or unreadable file.
"""


def register(commands: Commands) -> None:
    parser = add_command(commands, "analyze", DESCRIPTION)
    add_record_file(parser)
    parser.add_argument("--game", type=int, metavar="N", help="only game N of the file")
    parser.add_argument(
        "--depth", type=int, choices=(0, 1), default=1, help="search depth (default 1)"
    )
    parser.add_argument(
        "-o", "--output", metavar="OUT", help="write the record with the marks to OUT (- stdout)"
    )
    parser.add_argument(
        "--format", choices=("text", "json"), default="text", help="the report (default text)"
    )
    parser.add_argument(
        "--jobs", type=int, default=1, metavar="N", help="analyse N games at once (default 1)"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..analysis.annotate import annotate
    from ..analysis.output import analysis_text, document
    from ..analysis.run import analyze_games
    from ..notation import write_game

    if args.jobs < 1:
        raise UsageError("--jobs takes 1 or more")
    chosen = args.source_format
    games = (
        [chosen_game(args.file, chosen, args.game)] if args.game else read_record(args.file, chosen)
    )
    if not games:
        raise UsageError(f"{args.file}: holds no game")
    progress = _Progress(len(games))
    jobs = min(args.jobs, usable_processors(), len(games))
    analysed: list[dict[str, Any]] = []
    for game_json in analyze_games(games, args.depth, jobs, progress.show):
        analysed.append(game_json)
        if args.format == "text" and args.output != "-":
            progress.clear()
            write_out(analysis_text(game_json) + "\n")
    progress.clear()
    if args.format == "json" and args.output != "-":
        write_out(json.dumps(document(analysed), indent=1) + "\n")
    if args.output is not None:
        for game, game_json in zip(games, analysed, strict=True):
            if args.game:
                game_json = {**game_json}
            annotate(game, game_json)
        deliver("\n".join(write_game(game) for game in games), args.output)
    stopped = sum(1 for game_json in analysed if game_json["stopped"] is not None)
    if stopped:
        print(
            f"aceynote: {stopped} game(s) analysed only up to a syntax error or illegal play "
            "('aceynote validate' lists the problems)",
            file=sys.stderr,
        )
        return EXIT_PROBLEMS
    return EXIT_OK


class _Progress:
    """'analyze: game 2 of 5, 37 decisions' on a terminal's stderr, rewritten in place."""

    def __init__(self, games: int) -> None:
        self.games = games
        self.shown = False
        self.enabled = sys.stderr.isatty()

    def show(self, game: int, decisions: int) -> None:
        if self.enabled:
            sys.stderr.write(f"\ranalyze: game {game} of {self.games}, {decisions} decisions ")
            sys.stderr.flush()
            self.shown = True

    def clear(self) -> None:
        if self.shown:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()
            self.shown = False
