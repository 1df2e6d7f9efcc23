"""Supervised training: the network fitted to a deeper search's values (docs/engine.md).

    python -m aceynote.engine.training.supervised sample --games 20000 --seed 1 \\
        --out runs/sup/positions.jsonl
    python -m aceynote.engine.training.supervised label runs/sup/positions.jsonl \\
        --depth 2 --shard 1/2
    python -m aceynote.engine.training.supervised train runs/sup/positions.jsonl \\
        --resume aceynote/engine/weights.npz --out runs/sup

After TD(lambda), gnubg and wildbg train their networks on positions that a
stronger judge valued. Here the judge is the engine's own search, ``--depth``
decisions deep on the network the labels name: the 0-ply network learns to
value a position as that search does.

``sample`` plays self-play games at 0-ply (the rules drawn as TD training
draws them) and keeps up to ``--per-game`` of each game's decisions in
contact that no table values exactly and no earlier game gave, drawn at
random: one game's positions are much alike, so a few from many games. One
JSON line each: the game, the rules, the Setup, and the kind of decision; a
run stopped goes on after its last game. ``label`` appends each position's
value (win probability and equity for the side to act) and its judge (the
depth, the network's fingerprint) to ``FILE.labels.jsonl`` as it is found, so
that a run resumes, and ``--shard K/N`` runs share the work. ``train`` fits
the contact network to the labelled positions (``fitting``), every tenth
game's held out, and writes the network whose held-out error was lowest,
with a line of figures an epoch.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ...rules import Position, RuleSet, SegmentKind, SetupError, parse_rules
from ..api import shipped_weights
from ..bots import dice_for, opening
from ..decisions import MAX_DECISIONS, Decision
from ..evaluator import NetworkEvaluator, evaluator_for, points_scale
from ..network import Network, WeightsFormatError
from ..search import Search
from .fitting import Schedule, Targets, epoch, errors
from .selfplay import add_widen, game_rng, rules_of_game
from .shards import WHOLE, Shard, append_line, append_lines, read_lines

HELD_OUT = 10
"""The games whose number is a multiple of this are held out of the fitting, to measure it
(whole games: one game's positions are much alike)."""


class SupervisedError(Exception):
    """Why a step cannot be run on the files given, in words (the command exits with 2)."""


def sample_game(
    network: Network, rng: random.Random, per_game: int, seen: set[tuple[str, str, str]]
) -> list[dict[str, str]]:
    """Up to ``per_game`` positions of one 0-ply self-play game, as JSON lines' fields, none
    of them in ``seen`` (the opening, for one, comes up in many games); each is added to it."""
    rules = rules_of_game(rng)
    search = Search(evaluator_for(network, rules))
    decision: Decision | None = Decision.start(opening(rng))
    kept: dict[tuple[str, str, str], Decision] = {}
    for _ in range(MAX_DECISIONS):
        if decision is None:
            break
        key = (rules.to_tag(), decision.position.to_setup(), decision.kind.name.lower())
        fresh = key not in seen and decision.position.has_contact
        if fresh and not search.evaluator.is_exact(decision):
            kept[key] = decision
        decision, _ = search.best_next(decision, dice_for(decision, rng))
    drawn = rng.sample(sorted(kept), min(per_game, len(kept)))
    seen.update(drawn)
    return [{"rules": rules, "setup": setup, "kind": kind} for rules, setup, kind in drawn]


def decision_of(line: dict[str, Any]) -> tuple[Decision, RuleSet]:
    """The decision and rules of a sampled position's line."""
    position = Position.from_setup(line["setup"])
    return Decision(position, SegmentKind[line["kind"].upper()]), parse_rules(line["rules"])


def labels_path(positions: Path) -> Path:
    return positions.with_name(positions.stem + ".labels.jsonl")


def read_labels(positions: Path, lines: Sequence[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """The labels found so far, by position number (from 1), each checked to be of its line of
    ``lines`` (the positions file's)."""
    found = {label["id"]: label for label in read_lines(labels_path(positions))}
    if any("judge" not in label for label in found.values()):
        raise SupervisedError(
            f"{labels_path(positions)} was written by an earlier version of label: label again"
        )
    for number, label in found.items():
        if number > len(lines) or lines[number - 1]["setup"] != label["setup"]:
            raise SupervisedError(
                f"{labels_path(positions)}: the label of position {number} is of another"
                f" position than line {number} of {positions}: the labels are of another sample"
            )
    return found


def judge_of(network: Network, depth: int) -> dict[str, Any]:
    """What values the positions: the search's depth and its network (its fingerprint)."""
    return {"depth": depth, "weights": network.fingerprint(), "games": network.games}


def one_judge(labels: Sequence[dict[str, Any]], where: Path) -> dict[str, Any] | None:
    """The judge of every label (None: no label yet); labels of two are refused."""
    judges = {json.dumps(label["judge"], sort_keys=True) for label in labels}
    if len(judges) > 1:
        said = " and ".join(sorted(judges))
        raise SupervisedError(f"{where}: labelled by two judges ({said}): keep one file a judge")
    return labels[0]["judge"] if labels else None


def label_one(search: Search, decision: Decision, depth: int) -> tuple[float, float]:
    """The search's value of ``decision`` for its side to act: its dice averaged, each roll's
    best choice valued ``depth - 1`` decisions further on."""
    return search.look_ahead([decision], depth)[0]


def targets_of(
    network: Network, lines: Sequence[dict[str, Any]], labels: Sequence[dict[str, Any]]
) -> Targets:
    """The network's inputs of the positions and their labels as its outputs would be."""
    inputs, wins, shares = [], [], []
    evaluators: dict[str, NetworkEvaluator] = {}  # one a rule set
    for line, label in zip(lines, labels, strict=True):
        decision, rules = decision_of(line)
        evaluator = evaluators.get(line["rules"])
        if evaluator is None:
            evaluator = evaluators[line["rules"]] = NetworkEvaluator(network, rules)
        inputs.append(evaluator.inputs([decision])[0])
        wins.append(label["win"])
        shares.append(label["equity"] / points_scale(rules))
    return Targets(np.array(inputs), np.array(wins), np.clip(np.array(shares), -1.0, 1.0))


def held_out(lines: Sequence[dict[str, Any]]) -> npt.NDArray[np.bool_]:
    """Which positions are held out: those of every :data:`HELD_OUT`-th game."""
    return np.array([line["game"] % HELD_OUT == 0 for line in lines], dtype=np.bool_)


def fit(
    network: Network, targets: Targets, held: npt.NDArray[np.bool_], schedule: Schedule
) -> Iterator[tuple[int, Network, dict[str, float]]]:
    """Each epoch's number, network and figures (epoch 0: before any): the mean errors on the
    positions fitted and on those ``held`` out."""
    rows = np.arange(len(targets))
    measured, fitted = targets.part(rows[held]), targets.part(rows[~held])
    for number in range(schedule.epochs + 1):
        if number:
            epoch(network, fitted, schedule, number)
        figures = {
            "fitted": float(errors(network, fitted).sum()),
            "held_out": float(errors(network, measured).sum()),
        }
        yield number, network, figures


def _sample(args: argparse.Namespace) -> int:
    network = _weights(args.weights).for_play()
    written = read_lines(args.out)
    seen = {(line["rules"], line["setup"], line["kind"]) for line in written}
    first = max((line["game"] for line in written), default=-1) + 1  # a stopped run goes on
    args.out.parent.mkdir(parents=True, exist_ok=True)
    for game in range(first, args.games):  # a game's lines in one write: a stop keeps all or none
        rng = game_rng(args.seed, game, "sample")
        drawn = sample_game(network, rng, args.per_game, seen)
        append_lines(args.out, [{"game": game} | line for line in drawn])
        if (game + 1) % 100 == 0:
            print(f"sample: {game + 1:,} of {args.games:,} games", file=sys.stderr, flush=True)
    return 0


def _label(args: argparse.Namespace) -> int:
    network = _weights(args.weights)
    lines, done, before = _labelled(args.positions)
    judge = judge_of(network, args.depth)
    if before not in (None, judge):
        raise SupervisedError(
            f"{labels_path(args.positions)} holds labels of another judge ({before}, this run"
            f" {judge}): label into another copy of the positions"
        )
    searches: dict[str, Search] = {}
    for number, line in enumerate(lines, start=1):
        if number in done or not args.shard.takes(number):
            continue
        decision, rules = decision_of(line)
        search = searches.get(line["rules"])
        if search is None:
            search = searches[line["rules"]] = Search(evaluator_for(network.for_play(), rules))
        win, equity = label_one(search, decision, args.depth)
        label = {"id": number, "setup": line["setup"], "judge": judge}
        append_line(
            labels_path(args.positions), label | {"win": round(win, 5), "equity": round(equity, 5)}
        )
        if number % 500 < args.shard.parts:
            print(f"label: position {number:,} of {len(lines):,}", file=sys.stderr, flush=True)
    return 0


def _train(args: argparse.Namespace) -> int:
    network = _weights(args.resume)
    if args.widen:
        network = network.widened(args.widen, args.seed)
    lines, found, _ = _labelled(args.positions)
    numbers = sorted(found)
    labels = [found[n] for n in numbers]
    held = held_out([lines[n - 1] for n in numbers])
    if held.all() or not held.any():
        raise SupervisedError(
            f"{args.positions}: {len(numbers):,} positions labelled, too few to fit some and hold"
            f" some out (every {HELD_OUT}th game's): label more"
        )
    log, checkpoint = args.out / "supervised.jsonl", args.out / "checkpoint.npz"
    if log.exists() or checkpoint.exists():
        raise SupervisedError(f"{args.out} holds a run already: give another --out")
    targets = targets_of(network, [lines[n - 1] for n in numbers], labels)
    args.out.mkdir(parents=True, exist_ok=True)
    best = float("inf")
    schedule = Schedule(args.epochs, args.rate, args.batch, args.seed)
    for number, fitted, figures in fit(replace(network, race=None), targets, held, schedule):
        line = {"epoch": number, "positions": len(targets)} | figures
        append_line(log, line)
        print(json.dumps(line), file=sys.stderr, flush=True)
        if figures["held_out"] < best:
            best = figures["held_out"]
            replace(fitted, race=network.race).save(checkpoint)
    return 0


def _labelled(
    path: Path,
) -> tuple[list[dict[str, Any]], dict[int, dict[str, Any]], dict[str, Any] | None]:
    """The lines sample wrote (a file that is not there is an error, not no positions), the
    labels so far by position number, and their one judge (None: no label yet)."""
    if not path.exists():
        raise SupervisedError(f"{path}: no such file (sample writes it)")
    lines = read_lines(path)
    if lines and "game" not in lines[0]:
        raise SupervisedError(f"{path} was written by an earlier version of sample: sample again")
    found = read_labels(path, lines)
    return lines, found, one_judge(list(found.values()), labels_path(path))


def _weights(path: Path | None) -> Network:
    return shipped_weights() if path is None else Network.load(path)


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m aceynote.engine.training.supervised",
        description=__doc__.split("\n\n")[0],
        epilog="\n\n".join(__doc__.split("\n\n")[1:3]),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command", required=True)
    sample = commands.add_parser("sample", help="positions from self-play games")
    sample.add_argument("--games", type=int, required=True, help="self-play games to sample")
    sample.add_argument("--seed", type=int, default=1, help="the games' seed (default 1)")
    sample.add_argument("--per-game", type=int, default=4, help="positions a game (default 4)")
    sample.add_argument("--out", type=Path, required=True, help="JSON lines, appended to")
    sample.add_argument("--weights", type=Path, help="the network that plays (default: shipped)")
    label = commands.add_parser("label", help="each position's value by the search")
    label.add_argument("positions", type=Path, help="the file sample wrote")
    label.add_argument(
        "--depth", type=int, choices=(1, 2, 3), default=2, help="the search's depth (default 2)"
    )
    label.add_argument(
        "--shard",
        type=Shard.parse,
        default=WHOLE,
        metavar="K/N",
        help="take every Nth position from the Kth, so that N runs (one a core) share the work",
    )
    label.add_argument("--weights", type=Path, help="the search's network (default: shipped)")
    train = commands.add_parser("train", help="fit the contact network to the labels")
    train.add_argument("positions", type=Path, help="the file sample wrote, labelled")
    train.add_argument("--resume", type=Path, help="the network to fit (default: shipped)")
    add_widen(train)
    train.add_argument("--epochs", type=int, default=30, help="passes (default 30)")
    train.add_argument("--rate", type=float, default=0.5, help="learning rate (default 0.5)")
    train.add_argument("--batch", type=int, default=64, help="positions a step (default 64)")
    train.add_argument("--seed", type=int, default=1, help="the batches' order (default 1)")
    train.add_argument("--out", type=Path, required=True, help="folder for the checkpoint, log")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = _arguments(argv)
    run = {"sample": _sample, "label": _label, "train": _train}[args.command]
    try:
        return run(args)
    except (
        SupervisedError,
        OSError,
        WeightsFormatError,
        SetupError,
        ValueError,
        KeyError,
    ) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
