"""Code actions on the validator's problems: a legal play in place of an illegal one, the
play as replayed with its hit marks, the result the rules give, `*` for a game unfinished,
a move number as the turns count it."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import NamedTuple

from lsprotocol import types

from ..notation import Segment, Span, Tag, Turn
from ..notation.writer import move_number, turn_number, write_tag
from ..rules import Side, play_text
from ..validation import Diagnostic
from ..validation.diagnostics import UNFINISHED_RESULT, UNMARKED_HIT, WRONG_NUMBER, WRONG_RESULT
from .checking import Part
from .published import as_protocol, moved
from .text import Text
from .tokens import piece_tokens
from .under_cursor import (
    AtCursor,
    contains,
    game_at,
    piece_data,
    segment_at,
)

QUICK_FIX = types.CodeActionKind.QuickFix


def _action(
    uri: str, title: str, where: types.Range, new: str, *more: types.TextEdit
) -> types.CodeAction:
    return _edits_action(uri, title, [*more, types.TextEdit(where, new)])


def _edits_action(uri: str, title: str, edits: list[types.TextEdit]) -> types.CodeAction:
    edit = types.WorkspaceEdit(changes={uri: edits})
    return types.CodeAction(title=title, kind=QUICK_FIX, edit=edit)


def _fixing(actions: list[types.CodeAction], fixed: types.Diagnostic) -> list[types.CodeAction]:
    """The actions, each naming the diagnostic it fixes (the first one the preferred fix)."""
    for index, action in enumerate(actions):
        action.diagnostics = [fixed]
        action.is_preferred = index == 0
    return actions


def _pass_span(text: Text, at: AtCursor, segment: Segment) -> Span | None:
    """Where a segment's ``--`` stands: the reader's token of it, in its piece's lines."""
    for token in piece_tokens(piece_data(text, at.part)):
        line, column = token.line or 0, token.column or 0
        if token.type == "PASS" and contains(segment.span, line, column):
            return Span(line, column, token.end_line or line, token.end_column or column)
    return None


def _play_fixes(
    uri: str, text: Text, at: AtCursor, diagnostic: Diagnostic
) -> list[types.CodeAction]:
    found = segment_at(at.game, diagnostic.span.line, diagnostic.span.column)
    span = None if found is None else found[1].moves_span or _pass_span(text, at, found[1])
    if found is None or span is None:
        return []
    where = text.range(at.part.shifted(span))
    if diagnostic.code is UNMARKED_HIT:
        replay = at.report().replay_of(found[1])
        if replay is None or not replay.steps:
            return []
        marked = play_text(replay.steps)
        return [_action(uri, f"Mark the hit: {marked}", where, marked)]
    return [_action(uri, f"Play {legal}", where, legal) for legal in diagnostic.legal]


def _result_tag_edit(text: Text, at: AtCursor, result: str) -> list[types.TextEdit]:
    """The game's Result tag made ``result`` too, so that the fixed record has no AD108 (the
    tag and the token differ); none when it has no such tag or it says so already."""
    tag = at.game.tag_entry("Result")
    if tag is None or tag.value == result:
        return []
    where = text.range(at.part.shifted(tag.span))
    return [types.TextEdit(where, write_tag(Tag("Result", result)))]


def _result_fix(uri: str, text: Text, at: AtCursor) -> list[types.CodeAction]:
    outcome = at.report().outcome
    if outcome is None:
        return []
    tag = _result_tag_edit(text, at, outcome.token)
    if at.game.result_span is not None:
        where = text.range(at.part.shifted(at.game.result_span))
        return [_action(uri, f"Result {outcome.token}", where, outcome.token, *tag)]
    end = text.range(at.part.shifted(at.game.span)).end
    title, added = f"Add the result {outcome.token}", f"\n{outcome.token}"
    return [_action(uri, title, types.Range(end, end), added, *tag)]


def _unfinished_fix(uri: str, text: Text, at: AtCursor) -> list[types.CodeAction]:
    """Points given for a game nobody finished (AD503): its result is ``*``."""
    if at.game.result_span is None:
        return []
    where = text.range(at.part.shifted(at.game.result_span))
    tag = _result_tag_edit(text, at, "*")
    return [_action(uri, "Result * (the game is unfinished)", where, "*", *tag)]


def _line_from(turns: list[Turn], span: Span) -> list[Turn]:
    """The turns of a line (the main line or a variation, nested ones too) from the one whose
    move number is written at ``span`` on; none when no turn's is."""
    for index, turn in enumerate(turns):
        if turn.number_span == span:
            return turns[index:]
        for variation in turn.variations:
            found = _line_from(variation.turns, span)
            if found:
                return found
    return []


class _Renumbered(NamedTuple):
    """A move number written at ``span`` before a turn of ``side``, to be ``number``."""

    span: Span
    side: Side
    number: int


