"""Average the weights of checkpoints of one run (docs/engine.md, "Training").

    python -m aceynote.engine.training.average --out averaged.npz A.npz B.npz C.npz

The checkpoints of one run at a small, fixed learning rate lie close
together, each a step of TD's noise away from where the run is heading;
their mean is often nearer to it than any one of them (Polyak averaging,
and "stochastic weight averaging" in Izmailov et al. 2018). The result holds
the games of the latest checkpoint, and the race network of the first that
has one; whether it plays better is for a duel to say.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

from ..network import Network, WeightsFormatError

LAYERS = ("w1", "b1", "w2", "b2")


def averaged(networks: list[Network]) -> Network:
    """The mean of the contact networks' weights; all must have the same shape."""
    shapes = {network.hidden for network in networks}
    if len(shapes) != 1:
        widths = ", ".join(str(width) for width in sorted(shapes))
        raise ValueError(f"these networks have different numbers of hidden units: {widths}")
    w1, b1, w2, b2 = (
        np.mean([getattr(network, layer) for network in networks], axis=0) for layer in LAYERS
    )
    race = next((network.race for network in networks if network.race is not None), None)
    return Network(w1, b1, w2, b2, games=max(network.games for network in networks), race=race)


def _loaded(path: Path) -> Network:
    """A checkpoint, or a ValueError that says what is wrong with it."""
    try:
        return Network.load(path)
    except OSError as error:
        raise ValueError(f"cannot read {path}: {error.strerror}") from None
    except WeightsFormatError as error:
        raise ValueError(f"{path}: {error}") from None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m aceynote.engine.training.average",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("checkpoints", type=Path, nargs="+", help="weights files of one run")
    parser.add_argument("--out", type=Path, required=True, help="the averaged weights' file")
    args = parser.parse_args(argv)
    try:
        network = averaged([_loaded(path) for path in args.checkpoints])
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    network.save(args.out)
    print(f"{args.out}: the mean of {len(args.checkpoints)} checkpoints", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
