"""``aceynote analyze FILES... --summary``: each player's figures over many games, checked
against the per-game JSON summed by hand."""

from __future__ import annotations

import gc
import itertools
import json
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from analysed_games import ENDING, analysis_document
from conftest import run_main

from aceynote.analysis.run import analyze_one
from aceynote.analysis.totals import figures_by_row, game_players, summary, summary_text
from aceynote.notation import Game
from aceynote.notation.generate import generate_games
from aceynote.notation.writer import write_game
from aceynote.rules import Position, parse_rules
from aceynote.terminal_text import columns

# (White, Black, Event, rules) of each generated game; None: no such tag.
GAMES = [
    ("Ann", "Bob", "Spring", "standard"),
    ("Bob", "Cy", "Spring", "standard"),
    ("Cy", "Ann", None, "standard score=single"),
    (None, "Ann", "Autumn", "standard"),
    ("Bob", None, "Autumn", "bgammon"),
]


def corpus_game(
    seed: int, white: str | None, black: str | None, event: str | None, rules: str
) -> Game:
    (game,) = generate_games(1, seed, parse_rules(rules), Position.from_setup(ENDING))
    game.tags = [tag for tag in game.tags if tag.name not in ("White", "Black", "Event")]
    for name, value in (("White", white), ("Black", black), ("Event", event)):
        if value is not None:
            game.set_tag(name, value)
    return game


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    folder = tmp_path_factory.mktemp("corpus")
    records = [write_game(corpus_game(seed, *spec)) for seed, spec in enumerate(GAMES)]
    first, second = folder / "a.acey", folder / "b.acey"
    first.write_text("\n".join(records[:3]), encoding="utf-8")
    second.write_text("\n".join(records[3:]), encoding="utf-8")
    return [first, second]


