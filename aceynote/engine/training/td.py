"""TD(lambda) for the value network (docs/engine.md, "Training").

The values learned are for the side to act; the updates are made in White's
frame (White's win probability, White's share of the score), so that a
game's decisions form one sequence whatever side acts at each. Each output
has its own eligibility traces, as TD-Gammon's had.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ..network import Array, Network


class TDLearner:
    """Online TD(lambda) over the decisions of one game at a time."""

    def __init__(self, network: Network, alpha: float, lam: float) -> None:
        self.net = network
        self.alpha = alpha
        self.lam = lam
        hidden, inputs = network.w1.shape
        self._trace_w1 = np.zeros((2, hidden, inputs))
        self._trace_b1 = np.zeros((2, hidden))
        self._trace_w2 = np.zeros((2, hidden))
        self._trace_b2 = np.zeros(2)
        self._previous: Array | None = None

    def begin(self) -> None:
        for trace in (self._trace_w1, self._trace_b1, self._trace_w2, self._trace_b2):
            trace.fill(0.0)
        self._previous = None

    def visit(self, inputs: npt.NDArray[np.float32], white_acts: bool) -> None:
        """The game reached this decision: learn from the step to it, then trace it."""
        value, grads = self._value_and_gradients(inputs.astype(np.float64), white_acts)
        if self._previous is not None:
            self._update(value - self._previous)
        lam = self.lam
        for trace, grad in zip(
            (self._trace_w1, self._trace_b1, self._trace_w2, self._trace_b2), grads, strict=True
        ):
            trace *= lam
            trace += grad
        self._previous = value

    def finish(self, white_win: float, white_share: float) -> None:
        """The game ended: learn from its outcome (White's win 0/1, White's share of the score)."""
        if self._previous is not None:
            self._update(np.array([white_win, white_share]) - self._previous)
        self._previous = None

    def _value_and_gradients(
        self, x: Array, white_acts: bool
    ) -> tuple[Array, tuple[Array, Array, Array, Array]]:
        net = self.net
        hidden, win, share = net.forward(x)
        sign = 1.0 if white_acts else -1.0
        slope = sign * np.array([win * (1 - win), 1 - share * share])
        back = slope[:, None] * net.w2 * (hidden * (1 - hidden))[None, :]
        grads = (back[:, :, None] * x[None, None, :], back, slope[:, None] * hidden[None, :], slope)
        value = np.array([win, share]) if white_acts else np.array([1 - win, -share])
        return value, grads

    def _update(self, error: Array) -> None:
        step = self.alpha * error
        net = self.net
        net.w1 += np.tensordot(step, self._trace_w1, axes=1)
        net.b1 += step @ self._trace_b1
        net.w2 += step[:, None] * self._trace_w2
        net.b2 += step * self._trace_b2
