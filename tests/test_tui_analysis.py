"""The replay app's analysis (issue 25): a runs the engine in the background, the marks, the
notes, the graph, p's ranking, and saving with the marks. At 0-ply on a short game: fast."""

from __future__ import annotations

import contextlib
import re
import threading
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import SAMPLES, SHORT_GAME, pilot_test, run_main
from test_tui_app import notifications

from aceynote.analysis import run as analysis_run
from aceynote.analysis.analysed import GameAnalysis
from aceynote.analysis.run import analyze_one
from aceynote.analysis.totals import figures_by_row, game_players
from aceynote.engine import Engine
from aceynote.notation import parse_games
from aceynote.tui import replay_analysis
from aceynote.tui.analysis_bar import AnalysisBar, columns_of, ply_at
from aceynote.tui.app import ReplayApp
from aceynote.tui.dialogs import Choose, Confirm, PlayChoices, Prompt
from aceynote.tui.notes import Notes
from aceynote.tui.replay_screen import ReplayScreen
from aceynote.tui.widgets import MoveList
from aceynote.validation import validate

SIZE = (100, 30)


@pytest.fixture
def short(tmp_path: Path) -> Path:
    path = tmp_path / "short.acey"
    path.write_text(SHORT_GAME, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def expected() -> GameAnalysis:
    """The analysis as ``aceynote analyze --depth 0`` makes it, apart from the app."""
    return analyze_one(1, parse_games(SHORT_GAME)[0], 0)


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """Each decision of the app's analysis waits for the gate: the test decides when it ends."""
    opened = threading.Event()
    real = analysis_run.analyze_report

    def held(*args: Any, **kwargs: Any) -> Any:
        number, report, depth, progress, cancelled = args
        return real(
            number, report, depth, lambda done, of: (progress(done, of), opened.wait(10)), cancelled
        )

    monkeypatch.setattr(replay_analysis, "analyze_report", held)
    yield opened
    opened.set()


def screen_of(app: ReplayApp) -> ReplayScreen:
    assert isinstance(app.screen, ReplayScreen)
    return app.screen


@contextlib.asynccontextmanager
async def analysed(path: Path) -> AsyncIterator[tuple[ReplayApp, Any, ReplayScreen]]:
    """The app on ``path``, its game analysed at 0-ply."""
    app = ReplayApp(str(path), game=1, analysis_depth=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = screen_of(app)
        assert screen.analysed is not None and not screen.analysing
        yield app, pilot, screen


async def held_analysis(app: ReplayApp, pilot: Any) -> ReplayScreen:
    """a pressed, and the analysis held by the gate after its first decision."""
    await pilot.press("a")
    screen = screen_of(app)
    bar = screen.query_one(AnalysisBar)
    for _ in range(200):  # the first decision takes a moment on a busy machine
        if "1/12" in str(bar.render()):
            break
        await pilot.pause(0.05)
    assert screen.analysing and bar.display
    assert "analysing 0-ply 1/12" in str(bar.render())
    return screen


def row_text(screen: ReplayScreen, ply: int) -> str:
    moves = screen.query_one(MoveList)
    segment = screen.analysed.judged[ply].segment  # type: ignore[union-attr]
    return str(moves.get_option_at_index(moves.row_of_segment[id(segment)]).prompt)


@pilot_test
async def test_stepping_goes_on_while_the_analysis_runs(
    short: Path, gate: threading.Event, expected: GameAnalysis
) -> None:
    app = ReplayApp(str(short), game=1, analysis_depth=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = await held_analysis(app, pilot)
        await pilot.press("down", "down", "down")
        assert screen.view.cursor.index > 0 and screen.analysing  # the board moved meanwhile
        gate.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not screen.analysing
        assert screen.analyses[0] == expected
        assert any("12 decisions" in n.message for n in app._notifications)


@pytest.mark.parametrize("key", ["a", "escape"])
@pilot_test
async def test_the_same_key_or_escape_cancels_the_analysis(
    short: Path, gate: threading.Event, key: str
) -> None:
    app = ReplayApp(str(short), game=1, analysis_depth=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = await held_analysis(app, pilot)
        await pilot.press(key)
        assert not screen.analysing
        assert "cancelled" in str(screen.query_one(AnalysisBar).render())
        gate.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.analyses == {} and screen.analysed is None
        assert not screen.query_one(MoveList).analysis_marks


@pilot_test
async def test_the_marks_stand_in_the_move_list(short: Path, expected: GameAnalysis) -> None:
    async with analysed(short) as (_app, _pilot, screen):
        assert expected.marked
        glyphs = {"!", "?", "!!", "??", "!?", "?!"}
        for decision in expected.decisions:
            segment = screen.analysed.judged[decision.ply - 1].segment  # type: ignore[union-attr]
            shown = [word for word in row_text(screen, decision.ply - 1).split() if word in glyphs]
            mark = decision.mark and decision.mark.value
            # the record's own glyphs, then the engine's mark unless the record has it already
            assert shown == segment.glyphs + ([mark] if mark and mark not in segment.glyphs else [])


@pilot_test
async def test_the_notes_show_the_engine_s_best_plays(short: Path, expected: GameAnalysis) -> None:
    async with analysed(short) as (_app, pilot, screen):
        for ply in (2, 5):  # 2. 51 and 3. =11 (a chosen double: the best names its double)
            decision = expected.decisions[ply]
            assert decision.mark is not None and decision.reason is not None
            await pilot.press("home", *["down"] * (ply + 1))
            notes = str(screen.query_one(Notes).render())
            lost = f"{decision.side.title}'s play lost {decision.loss:.3f} {decision.mark.value}"
            assert lost in notes
            assert f"why: {decision.reason.text}" in " ".join(notes.split())
            for rank, best in enumerate(decision.best, start=1):
                line = next(line for line in notes.splitlines() if line.startswith(f" {rank}. "))
                words = line.split()[1:]
                assert words[:2] == [f"{100 * best.win:.1f}%", f"{best.equity:+.3f}"]
                if rank > 1:
                    assert words[2] == f"{best.diff:+.3f}"
                double = best.double
                play = f"={double}{double}: {best.play}" if double else best.play
                assert words[2 if rank == 1 else 3 :] == play.split()
        await pilot.press("home")
        assert "engine:" not in str(screen.query_one(Notes).render())  # the start: no decision


@pilot_test
async def test_the_graph_follows_the_game_and_a_click_moves_along_it(
    short: Path, expected: GameAnalysis
) -> None:
    async with analysed(short) as (_app, pilot, screen):
        bar = screen.query_one(AnalysisBar)
        assert bar.wins == [d.white_win_after for d in expected.decisions]
        assert bar.current is None
        for ply in range(4):
            await pilot.press("down")
            assert bar.current == ply
            assert bar.label == f"○ {100 * expected.decisions[ply].white_win_after:3.0f}% "
        width = bar.content_size.width - len(bar.label)
        column = width * 10 // 12 + 1  # a column of the 11th decision
        await pilot.click(AnalysisBar, offset=(1 + len(bar.label) + column, 0))
        await pilot.pause()
        assert bar.current == 10
        assert screen.view.frame.segment is screen.analysed.judged[10].segment  # type: ignore[union-attr]


@pytest.mark.parametrize("count", [1, 5, 12, 49, 50, 51, 200])
@pytest.mark.parametrize("width", [1, 7, 49, 50, 110])
def test_every_column_shows_a_decision_and_each_decision_knows_its_columns(
    width: int, count: int
) -> None:
    shown_by = [ply_at(column, width, count) for column in range(width)]
    assert shown_by == sorted(shown_by) and shown_by[0] == 0
    assert shown_by[-1] == count - 1 or count > width
    for ply in range(count):
        columns = columns_of(ply, width, count)
        showing = [c for c in range(width) if shown_by[c] == ply]
        if showing:
            assert list(columns) == showing
        else:  # a column stands for several decisions: the one this decision falls in
            (column,) = columns
            after = shown_by[column + 1] if column + 1 < width else count
            assert count > width and shown_by[column] < ply < after
    assert columns_of(count, width, count) == range(0) and ply_at(-3, width, count) == 0


@pilot_test
async def test_saving_with_the_marks_writes_what_analyze_o_writes(
    short: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    reference = tmp_path / "reference.acey"
    reference.write_text(SHORT_GAME, encoding="utf-8")
    status, _, _ = run_main(
        capsys, "analyze", str(reference), "--depth", "0", "-o", str(tmp_path / "o.acey")
    )
    assert status == 0
    async with analysed(short) as (app, pilot, _screen):
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, Confirm) and "analyze -o" in app.screen.question
        assert re.search(r"marks (1 play|[0-9]+ plays) \(game 1\)\.", app.screen.question)
        await pilot.click("#answer-marks")
        await pilot.pause()
        assert app.record is not None and not app.record.dirty
        await pilot.press("ctrl+s")  # asked once: now nothing is left to save
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
    saved = short.read_text(encoding="utf-8")
    assert saved == (tmp_path / "o.acey").read_text(encoding="utf-8")
    assert validate(parse_games(saved)[0]).errors == 0
    assert "aceynote: best" in saved


@pilot_test
async def test_saving_without_the_marks_leaves_the_record(short: Path) -> None:
    async with analysed(short) as (app, pilot, _screen):
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.click("#answer-plain")
        await pilot.pause()
        assert any("No changes to save" in n.message for n in app._notifications)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)  # not asked again
    assert short.read_text(encoding="utf-8") == SHORT_GAME


@pilot_test
async def test_save_and_quit_asks_about_the_marks_as_saving_does(short: Path) -> None:
    async with analysed(short) as (app, pilot, _screen):
        await pilot.press("down", "g")
        assert isinstance(app.screen, Choose)
        await pilot.press("down", "enter")  # a glyph: the record has a change
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, Confirm) and "not saved" in app.screen.question
        await pilot.click("#answer-save")
        await pilot.pause()
        assert isinstance(app.screen, Confirm) and "analyze -o" in app.screen.question
        await pilot.click("#answer-marks")
        await pilot.pause()
    saved = short.read_text(encoding="utf-8")
    assert "aceynote: best" in saved and validate(parse_games(saved)[0]).errors == 0


@pilot_test
async def test_the_hint_ranks_the_plays_with_their_equity(short: Path) -> None:
    app = ReplayApp(str(short), game=1, analysis_depth=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "p")
        await pilot.pause()
        assert isinstance(app.screen, Prompt)
        await pilot.press(*"64", "enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, PlayChoices)
        setup = "W 18:1 in:14 / B in:15 / B"
        ranked = Engine("standard").rank(setup, "64", depth=0)
        assert app.screen.rows == [play.play for play in ranked]
        assert app.screen.details is not None
        for detail, play in zip(app.screen.details, ranked, strict=True):
            assert f"{100 * play.win:5.1f}%  {play.equity:+7.3f}" in detail
        assert "best" in app.screen.details[0] and f"{ranked[1].diff:+.3f}" in app.screen.details[1]
        assert "Black's 2 legal plays of 64" in app.screen.title_text


@pilot_test
async def test_p_s_ranking_gives_each_play_one_line_at_80_columns() -> None:
    # Four moves of a 3-3 and their three figures: wider than a 60-column dialog's list.
    app = ReplayApp(str(SAMPLES / "mistakes.acey"), game=1, turn="5", analysis_depth=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("p", *"33", "enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, PlayChoices)
        text = app.screen.query_one("#play-rows-text")
        longest = max(len(row) for row in app.screen.rows)
        assert longest >= len("in/22 22/19 20/17 19/16*")
        assert text.size.height == len(app.screen.shown_rows)  # no row wraps


@pilot_test
async def test_an_analysis_finished_in_another_game_waits_for_it(
    tmp_path: Path, gate: threading.Event, expected: GameAnalysis
) -> None:
    path = tmp_path / "two.acey"
    path.write_text(SHORT_GAME + "\n" + SHORT_GAME, encoding="utf-8")
    app = ReplayApp(str(path), game=1, analysis_depth=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = await held_analysis(app, pilot)
        await pilot.press("right_square_bracket")  # to game 2 while game 1 is analysed
        assert screen.game_index == 1 and screen.analysing
        gate.set()
        for worker in [w for w in app.workers if w.group == "analysis"]:
            await worker.wait()  # (the game list's checker runs on: a file of two games)
        await pilot.pause()
        bar = screen.query_one(AnalysisBar)
        assert not bar.display and screen.analysed is None  # game 2 has no analysis
        assert not screen.query_one(MoveList).analysis_marks
        await pilot.press("left_square_bracket")
        assert screen.analysed is not None and bar.display
        assert bar.wins == [d.white_win_after for d in expected.decisions]


@pilot_test
async def test_w_explains_the_play_shown_and_f_gives_the_players_figures(short: Path) -> None:
    explained = analyze_one(1, parse_games(SHORT_GAME)[0], 0, explain_all=True)
    app = ReplayApp(str(short), game=1, analysis_depth=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = screen_of(app)
        await pilot.press("F")  # no analysis yet: said, no figures
        await pilot.pause()
        assert app.screen is screen and screen.analysed is None
        best = next(d for d in explained.decisions if d.loss == 0 and not d.forced)
        for decision in (best, explained.marked[0]):  # no analysis needed: w judges this one
            await pilot.press("home", *["down"] * decision.ply, "w")
            await app.workers.wait_for_complete()
            await pilot.pause()
            notes = " ".join(str(screen.query_one(Notes).render()).split())
            assert decision.reason is not None and f"why: {decision.reason.text}" in notes
            assert "engine:" in notes
        await pilot.press("w")  # asked again: where it is said, not worked out again
        await pilot.pause()
        assert not [w for w in app.workers if w.group == "explain" and w.is_running]
        assert "Its why is in the notes below" in notifications(app)[-1]
        assert best.reason is not None and best.reason.text.startswith("the best play: ")
        await pilot.press("home", "w")  # the start: no play to explain
        await pilot.pause()
        assert "why:" not in str(screen.query_one(Notes).render())
        await pilot.press("a")
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("F")
        await pilot.pause()
        assert isinstance(app.screen, PlayChoices)
        assert app.screen.rows == figures_by_row(game_players(explained))
        assert any(row.startswith("rating") for row in app.screen.rows)


@pilot_test
async def test_w_past_the_record_s_first_error_says_so(tmp_path: Path) -> None:
    path = tmp_path / "bad.acey"
    path.write_text(
        '[Rules "standard"]\n\n'
        "1. 61: in/19 19/18  61: in/19 19/18\n"
        "2. 51: in/20 in/20  62: in/19 in/23\n*\n",
        encoding="utf-8",
    )
    app = ReplayApp(str(path), game=1, analysis_depth=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = screen_of(app)
        await pilot.press("home", *["down"] * 4, "w")  # 2... 62, after White's illegal 51
        await pilot.pause()
        assert not [w for w in app.workers if w.group == "explain"]
        assert "past the record's first error (AD304 at 4:14)" in notifications(app)[-1]
        await pilot.press("home", *["down"] * 2, "w")  # 1... 61, before it: explained
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "why:" in str(screen.query_one(Notes).render())


@pilot_test
@pytest.mark.parametrize(
    ("first_turn", "said"),
    [
        ("1. 64: in/19 in/2x", "this game has no legal play to explain"),
        ("1. 64: in/19 in/21", "go to a legal play (↓)"),
        ("", "this game has no play yet."),
        ('[Rules "bonus_reroll=sometimes"]\n', "this game has no play yet."),
        ('[Setup "W 13:15 / garbage"]\n\n1. 64: 13/7 13/9', "fix its first error"),
    ],
)
async def test_w_where_nothing_is_to_explain_says_where_to_go(
    tmp_path: Path, first_turn: str, said: str
) -> None:
    """w at the start: '↓ to a legal play' only where the game has one."""
    path = tmp_path / "start.acey"
    path.write_text(f"{first_turn}\n*\n", encoding="utf-8")
    app = ReplayApp(str(path), game=1, analysis_depth=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("home", "w")
        await pilot.pause()
        assert said in notifications(app)[-1]


@pilot_test
@pytest.mark.parametrize(
    ("sample", "said"),
    [
        ("mistakes.acey", "Analysed game 1 up to its first error (AD401 at 11:18) at 0-ply: "),
        ("annotated.acey", "Analysed game 1 at 0-ply: "),
    ],
)
async def test_the_analysis_done_says_whether_an_error_cut_it_short(sample: str, said: str) -> None:
    async with analysed(SAMPLES / sample) as (app, _, _):
        assert notifications(app)[-1].startswith(said)


@pytest.mark.parametrize(
    ("setup", "exact"),
    [("W 6:3 5:2 / B 6:2 5:1 / W", True), ("W 8:4 6:3 5:2 / B 6:2 5:1 20:1 / W", False)],
)
@pilot_test
async def test_p_s_ranking_says_when_its_values_are_exact(
    tmp_path: Path, setup: str, exact: bool
) -> None:
    """A race of at most 6 checkers a side in the home board is read from the engine's
    tables (docs/engine.md, Exact races): the list says so, as hint does; where a checker
    can still be hit it does not."""
    record = tmp_path / "race.acey"
    record.write_text(f'[Setup "{setup}"]\n\n*\n', encoding="utf-8")
    app = ReplayApp(str(record), analysis_depth=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p", *"31", "enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, PlayChoices)
        said = "exact: every play's value is read from the engine's tables"
        assert (said in app.screen.title_text.splitlines()) is exact
