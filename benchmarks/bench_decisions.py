"""The acey-deucey decision benchmark: decisions with their plays' true values (docs/engine.md).

Run on demand, never as tests:

    python benchmarks/bench_decisions.py make                  # benchmarks/decisions/decisions.jsonl
    python benchmarks/bench_decisions.py label --shard 1/2     # values: exact tables, full rollouts
    python benchmarks/bench_decisions.py label --phases race,bear-off   # the cheap ones first
    python benchmarks/bench_decisions.py score --depth 1       # mean equity lost, by phase
    python benchmarks/bench_decisions.py score --depth 2 --phases contact
    python benchmarks/bench_decisions.py top-up --phases race  # the choices not yet labelled

make: decisions with more than one legal play, from games of the engine
(0-ply self-play), the random and the greedy bot under the bgammon and the
standard presets, the same number of each phase (engine/decisions.py
``phase_of``: entering, contact, race, bear-off, the chosen double). label:
each decision's candidate plays and their values for the side to play: in a
bear-off race of the exact tables every play, exactly; elsewhere the plays any
engine setting would choose (0-, 1- and 2-ply, with and without the race
tables, of the shipped net and of each of ``--nets``) and the 1-ply's best
four, each rolled out in full (never truncated)
``--trials`` times with the 0-ply engine on both sides, the first roll
stratified and the same dice for every play (a rollout's line names the
weights that played it, by their games). Labels are appended to the
``--out`` file one line at a time, so runs resume and N runs (``--shard K/N``)
share it. score: for an engine setting, the play it chooses in each
labelled decision and the equity that play loses against the best labelled
one, averaged by phase with its standard error. top-up: the choices of
those settings that a label lacks (a net shipped since chooses others),
rolled out as the label's others were, by the same net (a shipped net of
:data:`NETS`, read from git) with the same trials and dice, appended as a
line that ``adds`` its values to the label (a label whose net is not
named is labelled again, whole, by the shipped net: the later line wins).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import subprocess
import sys
import tempfile
from collections import defaultdict
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
FOLDER = ROOT / "benchmarks" / "decisions"

from aceynote.engine.api import KINDS, shipped_network  # noqa: E402
from aceynote.engine.bearoff import cached_table  # noqa: E402
from aceynote.engine.bots import NetPlayer, Player, bot, opening, options_for  # noqa: E402
from aceynote.engine.decisions import (  # noqa: E402
    PHASES,
    Choice,
    Decision,
    choices,
    double_choices,
    phase_of,
)
from aceynote.engine.evaluator import NetworkEvaluator, evaluator_for  # noqa: E402
from aceynote.engine.network import Network  # noqa: E402
from aceynote.engine.race_positions import position_boards  # noqa: E402
from aceynote.engine.rollout import rollout  # noqa: E402
from aceynote.engine.search import Search  # noqa: E402
from aceynote.engine.training.shards import WHOLE, Shard, append_line, read_lines  # noqa: E402
from aceynote.rules import PRESETS, Position, RuleSet, SegmentKind, parse_rules  # noqa: E402

NETS = {
    20_000: "ad28327",
    165_000: "46014df",
    286_058: "bfe1172",
    344_987: "a0318a9",
    450_000: "5112867",
}
"""Shipped nets by their self-play games, each with a commit whose aceynote/engine/weights.npz
it is: the nets that rolled labels out, and the first one shipped, which ``score`` measures."""
SCORED_NETS = (20_000,)
"""The nets besides the shipped one whose choices the candidates hold (issue 32 scores it)."""
PRESET_NAMES = ("bgammon", "standard")
SOURCES = ("engine", "random", "greedy")


def make(args: argparse.Namespace) -> None:
    """Sample ``--count`` decisions, as many of each phase, from the three kinds of games."""
    rng = random.Random(args.seed)
    wanted = math.ceil(args.count / len(PHASES))
    found: dict[str, list[dict[str, Any]]] = {phase: [] for phase in PHASES}
    game = 0
    while any(len(kept) < wanted for kept in found.values()):
        rules_name = PRESET_NAMES[game % 2]
        source = SOURCES[(game // 2) % 3]
        for case in _game_cases(rules_name, source, random.Random(f"make:{args.seed}:{game}")):
            kept = found[case["phase"]]
            if len(kept) < wanted and rng.random() < args.keep:
                kept.append(case)
        game += 1
    cases = [case for phase in PHASES for case in found[phase]]
    for number, case in enumerate(cases, start=1):
        case["id"] = number
    args.decisions.parent.mkdir(parents=True, exist_ok=True)
    with args.decisions.open("w", encoding="utf-8") as out:
        for case in cases:
            out.write(json.dumps(case) + "\n")
    print(f"{len(cases)} decisions from {game} games -> {args.decisions}")


def _game_cases(rules_name: str, source: str, rng: random.Random) -> list[dict[str, Any]]:
    """The decisions with a choice of one game, the same player on both sides."""
    rules = PRESETS[rules_name]
    player: Player = (
        NetPlayer(Search(evaluator_for(shipped_network(), rules)), 0)
        if source == "engine"
        else bot(source)(rng)
    )
    decision: Decision | None = Decision.start(opening(rng))
    cases = []
    while decision is not None:
        options = options_for(decision, rng, rules)
        if len(options) > 1:
            cases.append(_case(decision, options[0], rules_name, source))
        chosen = player.choose(options, decision)
        decision = chosen.after
    return cases


def _case(decision: Decision, example: Choice, rules_name: str, source: str) -> dict[str, Any]:
    kind = next(name for name, value in KINDS.items() if value is decision.kind)
    roll = "" if decision.kind is SegmentKind.CHOSEN_DOUBLE else f"{example.high}{example.low}"
    return {
        "rules": rules_name,
        "source": source,
        "phase": phase_of(decision),
        "setup": decision.position.to_setup(),
        "kind": kind,
        "roll": roll,
    }


def _options(case: dict[str, Any], rules: RuleSet) -> tuple[Decision, list[Choice]]:
    decision = Decision(Position.from_setup(case["setup"]), KINDS[case["kind"]])
    if not case["roll"]:
        return decision, double_choices(decision, rules)
    return decision, choices(decision, int(case["roll"][0]), int(case["roll"][1]), rules)


def choice_text(choice: Choice, kind: str) -> str:
    """A play as the labels name it: the named double first for a chosen double."""
    return f"={choice.high}{choice.low}: {choice.play}" if kind == "double" else str(choice.play)


def label(args: argparse.Namespace) -> None:
    cases = read_lines(args.decisions)
    done = set(labels_of(args.out))
    ordered = sorted(cases, key=lambda case: case["phase"] != "bear-off")  # exact ones first
    for case in ordered:
        if case["id"] in done or not args.shard.takes(case["id"]):
            continue
        if case["phase"] not in args.phases:
            continue
        labelled = {"id": case["id"], **_label(case, args.trials, args.seed, args.nets)}
        append_line(args.out, labelled)
        print(f"  {case['id']} {case['phase']}: {labelled['method']}", file=sys.stderr)


def _label(case: dict[str, Any], trials: int, seed: int, nets: tuple[int, ...]) -> dict[str, Any]:
    rules = parse_rules(case["rules"])
    decision, options = _options(case, rules)
    if position_boards(decision.position) is not None:
        table = cached_table(rules)
        exact = [_exact(option, table) for option in options]
        if all(value is not None for value in exact):
            values = {
                choice_text(o, case["kind"]): [v, 0.0] for o, v in zip(options, exact, strict=True)
            }
            return {"method": "exact", "values": values}
    network = shipped_network()
    search = Search(evaluator_for(network, rules))
    candidates = _candidates(options, rules, nets)
    return {
        "method": f"rollout {trials}",
        "weights": network.games,
        "seed": seed,
        "values": _rolled_out(candidates, search, trials, seed, case["kind"]),
    }


def _rolled_out(
    candidates: list[Choice], search: Search, trials: int, seed: int, kind: str
) -> dict[str, list[float]]:
    values = {}
    for option in candidates:
        result = rollout(option, search, trials, seed)
        values[choice_text(option, kind)] = [round(result.equity, 5), round(result.error, 5)]
    return values


def _exact(option: Choice, table: Any) -> float | None:
    if option.after is None:
        return float(option.points)
    found = table.value(option.after.position, option.after.kind)
    if found is None:
        return None
    return float(found[1]) if option.same_side else -float(found[1])


def _candidates(options: list[Choice], rules: RuleSet, nets: tuple[int, ...]) -> list[Choice]:
    """The plays any engine setting scored here would choose, and the 1-ply's best four."""
    ranked = Search(evaluator_for(shipped_network(), rules)).rank(options, 1)
    picked = [entry.choice for entry in ranked[:4]] + _choices(options, rules, nets)
    return list(dict.fromkeys(picked))


