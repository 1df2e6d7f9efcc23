"""Games to JSON and back (docs/json.md; the schema is :func:`.schema.schema`).

The JSON holds a game in canonical form (as ``aceynote fmt`` writes it):
tags in the standard order, dice higher first, identical trips merged. The
``rules``, ``opening`` and ``setup`` fields are worked out from the tags for
the reader's convenience: required, but their values are not read back, nor are the
positions and diagnostics that ``--positions`` and ``--diagnostics`` add.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import IO, Any

from ...notation import (
    Game,
    Move,
    Segment,
    Stop,
    SyntaxProblem,
    Tag,
    Turn,
    Variation,
    parse_game,
    write_game,
)
from ...notation.model import NO_SPAN, Span
from ...notation.source import ReadError, plain_newlines
from ...notation.tags import TagValueError, parse_opening
from ...notation.words import KIND_NAMES
from ...notation.writer import merge_trips, ordered_tags
from ...rules import (
    BAR,
    OFF,
    POOL,
    OpeningError,
    Position,
    RulesError,
    RuleSet,
    SetupError,
    Side,
    Step,
    opening_winner,
    roll_of,
)
from ...validation import Diagnostic, Report
from .checks import JsonRecordError, check, check_comments, refusal
from .decode import decode, in_words, loads
from .places import Places, placed
from .schema import schema, validators
from .stream import BEGIN, DocumentError, members

FORMAT = "aceynote"
VERSION = 1
SHAPE = (
    'a JSON record is an object with "format", "version" and "games":'
    f' {{"format": "{FORMAT}", "version": {VERSION}, "games": [...]}}'
)
"""What a JSON record is, in the words of a refusal of a document that is no object."""

_KIND_OF = {text: kind for kind, text in KIND_NAMES.items()}
_SIDES = {Side.WHITE: "white", Side.BLACK: "black"}
_SIDE_OF = {text: side for side, text in _SIDES.items()}
_PLACES = {POOL: "in", BAR: "bar", OFF: "off"}
_PLACE_OF = {text: place for place, text in _PLACES.items()}

Json = dict[str, Any]


def _place(place: int) -> int | str:
    return _PLACES.get(place, place)


# -- to JSON -----------------------------------------------------------------


def position_json(position: Position) -> Json:
    """A position as the schema's ``position``: both sides' points, bar, pool, off, pips."""

    def side_json(side: Side) -> Json:
        counts = position.checkers(side)
        return {
            "points": list(counts[1:25]),
            "bar": counts[BAR],
            "in": counts[POOL],
            "off": counts[OFF],
            "pips": position.pip_count(side),
        }

    over = position.winner is not None
    return {
        # A finished game has no Setup string and nobody to roll.
        "setup": position.setup_or_none,
        "turn": None if over else _SIDES[position.turn],
        "white": side_json(Side.WHITE),
        "black": side_json(Side.BLACK),
    }


def _move_json(move: Move) -> Json:
    stops = [{"place": _place(stop.place), "hit": stop.hit} for stop in move.stops]
    return {"source": _place(move.source), "stops": stops, "count": move.count}


def _step_json(step: Step) -> Json:
    return {
        "source": _place(step.source),
        "dest": _place(step.dest),
        "die": step.die,
        "hit": step.hit,
    }


class _Exporter:
    def __init__(self, report: Report | None, positions: bool) -> None:
        self.report = report
        self.positions = positions and report is not None

    def segment(self, segment: Segment) -> Json:
        data: Json = {
            "kind": KIND_NAMES[segment.kind],
            "dice": [segment.high, segment.low],
            "moves": [_move_json(move) for move in merge_trips(segment.moves)],
            "glyphs": list(segment.glyphs),
            "nags": list(segment.nags),
            "comments": list(segment.comments),
        }
        if self.positions and self.report is not None:
            replay = self.report.replay_of(segment)
            if replay is not None:
                data["steps"] = [_step_json(step) for step in replay.steps]
                data["position_after"] = position_json(replay.after)
        return data

    def turn(self, turn: Turn) -> Json:
        return {
            "side": _SIDES[turn.side],
            "number": turn.number,
            "comments": list(turn.comments),
            "segments": [self.segment(segment) for segment in turn.segments],
            "variations": [self.variation(variation) for variation in turn.variations],
        }

    def variation(self, variation: Variation) -> Json:
        return {
            "comments": list(variation.comments),
            "turns": [self.turn(turn) for turn in variation.turns],
            "comments_after": list(variation.comments_after),
        }


def _rules_json(game: Game) -> Json | None:
    try:
        rules = RuleSet.parse(game.tag("Rules"))
    except RulesError:
        return None
    return {"preset": rules.preset, **rules.options()}


def _opening_json(game: Game) -> list[list[int]] | None:
    text = game.tag("Opening")
    if text is None:
        return None
    try:
        rolls = parse_opening(text)
        opening_winner(rolls)
    except (TagValueError, OpeningError):
        return None
    return [list(roll) for roll in rolls]


def _setup_json(game: Game) -> Json | None:
    text = game.tag("Setup")
    if text is None:
        return None
    try:
        return {"text": text, "position": position_json(Position.from_setup(text))}
    except SetupError:
        return None


def diagnostic_json(diagnostic: Diagnostic) -> Json:
    """The schema's ``diagnostic``: the same as ``diagnostic.as_json()`` (kept for callers)."""
    return diagnostic.as_json()


