"""What the network sees of a decision (docs/engine.md, "Inputs").

A decision is a position with the side to act and what it must do next: roll
(a roll or the extra roll) or name the chosen double after a 1-2. The inputs
are written from the side to act's point of view, each side in its own
numbering (docs/notation.md §3):

- for each side, each point 1..24 as four units in the manner of gnubg:
  at least one checker, at least two, at least three, and (n - 3) / 2 above
  three; then the pool (at least 1, 2, 3 checkers and n / 15), the bar
  (at least one, and (n - 1) / 2 above one), the checkers off (n / 15) and
  the pip count (/ 375, the pips of 15 checkers in the pool);
- the flow: whether the side is to name the chosen double (the extra roll
  needs no input of its own: like a turn's roll, a 1-2 starts acey-deucey
  again and any other roll ends the turn);
- the rules options that change play (§8): early_moves=no, bearoff=exact,
  bonus_reroll=always, larger_die=no, score=single.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ..rules import BearOff, BonusReroll, RuleSet, Scoring

POINT_UNITS = 4
SIDE_INPUTS = 24 * POINT_UNITS + 4 + 2 + 1 + 1
FLOW_INPUTS = 1
RULE_INPUTS = 5
INPUTS = 2 * SIDE_INPUTS + FLOW_INPUTS + RULE_INPUTS


_PIP_WEIGHTS = np.array([0, *range(1, 25), 25, 25], dtype=np.float32) / np.float32(375)

Counts = npt.NDArray[np.int8]
Inputs = npt.NDArray[np.float32]


def rule_bits(rules: RuleSet) -> npt.NDArray[np.float32]:
    """The five options that change play, as 0/1 inputs."""
    return np.array(
        [
            not rules.early_moves,
            rules.bearoff is BearOff.EXACT,
            rules.bonus_reroll is BonusReroll.ALWAYS,
            not rules.larger_die,
            rules.score is Scoring.SINGLE,
        ],
        dtype=np.float32,
    )


def _unary(count: int, thresholds: int, rest: float) -> list[float]:
    """``thresholds`` units (at least 1, 2, ...) and the checkers above them, times ``rest``."""
    return [float(count >= level) for level in range(1, thresholds + 1)] + [
        max(count - thresholds, 0) * rest
    ]


# Each place's units by its count (0..15), looked up for a whole batch at once.
_POINT_UNITS = np.array([_unary(count, 3, 1 / 2) for count in range(16)], dtype=np.float32)
_POOL_UNITS = np.array(
    [[*_unary(count, 3, 0.0)[:3], count / 15] for count in range(16)], dtype=np.float32
)
_BAR_UNITS = np.array([_unary(count, 1, 1 / 2) for count in range(16)], dtype=np.float32)
_OFF_UNITS = np.array([count / 15 for count in range(16)], dtype=np.float32)


def _sides_inputs(counts: Counts) -> npt.NDArray[np.float32]:
    """Both sides' inputs for a batch: counts is (N, 2, 27)."""
    batch = len(counts)
    places = counts.astype(np.intp)  # np.take with native indices: ten times int8 indexing
    parts: list[npt.NDArray[np.floating[Any]]] = [
        np.take(_POINT_UNITS, places[:, :, 1:25], axis=0).reshape(batch, 2, 24 * POINT_UNITS),
        np.take(_POOL_UNITS, places[:, :, 25], axis=0),
        np.take(_BAR_UNITS, places[:, :, 26], axis=0),
        np.take(_OFF_UNITS, places[:, :, 0:1], axis=0),
        (counts.astype(np.float32) @ _PIP_WEIGHTS)[:, :, None],
    ]
    return np.concatenate(parts, axis=2).reshape(batch, 2 * SIDE_INPUTS)


def encode(
    counts: Counts, doubles: npt.NDArray[np.bool_], rules: npt.NDArray[np.float32]
) -> Inputs:
    """The inputs of a batch of decisions.

    ``counts`` is (N, 2, 27): the side to act's checkers, then the other
    side's, each in its own numbering (index 0 off, 1..24 the points, 25 the
    pool, 26 the bar); ``doubles`` says which decisions are to name the
    chosen double; ``rules`` is :func:`rule_bits`.
    """
    batch = len(counts)
    return np.concatenate(
        [
            _sides_inputs(counts),
            doubles.astype(np.float32).reshape(batch, FLOW_INPUTS),
            np.broadcast_to(rules, (batch, RULE_INPUTS)),
        ],
        axis=1,
    )
