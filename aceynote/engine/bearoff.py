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

The values are worked out by :mod:`.race_solver`. A table depends on the options that change a race
(:func:`race_key`) and is built on first use and kept in the user's cache
folder (:func:`cache_folder`)::

    python -m aceynote.engine.bearoff --rules bgammon --checkers 6 --stragglers 2
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import sys
import time
from dataclasses import dataclass
from functools import cache
from itertools import product
from pathlib import Path

import numpy as np
import numpy.typing as npt

from ..rules import (
    BearOff,
    BonusReroll,
    Position,
    RulesError,
    RuleSet,
    Scoring,
    SegmentKind,
    parse_rules,
)
from .race_positions import (
    DEFAULT_HOME_CHECKERS,
    DEFAULT_STRAGGLERS,
    Board,
    position_boards,
    table_boards,
)
from .race_solver import solve

FORMAT_VERSION = 2


@dataclass(frozen=True, slots=True)
class BearoffTable:
    """Values of every race of the boards of :func:`.table_boards`, for the side to act.

    ``equity[kind][mover, other]`` and ``win[kind][mover, other]``, kind 0 to
    roll and 1 to name the chosen double, indexed by :func:`.table_boards`. The pairs
    of boards that can still meet (about one in seven) are worked out too but
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
    with contextlib.suppress(OSError):  # no cache: the table is built again next time
        _store(table, path)
    return table


def _store(table: BearoffTable, path: Path) -> None:
    """``table`` written to ``path`` whole or not at all (a reader never sees half a table),
    and the tables there that no aceynote of now reads removed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(f".{os.getpid()}.tmp.npz")
    table.save(partial)
    partial.replace(path)
    _forget_old_tables(path.parent)


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
    """Work out the table (:func:`.race_solver.solve`)."""
    equity, win = solve(rules, table_boards(home_checkers, stragglers))
    return BearoffTable(home_checkers, stragglers, equity, win)


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
    try:
        rules = parse_rules(args.rules)
    except RulesError as error:
        return _failed(f"--rules: {error}")
    started = time.monotonic()
    table = build(rules, args.checkers, args.stragglers)
    path = table_path(rules, args.checkers, args.stragglers)
    try:
        _store(table, path)
    except OSError as error:
        return _failed(f"{path}: cannot write: {error.strerror or error}")
    seconds = time.monotonic() - started
    pairs = len(table_boards(args.checkers, args.stragglers)) ** 2
    print(f"{path}: {pairs:,} pairs of boards in {seconds:.1f} s")
    return 0


def _failed(message: str) -> int:
    print(f"python -m aceynote.engine.bearoff: {message}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
