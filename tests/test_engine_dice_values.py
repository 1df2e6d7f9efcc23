"""A decision's value over the dice (engine/dice_values.py): best plays, rolls by their ways."""

from __future__ import annotations

import numpy as np

from aceynote.engine.dice_values import ROLL_WAYS, best_of_groups, by_ways, over_rolls
from aceynote.rules import ROLLS, THROWS, ways


def test_each_group_takes_its_best_play_and_of_equals_the_likelier_win() -> None:
    equities = np.array([0.2, 0.5, 0.5, -1.0, 0.3])
    wins = np.array([0.9, 0.4, 0.6, 0.0, 0.55])
    starts, sizes = np.array([0, 3, 4]), np.array([3, 1, 1])
    best, best_wins = best_of_groups(equities, wins, starts, sizes)
    assert best.tolist() == [0.5, -1.0, 0.3]
    assert best_wins.tolist() == [0.6, 0.0, 0.55]


def test_groups_count_by_their_ways_of_the_36_throws() -> None:
    values = np.array([1.0, -1.0, 0.5, 2.0])
    group_ways = np.array([1.0, 2.0, 33.0, 36.0])
    owners = np.array([0, 0, 0, 1])
    means = by_ways(values, group_ways, owners, 3)
    assert means.tolist() == [(1.0 - 2.0 + 16.5) / THROWS, 2.0, 0.0]


def test_a_value_every_roll_gives_is_kept_exactly() -> None:
    assert over_rolls(np.ones((3, len(ROLLS)))).tolist() == [1.0, 1.0, 1.0]
    assert ROLL_WAYS.tolist() == [ways(*roll) for roll in ROLLS]


def test_a_value_of_one_roll_counts_by_its_chance() -> None:
    per_roll = np.zeros((2, len(ROLLS)))
    per_roll[0, ROLLS.index((6, 6))] = 36.0
    per_roll[1, ROLLS.index((6, 5))] = 36.0
    assert over_rolls(per_roll).tolist() == [1.0, 2.0]
