"""The stats page names the records of its matches without a folder above its own (docs/stats.md).

A page is published on a club's web site: the path a record was given by
(``/home/secretary/...``) is the secretary's, not the page's.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from conftest import run_main
from stats_records import short_game

from aceynote.render.stats_page import files_on_page

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
    # The text keeps the path as typed (a long one is clipped in the match's heading).
    assert f"{record} game 2: Bob v Ann" in out


def test_a_relative_path_is_named_as_typed_on_standard_output(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _record(tmp_path / "games" / "spring.acey", *TAGGED)
    monkeypatch.chdir(tmp_path)
    status, html, _ = run_main(capsys, "stats", "./games/spring.acey", "--html", "-")
    assert status == 0 and str(tmp_path) not in html
    assert _game_cells(html) == ["games/spring.acey game 1", "games/spring.acey game 2"]


def _game_cells(html: str) -> list[str]:
    """The Matches tables' cells that name a game of a record, whole."""
    return re.findall(r"<td[^>]*>([^<]* game \d+)</td>", html)


def test_records_of_one_name_in_two_folders_are_told_apart(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    first = _record(tmp_path / "a" / "club" / "league.acey", *TAGGED)
    second = _record(tmp_path / "b" / "club" / "league.acey", *TAGGED)
    page = tmp_path / "www" / "stats.html"
    page.parent.mkdir()
    status, _, _ = run_main(capsys, "stats", first, second, "--html", str(page))
    html = page.read_text()
    assert status == 0 and str(tmp_path) not in html
    a, b = os.path.join("a", "club", "league.acey"), os.path.join("b", "club", "league.acey")
    assert _game_cells(html) == [f"{a} game 1", f"{a} game 2", f"{b} game 1", f"{b} game 2"]


def test_a_record_reached_through_a_link_into_the_pages_folder_is_named_from_there(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _record(tmp_path / "www" / "2026" / "league.acey", *TAGGED)
    (tmp_path / "link").symlink_to(tmp_path / "www")
    record = str(tmp_path / "link" / "2026" / "league.acey")
    status, _, _ = run_main(capsys, "stats", record, "--html", str(tmp_path / "www" / "s.html"))
    named = os.path.join("2026", "league.acey")
    assert status == 0
    assert _game_cells((tmp_path / "www" / "s.html").read_text()) == [
        f"{named} game 1",
        f"{named} game 2",
    ]


def _name(path: str, page: str) -> str:
    return files_on_page([path], page)[path]


def test_file_on_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    page = str(tmp_path / "site" / "stats.html")
    assert _name(str(tmp_path / "site" / "a" / "x.acey"), page) == os.path.join("a", "x.acey")
    assert _name("site/x.acey", page) == "x.acey"  # relative, but in the page's folder
    assert _name("records/x.acey", page) == os.path.join("records", "x.acey")
    assert _name("../up/x.acey", page) == "x.acey"
    assert _name("/home/secretary/x.acey", page) == "x.acey"
    assert _name("records/x.acey", "-") == os.path.join("records", "x.acey")


def test_names_that_two_records_share_grow_by_a_folder_at_a_time(tmp_path: Path) -> None:
    (tmp_path / "site").mkdir()
    page = str(tmp_path / "site" / "stats.html")
    paths = ["/a/club/x.acey", "/b/club/x.acey", "/c/y.acey", str(tmp_path / "site" / "x.acey")]
    assert files_on_page(paths, page) == {
        "/a/club/x.acey": os.path.join("a", "club", "x.acey"),
        "/b/club/x.acey": os.path.join("b", "club", "x.acey"),
        "/c/y.acey": "y.acey",
        paths[3]: "x.acey",  # in the page's folder: named from there, no folder above it
    }
    # One file by two names is one record: one name, nothing added.
    (tmp_path / "real").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "real")
    twice = [str(tmp_path / "real" / "z.acey"), str(tmp_path / "link" / "z.acey")]
    assert set(files_on_page(twice, page).values()) == {"z.acey"}
    # Names never reach the root, even when nothing else tells two records apart.
    assert not any(
        os.path.isabs(name) for name in files_on_page(["/x.acey", "/d/x.acey"], page).values()
    )
