"""Reading and checking the values of tags with a meaning (docs/notation.md §2, §6, §7, §8)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..rules import OpeningError, Position, RulesError, RuleSet, SetupError, Side, opening_winner
from ..terminal_text import clipped
from .limits import MAX_TAG_VALUE, readable_number, too_many_digits, within_digit_limit

if TYPE_CHECKING:  # a date is only written here: the import costs every command's start
    import datetime

TAG_NAME = "[A-Za-z][A-Za-z0-9_]*"
"""A tag's name as the grammar reads it (grammars/aceynote.lark, ``TAG``): a letter, then
letters, digits or ``_``; a regular expression's text, for the patterns built on it."""
_OPENING_ROLL = re.compile(r"^([1-6])-([1-6])$")
# "Any part may be ??" (§2): the year as ???? (PGN's way) or ??.
_DATE = re.compile(r"([0-9]{4}|\?{4}|\?{2})\.([0-9]{2}|\?{2})\.([0-9]{2}|\?{2})")
_TIME = re.compile(r"([0-9]{2}):([0-9]{2}):([0-9]{2})")
_RESULT = re.compile(r"([0-9]+)-([0-9]+)")
ENDING_REASONS = ("resignation", "time", "abandoned")
TERMINATIONS = ("normal", *ENDING_REASONS)


NO_EVENT = "?"  # the group of games without an Event tag (PGN's unknown)


def player_name(tag: str | None, side: Side) -> str:
    """Who played ``side``, as the figures over many games match players: the White or Black
    tag, else ``White`` or ``Black``."""
    return tag or side.title


GROUPINGS = ("player", "event")
"""How figures over many games are grouped (``stats --by``, ``analyze --summary --by``): one
table of the players over all games, or one table for each event (:func:`event_name`)."""


def event_name(tag: str | None) -> str:
    """The event a game counts in, for figures by event: its Event tag, else ``?``."""
    return tag if tag is not None else NO_EVENT


class TagValueError(ValueError):
    """A tag value that is not written the way the tag needs."""


def parse_opening(text: str) -> list[tuple[int, int]]:
    """The rolls of an Opening tag (``"4-4 2-2 5-3"``), White's die first in each.

    Whether they decide who moves first is the rules' question
    (:func:`aceynote.rules.opening_winner`).
    """
    rolls = []
    for word in text.split():
        match = _OPENING_ROLL.match(word)
        if match is None:
            raise TagValueError(
                f"'{word}' is not an opening roll: write White's die, '-', Black's die, like 5-3"
            )
        rolls.append((int(match.group(1)), int(match.group(2))))
    return rolls


def date_tag(day: datetime.date) -> str:
    """A day as the Date tag writes it: ``2026.03.01``."""
    return day.strftime("%Y.%m.%d")


def date_parts(value: str) -> tuple[int | None, int | None, int | None] | None:
    """A Date tag's year, month and day, each None where it is written unknown (``??``, the
    year ``????`` too); None for a value not written YYYY.MM.DD. Whether the month and day
    can be is :func:`date_problem`'s question."""
    found = _DATE.fullmatch(value)
    if found is None:
        return None
    year, month, day = (int(part) if part.isdigit() else None for part in found.groups())
    return year, month, day


def time_parts(value: str) -> tuple[int, int, int] | None:
    """A UTCTime tag's hours, minutes and seconds; None for a value not written HH:MM:SS."""
    found = _TIME.fullmatch(value)
    if found is None:
        return None
    hours, minutes, seconds = (int(part) for part in found.groups())
    return hours, minutes, seconds


def date_problem(value: str) -> str | None:
    parts = date_parts(value)
    if parts is None:
        return f"the Date '{clipped(value, 40)}' is not written YYYY.MM.DD (?? for an unknown part)"
    if not date_exists(*parts):
        return f"the Date '{value}' has no such month or day"
    return None


def date_exists(year: int | None, month: int | None, day: int | None) -> bool:
    """Whether a calendar has such a date; a part not known (None) can be any (a day of an
    unknown year's February can be the 29th)."""
    if month is not None and not 1 <= month <= 12:
        return False
    if day is None:
        return True
    return 1 <= day <= last_day(year, month)


def last_day(year: int | None, month: int | None) -> int:
    """The last day a month may have: its own (February's 29th in a leap year or an unknown
    one); 31 for a month not known, or none of the twelve."""
    if month is None or not 1 <= month <= 12:
        return 31
    leap = year is None or (year % 4 == 0 and (year % 100 != 0 or year % 400 == 0))
    return 29 if month == 2 and leap else _MONTH_DAYS[month - 1]


_MONTH_DAYS = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)  # not calendar: it imports datetime


def match_length_problem(value: str) -> str | None:
    if readable_number(value):
        return None
    if value.isascii() and value.isdigit():
        return too_many_digits("the MatchLength", value)
    return (
        f"the MatchLength '{clipped(value, 40)}' is not a number of points: write it in"
        " the digits 0-9, like 7"
    )


def match_score_problem(value: str) -> str | None:
    found = _RESULT.fullmatch(value)
    if found is None:
        return (
            f"the MatchScore '{clipped(value, 40)}' is not a score: write the points before"
            " this game, White's first, like 1-2"
        )
    longest = max(found.groups(), key=len)
    if within_digit_limit(longest):
        return None
    return too_many_digits("a number of the MatchScore", longest)


