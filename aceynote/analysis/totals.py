"""Each player's figures over many analysed games (docs/engine.md, "A player over many games").

The games' analyses (their JSON form, :mod:`.output`) are added one at a time
and forgotten: only a few numbers a player are kept, so a corpus of any size
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

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..notation.tags import event_name, player_name
from ..rules import Side, parse_rules
from ..terminal_text import counted, signed
from .marks import Mark, game_value

FORMAT = "aceynote-analysis-summary"
VERSION = 1
GROUPINGS = ("player", "event")
RATING_SCALE = 1000


@dataclass(slots=True)
class PlayerTotals:
    """One player's sums over the games added (``finished``: the games with a result)."""

    name: str
    games: int = 0
    decisions: int = 0
    unforced: int = 0
    error_total: float = 0.0
    error_games: float = 0.0
    marks: dict[str, int] = field(default_factory=lambda: {mark.value: 0 for mark in Mark})
    luck: float = 0.0
    finished: int = 0
    result: int = 0
    luck_adjusted: float = 0.0

    def add(self, player: dict[str, Any], value: float) -> None:
        """One game's figures of this player (:func:`.output.analysis_json`'s ``players``)."""
        self.games += 1
        self.decisions += player["decisions"]
        self.unforced += player["unforced"]
        self.error_total += player["error_total"]
        self.error_games += player["error_total"] / value
        for mark, count in player["marks"].items():
            self.marks[mark] += count
        self.luck += player["luck"]
        if player["result"] is not None:
            self.finished += 1
            self.result += player["result"]
            self.luck_adjusted += player["luck_adjusted"]

    @property
    def error_rate(self) -> float:
        return self.error_total / self.unforced if self.unforced else 0.0

    @property
    def rating(self) -> float:
        return RATING_SCALE * self.error_games / self.unforced if self.unforced else 0.0

    def as_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "games": self.games,
            "decisions": self.decisions,
            "unforced": self.unforced,
            "error_total": round(self.error_total, 4),
            "error_rate": round(self.error_rate, 4),
            "rating": round(self.rating, 1),
            "marks": dict(self.marks),
            "luck": round(self.luck, 4),
            "luck_per_game": round(self.luck / self.games, 4),
            "finished": self.finished,
            "result": self.result,
            "luck_adjusted": round(self.luck_adjusted, 4),
        }


@dataclass(slots=True)
class Group:
    """The players of all games, or of one event's."""

    event: str | None
    games: int = 0
    players: dict[str, PlayerTotals] = field(default_factory=dict)

    def add(self, game: dict[str, Any]) -> None:
        self.games += 1
        value = game_value(parse_rules(game["rules"]))
        for side in Side:
            name = player_name(game[side.name.lower()], side)
            totals = self.players.setdefault(name, PlayerTotals(name))
            totals.add(game["players"][side.name.lower()], value)

    def as_json(self) -> dict[str, Any]:
        ordered = sorted(self.players.values(), key=lambda player: player.name)
        return {
            "event": self.event,
            "games": self.games,
            "players": [player.as_json() for player in ordered],
        }


def summary(games: Iterable[dict[str, Any]], by: str = "player") -> dict[str, Any]:
    """The figures of each player over ``games`` (analyses in the JSON form), by ``by``."""
    groups: dict[str | None, Group] = {}
    for game in games:
        event = event_name(game["event"]) if by == "event" else None
        groups.setdefault(event, Group(event)).add(game)
    return {
        "format": FORMAT,
        "version": VERSION,
        "by": by,
        "groups": [group.as_json() for group in groups.values()],
    }


_HEAD = (
    ("games", 6),
    ("decisions", 10),
    ("unforced", 9),
    ("error", 7),
    ("rating", 7),
    *((mark.value, 4) for mark in Mark),
    ("luck/game", 10),
    ("result", 7),
    ("luck-adj.", 10),
)


def summary_text(document: dict[str, Any]) -> str:
    """The summary as tables, one a group: a line a player."""
    names = [len(p["name"]) for g in document["groups"] for p in g["players"]]
    width = max([*names, len("player")])
    head = f"{'player':<{width}}" + "".join(f"{label:>{room}}" for label, room in _HEAD)
    lines: list[str] = []
    for group in document["groups"]:
        title = "All games" if group["event"] is None else f"Event {group['event']}"
        lines += [f"{title}: {counted(group['games'], 'game')}", head]
        for player in group["players"]:
            cells = zip(_cells(player), _HEAD, strict=True)
            lines.append(f"{player['name']:<{width}}" + "".join(f"{c:>{r}}" for c, (_, r) in cells))
        lines.append("")
    return "\n".join(lines)


def _cells(player: dict[str, Any]) -> list[str]:
    return [
        str(player["games"]),
        str(player["decisions"]),
        str(player["unforced"]),
        f"{player['error_rate']:.3f}",
        f"{player['rating']:.1f}",
        *(str(player["marks"][mark.value]) for mark in Mark),
        signed(player["luck_per_game"]),
        f"{player['result']:+d}",
        signed(player["luck_adjusted"]),
    ]