def game_to_json(
    game: Game, report: Report | None = None, positions: bool = False, diagnostics: bool = False
) -> Json:
    """One game as the schema's ``game``; ``report`` (from the validator) feeds the extras."""
    exporter = _Exporter(report, positions)
    data: Json = {
        "tags": [{"name": tag.name, "value": tag.value} for tag in ordered_tags(game.tags)],
        "rules": _rules_json(game),
        "opening": _opening_json(game),
        "setup": _setup_json(game),
        "comments": list(game.comments),
        "turns": [exporter.turn(turn) for turn in game.turns],
        "result": game.result_text,
        "comments_after": list(game.comments_after),
    }
    if positions and report is not None and report.start is not None:
        data["start"] = position_json(report.start)
    if diagnostics and report is not None:
        data["diagnostics"] = [d.as_json() for d in report.diagnostics]
    return data


def document_header() -> Json:
    return {"format": FORMAT, "version": VERSION}


# -- from JSON ---------------------------------------------------------------


# One game of a document or one JSON Lines line, in characters: ~12 bytes of memory each.
MAX_DOCUMENT = 16 * 1024 * 1024


def _comment_texts(texts: list[str]) -> list[str]:
    """Comments as a record holds them: each line end a plain newline (docs/notation.md
    choice 15), so that a CR in one reads as the record written from it does."""
    return [plain_newlines(text) for text in texts]


def _read_place(value: int | str) -> int:
    return _PLACE_OF[value] if isinstance(value, str) else value


def _move(data: Json, places: Places) -> Move:
    stops = [Stop(_read_place(stop["place"]), stop["hit"]) for stop in data["stops"]]
    return Move(_read_place(data["source"]), stops, data["count"], places.get(id(data), NO_SPAN))


def _segment(data: Json, places: Places) -> Segment:
    dice = roll_of(*data["dice"])
    moves = merge_trips(_move(move, places) for move in data["moves"])
    return Segment(
        _KIND_OF[data["kind"]],
        dice,
        moves,
        list(data["glyphs"]),
        list(data["nags"]),
        _comment_texts(data["comments"]),
        places.get(id(data), NO_SPAN),
    )


def _turn(data: Json, places: Places) -> Turn:
    return Turn(
        _SIDE_OF[data["side"]],
        data["number"],
        [_segment(segment, places) for segment in data["segments"]],
        _comment_texts(data["comments"]),
        [_variation(variation, places) for variation in data["variations"]],
        span=places.get(id(data), NO_SPAN),
    )


def _variation(data: Json, places: Places) -> Variation:
    return Variation(
        [_turn(turn, places) for turn in data["turns"]],
        _comment_texts(data["comments"]),
        _comment_texts(data["comments_after"]),
        places.get(id(data), NO_SPAN),
    )


def game_from_json(
    data: Json, path: str = "game", line: int | None = None, places: Places | None = None
) -> Game:
    """A game from its JSON form, refused with a :class:`JsonRecordError` at ``path`` (and
    ``line``) when it is not one: checked against the schema's ``#/$defs/game``, then
    written and read back.

    The schema cannot say everything the notation does (``off`` comes last in
    a trip; a turn starts with its roll; move numbers fit the turns), so the
    game must come back the same.

    ``places`` says where the game's objects stand in its JSON text
    (:mod:`.places`): the game, its tags, turns, variations, segments and
    moves then have those spans, so that the validator's diagnostics point
    into the JSON. Without them the game has the span of ``line``, if given.
    """
    check(validators()[1], data, path, line)
    check_comments(data, path, line)
    game = _game(data, places or {})
    try:
        again = parse_game(write_game(game))
    except ReadError as error:  # a line past the reader's limit: a comment of megabytes
        reason = str(error).split(": ", 1)[-1].split(";")[0]
        raise JsonRecordError(f"cannot be written as a record: {reason}", path, line) from error
    if again.problems:
        problem = again.problems[0].message
        raise JsonRecordError(f"cannot be written as a record: {problem}", path, line)
    if again != game:
        raise JsonRecordError(
            "cannot be written as a record: its turns, sides or move numbers do not follow "
            "one another as a record's do",
            path,
            line,
        )
    if game.span == NO_SPAN and line is not None:  # find --list shows the line
        game.span = Span(line, 1, line, 1)
    return game


