"""``aceynote play``: practice against the engine, the game recorded as it is played."""

from __future__ import annotations

import argparse
import getpass

from .base import Commands, UsageError, add_command, whole_number
from .record import add_game_details, check_utf8, game_tags, record_to_enter_into

DESCRIPTION = """\
Play a game against the analysis engine, recorded as you go: a new game is
added at the end of FILE (made when it does not exist; its games are kept
byte for byte). The app rolls the opening; then enter your segments as when
recording (64: in/19 in/21, or the roll alone and a pick from its legal
plays) with your own dice, or press ctrl+r (or r on an empty line) for the
app to roll for you. The engine rolls and plays for itself, each of its
segments shown on the board for a moment. ctrl+z takes back your last
segment and the engine's reply, ctrl+g lists the engine's best plays of your
roll with why (after a 1-2: the doubles to name) (once the game is over: its review, your error rate, rating,
marks and costliest decisions), ctrl+t ends the game (you resign), ctrl+s
saves. The saved game is an ordinary record with tags saying who played
([Black "aceynote engine, 1-ply"]). Dice come from the system's randomness;
--seed makes the game's dice repeatable. See docs/record.md.

--level sets how well the engine plays, as gnubg's levels do: beginner,
casual, intermediate and advanced value the plays at 0-ply and add an error
to each (a normal error of 0.060, 0.050, 0.040 and 0.015 of a game), expert
is the full engine at 1-ply (docs/engine.md, "Levels", measures each against
the greedy bot, the 0-ply engine and expert). The errors are repeatable with
--seed.

examples:
  aceynote play practice.acey
  aceynote play practice.acey --you black --rules bgammon --depth 0
  aceynote play practice.acey --name "Ines Alder" --seed 7
  aceynote play practice.acey --level casual
"""


def register(commands: Commands) -> None:
    parser = add_command(commands, "play", DESCRIPTION)
    parser.add_argument("file", metavar="FILE", help="the record to add the game to (.acey)")
    parser.add_argument(
        "--you",
        choices=("white", "black"),
        default="white",
        help="the side you play (default white; the engine plays the other)",
    )
    parser.add_argument("--name", metavar="NAME", help="your name in the record (default: login)")
    parser.add_argument(
        "--rules", metavar="RULES", help='the rules, like "bgammon" or "standard bearoff=exact"'
    )
    strength = parser.add_mutually_exclusive_group()
    strength.add_argument(
        "--depth",
        type=whole_number,
        choices=(0, 1),
        help="how far the engine looks: 0 (fast) or 1 ply (default, stronger)",
    )
    strength.add_argument(
        "--level",
        choices=("beginner", "casual", "intermediate", "advanced", "expert"),
        help="the engine's level (expert: 1-ply; the others err on purpose, as gnubg's)",
    )
    parser.add_argument(
        "--seed",
        type=whole_number,
        metavar="S",
        help="roll the game's dice from this seed (repeatable)",
    )
    add_game_details(parser)
    parser.set_defaults(run=run)


def _login_name() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):  # no user name in the environment or the password file
        return "Player"


def run(args: argparse.Namespace) -> int:
    from ..analysis.practice import LEVELS, Practice, dice_source, engine_name, opening_tag
    from ..notation.lines import new_game
    from ..rules import Side
    from ..tui.app import ReplayApp

    if args.seed is not None and args.seed < 0:
        raise UsageError(f"--seed: a seed is 0 or more, not {args.seed}")
    check_utf8("name", args.name)
    if args.name is not None and ("\n" in args.name or "\r" in args.name):
        raise UsageError("--name: a name is one line")
    you = Side.WHITE if args.you == "white" else Side.BLACK
    dice = dice_source(args.seed)
    level = None if args.level is None else LEVELS[args.level]
    # No default for --depth: argparse only refuses it beside --level when it is given.
    depth = (1 if args.depth is None else args.depth) if level is None else level.depth
    names = {you: args.name or _login_name(), you.opponent: engine_name(depth, level)}
    tag_options = argparse.Namespace(
        **{option: getattr(args, option) for option in ("event", "site", "date", "round")},
        white=names[Side.WHITE],
        black=names[Side.BLACK],
        rules=args.rules,
        opening=opening_tag(dice),
        setup=None,
    )
    tags = game_tags(tag_options)
    record = record_to_enter_into(args.file, "play")
    errors = dice_source(None if args.seed is None else args.seed + 1)
    practice = Practice(you.opponent, depth, dice, level=level, errors=errors)
    app = ReplayApp(args.file, record=record, new_game=new_game(tags), practice=practice)
    app.run()
    return app.stop_status()
