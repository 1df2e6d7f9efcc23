"""The race network: kept with the weights, asked for the positions without contact, trained
on the races of self-play up to the exact tables (docs/engine.md, "The race network")."""

from __future__ import annotations

import io
import random
from pathlib import Path

import numpy as np
import pytest

from aceynote.engine.bots import NetPlayer, engine_match
from aceynote.engine.decisions import Decision
from aceynote.engine.evaluator import (
    NetworkEvaluator,
    RaceEvaluator,
    SplitEvaluator,
    evaluator_for,
)
from aceynote.engine.network import Network, WeightsFormatError
from aceynote.engine.search import Search
from aceynote.engine.training import races
from aceynote.engine.training.selfplay import main as train_main
from aceynote.engine.training.td import TDLearner
from aceynote.rules import PRESETS, Position, SegmentKind, Side


def position(white: dict[int, int], black: dict[int, int]) -> Position:
    """White to act; each side's checkers by point in its own numbering, the rest off."""
    sides = []
    for points in (white, black):
        counts = [0] * 27
        for point, count in points.items():
            counts[point] = count
        counts[0] = 15 - sum(points.values())
        sides.append(tuple(counts))
    return Position(sides[0], sides[1], Side.WHITE)


RACE = position({8: 2, 6: 3, 5: 2, 4: 2}, {8: 2, 6: 3, 5: 2, 4: 2})  # 9 a side: past the tables
CONTACT = position({20: 1, 6: 3, 5: 2}, {20: 1, 6: 3, 5: 2})
IN_TABLES = position({6: 2, 3: 1}, {5: 1, 2: 2})


def with_race(hidden: int = 6) -> Network:
    network = Network.fresh(hidden, seed=1)
    network.race = Network.fresh(hidden, seed=2)
    network.race.games = 7
    return network


def test_a_race_network_is_saved_and_loaded_with_the_weights() -> None:
    network = with_race()
    buffer = io.BytesIO()
    network.save(buffer)
    buffer.seek(0)
    loaded = Network.load(buffer)
    assert loaded.race is not None and network.race is not None
    assert loaded.race.games == 7
    np.testing.assert_array_equal(loaded.race.w1, network.race.w1)
    np.testing.assert_array_equal(loaded.w1, network.w1)
    fast = loaded.for_play()
    assert fast.race is not None and fast.race.w1.dtype == np.float32


def test_a_race_network_of_another_shape_is_refused() -> None:
    network = with_race()
    assert network.race is not None
    network.race.w1 = network.race.w1[:, :7]
    buffer = io.BytesIO()
    network.save(buffer)
    buffer.seek(0)
    with pytest.raises(WeightsFormatError, match="7 inputs"):
        Network.load(buffer)


def test_the_split_asks_the_race_evaluator_only_for_positions_without_contact() -> None:
    rules = PRESETS["standard"]
    racer, fighter = Network.fresh(6, seed=3), Network.fresh(6, seed=4)
    split = SplitEvaluator(NetworkEvaluator(racer, rules), NetworkEvaluator(fighter, rules))
    positions = [RACE, CONTACT, RACE]
    wins, equities = split.values(positions, [True, True, False], [False, True, False])
    race_wins, race_equities = NetworkEvaluator(racer, rules).values(
        [RACE, RACE], [True, False], [False, False]
    )
    contact_wins, contact_equities = NetworkEvaluator(fighter, rules).values(
        [CONTACT], [True], [True]
    )
    np.testing.assert_allclose(wins, [race_wins[0], contact_wins[0], race_wins[1]])
    np.testing.assert_allclose(equities, [race_equities[0], contact_equities[0], race_equities[1]])


