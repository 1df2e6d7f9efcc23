"""The games' figures: their length in turns, their results by margin, and the first move.

A game's length is its number of turns (each side's turn counts one, as
``validate`` counts them). The histogram's bins are 10 turns wide (0-9,
10-19, ...), from the shortest game's bin to the longest's, empty bins
included. The margin of a result is the winner's points. Who moved first
is counted over the games from the opening position: a game from a Setup
starts wherever its author chose.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ...rules import Side
from .games import CountedGame

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


def lengths(turns: Sequence[int]) -> Lengths:
    if not turns:
        return Lengths(0, None, None, None, None, ())
    counted = Counter(length // BIN_WIDTH for length in turns)
    bins = tuple(
        LengthBin(index * BIN_WIDTH, index * BIN_WIDTH + BIN_WIDTH - 1, counted[index])
        for index in range(min(counted), max(counted) + 1)
    )
    return Lengths(
        len(turns),
        statistics.fmean(turns),
        statistics.median(turns),
        min(turns),
        max(turns),
        bins,
    )


def margins(games: Sequence[CountedGame]) -> tuple[Margin, ...]:
    """The finished games by the winner's points, fewest points first."""
    won: Counter[tuple[int, Side]] = Counter()
    for game in games:
        winner = game.facts.winner
        if winner is not None:
            won[(game.points(winner), winner)] += 1
    points = sorted({margin for margin, _ in won})
    return tuple(Margin(p, won[(p, Side.WHITE)], won[(p, Side.BLACK)]) for p in points)


def first_moves(games: Sequence[CountedGame]) -> tuple[FirstMove, ...]:
    """White's and Black's games as the first to move, from the opening position."""
    moves = []
    for side in Side:
        firsts = [game for game in games if game.facts.first_mover is side and game.opening]
        winners = [game.facts.winner for game in firsts]
        moves.append(
            FirstMove(
                side,
                len(firsts),
                winners.count(side),
                winners.count(side.opponent),
                winners.count(None),
            )
        )
    return tuple(moves)


def game_figures(games: Sequence[CountedGame]) -> GameFigures:
    return GameFigures(
        lengths([game.facts.turns for game in games]),
        margins(games),
        sum(1 for game in games if game.facts.winner is None),
        first_moves(games),
    )
