"""``aceynote analyze`` and its Python API on inputs that are not all well: a depth out of
range, games with errors, a file unreadable part way, an output that names an input."""

from __future__ import annotations

import contextlib
import io
import json
import re
from collections.abc import Iterator
from pathlib import Path

import jsonschema
import pytest
from analysed_games import short_game, write_short_games
from conftest import ROOT, run_main

from aceynote.analysis import run as analysis_run
from aceynote.cli import main
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


@pytest.mark.parametrize("newline", ["\n", "\r\n"], ids=["lf", "crlf"])
def test_analyze_o_writes_a_game_with_syntax_errors_as_it_stands(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, newline: str
) -> None:
    """analyze -o wrote a game with a syntax error as far as it could be read: the turns after
    the error (and the one it stands in) were lost and its result became '*'. It is written
    as it stands in the source, as fmt writes it; the games around it get their marks."""
    first, last = write_game(short_game(4)), write_game(short_game(6))
    broken = write_game(short_game(5)).replace("5/2 3/off\n", "5/2 3/off oops\n", 1)
    source = "\n".join([first, broken, last]).replace("\n", newline)
    record, out = tmp_path / "three.acey", tmp_path / "marked.acey"
    record.write_bytes(source.encode("utf-8"))
    status, _, err = analyze(capsys, str(record), "-o", str(out))
    assert status == 1 and f"{record}:29:58: AD100 " in err
    written = out.read_bytes().decode("utf-8")
    assert broken.replace("\n", newline) in written
    assert written.count("{aceynote: ") > 0 and written.count("[Event ") == 3
    again = tmp_path / "again.acey"
    assert analyze(capsys, str(out), "-o", str(again))[0] == 1
    assert again.read_bytes() == out.read_bytes()  # each mark once, the broken game as it was
    status, _, _ = analyze(capsys, str(record), "--game", "2", "-o", str(out))
    assert status == 1 and out.read_bytes() == broken.replace("\n", newline).encode("utf-8")


def test_analyze_o_refuses_an_input_by_any_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """analyze X.acey -o X.acey was accepted, and wrote over the record analysed."""
    record = tmp_path / "game.acey"
    record.write_text(write_game(short_game(4)), encoding="utf-8")
    before = record.read_bytes()
    (tmp_path / "link.acey").symlink_to(record)
    for name in (record, tmp_path / "link.acey", tmp_path / "." / "game.acey"):
        status, out, err = analyze(capsys, str(record), "-o", str(name))
        assert status == 2 and not out
        assert (
            err == f"aceynote: error: {name} is also an input; not overwritten: write elsewhere\n"
        )
    assert record.read_bytes() == before


