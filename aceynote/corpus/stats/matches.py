"""Matches: games that belong together, their running score and the winner.

A game belongs to a match when it has a ``Match`` tag (the match's name:
every game with that name, in any file, in the order read) or, as the
bgammon.org import writes them, a ``MatchLength`` over 1 point (or a
``MatchScore`` other than 0-0) and no Match tag. Those games make one match
per file, pair of players and length, in order; a game whose MatchScore is
0-0 starts a new one. The score runs from the games' results (the points
of each win); a ``MatchScore`` (the score before the game, White's first)
that does not agree with it is shown beside it. The winner is the first
player to reach the ``MatchLength``; without one, a match has no winner.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ...rules import Side
from .games import CountedGame

_SCORE = re.compile(r"([0-9]{1,9})-([0-9]{1,9})")


@dataclass(frozen=True, slots=True)
class MatchGame:
    """A game of a match and the score after it, in the match's order of players.

    ``stated`` is the game's MatchScore tag when it does not agree with the
    score the results before it give (None when it agrees or is absent).
    """

    source: str
    number: int
    line: int
    white: str
    black: str
    result: str
    score: tuple[int, ...]
    stated: str | None


@dataclass(frozen=True, slots=True)
class Match:
    """A match: its name, its length (None: not said), its players in order and its games."""

    name: str
    tagged: bool
    length: int | None
    players: tuple[str, ...]
    games: tuple[MatchGame, ...]

    @property
    def score(self) -> tuple[int, ...]:
        return self.games[-1].score if self.games else tuple(0 for _ in self.players)

    @property
    def winner(self) -> str | None:
        """The first player to reach the length, if it is known and someone reached it."""
        if self.length is None:
            return None
        for game in self.games:
            for name, points in zip(self.players, game.score, strict=True):
                if points >= self.length:
                    return name
        return None


def _number(text: str | None) -> int | None:
    return int(text) if text is not None and text.isascii() and text.isdigit() else None


def _stated(text: str | None) -> tuple[int, int] | None:
    match = _SCORE.fullmatch(text) if text is not None else None
    return None if match is None else (int(match.group(1)), int(match.group(2)))


def _match_key(game: CountedGame) -> tuple[object, ...] | None:
    """Which match ``game`` belongs to (None: none)."""
    name = game.tags.get("Match")
    if name is not None:
        return ("Match", name)
    length = _number(game.tags.get("MatchLength"))
    stated = _stated(game.tags.get("MatchScore"))
    if (length is None or length <= 1) and stated in (None, (0, 0)):
        return None
    return ("bgammon", game.source, frozenset((game.white, game.black)), length)


class _Building:
    """A match as its games are read."""

    def __init__(self, key: tuple[object, ...], first: CountedGame) -> None:
        self.key = key
        self.first = first
        self.players: list[str] = []
        self.points: dict[str, int] = {}
        self.games: list[CountedGame] = []
        self.scores: list[tuple[tuple[int, ...], str | None]] = []

    def add(self, game: CountedGame) -> None:
        stated = game.tags.get("MatchScore")
        before = (self.points.get(game.white, 0), self.points.get(game.black, 0))
        agrees = stated is None or _stated(stated) == before
        for name in (game.white, game.black):
            if name not in self.points:
                self.players.append(name)
                self.points[name] = 0
        winner = game.facts.winner
        if winner is not None:
            self.points[game.name(winner)] += game.points(winner)
        self.games.append(game)
        self.scores.append((tuple(self.points.values()), None if agrees else stated))

    def match(self) -> Match:
        lengths = (_number(game.tags.get("MatchLength")) for game in self.games)
        length = next((value for value in lengths if value is not None), None)
        tagged = self.key[0] == "Match"
        name = str(self.key[1]) if tagged else self._bgammon_name(length)
        players = tuple(self.players)
        games = tuple(
            MatchGame(g.source, g.number, g.line, g.white, g.black, g.facts.result, *score)
            for g, score in zip(self.games, self._padded(len(players)), strict=True)
        )
        return Match(name, tagged, length, players, games)

    def _padded(self, players: int) -> list[tuple[tuple[int, ...], str | None]]:
        """The scores, with a 0 for each player who came into the match after that game."""
        return [(score + (0,) * (players - len(score)), stated) for score, stated in self.scores]

    def _bgammon_name(self, length: int | None) -> str:
        first = self.first
        to = f" to {length}" if length is not None else ""
        return f"{first.name(Side.WHITE)} v {first.name(Side.BLACK)}{to} ({first.source})"


def matches(games: Sequence[CountedGame]) -> tuple[Match, ...]:
    """The matches among ``games``, in the order of their first games."""
    building: list[_Building] = []
    open_matches: dict[tuple[object, ...], _Building] = {}
    for game in games:
        key = _match_key(game)
        if key is None:
            continue
        current = open_matches.get(key)
        starts_again = key[0] != "Match" and _stated(game.tags.get("MatchScore")) == (0, 0)
        if current is None or starts_again:
            current = open_matches[key] = _Building(key, game)
            building.append(current)
        current.add(game)
    return tuple(match.match() for match in building)
