"""``aceynote analyze`` and its Python API on inputs that are not all well: a depth out of
range, games with errors, a file unreadable part way, an output that names an input."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import jsonschema
import pytest
from analysed_games import short_game
from conftest import ROOT, run_main

from aceynote.analysis import run as analysis_run
from aceynote.engine import Engine, EngineInputError
from aceynote.notation import Game
from aceynote.notation.writer import write_game
from aceynote.validation import validate_in_place

SCHEMA = ROOT / "aceynote" / "analysis" / "analysis.schema.json"


@pytest.mark.parametrize("depth", [3, -1, True, 1.0])
def test_a_depth_out_of_range_is_refused_before_any_work(
    monkeypatch: pytest.MonkeyPatch, depth: int
) -> None:
    """analyze_one(1, game, 3) validated the game and searched before a bare KeyError, and
    depth -1 was analysed, labelled 'depth -1': the engine API's error and words now."""
    with pytest.raises(EngineInputError) as engine_said:
        Engine().rank("W in:15 / B in:15 / W", "64", depth=depth)
    game, report = short_game(), validate_in_place(short_game())

    def no_work(*_: object) -> None:
        raise AssertionError("worked before the depth was checked")

    def no_game() -> Iterator[Game]:
        raise AssertionError("a game was read before the depth was checked")
        yield game

    monkeypatch.setattr(analysis_run, "validate_in_place", no_work)
    monkeypatch.setattr(analysis_run, "search_for", no_work)
    calls = [
        lambda: analysis_run.analyze_one(1, game, depth),
        lambda: analysis_run.analyze_report(1, report, depth),
        lambda: analysis_run.analyze_games(no_game(), depth),
        lambda: analysis_run.analyze_games(no_game(), depth, jobs=2),
    ]
    for call in calls:
        with pytest.raises(EngineInputError) as said:
            call()
        assert str(said.value) == str(engine_said.value) == f"depth is 0, 1 or 2, not {depth!r}"


def analyze(capsys: pytest.CaptureFixture[str], *words: str) -> tuple[int, str, str]:
    """``aceynote analyze WORDS... --depth 0``: its exit status, standard output and error."""
    return run_main(capsys, "analyze", *words, "--depth", "0")


@pytest.mark.parametrize(
    ("tag", "wrong", "rules"),
    [
        (r'\[Rules "standard"\]', '[Rules "nonsense"]', "nonsense"),
        (r'\[Setup "[^"]*"\]', '[Setup "W 1:16 / B 1:15 / W"]', "standard"),
    ],
    ids=["rules", "setup"],
)
def test_a_game_not_analysed_counts_nowhere(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, tag: str, wrong: str, rules: str
) -> None:
    """A game whose Rules tag is unknown was replayed under the standard rules and its result
    (+9 / -9) counted in --summary, its report saying 'rules standard' and the result: it is
    not analysed, so it counts nowhere (not in the games either) and its report says so."""
    good, bad = write_game(short_game(4)), re.sub(tag, wrong, write_game(short_game(5)))
    alone, both = tmp_path / "alone.acey", tmp_path / "both.acey"
    alone.write_text(good, encoding="utf-8")
    both.write_text(good + "\n" + bad, encoding="utf-8")
    for by in ("player", "event"):
        words = ("--summary", "--by", by, "--format", "json")
        expected = analyze(capsys, str(alone), *words)
        status, out, _ = analyze(capsys, str(both), *words)
        assert expected[0] == 0 and status == 1
        assert json.loads(out) == json.loads(expected[1])
    status, out, _ = analyze(capsys, str(both), "--format", "json")
    document = json.loads(out)
    jsonschema.validate(document, json.loads(SCHEMA.read_text(encoding="utf-8")))
    game = document["games"][1]
    assert game["rules"] == rules and game["decisions"] == []
    for figures in game["players"].values():
        assert (figures["decisions"], figures["result"], figures["luck_adjusted"]) == (
            0,
            None,
            None,
        )
    _, out, _ = analyze(capsys, str(both))
    report = out[out.index("Game 2") :]
    assert report.startswith(f"Game 2: Random White (White) v Random Black (Black), rules {rules},")
    assert "\nnot analysed, for the error at line " in report
    assert re.search(r"\n  result +- +-\n", report)


def test_standard_error_says_a_game_not_analysed_is_not(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """'AD102 unknown rule preset ...; replaying with the standard rules (the game is analysed
    up to here)', though none of it is: each line says what was done with its game."""
    good = write_game(short_game(4))
    illegal = good.replace("9/4 6/4", "9/4 6/3", 1)  # White's third turn, the game's line 11
    unknown = good.replace('[Rules "standard"]', '[Rules "nonsense"]', 1)
    record = tmp_path / "three.acey"
    record.write_text("\n".join([unknown, illegal, good]), encoding="utf-8")
    second = len(unknown.splitlines()) + 2  # the line the second game starts on
    status, _, err = analyze(capsys, str(record))
    assert status == 1
    assert err.splitlines() == [
        f"aceynote: {record}:6:1: AD102 unknown rule preset 'nonsense'; the presets are bgammon,"
        " navy, standard; replaying with the standard rules (the game is not analysed at all)",
        f"aceynote: {record}:{second + 10}:12: AD304 with 5-2, 9/4 takes the 5, and the 2 left"
        " cannot make the trip 6/3 (the game is analysed up to here)",
        "aceynote: 1 game analysed only up to a syntax error, an illegal play or a turn's flow"
        " gone wrong; 1 game not analysed, its Rules or Setup tag wrong ('aceynote validate'"
        " lists the problems)",
    ]
