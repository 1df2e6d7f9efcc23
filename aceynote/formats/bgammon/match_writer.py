"""Writing games as a bgammon.org replay file (``.match``), in the newer ``, `` style.

What the format cannot say: a game from a Setup or under other rules than
the bgammon preset is refused (bgammon.org always starts from the pool and
plays its own rules), and so is a game with errors; comments, glyphs, NAGs,
variations and tags the header has no field for are left out, and
:func:`left_out` names them so the caller can warn.
"""

from __future__ import annotations

import datetime
import re
import shutil
import tempfile
from array import array
from collections.abc import Iterable, Iterator

from ...notation import Game, Turn
from ...notation.tags import (
    ENDING_REASONS,
    date_parts,
    match_length,
    match_score,
    result_points,
    time_parts,
)
from ...rules import BAR, OFF, POOL, Side, Step, parse_rules
from ...terminal_text import C1_AND_BIDI, clipped, counted
from ...validation import Report, validate
from ..format import Entry, Output
from .header import RULES, header_tags, player_number
from .match_limits import MAX_GAME_EVENTS, OFFSET_DIGITS
from .match_lines import INDEX_PREFIX, Line

# The header's fields, and the tags they come from.
KEPT_TAGS = frozenset(
    {
        "Site",
        "Date",
        "UTCTime",
        "White",
        "Black",
        "Rules",
        "Result",
        "MatchLength",
        "MatchScore",
        "Termination",
    }
)
# The tags the header holds in a field of its own (the names aside: docs/bgammon.md says how
# they are written), whose values it may not hold as written.
_HEADER_VALUES = ("White", "Black", "Site", "Date", "UTCTime", "MatchLength", "MatchScore")
_INDEX_LINE = len(INDEX_PREFIX) + OFFSET_DIGITS + 1
_NAME_BREAKS = re.compile(rf"\s|[\x00-\x1f{C1_AND_BIDI}]")


class MatchWriteError(ValueError):
    """A game that a bgammon.org replay cannot hold."""


def refusal(game: Game, report: Report) -> str | None:
    """Why ``game`` cannot be written as a replay, or None when it can."""
    if game.problems or report.errors:
        return "it has errors; fix them first (aceynote validate shows them)"
    if game.tag("Setup") is not None:
        return "it starts from a Setup, and a bgammon.org game always starts with every checker in the pool"
    if report.rules.options() != parse_rules(RULES).options():  # however the tag spells them
        return f"it is played under '{report.rules.to_tag()}', and bgammon.org plays the '{RULES}' rules"
    events = len(report.main_line())
    events += _ended_by(game, report) is not None
    if events > MAX_GAME_EVENTS:
        return f"it needs {events:,} event lines, and aceynote reads replays of games up to {MAX_GAME_EVENTS:,}"
    return None


def left_out(game: Game) -> list[str]:
    """What of ``game`` a replay has no place for, in words ("2 comments", "1 variation")."""
    counts = {"comment": len(game.comments) + len(game.comments_after)}
    counts |= {"variation": 0, "glyph": 0, "NAG": 0}
    for turn in game.turns:
        _count_turn(turn, counts)
    parts = [
        f"{count} {name}{'s' if count != 1 else ''}" for name, count in counts.items() if count
    ]
    tags = [tag.name for tag in game.tags if tag.name not in KEPT_TAGS]
    if tags:
        parts.append("the tag" + ("s " if len(tags) > 1 else " ") + ", ".join(tags))
    values = _values_not_held(game)
    if values:
        parts.append(f"what the header cannot hold: {', '.join(values)}")
    termination = (game.tag("Termination") or "").lower()
    if termination in ("resignation", "time") and game.result_text == "*":
        parts.append(f"the Termination '{termination}' (a replay with no winner says 'abandoned')")
    return parts


def _values_not_held(game: Game) -> list[str]:
    """The header tags whose values a replay read back would not give as written.

    The header's names are one word each, its Site always bgammon.org, its
    start time a moment from 1970 on (a whole Date and, if any, a UTCTime), its
    match length and score numbers: a name like "Ines Alder" (read back as
    Ines_Alder, another player to stats), a Site of another club, a Date like
    1962.03.14 or 2026.03.??, a MatchLength like "seven" would otherwise be
    lost without a word.
    """
    fields = ["i", *_tag_fields(game), "0", "1", "1"]
    back = {tag.name: tag.value for tag in header_tags(fields, Line(0, "", 0))}
    held = []
    for name in _HEADER_VALUES:
        value = game.tag(name)
        if value is not None and back.get(name) != value:
            held.append(f"the {name} '{clipped(value, 40)}'")
    return held


def _count_turn(turn: Turn, counts: dict[str, int]) -> None:
    counts["comment"] += len(turn.comments)
    counts["variation"] += len(turn.variations)
    for segment in turn.segments:
        counts["comment"] += len(segment.comments)
        counts["glyph"] += len(segment.glyphs)
        counts["NAG"] += len(segment.nags)


def game_lines(game: Game, report: Report) -> list[str]:
    """The lines of one game: the header, then one event a line."""
    reason = refusal(game, report)
    if reason is not None:
        raise MatchWriteError(reason)
    lines = [_header(game, report)]
    for replay in report.main_line():
        segment = replay.segment
        lines.append(_roll_line(replay.before.turn, segment.high, segment.low, replay.steps))
    ender = _ended_by(game, report)
    if ender is not None:
        lines.append(f"{player_number(ender)} t")
    return lines


