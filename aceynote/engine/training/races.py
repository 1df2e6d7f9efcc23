"""The race network's training: TD(lambda) on the races of self-play (docs/engine.md).

Each game is played from the opening by the engine at 0-ply until no contact
is left; from there its race is played :data:`REPLAYS` times with other dice,
by the race network at 0-ply, which learns from each race at its end. A race
ends where it enters the exact tables, whose value is then its target (as
gnubg's race nets learn up to its bear-off database), or where a side has
borne off every checker.
"""

from __future__ import annotations

import random

import numpy as np

from ...rules import RuleSet, Side
from ..bots import dice_for, race_start
from ..decisions import MAX_DECISIONS, Decision
from ..evaluator import NetworkEvaluator, RaceEvaluator, evaluator_for
from ..network import Network
from ..search import Search
from .td import TDLearner

REPLAYS = 4
"""Races learned from each game's race start: the contact play before it costs more."""


def with_race_network(network: Network) -> Network:
    """The network with a race network to train: its own, or a copy of the contact one."""
    if network.race is None:
        network.race = Network(
            network.w1.copy(), network.b1.copy(), network.w2.copy(), network.b2.copy()
        )
    return network


def train_races(learner: TDLearner, playing: Network, rules: RuleSet, rng: random.Random) -> int:
    """One game played to its race, then the race learned from; returns the decisions learned.

    ``playing`` is the engine that plays (its race network is ``learner.net``).
    """
    search = Search(evaluator_for(playing, rules))
    start = race_start(search, rng)
    if start is None:
        return 0
    return sum(learn_race(learner, search, start, rng) for _ in range(REPLAYS))


def learn_race(learner: TDLearner, search: Search, start: Decision, rng: random.Random) -> int:
    """One race from ``start``, learned from up to the tables or the end."""
    tables = search.evaluator
    assert isinstance(tables, RaceEvaluator)
    visited: list[Decision] = []
    decision: Decision | None = start
    end: tuple[float, float] | None = None
    while decision is not None and len(visited) < MAX_DECISIONS:
        exact = tables.table.value(*decision)
        if exact is not None:
            end = exact[0], exact[1] / tables.scale
            break
        visited.append(decision)
        decision, points = search.best_next(decision, dice_for(decision, rng))
        if decision is None:
            end = 1.0, points / tables.scale
    if end is not None:
        ender = decision if decision is not None else visited[-1]
        _learn(learner, NetworkEvaluator(learner.net, tables.rules), visited, ender, end)
    return len(visited)


def _learn(
    learner: TDLearner,
    inputs: NetworkEvaluator,
    visited: list[Decision],
    ender: Decision,
    end: tuple[float, float],
) -> None:
    """Learn from a race's decisions and its end, valued ``end`` (win, share) for the side to
    act at ``ender``, the decision the end was valued at (or won from)."""
    win, share = end
    if ender.position.turn is not Side.WHITE:
        win, share = 1.0 - win, -share
    white_acts = np.array([each.position.turn is Side.WHITE for each in visited], dtype=np.bool_)
    learner.learn(inputs.inputs(visited), white_acts, win, share)
