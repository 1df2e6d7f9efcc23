"""``aceynote diagram``: a position drawn as a backgammon board, in SVG."""

from __future__ import annotations

import argparse
import sys
from itertools import islice

from ..files.writing import cannot_write, read_only, write_atomically
from ..notation import Game, ReadError, read_games
from ..notation.typed import parse_turn
from ..render import svg
from ..rules import Position, SetupError, Side
from ..validation import validate
from ..validation.frames import START, Frame, GameFrames
from .base import EXIT_OK, EXIT_PROBLEMS, Commands, UsageError, add_command, write_out
from .common import InputFile, unreadable

DESCRIPTION = """\
Draw a position of a record, or a Setup string, as an SVG picture of a
backgammon board: both halves and the bar, the 24 points numbered from the
viewer's side, both sides' checkers (a count on a tall stack), each side's
bar, pool (in) and borne-off checkers, the pip counts, who is to roll, and
the dice and moves of the segment that led to the position. Without --turn
or --segment the board shows the end of the game's main line. See
docs/share.md.

examples:
  aceynote diagram samples/annotated.acey --turn 12 -o board.svg
  aceynote diagram samples/annotated.acey --turn 12... --flip --theme dark -o board.svg
  aceynote diagram samples/match.acey --game 2 --segment 0 -o start.svg
  aceynote diagram --setup "W 6:5 5:3 in:7 / B 6:2 in:13 / W" --size 300 -o -

exit status: 0 drawn, 1 drawn but the record has errors (the board shows
the validator's replay of it), 2 usage error or unreadable file.
"""


def register(commands: Commands) -> None:
    parser = add_command(commands, "diagram", DESCRIPTION)
    parser.add_argument("file", nargs="?", metavar="FILE", help="the record (.acey); - for stdin")
    parser.add_argument(
        "--setup",
        metavar="TEXT",
        help='draw this Setup string instead: "W 6:5 in:10 / B 6:2 in:13 / W"',
    )
    parser.add_argument("--game", type=int, metavar="N", help="game N of the file (default 1)")
    moment = parser.add_mutually_exclusive_group()
    moment.add_argument(
        "--turn", metavar="T", help="after turn T: 12 (White's, else Black's), 12. or 12..."
    )
    moment.add_argument(
        "--segment",
        type=int,
        metavar="K",
        help="after the K-th segment of the main line (0: start)",
    )
    add_drawing_options(parser)
    parser.add_argument(
        "--size", type=int, default=600, metavar="PX", help="width in pixels (default 600)"
    )
    add_output(parser, "the SVG file to write")
    parser.set_defaults(run=run)


def add_drawing_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--flip", action="store_true", help="see the board from Black's side")
    parser.add_argument(
        "--theme", choices=sorted(svg.THEMES), default="light", help="colours (default light)"
    )


