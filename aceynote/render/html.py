"""A game as one self-contained web page: the board, the moves, the comments and the findings.

The page needs no network and no aceynote: the boards (drawn by
:mod:`aceynote.render.svg`, one ``<template>`` per position), the CSS and the
JavaScript are inline. The document is built with
:mod:`xml.etree.ElementTree`, which escapes every text from the record
(names, tags, comments). The little the script needs (each position's Setup
string, its segment's text, its findings, the frames before and after it) is
JSON in a ``<script type="application/json">`` with ``<``, ``>`` and ``&``
written as ``\\u003c``, ``\\u003e`` and ``\\u0026``, so no text can end that
element; the script shows it with ``textContent``. A Content-Security-Policy
allows only the page's own script and style, by their hashes.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Callable, Sequence
from dataclasses import replace
from importlib import resources
from typing import TYPE_CHECKING, NamedTuple

from ..notation import Game, Segment, Tag, Turn, Variation
from ..notation.model import NAG_GLYPHS, nag_meaning
from ..notation.syntax_errors import result_as_given, unchecked_result
from ..notation.writer import ordered_tags, segment_text, turn_number
from ..rules import Position
from ..terminal_text import xml_text
from ..validation import Diagnostic, validate_in_place
from ..validation.frames import END_NOTE, START, START_NOTE, Frame, GameFrames
from . import svg
from .elements import element, markup
from .html_analysis import (
    axis_style,
    graph,
    judged_data,
    mark_in_move_list,
    review_data,
    review_heading,
)
from .page_frame import Opening, Shown, game_list, no_script_note, page_head, viewer
from .step_diagram import diagram_title, frame_moment, players
from .text_board import names_double_next

if TYPE_CHECKING:
    from ..analysis.review import GameReview

SIDE_GLYPH = {"White": "○", "Black": "●"}
BOARD_SIZE = 300
"""The text sizes of the page's boards: those of a board 300 pixels wide, so that no text on a
board shown 300 pixels wide or more (a phone's 366) is under 10 pixels, as docs/share.md says."""
_JSON_ESCAPES = {ord("<"): "\\u003c", ord(">"): "\\u003e", ord("&"): "\\u0026"}


def _asset(name: str) -> str:
    return (resources.files(__package__) / name).read_text(encoding="utf-8")


def script_json(data: object) -> str:
    """JSON that can stand inside a ``<script>`` element (no ``<``, ``>`` or ``&``), its texts
    escaped as the page's own (``xml_text``: the script shows them with ``textContent``)."""
    return json.dumps(_texts_shown(data), ensure_ascii=False).translate(_JSON_ESCAPES)


def _texts_shown(data: object) -> object:
    if isinstance(data, str):
        return xml_text(data)
    if isinstance(data, dict):
        return {key: _texts_shown(value) for key, value in data.items()}
    if isinstance(data, list | tuple):
        return [_texts_shown(item) for item in data]
    return data


class _GamePage:
    """The parts of the page for one game: its section, its boards and its data."""

    def __init__(
        self,
        game: Game,
        number: int,
        several: bool,
        theme: svg.Theme,
        flip: bool,
        review: GameReview | None = None,
    ) -> None:
        self.number = number
        self.several = several
        self.theme: svg.Theme = theme
        self.flip = flip
        self.report = validate_in_place(game)
        # The game replayed: ``game`` itself, or (built in code) the game its text reads as,
        # whose segments the frames, and so the review, must know.
        self.game = self.report.game
        self.frames = GameFrames(self.report)
        self.review = review if review is None or self.game is game else review.of_game(self.game)

    @property
    def errors(self) -> int:
        return self.report.errors

    def href(self, key: str) -> str:
        return f"#g{self.number}-{key}" if self.several else f"#{key}"

    def players(self) -> str:
        return players(self.game)

    # -- the section: header and move list ------------------------------------
    def section(self, parent: ET.Element) -> None:
        section = element(parent, "section", class_="game", id=f"game-{self.number}")
        section.set("data-game", str(self.number))
        if self.number > 1:
            section.set("hidden", "hidden")
        self._header(section)
        self._movetext(element(section, "div", class_="movetext"))

    def _header(self, section: ET.Element) -> None:
        header = element(section, "header")
        title = element(header, "h1")
        for index, side in enumerate(("White", "Black")):
            if index:
                element(title, "span", " v ", class_="versus")
            name = f"{SIDE_GLYPH[side]} {self.game.tag(side) or side}"
            element(title, "span", name, class_=f"player {side.lower()}")
        tags = element(header, "dl", class_="tags")
        for tag in ordered_tags([*self.game.tags, *self._implied_tags()]):
            if tag.name not in ("White", "Black"):
                element(tags, "dt", tag.name)
                value = result_as_given(self.game, tag.value) if tag.name == "Result" else tag.value
                element(tags, "dd", value)
        if self.review is not None:
            review_heading(header, self.review)
        self._findings(header, self.frames.notes.get(START_NOTE, []))

    def _implied_tags(self) -> list[Tag]:
        """The Rules and the Result a game without those tags has, to show in its header."""
        implied = [Tag("Rules", "standard"), Tag("Result", self.game.result_text)]
        return [tag for tag in implied if self.game.tag(tag.name) is None]

    def _movetext(self, box: ET.Element) -> None:
        if self.frames.playable:
            start = element(box, "p", class_="start")
            self._link(start, START, "Start")
        for text in self.game.comments:
            element(box, "p", text, class_="comment")
        row: ET.Element | None = None
        for turn in self.game.turns:
            if row is None or turn.side.title == "White":
                row = element(box, "div", class_="row")
            self._turn(row, turn)
        if self.game.problems:  # read only up to its syntax error: its turns do not end there
            element(box, "p", unchecked_result(self.game), class_="result unchecked")
        else:
            end = element(box, "p", class_="result")
            element(end, "span", self.game.result_text, class_="result-token")
        for text in self.game.comments_after:
            element(box, "p", text, class_="comment")
        self._findings(box, self.frames.notes.get(END_NOTE, []))

    def _turn(self, parent: ET.Element, turn: Turn) -> None:
        span = element(parent, "span", class_=f"turn {turn.side.title.lower()}")
        element(span, "span", turn_number(turn), class_="number")
        for text in turn.comments:
            element(span, "span", text, class_="comment")
        for segment in turn.segments:
            self._segment(span, segment)
        for variation in turn.variations:
            self._variation(span, variation)

    def _segment(self, parent: ET.Element, segment: Segment) -> None:
        key = self.frames.of_segment.get(id(segment))
        text = segment_text(replace(segment, nags=[]))
        link = None
        if key is None:
            element(parent, "span", text, class_="move unplayed")
        else:
            link = self._link(parent, key, text)
        shown = _nags(parent, segment)
        judged = self.review.judged_of(segment) if self.review else None
        if judged is not None:
            mark_in_move_list(parent, link, judged, shown)
        for comment in segment.comments:
            element(parent, "span", comment, class_="comment")
        if key is not None:
            self._findings(parent, self.frames.notes.get(key, []))

    def _variation(self, parent: ET.Element, variation: Variation) -> None:
        box = element(parent, "span", class_="variation")
        element(box, "span", "(", class_="paren")
        for text in variation.comments:
            element(box, "span", text, class_="comment")
        for turn in variation.turns:
            self._turn(box, turn)
        element(box, "span", ")", class_="paren")
        for text in variation.comments_after:
            element(box, "span", text, class_="comment")

    def _link(self, parent: ET.Element, key: str, text: str) -> ET.Element:
        link = element(parent, "a", text, class_="move", href=self.href(key))
        link.set("data-key", key)
        return link

    @staticmethod
    def _findings(parent: ET.Element, diagnostics: list[Diagnostic]) -> None:
        for diagnostic in diagnostics:
            box = element(parent, "div", class_=f"finding {diagnostic.severity.value}")
            where = f"{diagnostic.span.line}:{diagnostic.span.column}"
            element(
                box,
                "span",
                f"{diagnostic.severity.value} {diagnostic.code.code} at {where}",
                class_="code",
            )
            element(box, "span", diagnostic.message, class_="message")
            if diagnostic.hint:
                element(box, "span", diagnostic.hint, class_="hint")

    # -- the boards and the data ------------------------------------------------
    def boards(self, parent: ET.Element) -> None:
        """A template per position holding what differs between boards (the base is shared)."""
        for frame in self.frames.frames.values():
            template = element(parent, "template", id=f"board-{self.number}-{frame.key}")
            template.append(_without_base(self._board(frame)))

    def _board(self, frame: Frame) -> ET.Element:
        replay = frame.replay
        title = diagram_title(self.game, frame_moment(frame))
        if replay is None:
            return svg.board_element(
                frame.position, flip=self.flip, size=BOARD_SIZE, theme=self.theme, title=title
            )
        return svg.replay_element(
            replay, flip=self.flip, size=BOARD_SIZE, theme=self.theme, title=title
        )

    def opening(self) -> Opening:
        """The game's start as the viewer shows it before the page's script runs, or without it."""
        frame = self.frames.frames.get(START)
        said = self._no_positions() if frame is None else _frame_data(frame)
        board = None if frame is None else self._board(frame)
        return Opening(board, str(said["current"]), str(said["setup"]), str(said["note"]))

    def _no_positions(self) -> dict[str, object]:
        """The data of the start of a game whose Setup cannot be used."""
        return {
            "current": "no positions",
            "setup": "",
            "note": "The Setup tag cannot be used, so there are no positions to show.",
            "previous": None,
            "next": None,
            "findings": [_finding(d) for d in self.frames.notes.get(START_NOTE, [])],
        }

    def graph(self) -> ET.Element | None:
        return (
            None if self.review is None else graph(self.review, self.frames, self.number, self.href)
        )

    def data(self) -> dict[str, object]:
        frames = {key: _frame_data(frame) for key, frame in self.frames.frames.items()}
        for judged in self.review.judged if self.review else ():
            key = self.frames.of_segment.get(id(judged.segment))
            if key is not None:
                frames[key]["review"] = judged_data(judged)
        if not frames:
            frames[START] = self._no_positions()
        return {
            "title": self.players(),
            "frames": frames,
            "end": self.frames.end,
            "review": review_data(self.review),
        }


def _nags(parent: ET.Element, segment: Segment) -> set[str]:
    """A segment's NAGs, after its move: ``$1`` to ``$6`` shown as the glyphs they mean
    (docs/notation.md §4), but as written where the move shows that glyph already (``?? $4``
    shows ``??`` once), any other as written; each as written in its title, with what it
    means. What the move shows after its play: its glyphs, and its NAGs as shown."""
    shown = set(segment.glyphs)
    for nag in segment.nags:
        glyph = NAG_GLYPHS.get(nag)
        meaning = nag_meaning(nag) or "as PGN defines it"
        text = f"${nag}" if glyph is None or glyph in shown else glyph
        element(parent, "abbr", text, class_="nag", title=f"${nag}: {meaning}")
        shown.add(text)
    return shown


def _without_base(board: ET.Element) -> ET.Element:
    base = board.find("g[@class='base']")
    if base is not None:
        board.remove(base)
    return board


def _base_board(theme: svg.Theme, flip: bool) -> ET.Element:
    """The part every board of the page shares: an ``<svg>`` with only the frame and points."""
    board = svg.board_element(Position.initial(), flip=flip, size=BOARD_SIZE, theme=theme)
    for child in list(board):
        if child.get("class") != "base":
            board.remove(child)
    return board


def _frame_data(frame: Frame) -> dict[str, object]:
    return {
        "current": frame.label,
        "setup": frame.setup,
        "note": _setup_note(frame),
        "previous": frame.previous,
        "next": frame.next,
        "findings": [_finding(d) for d in frame.diagnostics],
    }


def _setup_note(frame: Frame) -> str:
    """What the Setup string shown does not say: none once the game is over, and after a 1-2
    played in full it names the side to roll, not to name a double (docs/notation.md choice 14)."""
    winner = frame.position.winner
    if winner is not None:
        return f"{winner.title} has won: the game is over, and no Setup starts from here."
    if frame.replay is not None and names_double_next(frame.replay):
        side = frame.position.turn.title
        return (
            f"{side} names a double next, which a Setup cannot say: it names {side} to roll"
            " (docs/notation.md choice 14)."
        )
    return ""


def _finding(diagnostic: Diagnostic) -> dict[str, str]:
    return {
        "severity": diagnostic.severity.value,
        "text": f"{diagnostic.code.code} {diagnostic.message}",
        "hint": diagnostic.hint or "",
    }


class Page(NamedTuple):
    """A page's HTML, and how many errors the validator found in its games."""

    text: str
    errors: int


MAX_PAGE_TURNS = 2_000
"""Turns of one game (its variations' too) a page shows: a real game has a few hundred, and a
page holds a board for each position (about 4 KB), so a longer game's page would take gigabytes
to build and no browser could step through it."""


def past_page_limit(game: Game) -> Segment | None:
    """The first segment of the main-line turn where ``game`` goes past :data:`MAX_PAGE_TURNS`."""
    counted = 0
    for turn in game.turns:
        counted += 1 + sum(_turns_in(variation) for variation in turn.variations)
        if counted > MAX_PAGE_TURNS and turn.segments:
            return turn.segments[0]
    return None


def _turns_in(variation: Variation) -> int:
    return sum(1 + sum(map(_turns_in, turn.variations)) for turn in variation.turns)


def page(
    games: Sequence[Game],
    *,
    theme: svg.Theme = "light",
    flip: bool = False,
    reviews: Sequence[GameReview | None] = (),
) -> Page:
    """The page showing ``games`` (the first one opens; a list leads to the others).

    ``reviews`` (one per game, None for a game without) adds each game's
    analysis: marks in the move list, the verdict on the current segment, the
    win % graph (aceynote.render.html_analysis).

    Each game's section and boards are written as text as soon as they are
    built, and its replay let go: a page of many games holds its own text,
    not a tree of every board of every game.
    """
    if not games:
        raise ValueError("a page needs at least one game")
    several = len(games) > 1
    sections: list[str] = []
    boards: list[str] = []
    data: list[dict[str, object]] = []
    shown: list[Shown] = []
    graphs: list[ET.Element] = []
    openings: list[Opening] = []  # the first game's: shown before the script runs
    for index, game in enumerate(games, 1):
        review = reviews[index - 1] if reviews else None
        game_page = _GamePage(game, index, several, theme, flip, review)
        if not openings:
            openings.append(game_page.opening())
        drawn = game_page.graph()
        if drawn is not None:
            graphs.append(drawn)
        sections += _parts_of(game_page.section)
        boards += _parts_of(game_page.boards)
        data.append(game_page.data())
        shown.append(Shown(index, game_page.players(), game_page.href(START), game_page.errors))
    script, style = _asset("page.js"), _asset("page.css") + axis_style()
    html = ET.Element("html", {"lang": "en", "class": f"theme-{theme}"})
    page_head(html, shown[0].players if not several else f"{len(shown)} games", script, style)
    body = element(html, "body")
    if several:
        game_list(body, shown)
    no_script_note(body, several)
    main = element(body, "main")
    viewer(main, openings[0])
    games_box = element(main, "div", class_="games")
    games_box.extend(graphs)  # the graphs above the move list, in view as it scrolls
    element(games_box, "template", id=_SECTIONS)
    boards_box = element(body, "div", id="boards", hidden="hidden")
    element(boards_box, "template", id="board-base").append(_base_board(theme, flip))
    element(boards_box, "template", id=_BOARDS)
    script_data = element(body, "script", id="game-data", type="application/json")
    script_data.text = script_json({"games": data})
    element(body, "script", script)
    frame = markup(html, method="html")
    head, rest = _cut(frame, f'<template id="{_SECTIONS}"></template>', keep=False)
    middle, tail = _cut(rest, f'<template id="{_BOARDS}"></template>', keep=False)
    text = "".join(["<!DOCTYPE html>\n", head, *sections, middle, *boards, tail, "\n"])
    return Page(text, sum(item.errors for item in shown))


# Where the games' sections and boards go in the page's frame (aceynote's own markup: a
# record's text is escaped, so it never holds either).
_SECTIONS = "aceynote-sections"
_BOARDS = "aceynote-boards"


def _parts_of(build: Callable[[ET.Element], None]) -> list[str]:
    """The markup of each element ``build`` adds to an element, without the element itself."""
    holder = ET.Element("div")
    build(holder)
    return [markup(child, method="html") for child in holder]


def _cut(text: str, mark: str, keep: bool) -> tuple[str, str]:
    """``text`` cut at ``mark`` (its only place); ``keep``: the mark stays with the first part."""
    at = text.index(mark)
    return text[: at + len(mark) if keep else at], text[at + len(mark) :]
