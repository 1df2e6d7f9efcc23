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

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .notation import (
        Game,
        ReadError,
        parse_game,
        parse_games,
        read_games,
        write_game,
        write_games,
    )
    from .rules import Position, RuleSet, Side, legal_plays, max_dice
    from .validation import Diagnostic, Report, validate

# Where each name of the API lives. They are imported when first used, so that
# a command (``aceynote --help`` most of all) loads only the parts it needs.
_HOMES = {
    **dict.fromkeys(
        (
            "Game",
            "ReadError",
            "parse_game",
            "parse_games",
            "read_games",
            "write_game",
            "write_games",
        ),
        "notation",
    ),
    **dict.fromkeys(("Position", "RuleSet", "Side", "legal_plays", "max_dice"), "rules"),
    **dict.fromkeys(("Diagnostic", "Report", "validate"), "validation"),
}


_SUBPACKAGES = frozenset(
    {
        "analysis",
        "corpus",
        "engine",
        "entering",
        "files",
        "formats",
        "notation",
        "render",
        "rules",
        "validation",
    }
)


def __getattr__(name: str) -> Any:
    if name in _SUBPACKAGES:  # ``import aceynote`` then ``aceynote.rules.Position``
        return import_module(f".{name}", __name__)
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'aceynote' has no attribute {name!r}")
    return getattr(import_module(f".{home}", __name__), name)


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__, *_SUBPACKAGES})


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
