"""The figures of ``stats`` as one self-contained web page: the tables, and bar charts in SVG.

As the game page (:mod:`.html`): built with :mod:`xml.etree.ElementTree`,
which escapes every name and event from the records; no script at all, and a
Content-Security-Policy that allows only the page's own style, by its hash.
The charts are inline SVG: the rolls against fair dice (a bar a roll, a line
at its expected count) and the lengths of the games (a bar a bin).
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from importlib import resources

from ..corpus.stats import Figures
from ..corpus.stats.dice import DiceCounts
from ..corpus.stats.lengths import GameFigures
from ..corpus.stats.matches import Match
from ..corpus.stats.openings import RollLine
from ..corpus.stats.players import Crosstable, PlayerGroup
from ..rules import ROLLS
from ..terminal_text import counted, sentence_start
from .elements import child, element, markup, number_text
from .page_frame import csp_hash
from .stats_json import roll_name
from .stats_text import left_out, percent, score_shown

BAR = 36  # the width of a bar and its gap, in the chart's units: room for a count of 5 digits
CHART_HEIGHT = 160
_MARGIN = 30  # room for the counts above and the labels below


def _table(
    parent: ET.Element,
    headers: Sequence[str],
    rows: Sequence[Sequence[str]],
    left: int = 1,
    caption: str = "",
) -> ET.Element:
    """A table whose first ``left`` columns hold text (left-aligned), the rest numbers."""
    box = child(parent, "div", class_="scroll")
    table = child(box, "table")
    if caption:
        element(table, "caption", caption)
    head = child(child(table, "thead"), "tr")
    for index, header in enumerate(headers):
        element(head, "th", header, scope="col", class_="text" if index < left else "number")
    body = child(table, "tbody")
    for row in rows:
        line = child(body, "tr")
        for index, cell in enumerate(row):
            element(line, "td", cell, class_="text" if index < left else "number")
    return table


def bar_chart(
    title: str,
    labels: Sequence[str],
    values: Sequence[int],
    expected: Sequence[float] | None = None,
) -> ET.Element:
    """A bar chart: a bar for each value, labelled below; ``expected`` draws a line across each bar."""
    top = max([*values, *(expected or [])], default=0) or 1
    width = BAR * len(values) + 2 * _MARGIN
    svg = child(
        ET.Element("div"),
        "svg",
        xmlns="http://www.w3.org/2000/svg",
        class_="chart",
        viewBox=f"0 0 {width} {CHART_HEIGHT + 2 * _MARGIN}",
        width=width,
        height=CHART_HEIGHT + 2 * _MARGIN,
        role="img",
        aria_label=title,
    )
    element(svg, "title", title)
    base = _MARGIN + CHART_HEIGHT
    child(svg, "line", class_="axis", x1=_MARGIN, y1=base, x2=width - _MARGIN, y2=base)
    for index, (label, value) in enumerate(zip(labels, values, strict=True)):
        x = _MARGIN + index * BAR
        height = CHART_HEIGHT * value / top
        bar = child(
            svg, "rect", class_="bar", x=x + 2, y=base - height, width=BAR - 4, height=height
        )
        element(
            bar,
            "title",
            f"{label}: {value}"
            + ("" if expected is None else f" (expected {expected[index]:.1f})"),
        )
        highest = height
        if expected is not None:
            level = CHART_HEIGHT * expected[index] / top
            highest = max(height, level)
            y = base - level
            child(svg, "line", class_="expected", x1=x, y1=y, x2=x + BAR, y2=y)
        # The count above the bar and above the expected line, clear of both.
        element(svg, "text", str(value), class_="count", x=x + BAR / 2, y=base - highest - 4)
        element(svg, "text", label, class_="label", x=x + BAR / 2, y=base + 16)
    return svg


def _players(parent: ET.Element, group: PlayerGroup) -> None:
    title = "Players" if group.event is None else f"Event: {group.event}"
    element(parent, "h2", f"{title} ({counted(group.games, 'game')})")
    element(parent, "p", "Standings: most points, then most wins.", class_="note")
    rows = [
        [
            str(line.rank),
            line.name,
            str(line.record.games),
            str(line.record.wins),
            str(line.record.losses),
            str(line.record.unfinished),
            str(line.record.points_for),
            str(line.record.points_against),
            "-" if line.average_win is None else f"{line.average_win:.2f}",
            str(line.longest),
        ]
        for line in group.players
    ]
    headers = [
        "rank",
        "player",
        "games",
        "wins",
        "losses",
        "unfinished",
        "points",
        "against",
        "per win",
        "longest",
    ]
    _table(parent, headers, rows, left=2).set("class", "players")
    element(parent, "h3", "Crosstable")
    element(parent, "p", "The row player's wins-losses against the column player.", class_="note")
    cross = group.crosstable
    rows = [
        [row, *(_cell(cross, row, column) for column in cross.players)] for row in cross.players
    ]
    table = _table(parent, ["", *cross.players], rows)
    table.set("class", "crosstable")
    for index, line in enumerate(table.iter("tr")):
        if index:  # the cell of a player against themself
            list(line)[index].set("class", "self")


def _cell(cross: Crosstable, row: str, column: str) -> str:
    record = cross.cells.get((row, column))
    return "" if record is None else f"{record.wins}-{record.losses}"


def _dice(parent: ET.Element, dice: Sequence[DiceCounts]) -> None:
    element(parent, "h2", "Dice")
    element(
        parent,
        "p",
        "The rolls and extra rolls of the main line (a chosen double is no roll). Fair dice give"
        " a double 1 time in 36 and another roll 2 times in 36; the chi-square test has 20"
        " degrees of freedom, and its p-value is the chance of counts this uneven with fair dice.",
        class_="note",
    )
    rows = [
        [
            "everybody" if c.player is None else c.player,
            str(c.rolls),
            percent(c.doubles, c.rolls),
            percent(c.acey_deuceys, c.rolls),
            "-" if c.chi_square is None else f"{c.chi_square:.2f}",
            "-" if c.p_value is None else f"{c.p_value:.4f}",
            "yes" if c.enough else "too few rolls",
        ]
        for c in dice
    ]
    headers = [
        "player",
        "rolls",
        "doubles (16.7%)",
        "1-2s (5.6%)",
        "chi-square",
        "p-value",
        "test trusted",
    ]
    _table(parent, headers, rows).set("class", "dice")
    element(
        parent,
        "p",
        "In the charts, a bar is a roll's count and the line across it the count fair dice"
        " would give.",
        class_="note",
    )
    for counts in dice:
        who = "everybody" if counts.player is None else counts.player
        element(parent, "h3", f"Rolls of {who}")
        chart = bar_chart(
            f"Rolls of {who}: counts, and the expected count of fair dice",
            [roll_name(roll) for roll in ROLLS],
            [counts.count(roll) for roll in ROLLS],
            [counts.expected(roll) for roll in ROLLS],
        )
        chart.set("class", "chart dice-chart")
        parent.append(chart)


def _games(parent: ET.Element, figures: GameFigures) -> None:
    lengths = figures.lengths
    element(parent, "h2", "Game lengths")
    mean = "-" if lengths.mean is None else number_text(round(lengths.mean, 1))
    median = "-" if lengths.median is None else number_text(lengths.median)
    element(
        parent,
        "p",
        f"In turns: mean {mean}, median {median}, shortest {lengths.shortest}, longest {lengths.longest}.",
        class_="note",
    )
    element(
        parent, "p", "A bar for each 10 turns: 60 is the games of 60 to 69 turns.", class_="note"
    )
    chart = bar_chart(
        "Games by length in turns",
        [f"{b.low}" for b in lengths.bins],
        [b.games for b in lengths.bins],
    )
    chart.set("class", "chart length-chart")
    parent.append(chart)
    element(parent, "h2", "Results by margin")
    rows = [[str(m.points), str(m.white), str(m.black)] for m in figures.margins]
    _table(parent, ["winner's points", "white won", "black won"], rows).set("class", "margins")
    element(parent, "p", f"Unfinished: {figures.unfinished}.", class_="note")
    element(parent, "h2", "First move")
    rows = [
        [
            move.side.title,
            str(move.games),
            str(move.wins),
            str(move.losses),
            str(move.unfinished),
            percent(move.wins, move.wins + move.losses),
        ]
        for move in figures.first_moves
    ]
    _table(
        parent, ["moved first", "games", "won", "lost", "unfinished", "won of finished"], rows
    ).set("class", "first-move")


def _tree(parent: ET.Element, title: str, rolls: Sequence[RollLine]) -> None:
    element(parent, "h2", f"Opening tree: {title}")
    rows = [
        [
            roll.roll,
            play.play,
            str(play.games),
            score_shown(play.score),
        ]
        for roll in rolls
        for play in roll.plays
    ]
    _table(parent, ["roll", "play", "games", "mover's score"], rows, left=2).set(
        "class", "openings"
    )


def files_on_page(paths: Iterable[str], page: str) -> dict[str, str]:
    """Each record of ``paths`` as the page written to ``page`` names it (``-``: standard output).

    A page is published, so it never shows a folder above its own: a record in
    the page's folder or under it is named from there (``2026/league.acey``), as
    a link beside the page would be, whether by the path as given or by the path
    with its links resolved; another by its path as typed when that is relative
    and stays below the folder it was typed in; else by its name alone (not
    ``/home/secretary/...``). Two records that would have one name (``league.acey``
    of ``/a/club`` and ``/b/club``) are told apart by the folders above them, one
    more at a time (``a/club/league.acey``), never up to the root.
    """
    folder = os.getcwd() if page == "-" else os.path.dirname(os.path.abspath(page))
    shown = {path: _ShownName.of(path, folder) for path in paths}
    while _lengthened(list(shown.values())):
        pass
    return {path: name.text for path, name in shown.items()}


@dataclass
class _ShownName:
    """A record's name on a page: the last ``count`` of ``parts``, with the folders above."""

    real: str  # the record's path with its links resolved: one file, one name
    parts: list[str]
    count: int

    @classmethod
    def of(cls, path: str, folder: str) -> _ShownName:
        real = os.path.realpath(path)
        for full, base in ((os.path.abspath(path), folder), (real, os.path.realpath(folder))):
            relative = _relative(full, base)
            if _below(relative):  # named from the page's folder: nothing above it is added
                parts = relative.split(os.sep)
                return cls(real, parts, len(parts))
        typed = os.path.normpath(path)
        count = len(typed.split(os.sep)) if not os.path.isabs(path) and _below(typed) else 1
        _, full = os.path.splitdrive(os.path.abspath(path))
        return cls(real, full.strip(os.sep).split(os.sep), count)

    @property
    def text(self) -> str:
        return os.path.join(*self.parts[-self.count :])


