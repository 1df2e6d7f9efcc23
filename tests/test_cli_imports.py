"""A command imports only what it needs: the start-up time of `aceynote` depends on it.

Each case runs the command in a fresh interpreter and lists the modules it
imported. (The times themselves are in benchmarks/bench_startup.py.)
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from conftest import SAMPLES

SAMPLE = str(SAMPLES / "annotated.acey")

_RUN = """
import contextlib, io, json, sys
from aceynote.cli import main
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    try:
        main(sys.argv[1:])
    except SystemExit:
        pass
print(json.dumps(sorted(sys.modules)))
"""


def modules_imported(*argv: str) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-c", _RUN, *argv], capture_output=True, text=True, check=True
    )
    return set(json.loads(done.stdout))


def roots(modules: set[str]) -> set[str]:
    return {name.split(".")[0] for name in modules}


HEAVY = {"textual", "rich", "jsonschema", "lark"}


@pytest.mark.parametrize("argv", [["--help"], ["--version"], [], ["nonsense"]])
def test_the_command_list_imports_no_command(argv: list[str]) -> None:
    imported = modules_imported(*argv)
    assert not HEAVY & roots(imported)
    assert not {m for m in imported if m.startswith(("aceynote.notation", "aceynote.rules"))}
    assert "aceynote.commands.validate" not in imported


def test_validate_imports_neither_the_terminal_app_nor_json_schema_nor_processes() -> None:
    imported = modules_imported("validate", SAMPLE)
    assert "aceynote.commands.validate" in imported and "lark" in imported
    assert not {"textual", "rich", "jsonschema"} & roots(imported)
    assert "multiprocessing" not in imported and "aceynote.formats.jsonconv" not in imported
    assert "importlib.metadata" not in imported  # only a missing extra's message asks pip's record
    assert "datetime" not in imported  # the Date tag is read as text, written only by generate
    other_commands = {f"aceynote.commands.{name}" for name in ("convert", "fmt", "html", "replay")}
    assert not other_commands & imported


def test_a_command_s_help_imports_that_command_only() -> None:
    imported = modules_imported("fmt", "--help")
    assert "aceynote.commands.fmt" in imported
    assert "aceynote.commands.validate" not in imported and "textual" not in roots(imported)


def test_the_api_is_imported_on_first_use() -> None:
    code = (
        "import sys, aceynote; before = 'aceynote.rules' in sys.modules; "
        "aceynote.Position; print(before, 'aceynote.rules' in sys.modules, aceynote.rules.Side)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split()[:2] == ["False", "True"]


def test_aceynote_validate_is_the_function_before_and_after_the_validator_is_imported() -> None:
    code = (
        "import aceynote; first = aceynote.validate; "
        "import aceynote.validation.validator; from aceynote.validation import Report; "
        "from aceynote import validate; "
        f"game = next(aceynote.read_games({SAMPLE!r})); "
        "print(callable(first), aceynote.validate is first is validate, "
        "isinstance(aceynote.validate(game), Report))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True", "True", "True"]


def test_aceynote_validate_can_be_replaced_and_restored_as_by_a_mock() -> None:
    code = (
        "import aceynote; from unittest import mock\n"
        "with mock.patch('aceynote.validate', lambda game: 'replaced'):\n"
        "    inside = aceynote.validate(None)\n"
        "print(inside, aceynote.validate.__module__, 'Position' in dir(aceynote))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["replaced", "aceynote.validation.validator", "True"]


def test_the_schema_command_describes_itself_as_before(capsys: pytest.CaptureFixture[str]) -> None:
    from aceynote.cli import main

    with pytest.raises(SystemExit):
        main(["schema", "--help"])
    assert "print the JSON Schema of the JSON form (draft 2020-12)." in capsys.readouterr().out
