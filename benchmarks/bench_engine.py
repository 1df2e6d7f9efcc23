"""The analysis engine's figures: strength, speed and accuracy (docs/engine.md, "Benchmarks").

Run on demand, never as tests:

    python benchmarks/bench_engine.py strength --games 1000 --depth 1 --opponent greedy --rules bgammon --out g.txt
    python benchmarks/bench_engine.py speed
    python benchmarks/bench_engine.py accuracy --positions 300 --trials 1296 --out acc.jsonl
    python benchmarks/bench_engine.py duel --weights new.npz --against aceynote/engine/weights.npz --games 1000 --out d.txt

strength: the engine against the random or the greedy bot, taking each side
half the time; prints the share of games won and the points per game, each
with its standard error. speed: CPU seconds (process time, so that the load
of a shared machine does not count) of the evaluator on large batches, of
``analyze`` on a 90-turn game at 0-ply and 1-ply, of a 1-ply ``hint``, and
the peak memory. accuracy: positions from generated games; for each, the
best play by a rollout (``--trials`` games each, ``--truncate`` to stop the
trials early) of the 1-ply's best ``--candidates`` and the 0-ply's best, and
how often the 0-ply and 1-ply choices are within 0.05 of a typical game's
points (docs/engine.md) of the rollout's best. ``--out`` keeps each case, and a
run with the same ``--out`` goes on where the last one stopped; ``--shard K/N``
lets N runs (one a core) share the positions and the ``--out`` file. duel:
two engines head to head in pairs of games with the same dice and the seats
swapped (``--weights`` against ``--against``; ``--no-tables`` and
``--against-no-tables`` leave the exact race tables out of either), with the
standard error of the points a game taken over pairs; ``--races`` starts each
pair where a game of the shipped engine against itself first has no contact,
to measure the race play alone.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import math
import random
import resource
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from aceynote.analysis.marks import TYPICAL_WIN_POINTS  # noqa: E402
from aceynote.engine.api import shipped_network  # noqa: E402
from aceynote.engine.bots import NetPlayer, bot, engine_match, race_start  # noqa: E402
from aceynote.engine.decisions import Decision, choices  # noqa: E402
from aceynote.engine.evaluator import NetworkEvaluator, evaluator_for  # noqa: E402
from aceynote.engine.network import Network  # noqa: E402
from aceynote.engine.rollout import rollout  # noqa: E402
from aceynote.engine.search import Search  # noqa: E402
from aceynote.engine.training.shards import WHOLE, Shard, append_line, read_lines  # noqa: E402
from aceynote.rules import RuleSet, SegmentKind, parse_rules  # noqa: E402
from aceynote.rules.randomgame import play_random_game  # noqa: E402


def strength(args: argparse.Namespace) -> None:
    rules = parse_rules(args.rules)
    engine = NetPlayer(Search(evaluator_for(shipped_network(), rules)), args.depth)
    kept = Path(args.out) if args.out else None
    points = [int(line) for line in kept.read_text().split()] if kept and kept.exists() else []
    started = time.process_time()
    seed = f"strength:{args.seed}"
    for score in engine_match(
        lambda _: engine, bot(args.opponent), lambda _: rules, args.games, seed, first=len(points)
    ):
        points.append(score)
        if kept is not None:
            with kept.open("a") as out:
                out.write(f"{score}\n")
        if len(points) % max(1, args.games // 10) == 0:
            won = sum(p > 0 for p in points) / len(points)
            print(f"  {len(points)} games: {won:.1%} won", file=sys.stderr)
    wins = sum(p > 0 for p in points)
    share = wins / args.games
    mean = sum(points) / len(points)
    spread = math.sqrt(sum((p - mean) ** 2 for p in points) / max(1, len(points) - 1))
    print(
        f"{args.depth}-ply engine v {args.opponent}, {args.rules}, {args.games} games: "
        f"won {share:.1%} ± {math.sqrt(share * (1 - share) / args.games):.1%}, "
        f"{mean:+.2f} ± {spread / math.sqrt(len(points)):.2f} points a game "
        f"({time.process_time() - started:.0f} CPU s in this run)"
    )


def duel(args: argparse.Namespace) -> None:
    rules = parse_rules(args.rules)
    first = _player(args.weights, not args.no_tables, rules, args.depth)
    second = _player(args.against, not args.against_no_tables, rules, args.depth)
    kept = Path(args.out) if args.out else None
    points = [int(line) for line in kept.read_text().split()] if kept and kept.exists() else []
    started = time.process_time()
    for score in engine_match(
        lambda _: first,
        lambda _: second,
        lambda _: rules,
        args.games,
        f"duel{'-races' if args.races else ''}:{args.seed}",
        paired=True,
        first=len(points),
        start_of=_race_start(rules) if args.races else None,
    ):
        points.append(score)
        if kept is not None:
            with kept.open("a") as out:
                out.write(f"{score}\n")
        if len(points) % max(2, args.games // 10) == 0:
            print(f"  {_duel_summary(points)}", file=sys.stderr)
    print(
        f"{'races: ' if args.races else ''}"
        f"{args.weights}{'' if not args.no_tables else ' (no tables)'} v {args.against}"
        f"{'' if not args.against_no_tables else ' (no tables)'}, {args.depth}-ply, {args.rules}:"
        f" {_duel_summary(points)} ({time.process_time() - started:.0f} CPU s in this run)"
    )


def _race_start(rules: RuleSet) -> Callable[[random.Random], Decision]:
    """A game's first decision without contact, the shipped engine playing both sides to it.

    Both games of a pair start from the same random source: the second reuses the
    first's start and leaves the source as the first left it.
    """
    search = Search(evaluator_for(shipped_network(), rules))
    found_from: dict[object, tuple[Decision, Any]] = {}

    def start(rng: random.Random) -> Decision:
        source = rng.getstate()
        if source not in found_from:
            while (found := race_start(search, rng)) is None:
                pass  # a game that ended in contact: the next one, from the same source
            found_from.clear()
            found_from[source] = (found, rng.getstate())
        found, after = found_from[source]
        rng.setstate(after)
        return found

    return start


def _player(weights: str, tables: bool, rules: RuleSet, depth: int) -> NetPlayer:
    network = Network.load(Path(weights)).for_play()
    evaluator = evaluator_for(network, rules) if tables else NetworkEvaluator(network, rules)
    return NetPlayer(Search(evaluator), depth)


def _duel_summary(points: list[int]) -> str:
    """Games won and points a game, each with its standard error over the pairs of games."""
    pairs = [points[at] + points[at + 1] for at in range(0, len(points) - 1, 2)]
    wins = [(points[at] > 0) + (points[at + 1] > 0) for at in range(0, len(points) - 1, 2)]
    count = max(1, len(pairs))

    def mean_and_error(values: list[float]) -> tuple[float, float]:
        mean = sum(values) / count
        spread = math.sqrt(sum((v - mean) ** 2 for v in values) / max(1, count - 1))
        return mean / 2, spread / 2 / math.sqrt(count)

    won, won_error = mean_and_error([float(w) for w in wins])
    per_game, per_game_error = mean_and_error([float(p) for p in pairs])
    return (
        f"{2 * len(pairs)} games: won {won:.1%} ± {won_error:.1%},"
        f" {per_game:+.2f} ± {per_game_error:.2f} points a game"
    )


def _game_decisions(seed: int, rules: RuleSet, turns: int) -> list[tuple[Decision, int, int]]:
    """The decisions and dice of a random game of about ``turns`` turns."""
    for attempt in range(200):
        game = play_random_game(random.Random(seed + attempt), rules)
        if abs(len(game.turns) - turns) <= 10:
            break
    found, position = [], game.start
    for turn in game.turns:
        for segment in turn.segments:
            found.append((Decision(position, segment.kind), segment.high, segment.low))
            position = segment.play.result
        position = position.with_turn(position.turn.opponent)
    return found


def speed(args: argparse.Namespace) -> None:
    from aceynote.cli import main as aceynote
    from aceynote.notation.generate import generate_games
    from aceynote.notation.writer import write_game

    rules = parse_rules("standard")
    evaluator = evaluator_for(shipped_network(), rules)
    decisions = [d for d, _, _ in _game_decisions(1, rules, 90)] * 20
    evaluator.decisions(decisions[:1000])  # the race tables are read on first use: not timed
    started = time.process_time()
    for start in range(0, len(decisions), 1000):
        evaluator.decisions(decisions[start : start + 1000])
    seconds = time.process_time() - started
    print(f"evaluator: {len(decisions) / seconds:,.0f} positions/s (batches of 1000, one core)")
    record = Path(args.work) / "bench-90-turns.acey"
    record.parent.mkdir(parents=True, exist_ok=True)
    games = [g for g in generate_games(400, 2, rules) if 85 <= len(g.turns) <= 95]
    record.write_text(write_game(games[0]), encoding="utf-8")
    for depth in (0, 1, 2):
        started = time.process_time()
        with contextlib.redirect_stdout(io.StringIO()):
            aceynote(["analyze", str(record), "--depth", str(depth)])
        seconds = time.process_time() - started
        print(f"analyze, {len(games[0].turns)}-turn game, {depth}-ply: {seconds:.1f} CPU s")
    started = time.process_time()
    with contextlib.redirect_stdout(io.StringIO()):
        aceynote(["hint", "--setup", "W 24:2 13:5 in:8 / B 19:2 6:5 in:8 / W", "--roll", "21"])
    print(f"hint of a 1-2, 1-ply: {time.process_time() - started:.2f} CPU s")
    print(f"peak memory: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")


def accuracy(args: argparse.Namespace) -> None:
    rules = parse_rules(args.rules)
    search = Search(evaluator_for(shipped_network(), rules))
    limit = 0.05 * (1 if rules.score.value == "single" else TYPICAL_WIN_POINTS)
    out = Path(args.out) if args.out else None
    done = _accuracy_done(out)
    for index, (decision, high, low) in enumerate(_accuracy_positions(args, rules), start=1):
        if index in done or not args.shard.takes(index):
            continue
        done[index] = {"index": index, **_accuracy_case(search, decision, high, low, args)}
        if out is not None:
            append_line(out, done[index])
        print(
            f"  {index}: {_accuracy_summary(list(done.values()), limit, args.candidates)}",
            file=sys.stderr,
        )
    truncated = f", truncated after {args.truncate} decisions" if args.truncate else ""
    print(
        f"{len(done)} of {args.positions} positions, rollouts of {args.trials} games{truncated}"
        f" of the 1-ply's best {args.candidates} and the 0-ply's best: within {limit:.2f} points"
        f" of the rollout's best: {_accuracy_summary(list(done.values()), limit, args.candidates)}"
    )


def _accuracy_summary(cases: list[dict[str, Any]], limit: float, candidates: int) -> str:
    """How often the 0-ply and 1-ply choices lost at most ``limit``, and how often the
    rollout's best was the 1-ply's last candidate (a hint that more should be rolled out)."""
    count = max(1, len(cases))
    close = [sum(case["lost"][depth] <= limit for case in cases) / count for depth in (0, 1)]
    last = sum(case["best_rank"] == candidates for case in cases)
    return (
        f"0-ply {close[0]:.1%}, 1-ply {close[1]:.1%} of {len(cases)}"
        f" (the rollout's best was the 1-ply's last candidate in {last})"
    )


def _accuracy_positions(
    args: argparse.Namespace, rules: RuleSet
) -> list[tuple[Decision, int, int]]:
    """``--positions`` decisions with more than one legal play, from generated games."""
    rng = random.Random(args.seed)
    picked: list[tuple[Decision, int, int]] = []
    while len(picked) < args.positions:
        for decision, high, low in _game_decisions(rng.randrange(10**6), rules, 90):
            wanted = decision.kind is not SegmentKind.CHOSEN_DOUBLE and rng.random() < 0.05
            if wanted and len(choices(decision, high, low, rules)) > 1:
                picked.append((decision, high, low))
    return picked[: args.positions]


def _accuracy_case(
    search: Search, decision: Decision, high: int, low: int, args: argparse.Namespace
) -> dict[str, object]:
    """One position: the rollout's equity lost by the 0-ply and the 1-ply choices.

    Only the 1-ply's best ``--candidates`` and the 0-ply's best are rolled out
    (every legal play would cost hours a position): the rollout's best is
    taken to be among them, and ``best_rank`` says where it stood at 1-ply.
    """
    options = choices(decision, high, low, search.rules)
    ranked = [entry.choice for entry in search.rank(options, 1)]
    zero = search.best(options, 0)
    rolled_out = list(dict.fromkeys([*ranked[: args.candidates], zero]))
    equities = [
        rollout(option, search, args.trials, args.seed, args.truncate).equity
        for option in rolled_out
    ]
    best = max(equities)
    lost = [best - equities[rolled_out.index(choice)] for choice in (zero, ranked[0])]
    best_choice = rolled_out[equities.index(best)]
    return {"lost": lost, "best_rank": ranked.index(best_choice) + 1, "plays": len(options)}


def _accuracy_done(out: Path | None) -> dict[int, dict[str, Any]]:
    """The positions already rolled out into ``out``, by number (a run resumes from them)."""
    return {case["index"]: case for case in read_lines(out)} if out is not None else {}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    jobs = parser.add_subparsers(dest="job", required=True)
    one = jobs.add_parser("strength")
    one.add_argument("--games", type=int, default=1000)
    one.add_argument("--depth", type=int, choices=(0, 1), default=1)
    one.add_argument("--opponent", choices=("random", "greedy"), default="greedy")
    one.add_argument("--rules", default="bgammon")
    one.add_argument("--seed", type=int, default=1)
    one.add_argument(
        "--out", help="keep each game's points here; a run with the same --out goes on from there"
    )
    one.set_defaults(run=strength)
    two = jobs.add_parser("speed")
    two.add_argument("--work", default=str(ROOT / "benchmarks" / ".data"))
    two.set_defaults(run=speed)
    three = jobs.add_parser("accuracy")
    three.add_argument("--positions", type=int, default=300)
    three.add_argument("--trials", type=int, default=1296)
    three.add_argument("--rules", default="bgammon")
    three.add_argument("--seed", type=int, default=1)
    three.add_argument("--candidates", type=int, default=4, help="the 1-ply's best K rolled out")
    three.add_argument("--truncate", type=int, help="stop each trial after P decisions")
    three.add_argument("--out", help="a JSON Lines file of the cases: a run resumes from it")
    three.add_argument(
        "--shard",
        type=Shard.parse,
        default=WHOLE,
        help="K/N: roll out every Nth position from the Kth, so that N runs (one a core)"
        " share the work and the --out file",
    )
    three.set_defaults(run=accuracy)
    four = jobs.add_parser("duel")
    four.add_argument("--weights", default=str(ROOT / "aceynote" / "engine" / "weights.npz"))
    four.add_argument("--against", default=str(ROOT / "aceynote" / "engine" / "weights.npz"))
    four.add_argument("--no-tables", action="store_true", help="--weights' engine: no tables")
    four.add_argument("--against-no-tables", action="store_true", help="--against's: no tables")
    four.add_argument("--games", type=int, default=1000)
    four.add_argument("--depth", type=int, choices=(0, 1, 2), default=0)
    four.add_argument("--rules", default="standard")
    four.add_argument("--seed", type=int, default=1)
    four.add_argument("--out", help="each game's points (the first engine's); a run resumes")
    four.add_argument(
        "--races", action="store_true", help="each pair from a race start, not the opening"
    )
    four.set_defaults(run=duel)
    args = parser.parse_args()
    args.run(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
