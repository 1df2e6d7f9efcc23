"""An analysed game page in a real browser: the verdict under the board and the win % graph.

The reference is `aceynote analyze --format json` of the same record, run apart from the page;
the browser is test_html_browser.py's (headless Debian chromium).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from analysed_games import (  # noqa: F401 (fixtures)
    analysis_document,
    option_text,
    record_fixture,
    reference_fixture,
    write_short_games,
)
from conftest import SAMPLES
from test_html_browser import FileOpener, browser, open_file_fixture  # noqa: F401 (fixtures)

from aceynote.cli import main
from aceynote.notation import parse_game
from aceynote.render.html_analysis import HEIGHT, LEFT, PLOT_HEIGHT, PLOT_WIDTH, TOP, WIDTH
from aceynote.validation import validate
from aceynote.validation.frames import GameFrames

# What the page shows of the current segment and the graph's point, in one call.
_NOW = """() => {
  const now = document.querySelector('.win-graph:not([hidden]) circle.now');
  const best = [...document.querySelectorAll('#best-plays li')];
  return {
    hash: location.hash,
    reviewHidden: document.getElementById('review').hidden,
    verdict: document.getElementById('verdict').textContent,
    best: best.map((item) => item.querySelector('.play').textContent),
    figures: best.map((item) => (item.querySelector('.figures') || {}).textContent || ''),
    point: now === null ? null : [now.getAttribute('visibility'),
                                  Number(now.getAttribute('cx')), Number(now.getAttribute('cy'))],
  };
}"""


@pytest.fixture(scope="module")
def analysed_page(record: Path) -> Path:
    out = record.with_name("analysed.html")
    assert main(["html", str(record), "--analyze", "--depth", "0", "-o", str(out)]) == 0
    return out


def expected_point(ply: int, plies: int, win: float) -> tuple[float, float]:
    """Where segment ``ply`` of ``plies`` stands: evenly across, White's chance from the bottom."""
    return LEFT + (ply - 1) * PLOT_WIDTH / (plies - 1), TOP + (1 - win) * PLOT_HEIGHT


def expected_verdict(decision: dict[str, Any]) -> str:
    if decision["forced"]:
        return "Forced"
    if decision["loss"] < 0.0005:
        return "The best play was played."
    return f"lost {decision['loss']:.3f} equity"


def shown_best(decision: dict[str, Any]) -> list[str]:
    """The best plays listed under the board: none for a forced play."""
    return [] if decision["forced"] else [option_text(option) for option in decision["best"]]


def test_stepping_shows_each_segments_best_plays_and_moves_the_point(
    open_file: FileOpener, analysed_page: Path, reference: dict[str, Any]
) -> None:
    opened = open_file(analysed_page, "")
    now = opened.tab.evaluate(_NOW)
    assert now["reviewHidden"] and now["point"][0] == "hidden"  # the start: no segment yet
    decisions = reference["decisions"]
    for decision in decisions:
        opened.press("ArrowRight")
        now = opened.tab.evaluate(_NOW)
        ply = decision["ply"]
        assert now["hash"] == f"#{ply}" and not now["reviewHidden"]
        assert expected_verdict(decision) in now["verdict"], ply
        if decision["mark"]:
            assert f"({decision['mark']} " in now["verdict"]
            assert f": it {decision['reason']['text']}. Best:" in now["verdict"]
        assert now["best"] == shown_best(decision)
        if decision["forced"]:
            continue
        win = decision["best"][0]["win"]
        assert now["figures"][0].startswith(f"win {100 * win:.1f}%")
        visibility, x, y = now["point"]
        want_x, want_y = expected_point(ply, len(decisions), decision["white_win_after"])
        assert visibility == "visible"
        assert (x, y) == (pytest.approx(want_x, abs=0.06), pytest.approx(want_y, abs=0.06))
    assert not opened.errors


