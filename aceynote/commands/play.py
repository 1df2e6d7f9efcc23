"""``aceynote play``: practice against the engine, the game recorded as it is played."""

from __future__ import annotations

import argparse
import getpass
from typing import TYPE_CHECKING

from ..terminal_text import counted
from .base import Commands, UsageError, add_command, whole_number
from .record import (
    add_game_details,
    check_utf8,
    game_tags,
    need_terminal,
    path_in_message,
    record_to_enter_into,
    record_to_write,
)

if TYPE_CHECKING:
    import random

    from ..analysis.practice import Level, Practice
    from ..files.record import RecordFile
    from ..notation import Game
    from ..rules import Side
    from ..tui.app import ReplayApp

DESCRIPTION = """\
Play a game against the analysis engine, recorded as you go: a new game is
added at the end of FILE (made when it does not exist; its games are kept
byte for byte). The app rolls the opening; then enter your segments as when
recording (64: in/19 in/21, or the roll alone and a pick from its legal
plays) with your own dice, or press ctrl+r (or r on an empty line) for the
app to roll for you. The engine rolls and plays for itself, each of its
segments shown on the board for a moment. ctrl+z takes back your last
segment and the engine's reply, ctrl+g lists the engine's best plays of your
roll with why, or after a 1-2 the doubles to name (once the game is over:
its review: how it ended, your error rate, rating, marks and costliest
decisions), ctrl+t ends the game (you resign), ctrl+s saves. The saved game is an ordinary
record with tags saying who played ([Black "aceynote engine, 1-ply"]). Dice
come from the system's randomness; --seed makes the game's dice repeatable.
See docs/record.md.

--game N goes on with game N of FILE, an unfinished game begun with play
(saved and quit): the engine takes the side its tag names, at the depth or
level it names, and you the other; the game's own tags stand, so --you,
--name, --rules, --depth, --level and the game's details are not given.

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
  aceynote play practice.acey --game 3
"""


def register(commands: Commands) -> None:
    parser = add_command(commands, "play", DESCRIPTION)
    parser.add_argument(
        "file", metavar="FILE", help="the record to add the game to, or go on in (.acey)"
    )
    parser.add_argument(
        "--you",
        choices=("white", "black"),
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
    parser.add_argument(
        "--game",
        type=whole_number,
        metavar="N",
        help="go on with game N of FILE, an unfinished game against the engine",
    )
    parser.set_defaults(run=run)


def _login_name() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):  # no user name in the environment or the password file
        return "Player"


_NEW_GAME_OPTIONS = ("you", "name", "rules", "depth", "level", "event", "site", "date", "round")
"""What a new game is begun with; a game gone on with (--game) keeps its own."""


def run(args: argparse.Namespace) -> int:
    if args.seed is not None and args.seed < 0:
        raise UsageError(f"--seed: a seed is 0 or more, not {args.seed}")
    if args.game is not None:
        return _go_on(args)
    return _new(args)


def _new(args: argparse.Namespace) -> int:
    from ..analysis.practice import LEVELS, dice_source, engine_name, opening_tag
    from ..notation.lines import new_game
    from ..rules import Side
    from ..tui.app import ReplayApp

    check_utf8("name", args.name)
    if args.name is not None and ("\n" in args.name or "\r" in args.name):
        raise UsageError("--name: a name is one line")
    you = Side.BLACK if args.you == "black" else Side.WHITE
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
    practice = _against(you.opponent, depth, level, dice, args.seed)
    return _played(ReplayApp(args.file, record=record, new_game=new_game(tags), practice=practice))


def _go_on(args: argparse.Namespace) -> int:
    """Game ``--game`` of FILE, begun with play and not finished, played on.

    FILE is read once: checked as a record play can write (an .acey file), then its
    game, and a terminal is asked for last.
    """
    from ..analysis.practice import dice_source, engine_named
    from ..tui.app import ReplayApp

    given = [f"--{name}" for name in _NEW_GAME_OPTIONS if getattr(args, name) is not None]
    if given:
        raise UsageError(f"--game goes on with a game as it was begun: not with {given[0]}")
    record = record_to_write(args.file, "play")
    game = _game_to_go_on_with(record, args.game)
    side = _engine_side(game, args.game, args.file)
    need_terminal("play")
    depth, level = engine_named(game.tag(side.title) or "") or (1, None)
    practice = _against(side, depth, level, dice_source(args.seed), args.seed)
    return _played(ReplayApp(args.file, game=args.game, record=record, practice=practice))


def _game_to_go_on_with(record: RecordFile, number: int) -> Game:
    """Game ``number`` of ``record``, or a UsageError: no such file, no such game."""
    path = path_in_message(record.path)
    if not record.existed:
        raise UsageError(f"{path}: no such file, so no game {number} to go on with")
    if not len(record):
        raise UsageError(f"{path} holds no game to go on with")
    if not 1 <= number <= len(record):
        raise UsageError(f"there is no game {number}: {path} holds {counted(len(record), 'game')}")
    return record.load(number - 1).game


def _engine_side(game: Game, number: int, path: str) -> Side:
    """The side the engine plays in ``game``, game ``number`` of ``path``; a UsageError when
    it cannot be gone on with: not begun with play, with errors, or over."""
    from ..analysis.practice import engine_side
    from ..validation import validate

    side, path = engine_side(game), path_in_message(path)
    if side is None:
        raise UsageError(
            f"game {number} of {path} was not begun with play: play goes on with a game"
            " where exactly one of the White and Black tags names the engine"
            " (like 'aceynote engine, 1-ply')"
        )
    report = validate(game)
    if report.errors:
        raise UsageError(f"game {number} has errors: see aceynote validate {path}")
    if report.outcome is not None or game.result_text != "*":
        raise UsageError(f"game {number} is over ({game.result_text}): nothing to play on")
    return side


def _against(
    side: Side, depth: int, level: Level | None, dice: random.Random, seed: int | None
) -> Practice:
    """The engine playing ``side``; at a level, its errors seeded after the game's dice."""
    from ..analysis.practice import Practice, dice_source

    errors = dice_source(None if seed is None else seed + 1)
    return Practice(side, depth, dice, level=level, errors=errors)


def _played(app: ReplayApp) -> int:
    """The game against the engine played in the app; the app's exit status."""
    app.run()
    return app.stop_status()
