"""Records of random games: the rules engine's random player, written as notation."""

from __future__ import annotations

import random
from collections.abc import Iterator

from ..rules import Position, RuleSet
from ..rules.randomgame import PlayedSegment, PlayedTurn, RandomGame, play_random_game
from .model import Game, Segment, Tag, Turn
from .writer import moves_of_steps


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


def record_of(game: RandomGame, rules: RuleSet, index: int, setup: Position | None) -> Game:
    """The model of a random game, with tags saying how it was made."""
    result = _result(game)
    tags = [
        Tag("Event", "aceynote generate"),
        Tag("Round", str(index)),
        Tag("White", "Random White"),
        Tag("Black", "Random Black"),
        Tag("Result", result),
        Tag("Rules", rules.to_tag()),
    ]
    if setup is not None:
        tags.append(Tag("Setup", setup.to_setup()))
    else:
        tags.append(Tag("Opening", " ".join(f"{w}-{b}" for w, b in game.opening)))
    turns = _turns(game.turns, 1)
    if game.outcome is None:
        tags.append(Tag("Termination", "abandoned"))
    return Game(tags=tags, turns=turns, result=result)


def generate_games(
    count: int, seed: int, rules: RuleSet, setup: Position | None = None
) -> Iterator[Game]:
    """``count`` complete random games; the same seed gives the same games."""
    rng = random.Random(seed)
    for index in range(1, count + 1):
        game = play_random_game(rng, rules, setup)
        yield record_of(game, rules, index, setup)
