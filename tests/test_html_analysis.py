"""The analysis on the game page, as a document: the data and the graph the page is given.

The reference is `aceynote analyze --format json` of the same record; the page in a browser is
tested in test_html_analysis_browser.py.
"""

from __future__ import annotations

import html
import json
import re
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
from conftest import run_main
from test_html import Elements, elements

from aceynote.analysis.review import review_of_analysis, review_of_record
from aceynote.analysis.run import analyze_one
from aceynote.cli import main
from aceynote.notation import parse_game
from aceynote.notation.generate import generate_games
from aceynote.render.html import page
from aceynote.render.html_analysis import LEFT, PLOT_HEIGHT, PLOT_WIDTH, TOP
from aceynote.rules import RuleSet


def write_page(tmp_path: Path, record: Path, *words: str) -> Elements:
    out = tmp_path / "page.html"
    assert main(["html", str(record), "-o", str(out), *words]) == 0
    return elements(out.read_text(encoding="utf-8"))


def page_data(found: Elements) -> dict[str, Any]:
    return json.loads(found.scripts[0])["games"][0]  # type: ignore[no-any-return]


def spots(found: Elements) -> list[dict[str, str | None]]:
    return [attrs for tag, attrs in found.tags if tag == "a" and "data-x" in attrs]


def test_analyze_gives_every_segment_its_verdict_and_the_graph(
    tmp_path: Path, record: Path, reference: dict[str, Any]
) -> None:
    found = write_page(tmp_path, record, "--analyze", "--depth", "0")
    data = page_data(found)
    assert data["review"] == {"source": "engine", "depth": 0}
    decisions = reference["decisions"]
    assert len(decisions) == len(data["frames"]) - 1 > 10
    for decision in decisions:
        shown = data["frames"][str(decision["ply"])]["review"]
        assert shown["mark"] == decision["mark"] and shown["loss"] == decision["loss"]
        assert shown["forced"] == decision["forced"]
        assert shown["why"] == (decision["reason"] and decision["reason"]["text"])
        assert [b["play"] for b in shown["best"]] == [option_text(b) for b in decision["best"]]
        assert [(b["win"], b["equity"], b["diff"]) for b in shown["best"]] == [
            (b["win"], b["equity"], b["diff"]) for b in decision["best"]
        ]
    assert "review" not in data["frames"]["0"]
    # The graph: one link a segment, at its ply across and White's chance up, going there.
    graph = spots(found)
    assert [spot["data-key"] for spot in graph] == [str(d["ply"]) for d in decisions]
    assert [spot["href"] for spot in graph] == [f"#{d['ply']}" for d in decisions]
    step = PLOT_WIDTH / (len(decisions) - 1)
    for spot, decision in zip(graph, decisions, strict=True):
        assert float(spot["data-x"] or "") == pytest.approx(
            LEFT + (decision["ply"] - 1) * step, abs=0.1
        )
        win = 1 - (float(spot["data-y"] or "") - TOP) / PLOT_HEIGHT
        assert win == pytest.approx(decision["white_win_after"], abs=0.001)
    # The marks the record does not carry are written beside their moves, coloured.
    kinds = {"?!": "mark doubtful", "?": "mark bad", "??": "mark very-bad"}
    assert glyph_classes(found) == [kinds[d["mark"]] for d in decisions if d["mark"]]
    assert glyph_classes(found)


def glyph_classes(found: Elements) -> list[str | None]:
    return [
        attrs["class"]
        for tag, attrs in found.tags
        if tag == "span" and "mark" in (attrs.get("class") or "").split()
    ]


def marked_links(found: Elements) -> list[str | None]:
    return [
        attrs["data-key"]
        for tag, attrs in found.tags
        if tag == "a" and "marked" in (attrs.get("class") or "").split()
    ]


def test_a_record_analysed_earlier_shows_its_marks_without_a_graph(
    tmp_path: Path, record: Path, reference: dict[str, Any]
) -> None:
    marked = tmp_path / "marked.acey"
    assert main(["analyze", str(record), "--depth", "0", "-o", str(marked)]) == 0
    found = write_page(tmp_path, marked)
    data = page_data(found)
    assert data["review"] == {"source": "record", "depth": None}
    expected = {str(d["ply"]): d for d in reference["decisions"] if d["mark"]}
    reviewed = {key: frame["review"] for key, frame in data["frames"].items() if "review" in frame}
    assert reviewed.keys() == expected.keys()
    for key, decision in expected.items():
        assert reviewed[key]["mark"] == decision["mark"]
        assert reviewed[key]["loss"] == round(decision["loss"], 2)
        assert reviewed[key]["best"] == [
            {"play": option_text(decision["best"][0]), "win": None, "equity": None, "diff": None}
        ]
    assert marked_links(found) == list(expected)
    assert not glyph_classes(found)  # the record's glyphs are in the moves' own text
    assert not spots(found)
    assert not [attrs for tag, attrs in found.tags if "win-graph" in (attrs.get("class") or "")]


def test_a_record_without_analysis_has_none(tmp_path: Path, record: Path) -> None:
    found = write_page(tmp_path, record)
    data = page_data(found)
    assert data["review"] is None
    assert not any("review" in frame for frame in data["frames"].values())
    assert not marked_links(found) and not spots(found)


