"""A player's figures, an entry each: the one table every report of them is made from.

Each :class:`Figure` says how :class:`~.analysed.PlayerFigures` gives it,
how it is rounded and written, and where it is shown: in one game's figures
(a game's JSON ``players`` and the rows of its text report, :mod:`.output`),
in many games' figures (the summary's JSON and its table, which the app's
figures and the game page's table are too, :mod:`.totals`), or in both.
Adding a figure is an entry of :data:`FIGURES`, beside its field in
``PlayerFigures`` and its tally in :mod:`.summary`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Flag, auto
from typing import Any

from ..terminal_text import signed
from .analysed import PlayerFigures
from .marks import Mark


class Over(Flag):
    """Whose figures a figure is one of: one game's, many games' (the summary's), or both."""

    ONE_GAME = auto()
    MANY_GAMES = auto()
    BOTH = ONE_GAME | MANY_GAMES


@dataclass(frozen=True, slots=True)
class Figure:
    """One figure of a player.

    ``key`` names it in the JSON (in ``marks`` for a mark's count), ``get``
    reads it from the player's figures, ``places`` rounds it (None: a count),
    ``form`` writes it rounded in a table; a figure the player's figures do
    not have (the error rate and the rating where no decision was unforced)
    is null, written ``-``. ``row`` is its words as a row of a
    game's report (a figure over one game has them), ``head`` and ``width``
    its column of the summary's table (no ``head``: no column). A figure
    ``finished_only`` is summed over the finished games, so where none is
    finished (one game that is not, or many with none) it is null too: a
    result of 0 would read as a game drawn.
    """

    key: str
    get: Callable[[PlayerFigures], float | None]
    over: Over = Over.BOTH
    row: str = ""
    head: str = ""
    width: int = 0
    places: int | None = None
    form: Callable[[float], str] = str
    finished_only: bool = False
    mark: Mark | None = None

    def value(self, figures: PlayerFigures) -> float | None:
        """The figure as the JSON has it, over one game or over many alike.

        A game's figures are rounded to 4 places as they are made (:mod:`.summary`), so
        rounding them again here changes none of them.
        """
        if self.finished_only and not figures.finished:
            return None
        value = self.get(figures)
        return value if value is None or self.places is None else round(value, self.places)

    def text(self, figures: PlayerFigures) -> str:
        """The figure as a table writes it: its JSON value, ``-`` for null."""
        value = self.value(figures)
        return "-" if value is None else self.form(value)


def _mark_count(mark: Mark) -> Figure:
    """How many of a player's plays got ``mark``: in the JSON's ``marks``, after the other
    rows in a game's report."""
    return Figure(
        mark.value,
        lambda figures: figures.marks[mark],
        row=f"{mark.word} {mark.value}",
        head=mark.value,
        width=4,
        mark=mark,
    )


_FIXED = "{:.3f}".format
"""An equity lost, to three decimals."""

FIGURES = (
    Figure("games", lambda f: f.games, over=Over.MANY_GAMES, head="games", width=6),
    Figure("decisions", lambda f: f.decisions, row="decisions", head="decisions", width=10),
    Figure("unforced", lambda f: f.unforced, row="unforced decisions", head="unforced", width=9),
    Figure("error_total", lambda f: f.error_total, row="error total", places=4, form=_FIXED),
    Figure("error_rate", lambda f: f.error_rate, row="error rate", head="error", width=7,
           places=4, form=_FIXED),
    Figure("rating", lambda f: f.rating, over=Over.MANY_GAMES, head="rating", width=7,
           places=1, form="{:.1f}".format),
    *(_mark_count(mark) for mark in Mark),
    Figure("luck", lambda f: f.luck, row="luck", places=4, form=signed),
    Figure("luck_per_game", lambda f: f.luck_per_game, over=Over.MANY_GAMES, head="luck/game",
           width=10, places=4, form=signed),
    Figure("finished", lambda f: f.finished, over=Over.MANY_GAMES),
    Figure("result", lambda f: f.result, row="result", head="result", width=7,
           form="{:+d}".format, finished_only=True),
    Figure("luck_adjusted", lambda f: f.luck_adjusted, row="luck-adjusted result",
           head="luck-adj.", width=10, places=4, form=signed, finished_only=True),
)  # fmt: skip
"""Every figure of a player, in the JSON's order."""

ROWS = tuple(
    sorted(
        (figure for figure in FIGURES if Over.ONE_GAME in figure.over),
        key=lambda figure: figure.mark is not None,
    )
)
"""The rows of a game's report: its figures, the marks' counts last."""

COLUMNS = tuple(figure for figure in FIGURES if figure.head)
"""The columns of the summary's table (the app's lines of figures and the page's columns too)."""


def json_of(figures: PlayerFigures, over: Over) -> dict[str, Any]:
    """A player's figures as the JSON has them: over one game (a game's ``players``) or over
    many (the summary's)."""
    found: dict[str, Any] = {}
    for figure in FIGURES:
        if over in figure.over:
            place = found if figure.mark is None else found.setdefault("marks", {})
            place[figure.key] = figure.value(figures)
    return found