def match_text(games: Iterable[list[str]]) -> str:
    """A whole replay file: the index table, then the games' lines."""
    bodies = ["".join(line + "\n" for line in lines) for lines in games]
    sizes = array("q", (len(body.encode("utf-8")) for body in bodies))
    return "".join(index_lines(sizes)) + "".join(bodies)


def index_lines(sizes: array[int]) -> Iterator[str]:
    """The index table of games of ``sizes`` bytes: each game's offset, in the format's width.

    A game that would start past what the offsets can say is a
    :class:`MatchWriteError`; nothing is written then (the lines are made
    before the first is given).
    """
    offset = _INDEX_LINE * len(sizes)
    offsets = array("q")
    for number, size in enumerate(sizes, start=1):
        if offset >= 10**OFFSET_DIGITS:
            raise MatchWriteError(
                f"game {number} would start at byte {offset:,}, and the index table of a "
                f"bgammon.org replay gives offsets of {OFFSET_DIGITS} digits; write the "
                f"{counted(len(sizes), 'game')} to several files"
            )
        offsets.append(offset)
        offset += size
    return (f"{INDEX_PREFIX}{start:0{OFFSET_DIGITS}d}\n" for start in offsets)


def write_match(entries: Iterable[Entry], output: Output) -> None:
    """A replay of every game; one it cannot hold is refused, what it leaves out is named.

    The games go to a temporary file as they come (the index table before
    them needs their sizes), so only one game is held at a time.
    """
    sizes = array("q")
    with tempfile.TemporaryFile("w+", encoding="utf-8", newline="") as bodies:
        for entry in entries:
            body = _entry_body(entry, output)
            if body is not None:
                bodies.write(body)
                sizes.append(len(body.encode("utf-8")))
        try:
            index = "".join(index_lines(sizes))
        except MatchWriteError as error:
            output.refuse(f"the games cannot be one bgammon.org replay: {error}")
            return
        output.stream.write(index)
        bodies.seek(0)
        shutil.copyfileobj(bodies, output.stream)


def _entry_body(entry: Entry, output: Output) -> str | None:
    """One game's lines, or None when the game is refused (and ``output`` told why)."""
    report = validate(entry.game)
    reason = refusal(entry.game, report)
    where = f"{entry.source}: game {entry.number}"
    if reason is not None:
        output.refuse(f"{where} cannot be a bgammon.org replay: {reason}")
        return None
    dropped = left_out(entry.game)
    if dropped:
        output.warn(f"{where}: left out {', '.join(dropped)}")
    return "".join(line + "\n" for line in game_lines(entry.game, report))


def _roll_line(side: Side, high: int, low: int, steps: tuple[Step, ...]) -> str:
    line = f"{player_number(side)} r {high}-{low}"
    if steps:
        line += " " + ", ".join(_step_text(side, step) for step in steps)
    return line


def _step_text(side: Side, step: Step) -> str:
    return f"{_place_text(side, step.source)}/{_place_text(side, step.dest)}"


def _place_text(side: Side, place: int) -> str:
    """A place from player 1's side: the pool and borne-off checkers are both 'off'."""
    if place in (POOL, OFF):
        return "off"
    if place == BAR:
        return "bar"
    return str(place if side is Side.WHITE else 25 - place)


def _header(game: Game, report: Report) -> str:
    winner, points = _winner(game, report)
    return " ".join(["i", *_tag_fields(game), winner, points, "1"])


def _tag_fields(game: Game) -> list[str]:
    """The header's fields that come from tags: start time, names, match length and score."""
    white, black = _name(game.tag("White"), "White"), _name(game.tag("Black"), "Black")
    length = match_length(game.tag("MatchLength"))
    scores = match_score(game.tag("MatchScore")) or (0, 0)
    return [
        str(_timestamp(game.tag("Date"), game.tag("UTCTime"))),
        white,
        black,
        str(1 if length is None else length),
        *map(str, scores),
    ]


def _name(value: str | None, default: str) -> str:
    """A player's name as one word (the header is split on spaces)."""
    return _NAME_BREAKS.sub("_", value or "") or default


def _winner(game: Game, report: Report) -> tuple[str, str]:
    """The header's winner and its points field (1 for a finished game; see docs/bgammon.md)."""
    if report.outcome is not None:
        return player_number(report.outcome.winner), "1"
    points = result_points(game.result_text)
    if points is not None and any(points):
        return ("1", str(points[0])) if points[0] else ("2", str(points[1]))
    return "0", "1"


def _ended_by(game: Game, report: Report) -> Side | None:
    """Who writes ``t`` for a game cut short (docs/bgammon.md, "How a game ends")."""
    if report.outcome is not None:
        return None
    termination = (game.tag("Termination") or "normal").lower()
    winner = {"1": Side.WHITE, "2": Side.BLACK}.get(_winner(game, report)[0])
    if winner is None:  # a game ended early without a winner: the side to play left it
        final = report.final
        return final.turn if final is not None and termination in ENDING_REASONS else None
    if termination == "resignation":
        return winner.opponent
    return winner if termination == "abandoned" else None  # time: no 't'


def _timestamp(date: str | None, time: str | None) -> int:
    """The game's start in seconds since 1970 (UTC): a whole Date, and its UTCTime if any; 0
    (no date, to the reader) when the Date is not whole, not a day, or before 1970, which a
    replay's start time cannot say."""
    year, month, day = date_parts(date or "") or (None, None, None)
    if year is None or month is None or day is None:
        return 0
    hours, minutes, seconds = time_parts(time or "") or (0, 0, 0)
    try:
        moment = datetime.datetime(year, month, day, hours, minutes, seconds, tzinfo=datetime.UTC)
    except ValueError:
        return 0
    return max(0, int(moment.timestamp()))