@pytest.mark.parametrize("width", [1200, 700, 400, 360])
def test_the_players_figures_are_seen_whole_in_their_column(
    open_file: FileOpener, analysed_page: Path, width: int
) -> None:
    """The table of eleven figures a player was wider than the games' column (at 1200 pixels
    too): its right-hand columns were cut off, to be scrolled to. A figure a row, a player a
    column, it fits whole; its box would scroll should long names make it wider still."""
    opened = open_file(analysed_page, "")
    opened.tab.set_viewport_size({"width": width, "height": 700})
    box, column, hidden, scrolls = opened.tab.evaluate(
        """() => {
          const box = document.querySelector('.figures-box');
          const column = document.querySelector('.games');
          return [box.getBoundingClientRect().right, column.getBoundingClientRect().right,
                  box.scrollWidth - box.clientWidth, getComputedStyle(box).overflowX];
        }"""
    )
    assert box <= column + 0.5 and scrolls == "auto"
    assert hidden == 0  # nothing to scroll to: every figure of both players in view


def test_clicking_the_graph_goes_to_that_segment(
    open_file: FileOpener, analysed_page: Path, record: Path, reference: dict[str, Any]
) -> None:
    frames = GameFrames(validate(parse_game(record.read_text(encoding="utf-8"))))
    decisions = reference["decisions"]
    opened = open_file(analysed_page, "#2")
    drawing = opened.tab.locator(".win-graph svg")
    for decision in (decisions[6], decisions[-1], decisions[0]):
        ply = decision["ply"]
        x, _ = expected_point(ply, len(decisions), decision["white_win_after"])
        # Where the graph is now: stepping may have scrolled the move list it stands above.
        drawing.scroll_into_view_if_needed()
        box = drawing.bounding_box()
        assert box is not None
        # Anywhere in the segment's column (a step wide, cut at the plot's ends): here a
        # quarter step inwards from its point, near the bottom, away from the line.
        inwards = PLOT_WIDTH / (len(decisions) - 1) / 4 * (1 if ply == 1 else -1)
        opened.tab.mouse.click(
            box["x"] + box["width"] * (x + inwards) / WIDTH,
            box["y"] + box["height"] * (TOP + 0.95 * PLOT_HEIGHT) / HEIGHT,
        )
        assert opened.fragment == str(ply)
        opened.follows_to(frames.frames[str(ply)].label)
        now = opened.tab.evaluate(_NOW)
        assert now["point"][1] == pytest.approx(x, abs=0.06)
        assert now["best"] == shown_best(decision)
    opened.press("ArrowLeft")  # back to the start: no point on the graph
    assert opened.tab.evaluate(_NOW)["point"][0] == "hidden"
    assert not opened.errors


def test_a_record_analysed_earlier_shows_its_marks(
    open_file: FileOpener, record: Path, reference: dict[str, Any], tmp_path: Path
) -> None:
    marked = tmp_path / "marked.acey"
    assert main(["analyze", str(record), "--depth", "0", "-o", str(marked)]) == 0
    out = tmp_path / "marked.html"
    assert main(["html", str(marked), "-o", str(out)]) == 0
    first, *_ = (d for d in reference["decisions"] if d["mark"])
    unmarked = next(d for d in reference["decisions"] if not d["mark"])
    opened = open_file(out, f"#{first['ply']}")
    now = opened.tab.evaluate(_NOW)
    assert f"lost {first['loss']:.2f} equity ({first['mark']} " in now["verdict"]
    assert now["best"] == [option_text(first["best"][0])] and now["figures"] == [""]
    assert now["point"] is None  # no graph from the record alone
    opened.tab.goto(out.as_uri() + f"#{unmarked['ply']}")
    now = opened.tab.evaluate(_NOW)
    assert now["verdict"] == "No mark here in the record's analysis." and now["best"] == []
    assert not opened.errors


def test_a_page_of_games_shows_the_graph_of_the_game_shown(
    open_file: FileOpener, tmp_path: Path
) -> None:
    record = write_short_games(tmp_path / "two.acey", seeds=(4, 5))
    out = tmp_path / "two.html"
    assert main(["html", str(record), "--all", "--analyze", "--depth", "0", "-o", str(out)]) == 0
    second = analysis_document(record)["games"][1]["decisions"]
    opened = open_file(out, "#g2-3")
    shown = opened.tab.evaluate(
        """[...document.querySelectorAll('.win-graph')].map(
          (box) => [box.hidden, getComputedStyle(box).display])"""
    )
    assert shown == [[True, "none"], [False, "flex"]]
    now = opened.tab.evaluate(_NOW)
    want_x, want_y = expected_point(3, len(second), second[2]["white_win_after"])
    assert now["point"][0] == "visible"
    assert now["point"][1:] == [pytest.approx(want_x, abs=0.06), pytest.approx(want_y, abs=0.06)]
    opened.press("Home")
    assert opened.fragment == "g2-0"
    assert not opened.errors


