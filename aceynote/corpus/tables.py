"""A corpus as two tables for data tools: one row a game, one row a segment of its main line.

The rows are plain Python values (str, int, bool, date, time, None, lists and
dicts), one dict a row, keyed by the column names of docs/data.md; the
Parquet writer (:mod:`aceynote.formats.parquet`) gives them their types.
Every position is a Setup string that ``[Setup]`` accepts with the same
meaning; a finished game's last position has none (nobody is to roll), so it
is None there.
"""

from __future__ import annotations

import datetime
from bisect import bisect_right
from collections.abc import Callable, Iterator
from dataclasses import replace

from ..notation import Game, Segment, write_game
from ..notation.tags import date_parts, match_length, match_score, time_parts
from ..notation.words import KIND_NAMES
from ..rules import Position, Side
from ..validation import Report
from .facts import game_facts

Row = dict[str, object]

# The words the JSON form uses too (docs/json.md).
SIDES = {side: side.name.lower() for side in Side}

# Tags of the notation (docs/notation.md §2) and of the bgammon import (docs/bgammon.md)
# whose value is any text: each has a column of its own.
TEXT_TAGS = {
    "Event": "event",
    "Site": "site",
    "Round": "round",
    "White": "white",
    "Black": "black",
    "Result": "result_tag",
    "Rules": "rules",
    "Opening": "opening",
    "Setup": "setup",
    "Termination": "termination",
    "Annotator": "annotator",
}


def _date(value: str) -> Row | None:
    """``date`` (a whole date, else None) and ``year`` (when known) of a Date tag."""
    parts = date_parts(value)
    if parts is None:
        return None
    year, month, day = parts
    if year is None:
        return {"date": None, "year": None}
    whole: datetime.date | None = None
    if month is not None and day is not None:
        try:
            whole = datetime.date(year, month, day)
        except ValueError:
            return None  # 2026.02.30 is not a date: the text is kept in ``tags``
    return {"date": whole, "year": year}


def _utc_time(value: str) -> Row | None:
    parts = time_parts(value)
    if parts is None:
        return None
    try:
        return {"utc_time": datetime.time(*parts)}
    except ValueError:
        return None


def _match_length(value: str) -> Row | None:
    """The points of a MatchLength tag: at most 9 digits (the notation's), so that they fit a
    32-bit column."""
    length = match_length(value)
    return None if length is None else {"match_length": length}


def _match_score(value: str) -> Row | None:
    score = match_score(value)
    if score is None:
        return None
    return {"match_score_white": score[0], "match_score_black": score[1]}


# Tags with a type: what their columns hold, or None when the value is not of the type
# (the columns stay null; the value as written is kept in ``tags``).
TYPED_TAGS: dict[str, Callable[[str], Row | None]] = {
    "Date": _date,
    "UTCTime": _utc_time,
    "MatchLength": _match_length,
    "MatchScore": _match_score,
}
_TYPED_COLUMNS = (
    "date",
    "year",
    "utc_time",
    "match_length",
    "match_score_white",
    "match_score_black",
)


def tag_columns(game: Game) -> Row:
    """The tag columns of a game's row: the first tag of each name is the one that counts."""
    row: Row = dict.fromkeys((*TEXT_TAGS.values(), *_TYPED_COLUMNS))
    others: dict[str, str] = {}
    seen: set[str] = set()
    for tag in game.tags:
        if tag.name in seen:
            continue
        seen.add(tag.name)
        column = TEXT_TAGS.get(tag.name)
        if column is not None:
            row[column] = tag.value
            continue
        typed = TYPED_TAGS.get(tag.name)
        read = typed(tag.value) if typed is not None else None
        if read is not None:
            row.update(read)
        # An unknown tag, a value not of its type, a date with a part unknown: the text is kept.
        if read is None or ("date" in read and read["date"] is None):
            others[tag.name] = tag.value
    row["tags"] = others
    return row


def movetext(game: Game) -> str:
    """The game's movetext: as written when it was read from a record's text, else canonical.

    Everything after the tag section is kept, comments and line breaks too.
    A game read from JSON or a bgammon.org replay has no such text: it gets
    the canonical writer's (comments, turns, the result, comments after).
    """
    lines = game.source_lines
    tags = game.tags
    if lines and (not tags or lines.get(tags[0].span.line, "").lstrip().startswith("[")):
        start = max((tag.span.end_line for tag in tags), default=0) + 1
        return "\n".join(text for number, text in lines.items() if number >= start).strip() + "\n"
    return write_game(replace(game, tags=[]))


