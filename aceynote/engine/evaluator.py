"""Values of decisions and of choices, batched: the engine's seam (docs/engine.md, "Evaluators").

An :class:`Evaluator` answers one question, :meth:`Evaluator.values`: for
each position and the side to act in it, that side's chance of winning and
its equity. Equities are in the rules' own points for the side named: what
it expects to score, the other side's score counted negative
(score=checkers: up to 15 a game; score=single: 1). Everything else a search
asks (the values of plays' results, of decisions, of choices) is built on it
here, once. The evaluators:

- :class:`NetworkEvaluator`, the value network (and its race network, when
  it has one, where no contact is left), its values held within what the
  position can still win or lose (:func:`bound`);
- :class:`RaceEvaluator`, the exact race tables where a race is in them, and
  :class:`LastCheckersEvaluator`, the exact values once each side has one
  checker left: each an :class:`ExactEvaluator`, another evaluator elsewhere
  (:func:`evaluator_for` makes the engine's own).

Depth (0-, 1- and 2-ply) is :class:`~aceynote.engine.search.Search` over an
evaluator; rollouts are :mod:`~aceynote.engine.rollout` over a search.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from ..rules import (
    CHECKERS_PER_SIDE,
    HOME_TOP,
    OFF,
    POOL,
    Position,
    RuleSet,
    Scoring,
    SegmentKind,
    Side,
    outcome,
)
from .bearoff import BearoffTable, cached_table
from .decisions import Choice, Decision
from .features import Counts, encode, rule_bits
from .last_checkers import last_checkers_table, last_places, one_checker_each
from .network import Network
from .race_positions import DEFAULT_STRAGGLERS, RACE_POINTS, Board, race_boards

Floats = npt.NDArray[np.float64]


def points_scale(rules: RuleSet) -> int:
    """The largest score of a game: the network's equity output is a share of it."""
    return 1 if rules.score is Scoring.SINGLE else CHECKERS_PER_SIDE


