"""--rules, --setup and --opening: every command that takes one says the same of the same mistake."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import run_main

from aceynote.commands.base import EXIT_USAGE

BAD_RULES = "standard bearoff=maybe"
BAD_SETUP = "W 6:1 / B 19:1 / W"  # 14 checkers of each side missing: not a position


def _refusal(capsys: pytest.CaptureFixture[str], *words: str) -> str:
    status, out, err = run_main(capsys, *words)
    assert (status, out) == (EXIT_USAGE, "")
    return err.strip().splitlines()[-1]


def test_rules_refused_alike_by_every_command(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "club.acey"
    record.write_text("1. 21: in/23\n*\n", encoding="utf-8")
    said = {
        _refusal(capsys, "generate", "--rules", BAD_RULES),
        _refusal(capsys, "validate", "--rules", BAD_RULES, str(record)),
        _refusal(capsys, "record", str(tmp_path / "new.acey"), "--rules", BAD_RULES),
    }
    assert len(said) == 1
    assert "--rules: " in said.pop()
    assert not (tmp_path / "new.acey").exists()


def test_setup_refused_alike_by_every_command(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    said = {
        _refusal(capsys, "generate", "--setup", BAD_SETUP),
        _refusal(capsys, "diagram", "--setup", BAD_SETUP),
        _refusal(capsys, "record", str(tmp_path / "new.acey"), "--setup", BAD_SETUP),
    }
    assert len(said) == 1
    assert "--setup: " in said.pop()


def test_record_writes_the_opening_with_single_blanks(tmp_path: Path) -> None:
    import argparse

    from aceynote.commands import record

    args = argparse.Namespace(
        event=None, site=None, date="2026.03.01", round=None, white=None, black=None,
        rules=None, opening="  4-4   5-3 ", setup=None,
    )  # fmt: skip
    assert ("Opening", "4-4 5-3") in record.game_tags(args)
