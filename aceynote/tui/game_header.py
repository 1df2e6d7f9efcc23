"""The replay screen's header: players, result, event and rules of the game shown, cut to fit."""

from __future__ import annotations

from typing import ClassVar

from textual.content import Content
from textual.style import Style as VisualStyle
from textual.widget import Widget

from ..notation import Game
from ..terminal_text import printable


class GameHeader(Widget):
    """Players, result, event and rules of the game shown; which game it is, and if changed.

    The game's number and the ``modified`` flag stand at the right and are
    never cut. When the line is too narrow the event gives way first, then the
    players' names (the longer first: neither is lost to the other), so that the
    result and the rules the game is judged by stay in view; only a line too narrow
    for those is cut at its end.
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "game-header--separator",
        "game-header--players",
        "game-header--modified",
    }

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._about = ["", "", "", "", ""]  # White, Black, result, event, rules
        self._where = ""
        self._dirty = False

    def show(self, game: Game, rules: str, number: int, total: int, dirty: bool) -> None:
        white = game.tag("White") or "White"
        black = game.tag("Black") or "Black"
        event = " ".join(part for part in (game.tag("Event"), _round(game.tag("Round"))) if part)
        about = [white, black, game.result_text, event, rules]
        self._about = [printable(part) for part in about]
        self._where = f"game {number}/{total}" if total > 1 else ""
        self._dirty = dirty
        self.refresh()

    def render(self) -> Content:
        right = self._flags()
        room = self.content_size.width - right.cell_length - (1 if right else 0)
        left = self._about_line(room)
        if left.cell_length > room:
            left = left.truncate(max(room - 1, 0), ellipsis=True)
        gap = max(self.content_size.width - left.cell_length - right.cell_length, 1 if right else 0)
        return Content.assemble(left, " " * gap, right)

    def _about_line(self, room: int) -> Content:
        """Players, result, event and rules in ``room`` cells where they can be made to fit."""
        white, black, result, event, rules = (Content(part) for part in self._about)
        players = _players(white, black)
        for giving_way in ("event", "players"):
            excess = _about_length(players, result, event, rules) - room
            if excess <= 0:
                break
            if giving_way == "event":
                kept = event.cell_length - excess
                event = event.truncate(kept, ellipsis=True) if kept >= _SHORTEST else Content()
            else:
                players = _players(white, black, excess)
        separator = self.get_visual_style("game-header--separator", partial=True)
        parts: list[tuple[str, VisualStyle] | Content] = [
            (players.plain, self.get_visual_style("game-header--players", partial=True))
        ]
        for part in (result, event, rules):
            if part.cell_length:
                parts += [(_SEPARATOR, separator), part]
        return Content.assemble(*parts)

    def _flags(self) -> Content:
        separator = self.get_visual_style("game-header--separator", partial=True)
        parts: list[tuple[str, VisualStyle] | str] = []
        if self._where:
            parts += [("│ ", separator), self._where]
        if self._dirty:
            parts += [
                " ",
                (" modified ", self.get_visual_style("game-header--modified", partial=True)),
            ]
        return Content.assemble(*parts)


def _players(white: Content, black: Content, excess: int = 0) -> Content:
    """The players' names; ``excess`` cells shorter in all, the longer cut first, so that
    neither is lost to the other (a cell of each at least)."""
    if excess > 0:
        room = max(white.cell_length + black.cell_length - excess, 2)
        shorter = min(white.cell_length, black.cell_length)
        kept = room // 2 if shorter * 2 > room else shorter  # of the shorter name
        width = kept if white.cell_length < black.cell_length else room - kept
        white, black = (
            name if name.cell_length <= cells else name.truncate(cells, ellipsis=True)
            for name, cells in ((white, width), (black, room - width))
        )
    return Content.assemble("○ ", white, "  vs  ● ", black)


_SEPARATOR = "  │ "
_SHORTEST = 6
"""An event cut shorter than this many cells says nothing: it is left out instead."""


def _about_length(*parts: Content) -> int:
    """Cells of the header's parts that are not empty, with the separators between them."""
    shown = [part.cell_length for part in parts if part.cell_length]
    return sum(shown) + len(_SEPARATOR) * (len(shown) - 1)


def _round(value: str | None) -> str:
    return f"round {value}" if value and value not in ("?", "-") else ""
