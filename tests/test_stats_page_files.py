"""The stats page names the records of its matches without a folder above its own (docs/stats.md).

A page is published on a club's web site: the path a record was given by
(``/home/secretary/...``) is the secretary's, not the page's.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from conftest import run_main
from stats_records import short_game

from aceynote.render.stats_page import file_on_page

TAGGED = ('[Match "Final"]', '[MatchLength "5"]')
# No Match tag: a match as the bgammon.org import writes it, named after its players and file.
BGAMMON = ('[MatchLength "5"]',)


def _record(path: Path, *tags: str) -> str:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = short_game("Ann", "Bob", "3-0", *tags, '[MatchScore "0-0"]')
    path.write_text(text + short_game("Bob", "Ann", "0-2", *tags, '[MatchScore "0-3"]'))
    return str(path)


def test_a_record_under_the_pages_folder_is_named_from_there(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = _record(tmp_path / "club" / "2026" / "league.acey", *TAGGED)
    page = tmp_path / "club" / "stats.html"
    status, out, _ = run_main(capsys, "stats", record, "--html", str(page))
    html = page.read_text()
    assert status == 0 and str(tmp_path) not in html
    assert "2026/league.acey game 1" in html and "2026/league.acey game 2" in html
    # The text on the secretary's terminal still names the record as typed.
    assert f"{record} game 1" in out


def test_a_record_elsewhere_is_named_by_its_name_alone(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = _record(tmp_path / "home" / "secretary" / "games.acey", *BGAMMON)
    page = tmp_path / "www" / "stats.html"
    page.parent.mkdir()
    status, out, _ = run_main(capsys, "stats", record, "--html", str(page))
    html = page.read_text()
    assert status == 0 and "secretary" not in html and str(tmp_path) not in html
    assert "Ann v Bob (games.acey) (to 5): Ann won" in html  # the match's heading
    assert "games.acey game 2" in html
    assert f"Ann v Bob ({record})" in out  # the text keeps the path as typed


def test_a_relative_path_is_named_as_typed_on_standard_output(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _record(tmp_path / "games" / "spring.acey", *TAGGED)
    monkeypatch.chdir(tmp_path)
    status, html, _ = run_main(capsys, "stats", "./games/spring.acey", "--html", "-")
    assert status == 0 and str(tmp_path) not in html
    assert "games/spring.acey game 1" in html


def test_file_on_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    page = str(tmp_path / "site" / "stats.html")
    assert file_on_page(str(tmp_path / "site" / "a" / "x.acey"), page) == os.path.join(
        "a", "x.acey"
    )
    assert file_on_page("site/x.acey", page) == "x.acey"  # relative, but in the page's folder
    assert file_on_page("records/x.acey", page) == os.path.join("records", "x.acey")
    assert file_on_page("../up/x.acey", page) == "x.acey"
    assert file_on_page("/home/secretary/x.acey", page) == "x.acey"
    assert file_on_page("records/x.acey", "-") == os.path.join("records", "x.acey")
