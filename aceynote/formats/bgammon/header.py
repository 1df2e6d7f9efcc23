"""A game's header line: its fields checked against the record's limits, as tags and a result.

:data:`LAYOUT`. A name or number the record could not hold (a name over
:data:`~aceynote.notation.limits.MAX_TAG_VALUE` characters, a number that is
not ASCII digits or has over :data:`~aceynote.notation.limits.MAX_DIGITS`) is
a syntax error at its column, so that no reader or writer gets it.

How a game cut short ends (docs/bgammon.md, "How a game ends"): the header
names the winner (0 for none) and the loser's ``t`` event says the game
ended early, so the pair gives the Termination:

=================  ==========  =====================================
header winner      ``t`` by    Result and Termination
=================  ==========  =====================================
1 or 2             the loser   the winner's points, ``resignation``
1 or 2             the winner  the winner's points, ``abandoned``
1 or 2             nobody      the winner's points, ``time`` (a declined cube: ``resignation``)
0                  anybody     ``*``, ``abandoned``
0                  nobody      ``*``, no Termination
=================  ==========  =====================================
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator

from ...notation import SyntaxProblem, Tag
from ...notation.limits import MAX_TAG_VALUE, readable_number, too_many_digits, within_digit_limit
from ...notation.tags import date_tag
from ...rules import Side
from ...terminal_text import clipped
from .match_lines import Line, line_span, problem

RULES = "bgammon"
FIELDS = 10
LAYOUT = (
    "i <timestamp> <player1> <player2> <match length> <score1> <score2> <winner> <points> <variant>"
)
"""The header's fields, named as docs/bgammon.md names them (the server's REPLAY.md calls the
points field the cube value: the points the winner scored)."""
_WORD = re.compile(r"\S+")
_NAMES = {2: "player 1's name", 3: "player 2's name"}
_NUMBERS = {
    4: "the match length",
    5: "player 1's score",
    6: "player 2's score",
    8: "the points field",
}
_WINNERS = {"0": None, "1": Side.WHITE, "2": Side.BLACK}


def header_words(line: Line) -> list[tuple[str, int]]:
    """The header's fields with their columns (at most one more than it has, so a long line costs nothing)."""
    words = []
    for found in _WORD.finditer(line.text):
        words.append((found.group(), found.start() + 1))
        if len(words) > FIELDS:
            break
    return words


def header_problems(words: list[tuple[str, int]], line: Line) -> Iterator[SyntaxProblem]:
    """The fields the record cannot hold, each at its column."""
    for index, (word, column) in enumerate(words):
        if index in _NAMES and len(word) > MAX_TAG_VALUE:
            message = f"{_NAMES[index]} has {len(word):,} characters; aceynote reads names of up to {MAX_TAG_VALUE:,}"
            yield problem(message, line, column, len(word))
        elif index in _NUMBERS and not (word.isascii() and word.isdigit()):
            yield problem(_not_a_number(_NUMBERS[index], word), line, column, len(word))
        elif index in _NUMBERS and not within_digit_limit(word):
            yield problem(too_many_digits(_NUMBERS[index], word), line, column, len(word))
        elif index == 7 and word not in _WINNERS:
            message = f"the winner is 0 (none), 1 or 2, not '{clipped(word)}'"
            yield problem(message, line, column, len(word))


def _not_a_number(what: str, word: str) -> str:
    return f"{what} is a number written in the digits 0-9, not '{clipped(word)}'"


def header_tags(fields: list[str], header: Line) -> list[Tag]:
    span = line_span(header)
    values = (fields + [""] * FIELDS)[:FIELDS]
    tags = [Tag("Site", "bgammon.org", span)]
    started = _utc(values[1])
    if started is not None:
        tags.append(Tag("Date", date_tag(started), span))
    tags += [Tag("White", values[2] or "?", span), Tag("Black", values[3] or "?", span)]
    tags.append(Tag("Rules", RULES, span))
    if started is not None:
        tags.append(Tag("UTCTime", started.strftime("%H:%M:%S"), span))
    if readable_number(values[4]):
        tags.append(Tag("MatchLength", values[4], span))
    if readable_number(values[5]) and readable_number(values[6]):
        tags.append(Tag("MatchScore", f"{values[5]}-{values[6]}", span))
    return tags


def _utc(timestamp: str) -> datetime.datetime | None:
    # 0 is what a writer with no date puts there.
    if not (timestamp.isascii() and timestamp.isdigit() and len(timestamp) <= 12):
        return None
    if int(timestamp) == 0:
        return None
    try:
        return datetime.datetime.fromtimestamp(int(timestamp), datetime.UTC)
    except (OverflowError, OSError, ValueError):
        return None


def player_number(side: Side) -> str:
    """How a replay names a player: 1 for White, 2 for Black."""
    return "1" if side is Side.WHITE else "2"


def ending(fields: list[str], ended_by: Side | None, declined: bool) -> tuple[str, str | None]:
    """The result and Termination of a game the rules do not finish (the table above)."""
    winner = _WINNERS.get(fields[7])
    if winner is None or not readable_number(fields[8]):
        return "*", ("abandoned" if ended_by is not None else None)
    points = str(int(fields[8]))
    result = f"{points}-0" if winner is Side.WHITE else f"0-{points}"
    if ended_by is None:
        return result, "resignation" if declined else "time"
    return result, "resignation" if ended_by is winner.opponent else "abandoned"
