"""Exact values of races: bear-offs and stragglers (docs/engine.md, "Exact races").

Once every checker of each side has passed every checker of the other (nothing
in the pool or on the bar), neither can touch the other: the race is a game of
dice alone, and its value can be worked out exactly. A table holds, for every
pair of boards that are each a home board (points 1..6) of at most
``home_checkers`` checkers or at most ``stragglers`` checkers anywhere on points
1..23 (:mod:`.race_positions`), the
value for the side to act of each of its two decisions: to roll (a turn's roll
or the extra roll, which flow alike) and to name the chosen double after a 1-2
played in full. The stragglers are a race's last few checkers, one of them
still far from home: the network, which seldom meets them in self-play, is
worst there. The acey-deucey turn is played as the rules play it: every
play comes from :func:`~aceynote.rules.legal_results`, what follows it from
:class:`~aceynote.rules.TurnState`, the score from
:func:`~aceynote.rules.outcome`'s rule (the loser's checkers left, or one
point). Each side plays to maximise its expected score; the chances of
winning are those of that play.

The values are found by value iteration over the whole table (a pass, when
``bearoff=exact`` leaves a die unplayable, can return a race to where it
was, so no single ordering settles it) until no value moves by more than
:data:`TOLERANCE`. A table depends on the options that change a race
(:func:`race_key`) and is built on first use and kept in the user's cache
folder (:func:`cache_folder`)::

    python -m aceynote.engine.bearoff --rules bgammon --checkers 6 --stragglers 2
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from itertools import product
from pathlib import Path
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from ..rules import (
    CHECKERS_PER_SIDE,
    DOUBLES,
    ROLLS,
    SLOTS,
    BearOff,
    BonusReroll,
    Position,
    RuleSet,
    Scoring,
    SegmentKind,
    Side,
    TurnState,
    legal_results,
    parse_rules,
    roll_dice,
)
from .dice_values import best_of_groups, over_rolls
from .race_positions import (
    DEFAULT_HOME_CHECKERS,
    DEFAULT_STRAGGLERS,
    RACE_POINTS,
    Board,
    pips,
    position_boards,
    table_boards,
)

Floats = npt.NDArray[np.float64]

TOLERANCE = 1e-9
FORMAT_VERSION = 2
_PASS, _DOUBLE, _EXTRA = 0, 1, 2
"""What follows a play: the turn passes, the chosen double, the extra roll."""


@dataclass(frozen=True, slots=True)
class BearoffTable:
    """Values of every race of the boards of :func:`.table_boards`, for the side to act.

    ``equity[kind][mover, other]`` and ``win[kind][mover, other]``, kind 0 to
    roll and 1 to name the chosen double, indexed by :func:`.table_boards`. The pairs
    of boards that can still meet (about a sixth of them) are worked out too but
    mean nothing: ask through :meth:`value`, or :meth:`lookup` with what
    :func:`.race_boards` gives.
    """

    home_checkers: int
    stragglers: int
    equity: npt.NDArray[np.float32]
    win: npt.NDArray[np.float32]

    @property
    def index(self) -> dict[Board, int]:
        return _index(self.home_checkers, self.stragglers)

    def value(self, position: Position, kind: SegmentKind) -> tuple[float, float] | None:
        """The side to act's chance of winning and equity, None outside the table."""
        found = position_boards(position, self.stragglers)
        return None if found is None else self.lookup(*found, kind is SegmentKind.CHOSEN_DOUBLE)

    def lookup(self, mover: Board, other: Board, double: bool) -> tuple[float, float] | None:
        """The value of the race of these boards (:func:`.race_boards`'s: they cannot meet),
        None outside the table."""
        index = self.index
        at_mover, at_other = index.get(mover), index.get(other)
        if not at_mover or not at_other:  # None, or 0: a side that has borne everything off
            return None
        at = (int(double), at_mover, at_other)
        return float(self.win[at]), float(self.equity[at])

    def save(self, path: Path) -> None:
        np.savez_compressed(
            path,
            checkers=np.array(self.home_checkers),
            stragglers=np.array(self.stragglers),
            equity=self.equity,
            win=self.win,
            version=np.array(FORMAT_VERSION),
        )

    @classmethod
    def load(cls, path: Path) -> BearoffTable:
        with np.load(path) as data:
            if int(data["version"]) != FORMAT_VERSION:
                raise ValueError(f"{path} is a race table of another format")
            return cls(int(data["checkers"]), int(data["stragglers"]), data["equity"], data["win"])


@cache
def _index(home_checkers: int, stragglers: int) -> dict[Board, int]:
    return {counts: at for at, counts in enumerate(table_boards(home_checkers, stragglers))}


def _race_options(rules: RuleSet) -> tuple[str, ...]:
    """The names of the options that change a race under ``rules``.

    Under ``bearoff=high`` every die of a race can be played (a checker moves on
    or bears off), so ``larger_die`` and ``bonus_reroll`` change nothing there.
    """
    if rules.bearoff is BearOff.HIGH:
        return ("bearoff", "score")
    return ("bearoff", "larger_die", "bonus_reroll", "score")


