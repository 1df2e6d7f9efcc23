"""``aceynote hint``: the engine's ranking of the legal plays of one roll."""

from __future__ import annotations

import argparse
import json
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..notation.writer import named_double_text
from ..terminal_text import counted, signed
from .base import EXIT_OK, Commands, UsageError, add_command, whole_number, write_out
from .common import add_game_option, add_record_file
from .tag_options import rules_option

if TYPE_CHECKING:
    from ..engine.api import RankedPlay
    from ..engine.rollout import RolloutResult
    from ..rules import Side
    from ..validation import Report, SegmentReplay

DESCRIPTION = """\
Rank every legal play of a roll in a position by the analysis engine: the
chance of winning, the equity (the points the side to play expects, the
other side's counted negative, in the rules' own score) and how much less
each play is worth than the best. The position is a Setup string
(docs/notation.md §7) whose last field is the side to play, or a moment of a
record: FILE with --turn T (12 is White's turn 12, else Black's; 12. or
12...) or --segment K. The position is the one before that segment, the roll
the one written unless --roll says otherwise, and the written play is marked
in the ranking (<- written; "written": true in JSON). --segment counts the
segments of the turn with --turn (1 the roll, 2 the chosen double, 3 the extra
roll), else those of the main line (as analyze's "ply"); --game N picks a
game of the file.

--explain says, under each play, what it leaves on the board: blots and how
many of the opponent's 36 rolls hit one, points made and given up, primes,
checkers hit, borne off; for each play after the best, the difference from
the best that matters most (docs/engine.md, "Why").

--kind says which segment of an acey-deucey turn the roll is: a turn's roll
(the default), the chosen double after a 1-2 (--kind double --roll 44) or
the extra roll after it (--kind extra); what follows a play, and so what is
best, depends on it. --double ranks the six doubles to name after a 1-2
played in full, each with its best play (with FILE and --turn, that turn's
chosen double, the written double and play marked beside them). --kind and
--rules go with --setup; a record's moment has its own. --rollout N plays N
games from each of the best four plays, and from the written one (the 0-ply
engine on both sides), and shows the rollout's equity with its standard
error.

examples:
  aceynote hint --setup "W in:15 / B in:15 / W" --roll 64
  aceynote hint --setup "W 21:1 23:1 in:13 / B in:15 / W" --double
  aceynote hint --setup "W 6:3 5:2 / B 6:2 5:1 / B" --roll 31 --rules bgammon --format json
  aceynote hint samples/annotated.acey --turn 3 --explain --depth 0
  aceynote hint samples/annotated.acey --turn 3 --segment 2
  aceynote hint samples/annotated.acey --turn 3 --double
  aceynote hint samples/match.acey --game 2 --turn 2... --roll 53

exit status: 0 ranked, 2 usage error (a bad Setup, roll, kind or Rules value, a
record that cannot be read, no such turn or segment, or one past the record's
first error).
"""


