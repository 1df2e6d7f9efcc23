"""A seeded random legal player, for generated records, tests and benchmarks.

It prefers plays that hit and that bring checkers home and off, so that its
games finish in a reasonable number of turns.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .moves import Play, legal_plays
from .position import OFF, Position, Side
from .replies import blots
from .rolls import roll_of
from .ruleset import RuleSet
from .turn import Outcome, SegmentKind, TurnState, opening_winner, outcome


@dataclass(frozen=True, slots=True)
class PlayedSegment:
    kind: SegmentKind
    high: int
    low: int
    play: Play


@dataclass(frozen=True, slots=True)
class PlayedTurn:
    side: Side
    segments: tuple[PlayedSegment, ...]


@dataclass(slots=True)
class RandomGame:
    """A complete game played by :func:`play_random_game`."""

    start: Position
    opening: list[tuple[int, int]]
    turns: list[PlayedTurn] = field(default_factory=list)
    outcome: Outcome | None = None


def roll_pair(rng: random.Random) -> tuple[int, int]:
    """A roll of two dice, higher die first."""
    return roll_of(rng.randint(1, 6), rng.randint(1, 6))


def opening_rolls(rng: random.Random) -> list[tuple[int, int]]:
    """Opening rolls (White's die first) until one is not a tie."""
    rolls = []
    while True:
        white, black = rng.randint(1, 6), rng.randint(1, 6)
        rolls.append((white, black))
        if white != black:
            return rolls


def _appeal(play: Play, side: Side, rng: random.Random) -> float:
    """Hits and progress are good, blots bad; the random part keeps games varied."""
    hits = sum(step.hit for step in play.steps)
    result = play.result
    progress = 4 * result.checkers(side)[OFF] - result.pip_count(side)
    return 3 * hits + progress - 4 * len(blots(result, side)) + rng.random() * 6


def choose_play(plays: dict[Position, Play], side: Side, rng: random.Random) -> Play:
    """Pick one of the legal plays, favouring hits and progress."""
    return max(plays.values(), key=lambda play: _appeal(play, side, rng))


def play_turn(state: TurnState, rng: random.Random) -> tuple[TurnState, PlayedTurn]:
    """Play one whole turn from ``state`` with random dice and a biased choice."""
    side = state.mover
    segments: list[PlayedSegment] = []
    while state.expects is not None:
        kind = state.expects
        if kind is SegmentKind.CHOSEN_DOUBLE:
            double = rng.randint(1, 6)
            high, low = double, double
        else:
            high, low = roll_pair(rng)
        dice = state.dice_for(kind, high, low)
        play = choose_play(legal_plays(state.position, dice, state.rules), side, rng)
        segments.append(PlayedSegment(kind, high, low, play))
        state = state.after(kind, high, low, play)
    return state, PlayedTurn(side, tuple(segments))


def play_random_game(
    rng: random.Random,
    rules: RuleSet,
    start: Position | None = None,
    max_turns: int = 2000,
) -> RandomGame:
    """Play a game to its end (or ``max_turns``) from ``start`` or the initial position."""
    if start is None:
        opening = opening_rolls(rng)
        position = Position.initial(opening_winner(opening))
    else:
        opening, position = [], start
    game = RandomGame(position, opening)
    while position.winner is None and len(game.turns) < max_turns:
        state, turn = play_turn(TurnState.begin(position, rules), rng)
        game.turns.append(turn)
        position = state.next_turn()
    game.outcome = outcome(position, rules)
    return game
