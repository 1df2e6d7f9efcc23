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

from ..rules import Position, RuleSet, SegmentKind, TurnState, legal_results, roll_dice
from .decisions import ROLLS, Choice, Decision
from .evaluator import Evaluator, Floats

FILTER_COUNT = 8
FILTER_WIDTH = 0.1
"""As a share of the largest score (1.5 points under score=checkers)."""
LOOKED_KEPT = 512


class Scored(NamedTuple):
    """A choice with its value for the side that makes it."""

    choice: Choice
    win: float
    equity: float
    depth: int = 0
    """The depth it was valued at (a win or a choice 1-ply left out keeps 0)."""


class Search:
    """0-ply and 1-ply search with one evaluator."""

    def __init__(self, evaluator: Evaluator) -> None:
        self.evaluator = evaluator
        # A game's analysis looks ahead from the written play's decision at 1-ply and then
        # from that same decision again for the next roll's luck: remember the last few.
        self._looked: dict[Decision, tuple[float, float]] = {}

    @property
    def rules(self) -> RuleSet:
        return self.evaluator.rules

    def rank(self, options: Sequence[Choice], depth: int) -> list[Scored]:
        """The choices best first, with their values at ``depth``.

        At 1-ply the choices the filter left out keep their 0-ply values moved
        by the mean change 1-ply made to those it reached, so that one ranking
        compares like with like: none of them can pass the best (their 0-ply
        values were below all of those reached), and ``depth`` says which is which.
        """
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
        count = len(head)
        shift = sum(new.equity - old.equity for new, old in zip(deeper, head, strict=True)) / count
        win_shift = sum(new.win - old.win for new, old in zip(deeper, head, strict=True)) / count
        rest = [
            Scored(scored.choice, min(1.0, max(0.0, scored.win + win_shift)), scored.equity + shift)
            if scored.choice.after is not None
            else scored
            for scored in ranked[count:]
        ]
        return sorted(deeper + rest, key=lambda scored: -scored.equity)

    def judge(
        self, options: Sequence[Choice], chosen: int, depth: int
    ) -> tuple[list[Scored], Scored]:
        """The ranking, and ``options[chosen]`` valued at the same depth as the best."""
        ranked = self.rank(options, depth)
        found = next(scored for scored in ranked if scored.choice is options[chosen])
        if found.depth < depth and found.choice.after is not None:
            found = self._one_ply([found])[0]
        return ranked, found

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
            deeper.append(Scored(scored.choice, win, equity, 1))
        return deeper

    def look_ahead(self, decisions: Sequence[Decision]) -> list[tuple[float, float]]:
        """Each decision's value for its side to act: its dice averaged, its best 0-ply choice."""
        looked = self._looked
        missing = list(dict.fromkeys(d for d in decisions if d not in looked))
        found = dict(zip(missing, self._look_ahead(missing), strict=True))
        answers = [found[d] if d in found else looked[d] for d in decisions]
        # The cache is forgotten only after every answer is taken from it.
        if len(looked) + len(found) > LOOKED_KEPT:
            looked.clear()
        looked.update(found)
        return answers

    def _look_ahead(self, decisions: Sequence[Decision]) -> list[tuple[float, float]]:
        batch = _Batch(self.rules)
        groups: list[tuple[int, float, int]] = []  # decision, chance, results in the group
        for index, decision in enumerate(decisions):
            for chance, dice in _chances_of(decision.kind):
                size = sum(batch.add(decision, high, low) for high, low in dice)
                groups.append((index, chance, size))
        wins, equities = self._values(batch.results, batch.passes, batch.doubles)
        totals = [[0.0, 0.0] for _ in decisions]
        start = 0
        for index, chance, size in groups:
            stop = start + size
            best = start + int(np.argmax(equities[start:stop]))
            totals[index][0] += chance * float(wins[best])
            totals[index][1] += chance * float(equities[best])
            start = stop
        return [(win, equity) for win, equity in totals]

    def best_next(
        self, decision: Decision, dice: Sequence[tuple[int, int]]
    ) -> tuple[Decision | None, int]:
        """The 0-ply best play's next decision (None and the points scored, if it won).

        ``dice`` is the roll, or the six doubles when the side names one. This is
        :meth:`best` for self-play and rollouts, which need no Play objects.
        """
        batch = _Batch(self.rules)
        for high, low in dice:
            batch.add(decision, high, low)
        _, equities = self._values(batch.results, batch.passes, batch.doubles)
        best = int(np.argmax(equities))
        result, follows = batch.results[best], batch.follows[best]
        if result.winner is not None:
            return None, int(equities[best])
        if follows is None:
            return Decision(result.with_turn(result.turn.opponent), SegmentKind.ROLL), 0
        return Decision(result, follows), 0

    def _values(
        self, results: list[Position], passes: list[bool], doubles: list[bool]
    ) -> tuple[Floats, Floats]:
        """The evaluator's values of results whose next decisions differ in kind."""
        if not any(doubles):
            return self.evaluator.results(results, passes, False)
        wins, equities = np.ones(len(results)), np.zeros(len(results))
        for double_next in (False, True):
            at = [index for index, flag in enumerate(doubles) if flag is double_next]
            part = self.evaluator.results(
                [results[i] for i in at], [passes[i] for i in at], double_next
            )
            wins[at], equities[at] = part
        return wins, equities


class _Batch:
    """The results of many plays, gathered to be valued at once, and what follows each."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.results: list[Position] = []
        self.passes: list[bool] = []
        self.doubles: list[bool] = []
        self.follows: list[SegmentKind | None] = []

    def add(self, decision: Decision, high: int, low: int) -> int:
        """Every legal play of these dice in this decision; how many there are."""
        rules = self.rules
        found, used = legal_results(decision.position, roll_dice(high, low), rules)
        state = TurnState(decision.position, rules, decision.kind)
        follows = state.next_kind(decision.kind, high, low, used)
        count = len(found)
        self.results += found
        self.passes += [follows is None] * count
        self.doubles += [follows is SegmentKind.CHOSEN_DOUBLE] * count
        self.follows += [follows] * count
        return count


_ROLL_CHANCES = tuple((chance, ((high, low),)) for high, low, chance in ROLLS)
_NAMING_A_DOUBLE = ((1.0, tuple((die, die) for die in range(1, 7))),)


def _chances_of(kind: SegmentKind) -> tuple[tuple[float, tuple[tuple[int, int], ...]], ...]:
    """What a decision's side may face, each with its chance: each of the 21 rolls; or,
    naming the chosen double, one choice among the six doubles (its own, so no chance)."""
    return _NAMING_A_DOUBLE if kind is SegmentKind.CHOSEN_DOUBLE else _ROLL_CHANCES
