"""Choosing among the legal plays: 0-, 1- and 2-ply (docs/engine.md, "Search").

0-ply values every choice by the evaluator's value of the decision that
follows it. 1-ply takes the best few choices by 0-ply (:data:`FILTERS`: at
most 8, none more than 0.1 of the largest score behind the best) and looks
one decision further: after a choice that passes the turn, the average over
the opponent's 21 rolls of the opponent's best 0-ply reply; after a 1-2
played in full, the best double and play the mover can name; after the
chosen double, the average over the extra roll's 21 rolls of the mover's
best 0-ply play. 2-ply takes the best 3 of those, none more than 0.04 of the
largest score behind, and looks two decisions further: for each of the
next decision's rolls, the best reply by 0-ply (:data:`REPLY_COUNT`) is
valued at 1-ply. Naming the double after a 1-2 is six decisions in one: the
filters choose among each double's plays apart.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from ..rules import (
    DOUBLES,
    ROLLS,
    THROWS,
    Position,
    RuleSet,
    SegmentKind,
    TurnState,
    legal_results,
    roll_dice,
)
from .decisions import Choice, Decision
from .dice_values import ROLL_WAYS, best_of_groups, by_ways
from .evaluator import Evaluator, Floats

FILTERS = ((8, 0.1), (3, 0.04))
"""For each ply, how many choices reach it at most, and how far behind the best they may
be, as a share of the largest score (0.1: 1.5 points under score=checkers)."""
REPLY_COUNT = 1
"""The replies of each roll valued one ply deeper in a 2-ply look-ahead: the best by 0-ply,
as gnubg's plies choose. Two cost 1.85 times the positions and chose another play in 5
of 95 decisions, losing 0.0007 points a decision by their own values (docs/engine.md)."""
DEPTHS = (0, 1, 2)
LOOKED_KEPT = 512
LOOKED_AT_ONCE = 16
"""Decisions looked ahead from in one batch: a 2-ply look-ahead asks for a hundred or more
at a time, whose plays' results held at once would take hundreds of MB."""


class Scored(NamedTuple):
    """A choice with its value for the side that makes it."""

    choice: Choice
    win: float
    equity: float
    depth: int = 0
    """The depth it was valued at (a win or a choice 1-ply left out keeps 0)."""


def _best_first(scored: Scored) -> tuple[float, bool]:
    """The order of a ranking: the highest equity first, and of plays worth exactly the
    same (as the exact tables can make them) one that wins on the spot first."""
    return -scored.equity, scored.choice.after is not None


def best_of_each_double(ranked: Sequence[Scored]) -> list[Scored]:
    """Of a ranking of the doubles to name after a 1-2 and their plays, each double's best
    play, best first: the choice of the double is the choice of its best play."""
    best: dict[int, Scored] = {}
    for scored in ranked:
        best.setdefault(scored.choice.high, scored)
    return list(best.values())