def register(commands: Commands) -> None:
    parser = add_command(commands, "hint", DESCRIPTION)
    add_record_file(parser, optional=True)
    add_game_option(parser, "with FILE: game N of the file (default the first)")
    parser.add_argument("--turn", metavar="T", help="with FILE: turn T, 12 (White's), 12. or 12...")
    parser.add_argument(
        "--segment",
        type=whole_number,
        metavar="K",
        help="with FILE: the K-th segment of the turn or game",
    )
    parser.add_argument("--setup", help="the position, as a Setup string")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--roll", help="the dice, like 64 (either order)")
    which.add_argument("--double", action="store_true", help="rank the doubles to name after a 1-2")
    parser.add_argument(
        "--kind",
        choices=("roll", "double", "extra"),
        help="with --setup: which segment of the turn the roll is (default roll)",
    )
    parser.add_argument(
        "--rules", help='with --setup: a Rules tag value, like "bgammon" (default standard)'
    )
    parser.add_argument(
        "--depth", type=whole_number, choices=(0, 1, 2), default=1, help="search depth (default 1)"
    )
    parser.add_argument(
        "--rollout",
        type=whole_number,
        metavar="N",
        help="also roll out the best plays, N games each",
    )
    parser.add_argument(
        "--seed",
        type=whole_number,
        help="the dice of --rollout's games (default 1; only with --rollout)",
    )
    parser.add_argument(
        "--format", choices=("text", "json"), default="text", help="output (default text)"
    )
    parser.add_argument(
        "--explain", action="store_true", help="say what each play leaves on the board"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..engine.api import MAX_ROLLOUT_GAMES, Engine, EngineInputError

    if args.rollout is not None and not 1 <= args.rollout <= MAX_ROLLOUT_GAMES:
        raise UsageError(f"--rollout takes 1 to {MAX_ROLLOUT_GAMES} games")
    if args.seed is not None and args.rollout is None:
        raise UsageError("--seed sets the dice of --rollout's games: give --rollout N too")
    written = _from_record(args) if args.file is not None else _from_setup(args)
    try:
        engine = Engine(args.rules)
        roll = None if args.double else args.roll
        if written is not None:  # valued as analyze judges it, at the depth of the best
            play, double = written
            ranked = engine.rank_judging(args.setup, roll, args.kind, args.depth, play, double)
        elif args.double:
            ranked = engine.rank_doubles(args.setup, args.depth)
        else:
            ranked = engine.rank(args.setup, args.roll, args.kind, args.depth)
        exact = engine.is_exact(args.setup, roll, args.kind)
        rolled: list[RolloutResult | None] | None = None
        if args.rollout is not None:
            # Ranked at the depth shown, so that each rollout stands beside its own play.
            results = engine.rollout(
                args.setup,
                roll,
                args.kind,
                args.rollout,
                1 if args.seed is None else args.seed,
                depth=args.depth,
            )
            rolled = _beside(ranked, results)
    except EngineInputError as error:
        raise UsageError(str(error)) from None
    marks = _marks(ranked, written, args)
    if args.format == "json":
        entries = [entry.as_dict() for entry in ranked]
        if rolled is not None:
            for entry, result in zip(entries, rolled, strict=True):
                if result is not None:
                    entry["rollout"] = result.as_dict()
        for entry, mark in zip(entries, marks, strict=True):
            entry.update(mark.as_json())
        write_out(json.dumps(entries, indent=2) + "\n")
    else:
        write_out(_text(ranked, rolled, args, marks, exact))
    return EXIT_OK


def _beside(ranked: list[RankedPlay], results: list[RolloutResult]) -> list[RolloutResult | None]:
    """Each ranked play's rollout, None for those not rolled out."""
    by_play = {(result.play, result.double): result for result in results}
    return [by_play.get((entry.play, entry.double)) for entry in ranked]


def _text(
    ranked: list[RankedPlay],
    rolled: list[RolloutResult | None] | None,
    args: argparse.Namespace,
    marks: list[_Mark],
    exact: bool,
) -> str:
    """The ranking as text; ``exact`` when every value is read from the engine's tables."""
    from ..analysis.shown import EXACT_WORDS
    from ..rules import Position

    segment = {"roll": "roll", "double": "chosen double", "extra": "extra roll"}[args.kind]
    if args.double:
        what = "the double to name after a 1-2"
    else:  # the dice as a record writes them: 21, not 12
        from ..engine.api import parse_roll

        what = f"{segment} {''.join(map(str, parse_roll(args.roll)))}"
    setup = Position.from_setup(args.setup).to_setup()  # as the record's Setup tag writes it
    lines = [f"Setup {setup}", f"{what}, rules {args.rules}, {args.depth}-ply"]
    if exact:
        lines.append(EXACT_WORDS)
    for rank, entry in enumerate(ranked, start=1):
        play = named_double_text(entry.double, entry.play)
        diff = "" if rank == 1 else f"  {signed(entry.diff)}"
        lines.append(
            f"{rank:3}. {play:<32} win {100 * entry.win:5.1f}%  equity {signed(entry.equity):>6}"
            f"{diff}{marks[rank - 1].suffix}"
        )
        lines += marks[rank - 1].lines
        result = None if rolled is None else rolled[rank - 1]
        if result is not None:
            lines.append(_rollout_line(result))
    return "\n".join(lines) + "\n"


def _rollout_line(result: RolloutResult) -> str:
    games = counted(result.games, "game")
    known = math.isfinite(result.error)
    spread = f" ± {result.error:.3f}" if known else " (no standard error)"
    return f"     rollout of {games}: equity {signed(result.equity)}{spread}, win {100 * result.win:5.1f}%"


Written = tuple[str, int] | None
"""The record's play at the moment asked about, as the ranking writes it: (play, double)."""


def _from_setup(args: argparse.Namespace) -> Written:
    if args.setup is None:
        raise UsageError("give a position with --setup, or a record FILE with --turn or --segment")
    if args.game is not None or args.turn is not None or args.segment is not None:
        raise UsageError("--game, --turn and --segment choose a moment of a record FILE")
    if args.source_format is not None:
        raise UsageError("--from names the format of a record FILE, not of --setup")
    if args.roll is None and not args.double:
        raise UsageError("give the dice with --roll, or --double")
    if args.double and args.kind not in (None, "double"):
        other = "an extra roll" if args.kind == "extra" else "a roll"
        raise UsageError(f"--double ranks the doubles named after a 1-2, not the plays of {other}")
    args.kind = args.kind or "roll"
    args.rules = "standard" if args.rules is None else rules_option(args.rules).to_tag()
    return None


def _from_record(args: argparse.Namespace) -> Written:
    """Fill in --setup, --rules, --kind and (unless given) --roll from the moment of the
    record asked about; the play written there, when the ranking is of its dice."""
    from ..analysis.output import KIND_WORDS
    from ..analysis.shown import replay_at
    from ..rules import SegmentKind, play_text
    from ..validation import validate
    from .common import chosen_game, turn_option

    if args.setup is not None:
        raise UsageError("give a record FILE or --setup, not both")
    if args.kind is not None or args.rules is not None:
        raise UsageError(
            "--kind and --rules go with --setup: a record's moment has its own"
            " (the segment's kind, the game's Rules tag)"
        )
    if args.turn is None and args.segment is None:
        raise UsageError("name the moment of the record: --turn T or --segment K")
    number, side = turn_option(args.turn) if args.turn is not None else (None, None)
    shows = "the hint is of game 1 (--game N for another)"
    report = validate(chosen_game(args.file, args.source_format, args.game, shows=shows))
    asked = 2 if args.double and args.turn is not None and args.segment is None else args.segment
    found = replay_at(report, number, side, asked)
    no_double = "--double ranks the doubles named after a 1-2, and"
    if found is None and asked != args.segment and replay_at(report, number, side, 1):
        raise UsageError(f"{no_double} turn {args.turn} has no chosen double")
    if found is None or (args.turn is not None and number is None):
        raise UsageError(_no_such_moment(report, args, number, side))
    _check_reached(args.file, report, found)
    segment = found.segment
    if args.double and segment.kind is not SegmentKind.CHOSEN_DOUBLE:
        in_turn = found.turn.segments
        at = next(index for index, each in enumerate(in_turn) if each is segment)
        following = in_turn[at + 1 : at + 2]
        named_next = bool(following) and following[0].kind is SegmentKind.CHOSEN_DOUBLE
        after_acey_deucey = " (this 1-2's is the next segment)" if named_next else ""
        raise UsageError(f"{no_double} that segment is not a chosen double{after_acey_deucey}")
    args.setup, args.rules = found.before.to_setup(), report.rules.to_tag()
    args.kind = KIND_WORDS[segment.kind]
    written = f"{segment.high}{segment.low}"
    if args.roll is None and not args.double:
        args.roll = written
    if not found.legal or (not args.double and sorted(args.roll) != sorted(written)):
        return None
    return play_text(found.steps), segment.high if args.double else 0


def _no_such_moment(
    report: Report, args: argparse.Namespace, number: int | None, side: Side | None
) -> str:
    """Where --turn or --segment names a moment the main line does not hold: what it holds,
    and whether the record's errors cut it short."""
    from ..analysis.judge import line_stop

    said = _moments_held(report, args, number, side)
    if not report.errors:
        return said
    stop = line_stop(report)
    if stop is None:
        cut = f" (the record has errors: 'aceynote validate {args.file}' says where)"
    else:
        where = f"{args.file}:{stop.span.line}:{stop.span.column}"
        cut = (
            f" (hint, like analyze, stops at the record's first error, {stop.code.code} at {where})"
        )
    if said.endswith(".") and not said.endswith("..."):  # a full stop, not a turn's "..."
        return f"{said[:-1]}{cut}."
    return said + cut


def _moments_held(
    report: Report, args: argparse.Namespace, number: int | None, side: Side | None
) -> str:
    """What the main line holds, where --turn or --segment names a moment it does not."""
    from ..analysis.judge import ranked_line
    from ..analysis.shown import turn_replays
    from ..terminal_text import number_shown
    from ..validation.frames import turns_held, turns_there

    replays = ranked_line(report)  # the moments hint reaches, as analyze ranks them
    line = "the main line" + (
        "" if len(replays) == len(report.main_line()) else ", as far as hint goes,"
    )
    if args.turn is None:
        return f"--segment {args.segment}: {line} {_segments_held(len(replays))}"
    turn = [] if number is None else turn_replays(replays, number, side)
    if not turn:
        held = turns_there(turns_held(r.turn for r in replays), line)
        return f"--turn {number_shown(args.turn)}: {held}"
    return f"--segment {args.segment}: turn {args.turn} {_segments_held(len(turn))}"


def _segments_held(count: int) -> str:
    return f"has {counted(count, 'segment')} (give 1 to {count})" if count else "has no segment"


def _check_reached(name: str, report: Report, found: SegmentReplay) -> None:
    """Refuse a moment past the record's first error, as analyze stops there: the replay
    past an illegal play or a turn gone wrong is not the game's own position."""
    from ..analysis.judge import error_before

    error = error_before(report, found)
    if error is not None:
        where = f"{name}:{error.span.line}:{error.span.column}"
        raise UsageError(
            f"that moment comes after the record's first error, {error.code.code} at {where}:"
            f" hint, like analyze, stops there ('aceynote validate {name}' says what is wrong)"
        )


@dataclass(frozen=True, slots=True)
class _Mark:
    """What a ranked play carries beside its figures: the record's play, the reason."""

    written: bool
    why: str | None

    @property
    def suffix(self) -> str:
        return "  <- written" if self.written else ""

    @property
    def lines(self) -> list[str]:
        return [] if self.why is None else [f"     why: {self.why}"]

    def as_json(self) -> dict[str, object]:
        found: dict[str, object] = {"written": True} if self.written else {}
        if self.why is not None:
            found["why"] = self.why
        return found


def _marks(ranked: list[RankedPlay], written: Written, args: argparse.Namespace) -> list[_Mark]:
    plays = [(entry.play, entry.double) for entry in ranked]
    reasons: list[str | None] = (
        list(_explained(ranked, args)) if args.explain else [None] * len(plays)
    )
    return [_Mark(play == written, why) for play, why in zip(plays, reasons, strict=True)]


def _explained(ranked: list[RankedPlay], args: argparse.Namespace) -> list[str]:
    from ..analysis.reasons import explain_ranking
    from ..engine.api import KINDS, parse_roll
    from ..rules import Position, parse_rules

    dice = None if args.double else parse_roll(args.roll)
    position = Position.from_setup(args.setup)
    return explain_ranking(position, KINDS[args.kind], dice, parse_rules(args.rules), ranked)
