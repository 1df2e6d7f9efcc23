"""One step of a replay as a board diagram: its SVG (and PNG), its title, its moment in words, its file name.

A diagram is named after the record, the game and the turn
(``club-g1-t17.svg`` for White's turn 17 of the first game of ``club.acey``,
``club-g1-t17b.svg`` for Black's, ``club-g1-t0.svg`` for the start); the
front end that writes it takes the first free name (``-2``, ``-3``...).
"""

from __future__ import annotations

import os

from ..notation import Game
from ..notation.writer import segment_label
from ..rules import Side
from ..validation import frames
from ..validation.timeline import Frame
from . import png, svg
from .text_board import frame_state


def diagram_stem(record_path: str, game_number: int, frame: Frame) -> str:
    """The diagram's path without ``.svg``: the record's, less its extension, plus game and turn."""
    base, _ = os.path.splitext(record_path)
    turn = frame.turn
    if turn is None:
        return f"{base}-g{game_number}-t0"
    side = "b" if turn.side is Side.BLACK else ""
    return f"{base}-g{game_number}-t{turn.number}{side}"


def frame_moment(frame: frames.Frame) -> str:
    """Where a frame of a diagram or a game page stands, in words: ``at the start``, ``after
    17. 53: 13/8 13/10`` (a frame of the app, stepped through: :func:`moment`)."""
    return "at the start" if frame.replay is None else f"after {frame.label}"


def moment(frame: Frame) -> str:
    """Where in the game the frame is, in words: ``after 17. 53: 13/8 13/10``."""
    replay = frame.replay
    if replay is None:
        return "at the start"
    written = segment_label(replay.turn, replay.segment)
    if frame.final:
        return f"after {written}"
    if frame.step == 0:
        return f"in {written}, before its moves"
    return f"in {written}, after {frame.step} of its {len(replay.steps)} moves"


def players(game: Game) -> str:
    """The game's players as a title names them: ``Ines Alder v Tom Brandt``."""
    return f"{game.tag('White') or 'White'} v {game.tag('Black') or 'Black'}"


def diagram_title(game: Game, when: str) -> str:
    """A diagram's title: the players, and when the board stands (``after 17. 53: 13/8 13/10``)."""
    return f"{players(game)}: {when}"


BAND_ROOM = 20
"""Characters of the middle band's words in the app's diagram (the left half of a board 600 wide)."""


def frame_svg(game: Game, frame: Frame, viewer: Side) -> str:
    """The SVG of the board as the frame shows it, seen from ``viewer``'s side: the middle
    band says what the app's board says (``White played``, ``White move 2/4``)."""
    title = diagram_title(game, moment(frame))
    flip = viewer is Side.BLACK
    band = frame_state(frame, BAND_ROOM)
    segment = frame.segment
    if segment is None:
        return svg.board(frame.position, band=band, flip=flip, title=title)
    return svg.board(
        frame.position,
        last_steps=frame.steps_done,
        mover=frame.mover,
        dice=(segment.high, segment.low),
        band=band,
        flip=flip,
        title=title,
    )


def pictures(svg_text: str) -> dict[str, bytes]:
    """The diagram's files by extension: the SVG, and with the PNG renderer installed
    (``aceynote[png]``) the same board as a PNG."""
    found = {".svg": svg_text.encode("utf-8")}
    if png.available():
        found[".png"] = png.png(svg_text)
    return found
