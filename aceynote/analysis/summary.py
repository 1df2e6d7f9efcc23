"""Each player's figures over a game (docs/engine.md, "analyze"): errors, marks, luck."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..rules import Side
from .judge import GameAnalysis
from .marks import Mark


@dataclass(slots=True)
class PlayerSummary:
    """One side's decisions, equity lost, marks and luck; result and luck-adjusted result.

    ``error_rate`` is the equity lost per unforced decision (gnubg's error
    rate); ``luck`` sums what the side's rolls were worth against average
    rolls; ``luck_adjusted`` is the side's result less its luck and plus the
    opponent's (None while the game is unfinished).
    """

    side: Side
    decisions: int = 0
    unforced: int = 0
    error_total: float = 0.0
    marks: dict[Mark, int] = field(default_factory=lambda: dict.fromkeys(Mark, 0))
    luck: float = 0.0
    result: int | None = None
    luck_adjusted: float | None = None

    @property
    def error_rate(self) -> float:
        return self.error_total / self.unforced if self.unforced else 0.0


def summarize(analysis: GameAnalysis) -> dict[Side, PlayerSummary]:
    players = {side: PlayerSummary(side) for side in Side}
    for decision in analysis.decisions:
        player = players[decision.side]
        player.decisions += 1
        if not decision.forced:
            player.unforced += 1
            player.error_total += decision.loss
        if decision.mark is not None:
            player.marks[decision.mark] += 1
        if decision.luck is not None:
            player.luck += decision.luck
    outcome = analysis.report.outcome
    if outcome is not None:
        for side, player in players.items():
            player.result = outcome.points if outcome.winner is side else -outcome.points
            other = players[side.opponent]
            player.luck_adjusted = player.result - player.luck + other.luck
    return players
