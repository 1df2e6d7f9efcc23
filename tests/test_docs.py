"""The documentation says true things: every diagnostic example triggers its code,
every code is documented, and CI runs the README's test command."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

import pytest
from conftest import ROOT

from aceynote.cli import main
from aceynote.commands import COMMANDS
from aceynote.notation import parse_game
from aceynote.validation import ALL_CODES, validate

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


GENERATED = "<!-- aceynote validate --explain all -->\n"


def test_the_codes_in_the_docs_are_explain_all(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/diagnostics.md's entries are the table of codes' output, not a copy kept by hand."""
    text = (ROOT / "docs" / "diagnostics.md").read_text(encoding="utf-8")
    assert text.count(GENERATED) == 1
    assert main(["validate", "--explain", "all"]) == 0
    assert text.split(GENERATED)[1] == capsys.readouterr().out


def test_ci_runs_the_readme_test_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = re.search(r"```sh\n(.*?)\n(.*?)\n```", readme)
    assert commands is not None
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert commands.group(2) in ci
    assert "pytest" in commands.group(2)
    assert "aceynote validate samples/" in commands.group(1)


SHOWN = re.compile(
    r"^### (AD\d{3}): .*?\n\n```acey\n(.*?)```\n\n```\n(.*?)```", re.MULTILINE | re.DOTALL
)


@pytest.mark.parametrize(
    ("code", "example", "shown"),
    SHOWN.findall((ROOT / "docs" / "diagnostics.md").read_text(encoding="utf-8")),
    ids=lambda value: value if re.fullmatch(r"AD\d{3}", str(value)) else "",
)
def test_documented_output_is_what_validate_prints(
    code: str,
    example: str,
    shown: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    (tmp_path / "example.acey").write_text(example, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    main(["validate", "--no-color", "example.acey"])
    printed = capsys.readouterr().out.splitlines()[:-1]  # the summary line is not shown
    assert "\n".join(printed) + "\n" == shown


SESSION = re.compile(r"```text\n\$ aceynote ([^\n]*)\n(.*?)```", re.DOTALL)


@pytest.mark.parametrize(
    ("command", "shown"),
    SESSION.findall((ROOT / "docs" / "engine.md").read_text(encoding="utf-8")),
    ids=lambda value: str(value).split("\n")[0],
)
def test_a_command_shown_with_its_output_prints_it(
    command: str, shown: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The figures are the shipped net's: a new net means new examples."""
    monkeypatch.chdir(ROOT)
    assert main(command.split()) == 0
    assert capsys.readouterr().out == shown


def test_the_python_api_example_runs() -> None:
    """docs/engine.md's example, its rollout cut to 36 games."""
    text = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    after = text[text.index("## Python API") :]
    example = after[after.index("```python\n") + 10 : after.index("```\n\n")]
    assert "games=1296" in example
    exec(compile(example.replace("games=1296", "games=36"), "docs/engine.md", "exec"), {})


def test_every_setup_in_the_help_and_the_docs_is_a_position() -> None:
    """The help examples of hint and generate used a Setup no game can reach (exit 2)."""
    from aceynote.rules import Position

    texts = [*(ROOT / "aceynote" / "commands").glob("*.py"), *(ROOT / "docs").glob("*.md")]
    setups = {
        setup
        for path in [*texts, ROOT / "README.md"]
        for setup in re.findall(r'--setup "([^".][^"]*)"', path.read_text(encoding="utf-8"))
    }
    assert len(setups) >= 4
    for setup in setups:
        Position.from_setup(setup)


def test_the_count_of_notation_choices_is_the_count_listed() -> None:
    text = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
    said = re.search(r"numbered 1 to (\d+) in \[Choices", text)
    listed = text.split("## Choices aceynote makes", 1)[1]
    numbers = [int(n) for n in re.findall(r"^(\d+)\. \*\*", listed, re.MULTILINE)]
    assert said is not None and numbers == list(range(1, len(numbers) + 1))
    assert int(said[1]) == len(numbers)


HELP_SHOWN = re.compile(r"^`aceynote (\w+) --help`:\n\n```text\n(.*?)```", re.MULTILINE | re.DOTALL)
SHORT_AND_LONG = re.compile(r"(-\w) (\S+), (--[\w-]+) \2")


def help_words(text: str) -> list[str]:
    """A help text's words in order: the same on every Python that aceynote supports, where
    argparse from 3.13 writes ``-o, --output OUT`` for ``-o OUT, --output OUT`` and lays the
    columns out to match."""
    return SHORT_AND_LONG.sub(r"\1, \3 \2", text).split()


def test_the_help_shown_in_the_docs_is_the_help(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/engine.md's copy of 'aceynote analyze --help' had no --explain and said 2-ply
    was 'about ten times slower' where the command said 30 (both stale)."""
    shown = [
        found
        for path in [*(ROOT / "docs").glob("*.md"), ROOT / "README.md"]
        for found in HELP_SHOWN.findall(path.read_text(encoding="utf-8"))
    ]
    assert shown
    monkeypatch.setenv("COLUMNS", "80")
    for command, text in shown:
        with pytest.raises(SystemExit):
            main([command, "--help"])
        assert help_words(capsys.readouterr().out) == help_words(text), command


CITED = re.compile(r"(\S+) §\d")
DOCUMENT = re.compile(r"docs/[\w.-]+\.md")


@pytest.mark.parametrize("command", ["", *COMMANDS])
def test_the_documents_a_help_cites_are_there(
    command: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """'aceynote record --help' sent --setup's reader to 'NOTATION §7', a file there is not
    (the rules are docs/notation.md); a section is cited by its document's path."""
    monkeypatch.setenv("COLUMNS", "1000")  # no path cut by a line's end
    with pytest.raises(SystemExit):
        main([command, "--help"] if command else ["--help"])
    text = capsys.readouterr().out
    for cited in CITED.findall(text):
        assert DOCUMENT.fullmatch(cited.strip("(")), f"{cited}: cite docs/FILE.md §N"
    for path in DOCUMENT.findall(text):
        assert (ROOT / path).is_file(), path


def test_the_readme_lists_every_document() -> None:
    """docs/stats.md was missing from the README's Documentation list."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    listed = readme.split("## Documentation", 1)[1].split("\n## ", 1)[0]
    for document in sorted((ROOT / "docs").glob("*.md")):
        assert f"](docs/{document.name})" in listed, document.name


@pytest.mark.parametrize("command", ["", *COMMANDS])
def test_no_heading_of_a_help_stands_alone(
    command: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """'aceynote find --help' ended its description with 'filters (...):', a heading with
    nothing under it but argparse's 'positional arguments:'."""
    monkeypatch.setenv("COLUMNS", "80")
    with pytest.raises(SystemExit):
        main([command, "--help"] if command else ["--help"])
    lines = capsys.readouterr().out.splitlines()
    for line, after in pairwise(lines):
        assert not (line.endswith(":") and not after.strip()), line
