"""Players that make every decision of a game, and games between two of them.

The engine's own player is :class:`NetPlayer`; :class:`RandomPlayer` and
:class:`GreedyPlayer` are the benchmark opponents of docs/engine.md (the
greedy bot scores each legal play by pips gained, hits made and blots left,
and looks no further).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import NamedTuple, Protocol

from ..rules import DOUBLES, Position, RuleSet, SegmentKind, Side, opening_winner
from ..rules.position import POINTS
from ..rules.randomgame import opening_rolls, roll_pair
from .decisions import MAX_DECISIONS, Choice, Decision, choices
from .search import Search


class Player(Protocol):
    def choose(self, options: list[Choice], decision: Decision) -> Choice: ...


class RandomPlayer:
    """Any legal play, at random (a chosen double too)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, options: list[Choice], decision: Decision) -> Choice:
        if decision.kind is SegmentKind.CHOSEN_DOUBLE:
            die = self.rng.choice(sorted({option.high for option in options}))
            options = [option for option in options if option.high == die]
        return self.rng.choice(options)


def greedy_score(option: Choice, before: Position) -> float:
    """Pips gained, hits made, blots left: the greedy bot's whole judgement."""
    side = before.turn
    result = option.play.result
    gained = before.pip_count(side) - result.pip_count(side)
    hits = sum(step.hit for step in option.play.steps)
    own = result.checkers(side)
    blots = sum(1 for point in POINTS if own[point] == 1)
    return gained + 6 * hits - 3 * blots


class GreedyPlayer:
    """The legal play with the best simple score; the double whose best play scores most."""

    def choose(self, options: list[Choice], decision: Decision) -> Choice:
        return max(options, key=lambda option: greedy_score(option, decision.position))


class NetPlayer:
    """The engine: the best choice by its search at ``depth`` 0 or 1."""

    def __init__(self, search: Search, depth: int) -> None:
        self.search = search
        self.depth = depth

    def choose(self, options: list[Choice], decision: Decision) -> Choice:
        return self.search.best(options, self.depth)


class GameResult(NamedTuple):
    winner: Side | None
    points: int
    turns: int


def opening(rng: random.Random) -> Position:
    """The starting position with the opening's winner to roll (the rules' random games')."""
    return Position.initial(opening_winner(opening_rolls(rng)))


def dice_for(decision: Decision, rng: random.Random) -> tuple[tuple[int, int], ...]:
    """The dice a decision plays: a roll of the dice, or each double the side may name."""
    if decision.kind is SegmentKind.CHOSEN_DOUBLE:
        return DOUBLES
    return (roll_pair(rng),)


def options_for(decision: Decision, rng: random.Random, rules: RuleSet) -> list[Choice]:
    """The choices of a decision, rolling the dice it needs."""
    return [
        choice
        for high, low in dice_for(decision, rng)
        for choice in choices(decision, high, low, rules)
    ]


def play_game(
    white: Player,
    black: Player,
    rules: RuleSet,
    rng: random.Random,
    max_decisions: int = 5000,
    start: Decision | None = None,
) -> GameResult:
    """A game from ``start`` (else the opening) to its end (None as winner if it ran past
    ``max_decisions``)."""
    decision = start if start is not None else Decision.start(opening(rng))
    turns = 0
    for _ in range(max_decisions):
        mover = decision.position.turn
        player = white if mover is Side.WHITE else black
        chosen = player.choose(options_for(decision, rng, rules), decision)
        if chosen.after is None:
            return GameResult(mover, chosen.points, turns + 1)
        if not chosen.same_side:
            turns += 1
        decision = chosen.after
    return GameResult(None, 0, turns)


def engine_match(
    engine_for: Callable[[RuleSet], Player],
    opponent_for: Callable[[random.Random], Player],
    rules_of: Callable[[int], RuleSet],
    games: int,
    seed: str,
    max_decisions: int = 5000,
    paired: bool = False,
    first: int = 0,
    start_of: Callable[[random.Random], Decision] | None = None,
) -> Iterator[int]:
    """The points the engine scores in each game (negative when it lost, 0 unfinished).

    The engine takes White in the even games and Black in the odd ones; game
    i is played under ``rules_of(i)`` with dice from ``seed`` and i alone, or,
    when ``paired``, from ``seed`` and i // 2: each pair of games then starts
    with the same dice, the sides swapped (while the players draw nothing
    from the game's random source, each roll goes to the same side in both
    games as long as their turns keep in step). ``first`` skips the games
    before it, so that a long match can go on where it stopped. ``start_of``
    gives each game's first decision from its random source (else the opening).
    """
    for index in range(first, games):
        rng = random.Random(f"{seed}:{index // 2 if paired else index}")
        rules = rules_of(index)
        engine, other = engine_for(rules), opponent_for(rng)
        engine_white = index % 2 == 0
        white, black = (engine, other) if engine_white else (other, engine)
        start = start_of(rng) if start_of else None
        result = play_game(white, black, rules, rng, max_decisions, start)
        if result.winner is None:
            yield 0
        else:
            won = result.winner is (Side.WHITE if engine_white else Side.BLACK)
            yield result.points if won else -result.points


def race_start(search: Search, rng: random.Random) -> Decision | None:
    """The first decision without contact of a game played by ``search`` at 0-ply from the
    opening (None if the game ended first)."""
    decision = Decision.start(opening(rng))
    for _ in range(MAX_DECISIONS):
        if not decision.position.has_contact:
            return decision
        following, _ = search.best_next(decision, dice_for(decision, rng))
        if following is None:
            return None
        decision = following
    return None


def bot(name: str) -> Callable[[random.Random], Player]:
    """The benchmark opponent called ``name``: "random" or "greedy"."""
    return RandomPlayer if name == "random" else (lambda rng: GreedyPlayer())
