"""``aceynote html``: a game as one self-contained web page."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TypeAlias

from ..analysis.review import GameReview, review_of_analysis, review_of_record
from ..notation import Game
from ..render.html import MAX_PAGE_TURNS, page, past_page_limit
from ..terminal_text import counted
from ..validation.diagnostics import no_game_in
from .base import Commands, UsageError, add_command, whole_number
from .common import (
    InputFile,
    add_drawing_options,
    add_explain_option,
    add_game_option,
    add_output,
    add_record_files,
    chosen_game,
    expand_inputs,
    jobs_to_use,
    note_errors,
    record_stream,
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

The page shows game 1 of the record (said on stderr when it holds more) or
--game N's; with --all every game, with a list to choose one. FILE may be
several records, folders and globs, as validate takes them: with --all their
games go on one page.

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
  aceynote html club/ --all -o club.html      # every game of a folder's records
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
    add_record_files(parser)
    which = parser.add_mutually_exclusive_group()
    add_game_option(which, "game N of the one record FILE (default 1)")
    which.add_argument(
        "--all", action="store_true", help="every game of the files, with a list to choose one"
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
    sources = expand_inputs(args.files)
    check_output(args.output, sources)
    check_output_name(args.output, "html", "html writes a web page")
    named = _every_game(sources, args.source_format) if args.all else [_one_game(sources, args)]
    _refuse_past_page_limit(named)
    games = [game for _, game in named]
    result = page(games, theme=args.theme, flip=args.flip, reviews=_reviews(games, args))
    deliver(result.text, args.output)
    return note_errors(result.errors, "the page shows {them} in the move list", len(sources))


Named: TypeAlias = tuple[str, Game]
"""A game of the page, with the name of the record it comes from."""


def _every_game(sources: Sequence[InputFile], chosen: str | None) -> list[Named]:
    """--all: every game of every record, in order; none at all is a usage error."""
    games = [
        (source.display_name, game) for source in sources for game in record_stream(source, chosen)
    ]
    if not games:
        raise UsageError(no_game_in(", ".join(source.display_name for source in sources)))
    return games


def _one_game(sources: Sequence[InputFile], args: argparse.Namespace) -> Named:
    """Game 1 of the one record named, or --game N's (a record of more says so)."""
    if len(sources) > 1 and args.game is not None:
        raise UsageError("--game takes one record FILE")
    if len(sources) > 1:
        raise UsageError(
            f"a page of {counted(len(sources), 'record')} shows every game of them: add --all"
            " (or name one record FILE)"
        )
    (source,) = sources
    shows = "the page shows game 1 (--game N for another, --all for every game)"
    return source.display_name, chosen_game(source, args.source_format, args.game, shows=shows)


def _refuse_past_page_limit(games: Sequence[Named]) -> None:
    """Stop, at its place, at a game too long for a page (docs/share.md), before drawing any."""
    for name, game in games:
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
