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
  bonus_reroll=always, larger_die=no, score=single;
- two judgements of each side's position that the points alone give the
  network only by long learning (TD-Gammon's second version and gnubg add
  such features): the share of the other side's 36 rolls that could hit one
  of its blots, and its longest run of made points (a prime, / 6, at most 1).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ..rules import ORDERED_ROLLS, THROWS, BearOff, BonusReroll, RuleSet, Scoring, is_acey_deucey

POINT_UNITS = 4
SIDE_INPUTS = 24 * POINT_UNITS + 4 + 2 + 1 + 1
FLOW_INPUTS = 1
RULE_INPUTS = 5
FEATURE_INPUTS = 2 * 2
INPUTS = 2 * SIDE_INPUTS + FLOW_INPUTS + RULE_INPUTS + FEATURE_INPUTS
RAW_INPUTS = INPUTS - FEATURE_INPUTS
"""The inputs before the features were added, at the end (weights of version 1 have these)."""


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


def _reach() -> npt.NDArray[np.float32]:
    """(36, 24): which distances each roll can move one checker (a 1-2 and the double it
    names after it reach them all)."""
    reach = np.zeros((THROWS, 24), dtype=np.float32)
    for index, (first, second) in enumerate(ORDERED_ROLLS):
        if is_acey_deucey(first, second):
            steps = list(range(1, 25))
        elif first == second:
            steps = [first * count for count in range(1, 5)]
        else:
            steps = [first, second, first + second]
        reach[index, [step - 1 for step in steps if step <= 24]] = 1
    return reach


def _hits_by_distances() -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
    """(4096, 36) twice: which rolls reach one of a set of distances 1..12 (as bits), and
    which one of a set of distances 13..24."""
    sets = (np.arange(1 << 12)[:, None] >> np.arange(12) & 1).astype(np.float32)
    reach = _reach()
    return (sets @ reach[:, :12].T) > 0, (sets @ reach[:, 12:].T) > 0


_NEAR_HITS, _FAR_HITS = _hits_by_distances()
# A blot on point p (its side's numbering) and a checker of the other side on its point q
# (25: the pool or the bar, from which it enters) are q + p - 25 pips apart. As bits, the
# blot is bit 25 - p and the checker bit q, so the checkers shifted down d places meet a
# blot d pips away.
_BLOT_BITS = np.array([0, *(1 << (25 - point) for point in range(1, 25))], dtype=np.int32)
_CHECKER_BITS = np.array([0, *(1 << point for point in range(1, 26)), 1 << 25], dtype=np.int32)
_DISTANCES = np.arange(1, 25, dtype=np.int32)
_TWELVE_BITS = (1 << np.arange(12)).astype(np.float32)


def _twelve_bit_numbers(flags: npt.NDArray[np.bool_]) -> npt.NDArray[np.intp]:
    """Each run of 12 flags on the last axis as a number 0..4095 (flag i is bit i): an index
    into the 4,096-row tables of the exposure and the prime."""
    numbers: npt.NDArray[np.intp] = (flags.astype(np.float32) @ _TWELVE_BITS).astype(np.intp)
    return numbers


def _exposure(counts: Counts) -> Inputs:
    """(N, 2): for each side, the share of the other side's rolls with which one of its
    checkers could hit one of the side's blots, blocking left aside."""
    blots = np.where(counts[:, :, :25] == 1, _BLOT_BITS, 0).sum(axis=2, dtype=np.int32)
    checkers = np.bitwise_or.reduce(np.where(counts > 0, _CHECKER_BITS, 0), axis=2)[:, ::-1]
    apart = ((checkers[:, :, None] >> _DISTANCES) & blots[:, :, None]) != 0
    halves = _twelve_bit_numbers(apart.reshape(-1, 2, 2, 12))
    hitting = _NEAR_HITS[halves[:, :, 0]] | _FAR_HITS[halves[:, :, 1]]
    share: Inputs = hitting.mean(axis=2, dtype=np.float32)
    return share


def _runs() -> npt.NDArray[np.float32]:
    """(3, 4096): of each 12 points as bits, the longest run of ones, the ones at the low
    end and the ones at the high end."""
    ones = np.arange(1 << 12)[:, None] >> np.arange(12) & 1
    run = longest = np.zeros(1 << 12, dtype=np.int64)
    for place in range(12):
        run = (run + 1) * ones[:, place]
        longest = np.maximum(longest, run)
    low_end = np.cumprod(ones, axis=1).sum(axis=1)
    high_end = np.cumprod(ones[:, ::-1], axis=1).sum(axis=1)
    return np.stack([longest, low_end, high_end]).astype(np.float32)


_RUNS = _runs()


def _longest_prime(made: npt.NDArray[np.bool_]) -> Inputs:
    """The longest run of made points of ``made`` (N, 2, 24), / 6, at most 1."""
    halves = _twelve_bit_numbers(made.reshape(-1, 2, 12))
    low, high = halves[:, 0], halves[:, 1]
    longest = np.maximum.reduce([_RUNS[0, low], _RUNS[0, high], _RUNS[2, low] + _RUNS[1, high]])
    prime: Inputs = np.minimum(longest, np.float32(6)).reshape(-1, 2) / np.float32(6)
    return prime


def judgements(counts: Counts) -> Inputs:
    """(N, 4): the exposure and the longest prime of the side to act, then of the other."""
    exposure = _exposure(counts)
    prime = _longest_prime(counts[:, :, 1:25] >= 2)
    return np.stack([exposure, prime], axis=2).reshape(-1, 4)


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
            judgements(counts),
        ],
        axis=1,
    )
