"""``aceynote html``: a game as one self-contained web page."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from ..analysis.review import GameReview, review_of_analysis, review_of_record
from ..notation import Game
from ..render.html import MAX_PAGE_TURNS, page, past_page_limit
from ..validation.diagnostics import no_game_in
from .base import Commands, UsageError, add_command, whole_number
from .common import (
    InputFile,
    add_drawing_options,
    add_explain_option,
    add_game_option,
    add_output,
    add_record_file,
    chosen_game,
    jobs_to_use,
    note_errors,
    read_record,
)
from .destination import check_output, check_output_name, deliver

DESCRIPTION = """\
Write one HTML file that shows a game in any browser, from disk or a web
server, with no network and no aceynote: the players, event, rules and
result; the board; the move list with glyphs, variations and comments; and
the validator's findings where they stand. Step with ArrowRight and
ArrowLeft, Home and End, or click a move; an address ending in #12 opens at
the 12th segment of the main line. The page shows each position's Setup
string, to copy. See docs/share.md.

A record analysed by `aceynote analyze -o` shows its analysis: the marks
(?! doubtful, ? bad, ?? very bad) coloured in the move list, and under the
board the best play and the equity lost for each marked segment. --analyze
runs the engine while writing the page (as `aceynote analyze` does) and
shows more: the best three plays of every segment with their win % and
equity, and a graph of White's chance of winning after each segment; click
it to go there. (The record's comments do not carry the win %, so a page
without --analyze has no graph.) Each segment's verdict says why a marked
play is worse than the best, in the words of the board; --explain all says
it for every segment, what the best play leaves too. The page's header
gives each player's figures over the game: decisions, unforced decisions,
the error rate, the rating, marks by kind, luck and the luck-adjusted
result.

examples:
  aceynote html samples/annotated.acey -o game.html
  aceynote html samples/match.acey --game 2 --theme dark -o game2.html
  aceynote html samples/match.acey --all -o match.html
  aceynote html samples/annotated.acey --analyze --depth 0 -o analysed.html
  aceynote html samples/mistakes.acey --analyze --explain all -o explained.html
  aceynote analyze samples/annotated.acey -o marked.acey
  aceynote html marked.acey -o marked.html     # its marks and comments, no graph

exit status: 0 written, 1 written but a game has errors (the page shows
them), 2 usage error, unreadable file, or a game past 2,000 turns (too long
for a page: none is written).
"""


def register(commands: Commands) -> None:
    parser = add_command(commands, "html", DESCRIPTION)
    add_record_file(parser)
    which = parser.add_mutually_exclusive_group()
    add_game_option(which, "game N of the file (default 1)")
    which.add_argument(
        "--all", action="store_true", help="every game of the file, with a list to choose one"
    )
    add_drawing_options(parser)
    analysis = parser.add_argument_group("analysis")
    analysis.add_argument(
        "--analyze", action="store_true", help="analyse the games with the engine for the page"
    )
    analysis.add_argument(
        "--depth",
        type=whole_number,
        choices=(0, 1, 2),
        help="with --analyze: search depth (default 1)",
    )
    analysis.add_argument(
        "--jobs",
        type=whole_number,
        metavar="N",
        help="with --analyze: analyse N games at once (default 1)",
    )
    add_explain_option(analysis)
    add_output(parser, "the HTML file to write (a name of another kind, .acey, is refused)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    check_output(args.output, [InputFile(args.file)])
    check_output_name(args.output, "html", "html writes a web page")
    if args.all:
        games = read_record(args.file, args.source_format)
        if not games:
            raise UsageError(no_game_in(InputFile(args.file).display_name))
    else:
        shows = "the page shows game 1 (--game N for another, --all for every game)"
        games = [chosen_game(args.file, args.source_format, args.game, shows=shows)]
    _refuse_past_page_limit(games, InputFile(args.file).display_name)
    result = page(games, theme=args.theme, flip=args.flip, reviews=_reviews(games, args))
    deliver(result.text, args.output)
    return note_errors(result.errors, "the page shows them where they stand")


def _refuse_past_page_limit(games: Sequence[Game], name: str) -> None:
    """Stop, at its place, at a game too long for a page (docs/share.md), before drawing any."""
    for game in games:
        if (segment := past_page_limit(game)) is not None:
            span = segment.span
            raise UsageError(
                f"{name}:{span.line}:{span.column}: this game goes on past {MAX_PAGE_TURNS:,} turns"
                " (a real game has a few hundred); a page shows games of up to that length, so"
                " none is written ('aceynote validate' reads the record)"
            )


def _reviews(games: Sequence[Game], args: argparse.Namespace) -> list[GameReview | None]:
    """Each game's analysis: run now with --analyze, else the one its comments hold, if any."""
    if not args.analyze:
        if args.depth is not None or args.jobs is not None or args.explain != "marked":
            raise UsageError("--depth, --jobs and --explain go with --analyze")
        return [review_of_record(game) for game in games]
    jobs = jobs_to_use(1 if args.jobs is None else args.jobs, quiet=True)
    from ..analysis.run import analyze_games  # the engine, only for --analyze

    depth = 1 if args.depth is None else args.depth
    explain_all = args.explain == "all"
    analysed = analyze_games(games, depth, min(jobs, len(games)), explain_all=explain_all)
    return [review_of_analysis(game, found) for game, found in zip(games, analysed, strict=True)]