def test_the_engines_mark_stands_apart_from_the_records_glyph(
    open_file: FileOpener, tmp_path: Path
) -> None:
    """`=11: 9/8 8/7 7/6 6/5 ! ??` read as one glyph, `!??`: the annotator's `!` ends the
    move's text and the engine's `??` stood right after it. The engine's mark is boxed apart,
    and its title says whose it is."""
    out = tmp_path / "annotated.html"
    words = ["--analyze", "--depth", "0", "-o", str(out)]
    assert main(["html", str(SAMPLES / "annotated.acey"), *words]) == 0
    marks = open_file(out, "").tab.evaluate(
        """() => [...document.querySelectorAll('span.mark')].map((mark) => {
          const text = (element) => {
            const range = document.createRange();
            range.selectNodeContents(element);
            return [...range.getClientRects()];
          };
          const link = mark.previousElementSibling;
          const style = getComputedStyle(mark);
          return {
            after: link.textContent, title: mark.title, border: style.borderLeftStyle,
            gap: text(mark)[0].left - text(link).at(-1).right,
          };
        })"""
    )
    glyphed = [mark for mark in marks if mark["after"].endswith("!")]
    assert glyphed and glyphed[0]["after"] == "=11: 9/8 8/7 7/6 6/5 !"
    for mark in marks:
        assert mark["border"] == "solid" and mark["gap"] > 10, mark
        assert mark["title"].startswith("the engine's mark: "), mark


def test_on_a_phone_the_board_and_the_move_shown_stay_in_view_below_the_graph(
    open_file: FileOpener, analysed_page: Path, reference: dict[str, Any]
) -> None:
    """On a phone the moves come right after the board, in a box of their own that scrolls
    to the move shown, below the graph that stays at the box's top (stepping back, the move
    was scrolled to the box's top, under the graph)."""
    opened = open_file(analysed_page, "", (390, 844))
    opened.press("End")
    for _ in reference["decisions"]:
        seen = opened.tab.evaluate(
            """() => {
              const place = (selector) => document.querySelector(selector).getBoundingClientRect();
              const board = place('#board svg'), move = place('a.move.current');
              const graph = place('.win-graph:not([hidden])');
              return [board.top >= 0 && board.bottom <= graph.top,
                      move.top >= graph.bottom && move.bottom <= window.innerHeight];
            }"""
        )
        assert seen == [True, True], opened.fragment
        opened.press("ArrowLeft")
    assert opened.fragment == "0" and not opened.errors


@pytest.mark.parametrize("width", [324, 390, 1200])
def test_the_graphs_axis_is_legible_and_beside_its_lines(
    open_file: FileOpener, analysed_page: Path, width: int
) -> None:
    """The axis's words stand at the page's text size at any width, each centred on its line
    (the plot's top, the even line, its bottom); drawn in the graph they shrank with it, to
    about 7 pixels on a phone."""
    opened = open_file(analysed_page, "", (width, 844))
    words, sizes, middles, lines = opened.tab.evaluate(
        """() => {
          const box = document.querySelector('.win-graph:not([hidden])');
          const spans = [...box.querySelectorAll('.axis span')];
          const middle = (rect) => (rect.top + rect.bottom) / 2;
          const plot = box.querySelector('rect.plot').getBoundingClientRect();
          const even = box.querySelector('line.even').getBoundingClientRect();
          return [spans.map((span) => span.textContent),
                  spans.map((span) => parseFloat(getComputedStyle(span).fontSize)),
                  spans.map((span) => middle(span.getBoundingClientRect())),
                  [plot.top, middle(even), plot.bottom]];
        }"""
    )
    assert words == ["100%", "50%", "0%"]
    assert min(sizes) >= 10
    assert middles == [pytest.approx(line, abs=1.5) for line in lines]
    assert not opened.errors