def _choices(options: list[Choice], rules: RuleSet, nets: tuple[int, ...]) -> list[Choice]:
    """The choice of every setting ``score`` measures: 0-, 1- and 2-ply, with and without
    the tables, of the shipped net and of ``nets``."""
    picked: list[Choice] = []
    for network in (shipped_network(), *(net_of(games) for games in nets)):
        for evaluator in (evaluator_for(network, rules), NetworkEvaluator(network, rules)):
            search = Search(evaluator)
            picked += [search.rank(options, depth)[0].choice for depth in (0, 1, 2)]
    return list(dict.fromkeys(picked))


@cache
def net_of(games: int) -> Network:
    """The shipped net of ``games`` self-play games (:data:`NETS`), read from git."""
    shipped = shipped_network()
    if games == shipped.games:
        return shipped
    if games not in NETS:
        raise SystemExit(f"no shipped net of {games} games is known (NETS: {sorted(NETS)})")
    weights = f"{NETS[games]}:aceynote/engine/weights.npz"
    data = subprocess.run(
        ["git", "-C", str(ROOT), "show", weights], capture_output=True, check=True
    )
    with tempfile.TemporaryFile() as file:
        file.write(data.stdout)
        file.seek(0)
        network = Network.load(file).for_play()
    if network.games != games:
        raise SystemExit(f"{weights} holds a net of {network.games} games, not {games}")
    return network


