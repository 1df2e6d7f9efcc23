"""Positions: where every checker of both sides stands, and who is to roll.

Each side's checkers are counted in that side's *own* numbering (docs/notation.md
§3): points 1..24 where 1..6 is its home board, plus three places that are not
points. A side is a 27-slot tuple indexed by :data:`OFF` (0), the points 1..24,
:data:`POOL` (25, written ``in``) and :data:`BAR` (26). White's point p is
Black's point 25-p.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from enum import Enum
from functools import partial
from operator import mul
from typing import NamedTuple

from ..terminal_text import clipped

OFF = 0
POOL = 25
BAR = 26
SLOTS = 27
CHECKERS_PER_SIDE = 15
POINTS = range(1, 25)
HOME_TOP = 6
"""The highest point of a side's home board (points 1..6, §3)."""

PLACE_NAMES = {OFF: "off", POOL: "in", BAR: "bar"}


class Side(Enum):
    """One of the two players; the value is the letter used in Setup strings."""

    WHITE = "W"
    BLACK = "B"

    # Members are singletons; identity hashing keeps Position hashing fast.
    __hash__ = object.__hash__

    @property
    def opponent(self) -> Side:
        return _OPPONENTS[self]

    @property
    def title(self) -> str:
        return self.name.capitalize()


_OPPONENTS = {Side.WHITE: Side.BLACK, Side.BLACK: Side.WHITE}


class SetupError(ValueError):
    """A Setup string that cannot be read or describes an impossible position."""


def place_name(place: int) -> str:
    """The notation word for a place: ``in``, ``bar``, ``off`` or the point number."""
    return PLACE_NAMES.get(place, str(place))


def _where(place: int) -> str:
    """A place in a sentence: "in the pool", "on the bar", "borne off", "on 13"."""
    return {POOL: "in the pool", BAR: "on the bar", OFF: "borne off"}.get(place, f"on {place}")


def opposite_point(point: int) -> int:
    """The same board point in the other side's numbering."""
    return 25 - point


def farthest_back(counts: Sequence[int]) -> int:
    """A side's checker farthest from home, in its own numbering: 25 for one in the pool
    or on the bar, 0 when every checker is off."""
    if counts[POOL] or counts[BAR]:
        return 25
    return next((point for point in range(24, 0, -1) if counts[point]), 0)


def can_meet(back: int, other_back: int) -> bool:
    """Whether two sides whose farthest back (:func:`farthest_back`) are these can still meet:
    a side's point p is the other's 25 - p, and they move towards each other."""
    return back + other_back > 25


def _empty_side() -> list[int]:
    return [0] * SLOTS


class Position(NamedTuple):
    """An immutable, hashable position.

    ``white`` and ``black`` are 27-slot tuples in each side's own numbering;
    ``turn`` is the side to roll next. A named tuple rather than a dataclass
    because the move search builds thousands of them.
    """

    white: tuple[int, ...]
    black: tuple[int, ...]
    turn: Side

    @classmethod
    def initial(cls, turn: Side = Side.WHITE) -> Position:
        """The starting position: all 15 checkers of both sides in the pool."""
        side = _empty_side()
        side[POOL] = CHECKERS_PER_SIDE
        return cls(tuple(side), tuple(side), turn)

    @classmethod
    def from_sides(cls, mover: tuple[int, ...], other: tuple[int, ...], turn: Side) -> Position:
        """Build a position from the mover's and the other side's tuples."""
        if turn is Side.WHITE:
            return cls(mover, other, turn)
        return cls(other, mover, turn)

    def checkers(self, side: Side) -> tuple[int, ...]:
        return self.white if side is Side.WHITE else self.black

    @property
    def mover(self) -> tuple[int, ...]:
        """The side to roll's checkers, in its own numbering."""
        return self.checkers(self.turn)

    @property
    def waiting(self) -> tuple[int, ...]:
        """The other side's checkers, in its own numbering."""
        return self.checkers(self.turn.opponent)

    def with_turn(self, turn: Side) -> Position:
        return new_position((self.white, self.black, turn))

    def pip_count(self, side: Side) -> int:
        """Pips the side needs to bear everything off; pool and bar count 25 each."""
        # Slots 1..24 are the points, 25 the pool and 26 the bar: 25 pips each.
        return sum(map(mul, self.checkers(side), _PIPS_OF_SLOT))

    @property
    def has_contact(self) -> bool:
        """Whether a checker can still meet one of the other side's (else it is a race)."""
        return can_meet(farthest_back(self.white), farthest_back(self.black))

    def has_won(self, side: Side) -> bool:
        return self.checkers(side)[OFF] == CHECKERS_PER_SIDE

    @property
    def winner(self) -> Side | None:
        if self.white[OFF] == CHECKERS_PER_SIDE:
            return Side.WHITE
        if self.black[OFF] == CHECKERS_PER_SIDE:
            return Side.BLACK
        return None

    def owner_of(self, side: Side, point: int) -> tuple[Side | None, int]:
        """Who holds ``point`` (in ``side``'s numbering) and with how many checkers."""
        own = self.checkers(side)[point]
        if own:
            return side, own
        theirs = self.checkers(side.opponent)[opposite_point(point)]
        if theirs:
            return side.opponent, theirs
        return None, 0

    def to_setup(self) -> str:
        """This position as a canonical Setup string (docs/notation.md §7).

        A finished game has none (a Setup cannot start a game that is over):
        that raises :class:`SetupError`.
        """
        winner = self.winner
        if winner is not None:
            raise SetupError(f"{winner.title} has borne off all 15 checkers; the game is over")
        return f"{self._sides_text()} / {self.turn.value}"

    @property
    def setup_or_none(self) -> str | None:
        """:meth:`to_setup`, or None once the game is over (no Setup starts there)."""
        return None if self.winner is not None else self.to_setup()

    def _sides_text(self) -> str:
        return f"{_side_field(Side.WHITE, self.white)} / {_side_field(Side.BLACK, self.black)}"

    @classmethod
    def from_setup(cls, text: str) -> Position:
        """Read a Setup string, refusing every impossible position with a clear reason."""
        return _parse_setup(text)

    def __str__(self) -> str:
        winner = self.winner
        if winner is not None:
            return f"{self._sides_text()} (game over: {winner.title} has won)"
        return self.to_setup()


