"""The opening table: each first roll's best plays by full rollouts (docs/openings.md).

Run on demand (hours of CPU), never as tests:

    python benchmarks/openings.py roll --rules standard --trials 1296   # append rollouts
    python benchmarks/openings.py roll --rules bgammon --shard 1/2      # N runs share a file
    python benchmarks/openings.py table > table.md                     # the tables, in Markdown

roll: from the starting position (every checker in the pool, the side that
won the opening to roll), the 21 first rolls. For each roll but the 1-2, the
1-ply engine's best ``--top`` plays; for the 1-2, its best ``--top`` plays of
the 1 and the 2, and then, after the best of them, the best play of each of
the six doubles the side may name. Every candidate is rolled out in full
(never truncated) ``--trials`` times by the shipped network at 0-ply on both
sides, the first roll stratified and the same dice for every candidate of a
roll, so that their differences carry less noise than their values. Each
candidate is one line of ``--out`` (``benchmarks/results/openings-RULES.jsonl``)
with every trial's points, written when it is done: a run goes on where the
last one stopped. The candidates come rank by rank (every roll's best, then
every roll's second...), so a partial run already gives each roll's best.

table: for each rules preset in the files, each roll's candidates best first:
the rollout's equity with its standard error, the share of games won, and
each play's loss against the best with the standard error of that paired
difference.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
RESULTS = ROOT / "benchmarks" / "results"


from aceynote.engine.api import shipped_network  # noqa: E402
from aceynote.engine.decisions import Choice, Decision, choices, double_choices  # noqa: E402
from aceynote.engine.evaluator import evaluator_for  # noqa: E402
from aceynote.engine.rollout import summed, trials  # noqa: E402
from aceynote.engine.search import Search  # noqa: E402
from aceynote.engine.training.shards import WHOLE, Shard, append_line, read_lines  # noqa: E402
from aceynote.rules import (  # noqa: E402
    ROLLS,
    Position,
    Side,
    parse_rules,
    play_text,
)

START = Position.initial(Side.WHITE)


class Candidate(NamedTuple):
    """One play to roll out: its roll ("64", or "21=55" for a double named after a 1-2)."""

    roll: str
    rank: int
    choice: Choice


def candidates(search: Search, top: int) -> Iterator[Candidate]:
    """Every roll's candidates, rank by rank: the ``top`` best plays of each at 1-ply, then the
    best play of each double named after the best 1-2 play."""
    per_roll: dict[str, list[Choice]] = {}
    for high, low in sorted(ROLLS, key=lambda roll: (-roll[0], -roll[1])):
        options = choices(Decision.start(START), high, low, search.evaluator.rules)
        per_roll[f"{high}{low}"] = [scored.choice for scored in search.rank(options, 1)][:top]
    for rank in range(top):
        for roll, ranked in per_roll.items():
            if rank < len(ranked):
                yield Candidate(roll, rank, ranked[rank])
    after_one_two = per_roll["21"][0].after
    assert after_one_two is not None
    best_of_each: dict[int, Choice] = {}
    for scored in search.rank(double_choices(after_one_two, search.evaluator.rules), 1):
        best_of_each.setdefault(scored.choice.high, scored.choice)
    for rank, (die, choice) in enumerate(sorted(best_of_each.items())):
        yield Candidate(f"21={die}{die}", rank, choice)


def roll(args: argparse.Namespace) -> None:
    rules = parse_rules(args.rules)
    network = shipped_network()
    search = Search(evaluator_for(network, rules))
    out = args.out or RESULTS / f"openings-{args.rules}.jsonl"
    done = {(line["roll"], line["play"]) for line in read_lines(out)}
    for index, candidate in enumerate(candidates(search, args.top), start=1):
        play = play_text(candidate.choice.play.steps)
        if not args.shard.takes(index) or (candidate.roll, play) in done:
            continue
        outcomes = list(trials(candidate.choice, search, args.trials, args.seed))
        result = summed(outcomes)
        line = {
            "rules": args.rules,
            "roll": candidate.roll,
            "play": play,
            "trials": args.trials,
            "seed": args.seed,
            "net_games": network.games,
            "equity": round(result.equity, 4),
            "error": round(result.error, 4),
            "win": round(result.win, 4),
            "points": [round(points) for points, _ in outcomes],
        }
        append_line(out, line)
        print(f"{candidate.roll} {play}: {result.equity:+.3f} ± {result.error:.3f}", flush=True)


def paired_error(points: list[int], best: list[int]) -> float:
    """The standard error of the mean difference of two rollouts over the same dice."""
    count = len(points)
    differences = [mine - theirs for mine, theirs in zip(points, best, strict=True)]
    mean = sum(differences) / count
    variance = sum((each - mean) ** 2 for each in differences) / (count - 1)
    return math.sqrt(variance / count)


def table(args: argparse.Namespace) -> None:
    for path in sorted(args.results.glob("openings-*.jsonl")):
        lines = read_lines(path)
        if not lines:
            continue
        print(f"### {lines[0]['rules']}\n")
        print("| roll | play | equity | won | loss |")
        print("| --- | --- | --- | --- | --- |")
        by_roll: dict[str, list[dict[str, Any]]] = {}
        for line in lines:
            by_roll.setdefault(line["roll"], []).append(line)
        for roll_name, found in by_roll.items():
            found.sort(key=lambda line: -line["equity"])
            best = found[0]
            for line in found:
                loss = "" if line is best else _loss(line, best)
                print(
                    f"| {roll_name} | {line['play']} | {line['equity']:+.3f} ± {line['error']:.3f}"
                    f" | {line['win']:.1%} | {loss} |"
                )
        print()


def _loss(line: dict[str, Any], best: dict[str, Any]) -> str:
    if len(line["points"]) != len(best["points"]) or line["seed"] != best["seed"]:
        return f"{best['equity'] - line['equity']:.3f}"
    error = paired_error(line["points"], best["points"])
    return f"{best['equity'] - line['equity']:.3f} ± {error:.3f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    jobs = parser.add_subparsers(dest="job", required=True)
    rolling = jobs.add_parser("roll", help="roll the candidates out, appending to --out")
    rolling.add_argument("--rules", default="standard", help="a Rules value (default standard)")
    rolling.add_argument("--trials", type=int, default=1296, help="trials a candidate")
    rolling.add_argument("--top", type=int, default=3, help="candidates of each roll (3)")
    rolling.add_argument("--seed", type=int, default=1)
    rolling.add_argument("--shard", type=Shard.parse, default=WHOLE, metavar="K/N")
    rolling.add_argument("--out", type=Path, help="default benchmarks/results/openings-RULES.jsonl")
    tabling = jobs.add_parser("table", help="print the tables of the results, in Markdown")
    tabling.add_argument("--results", type=Path, default=RESULTS)
    args = parser.parse_args()
    roll(args) if args.job == "roll" else table(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
