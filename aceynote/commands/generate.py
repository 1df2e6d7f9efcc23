"""``aceynote generate``: complete random games as a valid record."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator

from ..files.writing import write_atomically
from ..notation import Game, write_game
from ..notation.generate import MAX_PLAYERS, Variety, generate_games
from .base import EXIT_OK, Commands, UsageError, add_command, whole_number, write_out
from .destination import check_output_name, to_file
from .tag_options import rules_option, setup_option

DESCRIPTION = """\
Play complete games with a seeded random legal player (it likes to hit and
to race home) and print them as a valid record. The same seed gives the same
games, so generated records make good test and benchmark material.

The games are Random White v Random Black, rounds 1, 2... of the event
"aceynote generate", unless --players and --events make them look like a
club's records, for trying find and stats: --players N draws each game's
players from N names, --events N shares the games out among N events (each
with its site, and rounds a week apart with their dates). The games' plays
are the same either way; only their tags change.

examples:
  aceynote generate --games 3 --seed 7
  aceynote generate --games 300 --players 12 --events 3 | aceynote stats -
  aceynote generate --games 1000 --rules "standard bearoff=exact" -o corpus.acey
  aceynote generate --setup "W 6:3 5:2 / B 6:2 5:1 / W"
"""


def register(commands: Commands) -> None:
    parser = add_command(commands, "generate", DESCRIPTION)
    parser.add_argument(
        "--games", type=whole_number, default=1, metavar="N", help="how many games (default 1)"
    )
    parser.add_argument(
        "--seed", type=whole_number, default=0, metavar="S", help="random seed (default 0)"
    )
    parser.add_argument(
        "--rules", default="standard", help='Rules tag value, like "navy" (default standard)'
    )
    parser.add_argument(
        "--setup", help="start every game from this Setup string instead of the opening"
    )
    parser.add_argument(
        "--players",
        type=whole_number,
        default=0,
        metavar="N",
        help=(
            f"draw each game's players from N names (2 to {MAX_PLAYERS}; default 0: Random"
            " White v Random Black)"
        ),
    )
    parser.add_argument(
        "--events",
        type=whole_number,
        default=0,
        metavar="N",
        help=(
            "share the games out among N events, with sites, rounds and dates (default 0:"
            " every game in the one event 'aceynote generate')"
        ),
    )
    parser.add_argument(
        "-o", "--output", default="-", metavar="OUT", help="file to write (default - for stdout)"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.games < 0:
        raise UsageError("--games takes a count of 0 or more")
    if args.players and not 2 <= args.players <= MAX_PLAYERS:
        raise UsageError(f"--players takes 2 to {MAX_PLAYERS} players")
    if args.events < 0:
        raise UsageError("--events takes a count of 0 or more")
    check_output_name(args.output, "acey", "generate writes acey records")
    rules = rules_option(args.rules)
    setup = setup_option(args.setup) if args.setup else None
    games = generate_games(args.games, args.seed, rules, setup, Variety(args.players, args.events))
    if args.output == "-":
        _write(games, write_out)
        return EXIT_OK
    to_file(
        args.output, lambda: write_atomically(args.output, lambda out: _write(games, out.write))
    )
    return EXIT_OK


def _write(games: Iterator[Game], write: Callable[[str], object]) -> None:
    for index, game in enumerate(games):
        if index:
            write("\n")
        write(write_game(game))
