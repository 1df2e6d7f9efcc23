"""The server's parts without a client: a document validated again only where it changed,
positions in each encoding, and the message of the missing extra."""

from __future__ import annotations

import asyncio
import random
import subprocess
import sys

import pytest
from conftest import SAMPLES
from lsprotocol import types
from pygls.exceptions import JsonRpcInternalError

from aceynote.extras import install_command
from aceynote.lsp import text as text_module
from aceynote.lsp.checking import Checker, Part
from aceynote.lsp.server import guarded
from aceynote.lsp.text import Text, Unchanged
from aceynote.notation import Span

GAME = '[Event "E{n}"]\n[White "A"]\n\n1. 64: in/19 in/21  43: in/21 in/22\n*\n'
RECORD = "\n".join(GAME.format(n=n) for n in range(40)) + (SAMPLES / "mistakes.acey").read_text(
    encoding="utf-8"
)


def summary(parts: list[Part]) -> list[tuple[int, int, tuple[object, ...]]]:
    return [
        (part.first_line, part.last_line, tuple((d.code.code, d.span) for d in part.diagnostics))
        for part in parts
    ]


def test_one_edit_validates_one_game_again() -> None:
    checker = Checker()
    checker.check(RECORD)
    before = checker.checked
    middle = RECORD.index('[Event "E20"]')
    edited = RECORD[:middle] + RECORD[middle:].replace("in/21 in/22", "in/21 in/23", 1)
    parts = checker.check(edited)
    assert checker.checked == before + 1
    assert summary(parts) == summary(Checker().check(edited))
    assert [d.code.code for part in parts for d in part.diagnostics].count("AD304") == 1


def test_lines_added_move_the_problems_after_them() -> None:
    checker = Checker()
    first = checker.check(RECORD)
    parts = checker.check("\n\n" + RECORD)
    problems = [part.shifted(d.span) for part in parts for d in part.diagnostics]
    assert problems == [
        Span(s.line + 2, s.column, s.end_line + 2, s.end_column)
        for s in (part.shifted(d.span) for part in first for d in part.diagnostics)
    ]


@pytest.mark.parametrize("seed", range(6))
def test_random_edits_give_what_a_fresh_reading_gives(seed: int) -> None:
    chooser, checker, text = random.Random(seed), Checker(), RECORD
    checker.check(text)
    for _ in range(4):
        at, kept = chooser.randrange(len(text)), Unchanged(len(text), len(text))
        for _ in range(chooser.randrange(1, 3)):  # one check after one edit or two
            typed = chooser.choice(["\n", "{", "}", "(", ")", " in/3", '\n[White "B"]\n', "1-0"])
            end = min(at + chooser.randrange(4), len(text))
            text, kept = text[:at] + typed + text[end:], kept.merged(Unchanged(at, len(text) - end))
            at = chooser.randrange(len(text))
        assert summary(checker.check(text, kept)) == summary(Checker().check(text))


@pytest.mark.parametrize("seed", range(4))
def test_a_whole_new_text_keeps_what_the_two_share(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(text_module, "_BLOCK", 5 + seed)  # compared past a first block too
    chooser = random.Random(seed)
    for _ in range(50):
        old = "".join(chooser.choice(["ab", "\r", "😀", "c"]) for _ in range(30))
        at = chooser.randrange(len(old))
        new = old[:at] + "xyz"[: chooser.randrange(4)] + old[at + chooser.randrange(3) :]
        head = next(
            (n for n, pair in enumerate(zip(old, new, strict=False)) if pair[0] != pair[1]), None
        )
        head = min(len(old), len(new)) if head is None else head
        tail = 0
        while tail < min(len(old), len(new)) - head and old[-1 - tail] == new[-1 - tail]:
            tail += 1
        assert text_module.compared(old, new) == (head, tail)


@pytest.mark.parametrize(
    ("encoding", "character"),
    [
        (types.PositionEncodingKind.Utf16, 6),
        (types.PositionEncodingKind.Utf8, 10),
        (types.PositionEncodingKind.Utf32, 5),
    ],
)
def test_columns_in_each_encoding(encoding: str, character: int) -> None:
    text = Text("x\r{😀中} 64:\r\nz", encoding)
    assert [text.line(number) for number in range(text.line_count)] == ["x", "{😀中} 64:", "z"]
    position = text.position(2, 6)
    assert position == types.Position(1, character)
    assert text.column(position) == 5
    assert text.offset(position) == 7


def test_without_the_extra_the_command_says_what_to_install() -> None:
    blocked = "import sys; sys.modules['pygls'] = None; from aceynote.cli import main; sys.exit(main(['lsp']))"
    done = subprocess.run([sys.executable, "-c", blocked], capture_output=True, text=True)
    assert done.returncode == 2
    assert install_command("lsp") in done.stderr


@pytest.mark.parametrize("seed", range(4))
def test_an_edited_text_finds_its_lines_as_a_new_one(seed: int) -> None:
    chooser = random.Random(seed)
    text = Text("".join(chooser.choice(["ab", "\r", "\n", "\r\n", "😀"]) for _ in range(40)))
    for _ in range(200):
        first = types.Position(chooser.randrange(0, 30), chooser.randrange(0, 6))
        last = types.Position(first.line + chooser.randrange(0, 3), chooser.randrange(0, 6))
        typed = "".join(
            chooser.choice(["x", "\r", "\n", "\r\n"]) for _ in range(chooser.randrange(3))
        )
        change = types.TextDocumentContentChangePartial(range=types.Range(first, last), text=typed)
        text, _ = text.edited(change)
        assert list(text.starts) == list(Text(text.source).starts)


def test_a_failing_request_is_a_protocol_error_of_one_line() -> None:
    async def failing() -> None:
        raise ValueError("made up")

    with pytest.raises(JsonRpcInternalError) as raised:
        asyncio.run(guarded(failing)())
    assert raised.value.message == "aceynote: ValueError: made up"
    assert raised.value.__cause__ is None and raised.value.data is None
