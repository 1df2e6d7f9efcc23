"""The engine's API for other programs (docs/engine.md, "Python API").

    from aceynote.engine import Engine

    engine = Engine("bgammon")
    engine.best_play("W in:15 / B in:15 / W", "64")      # 'in/19 in/21', say
    engine.rank("W in:15 / B in:15 / W", "21")           # every play, best first
    engine.choose_double("W 19:1 ... / B ... / W")       # after a 1-2 played in full
    engine.best_play(setup, "66", kind="double")         # the play of the chosen double
    engine.best_play(setup, "53", kind="extra")          # the extra roll after it

A ``setup`` is a Setup string (docs/notation.md §7) whose last field is the
side to act; ``roll`` is two digits 1..6 in either order. ``kind`` says which
segment of the acey-deucey turn the roll is (§8 rule 8): "roll", "double"
(the play of the chosen double) or "extra" (the extra roll), because what
follows a play, and so what is best, depends on it. Bad input raises
:class:`EngineInputError` (a ValueError) that says what is wrong: every
argument is checked, its kind and its range, before any work.
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, fields, replace
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from ..rules import Position, RulesError, SegmentKind, SetupError, parse_rules, roll_of
from ..terminal_text import clipped
from .decisions import Choice, Decision, choices, double_choices
from .evaluator import evaluator_for
from .network import Network, WeightsFormatError
from .rollout import RolloutResult, rollouts
from .search import DEPTHS, Scored, Search, best_of_each_double

KINDS = {
    "roll": SegmentKind.ROLL,
    "double": SegmentKind.CHOSEN_DOUBLE,
    "extra": SegmentKind.EXTRA_ROLL,
}
WEIGHTS = "weights.npz"
ROLLOUT_TOP = 4
MAX_ROLLOUT_GAMES = 100_000
"""The most trials :meth:`Engine.rollout` plays of each play: at about 0.13 CPU s a
trial (docs/engine.md), some 3.6 CPU hours a play."""


class EngineInputError(ValueError):
    """A Setup, roll, kind, depth or Rules value the engine cannot take."""


@dataclass(frozen=True, slots=True)
class RankedPlay:
    """One legal play with its value for the side that plays it.

    ``win`` is the probability of winning the game, ``equity`` the points
    expected (the other side's counted negative, in the rules' own score),
    ``diff`` how much less that is than the best play's (0 for the best).
    ``double`` is the double named, for a chosen double; else 0. Items can
    be read by name too (``ranked["play"]``).
    """

    play: str
    win: float
    equity: float
    diff: float
    double: int = 0

    def __getitem__(self, name: str) -> Any:
        if name not in _RANKED_FIELDS:
            raise KeyError(name)
        return getattr(self, name)

    @classmethod
    def of(cls, scored: Scored, best_equity: float, naming: bool = False) -> RankedPlay:
        """A play the search valued, as the API gives it: its name (:func:`play_named`; the
        side ``naming`` a double after a 1-2) and its figures rounded to 4 places (never
        -0.0, which a rounding error below zero would print as "-0.0%")."""
        play, double = play_named(scored.choice, naming)
        return cls(
            play=play,
            win=_shown(scored.win),
            equity=_shown(scored.equity),
            diff=_shown(scored.equity - best_equity),
            double=double,
        )

    def as_dict(self) -> dict[str, Any]:
        found = asdict(self)
        if not self.double:
            del found["double"]
        return found


def play_named(choice: Choice, naming: bool) -> tuple[str, int]:
    """How the API names a choice: the play as records write it, and the double named (when
    the side is ``naming`` one after a 1-2; else 0). Rankings and rollouts alike."""
    return str(choice.play), choice.high if naming else 0


_RANKED_FIELDS = frozenset(field.name for field in fields(RankedPlay))


@dataclass(frozen=True, slots=True)
class Evaluation:
    """The value of a position for its side to act, before its dice."""

    win: float
    equity: float


@cache
def shipped_network() -> Network:
    """The weights that ship with aceynote, read on first use, as play uses them."""
    return shipped_weights().for_play()


def shipped_weights() -> Network:
    """The weights that ship with aceynote as training uses them (float64)."""
    with resources.files(__package__).joinpath(WEIGHTS).open("rb") as data:
        return Network.load(data)


def _text(value: object, what: str, example: str) -> str:
    if not isinstance(value, str):
        raise EngineInputError(f"{what} is text, like {example}, not {type(value).__name__}")
    return value


def _whole(value: object, what: str, low: int | None = None, high: int | None = None) -> int:
    """``value`` when it is an int from ``low`` to ``high`` (None: no end); refused otherwise."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise EngineInputError(f"{what} is a whole number, not {clipped(repr(value))}")
    if (low is not None and value < low) or (high is not None and value > high):
        upto = f"from {low}" + ("" if high is None else f" to {high}")
        raise EngineInputError(f"{what} is a whole number {upto}, not {clipped(repr(value))}")
    return value


