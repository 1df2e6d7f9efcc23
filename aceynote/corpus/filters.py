"""The filters of ``aceynote find``: small predicates over one game, and their combination.

A filter is a frozen dataclass (so that ``--jobs`` can send it to worker
processes) with ``plays``: whether it needs the game replayed. A filter
that does not (a tag filter) looks only at the tags a glance at the text
found, so a search by tags never parses a game (docs/find.md).

A :class:`Query` is the filters in command-line order: ``--not`` turns the
next filter round, ``--or`` starts another group; a game matches when every
filter of some group holds (AND binds tighter than OR, as in find(1)).

The values the command line gives are read here too (:func:`count_test`,
:func:`date_test`, :func:`tag_test`, :func:`position_test`); a value that
cannot be read raises :class:`FilterError` with the reason in words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import ClassVar, Protocol

from ..notation import Game
from ..notation.tags import TAG_NAME, date_exists, last_day, points_winner, result_points
from ..rules import Position, SetupError, Side
from ..validation import Report, validate
from .facts import GameFacts, game_facts


class FilterError(ValueError):
    """A filter's value that cannot be read (a usage error)."""


class GameView:
    """One game as the filters see it: its tags always, its replay when a filter asks.

    ``game`` is None for a game only glanced at (no filter needs its play).
    ``result`` is the Result tag, or the result token where there is none.
    """

    def __init__(self, tags: dict[str, str], result: str, game: Game | None) -> None:
        self.tags = tags
        self.result = result
        self.game = game

    @cached_property
    def report(self) -> Report:
        if self.game is None:
            raise ValueError("a game only glanced at has no replay")
        return validate(self.game)

    @cached_property
    def facts(self) -> GameFacts:
        return game_facts(self.report)


class Filter(Protocol):
    plays: ClassVar[bool]

    def holds(self, view: GameView) -> bool: ...


# -- reading the command line's values --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CountTest:
    """A count between ``low`` and ``high`` inclusive (None: no bound)."""

    low: int | None
    high: int | None

    def holds(self, count: int) -> bool:
        return (self.low is None or count >= self.low) and (self.high is None or count <= self.high)


_COMPARISON = re.compile(r"\s*(<=|>=|<|>|=|==)?\s*(\d+)\s*")
_RANGE = re.compile(r"\s*(\d+)\s*\.\.\s*(\d+)\s*")


def count_test(text: str) -> CountTest:
    """``>60``, ``<=3``, ``=5``, ``5`` or a range ``40..60`` (both ends included)."""
    ranged = _RANGE.fullmatch(text)
    if ranged is not None:
        low, high = int(ranged.group(1)), int(ranged.group(2))
        if low > high:
            raise FilterError(f"'{text}': the range's first number is the smaller one")
        return CountTest(low, high)
    compared = _COMPARISON.fullmatch(text)
    if compared is None:
        raise FilterError(
            f"'{text}' is not a count: write a number after <, <=, >, >=, = (like '>60')"
            " or a range like 40..60"
        )
    operator, number = compared.group(1) or "=", int(compared.group(2))
    bounds = {
        "<": (None, number - 1),
        "<=": (None, number),
        ">": (number + 1, None),
        ">=": (number, None),
    }
    return CountTest(*bounds.get(operator, (number, number)))


DateParts = tuple[int | None, int | None, int | None]

_DATE = re.compile(r"(\d{4})(?:[-./](\d{1,2})(?:[-./](\d{1,2}))?)?")


@dataclass(frozen=True, slots=True)
class DateTest:
    """Dates from ``first`` to ``last``, each a (year, month, day) with its unwritten parts None."""

    first: DateParts
    last: DateParts

    def holds(self, value: str) -> bool:
        """Whether every date the Date tag ``value`` may mean lies inside (``??`` parts unknown)."""
        written = _tag_date(value)
        if written is None:
            return False
        return _earliest(written) >= _earliest(self.first) and _latest(written) <= _latest(
            self.last
        )

    @property
    def empty(self) -> bool:
        """Whether no date lies inside: a range written backwards."""
        return _earliest(self.first) > _latest(self.last)


