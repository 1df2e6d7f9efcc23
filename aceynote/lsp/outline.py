"""The outline: games (players, event, result) with their turns; folding of games, variations
and comments over several lines."""

from __future__ import annotations

from collections.abc import Iterator

from lsprotocol import types

from ..notation import Game, Span, Turn
from ..notation.writer import segment_text, turn_number
from .checking import Part
from .text import Text
from .tokens import piece_tokens
from .under_cursor import all_turns, games_of, piece_data


def _turn_symbol(text: Text, part: Part, turn: Turn) -> types.DocumentSymbol:
    where = text.range(part.shifted(turn.span))
    name = " ".join([turn_number(turn), *(segment_text(segment) for segment in turn.segments)])
    return types.DocumentSymbol(
        name=name, kind=types.SymbolKind.Event, range=where, selection_range=where
    )


def _game_symbol(text: Text, part: Part, game: Game, number: int) -> types.DocumentSymbol:
    where = text.range(part.shifted(game.span))
    white, black = game.tag("White") or "?", game.tag("Black") or "?"
    details = [game.tag("Event") or "", game.result_text]
    first = game.tags[0].span if game.tags else game.span
    return types.DocumentSymbol(
        name=f"{number}. {white} - {black}",
        detail="  ".join(detail for detail in details if detail),
        kind=types.SymbolKind.Namespace,
        range=where,
        selection_range=text.range(part.shifted(first)),
        children=[_turn_symbol(text, part, turn) for turn in game.turns],
    )


def _games(text: Text, parts: list[Part]) -> Iterator[tuple[Part, Game]]:
    for part in parts:
        for game in games_of(piece_data(text, part)):
            yield part, game


def document_symbols(text: Text, parts: list[Part]) -> list[types.DocumentSymbol]:
    return [
        _game_symbol(text, part, game, number)
        for number, (part, game) in enumerate(_games(text, parts), start=1)
    ]


def _fold(part: Part, span: Span, kind: str | None = None) -> types.FoldingRange | None:
    first, last = span.line + part.first_line - 2, span.end_line + part.first_line - 2
    return types.FoldingRange(first, last, kind=kind) if last > first else None


def _game_folds(part: Part, game: Game) -> Iterator[types.FoldingRange | None]:
    yield _fold(part, game.span)
    for turn in all_turns(game.turns):
        for variation in turn.variations:
            yield _fold(part, variation.span)


def folding_ranges(text: Text, parts: list[Part]) -> list[types.FoldingRange]:
    found: list[types.FoldingRange | None] = []
    for part, game in _games(text, parts):
        found += _game_folds(part, game)
    for part in parts:
        for token in piece_tokens(piece_data(text, part)):
            if token.type == "COMMENT":
                span = Span(token.line or 1, 1, token.end_line or 1, 1)
                found.append(_fold(part, span, types.FoldingRangeKind.Comment))
    return [fold for fold in found if fold is not None]
