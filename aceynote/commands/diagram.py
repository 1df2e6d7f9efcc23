"""``aceynote diagram``: a position drawn as a backgammon board, in SVG or PNG."""

from __future__ import annotations

import argparse
import sys

from ..files.writing import write_bytes_atomically
from ..render import png, svg
from ..render.step_diagram import diagram_title, frame_moment
from ..terminal_text import counted, number_shown
from ..validation import diagnostics as codes
from ..validation import validate
from ..validation.diagnostics import Code
from ..validation.frames import Frame, GameFrames, turns_there
from .base import (
    EXIT_OK,
    Commands,
    UsageError,
    add_command,
    say,
    whole_number,
    write_out_bytes,
)
from .common import (
    GameNumber,
    InputFile,
    add_drawing_options,
    add_game_option,
    add_output,
    add_record_file,
    chosen_game,
    game_number,
    note_errors,
    turn_option,
)
from .destination import check_output, check_output_name, deliver, named_kind, to_file
from .printing import Formatter, colour_wanted
from .tag_options import setup_option

DESCRIPTION = """\
Draw a position of a record, or a Setup string, as an SVG or PNG picture of
a backgammon board: both halves and the bar, the 24 points numbered from the
viewer's side, both sides' checkers (a count on a tall stack), each side's
bar, pool (in) and borne-off checkers, the pip counts, who is to roll, and
the dice and moves of the segment that led to the position. Without --turn
or --segment the board shows the end of the game's main line. The record
may be a .acey, a bgammon.org replay (.match) or JSON (see --from). PNG
(--format png, or an OUT ending in .png) is the same board in pixels; it
needs the renderer of the optional extra: pip install 'aceynote[png]'. See
docs/share.md.

examples:
  aceynote diagram samples/annotated.acey --turn 12 -o board.svg
  aceynote diagram samples/annotated.acey --turn 12... --flip --theme dark -o board.svg
  aceynote diagram samples/match.acey --game 2 --segment 0 -o start.svg
  aceynote diagram samples/annotated.acey --turn 12 -o board.png
  aceynote diagram mygames.match --game 3 --turn 10 -o board.svg
  aceynote diagram --setup "W 6:5 5:3 in:7 / B 6:2 in:13 / W" --size 300 -o -

exit status: 0 drawn, 1 drawn but the record has errors (the board shows
the validator's replay of it), 2 usage error or unreadable file.
"""


def register(commands: Commands) -> None:
    parser = add_command(commands, "diagram", DESCRIPTION)
    add_record_file(parser, optional=True)
    parser.add_argument(
        "--setup",
        metavar="TEXT",
        help='draw this Setup string instead: "W 6:5 in:10 / B 6:2 in:13 / W"',
    )
    add_game_option(parser, "game N of the file (default 1)")
    moment = parser.add_mutually_exclusive_group()
    moment.add_argument(
        "--turn", metavar="T", help="after turn T: 12 (White's, else Black's), 12. or 12..."
    )
    moment.add_argument(
        "--segment",
        type=whole_number,
        metavar="K",
        help="after the K-th segment of the main line (0: start)",
    )
    add_drawing_options(parser)
    parser.add_argument(
        "--size", type=whole_number, default=600, metavar="PX", help="width in pixels (default 600)"
    )
    parser.add_argument(
        "--format",
        choices=PICTURES,
        help="svg or png (default: by OUT's extension, else svg); png needs aceynote[png]",
    )
    add_output(parser, "the SVG or PNG file to write (a name of another kind, .acey, is refused)")
    parser.set_defaults(run=run)


# -- SVG or PNG --------------------------------------------------------------------

PICTURES = ("svg", "png")


def picture_format(chosen: str | None, output: str) -> str:
    """``--format``, or the picture OUT's extension names (svg without either); an OUT named
    for another kind of file refused (:func:`check_output_name`); PNG checked.

    The checks come before any reading: a PNG needs the renderer (the extra
    ``aceynote[png]``) and is not written to a terminal.
    """
    named = named_kind(output)
    picture = chosen or (named if named in PICTURES else "svg")
    said = (
        f"--format {chosen} was asked"
        if chosen
        else "diagram draws an SVG (.svg) or PNG (.png) picture"
    )
    check_output_name(output, picture, said)
    if picture == "png":
        try:
            png.renderer()
        except png.PngUnavailable as error:
            raise UsageError(str(error)) from error
        if output == "-" and sys.stdout is not None and sys.stdout.isatty():
            raise UsageError(
                "a PNG is a picture, not text for a terminal: write it to a file (-o board.png)"
                " or a pipe"
            )
    return picture