def race_only(rules: RuleSet) -> RuleSet:
    """The options of ``rules`` that change a race, the others as they are by default."""
    return RuleSet(**{name: getattr(rules, name) for name in _race_options(rules)})


def race_key(rules: RuleSet) -> str:
    """The options that change a race, as a file name part."""
    options = rules.options()
    return "-".join(f"{name}={options[name]}" for name in _race_options(rules))


def cache_folder() -> Path:
    """Where built tables are kept: ``$XDG_CACHE_HOME/aceynote``, else ``~/.cache/aceynote``."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "aceynote"


def table_path(
    rules: RuleSet, home_checkers: int, stragglers: int, folder: Path | None = None
) -> Path:
    name = f"bearoff-{home_checkers}-{stragglers}-{race_key(rules)}-v{FORMAT_VERSION}.npz"
    return (folder or cache_folder()) / name


def cached_table(
    rules: RuleSet,
    home_checkers: int = DEFAULT_HOME_CHECKERS,
    stragglers: int = DEFAULT_STRAGGLERS,
) -> BearoffTable:
    """The table for these rules: read from the cache, or built and written there.

    A table is read once a process (every engine and search under the same
    race options shares it). A cache that cannot be written (a read-only
    home) only costs the time to build the table again next time.
    """
    return _table_in(cache_folder(), race_only(rules), home_checkers, stragglers)


@cache
def _table_in(folder: Path, rules: RuleSet, home_checkers: int, stragglers: int) -> BearoffTable:
    path = table_path(rules, home_checkers, stragglers, folder)
    try:
        table = BearoffTable.load(path)
        if (table.home_checkers, table.stragglers) == (home_checkers, stragglers):
            return table
    except (OSError, ValueError, KeyError):
        pass
    table = build(rules, home_checkers, stragglers)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{os.getpid()}.tmp.npz")
        table.save(partial)
        partial.replace(path)
        _forget_old_tables(folder)
    except OSError:
        pass
    return table


_TABLE_NAME = re.compile(r"bearoff-\d+-(?:\d+-)?(?P<key>[a-z_=-]+)-v(?P<version>\d+)\.npz")


def _forget_old_tables(folder: Path) -> None:
    """Remove the tables no aceynote of now reads: of older formats, or named by options that
    no longer change a race (:func:`_race_options`); a table being written is left alone."""
    for path in folder.glob("bearoff-*.npz"):
        name = _TABLE_NAME.fullmatch(path.name)
        if name and (int(name["version"]) != FORMAT_VERSION or name["key"] not in _race_keys()):
            path.unlink(missing_ok=True)


@cache
def _race_keys() -> frozenset[str]:
    """The options part of every table name of this format."""
    return frozenset(
        race_key(RuleSet(bearoff=bearoff, larger_die=larger, bonus_reroll=bonus, score=score))
        for bearoff, larger, bonus, score in product(BearOff, (True, False), BonusReroll, Scoring)
    )


def build(rules: RuleSet, home_checkers: int, stragglers: int) -> BearoffTable:
    """Work out the table by value iteration (module docstring)."""
    boards = table_boards(home_checkers, stragglers)
    moves = _Moves(rules, boards)
    points = np.array(
        [1.0 if rules.score is Scoring.SINGLE else float(sum(board)) for board in boards]
    )
    solver = _Solver(moves, points, np.array([pips(board) for board in boards], np.intp))
    solver.solve()
    return BearoffTable(
        home_checkers,
        stragglers,
        np.stack([solver.equity[_EXTRA], solver.equity[_DOUBLE]]).astype(np.float32),
        np.stack([solver.win[_EXTRA], solver.win[_DOUBLE]]).astype(np.float32),
    )


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


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m aceynote.engine.bearoff",
        description="Build the exact race table of a Rules value into the cache "
        f"({cache_folder()}); the engine builds it on first use otherwise. The engine reads "
        f"the table of {DEFAULT_HOME_CHECKERS} checkers and {DEFAULT_STRAGGLERS} stragglers;"
        " other sizes are for experiments.",
    )
    parser.add_argument(
        "--rules", default="standard", help='a Rules tag value (default "standard")'
    )
    parser.add_argument(
        "--checkers",
        type=int,
        default=DEFAULT_HOME_CHECKERS,
        choices=range(1, 9),
        metavar="N",
        help=f"checkers a side in the home board, 1..8 (default {DEFAULT_HOME_CHECKERS})",
    )
    parser.add_argument(
        "--stragglers",
        type=int,
        default=DEFAULT_STRAGGLERS,
        choices=range(3),
        metavar="S",
        help=f"or checkers a side anywhere on points 1..23, 0..2 (default {DEFAULT_STRAGGLERS})",
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = _arguments(argv)
    rules = parse_rules(args.rules)
    started = time.monotonic()
    table = build(rules, args.checkers, args.stragglers)
    path = table_path(rules, args.checkers, args.stragglers)
    path.parent.mkdir(parents=True, exist_ok=True)
    table.save(path)
    seconds = time.monotonic() - started
    pairs = len(table_boards(args.checkers, args.stragglers)) ** 2
    print(f"{path}: {pairs:,} pairs of boards in {seconds:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
