"""The race tables worked out: every race of a table's boards, valued for the side to act.

The values are worked out layer by layer, a layer being every race of the
same total pips (:class:`_Solver`): a play lowers the mover's pips, except
one that cannot move at all (``bearoff=exact`` can leave a die unplayable),
so a race depends only on races of fewer pips and, through such
stand-stills, on races of its own layer, which are iterated until no value
moves by more than :data:`TOLERANCE`. :mod:`.bearoff` keeps the tables.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from ..rules import (
    CHECKERS_PER_SIDE,
    DOUBLES,
    ROLLS,
    SLOTS,
    Position,
    RuleSet,
    Scoring,
    SegmentKind,
    Side,
    TurnState,
    legal_results,
    roll_dice,
)
from .dice_values import best_of_groups, over_rolls
from .race_positions import RACE_POINTS, Board, pips

Floats = npt.NDArray[np.float64]

TOLERANCE = 1e-9
_PASS, _DOUBLE, _EXTRA = 0, 1, 2
"""What follows a play: the turn passes, the chosen double, the extra roll."""


def solve(
    rules: RuleSet, boards: list[Board]
) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """The equity and the chance of winning of every pair of ``boards``, for the side to act:
    ``[kind, mover, other]``, kind 0 to roll and 1 to name the chosen double."""
    moves = _Moves(rules, boards)
    points = np.array(
        [1.0 if rules.score is Scoring.SINGLE else float(sum(board)) for board in boards]
    )
    solver = _Solver(moves, points, np.array([pips(board) for board in boards], np.intp))
    solver.solve()
    equity = np.stack([solver.equity[_EXTRA], solver.equity[_DOUBLE]]).astype(np.float32)
    win = np.stack([solver.win[_EXTRA], solver.win[_DOUBLE]]).astype(np.float32)
    return equity, win


class _Moves:
    """Where each side's plays lead: each roll's plays, and every chosen double's."""

    def __init__(self, rules: RuleSet, boards: list[tuple[int, ...]]) -> None:
        self.rules = rules
        index = {board: at for at, board in enumerate(boards)}
        self.size = len(boards)
        self.rolls = _Plays([self._roll(board, index) for board in boards], by_roll=True)
        self.doubles = _Plays([self._doubles(board, index) for board in boards], by_roll=False)

    def _results(
        self, board: tuple[int, ...], high: int, low: int, kind: SegmentKind
    ) -> Iterator[tuple[tuple[int, ...], int]]:
        """Each legal play's resulting board and what follows it."""
        rules = self.rules
        mover = (CHECKERS_PER_SIDE - sum(board), *board) + (0,) * (SLOTS - 1 - RACE_POINTS)
        # The other side stands on White's 24 point, which White's plays never reach.
        other = (CHECKERS_PER_SIDE - 1, 1) + (0,) * 25
        position = Position(mover, other, Side.WHITE)
        found, used = legal_results(position, roll_dice(high, low), rules)
        follows = TurnState(position, rules, kind).next_kind(kind, high, low, used)
        for result in found:
            after = result.white[1 : RACE_POINTS + 1]
            if result.winner is not None or follows is None:
                yield after, _PASS
            else:
                yield after, _DOUBLE if follows is SegmentKind.CHOSEN_DOUBLE else _EXTRA

    def _roll(
        self, board: tuple[int, ...], index: dict[tuple[int, ...], int]
    ) -> list[list[tuple[int, int]]]:
        if not any(board):
            return [[(0, _PASS)] for _ in ROLLS]
        return [
            [
                (index[after], kind)
                for after, kind in self._results(board, high, low, SegmentKind.ROLL)
            ]
            for high, low in ROLLS
        ]

    def _doubles(
        self, board: tuple[int, ...], index: dict[tuple[int, ...], int]
    ) -> list[list[tuple[int, int]]]:
        if not any(board):
            return [[(0, _PASS)]]
        return [
            [
                (index[after], kind)
                for high, low in DOUBLES
                for after, kind in self._results(board, high, low, SegmentKind.CHOSEN_DOUBLE)
            ]
        ]


class _Plays:
    """One decision's plays for every board, flat: the target boards, what follows each
    (:data:`_PASS`...), and where each board's plays and each of its groups start
    (a group: each roll's plays, ``by_roll``, or every chosen double's in one)."""

    def __init__(self, per_board: list[list[list[tuple[int, int]]]], *, by_roll: bool) -> None:
        targets: list[int] = []
        kinds: list[int] = []
        group_starts: list[list[int]] = []
        board_starts = []
        for groups in per_board:
            board_starts.append(len(targets))
            group_starts.append([])
            for plays in groups:
                group_starts[-1].append(len(targets) - board_starts[-1])
                targets += [target for target, _ in plays]
                kinds += [kind for _, kind in plays]
        self.targets, self.kinds = np.array(targets, np.intp), np.array(kinds, np.intp)
        self.board_starts = np.array([*board_starts, len(targets)], np.intp)
        self.group_starts = np.array(group_starts, np.intp)
        self.by_roll = by_roll


