"""The players' figures: each one's games, wins, losses and points, the standings and the crosstable.

A game counts once for each side's name: a player with no name is ``White``
or ``Black``. The standings order the players by points won, then wins,
then name; players equal on points and wins share a rank (1, 2, 2, 4).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...notation.tags import event_name
from ...rules import Side
from .counted_game import CountedGame


@dataclass(frozen=True, slots=True)
class Record:
    """Games, wins, losses, unfinished games and points, for and against, of one player."""

    games: int = 0
    wins: int = 0
    losses: int = 0
    unfinished: int = 0
    points_for: int = 0
    points_against: int = 0

    def add(self, game: CountedGame, side: Side) -> Record:
        winner = game.facts.winner
        return Record(
            self.games + 1,
            self.wins + (winner is side),
            self.losses + (winner is side.opponent),
            self.unfinished + (winner is None),
            self.points_for + game.points(side),
            self.points_against + game.points(side.opponent),
        )


@dataclass(frozen=True, slots=True)
class PlayerLine:
    """A player's line of the table: the record, the longest game in turns, the rank."""

    name: str
    record: Record
    longest: int
    rank: int

    @property
    def average_win(self) -> float | None:
        """The points of a win on average (None without a win)."""
        return self.record.points_for / self.record.wins if self.record.wins else None


@dataclass(frozen=True, slots=True)
class Crosstable:
    """Each player's record against each other one: ``cells[(row, column)]``."""

    players: tuple[str, ...]
    cells: dict[tuple[str, str], Record]


@dataclass(frozen=True, slots=True)
class PlayerGroup:
    """The players' figures over some games: all of them, or one event's (``--by event``)."""

    event: str | None
    games: int
    players: tuple[PlayerLine, ...]
    crosstable: Crosstable


@dataclass(slots=True)
class _Tally:
    """One group's players as its games go by: a record each, and one for each pair of names."""

    event: str | None = None
    games: int = 0
    records: dict[str, Record] = field(default_factory=dict)
    longest: dict[str, int] = field(default_factory=dict)
    cells: dict[tuple[str, str], Record] = field(default_factory=dict)

    def add(self, game: CountedGame) -> None:
        self.games += 1
        for side in Side:
            name, opponent = game.name(side), game.name(side.opponent)
            self.records[name] = self.records.get(name, Record()).add(game, side)
            self.longest[name] = max(self.longest.get(name, 0), game.facts.turns)
            cell = (name, opponent)
            self.cells[cell] = self.cells.get(cell, Record()).add(game, side)

    def group(self) -> PlayerGroup:
        """The standings and the crosstable of the games added."""
        ordered = sorted(self.records.items(), key=lambda item: (_score(item[1]), item[0]))
        lines: list[PlayerLine] = []
        for index, (name, record) in enumerate(ordered, start=1):
            tied = bool(lines) and _score(lines[-1].record) == _score(record)
            rank = lines[-1].rank if tied else index
            lines.append(PlayerLine(name, record, self.longest[name], rank))
        names = tuple(line.name for line in lines)
        return PlayerGroup(self.event, self.games, tuple(lines), Crosstable(names, self.cells))


def _score(record: Record) -> tuple[int, int]:
    """What the standings order by, the best first: points won, then wins."""
    return (-record.points_for, -record.wins)


class PlayerTally:
    """The players' groups as games go by: one of all games (``by="player"``), or one for each Event tag.

    Events come in the order their first game was read; games without an
    Event tag make the group ``?``. Only each name's record (and each pair's)
    is kept, not the games.
    """

    def __init__(self, by: str) -> None:
        self.by_event = by == "event"
        self.tallies: dict[str | None, _Tally] = {}

    def add(self, game: CountedGame) -> None:
        event = event_name(game.tags.get("Event")) if self.by_event else None
        tally = self.tallies.get(event)
        if tally is None:
            tally = self.tallies[event] = _Tally(event)
        tally.add(game)

    def groups(self) -> tuple[PlayerGroup, ...]:
        if not self.tallies and not self.by_event:
            return (_Tally().group(),)
        return tuple(tally.group() for tally in self.tallies.values())
