"""The value network: one hidden layer, two outputs, in numpy (docs/engine.md).

The outputs are for the side to act: the probability that it wins, and its
expected score as a share of the largest score (tanh, -1..1; the rules'
points divided by 15 under score=checkers, by 1 under score=single).
A network may carry a race network of its own, of the same shape, for the
positions without contact; both are kept in one weights file.
"""

from __future__ import annotations

import hashlib
import zipfile
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import IO, Any

import numpy as np
import numpy.typing as npt

from .features import INPUTS, RAW_INPUTS

Array = npt.NDArray[np.floating[Any]]
FORMAT_VERSION = 2
"""Version 2 added the features at the end of the inputs; a file of version 1 is read
with zero weights on them, which leaves its values as they were."""
RACE_PREFIX = "race_"
"""The race network's arrays in a weights file (``race_w1`` and so on): an aceynote
without race networks reads the file and leaves them out."""


def sigmoid(values: npt.NDArray[np.floating]) -> npt.NDArray[np.floating]:
    return 1.0 / (1.0 + np.exp(-values))  # type: ignore[no-any-return]


class WeightsFormatError(ValueError):
    """Weights written by another version of aceynote, or for another number of inputs."""


@cache
def one_blas_thread() -> None:
    """numpy's BLAS on one thread in this process, from the first network on.

    The engine's matrices are small (a batch of plays by a hidden layer of
    128 units): on a busy 2-core machine, OpenBLAS's threads waiting
    for each other took 2.2 times the CPU of one thread in training (1.5
    times the wall time; docs/performance.md). OpenBLAS also sums a product
    in an order that depends on its thread count, so an analysis here with
    two threads and on a Dask worker (one, as the nanny starts it) differed
    in the last digit; on one thread it is the same everywhere on one kind
    of processor.
    """
    from threadpoolctl import threadpool_limits

    threadpool_limits(1, user_api="blas")


