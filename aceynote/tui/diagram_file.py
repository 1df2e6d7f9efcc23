"""The replay app's board diagrams: the position shown, as an SVG file (and a PNG) next to the record.

A diagram is named after the record, the game and the turn
(``club-g1-t17.svg`` for White's turn 17 of the first game of ``club.acey``,
``club-g1-t17b.svg`` for Black's, ``club-g1-t0.svg`` for the start). A file
of that name is never overwritten: the next free ``-2``, ``-3``... is used.
"""

from __future__ import annotations

import os

from ..files.writing import create_new
from ..notation import Game
from ..notation.writer import segment_text, turn_number
from ..render import png, svg
from ..rules import Side
from ..terminal_text import path_shown
from .timeline import Frame

MAX_COPIES = 999
"""Names tried (``-2`` to ``-999``) before giving up: the folder is full of diagrams."""


class DiagramError(Exception):
    """A diagram could not be written; the message says why, in a user's words."""


def diagram_stem(record_path: str, game_number: int, frame: Frame) -> str:
    """The diagram's path without ``.svg``: the record's, less its extension, plus game and turn."""
    base, _ = os.path.splitext(record_path)
    turn = frame.turn
    if turn is None:
        return f"{base}-g{game_number}-t0"
    side = "b" if turn.side is Side.BLACK else ""
    return f"{base}-g{game_number}-t{turn.number}{side}"


def moment(frame: Frame) -> str:
    """Where in the game the frame is, in words: ``after 17. 53: 13/8 13/10``."""
    replay = frame.replay
    if replay is None:
        return "at the start"
    written = f"{turn_number(replay.turn)} {segment_text(replay.segment)}"
    if frame.final:
        return f"after {written}"
    if frame.step == 0:
        return f"in {written}, before its moves"
    return f"in {written}, after {frame.step} of its {len(replay.steps)} moves"


def frame_svg(game: Game, frame: Frame, viewer: Side) -> str:
    """The SVG of the board as the frame shows it, seen from ``viewer``'s side."""
    players = f"{game.tag('White') or 'White'} v {game.tag('Black') or 'Black'}"
    title = f"{players}: {moment(frame)}"
    flip = viewer is Side.BLACK
    segment = frame.segment
    if segment is None:
        return svg.board(frame.position, flip=flip, title=title)
    return svg.board(
        frame.position,
        last_steps=frame.steps_done,
        mover=frame.mover,
        dice=(segment.high, segment.low),
        flip=flip,
        title=title,
    )


def write_new(stem: str, text: str) -> list[str]:
    """Write the SVG ``text`` to ``STEM.svg``, or the first free ``STEM-N.svg``; the paths written.

    With the PNG renderer installed (``aceynote[png]``) the same board is
    written as a PNG beside it, of the same name (``STEM-N.png``): a number
    is taken only when both names are free (:func:`create_new`).
    """
    pictures = {".svg": text.encode("utf-8")}
    if png.available():
        pictures[".png"] = png.png(text)
    try:
        return create_new(stem, pictures, tries=MAX_COPIES)
    except FileExistsError as error:
        raise DiagramError(
            f"{path_shown(stem)}.svg and {MAX_COPIES - 1} numbered copies exist"
        ) from error
    except OSError as error:
        raise DiagramError(_why(error.filename or stem + ".svg", error)) from error


def _why(path: str, error: OSError) -> str:
    reason = error.strerror or str(error)
    return f"could not write {path_shown(path)}: {reason.lower()}"
