"""Choosing among the legal plays: 0-ply and 1-ply (docs/engine.md, "Search").

0-ply values every choice by the network's value of the decision that
follows it. 1-ply takes the best few choices by 0-ply (at most
:data:`FILTER_COUNT`, none more than :data:`FILTER_WIDTH` of the largest
score behind the best) and looks one decision further: after a choice that
passes the turn, the average over the opponent's 21 rolls of the
opponent's best 0-ply reply; after a 1-2 played in full, the best double
and play the mover can name; after the chosen double, the average over the
extra roll's 21 rolls of the mover's best 0-ply play.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from ..rules import RuleSet, SegmentKind
from .decisions import ROLLS, Choice, Decision, choices, double_choices
from .evaluator import Evaluator

FILTER_COUNT = 8
FILTER_WIDTH = 0.1
"""As a share of the largest score (1.5 points under score=checkers)."""


class Scored(NamedTuple):
    """A choice with its value for the side that makes it."""

    choice: Choice
    win: float
    equity: float


class Search:
    """0-ply and 1-ply search with one evaluator."""

    def __init__(self, evaluator: Evaluator) -> None:
        self.evaluator = evaluator

    @property
    def rules(self) -> RuleSet:
        return self.evaluator.rules

    def rank(self, options: Sequence[Choice], depth: int) -> list[Scored]:
        """The choices best first, with their values at ``depth`` (those 1-ply did not
        reach keep their 0-ply values, after every choice it reached)."""
        wins, equities = self.evaluator.choices(options)
        ranked = sorted(
            (
                Scored(option, float(win), float(equity))
                for option, win, equity in zip(options, wins, equities, strict=True)
            ),
            key=lambda scored: -scored.equity,
        )
        if depth < 1 or len(ranked) < 2:
            return ranked
        limit = ranked[0].equity - FILTER_WIDTH * self.evaluator.scale
        head = [scored for scored in ranked[:FILTER_COUNT] if scored.equity >= limit]
        deeper = self._one_ply(head)
        return sorted(deeper, key=lambda scored: -scored.equity) + ranked[len(head) :]

    def best(self, options: Sequence[Choice], depth: int) -> Choice:
        if len(options) == 1:
            return options[0]
        if depth < 1:
            _, equities = self.evaluator.choices(options)
            return options[int(np.argmax(equities))]
        return self.rank(options, depth)[0].choice

    def _one_ply(self, head: list[Scored]) -> list[Scored]:
        """The values of these choices one decision further on."""
        open_choices = [scored for scored in head if scored.choice.after is not None]
        looked = self.look_ahead([scored.choice.after for scored in open_choices])  # type: ignore[misc]
        values = dict(zip((id(s) for s in open_choices), looked, strict=True))
        deeper = []
        for scored in head:
            if scored.choice.after is None:
                deeper.append(scored)
                continue
            win, equity = values[id(scored)]
            if not scored.choice.same_side:
                win, equity = 1 - win, -equity
            deeper.append(Scored(scored.choice, win, equity))
        return deeper

    def look_ahead(self, decisions: Sequence[Decision]) -> list[tuple[float, float]]:
        """Each decision's value for its side to act: its dice averaged, its best 0-ply choice."""
        groups: list[tuple[int, float, list[Choice]]] = []
        for index, decision in enumerate(decisions):
            if decision.kind is SegmentKind.CHOSEN_DOUBLE:
                groups.append((index, 1.0, double_choices(decision, self.rules)))
                continue
            for high, low, chance in ROLLS:
                groups.append((index, chance, choices(decision, high, low, self.rules)))
        flat = [option for _, _, options in groups for option in options]
        wins, equities = self.evaluator.choices(flat)
        totals = [[0.0, 0.0] for _ in decisions]
        start = 0
        for index, chance, options in groups:
            stop = start + len(options)
            best = start + int(np.argmax(equities[start:stop]))
            totals[index][0] += chance * float(wins[best])
            totals[index][1] += chance * float(equities[best])
            start = stop
        return [(win, equity) for win, equity in totals]
