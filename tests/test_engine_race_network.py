"""The race network: kept with the weights, asked for the positions without contact, trained
on the races of self-play up to the exact tables (docs/engine.md, "The race network")."""

from __future__ import annotations

import io
import random
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from aceynote.engine import bots
from aceynote.engine.bots import NetPlayer, engine_match
from aceynote.engine.decisions import Choice, Decision
from aceynote.engine.evaluator import (
    NetworkEvaluator,
    RaceEvaluator,
    _counts,
    evaluator_for,
    without_contact,
)
from aceynote.engine.network import Network, WeightsFormatError
from aceynote.engine.search import Search
from aceynote.engine.training import races
from aceynote.engine.training.selfplay import main as train_main
from aceynote.engine.training.td import TDLearner
from aceynote.rules import PRESETS, Position, RuleSet, SegmentKind, Side


def position(white: dict[int, int], black: dict[int, int], turn: Side = Side.WHITE) -> Position:
    """Each side's checkers by point in its own numbering, the rest off."""
    sides = []
    for points in (white, black):
        counts = [0] * 27
        for point, count in points.items():
            counts[point] = count
        counts[0] = 15 - sum(points.values())
        sides.append(tuple(counts))
    return Position(sides[0], sides[1], turn)


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


def test_the_network_asks_its_race_network_only_for_positions_without_contact() -> None:
    rules = PRESETS["standard"]
    racer, fighter = Network.fresh(6, seed=3), Network.fresh(6, seed=4)
    both = NetworkEvaluator(replace(fighter, race=racer), rules)
    positions = [RACE, CONTACT, RACE]
    wins, equities = both.values(positions, [True, True, False], [False, True, False])
    race_wins, race_equities = NetworkEvaluator(racer, rules).values(
        [RACE, RACE], [True, False], [False, False]
    )
    contact_wins, contact_equities = NetworkEvaluator(fighter, rules).values(
        [CONTACT], [True], [True]
    )
    np.testing.assert_allclose(wins, [race_wins[0], contact_wins[0], race_wins[1]])
    np.testing.assert_allclose(equities, [race_equities[0], contact_equities[0], race_equities[1]])


def test_a_batch_s_races_are_the_positions_the_rules_say_have_no_contact() -> None:
    draw = random.Random(12)
    positions, white_acts = [], []
    for _ in range(3000):
        sides = []
        for _side in range(2):
            counts = [0] * 27
            for _checker in range(draw.randint(0, 15)):
                counts[draw.choice([1, 2, 3, 4, 5, 6, 6, 6, *range(7, 27)])] += 1
            counts[0] = 15 - sum(counts)
            sides.append(tuple(counts))
        positions.append(Position(sides[0], sides[1], Side.WHITE))
        white_acts.append(draw.random() < 0.5)
    found = without_contact(_counts(positions, white_acts))
    expected = [not position.has_contact for position in positions]
    assert found.tolist() == expected
    assert 300 < sum(expected) < 2700  # both kinds met


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
    np.testing.assert_allclose(wins[1:], plain_wins[1:])
    np.testing.assert_allclose(equities[1:], plain_equities[1:])


def test_race_training_starts_from_a_copy_of_the_contact_network_and_changes_only_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bots, "MAX_DECISIONS", 400)
    monkeypatch.setattr(races, "MAX_DECISIONS", 400)
    start = Network.fresh(8, seed=7)  # some random nets never leave contact in 400 decisions
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


