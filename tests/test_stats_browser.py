"""The stats page in a real browser (Playwright, Debian's chromium, as tests/test_html_browser.py).

The page is written by ``aceynote stats --html``; its charts and tables are
checked as the browser lays them out, against the figures counted by hand.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import run_main
from playwright.sync_api import Browser, Page
from stats_records import CLUB, HAND_COUNTED, OPENINGS, short_game
from test_html_browser import browser  # noqa: F401 - the module's browser fixture, shared

from aceynote.render.stats_page import BAR, CHART_HEIGHT

HOSTILE = "<script>alert(1)</script>"


@pytest.fixture
def stats_page(
    browser: Browser,  # noqa: F811 - the fixture imported above
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> Iterator[tuple[Page, list[str]]]:
    records = tmp_path / "club.acey"
    records.write_text(
        CLUB + HAND_COUNTED + OPENINGS + short_game(HOSTILE, "Bob", "1-0"), encoding="utf-8"
    )
    page_path = tmp_path / "stats.html"
    status, _, _ = run_main(capsys, "stats", str(records), "--html", str(page_path))
    assert status == 0
    context = browser.new_context()
    tab = context.new_page()
    problems: list[str] = []
    tab.on("pageerror", lambda error: problems.append(str(error)))
    tab.on("console", lambda message: problems.append(message.text))
    tab.on("dialog", lambda dialog: (problems.append("dialog"), dialog.dismiss()))
    tab.on(
        "request",
        lambda request: None if request.url == page_path.as_uri() else problems.append(request.url),
    )
    tab.goto(page_path.as_uri())
    yield tab, problems
    context.close()


def test_dice_charts_have_a_bar_a_roll_and_the_expected_lines(
    stats_page: tuple[Page, list[str]],
) -> None:
    tab, problems = stats_page
    charts = tab.locator("svg.dice-chart")
    # Everybody's and each of the four players' (Ann, Bob, Cid and the hostile name).
    assert charts.count() == 5
    for index in range(charts.count()):
        chart = charts.nth(index)
        assert chart.locator("rect.bar").count() == 21
        assert chart.locator("line.expected").count() == 21
        assert chart.is_visible()
    everybody = charts.nth(0)
    labels = everybody.locator("text.label").all_text_contents()
    assert labels[:3] == ["11", "21", "22"] and labels[-1] == "66"
    # The tallest bar (or the tallest expected line) fills the chart's height.
    heights = [
        float(h)
        for h in everybody.locator("rect.bar").evaluate_all(
            "bars => bars.map(b => b.getBBox().height)"
        )
    ]
    assert max(heights) <= CHART_HEIGHT + 0.01
    box = everybody.bounding_box()
    assert box is not None and box["width"] >= 21 * BAR * 0.5
    assert not problems


def test_length_chart_and_tables(stats_page: tuple[Page, list[str]]) -> None:
    tab, problems = stats_page
    # Lengths 1 to 4 turns: one bin, 0-9, holding all 10 games.
    bars = tab.locator("svg.length-chart rect.bar")
    assert bars.count() == 1
    assert tab.locator("svg.length-chart text.count").all_text_contents() == ["10"]
    assert bars.evaluate("bar => bar.getBBox().height") == pytest.approx(CHART_HEIGHT)
    rows = tab.locator("table.players").first.locator("tbody tr")
    first = rows.nth(0).locator("td").all_text_contents()
    # Ann: the club's 4 games and the 4 others; 7 + 5 points.
    assert first[:4] == ["1", "Ann", "8", "4"]
    assert first[6] == "12"
    cross = tab.locator("table.crosstable").first
    assert cross.locator("thead th").all_text_contents()[1] == "Ann"
    assert cross.locator("td.self").count() == 4  # Ann, Cid, Bob and the hostile name
    assert tab.locator("table.openings").first.locator("tbody tr").count() == 1
    assert not problems


def test_names_are_text_not_markup(stats_page: tuple[Page, list[str]]) -> None:
    tab, problems = stats_page
    assert HOSTILE in (tab.text_content("table.players") or "")
    assert tab.locator("script").count() == 0
    assert not problems  # no dialog: the name did not run