new_position: Callable[[tuple[tuple[int, ...], tuple[int, ...], Side]], Position] = partial(
    tuple.__new__, Position
)
"""``Position(white, black, turn)`` a little faster (with no Python-level call): the move
search and the replay make many."""


def _side_field(side: Side, counts: tuple[int, ...]) -> str:
    words = [_PLACE_COUNTS[place][counts[place]] for place in _SETUP_ORDER if counts[place]]
    return " ".join([side.value, *words])


_SETUP_ORDER = (*reversed(POINTS), BAR, POOL)  # a Setup's places, in its canonical order
_PLACE_COUNTS = {
    place: [f"{PLACE_NAMES.get(place, place)}:{count}" for count in range(CHECKERS_PER_SIDE + 1)]
    for place in _SETUP_ORDER
}
"""Each place's ``point:count`` words, made once: Setup strings are written for every position
a table of segments holds."""
_PIPS_OF_SLOT = (0, *POINTS, 25, 25)


_PLACE_COUNT = re.compile(r"^([A-Za-z]+|[0-9]+):([0-9]+)$")
# The blanks between a Setup's words: a space or a tab, as in the notation (a no-break
# space is no blank there).
_BLANKS = " \t"
_WORDS = re.compile(f"[^{_BLANKS}]+")


def _parse_place(word: str) -> int:
    lowered = word.lower()
    if lowered == "in":
        return POOL
    if lowered == "bar":
        return BAR
    number = word.lstrip("0")  # leading zeros, as a count may have them
    if number.isascii() and number.isdigit() and len(number) <= 2 and 1 <= int(number) <= 24:
        return int(number)
    raise SetupError(f"'{clipped(word)}' is not a place; use a point 1..24, 'bar' or 'in'")


def _parse_side_field(field: str) -> tuple[Side, tuple[int, ...]]:
    words = _WORDS.findall(field)
    if not words:
        raise SetupError("a side field is empty; it must start with W or B")
    side_word = words[0].upper()
    if side_word not in ("W", "B"):
        raise SetupError(
            f"a side field starts with W or B, then a blank before its checkers (W 6:2 in:13),"
            f" not '{clipped(words[0])}'"
        )
    side = Side(side_word)
    counts = _empty_side()
    seen: set[int] = set()
    for word in words[1:]:
        match = _PLACE_COUNT.match(word)
        if match is None:
            raise SetupError(
                f"'{clipped(word)}' is not of the form place:count (like 13:5 or bar:1)"
            )
        place = _parse_place(match.group(1))
        digits = match.group(2).lstrip("0") or "0"
        if len(digits) > 2:
            raise SetupError(
                f"{side.title} has {clipped(digits)} checkers {_where(place)}; a side has 15"
            )
        count = int(digits)
        if place in seen:
            raise SetupError(f"{side.title} lists {place_name(place)} twice")
        if count < 1:
            raise SetupError(f"{side.title} has a count below 1 {_where(place)}")
        seen.add(place)
        counts[place] = count
    on_board = sum(counts[1:])
    if on_board > CHECKERS_PER_SIDE:
        raise SetupError(f"{side.title} has {on_board} checkers; a side has 15")
    counts[OFF] = CHECKERS_PER_SIDE - on_board
    if counts[OFF] == CHECKERS_PER_SIDE:
        raise SetupError(f"{side.title} has borne off all 15 checkers; the game would be over")
    if counts[OFF] and counts[POOL]:
        raise SetupError(
            f"{side.title} has checkers both in the pool and borne off; "
            "bearing off needs every checker entered"
        )
    return side, tuple(counts)


def _unseen_character(text: str) -> str | None:
    """Why ``text`` cannot be a Setup when it holds a character that a message could not show:
    a space that is no blank here (a no-break space looks like one), or one not seen at all.
    Quoted, the word around it would look right."""
    for char in text:
        if char in _BLANKS:
            continue
        if char.isspace():
            return f"the space character U+{ord(char):04X} is no blank here: use a plain space or a tab"
        if not char.isprintable():
            return f"the character U+{ord(char):04X} is not part of a Setup"
    return None


def _parse_setup(text: str) -> Position:
    unseen = _unseen_character(text)
    if unseen is not None:
        raise SetupError(unseen)
    fields = text.split("/")
    if len(fields) != 3:
        raise SetupError(
            "a Setup has three fields separated by '/': White's checkers, Black's checkers "
            "and the side to roll"
        )
    sides = dict(_parse_side_field(field) for field in fields[:2])
    if len(sides) != 2:
        raise SetupError("a Setup must list W once and B once")
    turn_word = fields[2].strip(_BLANKS).upper()
    if turn_word not in ("W", "B"):
        raise SetupError(
            f"the last Setup field names the side to roll, W or B, not '{clipped(fields[2].strip(_BLANKS))}'"
        )
    white, black = sides[Side.WHITE], sides[Side.BLACK]
    for point in POINTS:
        if white[point] and black[opposite_point(point)]:
            raise SetupError(
                f"both sides have checkers on White's point {point} "
                f"(Black's point {opposite_point(point)})"
            )
    return Position(white, black, Side(turn_word))
