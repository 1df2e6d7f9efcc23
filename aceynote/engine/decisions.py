"""The decisions of acey-deucey and where each choice leads (docs/notation.md §8 rule 8).

A :class:`Decision` is a side to act before its dice: to roll (a turn's roll
or the extra roll) or to name the chosen double after a 1-2 played in full.
Each legal choice is a :class:`Choice`: the play (and the double named), and
the decision that follows it, which belongs to the same side while the turn
goes on (the chosen double, the extra roll) and to the other side after it.
The turn flow itself is the rules' :class:`~aceynote.rules.TurnState`.
"""

from __future__ import annotations

from typing import NamedTuple

from ..rules import (
    DOUBLES,
    HOME_TOP,
    POOL,
    Play,
    Position,
    RuleSet,
    SegmentKind,
    TurnState,
    legal_plays,
    outcome,
    roll_dice,
)

MAX_DECISIONS = 5000
"""Where self-play, rollouts and bot matches cut a game short (none comes near it)."""


class Decision(NamedTuple):
    """A side to act: ``position.turn`` is that side, ``kind`` what it is to do."""

    position: Position
    kind: SegmentKind

    @classmethod
    def start(cls, position: Position) -> Decision:
        return cls(position, SegmentKind.ROLL)


class Choice(NamedTuple):
    """One legal choice of a decision and what follows it.

    ``after`` is the next decision, or None when the play won the game; then
    ``points`` is what the mover scored. ``same_side`` says whether ``after``
    is the mover's again (the turn goes on).
    """

    play: Play
    high: int
    low: int
    after: Decision | None
    same_side: bool
    points: int


PHASES = ("entering", "contact", "race", "bear-off", "double")


def phase_of(decision: Decision) -> str:
    """The phase of the game a decision belongs to, as the benchmark and the analysis tell them.

    Naming the chosen double is its own phase; then a side with checkers
    still to enter is entering; then contact; a race once no contact is left,
    bear-off once the side's checkers are all in its home board.
    """
    position, kind = decision
    if kind is SegmentKind.CHOSEN_DOUBLE:
        return "double"
    mover = position.mover
    if mover[POOL]:
        return "entering"
    if position.has_contact:
        return "contact"
    return "race" if any(mover[HOME_TOP + 1 :]) else "bear-off"


def choices(decision: Decision, high: int, low: int, rules: RuleSet) -> list[Choice]:
    """Every legal play of these dice in this decision, and what follows each."""
    position, kind = decision
    state = TurnState(position, rules, kind)
    # What follows depends on the dice a play used, not on the play (rule 8).
    follows_after = [state.next_kind(kind, high, low, used) for used in range(5)]
    found = []
    for play in legal_plays(position, roll_dice(high, low), rules).values():
        result = play.result
        if result.winner is not None:
            scored = outcome(result, rules)
            assert scored is not None
            found.append(Choice(play, high, low, None, True, scored.points))
            continue
        follows = follows_after[len(play.steps)]
        if follows is None:
            after = Decision(result.with_turn(result.turn.opponent), SegmentKind.ROLL)
            found.append(Choice(play, high, low, after, False, 0))
        else:
            found.append(Choice(play, high, low, Decision(result, follows), True, 0))
    return found


def double_choices(decision: Decision, rules: RuleSet) -> list[Choice]:
    """Every double the side may name after a 1-2, with every legal play of it."""
    return [choice for high, low in DOUBLES for choice in choices(decision, high, low, rules)]


def choices_at(
    position: Position, kind: SegmentKind, dice: tuple[int, int] | None, rules: RuleSet
) -> list[Choice]:
    """The choices of ``dice`` at ``position`` in a segment of ``kind``; with None, the
    doubles the side may name after a 1-2, each with its plays (:func:`double_choices`)."""
    if dice is None:
        return double_choices(Decision(position, SegmentKind.CHOSEN_DOUBLE), rules)
    return choices(Decision(position, kind), *dice, rules)
