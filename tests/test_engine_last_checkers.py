"""The last checker a side: exact values with contact, as the rules' own turn gives them."""

from __future__ import annotations

import random

import pytest
from turn_values import choice_value, turn_values

from aceynote.analysis.marks import mark_for
from aceynote.engine import Engine
from aceynote.engine.api import shipped_network
from aceynote.engine.bearoff import build
from aceynote.engine.decisions import Decision, choices
from aceynote.engine.evaluator import evaluator_for
from aceynote.engine.last_checkers import (
    PLACES,
    LastCheckersTable,
    last_checkers_table,
    last_places,
    pair_position,
)
from aceynote.engine.search import Search
from aceynote.rules import ROLLS, Position, RuleSet, SegmentKind, SetupError, Side, parse_rules


def accepted(position: Position) -> bool:
    """Whether [Setup] accepts it: it refuses both sides on one point."""
    try:
        Position.from_setup(position.to_setup())
    except SetupError:
        return False
    return True


def every_pair() -> list[Position]:
    found = [pair_position(white, black) for white in PLACES for black in PLACES]
    return [position for position in found if accepted(position)]


def value(table: LastCheckersTable, position: Position, kind: SegmentKind) -> tuple[float, float]:
    places = last_places(position, position.turn is Side.WHITE)
    assert places is not None
    return table.lookup(places, kind is SegmentKind.CHOSEN_DOUBLE)


@pytest.mark.parametrize("preset", ["standard", "bgammon", "navy"])
def test_without_contact_the_values_are_the_race_tables(preset: str) -> None:
    """Two solvers of their own: the race table of one checker anywhere on 1..23."""
    rules = parse_rules(preset)
    races, table = build(rules, 1, 1), last_checkers_table(rules)
    compared = 0
    for position in every_pair():
        for kind in (SegmentKind.ROLL, SegmentKind.CHOSEN_DOUBLE):
            exact = races.value(position, kind)
            if exact is not None:
                assert value(table, position, kind) == pytest.approx(exact, abs=1e-6)
                compared += 1
    assert compared >= 2 * 200


@pytest.mark.parametrize("preset", ["standard", "bgammon", "navy"])
def test_with_contact_each_value_is_the_best_play_of_each_roll(preset: str) -> None:
    rules = parse_rules(preset)
    table = last_checkers_table(rules)
    contact = [position for position in every_pair() if position.has_contact]
    assert len(contact) > 300
    for position in random.Random(preset).sample(contact, 40):
        assert_fixed_point(table, position, rules)


def assert_fixed_point(table: LastCheckersTable, position: Position, rules: RuleSet) -> None:
    to_roll, to_name = turn_values(position, rules, lambda *decision: value(table, *decision))
    rolled = value(table, position, SegmentKind.ROLL)
    assert rolled[1] == pytest.approx(to_roll, abs=1e-9)
    assert value(table, position, SegmentKind.CHOSEN_DOUBLE)[1] == pytest.approx(to_name, abs=1e-9)
    assert rolled[1] == pytest.approx(2 * rolled[0] - 1)  # one point, won or lost


def test_the_engine_values_a_contact_ending_exactly_and_a_rollout_agrees() -> None:
    """The shipped network puts White's chance here at 53%; it is 18.8%."""
    engine = Engine("standard")
    setup = "W bar:1 / B 7:1 / W"
    exact = value(
        last_checkers_table(parse_rules("standard")), Position.from_setup(setup), SegmentKind.ROLL
    )
    evaluated = engine.evaluate(setup)
    assert (evaluated.win, evaluated.equity) == pytest.approx(exact)
    assert exact[0] == pytest.approx(0.1876, abs=1e-4)
    best = engine.rank(setup, "65", depth=0)[0]
    (rolled,) = engine.rollout(setup, "65", games=1296, seed=3, top=1, depth=0)
    assert abs(rolled.equity - best.equity) < 3 * rolled.error


@pytest.mark.parametrize("preset", ["standard", "bgammon"])
def test_the_exact_best_play_loses_nothing_and_gets_no_mark(preset: str) -> None:
    """At 0- and 1-ply every play is valued as the table values it, so the best is exact."""
    rules = parse_rules(preset)
    table, search = last_checkers_table(rules), Search(evaluator_for(shipped_network(), rules))
    draw = random.Random(preset)
    contact = [position for position in every_pair() if position.has_contact]
    for position in draw.sample(contact, 20):
        high, low = draw.choice(ROLLS)
        options = choices(Decision(position, SegmentKind.ROLL), high, low, rules)
        exact = {
            id(option): choice_value(option, lambda *at: value(table, *at)) for option in options
        }
        exact_best = max(options, key=lambda option: exact[id(option)])
        for depth in (0, 1):
            ranked, best = search.judge(options, options.index(exact_best), depth)
            assert [scored.equity for scored in ranked] == pytest.approx(
                [exact[id(scored.choice)] for scored in ranked], abs=1e-6
            )  # the race tables, which some plays reach, are kept as float32
            assert best.equity == pytest.approx(ranked[0].equity, abs=1e-6)
            assert mark_for(ranked[0].equity - best.equity, rules) is None


def test_a_win_on_the_spot_comes_before_a_sure_win_later_at_every_depth() -> None:
    """=55 and =66 bear White's checker off; =44 leaves it on 4 with the extra roll to come,
    a sure win too. Weighted by the chances 1/36 and 2/36, that later win came to
    1.0000000000000002 at 1- and 2-ply, and was ranked first."""
    engine = Engine("standard")
    for depth in (0, 1, 2):
        ranked = engine.rank_doubles("W 20:1 / B 3:1 / W", depth)
        assert [entry.equity for entry in ranked[:3]] == [1.0, 1.0, 1.0]
        assert [entry.play.endswith("/off") for entry in ranked[:3]] == [True, True, False]


def test_a_pair_on_one_point_or_more_checkers_is_not_the_table_s() -> None:
    same_point = Position.from_setup("W 20:1 / B 4:1 / W")  # Black's 4 is White's 21
    assert last_places(same_point, True) == (20, 4)
    assert last_places(Position.from_setup("W 20:1 19:1 / B 4:1 / W"), True) is None
    white, black = list(same_point.white), list(same_point.black)
    black[4], black[5] = 0, 1  # Black's 5 is White's 20: both on one point
    assert last_places(Position(tuple(white), tuple(black), Side.WHITE), True) is None
