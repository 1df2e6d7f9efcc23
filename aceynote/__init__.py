"""aceynote: record, check, replay and share acey-deucey game records.

The Python API in brief (docs/api.md has more)::

    import aceynote

    for game in aceynote.read_games("match.acey"):      # streams, one game at a time
        report = aceynote.validate(game)                  # diagnostics and positions
        for diagnostic in report.diagnostics:
            print(diagnostic.span.line, diagnostic.code.code, diagnostic.message)
        print(aceynote.write_game(game))                  # canonical text
"""

__version__ = "0.1.0"

from .notation import Game, ReadError, parse_game, parse_games, read_games, write_game, write_games
from .rules import Position, RuleSet, Side, legal_plays, max_dice
from .validate import Diagnostic, Report, validate

__all__ = [
    "Diagnostic",
    "Game",
    "Position",
    "ReadError",
    "Report",
    "RuleSet",
    "Side",
    "__version__",
    "legal_plays",
    "max_dice",
    "parse_game",
    "parse_games",
    "read_games",
    "validate",
    "write_game",
    "write_games",
]
