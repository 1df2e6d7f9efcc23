"""A decision's value worked out one decision on through the rules' own turn: the exact
tables' tests hold each table to it (it is their fixed point)."""

from __future__ import annotations

from collections.abc import Callable

from aceynote.engine.decisions import Choice, Decision, choices, double_choices
from aceynote.rules import ROLLS, THROWS, Position, RuleSet, SegmentKind, ways

ValueOf = Callable[[Position, SegmentKind], "tuple[float, float] | None"]
"""A table's chance of winning and equity of a decision for its side to act."""


def choice_value(choice: Choice, value_of: ValueOf) -> float:
    """A choice's equity for its maker: its points, or the table's one decision on."""
    if choice.after is None:
        return choice.points
    found = value_of(choice.after.position, choice.after.kind)
    assert found is not None
    return found[1] if choice.same_side else -found[1]


def turn_values(position: Position, rules: RuleSet, value_of: ValueOf) -> tuple[float, float]:
    """The equities to roll (each roll's best play, weighed by its ways) and to name the
    chosen double (the best double and play), every choice valued one decision on."""
    to_roll = (
        sum(
            ways(high, low)
            * max(
                choice_value(choice, value_of)
                for choice in choices(Decision(position, SegmentKind.ROLL), high, low, rules)
            )
            for high, low in ROLLS
        )
        / THROWS
    )
    to_name = max(
        choice_value(choice, value_of)
        for choice in double_choices(Decision(position, SegmentKind.CHOSEN_DOUBLE), rules)
    )
    return to_roll, to_name
