"""Train the value network by self-play (docs/engine.md, "Training").

    python -m aceynote.engine.training --games 100000 --seed 1 --out runs/net1
    python -m aceynote.engine.training --games 200000 --seed 1 --out runs/net1 \\
        --resume runs/net1/checkpoint.npz
    python -m aceynote.engine.training --races --games 50000 --seed 1 --out runs/race \\
        --resume aceynote/engine/weights.npz

Every game is played by the network against itself at 0-ply and learned
from by TD(lambda). Game g's dice and rules come from the seed and g alone,
so a run resumed from a checkpoint plays the same games as one that never
stopped. Every ``--eval-every`` games the network plays the random and the
greedy bot (``--eval-games`` games each, half on each side, half under the
standard and half under the bgammon rules); each such line of the learning
curve is appended to ``OUT/curve.jsonl`` and a checkpoint is written.
With ``--races`` the race network is trained instead (see races), the
contact network fixed, and ``--games`` counts its games.
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from ...rules import PRESETS, BearOff, BonusReroll, RuleSet, Scoring
from ..bots import NetPlayer, bot, dice_for, engine_match, opening
from ..decisions import MAX_DECISIONS, Decision
from ..evaluator import NetworkEvaluator, evaluator_for
from ..network import Network
from ..search import Search
from .races import train_races, with_race_network
from .td import TDLearner, learn_decisions


def rules_of_game(rng: random.Random) -> RuleSet:
    """The rules a training game is played under: mostly the presets, some mixtures."""
    draw = rng.random()
    if draw < 0.35:
        return PRESETS["bgammon"]
    if draw < 0.65:
        return PRESETS["standard"]
    if draw < 0.75:
        return PRESETS["navy"]
    return replace(
        RuleSet(preset="standard"),
        early_moves=rng.random() < 0.7,
        bearoff=BearOff.EXACT if rng.random() < 0.5 else BearOff.HIGH,
        bonus_reroll=BonusReroll.ALWAYS if rng.random() < 0.5 else BonusReroll.FULL,
        larger_die=rng.random() < 0.7,
        score=Scoring.SINGLE if rng.random() < 0.4 else Scoring.CHECKERS,
    )


def game_rng(seed: int, game: int, purpose: str = "train") -> random.Random:
    return random.Random(f"{purpose}:{seed}:{game}")


def train_game(learner: TDLearner, rng: random.Random) -> int:
    """One self-play game, then learned from; returns its number of decisions."""
    rules = rules_of_game(rng)
    evaluator = NetworkEvaluator(learner.net, rules)
    search = Search(evaluator_for(learner.net.for_play(), rules))
    decision: Decision | None = Decision.start(opening(rng))
    visited: list[Decision] = []
    while decision is not None and len(visited) < MAX_DECISIONS:
        visited.append(decision)
        decision, points = search.best_next(decision, dice_for(decision, rng))
    if decision is None:  # the side to act at the last decision won
        learn_decisions(learner, evaluator, visited, visited[-1], (1.0, points / evaluator.scale))
    return len(visited)


def measure(network: Network, seed: int, games: int, at: int) -> dict[str, float]:
    """Win rates and points per game of the network (0-ply) against the two bots."""
    fast = network.for_play()
    line: dict[str, float] = {}
    for name in ("random", "greedy"):
        scores = list(
            engine_match(
                lambda rules: NetPlayer(Search(evaluator_for(fast, rules)), 0),
                bot(name),
                lambda index: PRESETS["bgammon" if index % 4 >= 2 else "standard"],
                games,
                f"eval-{name}:{seed}:{at}",
                MAX_DECISIONS,
            )
        )
        line[f"{name}_win"] = sum(score > 0 for score in scores) / games
        line[f"{name}_points"] = sum(scores) / games
    return line


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m aceynote.engine.training",
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--games", type=int, required=True, help="train up to this many games")
    parser.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    parser.add_argument("--out", type=Path, required=True, help="folder for checkpoints, curve")
    parser.add_argument("--resume", type=Path, help="a checkpoint to go on from")
    parser.add_argument(
        "--races",
        action="store_true",
        help="train --resume's race network (else a copy of its contact one) on its games' races",
    )
    parser.add_argument(
        "--race-from",
        type=Path,
        metavar="WEIGHTS",
        help="take WEIGHTS' race network (so that a checkpoint carries the shipped one)",
    )
    parser.add_argument("--hidden", type=int, default=128, help="hidden units of a new net")
    add_widen(parser)
    parser.add_argument("--alpha", type=float, default=0.1, help="learning rate (default 0.1)")
    parser.add_argument("--lam", type=float, default=0.7, help="TD lambda (default 0.7)")
    parser.add_argument(
        "--judgement-boost",
        type=float,
        default=1.0,
        metavar="K",
        help="the judgement inputs' weights learn K times as fast (default 1)",
    )
    parser.add_argument("--eval-every", type=int, default=2000, metavar="K")
    parser.add_argument(
        "--eval-games", type=int, default=100, metavar="G", help="0: checkpoints, no curve"
    )
    args = parser.parse_args(argv)
    if args.races and not args.resume:
        parser.error("--races trains the race network of the weights that --resume names")
    if args.widen and (args.races or not args.resume):
        parser.error("--widen widens the contact network of the weights that --resume names")
    return args


def add_widen(parser: argparse.ArgumentParser) -> None:
    """The ``--widen H`` option: the contact network given H hidden units before training."""
    parser.add_argument(
        "--widen",
        type=_hidden_units,
        metavar="H",
        help="give --resume's contact network H hidden units first, its outputs kept (Net2Net)",
    )


def _hidden_units(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number of hidden units (1 or more)")
    return int(text)


class _StopSignals:
    """SIGTERM and SIGINT asked for a stop: the run ends after the game under way, with a
    checkpoint, so that a session that must stop loses nothing (checkpoints/README.md)."""

    SIGNALS = (signal.SIGTERM, signal.SIGINT)

    def __init__(self) -> None:
        self.asked = False
        self._before: list[Any] = []

    def __enter__(self) -> _StopSignals:
        self._before = [signal.signal(each, self._ask) for each in self.SIGNALS]
        return self

    def __exit__(self, *_: object) -> None:
        for each, before in zip(self.SIGNALS, self._before, strict=True):
            signal.signal(each, before)

    def _ask(self, *_: object) -> None:
        self.asked = True


def main(argv: list[str] | None = None) -> int:
    args = _arguments(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    network = Network.load(args.resume) if args.resume else Network.fresh(args.hidden, args.seed)
    if args.widen:
        try:
            network = network.widened(args.widen, args.seed)
        except ValueError as error:
            print(f"error: {error}", file=sys.stderr)
            return 2
    if args.race_from:
        network.race = Network.load(args.race_from).race
    if args.races:
        with_race_network(network)
    with _StopSignals() as stop:
        _train(network, args, stop)
    return 0


def _episodes(network: Network, args: argparse.Namespace) -> tuple[Network, Callable[[int], int]]:
    """The network that learns, and its game g's training (returning the decisions learned)."""
    if not args.races:
        learner = TDLearner(network, args.alpha, args.lam, args.judgement_boost)
        return network, lambda game: train_game(learner, game_rng(args.seed, game))
    trainee = network.race
    assert trainee is not None
    learner = TDLearner(trainee, args.alpha, args.lam)
    contact = Network(network.w1, network.b1, network.w2, network.b2).for_play()
    playing = replace(contact, race=trainee)  # the race network plays as it learns

    def race_game(game: int) -> int:
        rng = game_rng(args.seed, game, "races")
        return train_races(learner, playing, rules_of_game(rng), rng)

    return trainee, race_game


def _train(network: Network, args: argparse.Namespace, stop: _StopSignals) -> None:
    trainee, episode = _episodes(network, args)
    curve = args.out / "curve.jsonl"
    started, decisions = time.monotonic(), 0
    while trainee.games < args.games:
        decisions += episode(trainee.games)
        trainee.games += 1
        if stop.asked:
            network.save(args.out / "checkpoint.npz")
            print(
                f"stopped after {trainee.games:,} games: {args.out}/checkpoint.npz", file=sys.stderr
            )
            return
        if trainee.games % args.eval_every == 0 or trainee.games == args.games:
            if not args.eval_games:
                network.save(args.out / "checkpoint.npz")
                continue
            line = {
                "games": trainee.games,
                **measure(network, args.seed, args.eval_games, trainee.games),
            }
            elapsed = time.monotonic() - started
            line["seconds"] = round(elapsed, 1)
            with curve.open("a", encoding="utf-8") as log:
                log.write(json.dumps(line) + "\n")
            network.save(args.out / "checkpoint.npz")
            network.save(args.out / f"games-{trainee.games:07d}.npz")
            print(
                json.dumps(line),
                f"decisions/s {decisions / elapsed:.0f}",
                file=sys.stderr,
                flush=True,
            )