def _renumbered(turns: Iterable[Turn], shift: int) -> Iterator[_Renumbered]:
    """The move numbers written before ``turns``, each ``shift`` more, and those of their
    variations that follow from them: a variation replaces the turn it follows, so its first
    turn takes that turn's number as renumbered, and its later turns follow by as much."""
    if shift == 0:
        return
    for turn in turns:
        number = turn.number + shift
        if turn.number_span is not None:
            yield _Renumbered(turn.number_span, turn.side, number)
        for variation in turn.variations:
            if variation.turns:
                yield from _renumbered(variation.turns, number - variation.turns[0].number)


def _number_edits(
    text: Text, at: AtCursor, renumbered: Iterable[_Renumbered]
) -> list[types.TextEdit] | None:
    """The edits that write the numbers; None if one would be less than 1."""
    edits = []
    for span, side, number in renumbered:
        if number < 1:
            return None
        edits.append(types.TextEdit(text.range(at.part.shifted(span)), move_number(side, number)))
    return edits


def _renumber_fixes(
    uri: str, text: Text, at: AtCursor, diagnostic: Diagnostic
) -> list[types.CodeAction]:
    """A move number that does not fit the turn count (AD201) written as counted, with those
    of its turn's variations; then, as a second fix, with the move numbers after it in its
    line too (and their variations'), which the count went on from the number written."""
    counted = diagnostic.counted_number
    line = _line_from(at.game.turns, diagnostic.span)
    if counted is None or not line:
        return []
    wrong = line[0]
    shift = counted - wrong.number
    title = f"Renumber {turn_number(wrong)} as {move_number(wrong.side, wrong.number + shift)}"
    alone = _number_edits(text, at, _renumbered(line[:1], shift))
    onwards = _number_edits(text, at, _renumbered(line, shift))
    fixes = [(title, alone)]
    if onwards is not None and len(onwards) > len(alone or ()):
        fixes.append((f"{title} and the move numbers after it", onwards))
    return [_edits_action(uri, named, edits) for named, edits in fixes if edits]


def _fixes(uri: str, text: Text, at: AtCursor, diagnostic: Diagnostic) -> list[types.CodeAction]:
    if diagnostic.code is WRONG_RESULT:
        return _result_fix(uri, text, at)
    if diagnostic.code is UNFINISHED_RESULT:
        return _unfinished_fix(uri, text, at)
    if diagnostic.code is WRONG_NUMBER:
        return _renumber_fixes(uri, text, at, diagnostic)
    if diagnostic.legal or diagnostic.code is UNMARKED_HIT:
        return _play_fixes(uri, text, at, diagnostic)
    return []


def _touches(first: types.Range, second: types.Range) -> bool:
    """Whether two ranges overlap or meet: a cursor at either end of a problem is on it."""
    before = (first.end.line, first.end.character) < (second.start.line, second.start.character)
    after = (second.end.line, second.end.character) < (first.start.line, first.start.character)
    return not (before or after)


def _named(found: types.Diagnostic, context: types.CodeActionContext) -> bool:
    """Whether the client names this problem among the context's diagnostics: at its range,
    or with its message on its lines. Neovim 0.7 sends a diagnostic's columns back counted
    in bytes, whatever the encoding agreed, so that on a line with a character past ASCII
    before the problem its range is not the one published."""
    return any(sent.code == found.code and _same_place(sent, found) for sent in context.diagnostics)


def _same_place(sent: types.Diagnostic, found: types.Diagnostic) -> bool:
    if sent.range == found.range:
        return True
    lines = (sent.range.start.line, sent.range.end.line)
    return lines == (found.range.start.line, found.range.end.line) and sent.message == found.message


def code_actions(
    uri: str, text: Text, parts: list[Part], asked: types.CodeActionParams
) -> list[types.CodeAction]:
    """The fixes of the problems the asked range touches, and of those its context names.

    The protocol's context carries "the diagnostics overlapping the range" as
    the client sees them: Neovim sends those of the cursor's line with the
    cursor alone as the range, so both are read.
    """
    # Only a problem on these lines can touch the range or be named (the context's overlap
    # it): the others are passed over before their protocol form is made.
    ranges = [asked.range, *(sent.range for sent in asked.context.diagnostics)]
    first = min(each.start.line for each in ranges)
    last = max(each.end.line for each in ranges)
    actions: list[types.CodeAction] = []
    for part in parts:
        if part.last_line - 1 < first or part.first_line - 1 > last:
            continue
        for diagnostic in part.diagnostics:
            placed = moved(diagnostic, part)
            if placed.span.end_line - 1 < first or placed.span.line - 1 > last:
                continue
            found = as_protocol(uri, text, placed)
            if not (_touches(found.range, asked.range) or _named(found, asked.context)):
                continue
            at = game_at(text, parts, placed.span.line - 1)
            if at is not None:
                actions += _fixing(_fixes(uri, text, at, diagnostic), found)
    return actions