def _lengthened(names: list[_ShownName]) -> bool:
    """Whether a folder was added to names that two records share (those that have one left)."""
    files: dict[str, set[str]] = defaultdict(set)
    for name in names:
        files[name.text].add(name.real)
    grown = False
    for name in names:
        if len(files[name.text]) > 1 and name.count < len(name.parts):
            name.count += 1
            grown = True
    return grown


def _relative(path: str, folder: str) -> str:
    """``path`` from ``folder``; ``..`` when there is no way (another drive, on Windows)."""
    try:
        return os.path.relpath(path, folder)
    except ValueError:
        return os.pardir


def _below(relative: str) -> bool:
    """Whether a relative path stays in its folder (no ``..`` climbs out of it)."""
    return relative != os.curdir and os.pardir not in relative.split(os.sep)


def _match(parent: ET.Element, match: Match, file_shown: Callable[[str], str]) -> None:
    length = "" if match.length is None else f" (to {match.length})"
    winner = "" if match.winner is None else f": {match.winner} won"
    element(parent, "h3", f"{match.titled(file_shown)}{length}{winner}")
    rows = [
        [
            str(index),
            f"{file_shown(game.source)} game {game.number}",
            f"{game.white} v {game.black}",
            game.result,
            *(str(p) for p in game.score),
        ]
        for index, game in enumerate(match.games, start=1)
    ]
    _table(parent, ["", "game", "players", "result", *match.players], rows, left=3).set(
        "class", "match"
    )


