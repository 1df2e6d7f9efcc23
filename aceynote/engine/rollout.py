"""Rollouts: the equity of a choice as the average of games played out from it.

From the decision a choice leads to, the 0-ply engine plays both sides to
the end of the game with random dice, and the points the chooser scores
are averaged. Two things reduce the variance (docs/engine.md, "Rollouts"):
the first roll of the trials is stratified (trial i starts with the i-th of
the 36 rolls, so every 36 trials see each roll once), and every choice is
rolled out with the same dice (trial i of each uses the same seed), so the
differences between choices are measured with less noise than their values.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..rules import SegmentKind
from ..rules.randomgame import roll_pair
from .decisions import Choice
from .players import NAMED_DOUBLES
from .search import Search

ORDERED_ROLLS = tuple((first, second) for first in range(1, 7) for second in range(1, 7))
MAX_DECISIONS = 5000


@dataclass(frozen=True, slots=True)
class RolloutResult:
    """The rollout's equity (points for the chooser), its standard error and win rate."""

    games: int
    equity: float
    error: float
    win: float

    def as_dict(self) -> dict[str, float]:
        return {
            "games": self.games,
            "equity": round(self.equity, 4),
            "error": round(self.error, 4),
            "win": round(self.win, 4),
        }


def play_out(choice: Choice, search: Search, rng: random.Random, first: tuple[int, int]) -> int:
    """The points the chooser scores (negative: the other side's) in one trial.

    ``first`` is the first roll of the trial (stratified); the chosen doubles
    named on the way are the side's own choice, not rolled.
    """
    if choice.after is None:
        return choice.points
    chooser = choice.play.result.turn
    decision = choice.after
    stratified: tuple[int, int] | None = (max(first), min(first))
    for _ in range(MAX_DECISIONS):
        if decision.kind is SegmentKind.CHOSEN_DOUBLE:
            dice = NAMED_DOUBLES
        else:
            dice = (stratified or roll_pair(rng),)
            stratified = None
        following, points = search.best_next(decision, dice)
        if following is None:
            return points if decision.position.turn is chooser else -points
        decision = following
    return 0


def rollout(choice: Choice, search: Search, games: int, seed: int) -> RolloutResult:
    """Roll ``choice`` out over ``games`` trials; the same seed gives the same dice."""
    total = squares = wins = 0.0
    for trial in range(games):
        rng = random.Random(f"rollout:{seed}:{trial}")
        points = play_out(choice, search, rng, ORDERED_ROLLS[(trial + seed) % 36])
        total += points
        squares += points * points
        wins += points > 0
    mean = total / games
    variance = max(squares / games - mean * mean, 0.0)
    error = math.sqrt(variance / games) if games > 1 else float("inf")
    return RolloutResult(games, mean, error, wins / games)


def rollouts(
    options: Sequence[Choice], search: Search, games: int, seed: int
) -> list[RolloutResult]:
    return [rollout(option, search, games, seed) for option in options]
