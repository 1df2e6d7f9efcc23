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

from ...rules import RuleSet
from ..bots import dice_for, race_start
from ..decisions import MAX_DECISIONS, Decision
from ..evaluator import NetworkEvaluator, RaceEvaluator, evaluator_for
from ..network import Network
from ..search import Search
from .td import TDLearner, learn_decisions

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
    inputs = NetworkEvaluator(learner.net, tables.rules)
    visited: list[Decision] = []
    decision = start
    while len(visited) < MAX_DECISIONS:
        exact = tables.table.value(*decision)
        if exact is not None:
            learn_decisions(learner, inputs, visited, decision, (exact[0], exact[1] / tables.scale))
            break
        visited.append(decision)
        following, points = search.best_next(decision, dice_for(decision, rng))
        if following is None:
            learn_decisions(learner, inputs, visited, decision, (1.0, points / tables.scale))
            break
        decision = following
    return len(visited)