def _earliest(parts: DateParts) -> tuple[int, int, int]:
    """The earliest date ``parts`` may mean, as numbers to compare: an unwritten month or day
    is the first (so ``2026.??.??`` is in a range from 2026-01-01), an unwritten year 0."""
    year, month, day = parts
    return (0 if year is None else year, 1 if month is None else month, 1 if day is None else day)


def _latest(parts: DateParts) -> tuple[int, int, int]:
    """The latest date ``parts`` may mean: an unwritten month December, an unwritten day the
    month's last (so ``2026.11.??`` is in a range to 2026-11-30), an unwritten year 9999."""
    year, month, day = parts
    month = 12 if month is None else month
    day = last_day(year, month) if day is None else day
    return (9999 if year is None else year, month, day)


def _tag_date(value: str) -> DateParts | None:
    """A Date tag's year, month and day (None for ``??``); None when the year is not known."""
    parts = value.strip().split(".")
    numbers = [int(part) if part.isdigit() else None for part in parts[:3]]
    numbers += [None] * (3 - len(numbers))
    if numbers[0] is None:
        return None
    return numbers[0], numbers[1], numbers[2]


def date_test(text: str) -> DateTest:
    """``2026``, ``2026-11``, ``2026.11.04``, or a range ``2026-01..2026-06`` (an end may be left out)."""
    first, dots, last = text.partition("..")
    if not dots:
        day = _date_parts(text, text)
        return DateTest(day, day)
    if not first.strip() and not last.strip():
        raise FilterError(f"'{text}': a date range needs a first or a last date")
    test = DateTest(
        _date_parts(first, text) if first.strip() else (None, None, None),
        _date_parts(last, text) if last.strip() else (None, None, None),
    )
    if test.empty:
        raise FilterError(f"'{text}': the range's first date is the earlier one")
    return test


def _date_parts(word: str, text: str) -> DateParts:
    matched = _DATE.fullmatch(word.strip())
    if matched is None:
        raise FilterError(
            f"'{text}' is not a date: write 2026, 2026-11 or 2026-11-04 (or with dots,"
            " as the Date tag), or a range like 2026-01..2026-06"
        )
    year, month, day = (int(part) if part else None for part in matched.groups())
    if not date_exists(year, month, day):
        raise FilterError(f"'{text}': no such month or day")
    return year, month, day


def tag_test(text: str) -> tuple[str, str, bool]:
    """``Name=value`` (or ``Name`` alone: the tag is there) as the name, the value sought and
    whether the whole value must be it: after ``==``, or a whole number after ``=``
    (``Round=1`` is round 1, not 10 or 21)."""
    name, equals, value = text.partition("=")
    if not re.fullmatch(TAG_NAME, name.strip()):
        raise FilterError(f"'{text}': write a tag as Name=value, like Event=ladder")
    if value.startswith("="):
        return name.strip(), value[1:], True
    if equals and not value.strip():
        raise FilterError(
            f"'{text}': give the value to look for after '=' (every tag holds an empty one),"
            f" or {name.strip()} alone for the games that have the tag"
        )
    return name.strip(), value, value.isascii() and value.isdigit()


def text_test(text: str) -> str:
    """Text a tag must hold: some letter or digit, since every tag holds the empty text."""
    if not text.strip():
        raise FilterError(f"'{text}': give the text to look for (any tag holds an empty one)")
    return text


def position_test(text: str) -> Reaches:
    """A Setup string (docs/notation.md §7); the side to roll may be left out (W is assumed)."""
    side_written = text.count("/") >= 2
    try:
        position = Position.from_setup(text if side_written else f"{text} / W")
    except SetupError as error:
        raise FilterError(f"'{text}' is not a position: {error}") from error
    return Reaches(position, side_written=side_written)


# -- filters on tags --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TagHas:
    """Some tag of ``names`` holds ``value``, in any case; ``default`` stands for a missing tag."""

    names: tuple[str, ...]
    value: str
    default: str = ""
    plays: ClassVar[bool] = False

    def holds(self, view: GameView) -> bool:
        sought, tags = self.value.casefold(), view.tags
        for name in self.names:  # noqa: SIM110 - a loop: no generator for each game glanced at
            if sought in tags.get(name, self.default).casefold():
                return True
        return False


