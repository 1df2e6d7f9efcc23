"""The documentation says true things: every diagnostic example triggers its code,
every code is documented, and CI runs the README's test command."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from aceynote.notation import parse_game
from aceynote.validate import ALL_CODES, validate

ROOT = Path(__file__).resolve().parent.parent
SECTION = re.compile(r"^### (AD\d{3}): .*?\n\n```acey\n(.*?)```", re.MULTILINE | re.DOTALL)


def documented_examples() -> dict[str, str]:
    text = (ROOT / "docs" / "diagnostics.md").read_text(encoding="utf-8")
    return {code: example for code, example in SECTION.findall(text)}


def test_every_code_is_documented_with_an_example() -> None:
    assert set(documented_examples()) == {code.code for code in ALL_CODES}


@pytest.mark.parametrize("code", sorted(documented_examples()))
def test_documented_example_triggers_its_code(code: str) -> None:
    report = validate(parse_game(documented_examples()[code]))
    assert code in [diagnostic.code.code for diagnostic in report.diagnostics]


def test_ci_runs_the_readme_test_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = re.search(r"```sh\n(.*?)\n(.*?)\n```", readme)
    assert commands is not None
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert commands.group(2) in ci
    assert "pytest" in commands.group(2)
    assert "aceynote validate samples/" in commands.group(1)
