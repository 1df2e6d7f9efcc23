"""Each player's figures over a game (docs/engine.md, "analyze"): errors, marks, luck.

The judge adds each decision here as it is judged, with its unrounded loss
and luck; the figures (:class:`~.analysed.PlayerFigures`) are summed from
those, then rounded to the analysis's 4 places.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..rules import Side
from ..validation import Report
from .analysed import PlayerFigures
from .marks import Mark, game_value


@dataclass(slots=True)
class _Sums:
    decisions: int = 0
    unforced: int = 0
    error_total: float = 0.0
    marks: dict[Mark, int] = field(default_factory=lambda: dict.fromkeys(Mark, 0))
    luck: float = 0.0


class GameTally:
    """Both sides' decisions, equity lost, marks and luck, as a game's decisions are judged."""

    def __init__(self) -> None:
        self.sums = {side: _Sums() for side in Side}

    def add(
        self, side: Side, forced: bool, loss: float, mark: Mark | None, luck: float | None
    ) -> None:
        sums = self.sums[side]
        sums.decisions += 1
        if not forced:
            sums.unforced += 1
            sums.error_total += loss
        if mark is not None:
            sums.marks[mark] += 1
        if luck is not None:
            sums.luck += luck

    def figures(self, report: Report, analysed: bool = True) -> dict[Side, PlayerFigures]:
        """Each side's figures over the game; its result and luck-adjusted result when it has
        one (the result less the side's luck plus the opponent's). A game not ``analysed``
        (its Rules or Setup tag wrong) has none: all 0, no game and no result, whatever the
        replay under the stand-in rules or position came to."""
        if not analysed:
            return {side: PlayerFigures() for side in Side}
        outcome = report.outcome
        value = game_value(report.rules)
        found: dict[Side, PlayerFigures] = {}
        for side, sums in self.sums.items():
            error_total = round(sums.error_total, 4)
            result, adjusted = 0, 0.0
            if outcome is not None:
                result = outcome.points if outcome.winner is side else -outcome.points
                adjusted = result - sums.luck + self.sums[side.opponent].luck
            found[side] = PlayerFigures(
                games=1,
                decisions=sums.decisions,
                unforced=sums.unforced,
                error_total=error_total,
                error_rate=sums.error_total / sums.unforced if sums.unforced else None,
                error_games=error_total / value,
                marks=dict(sums.marks),
                luck=round(sums.luck, 4),
                finished=int(outcome is not None),
                result=result,
                luck_adjusted=round(adjusted, 4),
            )
        return found