@dataclass(slots=True)
class Network:
    """Weights of a network with ``hidden`` sigmoid units; float64 for training.

    ``race``, when there is one, values the positions without contact
    (``evaluator_for`` routes them to it); ``games`` counts the games of
    self-play that trained it (the race network's: the games whose races it
    learned from, 4 races each).
    """

    w1: Array
    b1: Array
    w2: Array
    b2: Array
    games: int = 0
    race: Network | None = None

    def __post_init__(self) -> None:
        one_blas_thread()

    @classmethod
    def fresh(cls, hidden: int, seed: int) -> Network:
        """Small random weights, the start of training."""
        rng = np.random.default_rng(seed)
        return cls(
            w1=rng.uniform(-0.1, 0.1, (hidden, INPUTS)),
            b1=np.zeros(hidden),
            w2=rng.uniform(-0.1, 0.1, (2, hidden)),
            b2=np.zeros(2),
        )

    def widened(self, hidden: int, seed: int) -> Network:
        """The same function with ``hidden`` units (Net2Net, Chen et al. 2016), to train on.

        Each new unit copies an old one drawn at random, and each old unit's
        outgoing weights are shared out equally among it and its copies, so
        the outputs are all but unchanged; the copies' incoming weights get a little
        noise (a thousandth of the weights' spread) so that they can learn
        apart. The race network, if any, is kept as it is.
        """
        old = self.hidden
        if hidden < old:
            raise ValueError(f"a network of {old} hidden units cannot be widened to {hidden}")
        rng = np.random.default_rng(seed)
        drawn = np.concatenate([np.arange(old), rng.integers(0, old, hidden - old)])
        shares = np.bincount(drawn, minlength=old)[drawn]
        noise = rng.normal(0.0, 1e-3 * float(self.w1.std()), (hidden - old, self.w1.shape[1]))
        w1 = self.w1[drawn].copy()
        w1[old:] += noise
        return Network(
            w1,
            self.b1[drawn].copy(),
            self.w2[:, drawn] / shares,
            self.b2.copy(),
            self.games,
            self.race,
        )

    def fingerprint(self) -> str:
        """A short hash of the weights (and the race network's), which names them where
        labels record the network that valued a position."""
        digest = hashlib.sha256()
        for network in (self, self.race):
            for array in (
                () if network is None else (network.w1, network.b1, network.w2, network.b2)
            ):
                digest.update(np.ascontiguousarray(array, dtype=np.float64).tobytes())
        return digest.hexdigest()[:16]

    @property
    def hidden(self) -> int:
        return int(self.w1.shape[0])

    def forward(self, inputs: Array) -> tuple[Array, Array, Array]:
        """The hidden units, the win probabilities and the scaled equities of a batch
        (or of one input: then each is one value), for the side to act."""
        hidden = sigmoid(inputs @ self.w1.T + self.b1)
        out = hidden @ self.w2.T + self.b2
        return hidden, sigmoid(out[..., 0]), np.tanh(out[..., 1])

    def values(
        self, inputs: npt.NDArray[np.float32]
    ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
        """Win probabilities and scaled equities of a batch, for the side to act."""
        _, wins, shares = self.forward(inputs)
        return wins.astype(np.float64), shares.astype(np.float64)

    def for_play(self) -> Network:
        """A float32 copy: about twice as fast to evaluate, for play and analysis."""
        single = np.float32
        return Network(
            self.w1.astype(single),
            self.b1.astype(single),
            self.w2.astype(single),
            self.b2.astype(single),
            self.games,
            None if self.race is None else self.race.for_play(),
        )

    def save(self, target: Path | IO[bytes]) -> None:
        arrays = _arrays(self, "")
        if self.race is not None:
            arrays |= _arrays(self.race, RACE_PREFIX)
        np.savez_compressed(target, version=np.array(FORMAT_VERSION), **arrays)

    @classmethod
    def load(cls, source: Path | IO[bytes]) -> Network:
        """The weights of a file training wrote. Any other file is a WeightsFormatError
        that says why; one that cannot be read at all, numpy's OSError."""
        try:
            with np.load(source) as data:
                return _network_of(data)
        except WeightsFormatError:
            raise
        except (ValueError, KeyError, EOFError, zipfile.BadZipFile):
            raise WeightsFormatError(
                "it is not a weights file of aceynote's"
                " (a NumPy .npz archive of w1, b1, w2, b2, as training writes it)"
            ) from None


def _network_of(data: Mapping[str, Array]) -> Network:
    version = int(data["version"])
    inputs = ("w1", f"{RACE_PREFIX}w1")
    widths = [data[key].shape[-1] if data[key].ndim else 0 for key in inputs if key in data]
    if (version, set(widths)) == (1, {RAW_INPUTS}):
        data = _with_feature_weights(data)
    elif version != FORMAT_VERSION or set(widths) != {INPUTS}:
        raise WeightsFormatError(
            f"these weights are of another format (version {version}, "
            f"{' and '.join(map(str, widths))} inputs); this aceynote reads version "
            f"{FORMAT_VERSION} with {INPUTS} inputs"
        )
    network = _from_arrays(data, "")
    if f"{RACE_PREFIX}w1" in data:
        network.race = _from_arrays(data, RACE_PREFIX)
    return network


def _with_feature_weights(data: Mapping[str, Array]) -> dict[str, Array]:
    """A version 1 file's arrays, its input weights given zero columns for the features."""
    padded = dict(data)
    for key in ("w1", f"{RACE_PREFIX}w1"):
        if key in padded:
            w1 = padded[key]
            padded[key] = np.concatenate([w1, np.zeros((len(w1), INPUTS - RAW_INPUTS))], axis=1)
    return padded


def _arrays(network: Network, prefix: str) -> dict[str, Any]:
    return {
        f"{prefix}w1": network.w1,
        f"{prefix}b1": network.b1,
        f"{prefix}w2": network.w2,
        f"{prefix}b2": network.b2,
        f"{prefix}games": np.array(network.games),
    }


def _from_arrays(data: Mapping[str, Array], prefix: str) -> Network:
    """The network of the arrays named ``prefix`` + w1, b1, w2, b2 and games, each there and
    of a shape that fits the others, every weight a number."""
    names = [f"{prefix}{name}" for name in ("w1", "b1", "w2", "b2", "games")]
    missing = [name for name in names if name not in data]
    if missing:
        raise WeightsFormatError(f"these weights lack the array '{missing[0]}'")
    w1, b1, w2, b2 = (data[name].astype(np.float64) for name in names[:4])
    hidden = len(w1)
    wanted = [(hidden, INPUTS), (hidden,), (2, hidden), (2,)]
    shapes = [w1.shape, b1.shape, w2.shape, b2.shape]
    if shapes != wanted:
        said = ", ".join(f"{name} {shape}" for name, shape in zip(names, shapes, strict=False))
        raise WeightsFormatError(
            f"the arrays' shapes do not fit together ({said}): a network of H hidden units"
            f" has w1 (H, {INPUTS}), b1 (H,), w2 (2, H) and b2 (2,)"
        )
    if not all(np.isfinite(array).all() for array in (w1, b1, w2, b2)):
        raise WeightsFormatError("these weights hold values that are not numbers (NaN or inf)")
    return Network(w1=w1, b1=b1, w2=w2, b2=b2, games=int(data[names[4]]))