def top_up(args: argparse.Namespace) -> None:
    cases = {case["id"]: case for case in read_lines(args.decisions)}
    for labelled in labels_of(args.out).values():
        case = cases[labelled["id"]]
        if case["phase"] not in args.phases or not args.shard.takes(case["id"]):
            continue
        if labelled["method"] == "exact":  # every play is valued
            continue
        rules = parse_rules(case["rules"])
        _, options = _options(case, rules)
        wanted = _choices(options, rules, args.nets)
        missing = [c for c in wanted if choice_text(c, case["kind"]) not in labelled["values"]]
        if not missing:
            continue
        trials, seed = int(labelled["method"].split()[1]), labelled.get("seed", 1)
        if labelled.get("weights") is None:  # its net is not known: labelled again, whole
            added = {"id": case["id"], **_label(case, trials, seed, args.nets)}
        else:
            search = Search(evaluator_for(net_of(labelled["weights"]), rules))
            added = {
                "id": case["id"],
                "method": labelled["method"],
                "weights": labelled["weights"],
                "seed": seed,
                "adds": True,
                "values": _rolled_out(missing, search, trials, seed, case["kind"]),
            }
        append_line(args.out, added)
        done = "labelled again, whole" if "adds" not in added else f"{len(missing)} added"
        print(f"  {case['id']} {case['phase']}: {done}", file=sys.stderr)


def score(args: argparse.Namespace) -> None:
    cases = {case["id"]: case for case in read_lines(args.decisions)}
    if args.weights:
        network = Network.load(args.weights).for_play()
    else:
        network = net_of(args.net) if args.net else shipped_network()
    losses: dict[str, list[float]] = defaultdict(list)
    missing = 0
    for labelled in labels_of(args.out).values():
        case = cases[labelled["id"]]
        if case["phase"] not in args.phases:
            continue
        rules = parse_rules(case["rules"])
        _, options = _options(case, rules)
        evaluator = (
            NetworkEvaluator(network, rules) if args.no_tables else evaluator_for(network, rules)
        )
        chosen = choice_text(Search(evaluator).rank(options, args.depth)[0].choice, case["kind"])
        values = {play: value for play, (value, _) in labelled["values"].items()}
        if chosen not in values:
            missing += 1
            continue
        losses[case["phase"]].append(max(values.values()) - values[chosen])
    every = [loss for phase in PHASES for loss in losses[phase]]
    setting = f"{args.depth}-ply{' without tables' if args.no_tables else ''}"
    weights = args.weights or (f"the {args.net}-game net" if args.net else "shipped")
    print(f"{setting}, weights {weights}: mean equity lost a decision")
    for phase, found in [*((phase, losses[phase]) for phase in PHASES), ("all", every)]:
        print(f"  {phase:9} {_mean_and_error(found)}")
    if missing:
        print(f"  ({missing} decisions where the choice was not labelled: left out)")