class Evaluator(ABC):
    """Values for the side to act under one rule set; subclasses give :meth:`values`."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.scale = points_scale(rules)

    @abstractmethod
    def values(
        self, positions: Sequence[Position], white_acts: Sequence[bool], doubles: Sequence[bool]
    ) -> tuple[Floats, Floats]:
        """Win probability and equity of each unfinished position for its side to act.

        ``white_acts[i]`` names that side (``positions[i].turn`` is not read);
        ``doubles[i]`` says it is to name the chosen double, else to roll.
        """

    def results(
        self, results: Sequence[Position], passes: Sequence[bool], double_next: bool
    ) -> tuple[Floats, Floats]:
        """Win probability and equity for the mover of each play's result.

        ``results`` keep the mover as the side to roll; ``passes[i]`` says the
        turn passes after result i (else the mover acts again, naming the
        chosen double when ``double_next``). A result that has won is worth its
        points. This is :meth:`choices` for a search that has no Choice objects.
        """
        count = len(results)
        wins, equities = np.ones(count), np.zeros(count)
        open_at = []
        for index, result in enumerate(results):
            if result.winner is None:
                open_at.append(index)
            else:
                scored = outcome(result, self.rules)
                assert scored is not None
                equities[index] = scored.points
        if not open_at:
            return wins, equities
        flip = np.array([passes[index] for index in open_at])
        later_wins, later_equities = self.values(
            [results[index] for index in open_at],
            [(results[index].turn is Side.WHITE) is not passes[index] for index in open_at],
            [double_next and not passes[index] for index in open_at],
        )
        wins[open_at] = np.where(flip, 1 - later_wins, later_wins)
        equities[open_at] = np.where(flip, -later_equities, later_equities)
        return wins, equities

    def is_exact(self, decision: Decision) -> bool:
        """Whether the value of ``decision`` is exact (a table's), at any search depth: a
        table's positions lead only to its own or to the game's end."""
        return False

    def exact_choices(self, choices: Sequence[Choice]) -> bool:
        """Whether every choice's value is exact at any depth: each ends the game or leads
        where a table holds the value (:meth:`is_exact`)."""
        return all(choice.after is None or self.is_exact(choice.after) for choice in choices)

    def decisions(self, decisions: Sequence[Decision]) -> tuple[Floats, Floats]:
        """Win probability and equity of each decision, for its side to act."""
        if not decisions:
            return np.zeros(0), np.zeros(0)
        return self.values(
            [position for position, _ in decisions],
            [position.turn is Side.WHITE for position, _ in decisions],
            [kind is SegmentKind.CHOSEN_DOUBLE for _, kind in decisions],
        )

    def choices(self, choices: Sequence[Choice]) -> tuple[Floats, Floats]:
        """Win probability and equity after each choice, for the side that made it."""
        count = len(choices)
        wins, equities = np.ones(count), np.zeros(count)
        open_at = [index for index, choice in enumerate(choices) if choice.after is not None]
        for index, choice in enumerate(choices):
            if choice.after is None:
                equities[index] = choice.points
        if open_at:
            after = [choices[index].after for index in open_at]
            later_wins, later_equities = self.decisions(after)  # type: ignore[arg-type]
            flip = np.array([not choices[index].same_side for index in open_at])
            wins[open_at] = np.where(flip, 1 - later_wins, later_wins)
            equities[open_at] = np.where(flip, -later_equities, later_equities)
        return wins, equities

    def bounded(self, choices: Sequence[Choice], wins: Floats, equities: Floats) -> Floats:
        """Equities of choices held within what their makers can still win or lose."""
        results = [choice.play.result for choice in choices]
        own_left = np.array([CHECKERS_PER_SIDE - p.mover[OFF] for p in results], dtype=float)
        their_left = np.array([CHECKERS_PER_SIDE - p.waiting[OFF] for p in results], dtype=float)
        return bound(wins, equities, own_left, their_left, self.rules)


class NetworkEvaluator(Evaluator):
    """The value network, its values held within the position's bounds (:func:`bound`).

    A network with a race network has it value the positions without contact.
    """

    def __init__(self, network: Network, rules: RuleSet) -> None:
        super().__init__(rules)
        self.network = network
        self._rule_bits = rule_bits(rules)

    def inputs(self, decisions: Sequence[Decision]) -> npt.NDArray[np.float32]:
        """The network's inputs for these decisions (training reads them too)."""
        counts = _counts(
            [position for position, _ in decisions],
            [position.turn is Side.WHITE for position, _ in decisions],
        )
        doubles = np.array(
            [kind is SegmentKind.CHOSEN_DOUBLE for _, kind in decisions], dtype=np.bool_
        )
        return encode(counts, doubles, self._rule_bits)

    def values(
        self, positions: Sequence[Position], white_acts: Sequence[bool], doubles: Sequence[bool]
    ) -> tuple[Floats, Floats]:
        if not positions:
            return np.zeros(0), np.zeros(0)
        counts = _counts(positions, white_acts)
        inputs = encode(counts, np.array(doubles, dtype=np.bool_), self._rule_bits)
        wins, shares = self._network_values(counts, inputs)
        own_left = CHECKERS_PER_SIDE - counts[:, 0, OFF].astype(np.float64)
        their_left = CHECKERS_PER_SIDE - counts[:, 1, OFF].astype(np.float64)
        return wins, bound(wins, shares * self.scale, own_left, their_left, self.rules)

    def _network_values(
        self, counts: Counts, inputs: npt.NDArray[np.float32]
    ) -> tuple[Floats, Floats]:
        """The network's outputs for a batch, the race network's for the races in it."""
        race = self.network.race
        racing = np.zeros(0, dtype=np.bool_) if race is None else without_contact(counts)
        if race is None or not racing.any():
            return self.network.values(inputs)
        if racing.all():
            return race.values(inputs)
        wins, shares = np.empty(len(inputs)), np.empty(len(inputs))
        wins[racing], shares[racing] = race.values(inputs[racing])
        wins[~racing], shares[~racing] = self.network.values(inputs[~racing])
        return wins, shares


def without_contact(counts: Counts) -> npt.NDArray[np.bool_]:
    """Which positions of a batch of counts (:func:`_counts`) are races: the rules'
    ``farthest_back`` and ``can_meet``, negated, for many positions at once in numpy.
    """
    occupied = counts[:, :, 1:] != 0  # the places 1..26
    highest = occupied.shape[2] - np.argmax(occupied[:, :, ::-1], axis=2)
    farthest = np.where(occupied.any(axis=2), np.minimum(highest, 25), 0)
    return farthest.sum(axis=1) <= 25  # type: ignore[no-any-return]


def bound(
    wins: Floats, equities: Floats, own_left: Floats, their_left: Floats, rules: RuleSet
) -> Floats:
    """Equities held within what the side to act can still win or lose, given its chances.

    A side wins at least 1 and at most the other side's checkers left (one
    point under score=single), and loses at least 1 and at most its own: with
    a chance w of winning, its equity lies between w - (1 - w) * own_left and
    w * their_left - (1 - w). Under score=single both bounds are 2w - 1.
    """
    if rules.score is Scoring.SINGLE:
        own_left = their_left = np.ones_like(wins)
    highest = wins * their_left - (1 - wins)
    lowest = wins - (1 - wins) * own_left
    return np.clip(equities, lowest, highest)


class ExactEvaluator(Evaluator):
    """Exact values where a table holds the position (:meth:`exact`); ``elsewhere``'s
    otherwise."""

    def __init__(self, elsewhere: Evaluator) -> None:
        super().__init__(elsewhere.rules)
        self.elsewhere = elsewhere

    @abstractmethod
    def exact(
        self, position: Position, white_acts: bool, double: bool
    ) -> tuple[float, float] | None:
        """The table's chance of winning and equity for the side named, None outside it."""

    def is_exact(self, decision: Decision) -> bool:
        position, kind = decision
        white, double = position.turn is Side.WHITE, kind is SegmentKind.CHOSEN_DOUBLE
        found = self.exact(position, white, double)
        return found is not None or self.elsewhere.is_exact(decision)

    def values(
        self, positions: Sequence[Position], white_acts: Sequence[bool], doubles: Sequence[bool]
    ) -> tuple[Floats, Floats]:
        count = len(positions)
        wins, equities = np.zeros(count), np.zeros(count)
        rest = []
        for index, (position, white, double) in enumerate(
            zip(positions, white_acts, doubles, strict=True)
        ):
            found = self.exact(position, white, double)
            if found is None:
                rest.append(index)
            else:
                wins[index], equities[index] = found
        if rest:
            wins[rest], equities[rest] = self.elsewhere.values(
                [positions[i] for i in rest],
                [white_acts[i] for i in rest],
                [doubles[i] for i in rest],
            )
        return wins, equities


LAST_ON_ONE: Board = (1,) + (0,) * (RACE_POINTS - 1)
"""A board of one checker on the 1 point: it bears off on its next turn (or, under
``bearoff=exact``, may), so only a side sure to finish first wins against it for sure."""
SURE_MOST = {False: 2, True: 6}
"""The most checkers a side can be sure to bear off in what is left of its turn: with its
roll (a roll that is no double nor 1-2 plays two dice), or naming the double after a 1-2
(four dice, then an extra roll's two)."""
SURE = 1 - 1e-9
"""A chance of winning that is 1 but for rounding: a side that can fail has at least one
roll in 36 of failing, and the other at least one of then finishing."""


class RaceEvaluator(ExactEvaluator):
    """Exact values in the races of the table (bear-offs, and a race's last few checkers),
    and where the side to act bears its last checkers off this turn whatever it rolls.

    The table is read (or built) the first time a race of it is asked for.
    """

    def __init__(self, elsewhere: Evaluator, table: BearoffTable | None = None) -> None:
        super().__init__(elsewhere)
        self._table = table

    @property
    def table(self) -> BearoffTable:
        if self._table is None:
            self._table = cached_table(self.rules)
        return self._table

    def exact(
        self, position: Position, white_acts: bool, double: bool
    ) -> tuple[float, float] | None:
        white, black = position.white, position.black
        stragglers = DEFAULT_STRAGGLERS if self._table is None else self._table.stragglers
        mover, other = (white, black) if white_acts else (black, white)
        boards = race_boards(mover, other, stragglers)  # the quick test, before the table
        found = None if boards is None else self.table.lookup(*boards, double)
        if found is not None:
            return found
        if mover[OFF] < CHECKERS_PER_SIDE - SURE_MOST[double]:
            return None  # the quick test: more checkers left than any turn sure to bear off
        return self._sure_finish(mover, other, double)

    def _sure_finish(
        self, mover: tuple[int, ...], other: tuple[int, ...], double: bool
    ) -> tuple[float, float] | None:
        """A win for sure, contact or not, when the side to act (every checker in its home
        board, none of the other side's below its highest to block it) bears off its last
        checkers this turn whatever it rolls: the table tells, pitted against
        :data:`LAST_ON_ONE`."""
        if any(mover[HOME_TOP + 1 :]) or CHECKERS_PER_SIDE in (mover[OFF], other[OFF]):
            return None  # a checker outside, or a game already won: nothing to finish
        highest = max(point for point in range(1, HOME_TOP + 1) if mover[point])
        if any(other[POOL - highest + 1 : POOL]):  # its points 24 down: the mover's 1 up
            return None
        found = self.table.lookup(mover[1 : RACE_POINTS + 1], LAST_ON_ONE, double)
        if found is None or found[0] < SURE:
            return None
        points = 1 if self.rules.score is Scoring.SINGLE else CHECKERS_PER_SIDE - other[OFF]
        return 1.0, float(points)


class LastCheckersEvaluator(ExactEvaluator):
    """Exact values once each side has one checker left, contact or not (:mod:`.last_checkers`)."""

    def values(
        self, positions: Sequence[Position], white_acts: Sequence[bool], doubles: Sequence[bool]
    ) -> tuple[Floats, Floats]:
        # Such endings are rare: a batch without one goes on whole, at the cost of one test.
        if any(one_checker_each(position) for position in positions):
            return super().values(positions, white_acts, doubles)
        return self.elsewhere.values(positions, white_acts, doubles)

    def exact(
        self, position: Position, white_acts: bool, double: bool
    ) -> tuple[float, float] | None:
        places = last_places(position, white_acts)
        return None if places is None else last_checkers_table(self.rules).lookup(places, double)


def evaluator_for(network: Network, rules: RuleSet) -> Evaluator:
    """The engine's evaluator: exact races and last checkers from the tables, the networks
    elsewhere."""
    return RaceEvaluator(LastCheckersEvaluator(NetworkEvaluator(network, rules)))


def _counts(positions: Sequence[Position], white_acts: Sequence[bool]) -> Counts:
    """(N, 2, 27) checker counts: the side to act's, then the other side's.

    bytes() of a tuple of small ints is the quickest way from Python to numpy here.
    """
    data = b"".join(
        [
            bytes(position.white) + bytes(position.black)
            if white
            else bytes(position.black) + bytes(position.white)
            for position, white in zip(positions, white_acts, strict=True)
        ]
    )
    return np.frombuffer(data, dtype=np.int8).reshape(len(positions), 2, 27)