def parse_roll(roll: str) -> tuple[int, int]:
    """``"64"`` or ``"46"`` as (6, 4); refuses anything else with a reason."""
    text = _text(roll, "roll", "'64'").strip()
    if len(text) != 2 or not all(char in "123456" for char in text):
        raise EngineInputError(
            f"'{clipped(roll)}' is not a roll; write two dice 1..6, like 64 or 21"
        )
    first, second = int(text[0]), int(text[1])
    return roll_of(first, second)


def parse_setup(setup: str) -> Position:
    try:
        return Position.from_setup(_text(setup, "Setup", "'W in:15 / B in:15 / W'"))
    except SetupError as error:
        raise EngineInputError(f"Setup: {error}") from None


def _network_from(weights: str | os.PathLike[str]) -> Network:
    """Weights a caller named, each way they can fail said as an EngineInputError."""
    try:
        return Network.load(Path(weights)).for_play()
    except OSError as error:
        raise EngineInputError(f"weights: cannot read {weights}: {error.strerror}") from None
    except WeightsFormatError as error:
        raise EngineInputError(f"weights: {weights}: {error}") from None


class Engine:
    """The analysis engine under one rule set (a Rules tag value such as "bgammon")."""

    def __init__(
        self, rules: str = "standard", weights: str | os.PathLike[str] | None = None
    ) -> None:
        if weights is not None and not isinstance(weights, str | os.PathLike):
            raise EngineInputError(f"weights is a path or None, not {type(weights).__name__}")
        try:
            self.rules = parse_rules(_text(rules, "Rules", "'bgammon'"))
        except RulesError as error:
            raise EngineInputError(f"Rules: {error}") from None
        network = shipped_network() if weights is None else _network_from(weights)
        self.search = Search(evaluator_for(network, self.rules))
        # The last ranking made, by its decision, dice and depth, and the record's play it
        # judged: rollout() rolls out the plays that rank() or rank_judging() has just
        # shown (hint), and a 2-ply ranking costs seconds.
        self._last: _Ranking | None = None

    def rank(self, setup: str, roll: str, kind: str = "roll", depth: int = 1) -> list[RankedPlay]:
        """Every legal play of ``roll``, best first (one entry, "--", when none is possible)."""
        return _ranked(self._scored(setup, _text(roll, "roll", "'64'"), kind, depth))

    def _scored(self, setup: str, roll: str, kind: str, depth: int) -> list[Scored]:
        return self._ranking(setup, roll, kind, depth).ranked

    def _ranking(self, setup: str, roll: str | None, kind: str, depth: int) -> _Ranking:
        """The ranking of ``roll``'s plays (None: the doubles to name and their plays) at
        ``depth``, or the last ranking again when it was of the same (:meth:`_ranking_of`)."""
        return self._ranking_of(*self._asked(setup, roll, kind), checked_depth(depth))

    def _asked(self, setup: str, roll: str | None, kind: str) -> tuple[Decision, int, int]:
        """The decision and the dice of ``roll`` (None: the doubles to name, dice 0)."""
        if roll is None:
            return self._doubles_decision(setup, kind), 0, 0
        decision = self._decision(setup, kind)
        return decision, *self._dice(decision, roll)

    def _options_of(self, decision: Decision, high: int, low: int) -> list[Choice]:
        """The choices of these dice (none: the doubles to name)."""
        if high:
            return choices(decision, high, low, self.rules)
        return double_choices(decision, self.rules)

    @staticmethod
    def _dice(decision: Decision, roll: str) -> tuple[int, int]:
        high, low = parse_roll(roll)
        if decision.kind is SegmentKind.CHOSEN_DOUBLE and high != low:
            raise EngineInputError(f"the chosen double must be a double, like 66, not {roll}")
        return high, low

    def _ranking_of(self, decision: Decision, high: int, low: int, depth: int) -> _Ranking:
        """The choices of these dice (none: the doubles to name) ranked at ``depth``, or the
        last ranking again when it was of the same."""
        asked = (decision, high, low, depth)
        last = self._last  # read once: another thread may rank with this engine meanwhile
        if last is None or last.asked != asked:
            options = self._options_of(decision, high, low)
            last = self._last = _Ranking(asked, self.search.rank(options, depth))
        return last

    def rank_judging(
        self,
        setup: str,
        roll: str | None,
        kind: str,
        depth: int,
        written: str,
        written_double: int = 0,
    ) -> list[RankedPlay]:
        """:meth:`rank`, with the play ``written`` (as the ranking writes it) valued at
        ``depth`` as analyze judges a record's play (:meth:`Search.with_chosen`), for hint
        at a moment of a record; with ``roll`` None, :meth:`rank_doubles` with ``written``
        the play of ``written_double`` (1..6), shown beside the doubles' best plays when it
        is none of them. A play that is not legal there is refused. The engine keeps this
        ranking: its :meth:`rollout` of the same decision rolls out these plays, in this
        order, and the written play too."""
        written = _text(written, "written", "'in/19 in/21'")
        double = 0 if roll is not None else _whole(written_double, "written_double", 1, 6)
        ranking = self._ranking(setup, roll, kind, depth)
        chosen = _written_choice(ranking.ranked, written, double)
        judged, _ = self.search.with_chosen(ranking.ranked, chosen, depth)
        self._last = _Ranking(ranking.asked, judged, chosen)
        if roll is not None:
            return _ranked(judged)
        return _ranked(_doubles_shown(judged, chosen), with_double=True)

    def rollout(
        self,
        setup: str,
        roll: str | None,
        kind: str = "roll",
        games: int = 1296,
        seed: int = 1,
        top: int = ROLLOUT_TOP,
        depth: int = 1,
    ) -> list[RolloutResult]:
        """Roll out the best ``top`` plays of :meth:`rank` at ``depth`` (of
        :meth:`rank_doubles` when ``roll`` is None), in the same order, ``games`` trials
        each: 1 to :data:`MAX_ROLLOUT_GAMES`; ``seed`` any whole number, ``top`` 1 or more.
        After :meth:`rank_judging` of the same decision, its written play is rolled out
        too when it is not among them: its result comes last. Each result names its play
        (and double) as the ranking does."""
        games = _whole(games, "games", 1, MAX_ROLLOUT_GAMES)
        seed = _whole(seed, "seed")
        top = _whole(top, "top", 1)
        ranking = self._ranking(setup, roll, kind, depth)
        best = (
            ranking.ranked if roll is not None else _doubles_shown(ranking.ranked, ranking.written)
        )
        picked = [entry.choice for entry in best[:top]]
        if ranking.written is not None and ranking.written not in picked:
            picked.append(ranking.written)
        results = rollouts(picked, self.search, games, seed)
        named = (play_named(choice, roll is None) for choice in picked)
        return [
            replace(result, play=play, double=double)
            for (play, double), result in zip(named, results, strict=True)
        ]

    def best_play(self, setup: str, roll: str, kind: str = "roll", depth: int = 1) -> str:
        """The best play of ``roll`` in the notation (``--`` when nothing can be played)."""
        return self.rank(setup, roll, kind, depth)[0].play

    def rank_doubles(self, setup: str, depth: int = 1) -> list[RankedPlay]:
        """The six doubles to name after a 1-2 played in full, each with its best play."""
        return _ranked(self._best_of_each_double(setup, depth), with_double=True)

    def _best_of_each_double(self, setup: str, depth: int) -> list[Scored]:
        return best_of_each_double(self._ranking(setup, None, "double", depth).ranked)

    def _doubles_decision(self, setup: str, kind: str) -> Decision:
        """The decision to name a double, asked for by ``roll`` None with ``kind``."""
        if _kind(kind) is SegmentKind.EXTRA_ROLL:
            raise EngineInputError(
                "the doubles are named after a 1-2, not on the extra roll: with roll None,"
                " kind is 'roll' or 'double'"
            )
        return self._decision(setup, "double")

    def choose_double(self, setup: str, depth: int = 1) -> int:
        """The double to name after a 1-2 whose 1 and 2 were both played (1..6)."""
        return self.rank_doubles(setup, depth)[0].double

    def is_exact(self, setup: str, roll: str | None, kind: str = "roll") -> bool:
        """Whether :meth:`rank` gives exact values at any depth for these plays of ``roll``
        (None: the doubles to name, as :meth:`rank_doubles`): each play ends the game or
        leads where the race or last-checkers tables hold the value (docs/engine.md)."""
        shown = None if roll is None else _text(roll, "roll", "'64'")
        options = self._options_of(*self._asked(setup, shown, kind))
        return self.search.evaluator.exact_choices(options)

    def evaluate(self, setup: str, kind: str = "roll", depth: int = 0) -> Evaluation:
        """The value of the position for the side to act (``kind`` as in :meth:`rank`)."""
        decision = self._decision(setup, kind)
        if checked_depth(depth) == 0:
            wins, equities = self.search.evaluator.decisions([decision])
            return Evaluation(float(wins[0]), float(equities[0]))
        ((win, equity),) = self.search.look_ahead([decision], depth)
        return Evaluation(win, equity)

    def _decision(self, setup: str, kind: str) -> Decision:
        return Decision(parse_setup(setup), _kind(kind))