def game_row(source: str, number: int, game_id: int, report: Report) -> Row:
    """One row of the games table."""
    game = report.game
    facts = game_facts(report)
    points = facts.points
    winner = facts.winner
    first = facts.first_mover
    return {
        "game_id": game_id,
        "file": source,
        "game": number,
        **tag_columns(game),
        "result": facts.result,
        "outcome": facts.outcome,
        "winner": None if winner is None else SIDES[winner],
        "points_white": None if points is None else points[0],
        "points_black": None if points is None else points[1],
        "first_mover": None if first is None else SIDES[first],
        "turns": facts.turns,
        "acey_deucey": facts.acey_deucey,
        "hits_white": facts.hits[Side.WHITE],
        "hits_black": facts.hits[Side.BLACK],
        "passes_white": facts.passes[Side.WHITE],
        "passes_black": facts.passes[Side.BLACK],
        "errors": facts.errors,
        "warnings": report.warnings,
        "movetext": movetext(game),
    }


def segment_rows(game_id: int, report: Report) -> Iterator[Row]:
    """The rows of the segments table for one game: its main line, in order."""
    codes = segment_codes(report)
    last: Position | None = None
    described = _described(None)
    for ply, replay in enumerate(report.main_line(), start=1):
        segment, before, after = replay.segment, replay.before, replay.after
        # A segment starts where the one before it ended (but when the side changes).
        setup_before, white_before, black_before = (
            described if before == last else _described(before)
        )
        described = _described(after)
        last = after
        yield {
            "game_id": game_id,
            "ply": ply,
            "turn": replay.turn.number,
            "side": SIDES[replay.turn.side],
            "kind": KIND_NAMES[segment.kind],
            "die_high": segment.high,
            "die_low": segment.low,
            "play": play_text(segment),
            "hits": sum(1 for step in replay.steps if step.hit),
            "position_before": setup_before,
            "position_after": described[0],
            "pips_white_before": white_before,
            "pips_black_before": black_before,
            "pips_white_after": described[1],
            "pips_black_after": described[2],
            "legal": replay.legal,
            "codes": codes.get(id(segment), []),
        }


def play_text(segment: Segment) -> str:
    """The play as written, each move as the notation writes it: ``19/13(2) 6/off``, ``--``.

    Not merged as ``aceynote fmt`` would (``in/19 in/19`` stays so): the
    writer's merging would cost the conversion a third more time.
    """
    return " ".join(map(str, segment.moves)) if segment.moves else "--"


def segment_codes(report: Report) -> dict[int, list[str]]:
    """The codes of the diagnostics that stand at each replayed segment, by ``id`` of the segment.

    A segment's place runs from its roll (for a turn's first segment, from
    the turn's move number) to the end of its play, where a missing chosen
    double or extra roll is reported. A diagnostic elsewhere (a tag, the
    result, a turn after the end) is the game's, counted in its row only.

    The places are sorted: a JSON record may write a turn's variations
    before its segments, so that a turn's start and its first segment's are
    apart, with other segments between them.
    """
    places: list[tuple[tuple[int, int], tuple[int, int], int]] = []
    for replay in report.segments:
        segment = replay.segment
        end = (segment.span.end_line, segment.span.end_column)
        places.append(((segment.span.line, segment.span.column), end, id(segment)))
        if replay.turn.segments[0] is segment:
            places.append(((replay.turn.span.line, replay.turn.span.column), end, id(segment)))
    places.sort()
    starts = [start for start, _, _ in places]
    codes: dict[int, list[str]] = {}
    for diagnostic in report.diagnostics:
        at = (diagnostic.span.line, diagnostic.span.column)
        index = bisect_right(starts, at) - 1
        if at != (0, 0) and index >= 0 and at <= places[index][1]:
            codes.setdefault(places[index][2], []).append(diagnostic.code.code)
    return codes


def _described(position: Position | None) -> tuple[str | None, int, int]:
    """A position's Setup (None once the game is over) and both sides' pips."""
    if position is None:
        return None, 0, 0
    return position.setup_or_none, position.pip_count(Side.WHITE), position.pip_count(Side.BLACK)