def test_the_engine_s_evaluator_asks_the_race_network_past_the_tables_only() -> None:
    rules = PRESETS["bgammon"]
    network = with_race()
    assert network.race is not None
    engine = evaluator_for(network, rules)
    alone = evaluator_for(Network(network.w1, network.b1, network.w2, network.b2), rules)
    racer = NetworkEvaluator(network.race, rules)
    asked = [RACE, CONTACT, IN_TABLES]
    wins, equities = engine.values(asked, [True] * 3, [False] * 3)
    plain_wins, plain_equities = alone.values(asked, [True] * 3, [False] * 3)
    race_win, race_equity = racer.values([RACE], [True], [False])
    assert (wins[0], equities[0]) == pytest.approx((race_win[0], race_equity[0]))
    assert wins[0] != pytest.approx(plain_wins[0])
    assert (wins[1:], equities[1:]) == (
        pytest.approx(plain_wins[1:]),
        pytest.approx(plain_equities[1:]),
    )


def test_race_training_starts_from_a_copy_of_the_contact_network_and_changes_only_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(races, "MAX_DECISIONS", 400)
    start = Network.fresh(8, seed=5)
    start.games = 321
    start.save(tmp_path / "start.npz")
    arguments = ["--races", "--games", "2", "--out", str(tmp_path / "out"), "--seed", "3"]
    resume = ["--resume", str(tmp_path / "start.npz"), "--eval-games", "0"]
    assert train_main([*arguments, *resume]) == 0
    trained = Network.load(tmp_path / "out" / "checkpoint.npz")
    assert trained.games == 321 and trained.race is not None and trained.race.games == 2
    np.testing.assert_array_equal(trained.w1, start.w1)
    assert not np.array_equal(trained.race.w1, start.w1)
    assert np.abs(trained.race.w1 - start.w1).max() < 1.0  # learned from, not replaced


def test_a_race_start_is_a_game_s_first_decision_without_contact() -> None:
    search = Search(evaluator_for(Network.fresh(8, seed=6), PRESETS["standard"]))
    start = races.race_start(search, random.Random(11))
    assert start is not None
    assert not start.position.has_contact
    again = races.race_start(search, random.Random(11))
    assert again == start


def test_a_race_in_the_tables_is_learned_from_their_value_without_a_step_of_its_own() -> None:
    """The tables' value is the target: the race network is not asked where they answer."""
    rules = PRESETS["standard"]
    network = races.with_race_network(Network.fresh(8, seed=7))
    assert network.race is not None
    learner = TDLearner(network.race, alpha=0.5, lam=0.7)
    search = Search(evaluator_for(network, rules))
    tables = search.evaluator
    assert isinstance(tables, RaceEvaluator)
    ended: list[tuple[float, float]] = []
    learner.finish = lambda win, share: ended.append((win, share))  # type: ignore[method-assign]
    before = network.race.w1.copy()
    start = Decision(IN_TABLES, SegmentKind.ROLL)
    assert races.learn_race(learner, search, start, random.Random(1)) == 0
    exact = tables.exact(start)
    assert exact is not None
    assert ended == [pytest.approx((exact[0], exact[1] / 15))]
    np.testing.assert_array_equal(network.race.w1, before)


def test_a_match_from_a_given_start_plays_each_pair_from_it_with_the_seats_swapped() -> None:
    """The race duel's pairs: one engine on both seats gives each pair's games opposite points."""
    rules = PRESETS["standard"]
    player = NetPlayer(Search(evaluator_for(Network.fresh(6, seed=8), rules)), 0)
    starts: list[Decision] = []

    def start_of(rng: random.Random) -> Decision:
        starts.append(Decision(RACE, SegmentKind.ROLL))
        return starts[-1]

    points = list(
        engine_match(
            lambda _: player,
            lambda _: player,
            lambda _: rules,
            6,
            "t",
            paired=True,
            start_of=start_of,
        )
    )
    assert len(starts) == 6
    assert all(score != 0 for score in points)
    assert [points[at] + points[at + 1] for at in (0, 2, 4)] == [0, 0, 0]
    assert all(abs(score) <= 9 for score in points)  # 9 checkers a side left at the start