def test_analyze_o_writes_nothing_for_a_broken_game_of_json(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A game of JSON that is no record's is read as a game with a syntax error, of which
    nothing could be written in acey as it stands: analyze -o wrote '*' in its place."""
    record, out = tmp_path / "games.json", tmp_path / "marked.acey"
    run_main(capsys, "convert", str(write_short_games(tmp_path / "two.acey", (4, 5))), "--to",
             "json", "-o", str(record))  # fmt: skip
    record.write_text(record.read_text("utf-8").replace('"dice": [', '"dice": [7, ', 1), "utf-8")
    status, _, err = analyze(capsys, str(record), "-o", str(out))
    assert status == 1 and not out.exists()
    assert f"aceynote: {out} not written: a game of its record has syntax errors" in err


def test_a_record_unreadable_part_way_keeps_the_games_before_and_the_next_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Games then a byte that is not UTF-8: --summary analysed them all and printed no table,
    --format json left its document open, and the next record was never analysed. Each gets
    the games before the place and the next record's, the place said in its turn, exit 2."""
    good = write_short_games(tmp_path / "good.acey", (4, 5, 6))
    broken, other = tmp_path / "broken.acey", write_short_games(tmp_path / "other.acey", (7,))
    broken.write_bytes(good.read_bytes() + b"\xff\n")
    said = f"aceynote: error: {broken}:{len(good.read_bytes().splitlines()) + 1}:1: is not UTF-8"
    for words in (("--summary", "--format", "json"), ("--format", "json"), ("--summary",), ()):
        expected = analyze(capsys, str(good), str(other), *words)
        status, out, err = analyze(capsys, str(broken), str(other), *words)
        assert expected[0] == 0 and status == 2 and said in err
        if "json" in words:
            assert json.loads(out) == json.loads(expected[1].replace(str(good), str(broken)))
        else:
            assert out == expected[1].replace(str(good), str(broken))
    # The place is said after the reports of the games before it, before the next record's,
    # though the games are read ahead of the reports.
    both = io.StringIO()
    with contextlib.redirect_stdout(both), contextlib.redirect_stderr(both):
        assert main(["analyze", str(broken), str(other), "--depth", "0", "--jobs", "2"]) == 2
    text = both.getvalue()
    assert text.index("\nGame 3 (") < text.index(said) < text.index("\nGame 4 (")
    marked = tmp_path / "marked.acey"
    status, _, err = analyze(capsys, str(broken), "-o", str(marked))
    assert status == 2 and not marked.exists()
    assert (
        err.splitlines()[1] == f"aceynote: {marked} not written: its record could not be read whole"
    )


def test_analyze_o_keeps_the_marks_of_what_it_does_not_analyse(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A game with a wrong Rules tag is not analysed, yet -o took out every mark an earlier
    analysis had written into it (45 comments of a record, then none); a game analysed up to an illegal
    play lost those after the play. Only the segments judged have their marks replaced."""
    record, marked = write_short_games(tmp_path / "game.acey"), tmp_path / "marked.acey"
    assert analyze(capsys, str(record), "-o", str(marked))[0] == 0
    earlier = marked.read_text(encoding="utf-8")
    assert earlier.count("{aceynote: ") == 11
    unknown = earlier.replace('[Rules "standard"]', '[Rules "nonsense"]', 1)
    illegal = earlier.replace("3. 52: 9/4 6/4 ??", "3. 52: 9/4 6/3 ??", 1)  # turns 3 to 9 marked
    for name, text in (("unknown", unknown), ("illegal", illegal)):
        again, out = tmp_path / f"{name}.acey", tmp_path / f"{name}-marked.acey"
        again.write_text(text, encoding="utf-8")
        assert analyze(capsys, str(again), "-o", str(out))[0] == 1
        assert out.read_text(encoding="utf-8") == text, name


def test_progress_tells_each_games_decisions_judged_of_those_to_judge() -> None:
    """The progress line said 'game 2, 37 decisions', with no total to measure it by."""
    games = [short_game(4), short_game(5)]
    told: list[tuple[int, int, int]] = []
    analyses = list(analysis_run.analyze_games(games, 0, progress=lambda *t: told.append(t)))
    for analysis in analyses:
        steps = [
            (judged, to_judge) for number, judged, to_judge in told if number == analysis.number
        ]
        count = len(analysis.decisions)
        assert count > 1 and steps == [(judged, count) for judged in range(1, count + 1)]


@pytest.mark.parametrize(
    ("words", "unwritten"),
    [
        (["-o", "OUT"], "; OUT not written"),
        (["-o", "-"], "; the marked record not written"),
        (["--summary"], "; the summary not written"),
        (["--format", "json"], "; the JSON on standard output is unfinished"),
        ([], ""),
    ],
    ids=["out", "marked-stdout", "summary", "json", "text"],
)
def test_ctrl_c_says_how_many_games_were_analysed_and_what_was_not_written(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    words: list[str],
    unwritten: str,
) -> None:
    """Ctrl-C in a long analyze printed nothing: not how far it came, nor that -o's record,
    the summary or the JSON document was not written whole."""
    record = write_short_games(tmp_path / "three.acey", (4, 5, 6))
    analyse = analysis_run.analyze_report

    def interrupted_in_game_3(number: int, *rest: object, **named: object) -> object:
        if number == 3:
            raise KeyboardInterrupt
        return analyse(number, *rest, **named)  # type: ignore[arg-type]

    monkeypatch.setattr(analysis_run, "analyze_report", interrupted_in_game_3)
    out = str(tmp_path / "marked.acey")
    status, _, err = analyze(capsys, str(record), *(out if w == "OUT" else w for w in words))
    assert status == 130
    said = unwritten.replace("OUT", out)
    assert err == f"aceynote: stopped (Ctrl-C) after 2 games analysed{said}\n"
    assert not (tmp_path / "marked.acey").exists()
