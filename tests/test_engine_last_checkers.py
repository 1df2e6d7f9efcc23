"""The last checker a side: exact values with contact, as the rules' own turn gives them."""

from __future__ import annotations

import random

import pytest

from aceynote.engine import Engine
from aceynote.engine.bearoff import build
from aceynote.engine.decisions import ROLLS, Choice, Decision, choices, double_choices
from aceynote.engine.last_checkers import (
    PLACES,
    LastCheckersTable,
    last_checkers_table,
    last_places,
)
from aceynote.rules import (
    CHECKERS_PER_SIDE,
    OFF,
    SLOTS,
    Position,
    RuleSet,
    SegmentKind,
    SetupError,
    Side,
    parse_rules,
)


def lone(white_place: int, black_place: int) -> Position | None:
    """White's last checker and Black's on these places, White to roll; None if no game
    can reach it (both on one point)."""

    def side(place: int) -> tuple[int, ...]:
        counts = [0] * SLOTS
        counts[OFF], counts[place] = CHECKERS_PER_SIDE - 1, 1
        return tuple(counts)

    position = Position(side(white_place), side(black_place), Side.WHITE)
    try:
        return Position.from_setup(position.to_setup())
    except SetupError:
        return None


def every_pair() -> list[Position]:
    found = [lone(white, black) for white in PLACES for black in PLACES]
    return [position for position in found if position is not None]


def value(table: LastCheckersTable, position: Position, kind: SegmentKind) -> tuple[float, float]:
    places = last_places(position, position.turn is Side.WHITE)
    assert places is not None
    return table.lookup(places, kind is SegmentKind.CHOSEN_DOUBLE)


def choice_value(choice: Choice, table: LastCheckersTable) -> float:
    if choice.after is None:
        return choice.points
    found = value(table, *choice.after)
    return found[1] if choice.same_side else -found[1]


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
    to_roll = sum(
        chance
        * max(
            choice_value(choice, table)
            for choice in choices(Decision(position, SegmentKind.ROLL), high, low, rules)
        )
        for high, low, chance in ROLLS
    )
    to_name = max(
        choice_value(choice, table)
        for choice in double_choices(Decision(position, SegmentKind.CHOSEN_DOUBLE), rules)
    )
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


def test_a_pair_on_one_point_or_more_checkers_is_not_the_table_s() -> None:
    same_point = Position.from_setup("W 20:1 / B 4:1 / W")  # Black's 4 is White's 21
    assert last_places(same_point, True) == (20, 4)
    assert last_places(Position.from_setup("W 20:1 19:1 / B 4:1 / W"), True) is None
    white, black = list(same_point.white), list(same_point.black)
    black[4], black[5] = 0, 1  # Black's 5 is White's 20: both on one point
    assert last_places(Position(tuple(white), tuple(black), Side.WHITE), True) is None
