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

from collections.abc import Callable
from dataclasses import dataclass, replace

from ...notation.tags import match_length, match_score
from .counted_game import CountedGame


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
    """A match: its name, its length (None: not said), its players in order and its games.

    ``label`` is the Match tag of a tagged match; a bgammon.org match has none, and
    is called by its first game's players, ``White v Black``, with its file beside
    (:meth:`titled`).
    """

    label: str
    tagged: bool
    length: int | None
    players: tuple[str, ...]
    games: tuple[MatchGame, ...]

    @property
    def name(self) -> str:
        """The match's name: the Match tag, or ``White v Black (file)`` with the file as read."""
        return self.titled(str)

    def titled(self, file_shown: Callable[[str], str]) -> str:
        """The match's name with its file as ``file_shown`` names it (a page names it its way)."""
        if self.tagged or not self.games:
            return self.label
        return f"{self.label} ({file_shown(self.games[0].source)})"

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


def _match_key(game: CountedGame) -> tuple[object, ...] | None:
    """Which match ``game`` belongs to (None: none)."""
    name = game.tags.get("Match")
    if name is not None:
        return ("Match", name)
    length = match_length(game.tags.get("MatchLength"))
    stated = match_score(game.tags.get("MatchScore"))
    if (length is None or length <= 1) and stated in (None, (0, 0)):
        return None
    return ("bgammon", game.source, frozenset((game.white, game.black)), length)


class _Building:
    """A match as its games are read: its players' points and a short line for each game."""

    def __init__(self, key: tuple[object, ...], first: CountedGame) -> None:
        self.key = key
        self.first_players = (first.white, first.black)
        self.length: int | None = None
        self.points: dict[str, int] = {}
        self.games: list[MatchGame] = []

    def add(self, game: CountedGame) -> None:
        stated = game.tags.get("MatchScore")
        before = (self.points.get(game.white, 0), self.points.get(game.black, 0))
        agrees = stated is None or match_score(stated) == before
        for name in (game.white, game.black):
            self.points.setdefault(name, 0)
        winner = game.facts.winner
        if winner is not None:
            self.points[game.name(winner)] += game.points(winner)
        if self.length is None:
            self.length = match_length(game.tags.get("MatchLength"))
        score = tuple(self.points.values())
        self.games.append(
            MatchGame(
                game.source,
                game.number,
                game.line,
                game.white,
                game.black,
                game.facts.result,
                score,
                None if agrees else stated,
            )
        )

    def match(self) -> Match:
        tagged = self.key[0] == "Match"
        white, black = self.first_players  # the length is the match's own field, shown beside
        label = str(self.key[1]) if tagged else f"{white} v {black}"
        players = tuple(self.points)
        games = tuple(_padded(game, len(players)) for game in self.games)
        return Match(label, tagged, self.length, players, games)


def _padded(game: MatchGame, players: int) -> MatchGame:
    """The game with a 0 in its score for each player who came into the match after it."""
    missing = players - len(game.score)
    return replace(game, score=game.score + (0,) * missing) if missing else game


class MatchTally:
    """The matches counted as games go by, in the order of their first games."""

    def __init__(self) -> None:
        self.building: list[_Building] = []
        self.open_matches: dict[tuple[object, ...], _Building] = {}

    def add(self, game: CountedGame) -> None:
        key = _match_key(game)
        if key is None:
            return
        current = self.open_matches.get(key)
        starts_again = key[0] != "Match" and match_score(game.tags.get("MatchScore")) == (0, 0)
        if current is None or starts_again:
            current = self.open_matches[key] = _Building(key, game)
            self.building.append(current)
        current.add(game)

    def matches(self) -> tuple[Match, ...]:
        return tuple(match.match() for match in self.building)