def add_output(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument(
        "-o", "--output", default="-", metavar="OUT", help=f"{what} (default - for stdout)"
    )


# -- shared with ``aceynote html`` ---------------------------------------------


def read_record(path: str, count: int | None = None) -> list[Game]:
    """The first ``count`` games of a record (all without a count); unreadable is a usage error."""
    source = InputFile(path)
    try:
        with source.reading() as handle:
            return list(islice(read_games(handle), count))
    except (ReadError, OSError, UnicodeDecodeError) as error:
        raise UsageError(unreadable(source, error)) from error


def chosen_game(path: str, number: int | None) -> Game:
    """Game ``number`` (from 1; default the first) of a record."""
    wanted = 1 if number is None else number
    if wanted < 1:
        raise UsageError("--game counts from 1")
    games = read_record(path, wanted)
    if not games:
        raise UsageError(f"{InputFile(path).display_name}: holds no game")
    if len(games) < wanted:
        raise UsageError(
            f"--game {wanted}: {InputFile(path).display_name} holds {_counted(len(games), 'game')}"
        )
    return games[-1]


def deliver(text: str, output: str) -> None:
    """Write ``text`` to standard output (``-``) or, whole or not at all, to a file."""
    if output == "-":
        write_out(text)
        return
    if read_only(output):
        raise UsageError(f"{output} is read-only; not overwritten")
    try:
        write_atomically(output, lambda out: out.write(text))
    except OSError as error:
        raise UsageError(cannot_write(output, error)) from error


def note_errors(errors: int, what: str) -> int:
    """The exit status for a record with ``errors``, saying so on stderr when there are any."""
    if not errors:
        return EXIT_OK
    print(
        f"aceynote: the record has {_counted(errors, 'error')} ({what}); "
        "'aceynote validate' lists them",
        file=sys.stderr,
    )
    return EXIT_PROBLEMS


def _counted(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


# -- choosing the position -------------------------------------------------------


def read_turn(text: str) -> tuple[int | None, Side | None]:
    """``--turn``: what :func:`parse_turn` reads, or a usage error (number None: no such turn)."""
    found = parse_turn(text)
    if found is None:
        raise UsageError(f"--turn: '{text}' is not a turn number; write 12, 12. or 12...")
    return found


def chosen_frame(frames: GameFrames, turn: str | None, segment: int | None) -> Frame:
    """The main-line frame that --turn or --segment names; the end without either."""
    if not frames.playable:
        raise UsageError("the game's Setup tag cannot be used, so it has no position to draw")
    count = len(frames.main) - 1
    if segment is not None:
        if not 0 <= segment <= count:
            raise UsageError(
                f"--segment {segment}: the main line has {_counted(count, 'segment')} "
                f"(0 is the start, {count} the end)"
            )
        return frames.frames[frames.main[segment]]
    if turn is not None:
        number, side = read_turn(turn)
        key = None if number is None else frames.turn_end(number, side)
        if key is None:
            raise UsageError(f"--turn {turn}: the main line has no such turn")
        return frames.frames[key]
    return frames.frames[frames.end]


def frame_board(frame: Frame, title: str, args: argparse.Namespace) -> str:
    """The SVG of a frame: its position, and the dice and moves that led to it."""
    replay = frame.replay
    if replay is None:
        return svg.board(
            frame.position, flip=args.flip, size=args.size, theme=args.theme, title=title
        )
    return svg.replay_board(replay, flip=args.flip, size=args.size, theme=args.theme, title=title)


def _setup_board(args: argparse.Namespace) -> str:
    if args.file is not None:
        raise UsageError("give a record FILE or --setup, not both")
    if args.game is not None or args.turn is not None or args.segment is not None:
        raise UsageError("--game, --turn and --segment choose a moment of a record, not of --setup")
    try:
        position = Position.from_setup(args.setup)
    except SetupError as error:
        raise UsageError(f"--setup: {error}") from error
    return svg.board(position, flip=args.flip, size=args.size, theme=args.theme)


def _check_size(size: int) -> None:
    low, high = svg.SIZE_RANGE
    if not low <= size <= high:
        raise UsageError(f"--size {size}: the width must be {low} to {high} pixels")


def run(args: argparse.Namespace) -> int:
    _check_size(args.size)
    if args.setup is not None:
        deliver(_setup_board(args), args.output)
        return EXIT_OK
    if args.file is None:
        raise UsageError("name a record FILE, or give a position with --setup")
    if args.turn is not None:
        read_turn(args.turn)  # a usage error before any reading
    game = chosen_game(args.file, args.game)
    report = validate(game)
    frames = GameFrames(report)
    frame = chosen_frame(frames, args.turn, args.segment)
    players = f"{game.tag('White') or 'White'} v {game.tag('Black') or 'Black'}"
    moment = "at the start" if frame.key == START else f"after {frame.label}"
    deliver(frame_board(frame, f"{players}: {moment}", args), args.output)
    return note_errors(report.errors, "the board shows the validator's replay of it")
