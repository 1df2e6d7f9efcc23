"""Records of random games: the rules engine's random player, written as notation.

The games' tags can vary as a club's records do (players drawn from a pool,
events with their site, rounds and dates), so that ``find`` and ``stats``
have something to find and count. They are drawn from a generator of their
own: the same seed gives the same games whatever tags they carry.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Iterator
from dataclasses import dataclass

from ..rules import Position, RuleSet
from ..rules.randomgame import PlayedSegment, PlayedTurn, RandomGame, play_random_game
from .model import Game, Segment, Tag, Turn
from .tags import date_tag
from .writer import moves_of_steps

FIRST_NAMES = (
    "Ines", "Tom", "Maya", "Omar", "Lena", "Kofi", "Rosa", "Ivan",
    "Aiko", "Finn", "Nadia", "Pablo", "Greta", "Sami", "Vera", "Hugo",
)  # fmt: skip
LAST_NAMES = (
    "Alder", "Brandt", "Carr", "Dunn", "Ekström", "Fox", "Galvão", "Hale",
    "Ito", "Jansen", "Kerr", "Lund", "Moreau", "Nagy", "Okafor", "Price",
)  # fmt: skip
MAX_PLAYERS = len(FIRST_NAMES) * len(LAST_NAMES)
CLUBS = ("Harbour Club", "Old Mill", "Riverside", "North Pier")
SERIES = ("spring ladder", "summer open", "autumn ladder", "winter cup")
FIRST_DAY = datetime.date(2026, 1, 5)


@dataclass(frozen=True)
class Variety:
    """How the generated games' tags vary: ``players`` names drawn for each game (0: Random
    White v Random Black), and the games shared out among ``events`` events, each with its
    site, rounds a week apart and their dates (0: one event, the game's number its round)."""

    players: int = 0
    events: int = 0


def _segment(played: PlayedSegment) -> Segment:
    return Segment(played.kind, (played.high, played.low), moves_of_steps(played.play.steps))


def _turns(turns: list[PlayedTurn], first_number: int) -> list[Turn]:
    written: list[Turn] = []
    number = first_number
    for index, played in enumerate(turns):
        if index and played.side.value == "W":
            number += 1
        segments = [_segment(segment) for segment in played.segments]
        written.append(Turn(played.side, number, segments))
    return written


def _result(game: RandomGame) -> str:
    if game.outcome is None:
        return "*"
    return game.outcome.token


def record_of(game: RandomGame, rules: RuleSet, setup: Position | None, details: list[Tag]) -> Game:
    """The model of a random game, with ``details`` (the players, the event) and tags saying
    how it was made."""
    result = _result(game)
    tags = [*details, Tag("Result", result), Tag("Rules", rules.to_tag())]
    if setup is not None:
        tags.append(Tag("Setup", setup.to_setup()))
    else:
        tags.append(Tag("Opening", " ".join(f"{w}-{b}" for w, b in game.opening)))
    turns = _turns(game.turns, 1)
    if game.outcome is None:
        tags.append(Tag("Termination", "abandoned"))
    return Game(tags=tags, turns=turns, result=result)


def generate_games(
    count: int,
    seed: int,
    rules: RuleSet,
    setup: Position | None = None,
    variety: Variety = Variety(),
) -> Iterator[Game]:
    """``count`` complete random games; the same seed gives the same games."""
    rng = random.Random(seed)
    details = game_details(count, seed, variety)
    for _ in range(count):
        yield record_of(play_random_game(rng, rules, setup), rules, setup, next(details))


def game_details(count: int, seed: int, variety: Variety) -> Iterator[list[Tag]]:
    """The event and player tags of each of ``count`` games, drawn from their own generator."""
    rng = random.Random(f"details {seed}")
    pool = _players(rng, variety.players)
    events = max(variety.events, 1)
    for index in range(count):
        event = index * events // count
        first = -(-event * count // events)  # the event's first game
        white, black = rng.sample(pool, 2) if pool else ("Random White", "Random Black")
        if not variety.events:
            where = [Tag("Event", "aceynote generate"), Tag("Round", str(index + 1))]
        else:
            where = _event_tags(event, index - first, max(len(pool) // 2, 1), seed)
        yield [*where, Tag("White", white), Tag("Black", black)]


def _players(rng: random.Random, count: int) -> list[str]:
    """``count`` different names, drawn at random (none for 0)."""
    names = [f"{first} {last}" for last in LAST_NAMES for first in FIRST_NAMES]
    return rng.sample(names, count)


def _event_tags(event: int, played: int, per_round: int, seed: int) -> list[Tag]:
    """Event ``event``'s tags for its game after ``played`` others, ``per_round`` a round."""
    club = CLUBS[(event + seed) % len(CLUBS)]
    name = f"{club} {SERIES[event % len(SERIES)]} {FIRST_DAY.year + event // len(SERIES)}"
    round_number = played // per_round + 1
    day = FIRST_DAY + datetime.timedelta(weeks=13 * event + round_number - 1)
    return [
        Tag("Event", name),
        Tag("Site", club),
        Tag("Date", date_tag(day)),
        Tag("Round", str(round_number)),
    ]
