"""Values of decisions and of choices, batched (docs/engine.md, "Search").

Equities are in the rules' own points for the side named: what it expects
to score, the other side's score counted negative (score=checkers: up to
15 a game; score=single: 1).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from ..rules import CHECKERS_PER_SIDE, Position, RuleSet, Scoring, SegmentKind, Side, outcome
from .decisions import Choice, Decision
from .features import Counts, encode, rule_bits
from .network import Network

Floats = npt.NDArray[np.float64]


def points_scale(rules: RuleSet) -> int:
    """The largest score of a game: the network's equity output is a share of it."""
    return 1 if rules.score is Scoring.SINGLE else CHECKERS_PER_SIDE


class Evaluator:
    """The network applied to decisions under one rule set."""

    def __init__(self, network: Network, rules: RuleSet) -> None:
        self.network = network
        self.rules = rules
        self.scale = points_scale(rules)
        self._rule_bits = rule_bits(rules)
        self.evaluations = 0

    def results(
        self, results: Sequence[Position], passes: Sequence[bool], double_next: bool
    ) -> tuple[Floats, Floats]:
        """Win probability and equity for the mover of each play's result.

        ``results`` keep the mover as the side to roll; ``passes[i]`` says the
        turn passes after result i (else the mover acts again, naming the
        chosen double when ``double_next``). A result that has won is worth its
        points. This is :meth:`choices` for a search that has no Choice objects.
        """
        count = len(results)
        wins, equities = np.ones(count), np.zeros(count)
        rules = self.rules
        open_at = []
        for index, result in enumerate(results):
            if result.winner is None:
                open_at.append(index)
            else:
                scored = outcome(result, rules)
                assert scored is not None
                equities[index] = scored.points
        if not open_at:
            return wins, equities
        counts = _counts(
            [results[index] for index in open_at],
            [(results[index].turn is Side.WHITE) is not passes[index] for index in open_at],
        )
        flip = np.array([passes[index] for index in open_at])
        doubles = np.logical_and(~flip, double_next)
        self.evaluations += len(open_at)
        later_wins, shares = self.network.values(encode(counts, doubles, self._rule_bits))
        later_equities = shares * self.scale
        wins[open_at] = np.where(flip, 1 - later_wins, later_wins)
        equities[open_at] = np.where(flip, -later_equities, later_equities)
        return wins, equities

    def inputs(self, decisions: Sequence[Decision]) -> npt.NDArray[np.float32]:
        counts = _counts(
            [position for position, _ in decisions],
            [position.turn is Side.WHITE for position, _ in decisions],
        )
        doubles = np.array(
            [kind is SegmentKind.CHOSEN_DOUBLE for _, kind in decisions], dtype=np.bool_
        )
        return encode(counts, doubles, self._rule_bits)

    def decisions(self, decisions: Sequence[Decision]) -> tuple[Floats, Floats]:
        """Win probability and equity of each decision, for its side to act."""
        if not decisions:
            return np.zeros(0), np.zeros(0)
        self.evaluations += len(decisions)
        wins, shares = self.network.values(self.inputs(decisions))
        return wins, shares * self.scale

    def choices(self, choices: Sequence[Choice]) -> tuple[Floats, Floats]:
        """Win probability and equity after each choice, for the side that made it."""
        count = len(choices)
        wins, equities = np.ones(count), np.zeros(count)
        open_at = [index for index, choice in enumerate(choices) if choice.after is not None]
        for index, choice in enumerate(choices):
            if choice.after is None:
                equities[index] = choice.points
        if open_at:
            after = [choices[index].after for index in open_at]
            later_wins, later_equities = self.decisions(after)  # type: ignore[arg-type]
            flip = np.array([not choices[index].same_side for index in open_at])
            wins[open_at] = np.where(flip, 1 - later_wins, later_wins)
            equities[open_at] = np.where(flip, -later_equities, later_equities)
        return wins, equities


def _counts(positions: Sequence[Position], white_acts: Sequence[bool]) -> Counts:
    """(N, 2, 27) checker counts: the side to act's, then the other side's.

    bytes() of a tuple of small ints is the quickest way from Python to numpy here.
    """
    data = b"".join(
        [
            bytes(position.white) + bytes(position.black)
            if white
            else bytes(position.black) + bytes(position.white)
            for position, white in zip(positions, white_acts, strict=True)
        ]
    )
    return np.frombuffer(data, dtype=np.int8).reshape(len(positions), 2, 27)
