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

import sys
from importlib import import_module
from types import ModuleType
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
    from .validate import Diagnostic, Report, validate

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
    **dict.fromkeys(("Diagnostic", "Report", "validate"), "validate"),
}


_SUBPACKAGES = frozenset({"files", "formats", "notation", "render", "rules"})


def __getattr__(name: str) -> Any:
    if name in _SUBPACKAGES:  # ``import aceynote`` then ``aceynote.rules.Position``
        return import_module(f".{name}", __name__)
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'aceynote' has no attribute {name!r}")
    return getattr(import_module(f".{home}", __name__), name)


class _Package(ModuleType):
    """This package's module type: ``aceynote.validate`` is the function, as documented.

    The subpackage of the same name is imported on first use, and the import
    system then records it as this package's attribute ``validate``; the
    property keeps the name for the function (``from aceynote.validate import
    Report`` reads the subpackage from ``sys.modules`` as usual).
    """

    @property
    def validate(self) -> Any:
        if _REPLACED in self.__dict__:  # set by a caller (a test's mock, say)
            return self.__dict__[_REPLACED]
        return import_module(".validate", __name__).validate

    @validate.setter
    def validate(self, value: Any) -> None:
        if not (isinstance(value, ModuleType) and value.__name__ == f"{__name__}.validate"):
            self.__dict__[_REPLACED] = value

    @validate.deleter
    def validate(self) -> None:
        self.__dict__.pop(_REPLACED, None)


_REPLACED = "_validate_replaced"


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__, *_SUBPACKAGES})


sys.modules[__name__].__class__ = _Package


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