def match_length(value: str | None) -> int | None:
    """The points a MatchLength tag's value names; None for no tag or one it cannot be read."""
    return int(value) if value is not None and match_length_problem(value) is None else None


def match_score(value: str | None) -> tuple[int, int] | None:
    """White's and Black's points a MatchScore tag's value names; None for no tag or one it
    cannot be read."""
    if value is None or match_score_problem(value) is not None:
        return None
    white, black = value.split("-")
    return int(white), int(black)


def ending_reason(termination: str | None) -> str | None:
    """How a game ended that was not played out, from its Termination tag's value.

    None for ``normal``, no tag, or a value the notation does not know (which
    the validator warns of): read as :func:`termination_problem` reads it.
    """
    value = (termination or "").lower()
    return value if value in ENDING_REASONS else None


def termination_problem(value: str) -> str | None:
    if value.lower() in TERMINATIONS:
        return None
    return f"'{clipped(value, 40)}' is not a Termination: use {', '.join(TERMINATIONS)}"


def result_problem(value: str) -> str | None:
    """Whether ``value`` is a result token (§6): ``*`` or W-B with one side 0."""
    if value == "*":
        return None
    match = _RESULT.fullmatch(value)
    if match is None:
        return f"'{clipped(value)}' is not a result: write * or the points as W-B, like 9-0 or 0-4"
    longest = max(match.groups(), key=len)
    if not within_digit_limit(longest):
        return too_many_digits("a number of this result", longest)
    if int(match.group(1)) and int(match.group(2)):
        return f"'{value}' gives points to both sides; one of them is 0"
    return None


def result_points(token: str) -> tuple[int, int] | None:
    """White's and Black's points of a result token (``9-0``); None for ``*`` or a token not
    written W-B. Whether the points can stand is :func:`result_problem`'s question."""
    match = _RESULT.fullmatch(token)
    return None if match is None else (int(match.group(1)), int(match.group(2)))


def points_winner(points: tuple[int, int] | None) -> Side | None:
    """The side that scored, by a result's points (White's first); None for none or ``0-0``."""
    if points is None or points == (0, 0):
        return None
    return Side.WHITE if points[0] > 0 else Side.BLACK


def result_as_move(value: str) -> str | None:
    """The move a result-looking word may be a typo of: ``19-16`` for ``19/16`` (None: no move).

    Both numbers must be points (1..24), so it is never a result that can
    stand (§6 gives one side 0); ``15-0`` and ``*`` are not moves.
    """
    match = _RESULT.fullmatch(value)
    if match is None or max(len(part) for part in match.groups()) > 2:
        return None
    source, dest = int(match.group(1)), int(match.group(2))
    return f"{source}/{dest}" if 1 <= source <= 24 and 1 <= dest <= 24 else None


def misread_result(value: str) -> str:
    """What to say about a result-looking word that stands where a move was expected."""
    return f"'{value}' was read as a result where a move was expected: a move is written {result_as_move(value)}"


def rules_problem(value: str) -> str | None:
    try:
        RuleSet.parse(value)
    except RulesError as error:
        return str(error)
    return None


def opening_words(value: str) -> str | None:
    """An Opening tag in words (``4-4 a tie, then White rolled 5 and Black 3: White moves
    first``); None for one that decides nothing."""
    try:
        rolls = parse_opening(value)
        winner = opening_winner(rolls)
    except (TagValueError, OpeningError):
        return None
    ties = [f"{white}-{black}" for white, black in rolls[:-1]]
    tied = f"{' and '.join(ties)} {'ties' if len(ties) > 1 else 'a tie'}, then " if ties else ""
    white, black = rolls[-1]
    return f"{tied}White rolled {white} and Black {black}: {winner.title} moves first"


def opening_problem(value: str) -> str | None:
    try:
        opening_winner(parse_opening(value))
    except (TagValueError, OpeningError) as error:
        return str(error)
    return None


def first_mover(setup: str | None, opening: str | None) -> Side | None:
    """Who moves first by a game's Setup and Opening tags (§7): the Setup's side to roll, else
    the Opening's winner; None where neither says (or can be read)."""
    try:
        if setup is not None:
            return Position.from_setup(setup).turn
        if opening is not None:
            return opening_winner(parse_opening(opening))
    except (SetupError, TagValueError, OpeningError):
        return None
    return None


def setup_problem(value: str) -> str | None:
    try:
        Position.from_setup(value)
    except SetupError as error:
        return f"the Setup cannot be used: {error}"
    return None


_CHECKS: dict[str, Callable[[str], str | None]] = {
    "Date": date_problem,
    "Termination": termination_problem,
    "Result": result_problem,
    "Rules": rules_problem,
    "Opening": opening_problem,
    "Setup": setup_problem,
    "MatchLength": match_length_problem,
    "MatchScore": match_score_problem,
}


def tag_value_problem(name: str, value: str) -> str | None:
    """What is wrong with ``value`` for the tag ``name``, in words; None when it is fine.

    Only tags whose form the notation gives are checked; any text suits the others,
    up to the length a record's tag value can have (docs/notation.md, choice 12).
    """
    written = len(value) + value.count("\\") + value.count('"')  # \\ and \" as written
    if written > MAX_TAG_VALUE:
        return (
            f"this value has {written:,} characters as written;"
            f" aceynote reads tag values of up to {MAX_TAG_VALUE:,}"
        )
    check = _CHECKS.get(name)
    return None if check is None else check(value)
