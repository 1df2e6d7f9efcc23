"""Fitting the value network to given values: minibatch gradient descent of squared error.

The supervised half of training (docs/engine.md, "Supervised training"):
where TD(lambda) moves each value towards the next one of a game, this
moves a batch of positions' outputs towards values a stronger judge gave
them, both outputs at once (the win probability through its sigmoid, the
score share through its tanh), half the squared error of each summed.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from ..network import Array, Network


@dataclass(frozen=True, slots=True)
class Targets:
    """Positions' inputs and the values to fit them to, for the side to act: its win
    probability and its share of the largest score (-1..1, as the network's tanh gives)."""

    inputs: npt.NDArray[np.float32]
    wins: Array
    shares: Array

    def __len__(self) -> int:
        return len(self.inputs)

    def part(self, rows: npt.NDArray[np.intp]) -> Targets:
        return Targets(self.inputs[rows], self.wins[rows], self.shares[rows])


def errors(network: Network, targets: Targets) -> Array:
    """Half the squared error of each output, averaged over the positions: (win, share)."""
    _, wins, shares = network.forward(targets.inputs.astype(np.float64))
    return np.array(
        [
            0.5 * float(np.mean((wins - targets.wins) ** 2)),
            0.5 * float(np.mean((shares - targets.shares) ** 2)),
        ]
    )


def gradients(network: Network, batch: Targets) -> tuple[Array, Array, Array, Array]:
    """The gradients of the batch's mean :func:`errors` (summed over both outputs) with
    respect to w1, b1, w2 and b2."""
    inputs = batch.inputs.astype(np.float64)
    hidden, wins, shares = network.forward(inputs)
    # Each output's error times its squashing function's slope: (B, 2).
    slopes = np.stack(
        [(wins - batch.wins) * wins * (1 - wins), (shares - batch.shares) * (1 - shares**2)],
        axis=1,
    ) / len(batch)
    back = (slopes @ network.w2) * hidden * (1 - hidden)  # (B, H)
    return back.T @ inputs, back.sum(axis=0), slopes.T @ hidden, slopes.sum(axis=0)


def step(network: Network, batch: Targets, rate: float) -> None:
    """One step of gradient descent on ``batch``, in place."""
    w1, b1, w2, b2 = gradients(network, batch)
    network.w1 -= rate * w1
    network.b1 -= rate * b1
    network.w2 -= rate * w2
    network.b2 -= rate * b2


def batches(count: int, size: int, rng: np.random.Generator) -> Iterator[npt.NDArray[np.intp]]:
    """The rows of one epoch, shuffled, ``size`` at a time."""
    order = rng.permutation(count)
    for start in range(0, count, size):
        yield order[start : start + size]


class Schedule(NamedTuple):
    """How the fitting goes: ``epochs`` passes, steps of ``rate`` on ``batch`` positions each,
    in the orders ``seed`` draws."""

    epochs: int
    rate: float
    batch: int
    seed: int


def epoch(network: Network, targets: Targets, schedule: Schedule, number: int) -> None:
    """Pass ``number`` over every position, in batches in the order its seed draws."""
    rng = np.random.default_rng(schedule.seed * 1_000_003 + number)
    for rows in batches(len(targets), schedule.batch, rng):
        step(network, targets.part(rows), schedule.rate)
