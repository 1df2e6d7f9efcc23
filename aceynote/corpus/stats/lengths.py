"""The games' figures: their length in turns, their results by margin, and the first move.

A game's length is its number of turns (each side's turn counts one, as
``validate`` counts them). The histogram's bins are 10 turns wide (0-9,
10-19, ...), from the shortest game's bin to the longest's, empty bins
included. The margin of a result is the winner's points. Who moved first
is counted over the games from the opening position: a game from a Setup
starts wherever its author chose.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from ...rules import Side
from .counted_game import CountedGame

BIN_WIDTH = 10


@dataclass(frozen=True, slots=True)
class LengthBin:
    """Games of ``low`` to ``high`` turns (both included)."""

    low: int
    high: int
    games: int


@dataclass(frozen=True, slots=True)
class Lengths:
    games: int
    mean: float | None
    median: float | None
    shortest: int | None
    longest: int | None
    bins: tuple[LengthBin, ...]


@dataclass(frozen=True, slots=True)
class Margin:
    """How many games White and Black won by ``points``."""

    points: int
    white: int
    black: int


@dataclass(frozen=True, slots=True)
class FirstMove:
    """The games ``side`` moved first in, and how they ended for it."""

    side: Side
    games: int
    wins: int
    losses: int
    unfinished: int


@dataclass(frozen=True, slots=True)
class GameFigures:
    lengths: Lengths
    margins: tuple[Margin, ...]
    unfinished: int
    first_moves: tuple[FirstMove, ...]


def lengths(games_of_length: Mapping[int, int]) -> Lengths:
    """The figures of lengths from how many games had each length in turns."""
    played = sorted(length for length, games in games_of_length.items() if games)
    if not played:
        return Lengths(0, None, None, None, None, ())
    count = sum(games_of_length[length] for length in played)
    total = sum(length * games_of_length[length] for length in played)
    counted: Counter[int] = Counter()
    for length in played:
        counted[length // BIN_WIDTH] += games_of_length[length]
    bins = tuple(
        LengthBin(index * BIN_WIDTH, index * BIN_WIDTH + BIN_WIDTH - 1, counted[index])
        for index in range(min(counted), max(counted) + 1)
    )
    return Lengths(
        count,
        float(total) / count,
        _median(played, games_of_length, count),
        played[0],
        played[-1],
        bins,
    )


def _median(played: list[int], games_of_length: Mapping[int, int], count: int) -> float:
    """As :func:`statistics.median` of every game's length: the middle one, or the mean of the two."""
    middle = count // 2
    if count % 2:
        return _nth(played, games_of_length, middle)
    return (_nth(played, games_of_length, middle - 1) + _nth(played, games_of_length, middle)) / 2


def _nth(played: list[int], games_of_length: Mapping[int, int], index: int) -> int:
    """The length of the game at ``index`` (from 0) when the games are ordered by length."""
    for length in played:
        index -= games_of_length[length]
        if index < 0:
            return length
    raise IndexError("fewer games than the index")


class GameTally:
    """The games' figures counted as games go by: games of each length, wins by margin, first moves."""

    def __init__(self) -> None:
        self.games_of_length: Counter[int] = Counter()
        self.won: Counter[tuple[int, Side]] = Counter()
        self.unfinished = 0
        self.first: dict[Side, Counter[Side | None]] = {side: Counter() for side in Side}

    def add(self, game: CountedGame) -> None:
        self.games_of_length[game.facts.turns] += 1
        winner = game.facts.winner
        if winner is None:
            self.unfinished += 1
        else:
            self.won[(game.points(winner), winner)] += 1
        first_mover = game.facts.first_mover
        if first_mover is not None and game.opening:
            self.first[first_mover][winner] += 1

    def figures(self) -> GameFigures:
        return GameFigures(
            lengths(self.games_of_length), self._margins(), self.unfinished, self._first_moves()
        )

    def _margins(self) -> tuple[Margin, ...]:
        """The finished games by the winner's points, fewest points first."""
        won = self.won
        points = sorted({margin for margin, _ in won})
        return tuple(Margin(p, won[(p, Side.WHITE)], won[(p, Side.BLACK)]) for p in points)

    def _first_moves(self) -> tuple[FirstMove, ...]:
        """White's and Black's games as the first to move, from the opening position."""
        return tuple(
            FirstMove(
                side,
                self.first[side].total(),
                self.first[side][side],
                self.first[side][side.opponent],
                self.first[side][None],
            )
            for side in Side
        )