class _Solver:
    """The table worked out layer by layer: a layer is every race of the same total pips.

    A play lowers the mover's pips, except one that cannot move at all: a race
    depends only on races of fewer pips and, through such stand-stills, on
    races of its own layer, which are iterated until they settle.
    """

    def __init__(self, moves: _Moves, points: Floats, pips: npt.NDArray[np.intp]) -> None:
        self.moves = moves
        size = moves.size
        # Values a play may lead to, for its mover (see :meth:`_gather`): the other
        # side's value to roll turned round (stored transposed), the mover's value to
        # name the chosen double, the mover's value to roll again.
        self.equity = np.zeros((3, size, size))
        self.win = np.zeros((3, size, size))
        self.pips = pips
        # A side whose board is empty has won: the other side, to act, has lost.
        for kind in (_DOUBLE, _EXTRA):
            self.equity[kind][0, :], self.equity[kind][:, 0] = points, -points
            self.win[kind][0, :], self.win[kind][:, 0] = 1.0, 0.0
        self.equity[_PASS] = -self.equity[_EXTRA].T
        self.win[_PASS] = 1.0 - self.win[_EXTRA].T

    def solve(self) -> None:
        pips, size = self.pips, self.moves.size
        movers, others = (grid.ravel() + 1 for grid in np.indices((size - 1, size - 1)))
        totals = pips[movers] + pips[others]
        order = np.argsort(totals, kind="stable")
        movers, others, totals = movers[order], others[order], totals[order]
        bounds = np.flatnonzero(np.diff(totals)) + 1
        for layer_movers, layer_others in zip(
            np.split(movers, bounds), np.split(others, bounds), strict=True
        ):
            self._settle(layer_movers, layer_others)

    def _settle(self, movers: npt.NDArray[np.intp], others: npt.NDArray[np.intp]) -> None:
        rolls, doubles = self.moves.rolls, self.moves.doubles
        roll_layout, double_layout = _layout(rolls, movers), _layout(doubles, movers)
        while True:
            change = 0.0
            for plays, layout, kind in (
                (doubles, double_layout, _DOUBLE),
                (rolls, roll_layout, _EXTRA),
            ):
                equity, win = self._values(plays, layout, others)
                change = max(
                    change, float(np.max(np.abs(equity - self.equity[kind][movers, others])))
                )
                self.equity[kind][movers, others] = equity
                self.win[kind][movers, others] = win
                if kind == _EXTRA:
                    self.equity[_PASS][others, movers] = -equity
                    self.win[_PASS][others, movers] = 1.0 - win
            if change < TOLERANCE:
                return

    def _values(
        self, plays: _Plays, layout: _Layout, others: npt.NDArray[np.intp]
    ) -> tuple[Floats, Floats]:
        """Each race's value and chance of winning: its groups' best plays, over the dice."""
        flat, _, group_starts, group_sizes = layout
        against = np.repeat(others, layout.plays_per_race)
        kinds, targets = plays.kinds[flat], plays.targets[flat]
        # _PASS reads the other side's value with the mover's new board: [other, target]
        # stored transposed as [target, other]; the rest read [target, other] directly.
        equities = self.equity[kinds, targets, against]
        wins = self.win[kinds, targets, against]
        best, best_wins = best_of_groups(equities, wins, group_starts, group_sizes)
        if not plays.by_roll:
            return best, best_wins
        return over_rolls(best.reshape(-1, len(ROLLS))), over_rolls(
            best_wins.reshape(-1, len(ROLLS))
        )


class _Layout(NamedTuple):
    """Where a layer's plays are in a :class:`_Plays`, and its groups in that list."""

    flat: npt.NDArray[np.intp]
    plays_per_race: npt.NDArray[np.intp]
    group_starts: npt.NDArray[np.intp]
    group_sizes: npt.NDArray[np.intp]


def _layout(plays: _Plays, movers: npt.NDArray[np.intp]) -> _Layout:
    firsts, stops = plays.board_starts[movers], plays.board_starts[movers + 1]
    counts = stops - firsts
    race_starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
    flat = np.repeat(firsts - race_starts, counts) + np.arange(counts.sum())
    group_starts = (race_starts[:, None] + plays.group_starts[movers]).ravel()
    group_sizes = np.diff(np.append(group_starts, counts.sum()))
    return _Layout(flat, counts, group_starts, group_sizes)
