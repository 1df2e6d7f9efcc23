"""Printing diagnostics: compiler-style text (coloured on a terminal) or JSON Lines.

Everything taken from a record (its lines, the values quoted in messages) and
every file name is shown escaped where it holds control characters: see
:mod:`aceynote.terminal_text`.
"""

from __future__ import annotations

import json
import os
from typing import NamedTuple, TextIO

from ..notation import Game
from ..terminal_text import caret_lines, json_shown, shown
from ..validation import Diagnostic, Severity
from ..validation.diagnostics import SYNTAX

_RESET = "\033[0m"
_STYLES = {
    "path": "\033[1m",
    Severity.ERROR: "\033[1;31m",
    Severity.WARNING: "\033[1;33m",
    "caret": "\033[32m",
    "hint": "\033[36m",
}


def colour_wanted(stream: TextIO, disabled: bool) -> bool:
    """Colour only on a terminal, and never with --no-color or NO_COLOR set."""
    if disabled or os.environ.get("NO_COLOR"):
        return False
    return hasattr(stream, "isatty") and stream.isatty()


class Formatter(NamedTuple):
    """Turns one diagnostic into the lines to print."""

    colour: bool = False
    as_json: bool = False

    def _paint(self, style: object, text: str) -> str:
        return f"{_STYLES[style]}{text}{_RESET}" if self.colour else text

    def problems(self, name: str, game_number: int, game: Game) -> str:
        """A game's syntax errors, each as a diagnostic (AD100) with its line: what convert,
        fmt and find say of a game they cannot write."""
        return "\n".join(
            self.format(
                name,
                game_number,
                Diagnostic(SYNTAX, problem.message, problem.span),
                problem.source_line,
            )
            for problem in game.problems
        )

    def format(self, name: str, game_number: int, diagnostic: Diagnostic, source_line: str) -> str:
        if self.as_json:
            return self._json(name, game_number, diagnostic)
        span = diagnostic.span
        severity = diagnostic.severity
        head = (
            f"{self._paint('path', f'{shown(name)}:{span.line}:{span.column}:')} "
            f"{self._paint(severity, f'{severity.value} {diagnostic.code.code}:')} "
            f"{shown(diagnostic.message)}"
        )
        lines = [head]
        for index, text in enumerate(
            caret_lines(source_line, span.column, span.end_column, span.line == span.end_line)
        ):
            lines.append(self._paint("caret", text) if index == 1 else text)
        if diagnostic.hint:
            lines.append(f"  {self._paint('hint', 'hint:')} {shown(diagnostic.hint)}")
        if diagnostic.follows is not None and diagnostic.follows != span:
            follows = diagnostic.follows
            lines.append(
                f"  note: this may follow from the error at {follows.line}:{follows.column}"
            )
        return "\n".join(lines)

    @staticmethod
    def _json(name: str, game_number: int, diagnostic: Diagnostic) -> str:
        record = {"file": name, "game": game_number, **diagnostic.as_json()}
        return json_shown(json.dumps(record, ensure_ascii=False))