class Search:
    """0-ply and 1-ply search with one evaluator."""

    def __init__(self, evaluator: Evaluator) -> None:
        self.evaluator = evaluator
        # A game's analysis looks ahead from the written play's decision at 1-ply and then
        # from that same decision again for the next roll's luck: remember the last few.
        self._looked: dict[tuple[Decision, int], tuple[float, float]] = {}

    @property
    def rules(self) -> RuleSet:
        return self.evaluator.rules

    def rank(self, options: Sequence[Choice], depth: int) -> list[Scored]:
        """The choices best first, with their values at ``depth``.

        At each ply the choices its filter left out keep their values moved by
        the mean change that ply made to those it reached (held within what
        the position can bring), so that one ranking compares like with like:
        none of them can pass the best, and ``depth`` says which is which.
        A lone choice (a forced play) is valued at ``depth`` too: its value is
        shown, even if there is nothing to choose. The plays of each double to
        name after a 1-2 are filtered and searched as that double's own
        decision, so that each double's best is the one its roll alone would
        rank first, and the double named is the one whose best is best.
        """
        if depth == 0:  # no filter to apply: every choice is valued alike
            return self._rank_dice(options, depth)
        by_dice: dict[tuple[int, int], list[Choice]] = {}
        for option in options:
            by_dice.setdefault((option.high, option.low), []).append(option)
        if len(by_dice) > 1:
            rankings = (self._rank_dice(group, depth) for group in by_dice.values())
            return sorted((scored for ranking in rankings for scored in ranking), key=_best_first)
        return self._rank_dice(options, depth)

    def _rank_dice(self, options: Sequence[Choice], depth: int) -> list[Scored]:
        """:meth:`rank` of the choices of one roll of the dice."""
        wins, equities = self.evaluator.choices(options)
        ranked = sorted(
            (
                Scored(option, float(win), float(equity))
                for option, win, equity in zip(options, wins, equities, strict=True)
            ),
            key=_best_first,
        )
        for ply, (count, width) in enumerate(FILTERS[:depth], start=1):
            ranked = self._deepen(ranked, ply, count, width)
        return ranked

    def _deepen(self, ranked: list[Scored], ply: int, count: int, width: float) -> list[Scored]:
        limit = ranked[0].equity - width * self.evaluator.scale
        head = [scored for scored in ranked[:count] if scored.equity >= limit]
        deeper = self._valued(head, ply)
        reached = len(head)
        pairs = list(zip(deeper, head, strict=True))
        shift = sum(new.equity - old.equity for new, old in pairs) / reached
        win_shift = sum(new.win - old.win for new, old in pairs) / reached
        rest = [scored for scored in ranked[reached:] if scored.choice.after is not None]
        wins = np.clip(np.array([scored.win for scored in rest]) + win_shift, 0.0, 1.0)
        equities = np.array([scored.equity for scored in rest]) + shift
        equities = self.evaluator.bounded([scored.choice for scored in rest], wins, equities)
        moved = [
            Scored(scored.choice, float(win), float(equity), scored.depth)
            for scored, win, equity in zip(rest, wins, equities, strict=True)
        ]
        won = [scored for scored in ranked[reached:] if scored.choice.after is None]
        return sorted(deeper + moved + won, key=_best_first)

    def judge(
        self, options: Sequence[Choice], chosen: int, depth: int
    ) -> tuple[list[Scored], Scored]:
        """The ranking, and ``options[chosen]`` valued at the same depth as the best
        (:meth:`with_chosen`)."""
        return self.with_chosen(self.rank(options, depth), options[chosen], depth)

    def with_chosen(
        self, ranked: list[Scored], chosen: Choice, depth: int
    ) -> tuple[list[Scored], Scored]:
        """A ranking at ``depth`` with ``chosen``, one of its choices, valued at ``depth``.

        A chosen play the filters left out is valued at ``depth`` and takes that
        value in the ranking too (as gnubg values the play made), so that the
        ranking shows it as it is judged, and the best is never worth less than it.
        """
        found = next(scored for scored in ranked if scored.choice is chosen)
        if found.depth >= depth or found.choice.after is None:
            return ranked, found
        shifted, found = found, self._valued([found], depth)[0]
        ranked = sorted(
            (found if scored is shifted else scored for scored in ranked),
            key=_best_first,
        )
        return ranked, found

    def best(self, options: Sequence[Choice], depth: int) -> Choice:
        if len(options) == 1:
            return options[0]
        if depth < 1:
            wins, equities = self.evaluator.choices(options)
            scored = map(Scored, options, wins.tolist(), equities.tolist())
            return min(scored, key=_best_first).choice
        return self.rank(options, depth)[0].choice

    def _valued(self, head: list[Scored], plies: int) -> list[Scored]:
        """The values of these choices ``plies`` decisions further on."""
        open_choices = [scored for scored in head if scored.choice.after is not None]
        looked = self.look_ahead([scored.choice.after for scored in open_choices], plies)  # type: ignore[misc]
        values = dict(zip((id(s) for s in open_choices), looked, strict=True))
        deeper = []
        for scored in head:
            if scored.choice.after is None:
                deeper.append(scored)
                continue
            win, equity = values[id(scored)]
            if not scored.choice.same_side:
                win, equity = 1 - win, -equity
            deeper.append(Scored(scored.choice, win, equity, plies))
        return deeper

    def look_ahead(
        self, decisions: Sequence[Decision], plies: int = 1
    ) -> list[tuple[float, float]]:
        """Each decision's value for its side to act: its dice averaged, its best choice
        valued ``plies - 1`` decisions further on (1: its best 0-ply choice)."""
        looked = self._looked
        keys = [(decision, plies) for decision in decisions]
        missing = list(dict.fromkeys(key for key in keys if key not in looked))
        found: dict[tuple[Decision, int], tuple[float, float]] = {}
        for start in range(0, len(missing), LOOKED_AT_ONCE):
            chunk = missing[start : start + LOOKED_AT_ONCE]
            found.update(zip(chunk, self._look_ahead([d for d, _ in chunk], plies), strict=True))
        answers = [found[key] if key in found else looked[key] for key in keys]
        # The cache is forgotten only after every answer is taken from it.
        if len(looked) + len(found) > LOOKED_KEPT:
            looked.clear()
        looked.update(found)
        return answers

    def _look_ahead(self, decisions: Sequence[Decision], plies: int) -> list[tuple[float, float]]:
        batch = _Batch(self.rules)
        groups: list[tuple[int, int, int]] = []  # decision, ways of the throws, results in it
        for index, decision in enumerate(decisions):
            for throws, dice in _ways_of(decision.kind):
                size = sum(batch.add(decision, high, low) for high, low in dice)
                groups.append((index, throws, size))
        wins, equities = self._values(batch.results, batch.passes, batch.doubles)
        if plies > 1:
            wins, equities = self._replies_deeper(batch, groups, wins, equities, plies - 1)
        owners, group_ways, sizes = (np.array(column) for column in zip(*groups, strict=True))
        starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
        best, best_wins = best_of_groups(equities, wins, starts, sizes)
        count = len(decisions)
        looked_wins = by_ways(best_wins, group_ways, owners, count)
        looked_equities = by_ways(best, group_ways, owners, count)
        return [
            (float(win), float(equity))
            for win, equity in zip(looked_wins, looked_equities, strict=True)
        ]

    def _replies_deeper(
        self,
        batch: _Batch,
        groups: list[tuple[int, int, int]],
        wins: Floats,
        equities: Floats,
        plies: int,
    ) -> tuple[Floats, Floats]:
        """The best :data:`REPLY_COUNT` results of each group valued ``plies`` further on;
        the others can then no longer be the best of their group."""
        picked: list[int] = []
        start = 0
        for _, _, size in groups:
            order = np.argsort(-equities[start : start + size], kind="stable")
            picked += [start + int(at) for at in order[:REPLY_COUNT]]
            start += size
        nexts = {at: batch.next_decision(at) for at in picked}
        open_at = [at for at, decision in nexts.items() if decision is not None]
        looked = self.look_ahead([nexts[at] for at in open_at], plies)  # type: ignore[misc]
        deep_wins, deep_equities = np.zeros(len(equities)), np.full(len(equities), -np.inf)
        deep_wins[picked], deep_equities[picked] = wins[picked], equities[picked]
        for at, (win, equity) in zip(open_at, looked, strict=True):
            flip = batch.passes[at]
            deep_wins[at] = 1 - win if flip else win
            deep_equities[at] = -equity if flip else equity
        return deep_wins, deep_equities

    def best_next(
        self, decision: Decision, dice: Sequence[tuple[int, int]]
    ) -> tuple[Decision | None, int]:
        """The 0-ply best play's next decision (None and the points scored, if it won).

        ``dice`` is the roll, or the six doubles when the side names one. This is
        :meth:`best` for self-play and rollouts, which need no Play objects.
        """
        batch = _Batch(self.rules)
        for high, low in dice:
            batch.add(decision, high, low)
        _, equities = self._values(batch.results, batch.passes, batch.doubles)
        best = int(np.argmax(equities))
        following = batch.next_decision(best)
        return following, 0 if following is not None else int(equities[best])

    def _values(
        self, results: list[Position], passes: list[bool], doubles: list[bool]
    ) -> tuple[Floats, Floats]:
        """The evaluator's values of results whose next decisions differ in kind."""
        if not any(doubles):
            return self.evaluator.results(results, passes, False)
        wins, equities = np.ones(len(results)), np.zeros(len(results))
        for double_next in (False, True):
            at = [index for index, flag in enumerate(doubles) if flag is double_next]
            part = self.evaluator.results(
                [results[i] for i in at], [passes[i] for i in at], double_next
            )
            wins[at], equities[at] = part
        return wins, equities


