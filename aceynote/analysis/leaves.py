"""What a play leaves on the board, counted for the reasons (docs/engine.md, "Why").

For a play, the facts of the position it leaves (:class:`PlayFacts`): blots
and the opponent's rolls of 36 that hit one, points made and given up, the
longest prime and the opponent's checkers behind it, checkers hit, in the
pool and on the bar, pips, checkers borne off, a win on the spot, the
opponent's rolls that win at once, whether the checkers can still meet,
for a race the checkers still outside the home board and its gaps, and how
the play arranges the side's checkers (:mod:`.arrangement`). The counting is
the rules' (:mod:`aceynote.rules.replies`); the sentences are :mod:`.reasons`'.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Any

from ..engine.decisions import Choice
from ..rules import BAR, CHECKERS_PER_SIDE, HOME_TOP, OFF, POOL, Position, RuleSet
from ..rules.replies import blots, longest_prime, points_held, replies
from .arrangement import ARRANGEMENT, Shape, shape_of


@dataclass(frozen=True, slots=True)
class PlayFacts:
    """The position a play leaves, for the side that played it (its own numbering).

    ``shots`` and ``opponent_wins`` count the opponent's 36 rolls that can hit
    a blot and that win at once; None when the turn goes on (the side plays
    the chosen double or the extra roll before the opponent rolls). ``race``
    is the opponent's pips less the side's (positive: the side is ahead).
    ``contact``: a checker can still meet one of the other side's; without it
    the play leaves a race, where blots, points and primes no longer matter.
    ``outside``: the side's checkers not yet in its home board; ``gaps``: its
    home points left empty below its highest checker there, highest first.
    ``shape``: the side's checkers before the play and after it, whose arrangement the
    reasons compare; :meth:`as_dict` gives its counts (:data:`ARRANGEMENT`).
    """

    blots: int
    shots: int | None
    opponent_wins: int | None
    made: tuple[int, ...]
    given_up: tuple[int, ...]
    prime: int
    prime_holds: int
    hits: int
    pool: int
    opponent_bar: int
    opponent_pool: int
    pips: int
    race: int
    borne_off: int
    off: int
    wins: bool
    contact: bool
    outside: int
    gaps: tuple[int, ...]
    shape: Shape

    def as_dict(self) -> dict[str, Any]:
        """The facts as JSON and the decisions table give them, the shape as its counts
        (:data:`~.arrangement.ARRANGEMENT`); points as lists."""
        found = {name: getattr(self, name) for name in COUNTED}
        found |= {name: getattr(self.shape, name) for name in ARRANGEMENT}
        return {name: list(v) if isinstance(v, tuple) else v for name, v in found.items()}


COUNTED = tuple(found.name for found in fields(PlayFacts) if found.name != "shape")
"""The facts counted on the board a play leaves, in :class:`PlayFacts`' order."""
FACT_NAMES = COUNTED + ARRANGEMENT
"""The names of :meth:`PlayFacts.as_dict`, in order: the JSON's facts and the table's."""


def play_facts(before: Position, after: Position, passes: bool, rules: RuleSet) -> PlayFacts:
    """The facts of ``after``, reached from ``before`` by its side to act; ``passes``: the
    opponent rolls next (else the turn goes on and the opponent's rolls are not counted)."""
    side = before.turn
    other = side.opponent
    mine, theirs = after.checkers(side), after.checkers(other)
    held_before, held_after = points_held(before, side), points_held(after, side)
    prime = longest_prime(after, side)
    counted = None
    if passes and after.winner is None:
        counted = replies(after.with_turn(other), rules)
    return PlayFacts(
        blots=len(blots(after, side)),
        shots=None if counted is None else counted.hits,
        opponent_wins=None if counted is None else counted.wins,
        made=tuple(sorted(held_after - held_before, reverse=True)),
        given_up=tuple(sorted(held_before - held_after, reverse=True)),
        prime=prime.length,
        prime_holds=prime.holds,
        hits=theirs[BAR] - before.checkers(other)[BAR],
        pool=mine[POOL],
        opponent_bar=theirs[BAR],
        opponent_pool=theirs[POOL],
        pips=after.pip_count(side),
        race=after.pip_count(other) - after.pip_count(side),
        borne_off=mine[OFF] - before.checkers(side)[OFF],
        off=mine[OFF],
        wins=after.winner is side,
        contact=after.has_contact,
        outside=CHECKERS_PER_SIDE - mine[OFF] - sum(mine[1 : HOME_TOP + 1]),
        gaps=_gaps(mine),
        shape=shape_of(before, after),
    )


def _gaps(counts: Sequence[int]) -> tuple[int, ...]:
    highest = next((point for point in range(HOME_TOP, 0, -1) if counts[point]), 0)
    return tuple(point for point in range(highest - 1, 0, -1) if not counts[point])


def choice_facts(before: Position, choice: Choice, rules: RuleSet) -> PlayFacts:
    """:func:`play_facts` of one of the engine's choices."""
    passes = choice.after is not None and not choice.same_side
    return play_facts(before, choice.play.result, passes, rules)