def _kind(kind: str) -> SegmentKind:
    if not isinstance(kind, str) or kind not in KINDS:
        raise EngineInputError(f"kind is one of {', '.join(KINDS)}, not {clipped(repr(kind))}")
    return KINDS[kind]


def checked_depth(depth: int) -> int:
    """``depth`` when it is a search depth (0, 1 or 2), else :class:`EngineInputError`: the
    one check of every entry point that takes a depth (the API, the analysis)."""
    if isinstance(depth, bool) or not isinstance(depth, int) or depth not in DEPTHS:
        raise EngineInputError(f"depth is 0, 1 or 2, not {clipped(repr(depth))}")
    return depth


def _shown(value: float) -> float:
    return round(value, 4) + 0.0  # -0.0 + 0.0 is 0.0


def _ranked(scored: list[Scored], with_double: bool = False) -> list[RankedPlay]:
    best = scored[0].equity
    return [RankedPlay.of(entry, best, with_double) for entry in scored]


@dataclass(frozen=True, slots=True)
class _Ranking:
    """A ranking the engine made: what was asked (decision, dice, depth), the plays best
    first, and the record's play it judged (:meth:`Engine.rank_judging`), if any."""

    asked: tuple[Decision, int, int, int]
    ranked: list[Scored]
    written: Choice | None = None


def _written_choice(ranked: list[Scored], written: str, double: int) -> Choice:
    """The choice of the ranking whose play is ``written`` (of the double ``double``, when
    the doubles are ranked); refused when no legal play is written so."""
    for entry in ranked:
        if play_named(entry.choice, bool(double)) == (written, double):
            return entry.choice
    dice = f" of the double {double}{double}" if double else ""
    raise EngineInputError(f"'{clipped(written, 40)}' is not a legal play{dice} in this position")


def _doubles_shown(ranked: list[Scored], written: Choice | None) -> list[Scored]:
    """Each double's best play, best first, and the record's play ``written`` in its place
    when it is not its double's best."""
    shown = best_of_each_double(ranked)
    if written is None or any(entry.choice is written for entry in shown):
        return shown
    return [entry for entry in ranked if entry in shown or entry.choice is written]
