"""The game page's frame around its games: the head, the viewer under the board, the list of games.

:mod:`aceynote.render.html` puts each game's section, boards and data in it.
"""

from __future__ import annotations

import base64
import hashlib
import xml.etree.ElementTree as ET
from typing import NamedTuple

from .elements import element


def csp_hash(text: str) -> str:
    """The hash of an inline script or style, as a Content-Security-Policy source."""
    return (
        "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode() + "'"
    )


class Shown(NamedTuple):
    """What the page keeps of a game once its parts are written: the list's link and its errors."""

    number: int
    players: str
    href: str
    errors: int


def page_head(html: ET.Element, title: str, script: str, style: str) -> None:
    """The head: the page's title, its style, and a policy that lets only its own script and
    style run."""
    box = element(html, "head")
    element(box, "meta", charset="utf-8")
    element(box, "meta", name="viewport", content="width=device-width, initial-scale=1")
    policy = (
        f"default-src 'none'; script-src {csp_hash(script)}; style-src {csp_hash(style)};"
        " base-uri 'none'; form-action 'none'"
    )
    element(box, "meta", http_equiv="Content-Security-Policy", content=policy)
    element(box, "meta", name="generator", content="aceynote")
    element(box, "title", title)
    element(box, "style", style)


class Opening(NamedTuple):
    """What the viewer shows before the page's script runs, or without it: the first game's
    start (``board`` None when its Setup cannot be used)."""

    board: ET.Element | None
    current: str
    setup: str
    note: str


def no_script_note(parent: ET.Element, several: bool) -> None:
    """What a reader with the script turned off is told: what shows, and what is missing."""
    shown = "the first game's start and its moves" if several else "the start and the moves"
    words = (
        f"JavaScript is off: this page shows {shown}. Turn it on to step through the"
        f" {'games' if several else 'game'} and see each position's board."
    )
    element(element(parent, "noscript"), "p", words, class_="no-script")


def viewer(parent: ET.Element, opening: Opening) -> None:
    """The board, the buttons that step, and what the page says of the position shown, drawn
    at the ``opening``; the buttons are off until the page's script turns them on."""
    box = element(parent, "div", class_="viewer")
    board = element(box, "div", id="board", class_="board")
    if opening.board is not None:
        board.append(opening.board)
    controls = element(box, "div", class_="controls")
    for name, label, words in (
        ("first", "« Start", "Start (Home)"),
        ("previous", "◀ Back", "Back (ArrowLeft)"),
        ("next", "Next ▶", "Forward (ArrowRight)"),
        ("last", "End »", "End (End)"),
    ):
        button = element(controls, "button", label, id=name, type="button", title=words)
        button.set("aria-label", words)
        button.set("disabled", "disabled")
    element(element(box, "p", class_="now"), "span", opening.current, id="current")
    review = element(box, "div", id="review", hidden="hidden")
    element(review, "p", "", id="verdict")
    element(review, "ol", "", id="best-plays")
    setup = element(box, "p", class_="setup-line")
    element(setup, "span", "Setup ", class_="label")
    element(setup, "code", opening.setup, id="setup")
    copy = element(setup, "button", "Copy", id="copy", type="button", disabled="disabled")
    copy.set("title", "Copy the Setup string")
    element(box, "p", opening.note, id="setup-note")
    element(box, "ul", "", id="findings")
    element(
        box,
        "p",
        "← → step through the segments, Home and End go to the start and the end; "
        "click a move to go there. The address ends with #N for the position shown.",
        class_="help",
    )


def game_list(parent: ET.Element, shown: list[Shown]) -> None:
    """The links to each game of a page of several, in a list that folds: its summary names
    the game shown (the script keeps it so), and the script opens it on a wide screen."""
    box = element(parent, "details", id="games")
    summary = element(box, "summary")
    element(summary, "span", f"{len(shown)} games:", class_="label").tail = " "
    element(summary, "span", f"{shown[0].number}. {shown[0].players}", id="game-shown")
    nav = element(box, "nav")
    for item in shown:
        link = element(nav, "a", f"{item.number}. {item.players}", href=item.href)
        link.set("data-game", str(item.number))
