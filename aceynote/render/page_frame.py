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


def viewer(parent: ET.Element) -> None:
    """The board, the buttons that step, and what the page says of the position shown."""
    box = element(parent, "div", class_="viewer")
    element(box, "div", id="board", class_="board")
    controls = element(box, "div", class_="controls")
    for name, label, words in (
        ("first", "« Start", "Start (Home)"),
        ("previous", "◀ Back", "Back (ArrowLeft)"),
        ("next", "Next ▶", "Forward (ArrowRight)"),
        ("last", "End »", "End (End)"),
    ):
        element(controls, "button", label, id=name, type="button", title=words, aria_label=words)
    element(element(box, "p", class_="now"), "span", "", id="current")
    review = element(box, "div", id="review", hidden="hidden")
    element(review, "p", "", id="verdict")
    element(review, "ol", "", id="best-plays")
    setup = element(box, "p", class_="setup-line")
    element(setup, "span", "Setup ", class_="label")
    element(setup, "code", "", id="setup")
    element(setup, "button", "Copy", id="copy", type="button", title="Copy the Setup string")
    element(box, "p", "", id="setup-note")
    element(box, "ul", "", id="findings")
    element(
        box,
        "p",
        "← → step through the segments, Home and End go to the start and the end; "
        "click a move to go there. The address ends with #N for the position shown.",
        class_="help",
    )


def game_list(parent: ET.Element, shown: list[Shown]) -> None:
    """The links to each game of a page of several."""
    nav = element(parent, "nav", id="games")
    element(nav, "span", f"{len(shown)} games: ", class_="label")
    for item in shown:
        link = element(nav, "a", f"{item.number}. {item.players}", href=item.href)
        link.set("data-game", str(item.number))
