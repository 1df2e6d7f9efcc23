"""Steps, plays and the search for legal plays (docs/notation.md §8, rules 3-7 and 9).

Everything here works in the mover's own numbering. The search runs on two
mutable 27-slot lists, the mover's checkers and the waiting side's (in the
waiting side's numbering, so the waiting side's count on the mover's point q
is ``waiting[25 - q]``), and undoes each step on the way back.

A double is searched in one canonical order: each step starts from a place no
higher than the step before (bar, then pool, then points 24 down to 1). Any
legal sequence of equal dice can be reordered that way and stays legal, and
two different canonical sequences never reach the same position, so the
search visits each play once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import Enum
from functools import partial
from typing import NamedTuple

from .play_text import play_text
from .position import (
    BAR,
    CHECKERS_PER_SIDE,
    HOME_TOP,
    OFF,
    POOL,
    Position,
    Side,
    new_position,
    place_name,
)
from .rolls import roll_of
from .ruleset import BearOff, RuleSet


class DiceError(ValueError):
    """Dice that are not a roll: a value outside 1..6 or the wrong number of dice."""


def roll_dice(high: int, low: int) -> tuple[int, ...]:
    """The dice a roll gives to play: two different dice, or four of a double."""
    if not (1 <= high <= 6 and 1 <= low <= 6):
        wrong = low if 1 <= high <= 6 else high
        raise DiceError(f"a die shows 1 to 6, not {wrong}")
    return (high,) * 4 if high == low else (high, low)


class Step(NamedTuple):
    """One checker moved by one die, from ``source`` to ``dest`` (mover's numbering)."""

    source: int
    dest: int
    die: int
    hit: bool = False

    def __str__(self) -> str:
        return f"{place_name(self.source)}/{place_name(self.dest)}{'*' if self.hit else ''}"


_new_step: Callable[[tuple[int, int, int, bool]], Step] = partial(tuple.__new__, Step)
"""``Step(source, dest, die, hit)`` with no Python-level call (see ``new_position``)."""


class Play(NamedTuple):
    """What one segment did: its steps in playing order and the position after them.

    The result keeps the mover as the side to roll; the turn flow decides when
    the turn passes.
    """

    steps: tuple[Step, ...]
    result: Position

    @property
    def dice_used(self) -> int:
        return len(self.steps)

    def __str__(self) -> str:
        return play_text(self.steps)


new_play: Callable[[tuple[tuple[Step, ...], Position]], Play] = partial(tuple.__new__, Play)
"""``Play(steps, result)`` with no Python-level call (see ``new_position``)."""


class Fault(Enum):
    """Why a step, or a written trip, cannot be played.

    Declared in the order a diagnosis names them when readings of a written
    trip fail equally far (:mod:`.trips`): bearing off before a blocked point.
    """

    NO_CHECKER = "no checker there"
    BAR_FIRST = "checkers on the bar must enter first"
    POOL_FIRST = "the pool must be empty first (early_moves=no)"
    NO_DICE = "the dice rolled do not make this trip"
    BEAR_OFF_EARLY = "bearing off before every checker is home"
    BEAR_OFF_EXACT = "bearing off needs the exact die (bearoff=exact)"
    BEAR_OFF_HIGHER = "a checker stands higher, so this die cannot bear off from here"
    BLOCKED = "the point is blocked"
    GAME_OVER = "the game is already over"


class Board:
    """The mutable search state: both sides' counts, mover first.

    The waiting side's blocked points cannot change during the mover's turn
    (a hit only ever removes a single checker), so which landings are open is
    worked out once for the whole search (see ``open_point``).
    """

    __slots__ = ("_open_point", "early_moves", "exact", "mover", "turn", "waiting", "white_moves")

    def __init__(self, position: Position, rules: RuleSet) -> None:
        white, black, turn = position
        self.white_moves = white_moves = turn is Side.WHITE
        self.mover = list(white if white_moves else black)
        self.waiting = list(black if white_moves else white)
        self.turn = turn
        self.exact = rules.bearoff is BearOff.EXACT
        self.early_moves = rules.early_moves
        self._open_point: list[bool] | None = None

    def open_point(self) -> list[bool]:
        """open_point[q]: the waiting side has fewer than two checkers on the mover's point q.

        Worked out on first use: only the full search of legal plays needs it.
        """
        if self._open_point is None:
            self._open_point = [False] + [count < 2 for count in self.waiting[24:0:-1]]
        return self._open_point

    def sources(self, die: int, highest: int) -> list[int]:
        """Places a checker can legally leave with ``die``, none above ``highest``."""
        mover = self.mover
        entry_open = self.waiting[die] < 2
        if mover[BAR]:
            return [BAR] if entry_open else []
        if mover[POOL]:
            if not self.early_moves:
                return [POOL] if entry_open else []
            found = [POOL] if entry_open and highest >= POOL else []
            open_point = self.open_point()
            top = min(highest, 24)
            found += [p for p in range(top, die, -1) if mover[p] and open_point[p - die]]
            return found
        open_point = self.open_point()
        top = min(highest, 24)
        found = [p for p in range(top, die, -1) if mover[p] and open_point[p - die]]
        if not any(mover[HOME_TOP + 1 : POOL]):
            found += self._bear_off_sources(die, top)
        return found

    def step_fault(self, source: int, die: int) -> tuple[Fault, int | None] | None:
        """Why a checker may not leave ``source`` with ``die`` now, and the place concerned;
        None when it may. The one judge of a step (rules 3-6, 9): the reader of written
        trips and its diagnosis ask it, and :meth:`sources`, the move search's fast list
        of the same answers, is held to it by a test."""
        mover = self.mover
        if source == OFF or not mover[source]:
            return Fault.NO_CHECKER, source
        if source >= POOL:
            if source == POOL and mover[BAR]:
                return Fault.BAR_FIRST, BAR
            return (Fault.BLOCKED, 25 - die) if self.waiting[die] >= 2 else None
        if mover[BAR]:
            return Fault.BAR_FIRST, BAR
        if mover[POOL] and not self.early_moves:
            return Fault.POOL_FIRST, POOL
        target = source - die
        if target > 0:
            return (Fault.BLOCKED, target) if self.waiting[25 - target] >= 2 else None
        if mover[POOL] or any(mover[HOME_TOP + 1 : POOL]):
            return Fault.BEAR_OFF_EARLY, None
        if target == 0:
            return None
        if self.exact:
            return Fault.BEAR_OFF_EXACT, None
        return (Fault.BEAR_OFF_HIGHER, None) if any(mover[source + 1 : HOME_TOP + 1]) else None

    def can_move(self, source: int, die: int) -> bool:
        """Whether a checker may leave ``source`` with ``die`` now."""
        return self.step_fault(source, die) is None

    def _bear_off_sources(self, die: int, top: int) -> list[int]:
        """Rule 9: the point a die bears off from, if any (all checkers are home)."""
        mover = self.mover
        if mover[die]:
            return [die] if die <= top else []
        if self.exact or any(mover[die + 1 : HOME_TOP + 1]):
            return []
        highest = next((point for point in range(die - 1, 0, -1) if mover[point]), 0)
        return [highest] if 0 < highest <= top else []

    def move(self, source: int, die: int) -> Step:
        """Move one checker by ``die`` from ``source``."""
        mover = self.mover
        mover[source] -= 1
        target = 25 - die if source >= POOL else source - die
        if target <= 0:
            mover[OFF] += 1
            return _new_step((source, OFF, die, False))
        mover[target] += 1
        waiting = self.waiting
        if waiting[25 - target] == 1:
            waiting[25 - target] = 0
            waiting[BAR] += 1
            return _new_step((source, target, die, True))
        return _new_step((source, target, die, False))

    def undo(self, step: Step) -> None:
        mover = self.mover
        mover[step.source] += 1
        mover[step.dest] -= 1
        if step.hit:
            waiting = self.waiting
            waiting[25 - step.dest] = 1
            waiting[BAR] -= 1

    @property
    def finished(self) -> bool:
        return self.mover[OFF] == CHECKERS_PER_SIDE

    def position(self) -> Position:
        mover, waiting = tuple(self.mover), tuple(self.waiting)
        if self.white_moves:
            return new_position((mover, waiting, self.turn))
        return new_position((waiting, mover, self.turn))


class _PlayCollector:
    """Depth-first search collecting the plays that use the most dice."""

    def __init__(self, board: Board, full: int) -> None:
        self.board = board
        self.full = full
        self.best = 0
        self.plays: dict[Position, tuple[Step, ...]] = {}
        self.path: list[Step] = []

    def leaf(self) -> None:
        depth = len(self.path)
        if depth < self.best:
            return
        if depth > self.best:
            self.best = depth
            self.plays.clear()
        self.plays.setdefault(self.board.position(), tuple(self.path))

    def pair(self, first: int, second: int) -> None:
        """Both orders of two different dice.

        A combination already found with the dice the other way round (two
        different checkers, each move legal in that order) is not searched
        again: it reaches the same position.
        """
        board, path = self.board, self.path
        moved = False
        found_first: set[tuple[int, int]] = set()
        for die, other in ((first, second), (second, first)):
            reordered = die == second
            for source in board.sources(die, BAR):
                moved = True
                step = board.move(source, die)
                path.append(step)
                later = [] if board.finished else board.sources(other, BAR)
                if not later:
                    self.leaf()
                for source2 in later:
                    if reordered:
                        if source2 != step.dest and (source2, source) in found_first:
                            continue
                    else:
                        found_first.add((source, source2))
                    path.append(board.move(source2, other))
                    self.leaf()
                    board.undo(path.pop())
                board.undo(path.pop())
        if not moved:
            self.leaf()

    def double(self, die: int, left: int, highest: int) -> None:
        """``left`` more steps of ``die``, each from no higher than ``highest``."""
        board, path = self.board, self.path
        sources = board.sources(die, highest) if left and not board.finished else []
        if not sources:
            self.leaf()
            return
        if left == 1:
            for source in sources:
                path.append(board.move(source, die))
                self.leaf()
                board.undo(path.pop())
            return
        for source in sources:
            path.append(board.move(source, die))
            self.double(die, left - 1, source)
            board.undo(path.pop())


def _check_dice(dice: Sequence[int]) -> None:
    """Refuse what :func:`roll_dice` could not give: a die outside 1..6 would move a checker
    backwards, or bear one in, into a position no game reaches."""
    for die in dice:
        if not 1 <= die <= 6:
            raise DiceError(f"a die shows 1 to 6, not {die}")
    if len(dice) == 2 and dice[0] != dice[1]:
        return
    if len(dice) == 4 and len(set(dice)) == 1:
        return
    raise DiceError("a segment plays two different dice or four of a double")


def legal_plays(position: Position, dice: Sequence[int], rules: RuleSet) -> dict[Position, Play]:
    """Every distinct legal play of ``dice`` for the side to roll, keyed by its result.

    ``dice`` is what :func:`roll_dice` gives: two different dice or four equal
    ones. Rule 7 counts the dice a play actually moves: bearing off the 15th
    checker ends the play (rule 10), but a play that wins with fewer dice
    than another order could play is not legal. When nothing can be played
    the result holds the empty play.
    """
    plays, _ = _legal_steps(position, dice, rules)
    return {result: Play(steps, result) for result, steps in plays.items()}


def legal_results(
    position: Position, dice: Sequence[int], rules: RuleSet
) -> tuple[list[Position], int]:
    """The positions the legal plays of ``dice`` reach, and how many dice each plays.

    Every legal play plays the same number of dice (rule 7). This is
    :func:`legal_plays` without the plays, for a search that looks at
    thousands of positions and needs no steps.
    """
    plays, used = _legal_steps(position, dice, rules)
    return list(plays), used


def _legal_steps(
    position: Position, dice: Sequence[int], rules: RuleSet
) -> tuple[dict[Position, tuple[Step, ...]], int]:
    _check_dice(dice)
    collector = _PlayCollector(Board(position, rules), len(dice))
    if len(dice) == 2:
        # The larger die first: where one step of either die reaches the same
        # position, the play kept is the one rule 7 names (the larger die).
        collector.pair(*roll_of(*dice))
    else:
        collector.double(dice[0], 4, BAR)
    plays = collector.plays
    if collector.best == 1:
        plays = _apply_larger_die(plays, dice, rules)
    return plays, collector.best


def _apply_larger_die(
    plays: dict[Position, tuple[Step, ...]], dice: Sequence[int], rules: RuleSet
) -> dict[Position, tuple[Step, ...]]:
    """Rule 7: when one die of two can be played, it must be the larger where possible."""
    if len(dice) != 2 or not rules.larger_die:
        return plays
    larger = max(dice)
    with_larger = {key: raw for key, raw in plays.items() if raw[0].die == larger}
    return with_larger or plays


class _DiceCounter:
    """Depth-first search for the most dice playable, stopping once all can be."""

    def __init__(self, board: Board, full: int) -> None:
        self.board = board
        self.full = full
        self.best = 0

    def pair(self, first: int, second: int) -> None:
        board = self.board
        for die, other in ((first, second), (second, first)):
            for source in board.sources(die, BAR):
                step = board.move(source, die)
                done = bool(board.sources(other, BAR))
                board.undo(step)
                if done:
                    self.best = 2
                    return
                self.best = 1

    def double(self, die: int, used: int, highest: int) -> bool:
        """Search on; True once every die is known to be playable."""
        board = self.board
        if used == self.full:
            self.best = self.full
            return True
        self.best = max(self.best, used)
        for source in board.sources(die, highest):
            step = board.move(source, die)
            done = self.double(die, used + 1, source)
            board.undo(step)
            if done:
                return True
        return False


def max_dice(position: Position, dice: Sequence[int], rules: RuleSet) -> int:
    """How many of ``dice`` the side to roll can play (rule 7), without listing plays.

    Only dice actually moved count: nothing is played once the 15th checker
    is off, so a die left then is a die not played.
    """
    _check_dice(dice)
    counter = _DiceCounter(Board(position, rules), len(dice))
    if len(dice) == 2:
        counter.pair(dice[0], dice[1])
    else:
        counter.double(dice[0], 0, BAR)
    return counter.best


def larger_die_playable(position: Position, dice: Sequence[int], rules: RuleSet) -> bool:
    """Whether the larger of two different dice can be played on its own."""
    return bool(Board(position, rules).sources(max(dice), BAR))
