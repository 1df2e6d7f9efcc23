"""read_as_written: the plain reading settles a play only when it is the legal one."""

from __future__ import annotations

import random

import pytest
from boards import STANDARD

from aceynote.rules import (
    OFF,
    POOL,
    Position,
    RuleSet,
    Trip,
    read_as_written,
    read_trips,
    roll_dice,
)
from aceynote.rules.randomgame import play_random_game


def trip(source: int, *stops: int, marks: tuple[bool, ...] | None = None) -> Trip:
    return Trip(source, stops, marks or (False,) * len(stops))


def test_plain_play_in_written_order() -> None:
    start = Position.initial()
    reading = read_as_written(start, roll_dice(6, 4), [trip(POOL, 19), trip(19, 15)], STANDARD)
    assert reading is not None
    assert [(s.source, s.dest, s.die) for s in reading.play.steps] == [(POOL, 19, 6), (19, 15, 4)]


@pytest.mark.parametrize(
    ("setup", "dice", "trips"),
    [
        # written out of playing order: the search must find the order
        ("W in:15 / B in:15 / W", (6, 4), [trip(19, 15), trip(POOL, 19)]),
        # one die only where both can be played (rule 7 needs the search's verdict)
        ("W in:15 / B in:15 / W", (6, 4), [trip(POOL, 19)]),
        # a trip of two dice in one leg
        ("W 24:1 in:14 / B in:15 / W", (6, 5), [trip(24, 13)]),
        # a hit without its mark
        ("W 13:2 in:13 / B 18:1 in:14 / W", (6, 5), [trip(13, 7), trip(13, 8)]),
        # a mark where nothing is hit
        ("W in:15 / B in:15 / W", (6, 4), [trip(POOL, 19, marks=(True,)), trip(POOL, 21)]),
        # a larger die cannot bear off while a checker stands higher (rule 9)
        ("W 5:1 2:1 / B in:15 / W", (6, 3), [trip(2, OFF), trip(5, 2)]),
    ],
)
def test_anything_else_is_left_to_the_search(
    setup: str, dice: tuple[int, int], trips: list[Trip]
) -> None:
    position = Position.from_setup(setup)
    assert read_as_written(position, roll_dice(*dice), trips, STANDARD) is None


@pytest.mark.parametrize("bearoff", ["high", "exact"])
def test_bearing_off_with_larger_dice_takes_the_smallest_that_is_left(bearoff: str) -> None:
    rules = RuleSet.parse(f"standard bearoff={bearoff}")
    position = Position.from_setup("W 3:1 2:1 / B in:15 / W")
    trips = [trip(3, OFF), trip(2, OFF)]
    reading = read_as_written(position, roll_dice(6, 5), trips, rules)
    if bearoff == "exact":
        assert reading is None  # only the exact die bears off: nothing plain to read
        return
    assert reading is not None
    assert [(s.source, s.dest, s.die) for s in reading.play.steps] == [(3, OFF, 5), (2, OFF, 6)]
    searched = read_trips(position, roll_dice(6, 5), trips, rules)
    assert reading.play.result in {r.play.result for r in searched}


def test_an_exact_die_bears_off_before_a_larger_one() -> None:
    position = Position.from_setup("W 2:2 / B in:15 / W")
    reading = read_as_written(position, roll_dice(4, 2), [trip(2, OFF), trip(2, OFF)], STANDARD)
    assert reading is not None
    assert [s.die for s in reading.play.steps] == [2, 4]


def test_agrees_with_the_search_on_random_games() -> None:
    for seed in range(3):
        game = play_random_game(random.Random(seed), STANDARD)
        position = game.start
        for turn in game.turns:
            position = position.with_turn(turn.side)
            for segment in turn.segments:
                dice = roll_dice(segment.high, segment.low)
                trips = [Trip(s.source, (s.dest,), (s.hit,)) for s in segment.play.steps]
                plain = read_as_written(position, dice, trips, STANDARD)
                searched = read_trips(position, dice, trips, STANDARD)
                if plain is not None:
                    assert plain.play.result in {r.play.result for r in searched}
                    assert plain.play.result == segment.play.result
                position = segment.play.result
