"""The dice's outcomes (rules/rolls.py): the 36 throws, the 21 rolls and their ways."""

from __future__ import annotations

import random
from collections import Counter

from aceynote.rules import DOUBLES, ORDERED_ROLLS, ROLLS, THROWS, roll_of, ways
from aceynote.rules.randomgame import roll_pair


def test_the_rolls_are_the_throws_higher_die_first_with_their_ways() -> None:
    named = Counter((max(throw), min(throw)) for throw in ORDERED_ROLLS)
    assert THROWS == 36 == len(set(ORDERED_ROLLS))
    assert set(ROLLS) == set(named) and len(ROLLS) == 21
    assert {roll: ways(*roll) for roll in ROLLS} == dict(named)
    assert sum(ways(high, low) for high, low in ROLLS) == THROWS


def test_a_throw_gives_its_roll_higher_die_first_whichever_die_came_first() -> None:
    assert roll_of(3, 5) == roll_of(5, 3) == (5, 3)
    assert roll_of(4, 4) == (4, 4)
    assert Counter(roll_of(*throw) for throw in ORDERED_ROLLS) == {
        roll: ways(*roll) for roll in ROLLS
    }


def test_the_rolls_are_listed_high_die_first_from_11_to_66() -> None:
    assert ROLLS[:4] == ((1, 1), (2, 1), (2, 2), (3, 1))
    assert ROLLS[-1] == (6, 6)
    assert all(high >= low for high, low in ROLLS)


def test_the_rolled_dice_are_rolls_in_their_ways_share() -> None:
    rng = random.Random(7)
    seen = Counter(roll_pair(rng) for _ in range(36_000))
    assert set(seen) == set(ROLLS)
    for roll, count in seen.items():
        expected = 36_000 * ways(*roll) / THROWS
        assert abs(count - expected) < 5 * (expected * (1 - ways(*roll) / THROWS)) ** 0.5


def test_the_doubles_a_side_may_name_are_the_rolls_of_one_way_each() -> None:
    assert tuple(roll for roll in ROLLS if ways(*roll) == 1) == DOUBLES
    assert [high for high, _ in DOUBLES] == [1, 2, 3, 4, 5, 6]