def test_race_training_needs_the_weights_whose_race_network_it_trains(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        train_main(["--races", "--games", "2", "--out", str(tmp_path)])
    assert stopped.value.code == 2
    assert "--resume" in capsys.readouterr().err
    assert not (tmp_path / "checkpoint.npz").exists()


def test_a_checkpoint_takes_the_race_network_of_other_weights(tmp_path: Path) -> None:
    """So that a contact checkpoint is put to a duel with the shipped race network."""
    Network.fresh(6, seed=1).save(tmp_path / "contact.npz")
    with_race(6).save(tmp_path / "shipped.npz")
    arguments = ["--games", "1", "--out", str(tmp_path / "out"), "--eval-games", "0"]
    sources = [
        "--resume",
        str(tmp_path / "contact.npz"),
        "--race-from",
        str(tmp_path / "shipped.npz"),
    ]
    assert train_main([*arguments, *sources]) == 0
    trained = Network.load(tmp_path / "out" / "checkpoint.npz")
    assert trained.games == 1 and trained.race is not None
    np.testing.assert_array_equal(trained.race.w1, Network.fresh(6, seed=2).w1)


def test_weights_without_a_race_network_load_without_one() -> None:
    buffer = io.BytesIO()
    Network.fresh(6, seed=1).save(buffer)
    buffer.seek(0)
    plain = Network.load(buffer)
    assert plain.race is None and plain.for_play().race is None


def test_a_race_start_is_a_game_s_first_decision_without_contact() -> None:
    search = Search(evaluator_for(Network.fresh(8, seed=6), PRESETS["standard"]))
    start = bots.race_start(search, random.Random(11))
    assert start is not None
    assert not start.position.has_contact
    assert bots.race_start(search, random.Random(11)) == start


def learned_targets(start: Decision) -> tuple[list[tuple[float, float]], int, Network]:
    """The targets learn_race gives the race network from ``start`` (standard rules)."""
    network = races.with_race_network(Network.fresh(8, seed=7))
    assert network.race is not None
    learner = TDLearner(network.race, alpha=0.5, lam=0.7)
    search = Search(evaluator_for(network, PRESETS["standard"]))
    ended: list[tuple[float, float]] = []
    learner.learn = lambda _inputs, _white_acts, white_win, white_share: ended.append(  # type: ignore[method-assign]
        (white_win, white_share)
    )
    steps = races.learn_race(learner, search, start, random.Random(1))
    return ended, steps, network.race


@pytest.mark.parametrize("turn", [Side.WHITE, Side.BLACK])
def test_a_race_in_the_tables_is_learned_from_their_value_in_white_s_frame(turn: Side) -> None:
    """The tables' value is the target: the race network is not asked where they answer."""
    start = Decision(position({6: 2, 3: 1}, {5: 1, 2: 2}, turn), SegmentKind.ROLL)
    table = Search(evaluator_for(Network.fresh(8, seed=7), PRESETS["standard"])).evaluator
    assert isinstance(table, RaceEvaluator)
    exact = table.table.value(*start)
    assert exact is not None
    win, share = exact[0], exact[1] / 15
    ended, steps, race = learned_targets(start)
    assert steps == 0
    assert ended == [pytest.approx((win, share) if turn is Side.WHITE else (1 - win, -share))]
    np.testing.assert_array_equal(race.w1, Network.fresh(8, seed=7).w1)


@pytest.mark.parametrize("turn", [Side.WHITE, Side.BLACK])
def test_a_race_won_before_the_tables_is_learned_from_its_score(turn: Side) -> None:
    """One checker left against five outside the home board: any roll wins 5 points."""
    start = Decision(position({1: 1}, {8: 2, 6: 3}, turn), SegmentKind.ROLL)
    if turn is Side.BLACK:
        start = Decision(position({8: 2, 6: 3}, {1: 1}, turn), SegmentKind.ROLL)
    ended, steps, _ = learned_targets(start)
    assert steps == 1
    assert ended == [pytest.approx((1.0, 5 / 15) if turn is Side.WHITE else (0.0, -5 / 15))]


def test_a_match_from_a_given_start_plays_each_pair_from_it_with_the_seats_swapped() -> None:
    """The race duel's pairs: one engine on both seats gives each pair's games opposite points."""
    rules = PRESETS["standard"]
    player = NetPlayer(Search(evaluator_for(Network.fresh(6, seed=8), rules)), 0)
    starts = [
        Decision(RACE, SegmentKind.ROLL),
        Decision(RACE.with_turn(Side.BLACK), SegmentKind.ROLL),
    ]
    games: list[list[Decision]] = []  # each game's decisions, as its players saw them

    class Noting:
        def choose(self, options: list[Choice], decision: Decision) -> Choice:
            games[-1].append(decision)
            return player.choose(options, decision)

    def new_game(_: RuleSet) -> Noting:
        games.append([])
        return Noting()

    points = list(
        engine_match(
            new_game,
            lambda _: Noting(),
            lambda _: rules,
            6,
            "t",
            paired=True,
            start_of=lambda rng: starts[rng.randrange(2)],
        )
    )
    firsts = [game[0] for game in games]
    assert all(first in starts for first in firsts)
    assert firsts[0::2] == firsts[1::2]  # each pair from one start
    assert all(score != 0 for score in points)
    assert [points[at] + points[at + 1] for at in (0, 2, 4)] == [0, 0, 0]
