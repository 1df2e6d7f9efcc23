"""Each diagnostic code explained in Markdown, as the hover and docs/diagnostics.md show it."""

from __future__ import annotations

import textwrap

from ..notation import parse_game
from .diagnostics import ALL_CODES, Code
from .validator import validate

CODES = {code.code: code for code in ALL_CODES}


def explained(code: Code) -> str:
    """The code's section: its heading, what it means, and a record that shows it."""
    heading = f"### {code.code}: {code.title} ({code.severity.value})"
    meaning = textwrap.fill(code.explanation, 78, break_long_words=False, break_on_hyphens=False)
    return f"{heading}\n\n{meaning}\n\n```acey\n{code.example}```\n"


def example_message(code: Code) -> str:
    """What the validator says of the code's example."""
    report = validate(parse_game(code.example))
    return next(found.message for found in report.diagnostics if found.code is code)