def _mean_and_error(values: list[float]) -> str:
    if not values:
        return "no decisions"
    mean = sum(values) / len(values)
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / max(1, len(values) - 1))
    return f"{mean:.4f} ± {spread / math.sqrt(len(values)):.4f} points ({len(values)} decisions)"


def phases_of(text: str) -> tuple[str, ...]:
    """``race,bear-off``: phases of engine/decisions.py, comma-separated."""
    named = tuple(part.strip() for part in text.split(","))
    unknown = [name for name in named if name not in PHASES]
    if unknown:
        raise argparse.ArgumentTypeError(
            f"no phase '{unknown[0]}': the phases are {', '.join(PHASES)}"
        )
    return named


NETS_HELP = (
    "the other shipped nets, by their games, whose choices are labelled too"
    f" (comma-separated; default {','.join(map(str, SCORED_NETS))}; known: {sorted(NETS)})"
)


def nets_of(text: str) -> tuple[int, ...]:
    """``20000,165000``: shipped nets of :data:`NETS` by their games."""
    try:
        named = tuple(int(part) for part in text.split(",") if part.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not games, comma-separated") from None
    unknown = [games for games in named if games not in NETS]
    if unknown:
        raise argparse.ArgumentTypeError(f"no shipped net of {unknown[0]} games: {sorted(NETS)}")
    return named


def labels_of(path: Path) -> dict[int, dict[str, Any]]:
    """Each labelled decision's label by its id: a line that ``adds`` values joins the
    label before it, which the same net rolled out the same way."""
    labels: dict[int, dict[str, Any]] = {}
    for line in read_lines(path):
        if not line.get("adds"):
            labels[line["id"]] = line
            continue
        first = labels[line["id"]]
        if (first["method"], first.get("weights")) != (line["method"], line["weights"]):
            raise SystemExit(f"{path}: values added to decision {line['id']} another way")
        first["values"].update(line["values"])
    return labels


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decisions", type=Path, default=FOLDER / "decisions.jsonl")
    parser.add_argument("--out", type=Path, default=FOLDER / "labels.jsonl", help="the labels")
    jobs = parser.add_subparsers(dest="job", required=True)
    one = jobs.add_parser("make")
    one.add_argument("--count", type=int, default=1200)
    one.add_argument("--seed", type=int, default=1)
    one.add_argument("--keep", type=float, default=0.1, help="the share of decisions sampled")
    one.set_defaults(run=make)
    two = jobs.add_parser("label")
    two.add_argument("--trials", type=int, default=1296)
    two.add_argument("--seed", type=int, default=1)
    two.add_argument("--shard", type=Shard.parse, default=WHOLE)
    two.add_argument(
        "--phases",
        type=phases_of,
        default=PHASES,
        help=f"label only these phases, comma-separated (default all: {','.join(PHASES)})",
    )
    two.add_argument("--nets", type=nets_of, default=SCORED_NETS, help=NETS_HELP)
    two.set_defaults(run=label)
    four = jobs.add_parser("top-up")
    four.add_argument("--shard", type=Shard.parse, default=WHOLE)
    four.add_argument("--phases", type=phases_of, default=PHASES, help="as label's")
    four.add_argument("--nets", type=nets_of, default=SCORED_NETS, help=NETS_HELP)
    four.set_defaults(run=top_up)
    three = jobs.add_parser("score")
    three.add_argument("--depth", type=int, choices=(0, 1, 2), default=1)
    which = three.add_mutually_exclusive_group()
    which.add_argument("--weights", type=Path, help="a network's weights (default the shipped)")
    which.add_argument("--net", type=int, choices=sorted(NETS), help="a shipped net, by its games")
    three.add_argument(
        "--no-tables", action="store_true", help="no exact tables: the networks alone in races"
    )
    three.add_argument(
        "--phases", type=phases_of, default=PHASES, help="score only these phases (as label's)"
    )
    three.set_defaults(run=score)
    args = parser.parse_args()
    args.run(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