def hand_summed(games: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Each player's figures, summed from the games' own figures one by one."""
    found: dict[str, dict[str, Any]] = {}
    for game in games:
        value = 1.0 if "score=single" in game["rules"] else 7.0
        for side in ("white", "black"):
            name = game[side] or side.capitalize()
            mine = game["players"][side]
            sums = found.setdefault(name, {"games": 0, "decisions": 0, "unforced": 0,
                                           "error_total": 0.0, "error_games": 0.0, "luck": 0.0,
                                           "result": 0, "luck_adjusted": 0.0, "finished": 0,
                                           "marks": {"?!": 0, "?": 0, "??": 0}})  # fmt: skip
            sums["games"] += 1
            for key in ("decisions", "unforced", "error_total", "luck"):
                sums[key] += mine[key]
            sums["error_games"] += mine["error_total"] / value
            for mark, count in mine["marks"].items():
                sums["marks"][mark] += count
            if mine["result"] is not None:
                sums["finished"] += 1
                sums["result"] += mine["result"]
                sums["luck_adjusted"] += mine["luck_adjusted"]
    return found


def summary_document(
    capsys: pytest.CaptureFixture[str], corpus: list[Path], *words: str
) -> dict[str, Any]:
    status, out, err = run_main(
        capsys, "analyze", *map(str, corpus), "--depth", "0", "--format", "json", *words
    )
    assert status == 0, err
    return json.loads(out)  # type: ignore[no-any-return]


def check_player(player: dict[str, Any], sums: dict[str, Any]) -> None:
    for key in ("games", "decisions", "unforced", "marks", "result", "finished"):
        assert player[key] == sums[key], key
    assert player["error_total"] == pytest.approx(sums["error_total"], abs=1e-4)
    assert player["error_rate"] == pytest.approx(sums["error_total"] / sums["unforced"], abs=1e-4)
    # The rating is written to 0.1 (0.05 either way); the hand sums add each game's
    # figures as the JSON rounds them (4 places), 1000 times that error at most.
    rounding = 1000 * 0.00005 * sums["games"] / sums["unforced"]
    assert player["rating"] == pytest.approx(
        1000 * sums["error_games"] / sums["unforced"], abs=0.05 + rounding + 1e-9
    )
    assert player["luck_per_game"] == pytest.approx(sums["luck"] / sums["games"], abs=1e-4)
    assert player["luck_adjusted"] == pytest.approx(sums["luck_adjusted"], abs=1e-4)


def test_the_summary_is_the_games_summed(
    capsys: pytest.CaptureFixture[str], corpus: list[Path]
) -> None:
    games = [game for path in corpus for game in analysis_document(path)["games"]]
    assert len(games) == len(GAMES)
    found = summary_document(capsys, corpus, "--summary")
    (group,) = found["groups"]
    assert found["by"] == "player" and group["games"] == len(GAMES)
    sums = hand_summed(games)
    assert (
        [p["name"] for p in group["players"]]
        == sorted(sums)
        == ["Ann", "Black", "Bob", "Cy", "White"]
    )
    for player in group["players"]:
        check_player(player, sums[player["name"]])
    status, out, _ = run_main(capsys, "analyze", *map(str, corpus), "--depth", "0", "--summary")
    assert status == 0 and out.startswith("All games: 5 games\nplayer")
    assert [line.split()[0] for line in out.splitlines()[2:7]] == sorted(sums)


def test_the_summary_by_event(capsys: pytest.CaptureFixture[str], corpus: list[Path]) -> None:
    games = [game for path in corpus for game in analysis_document(path)["games"]]
    found = summary_document(capsys, corpus, "--summary", "--by", "event")
    assert [g["event"] for g in found["groups"]] == ["Spring", "?", "Autumn"]
    for group in found["groups"]:
        members = [g for g in games if (g["event"] or "?") == group["event"]]
        assert group["games"] == len(members)
        sums = hand_summed(members)
        for player in group["players"]:
            check_player(player, sums[player["name"]])


def test_a_wide_name_keeps_the_summary_s_columns_in_line() -> None:
    # A Chinese character takes two terminal columns: the names are padded by columns,
    # so each figure ends in the column of its head, in both shapes of the table.
    analysis = analyze_one(1, corpus_game(0, "李雷", "Bob", "Spring", "standard"), 0)
    head, *rows = summary_text(summary([analysis])).splitlines()[1:4]
    assert rows[1].startswith("李雷 ") and len({columns(line) for line in (head, *rows)}) == 1
    lines = figures_by_row(game_players(analysis))
    assert "李雷" in lines[0] and len({columns(line) for line in lines}) == 1


def test_the_summary_holds_a_few_numbers_a_player() -> None:
    analysis = analyze_one(1, corpus_game(0, *GAMES[0]), 0)
    tracemalloc.start()
    (found,) = summary(itertools.repeat(analysis, 10_000))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert found.games == 10_000 and peak < 200_000


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (("--summary", "-o", "out.acey"), "not with -o"),
        (("--summary", "--explain", "all"), "--summary has none"),
        (("--by", "event"), "--summary"),
    ],
)
def test_summary_options_out_of_place(
    capsys: pytest.CaptureFixture[str], corpus: list[Path], words: tuple[str, ...], message: str
) -> None:
    status, _, err = run_main(capsys, "analyze", str(corpus[0]), *words)
    assert status == 2 and message in err
    status, _, err = run_main(capsys, "analyze", *map(str, corpus), "--game", "1")
    assert status == 2 and "one record FILE" in err


BEAR_OFF = "W 3:2 2:2 1:1 / B 3:2 2:2 1:1 / W"  # about 5 decisions a game: quick to analyse


def traced(run: Callable[[], object]) -> tuple[int, int]:
    """What ``run`` leaves allocated once it is over (Python's free lists emptied), and its
    peak, as tracemalloc counts them."""
    gc.collect()
    tracemalloc.start()
    try:
        kept = run()
        _, peak = tracemalloc.get_traced_memory()
        gc.collect()
        left, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    del kept
    return left, peak


def test_the_summary_s_memory_does_not_grow_with_the_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``analyze --summary`` streamed end to end: read, analysed and added a game at a time.

    Four times the games leave about as much allocated and peak not much higher (generous:
    twice; the peak is a game's report and analysis in the making, and Python's free lists
    filling). What the run leaves grows by far less than holding the analyses would take.
    The figures over corpora of hundreds of games are benchmarks/bench_analyze_memory.py's
    (docs/engine.md, "A player over many games")."""
    corpus = list(generate_games(12, 7, parse_rules("standard"), Position.from_setup(BEAR_OFF)))
    records = {}
    for games in (3, 12):
        records[games] = tmp_path / f"{games}.acey"
        records[games].write_text("\n".join(map(write_game, corpus[:games])), encoding="utf-8")

    def summed(games: int) -> str:
        status, text, _ = run_main(
            capsys, "analyze", str(records[games]), "--depth", "0", "--summary"
        )
        assert status == 0 and text.startswith(f"All games: {games} games\n")
        return text

    summed(12)  # the imports, the engine, the reader's caches: once
    (few, few_peak), (many, many_peak) = traced(lambda: summed(3)), traced(lambda: summed(12))
    held, _ = traced(lambda: [analyze_one(1, game, 0) for game in corpus[3:]])
    assert many_peak < 2 * few_peak, (few_peak, many_peak)
    assert many - few < held / 2, (few, many, held)