class _Batch:
    """The results of many plays, gathered to be valued at once, and what follows each."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.results: list[Position] = []
        self.passes: list[bool] = []
        self.doubles: list[bool] = []
        self.follows: list[SegmentKind | None] = []

    def add(self, decision: Decision, high: int, low: int) -> int:
        """Every legal play of these dice in this decision; how many there are."""
        rules = self.rules
        found, used = legal_results(decision.position, roll_dice(high, low), rules)
        state = TurnState(decision.position, rules, decision.kind)
        follows = state.next_kind(decision.kind, high, low, used)
        count = len(found)
        self.results += found
        self.passes += [follows is None] * count
        self.doubles += [follows is SegmentKind.CHOSEN_DOUBLE] * count
        self.follows += [follows] * count
        return count

    def next_decision(self, at: int) -> Decision | None:
        """The decision after result ``at``: the other side's roll, or the mover's own
        double or extra roll; None when it won."""
        result, follows = self.results[at], self.follows[at]
        if result.winner is not None:
            return None
        if follows is None:
            return Decision(result.with_turn(result.turn.opponent), SegmentKind.ROLL)
        return Decision(result, follows)


_ROLL_WAYS = tuple((int(throws), (roll,)) for throws, roll in zip(ROLL_WAYS, ROLLS, strict=True))
_NAMING_A_DOUBLE = ((THROWS, DOUBLES),)


def _ways_of(kind: SegmentKind) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    """What a decision's side may face, each with its ways of the :data:`THROWS`: each of the
    21 rolls; or, naming the chosen double, one choice among the six doubles (its own: all)."""
    return _NAMING_A_DOUBLE if kind is SegmentKind.CHOSEN_DOUBLE else _ROLL_WAYS
