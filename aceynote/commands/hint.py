"""``aceynote hint``: the engine's ranking of the legal plays of one roll."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from ..notation.writer import named_double_text
from .base import EXIT_OK, Commands, UsageError, add_command, write_out

if TYPE_CHECKING:
    from ..engine.api import RankedPlay

DESCRIPTION = """\
Rank every legal play of a roll in a position by the analysis engine: the
chance of winning, the equity (the points the side to play expects, the
other side's counted negative, in the rules' own score) and how much less
each play is worth than the best. The position is a Setup string
(docs/notation.md §7) whose last field is the side to play.

--kind says which segment of an acey-deucey turn the roll is: a turn's roll
(the default), the chosen double after a 1-2 (--kind double --roll 44) or
the extra roll after it (--kind extra); what follows a play, and so what is
best, depends on it. --double ranks the six doubles to name after a 1-2
played in full, each with its best play. --rollout N plays N games from each
of the best plays (the 0-ply engine on both sides) and shows the rollout's
equity with its standard error.

examples:
  aceynote hint --setup "W in:15 / B in:15 / W" --roll 64
  aceynote hint --setup "W 21:1 23:1 in:13 / B in:15 / W" --double
  aceynote hint --setup "W 6:3 5:2 / B 6:2 5:1 / B" --roll 31 --rules bgammon --format json

exit status: 0 ranked, 2 usage error (a bad Setup, roll, kind or Rules value).
"""


def register(commands: Commands) -> None:
    parser = add_command(commands, "hint", DESCRIPTION)
    parser.add_argument("--setup", required=True, help="the position, as a Setup string")
    which = parser.add_mutually_exclusive_group(required=True)
    which.add_argument("--roll", help="the dice, like 64 (either order)")
    which.add_argument("--double", action="store_true", help="rank the doubles to name after a 1-2")
    parser.add_argument(
        "--kind",
        choices=("roll", "double", "extra"),
        default="roll",
        help="which segment of the turn the roll is (default roll)",
    )
    parser.add_argument(
        "--rules", default="standard", help='a Rules tag value, like "bgammon" (default standard)'
    )
    parser.add_argument(
        "--depth", type=int, choices=(0, 1, 2), default=1, help="search depth (default 1)"
    )
    parser.add_argument(
        "--rollout", type=int, metavar="N", help="also roll out the best plays, N games each"
    )
    parser.add_argument("--seed", type=int, default=1, help="the rollout's seed (default 1)")
    parser.add_argument(
        "--format", choices=("text", "json"), default="text", help="output (default text)"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..engine.api import MAX_ROLLOUT_GAMES, Engine, EngineInputError

    if args.rollout is not None and not 1 <= args.rollout <= MAX_ROLLOUT_GAMES:
        raise UsageError(f"--rollout takes 1 to {MAX_ROLLOUT_GAMES} games")
    try:
        engine = Engine(args.rules)
        if args.double:
            ranked = engine.rank_doubles(args.setup, args.depth)
        else:
            ranked = engine.rank(args.setup, args.roll, args.kind, args.depth)
        rolled = None
        if args.rollout is not None:
            roll = None if args.double else args.roll
            results = engine.rollout(args.setup, roll, args.kind, args.rollout, args.seed)
            rolled = [result.as_dict() for result in results]
    except EngineInputError as error:
        raise UsageError(str(error)) from None
    if args.format == "json":
        entries = [entry.as_dict() for entry in ranked]
        if rolled is not None:
            for entry, result in zip(entries, rolled, strict=False):
                entry["rollout"] = result
        write_out(json.dumps(entries, indent=2) + "\n")
    else:
        write_out(_text(ranked, rolled, args))
    return EXIT_OK


def _text(
    ranked: list[RankedPlay], rolled: list[dict[str, float]] | None, args: argparse.Namespace
) -> str:
    segment = {"roll": "roll", "double": "chosen double", "extra": "extra roll"}[args.kind]
    what = "the double to name after a 1-2" if args.double else f"{segment} {args.roll}"
    lines = [f"Setup {args.setup}", f"{what}, rules {args.rules}, {args.depth}-ply"]
    for rank, entry in enumerate(ranked, start=1):
        play = named_double_text(entry.double, entry.play)
        diff = "" if rank == 1 else f"  {entry.diff:+.3f}"
        lines.append(
            f"{rank:3}. {play:<32} win {100 * entry.win:5.1f}%  equity {entry.equity:+.3f}{diff}"
        )
        if rolled is not None and rank <= len(rolled):
            result = rolled[rank - 1]
            lines.append(
                f"     rollout of {result['games']} games: equity {result['equity']:+.3f}"
                f" ± {result['error']:.3f}, win {100 * result['win']:5.1f}%"
            )
    return "\n".join(lines) + "\n"