def _game(data: Json, places: Places) -> Game:
    tags = (Tag(tag["name"], tag["value"], places.get(id(tag), NO_SPAN)) for tag in data["tags"])
    span = places.get(id(data), NO_SPAN)
    return Game(
        tags=ordered_tags(tags),
        comments=_comment_texts(data["comments"]),
        turns=[_turn(turn, places) for turn in data["turns"]],
        result=data["result"],
        comments_after=_comment_texts(data["comments_after"]),
        span=span,
        result_span=None if span == NO_SPAN else _closing(span),
    )


def _closing(span: Span) -> Span:
    """The ``}`` that ends a placed object: a game's result is told there, after its turns
    (wherever its members stand), as a record's result stands after its moves."""
    return Span(span.end_line, span.end_column - 1, span.end_line, span.end_column)


def read_document(stream: IO[str]) -> Iterator[Game]:
    """The games of a JSON document, one at a time, each checked against the schema.

    The document is read a game at a time (:mod:`.stream`), so its size has
    no limit; one game may take up to 16 MiB of text. The members around the
    games (format, version) are checked when the games begin and at the end.
    A game that is no record's is a game with that syntax error at its ``{``
    (:func:`_unread`), and the games after it are read; text that is not
    JSON, or a document that is not aceynote's, cannot be read on: a
    :class:`JsonRecordError` after the games before it.
    """
    header: Json = {}
    lines: dict[str, int] = {}  # where each member of the header stands
    index, begun = 0, False
    try:
        for name, value, line, column, where in members(
            stream, "games", decode, MAX_DOCUMENT, SHAPE
        ):
            if name != "games" or not (begun or value is BEGIN):
                header[name], lines[name] = value, line  # "games" too when not an array
                if name not in schema()["properties"]:  # refused before more is held
                    _check_header(header, lines)
            elif value is BEGIN:
                begun = True
                _check_header(header, lines)
            else:
                yield _document_game(value, index, (line, column), where)
                index += 1
    except DocumentError as error:
        raise JsonRecordError(str(error), line=error.line) from error
    check(validators()[0], {**header, "games": []} if begun else header, "")


def _document_game(data: Json, index: int, start: tuple[int, int], where: Places | None) -> Game:
    """Game ``index`` of a document, which starts at ``start`` (line, column), or (refused)
    a game with the reason there."""
    try:
        return game_from_json(data, f"games[{index}]", start[0], where)
    except JsonRecordError as error:
        return _unread(str(error), *_place_of(error, where, start))


def _place_of(
    error: JsonRecordError, places: Places | None, start: tuple[int, int]
) -> tuple[int, int]:
    """Where a refused game's error stands: at the innermost object of its path, when its place
    is known, else at ``start``, the game's own."""
    found = (places or {}).get(id(error.inside))
    return start if found is None else (found.line, found.column)


def _unread(message: str, line: int, column: int) -> Game:
    """A game that cannot be read: its one syntax error at its place, as the record reader
    gives a game it cannot read, so that every command reports it there and reads on."""
    span = Span(line, column, line, column + 1)
    return Game(problems=[SyntaxProblem(message, span)], span=span)


def _check_header(document: Json, lines: dict[str, int]) -> None:
    """The document's members read so far besides its games, against the schema (each game is
    checked alone; at the end, the whole header, with what is missing), refused with the
    line of the member at fault."""
    for error in validators()[0].iter_errors({**document, "games": []}):
        if error.validator != "required":
            path, message = refusal(error, "")
            line = lines.get(path.split(".")[0].split("[")[0])
            raise JsonRecordError(f"{message} (line {line})" if line else message, path, line)


def read_json_lines(stream: IO[str]) -> Iterator[Game]:
    """The games of a JSON Lines file, one game a line, each checked against the schema.

    Each line stands alone: one that is no game (not JSON, not a game's, over
    16 MiB) is a game with that syntax error at its line (:func:`_unread`),
    and the lines after it are read.
    """
    number = 0
    while line := stream.readline(MAX_DOCUMENT + 1):
        number += 1
        if len(line) > MAX_DOCUMENT:
            while not line.endswith("\n") and (line := stream.readline(MAX_DOCUMENT)):
                pass  # the rest of the line is skipped
            megabytes = MAX_DOCUMENT // (1024 * 1024)
            yield _unread(f"this line is over {megabytes} MiB; one game is far less", number, 1)
        elif line.strip():
            yield _json_line_game(line, number)


def _json_line_game(line: str, number: int) -> Game:
    """The game of line ``number``, or (refused) a game with the reason at its place.

    The line is decoded without its line end, so that an error where the text ends (a line
    cut short) stands at the end of the line, not at column 1 of the next.
    """
    text = line.rstrip("\r\n")
    try:
        data = loads(text)
    except json.JSONDecodeError as error:
        return _unread(in_words(error), number, error.colno)
    places = placed(data, text, 0, len(text), number, 1)
    try:
        return game_from_json(data, "game", number, places)
    except JsonRecordError as error:
        return _unread(str(error), *_place_of(error, places, (number, 1)))
