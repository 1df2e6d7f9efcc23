"""Each player's figures over many analysed games (docs/engine.md, "A player over many games").

The games' analyses (:class:`~.analysed.GameAnalysis`) are added one at a
time and forgotten: only a player's figures (:class:`~.analysed.PlayerFigures`,
a few numbers) are kept, so a corpus of any size
runs in bounded memory. Players are matched by name as ``aceynote stats``
matches them (:func:`aceynote.notation.tags.player_name`), over all games or
for each Event tag.

The performance rating is the mean equity lost per unforced decision, in
thousandths of a game: each game's equity lost is divided by what the marks
count as one game under its rules (:func:`.marks.game_value`), so games under
``score=checkers`` and ``score=single`` count alike, as gnubg's and XG's
ratings count a cubeless game.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..notation.tags import event_name, player_name
from ..rules import Side
from ..terminal_text import aligned, clipped, columns, counted
from .analysed import GameAnalysis, PlayerFigures
from .figures import COLUMNS, Over, json_of

FORMAT = "aceynote-analysis-summary"
VERSION = 1


def figures_json(name: str, figures: PlayerFigures) -> dict[str, Any]:
    """A player's figures over many games, as the summary's JSON has them."""
    return {"name": name, **json_of(figures, Over.MANY_GAMES)}


@dataclass(slots=True)
class Group:
    """The players of all games, or of one event's: each one's figures, by name."""

    event: str | None
    games: int = 0
    players: dict[str, PlayerFigures] = field(default_factory=dict)

    def add(self, game: GameAnalysis) -> None:
        self.games += 1
        for name, figures in game_players(game):
            self.players[name] = self.players.get(name, PlayerFigures()) + figures

    def as_json(self) -> dict[str, Any]:
        return {
            "event": self.event,
            "games": self.games,
            "players": [figures_json(name, self.players[name]) for name in sorted(self.players)],
        }


def summary(games: Iterable[GameAnalysis], by: str = "player") -> list[Group]:
    """The figures of each player over ``games``: one group of all (``by`` player), or one an
    Event tag (``by`` event), in the order their first game came. A game not analysed (its
    Rules or Setup tag wrong) counts nowhere: in no group's games, no player's figures."""
    groups: dict[str | None, Group] = {None: Group(None)} if by == "player" else {}
    for game in games:
        if not game.analysed:
            continue
        event = event_name(game.event) if by == "event" else None
        groups.setdefault(event, Group(event)).add(game)
    return list(groups.values())


def summary_json(groups: list[Group], by: str) -> dict[str, Any]:
    """The summary as the JSON document docs/engine.md describes."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "by": by,
        "groups": [group.as_json() for group in groups],
    }


def summary_document(games: Iterable[GameAnalysis], form: str, by: str = "player") -> str:
    """The summary of ``games`` (:func:`summary`) as ``analyze --summary`` writes it: ``form``
    text (the tables) or json (the document, indented as the reports are)."""
    groups = summary(games, by)
    if form == "json":
        return json.dumps(summary_json(groups, by), indent=1) + "\n"
    return summary_text(groups)


def figures_table(players: list[tuple[str, PlayerFigures]], width: int = 0) -> list[str]:
    """The head and a line a player of the summary's table (names at least ``width`` wide)."""
    width = max([width, len("player")] + [columns(name) for name, _ in players])
    heads = (f"{column.head:>{column.width}}" for column in COLUMNS)
    lines = [f"{'player':<{width}}" + "".join(heads)]
    for name, figures in players:
        cells = zip(figures_cells(figures), COLUMNS, strict=True)
        lines.append(
            aligned(name, width) + "".join(f"{cell:>{column.width}}" for cell, column in cells)
        )
    return lines


def figures_by_row(players: list[tuple[str, PlayerFigures]], width: int = 12) -> list[str]:
    """The summary's table turned round, for a narrow screen (the app): a line a figure, a
    column a player (names clipped to ``width``)."""
    names = [clipped(name, width) for name, _ in players]
    cells = [figures_cells(figures) for _, figures in players]
    room = max(columns(text) for text in [*names, *(cell for each in cells for cell in each)]) + 2
    label = max(len(column.head) for column in COLUMNS)
    lines = [" " * label + "".join(aligned(name, room, to_left=False) for name in names)]
    for row, column in enumerate(COLUMNS):
        lines.append(f"{column.head:<{label}}" + "".join(f"{each[row]:>{room}}" for each in cells))
    return lines


def summary_text(groups: list[Group]) -> str:
    """The summary as tables, one a group: a line a player."""
    width = max([columns(name) for group in groups for name in group.players], default=0)
    lines: list[str] = []
    for group in groups:
        title = "All games" if group.event is None else f"Event {group.event}"
        lines.append(f"{title}: {counted(group.games, 'game')}")
        lines += figures_table(
            [(name, group.players[name]) for name in sorted(group.players)], width
        )
        lines.append("")
    return "\n".join(lines)


def game_players(game: GameAnalysis) -> list[tuple[str, PlayerFigures]]:
    """Both sides of one game, White first, named as the summary names them, with their
    figures over the game."""
    return [(player_name(game.name(side), side), game.players[side]) for side in Side]


def figures_cells(figures: PlayerFigures) -> list[str]:
    """A player's figures over many games as the summary's table writes them (the JSON's
    figures, rounded as it rounds them)."""
    return [column.text(figures) for column in COLUMNS]
