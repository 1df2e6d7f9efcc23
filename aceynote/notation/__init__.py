"""The AceyNote notation: grammar loading, the game model, reading and writing."""

from .model import Game, Move, Segment, Span, Stop, SyntaxProblem, Tag, Turn, Variation
from .parser import grammar_text, iter_game_tokens, parse_game, parse_games, read_games
from .source import ReadError, text_lines
from .writer import write_game, write_games

__all__ = [
    "Game",
    "Move",
    "ReadError",
    "Segment",
    "Span",
    "Stop",
    "SyntaxProblem",
    "Tag",
    "Turn",
    "Variation",
    "grammar_text",
    "iter_game_tokens",
    "parse_game",
    "parse_games",
    "read_games",
    "text_lines",
    "write_game",
    "write_games",
]