def test_a_game_built_in_code_shows_its_analysis() -> None:
    """A game with no places in a text is drawn as the game its text reads as, whose segments
    the review of the game given did not know: its 67 marked decisions showed no mark, no
    segment its verdict and no graph."""
    (game,) = generate_games(1, seed=3, rules=RuleSet())
    review = review_of_analysis(game, analyze_one(1, game, 0))
    found = elements(page([game], reviews=[review]).text)
    judged = [str(item.ply) for item in review.judged]
    frames = page_data(found)["frames"]
    assert [key for key, frame in frames.items() if "review" in frame] == judged
    marked = [str(item.ply) for item in review.judged if item.mark]
    assert marked_links(found) == marked and len(glyph_classes(found)) == len(marked) > 0
    assert [spot["data-key"] for spot in spots(found)] == judged


def test_a_mark_the_record_carries_as_a_nag_is_not_written_again() -> None:
    """A person's `$4` is the record's `??` (`analyze -o` names the mark in its comment then):
    the page showed the engine's `??` beside it."""
    game = parse_game("1. 61: in/19 19/18 $4 {aceynote: ??, best in/24 in/19, 0.50 lost}\n*\n")
    found = elements(page([game], reviews=[review_of_record(game)]).text)
    assert marked_links(found) == ["1"] and not glyph_classes(found)


def test_every_game_of_a_page_has_its_own_graph(tmp_path: Path) -> None:
    record = write_short_games(tmp_path / "two.acey", seeds=(4, 5))
    found = write_page(tmp_path, record, "--all", "--analyze", "--depth", "0")
    boxes = [
        attrs for tag, attrs in found.tags if tag == "div" and attrs.get("class") == "win-graph"
    ]
    assert [(box["data-game"], "hidden" in box) for box in boxes] == [("1", False), ("2", True)]
    hrefs = [spot["href"] or "" for spot in spots(found)]
    reference = analysis_document(record)["games"]
    assert hrefs == [
        f"#g{game['game']}-{d['ply']}" for game in reference for d in game["decisions"]
    ]


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["--depth", "0"], "--depth, --jobs and --explain go with --analyze"),
        (["--jobs", "2"], "--depth, --jobs and --explain go with --analyze"),
        (["--explain", "all"], "--depth, --jobs and --explain go with --analyze"),
        (["--analyze", "--jobs", "0"], "--jobs takes a number of processes, 1 or more"),
    ],
)
def test_analysis_options_out_of_place_are_usage_errors(
    tmp_path: Path, record: Path, words: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run_main(capsys, "html", str(record), "-o", str(tmp_path / "x.html"), *words)
    assert status == 2 and message in err
    assert not (tmp_path / "x.html").exists()


def test_a_hostile_analysis_comment_stays_text(tmp_path: Path) -> None:
    hostile = "</script><script>window.pwned = 1</script>"
    record = tmp_path / "hostile.acey"
    record.write_text(
        f"1. 64: in/19 in/21 ?? {{aceynote: best {hostile}, 9.99 lost}} 43: in/21 in/22\n*\n",
        encoding="utf-8",
    )
    found = write_page(tmp_path, record)
    assert len(found.scripts) == 2  # the data and the page's own script, nothing more
    shown = page_data(found)["frames"]["1"]["review"]
    assert shown["best"][0]["play"] == hostile and shown["mark"] == "??"
    assert shown["loss"] == 9.99


def figures_rows(page: Path) -> list[list[str]]:
    """The rows of the page's table of figures, the head first: each cell's text."""
    found = re.search(r'<table class="figures">(.*?)</table>', page.read_text(encoding="utf-8"))
    if found is None:
        return []
    rows = re.findall(r"<tr>(.*?)</tr>", found[1])
    return [
        [html.unescape(cell) for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row)]
        for row in rows
    ]


def test_the_page_gives_each_player_s_figures_as_the_summary_does(
    tmp_path: Path, record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write_page(tmp_path, record, "--analyze", "--depth", "0")
    # A figure a row, a player a column: read back as the summary's table, a player a row.
    rows = figures_rows(tmp_path / "page.html")
    head, *players = (list(column) for column in zip(*rows, strict=True))
    status, summary, _ = run_main(capsys, "analyze", str(record), "--depth", "0", "--summary")
    assert status == 0
    table = summary.splitlines()[1:]  # under "All games: 1 game"
    # The top left heads the figures' names, the column under it: it said "player", the
    # summary's heading over the players' names, which here head the other columns.
    assert head[0] == "figure" and table[0].split()[0] == "player"
    assert head[1:] == table[0].split()[1:]
    assert sorted(players) == sorted(line.rsplit(maxsplit=len(head) - 1) for line in table[1:])
    assert [row[0] for row in players] == ["Random White", "Random Black"]  # White first
    # Without --analyze (the record's comments only): no figures.
    write_page(tmp_path, record)
    assert figures_rows(tmp_path / "page.html") == []


def test_explain_all_gives_every_segment_its_reason(tmp_path: Path, record: Path) -> None:
    marked_only = page_data(write_page(tmp_path, record, "--analyze", "--depth", "0"))
    every = page_data(write_page(tmp_path, record, "--analyze", "--depth", "0", "--explain", "all"))
    reviews = {key: frame["review"] for key, frame in every["frames"].items() if "review" in frame}
    assert len(reviews) > 10 and all(review["why"] for review in reviews.values())
    for key, review in reviews.items():
        before = marked_only["frames"][key]["review"]
        assert {**review, "why": before["why"]} == before  # only the reasons are added
        if review["mark"]:
            assert review["why"] == before["why"]
        elif review["loss"] == 0:
            assert review["why"].startswith("the best play: ")
