"""Rollouts: the equity of a choice as the average of games played out from it.

From the decision a choice leads to, the 0-ply engine plays both sides to
the end of the game with random dice, and the points the chooser scores
are averaged. Two things reduce the variance (docs/engine.md, "Rollouts"):
the first roll of the trials is stratified (trial i starts with the i-th of
the 36 rolls, so every 36 trials see each roll once), and every choice is
rolled out with the same dice (trial i of each uses the same seed), so the
differences between choices are measured with less noise than their values.

A truncated rollout (gnubg's term) stops each trial after a number of
decisions and counts the 0-ply equity of the decision reached instead of
playing on: far cheaper, at the price of the evaluator's own bias there.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from ..rules import DOUBLES, ORDERED_ROLLS, THROWS, SegmentKind, roll_of
from ..rules.randomgame import roll_pair
from .decisions import MAX_DECISIONS, Choice
from .search import Search


@dataclass(frozen=True, slots=True)
class RolloutResult:
    """The rollout's equity (points for the chooser), its standard error and win rate.

    One trial has no standard error: ``error`` is then infinite, and None in
    :meth:`as_dict` (JSON has no infinity). ``play`` and ``double`` name the
    play rolled out as :class:`~.api.RankedPlay` does, where the engine's API
    gives the result (else "" and 0); :meth:`as_dict` gives the figures alone.
    """

    games: int
    equity: float
    error: float
    win: float
    play: str = ""
    double: int = 0

    def as_dict(self) -> dict[str, float | None]:
        return {
            "games": self.games,
            "equity": round(self.equity, 4),
            "error": round(self.error, 4) if math.isfinite(self.error) else None,
            "win": round(self.win, 4),
        }


def play_out(
    choice: Choice,
    search: Search,
    rng: random.Random,
    first: tuple[int, int],
    truncate: int | None = None,
) -> tuple[float, float]:
    """The points the chooser scores (negative: the other side's) in one trial, and its win.

    The win is 1 or 0, or the evaluator's win chance where a truncated trial stops.

    ``first`` is the first roll of the trial (stratified); the chosen doubles
    named on the way are the side's own choice, not rolled. With ``truncate``
    the trial stops after that many decisions, worth the 0-ply values there.
    """
    if choice.after is None:
        return choice.points, float(choice.points > 0)
    chooser = choice.play.result.turn
    decision = choice.after
    stratified: tuple[int, int] | None = roll_of(*first)
    for made in range(MAX_DECISIONS):
        if made == truncate:
            wins, equities = search.evaluator.decisions([decision])
            if decision.position.turn is chooser:
                return float(equities[0]), float(wins[0])
            return -float(equities[0]), 1 - float(wins[0])
        if decision.kind is SegmentKind.CHOSEN_DOUBLE:
            dice = DOUBLES
        else:
            dice = (stratified or roll_pair(rng),)
            stratified = None
        following, points = search.best_next(decision, dice)
        if following is None:
            won = decision.position.turn is chooser
            return (points, 1.0) if won else (-points, 0.0)
        decision = following
    return 0.0, 0.5


def trials(
    choice: Choice, search: Search, games: int, seed: int, truncate: int | None = None
) -> Iterator[tuple[float, float]]:
    """Each trial's points for the chooser and its win, in order; the same seed gives the
    same dice, so two choices' trials can be compared one by one."""
    for trial in range(games):
        rng = random.Random(f"rollout:{seed}:{trial}")
        first = ORDERED_ROLLS[(trial + seed) % THROWS]
        yield play_out(choice, search, rng, first, truncate)


def summed(outcomes: Iterable[tuple[float, float]]) -> RolloutResult:
    """The rollout of these trials' points and wins: their mean, its standard error."""
    games = 0
    total = squares = wins = 0.0
    for points, won in outcomes:
        games += 1
        total += points
        squares += points * points
        wins += won
    mean = total / games
    variance = max(squares / games - mean * mean, 0.0)
    error = math.sqrt(variance / games) if games > 1 else float("inf")
    return RolloutResult(games, mean, error, wins / games)


def rollout(
    choice: Choice, search: Search, games: int, seed: int, truncate: int | None = None
) -> RolloutResult:
    """Roll ``choice`` out over ``games`` trials; the same seed gives the same dice.

    ``truncate``: stop each trial after that many decisions (see the module's note).
    """
    if truncate is not None and truncate < 0:
        raise ValueError(f"truncate is a number of decisions, 0 or more, not {truncate}")
    return summed(trials(choice, search, games, seed, truncate))


def rollouts(
    options: Sequence[Choice], search: Search, games: int, seed: int
) -> list[RolloutResult]:
    return [rollout(option, search, games, seed) for option in options]