@dataclass(frozen=True, slots=True)
class AnyTag:
    """The tag ``name`` (in any case) is there and holds ``value``, in any case; is it
    (the whole value, blanks around it aside) when ``exact``."""

    name: str
    value: str
    exact: bool = False
    plays: ClassVar[bool] = False

    def holds(self, view: GameView) -> bool:
        wanted = self.name.casefold()
        return any(
            name.casefold() == wanted and self._matches(value) for name, value in view.tags.items()
        )

    def _matches(self, value: str) -> bool:
        if self.exact:
            return value.strip().casefold() == self.value.strip().casefold()
        return self.value.casefold() in value.casefold()


@dataclass(frozen=True, slots=True)
class DateIn:
    test: DateTest
    plays: ClassVar[bool] = False

    def holds(self, view: GameView) -> bool:
        return self.test.holds(view.tags.get("Date", ""))


OUTCOMES = ("white", "black", "unfinished")


@dataclass(frozen=True, slots=True)
class ResultIs:
    """The result: who won (``white``, ``black``, ``unfinished``) or a result token (``15-0``)."""

    wanted: str
    plays: ClassVar[bool] = False

    def holds(self, view: GameView) -> bool:
        if self.wanted not in OUTCOMES:
            return view.result.strip() == self.wanted
        winner = points_winner(result_points(view.result.strip()))
        if winner is None:
            return self.wanted == "unfinished"
        return self.wanted == ("white" if winner is Side.WHITE else "black")


def result_test(text: str) -> str:
    word = text.strip().lower()
    if word in OUTCOMES or word == "*" or re.fullmatch(r"\d+-\d+", word):
        return word
    raise FilterError(
        f"'{text}' is not a result: write white, black, unfinished, or a result like 15-0 or *"
    )


# -- filters on play --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Turns:
    test: CountTest
    plays: ClassVar[bool] = True

    def holds(self, view: GameView) -> bool:
        return self.test.holds(view.facts.turns)


@dataclass(frozen=True, slots=True)
class Hits:
    """Hits by both sides together along the main line."""

    test: CountTest
    plays: ClassVar[bool] = True

    def holds(self, view: GameView) -> bool:
        return self.test.holds(sum(view.facts.hits.values()))


@dataclass(frozen=True, slots=True)
class AceyDeucey:
    plays: ClassVar[bool] = True

    def holds(self, view: GameView) -> bool:
        return view.facts.acey_deucey


@dataclass(frozen=True, slots=True)
class Passed:
    """Some side passed (a play written ``--``) on the main line."""

    plays: ClassVar[bool] = True

    def holds(self, view: GameView) -> bool:
        return any(view.facts.passes.values())


@dataclass(frozen=True, slots=True)
class HasErrors:
    plays: ClassVar[bool] = True

    def holds(self, view: GameView) -> bool:
        return view.facts.errors > 0


@dataclass(frozen=True, slots=True)
class Reaches:
    """The position stands after some segment of the main line; the side to roll only if ``turn``.

    ``side_written``: whether the Setup string named the side to roll (else W stands for it).
    """

    position: Position
    turn: bool = False
    side_written: bool = True
    plays: ClassVar[bool] = True

    def holds(self, view: GameView) -> bool:
        board = (self.position.white, self.position.black)
        return any(
            (replay.after.white, replay.after.black) == board
            and (not self.turn or replay.after.turn is self.position.turn)
            for replay in view.report.main_line()
        )


# -- the query --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Term:
    test: Filter
    negated: bool = False

    def holds(self, view: GameView) -> bool:
        return self.test.holds(view) != self.negated


@dataclass(slots=True)
class Query:
    """Groups of terms: a game matches when every term of some group holds (no terms: every game)."""

    groups: list[list[Term]] = field(default_factory=lambda: [[]])

    @property
    def plays(self) -> bool:
        """Whether some filter needs the games replayed (else a glance at the tags will do)."""
        return any(term.test.plays for group in self.groups for term in group)

    def holds(self, view: GameView) -> bool:
        for group in self.groups:  # loops, not any() and all(): no generators for each game
            for term in group:
                if not term.holds(view):
                    break
            else:
                return True
        return False