def deliver_picture(svg_text: str, output: str, picture: str) -> None:
    """The board, as ``picture`` (svg or png), to standard output (``-``) or a file."""
    if picture == "svg":
        deliver(svg_text, output)
        return
    data = png.png(svg_text)
    if output == "-":
        write_out_bytes(data)
        return
    to_file(output, lambda: write_bytes_atomically(output, data))


# -- choosing the position -------------------------------------------------------


def chosen_frame(frames: GameFrames, args: argparse.Namespace) -> Frame:
    """The main-line frame that --turn or --segment names; the end without either. Where the
    record's error is why there is none, that error is said first, as validate says it."""
    if not frames.playable:
        where = _error_said(frames, codes.BAD_SETUP, args)
        raise UsageError(
            f"the game's Setup tag cannot be used ({where}, above), so it has no position to draw"
        )
    count = len(frames.main) - 1
    if args.segment is not None and 0 <= args.segment <= count:
        return frames.frames[frames.main[args.segment]]
    if args.segment is not None:
        ends = f"has {counted(count, 'segment')} (0 is the start, {count} the end)"
        raise UsageError(f"--segment {args.segment}: {_main_line(frames, args)} {ends}")
    if args.turn is None:
        return frames.frames[frames.end]
    number, side = turn_option(args.turn)
    key = None if number is None else frames.turn_end(number, side)
    if key is None:
        held = turns_there(frames.turns(), _main_line(frames, args))
        raise UsageError(f"--turn {number_shown(args.turn)}: {held}")
    return frames.frames[key]


def _main_line(frames: GameFrames, args: argparse.Namespace) -> str:
    """The main line, in a message about a moment it does not hold: a record read only up to
    its syntax error says so, and the error is said first (it is why the line stops)."""
    if not frames.game.problems:
        return "the main line"
    where = _error_said(frames, codes.SYNTAX, args)
    return f"the main line, read up to its syntax error ({where}, above),"


def _error_said(frames: GameFrames, code: Code, args: argparse.Namespace) -> str:
    """The game's first error of ``code``, printed as validate prints it, on stderr; its place
    with its code (AD103 at FILE:LINE:COL). The game has one: it is asked for only where the
    game's syntax problems (AD100) or its Setup (AD103) are why nothing can be drawn."""
    found = next(each for each in frames.report.diagnostics if each.code is code)
    line = frames.game.source_lines.get(found.span.line, "")
    name = InputFile(args.file).display_name
    number = (game_number(args.game) or GameNumber("1")).needed
    formatter = Formatter(colour_wanted(sys.stderr, disabled=False))
    say(formatter.format(name, number, found, line))
    return f"{found.code.code} at {name}:{found.span.line}:{found.span.column}"


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
    if args.source_format is not None:
        raise UsageError("--from names the format of a record FILE, not of --setup")
    if args.game is not None or args.turn is not None or args.segment is not None:
        raise UsageError("--game, --turn and --segment choose a moment of a record, not of --setup")
    position = setup_option(args.setup)
    return svg.board(position, flip=args.flip, size=args.size, theme=args.theme)


def _check_size(size: int) -> None:
    low, high = svg.SIZE_RANGE
    if not low <= size <= high:
        raise UsageError(f"--size {size}: the width must be {low} to {high} pixels")


def run(args: argparse.Namespace) -> int:
    _check_size(args.size)
    if args.file is not None:  # the record drawn is never written over, whatever its name
        check_output(args.output, [InputFile(args.file)])
    picture = picture_format(args.format, args.output)
    if args.setup is not None:
        deliver_picture(_setup_board(args), args.output, picture)
        return EXIT_OK
    if args.file is None:
        raise UsageError("name a record FILE, or give a position with --setup")
    if args.turn is not None:
        turn_option(args.turn)  # a usage error before any reading
    shows = "the board shows game 1 (--game N for another)"
    game = chosen_game(args.file, args.source_format, args.game, shows=shows)
    report = validate(game)
    frames = GameFrames(report)
    frame = chosen_frame(frames, args)
    title = diagram_title(game, frame_moment(frame))
    deliver_picture(frame_board(frame, title, args), args.output, picture)
    return note_errors(report.errors, "the board shows the validator's replay of it")