def stats_page(
    figures: Figures,
    left_out_games: int = 0,
    unreadable_files: int = 0,
    read_in_part: int = 0,
    file_shown: Callable[[str], str] = str,
) -> str:
    """The page of ``figures``, as HTML text; under its title, what the figures leave out (the
    games with errors, what could not be read of the files: :func:`.stats_text.left_out`), as
    standard error says it. ``file_shown`` names the matches' records as the page shows them
    (:func:`files_on_page`; the command knows which names are files)."""
    style = (resources.files(__package__) / "stats.css").read_text(encoding="utf-8")
    html = ET.Element("html", {"lang": "en"})
    head = child(html, "head")
    child(head, "meta", charset="utf-8")
    child(head, "meta", name="viewport", content="width=device-width, initial-scale=1")
    policy = f"default-src 'none'; style-src {csp_hash(style)}; base-uri 'none'; form-action 'none'"
    child(head, "meta", http_equiv="Content-Security-Policy", content=policy)
    child(head, "meta", name="generator", content="aceynote")
    title = f"Statistics of {counted(figures.games, 'game')}"
    element(head, "title", title)
    element(head, "style", style)
    body = child(html, "body")
    element(body, "h1", title)
    element(body, "p", f"{counted(figures.turns, 'turn')}.", class_="note")
    for words in left_out(left_out_games, unreadable_files, read_in_part):
        element(body, "p", f"{sentence_start(words)}.", class_="left-out")
    for group in figures.groups:
        _players(body, group)
    _dice(body, figures.dice)
    _games(body, figures.game_figures)
    _tree(body, "first roll", figures.openings.first)
    _tree(body, "reply roll", figures.openings.reply)
    if figures.matches:
        element(body, "h2", "Matches")
        for match in figures.matches:
            _match(body, match, file_shown)
    return "<!DOCTYPE html>\n" + markup(html, method="html") + "\n"
