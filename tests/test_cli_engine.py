"""``aceynote hint`` and ``aceynote analyze`` as a user runs them."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from conftest import SAMPLES, run_main

from aceynote.notation import parse_games
from aceynote.notation.generate import generate_games
from aceynote.notation.writer import write_game
from aceynote.rules import Position, parse_rules
from aceynote.validation import validate

START = "W in:15 / B in:15 / W"


def schema() -> dict[str, Any]:
    text = resources.files("aceynote.analysis").joinpath("analysis.schema.json").read_text()
    return json.loads(text)  # type: ignore[no-any-return]


def test_hint_ranks_the_plays_as_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_main(capsys, "hint", "--setup", START, "--roll", "64")
    assert status == 0 and not err
    lines = out.splitlines()
    assert lines[0] == f"Setup {START}"
    assert lines[1] == "roll 64, rules standard, 1-ply"
    assert lines[2].lstrip().startswith("1. ") and "win" in lines[2] and "equity" in lines[2]
    assert len(lines) == 4  # two distinct plays: in/19 in/21, and one checker to 15


def test_hint_names_the_rules_as_a_rules_tag_writes_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    words = ["--setup", START, "--roll", "64", "--rules", "BGAMMON  bearoff=high"]
    status, out, _ = run_main(capsys, "hint", *words)
    assert status == 0
    assert out.splitlines()[1] == "roll 64, rules bgammon bearoff=high, 1-ply"


def test_hint_writes_the_roll_as_the_record_does(capsys: pytest.CaptureFixture[str]) -> None:
    # --roll 12 was echoed "roll 12", where every record and the ranking of a record's
    # moment write the higher die first.
    status, out, _ = run_main(capsys, "hint", "--setup", START, "--roll", "12", "--depth", "0")
    assert status == 0
    assert out.splitlines()[1] == "roll 21, rules standard, 0-ply"


def test_hint_writes_the_setup_as_a_record_s_setup_tag_does(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run_main(
        capsys, "hint", "--setup", "b 1:1 / w 05:1 / b", "--roll", "21", "--depth", "0"
    )
    assert status == 0
    assert out.splitlines()[0] == "Setup W 5:1 / B 1:1 / B"


@pytest.mark.parametrize(("kind", "other"), [("roll", "a roll"), ("extra", "an extra roll")])
def test_hint_double_with_a_kind_of_roll_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], kind: str, other: str
) -> None:
    status, out, err = run_main(capsys, "hint", "--setup", START, "--double", "--kind", kind)
    assert status == 2 and not out
    assert err == (
        f"aceynote: error: --double ranks the doubles named after a 1-2, not the plays of {other}\n"
    )


def test_hint_writes_plays_as_the_record_does(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 34 item 9: merged trips (in/19(2) 19/13(2)), as everything else writes them."""
    status, out, _ = run_main(capsys, "hint", "--setup", START, "--roll", "66")
    assert status == 0
    assert out.splitlines()[2].split()[1:3] == ["in/19(2)", "19/13(2)"]


def test_hint_json_is_the_documented_list(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_main(
        capsys,
        "hint",
        "--setup",
        START,
        "--roll",
        "21",
        "--format",
        "json",
        "--rules",
        "bgammon",
        "--depth",
        "0",
    )
    assert status == 0
    ranked = json.loads(out)
    jsonschema.validate(ranked, {"$ref": "#/$defs/hint", "$defs": schema()["$defs"]})
    assert ranked[0]["diff"] == 0 and all(entry["diff"] <= 0 for entry in ranked)


def test_hint_ranks_the_doubles(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_main(
        capsys,
        "hint",
        "--setup",
        "W 23:1 24:1 in:13 / B in:15 / W",
        "--double",
        "--format",
        "json",
        "--depth",
        "0",
    )
    assert status == 0
    assert sorted(entry["double"] for entry in json.loads(out)) == [1, 2, 3, 4, 5, 6]


def test_hint_rolls_out_with_a_standard_error(capsys: pytest.CaptureFixture[str]) -> None:
    setup = "W 3:1 2:1 / B 6:2 5:3 bar:1 / B"
    words = ["hint", "--setup", setup, "--roll", "31", "--rollout", "8", "--format", "json"]
    status, out, _ = run_main(capsys, *words)
    assert status == 0
    ranked = json.loads(out)
    jsonschema.validate(ranked, {"$ref": "#/$defs/hint", "$defs": schema()["$defs"]})
    assert ranked[0]["rollout"]["games"] == 8 and ranked[0]["rollout"]["error"] >= 0
    again = run_main(capsys, *words)[1]
    assert json.loads(again) == ranked  # the seed fixes the dice


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["--setup", "W in:16 / B in:15 / W", "--roll", "64"], "Setup"),
        (["--setup", START, "--roll", "70"], "not a roll"),
        (["--setup", START, "--roll", "64", "--rules", "chess"], "unknown rule preset"),
        (["--setup", START, "--roll", "64", "--rules", ""], "--rules: the Rules tag is empty"),
        (["--setup", START, "--roll", "64", "--kind", "double"], "must be a double"),
        (["--setup", START, "--roll", "64", "--rollout", "0"], "--rollout"),
        (["--setup", START, "--roll", "64", "--seed", "7"], "give --rollout N too"),
    ],
)
def test_hint_refuses_bad_input_with_exit_2(
    capsys: pytest.CaptureFixture[str], words: list[str], message: str
) -> None:
    status, out, err = run_main(capsys, "hint", *words)
    assert status == 2 and not out
    assert message in err and "Traceback" not in err


@pytest.fixture(scope="module")
def two_games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("analyze") / "two.acey"
    rules = parse_rules("standard")
    # A whole game, and a short one from a position with both sides almost home.
    ending = Position.from_setup("W 6:3 5:3 4:2 9:2 / B 6:4 5:2 3:2 12:1 / B")
    games = [*generate_games(1, 3, rules), *generate_games(1, 4, rules, ending)]
    path.write_text("\n".join(write_game(game) for game in games), encoding="utf-8")
    return path


def test_analyze_json_follows_the_schema(
    capsys: pytest.CaptureFixture[str], two_games: Path
) -> None:
    status, out, err = run_main(
        capsys, "analyze", str(two_games), "--depth", "0", "--format", "json"
    )
    assert status == 0, err
    document = json.loads(out)
    jsonschema.validate(document, schema())
    assert [game["game"] for game in document["games"]] == [1, 2]
    for game in document["games"]:
        decisions = game["decisions"]
        segments = sum(
            len(turn.segments)
            for turn in parse_games(two_games.read_text())[game["game"] - 1].turns
        )
        assert len(decisions) == segments
        white = game["players"]["white"]
        assert white["decisions"] == sum(d["side"] == "white" for d in decisions)
        assert white["error_total"] == pytest.approx(
            sum(d["loss"] for d in decisions if d["side"] == "white" and not d["forced"]), abs=1e-3
        )
        assert white["result"] == -game["players"]["black"]["result"]


def test_the_schema_refuses_a_roll_with_a_line_end_after_it(
    capsys: pytest.CaptureFixture[str], two_games: Path
) -> None:
    """A pattern ending in $ let "64\n" through: in Python's re, which jsonschema uses, $
    matches before a final line end too."""
    status, out, _ = run_main(capsys, "analyze", str(two_games), "--depth", "0", "--format", "json")
    assert status == 0
    document = json.loads(out)
    decision = document["games"][0]["decisions"][0]
    decision["roll"] += "\n"
    with pytest.raises(jsonschema.ValidationError, match="roll"):
        jsonschema.validate(document, schema())


def test_every_pattern_of_the_analysis_schema_ends_where_the_text_does() -> None:
    from test_json_refusals import _patterns

    found = _patterns(schema())
    assert len(found) == 2  # the roll and a diagnostic's code
    for pattern in found:
        assert pattern.startswith("^") and pattern.endswith("(?![\\s\\S])"), pattern


def test_analyze_writes_marks_that_validate_as_before(
    capsys: pytest.CaptureFixture[str], two_games: Path, tmp_path: Path
) -> None:
    out_path = tmp_path / "marked.acey"
    status, out, err = run_main(
        capsys, "analyze", str(two_games), "--depth", "0", "-o", str(out_path), "--format", "json"
    )
    assert status == 0, err
    document = json.loads(out)
    marked_text = out_path.read_text()
    before, after = parse_games(two_games.read_text()), parse_games(marked_text)
    marks = 0
    for game_json, old, new in zip(document["games"], before, after, strict=True):
        assert [d.code for d in validate(old).diagnostics] == [
            d.code for d in validate(new).diagnostics
        ]
        segments = [segment for turn in new.turns for segment in turn.segments]
        for decision in game_json["decisions"]:
            segment = segments[decision["ply"] - 1]
            if decision["mark"]:
                marks += 1
                assert decision["mark"] in segment.glyphs
                assert any(c.startswith("aceynote: best ") for c in segment.comments)
            else:
                assert not segment.glyphs and not segment.comments
    assert marks > 0
    # Analysing the marked record again writes the same record.
    again = tmp_path / "again.acey"
    assert run_main(capsys, "analyze", str(out_path), "--depth", "0", "-o", str(again))[0] == 0
    assert again.read_text() == marked_text


def test_analyze_keeps_existing_comments_and_glyphs(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = SAMPLES / "annotated.acey"
    out_path = tmp_path / "out.acey"
    assert run_main(capsys, "analyze", str(source), "--depth", "0", "-o", str(out_path))[0] == 0
    old, new = parse_games(source.read_text())[0], parse_games(out_path.read_text())[0]
    old_segments = [s for t in old.turns for s in t.segments]
    new_segments = [s for t in new.turns for s in t.segments]
    for was, now in zip(old_segments, new_segments, strict=True):
        assert now.glyphs[: len(was.glyphs)] == was.glyphs
        assert now.comments[: len(was.comments)] == was.comments
    assert old.comments == new.comments


@pytest.mark.parametrize(
    "second", ["52: in/20 in/22", "52: in/20 in/25"], ids=["illegal", "syntax"]
)
def test_analyze_stops_at_the_first_illegal_play(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, second: str
) -> None:
    path = tmp_path / "bad.acey"
    path.write_text(f"1. 64: in/19 in/21  43: in/21 in/22\n2. {second}\n*\n", encoding="utf-8")
    status, out, err = run_main(capsys, "analyze", str(path), "--depth", "0", "--format", "json")
    assert status == 1
    game = json.loads(out)["games"][0]
    assert len(game["decisions"]) == 2
    assert game["stopped"]["line"] == 2 and game["stopped"]["code"].startswith("AD")
    assert "illegal play" in err
    status, out, _ = run_main(capsys, "analyze", str(path), "--depth", "0")
    assert status == 1 and "analysis stops at line 2" in out


@pytest.mark.parametrize(
    ("text", "judged", "code", "column"),
    [
        # White's 1-2 is judged; Black's 43 is replayed where White was to name its double
        ("1. 21: in/24 in/23  43: in/21 in/22\n2. 64: in/19 in/21\n*\n", 1, "AD401", 19),
        # a chosen double after a 64: the 64 is judged, the double is not a decision
        ("1. 64: in/19 in/21 =66: 19/13 21/15 in/19(2)  43: in/21 in/22\n*\n", 1, "AD402", 20),
        # the same error in a variation leaves the main line whole
        ("1. 64: in/19 in/21 (1. 21: in/24 in/23)  43: in/21 in/22\n*\n", 2, None, 0),
    ],
)
def test_analyze_stops_at_an_error_in_a_turns_flow(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    text: str,
    judged: int,
    code: str | None,
    column: int,
) -> None:
    path = tmp_path / "flow.acey"
    path.write_text(text, encoding="utf-8")
    status, out, err = run_main(capsys, "analyze", str(path), "--depth", "0", "--format", "json")
    game = json.loads(out)["games"][0]
    assert len(game["decisions"]) == judged
    if code is None:
        assert status == 0 and game["stopped"] is None
    else:
        assert status == 1 and "a turn's flow gone wrong" in err
        assert (game["stopped"]["code"], game["stopped"]["column"]) == (code, column)


def test_analyze_refuses_what_it_cannot_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, err = run_main(capsys, "analyze", str(tmp_path / "missing.acey"))
    assert status == 2 and not out and "Traceback" not in err
    status, _, err = run_main(capsys, "analyze", str(SAMPLES / "annotated.acey"), "--jobs", "0")
    assert status == 2 and "--jobs" in err
    empty = tmp_path / "empty"
    empty.mkdir()  # said as validate says it ("is a folder; name a record file" before)
    status, out, err = run_main(capsys, "analyze", str(empty))
    assert status == 2 and not out and f"{empty}: holds no record files (files named" in err


def test_analyze_in_two_processes_gives_the_same_output(
    capsys: pytest.CaptureFixture[str], two_games: Path
) -> None:
    words = ["analyze", str(two_games), "--depth", "0", "--format", "json"]
    one = run_main(capsys, *words)
    two = run_main(capsys, *words, "--jobs", "2")
    assert one[0] == two[0] == 0
    assert one[1] == two[1]


def test_the_schema_allows_every_depth_the_engine_searches() -> None:
    """analyze --depth 2 wrote JSON its own schema refused (depth was 0 or 1 there)."""
    from aceynote.engine.search import DEPTHS

    depths = {tuple(found["enum"]) for found in _depth_entries(schema())}
    assert depths == {DEPTHS}


def _depth_entries(node: Any) -> list[dict[str, Any]]:
    """Every ``"depth"`` property of the schema, wherever it is."""
    found: list[dict[str, Any]] = []
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "depth" and isinstance(value, dict) and "enum" in value:
                found.append(value)
            found += _depth_entries(value)
    elif isinstance(node, list):
        for value in node:
            found += _depth_entries(value)
    return found


def test_the_schema_names_the_marks_of_the_one_table() -> None:
    """A mark added to ``Mark`` (or taken away) must be in every place the schema names them."""
    from aceynote.analysis.marks import Mark

    glyphs = [mark.value for mark in Mark]
    definitions = schema()["$defs"]
    assert definitions["mark"]["enum"] == [*glyphs, None]
    for counted in (definitions["player"]["properties"]["marks"], _thresholds(definitions)):
        assert counted["required"] == glyphs
        assert list(counted["properties"]) == glyphs


def _thresholds(definitions: dict[str, Any]) -> dict[str, Any]:
    thresholds: dict[str, Any] = definitions["game"]["properties"]["thresholds"]
    return thresholds


@pytest.mark.parametrize("depth", ["0", "2"])
def test_hint_rollout_stands_beside_its_own_play(
    capsys: pytest.CaptureFixture[str], depth: str
) -> None:
    """hint --depth 0 --rollout showed each rollout beside another play: the rollout ranked
    the plays again at 1-ply, where this position's best two change places."""
    from aceynote.engine.api import shipped_network
    from aceynote.engine.decisions import Decision, choices
    from aceynote.engine.evaluator import evaluator_for
    from aceynote.engine.rollout import rollout
    from aceynote.engine.search import Search
    from aceynote.rules import SegmentKind, play_text

    setup = "W 20:1 18:1 / B 1:2 / W"
    words = ["--roll", "21", "--depth", depth, "--rollout", "36", "--format", "json"]
    status, out, err = run_main(capsys, "hint", "--setup", setup, *words)
    assert status == 0, err
    ranked = json.loads(out)
    rules = parse_rules("standard")
    search = Search(evaluator_for(shipped_network(), rules))
    options = choices(Decision(Position.from_setup(setup), SegmentKind.ROLL), 2, 1, rules)
    by_play = {play_text(option.play.steps): option for option in options}
    assert len(ranked) == 3
    for entry in ranked:
        alone = rollout(by_play[entry["play"]], search, 36, 1)
        assert entry["rollout"]["equity"] == round(alone.equity, 4), entry["play"]


def test_hint_rollout_of_one_game_is_json(capsys: pytest.CaptureFixture[str]) -> None:
    """hint --rollout 1 --format json wrote "error": Infinity, which is no JSON (and the
    text '1 games ... ± inf'): one game has no standard error."""
    words = ["hint", "--setup", START, "--roll", "64", "--depth", "0", "--rollout", "1"]
    status, out, err = run_main(capsys, *words, "--format", "json")
    assert status == 0, err
    ranked = json.loads(out, parse_constant=lambda name: pytest.fail(f"{name} in the JSON"))
    jsonschema.validate(ranked, {"$ref": "#/$defs/hint", "$defs": schema()["$defs"]})
    assert all(entry["rollout"]["error"] is None for entry in ranked)
    status, out, _ = run_main(capsys, *words)
    assert status == 0 and "inf" not in out
    assert "rollout of 1 game: equity" in out and "no standard error" in out


def test_a_player_without_a_choice_has_no_error_rate_nor_rating(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Both players were given an error rate of 0.000 (and a rating of 0.0), read as
    faultless, where White only bore off its last checker and Black never moved."""
    record = tmp_path / "forced.acey"
    record.write_text('[Setup "W 1:1 / B in:15 / W"]\n\n1. 21: 1/off 15-0\n', encoding="utf-8")
    status, out, _ = run_main(capsys, "analyze", str(record), "--depth", "0", "--format", "json")
    assert status == 0
    players = json.loads(out)["games"][0]["players"]
    assert [players[side]["error_rate"] for side in ("white", "black")] == [None, None]
    status, out, _ = run_main(capsys, "analyze", str(record), "--depth", "0", "--summary")
    assert status == 0
    rows = [line.split() for line in out.splitlines() if line.startswith(("White", "Black"))]
    assert [row[4:6] for row in rows] == [["-", "-"], ["-", "-"]]  # error, rating


def test_analyze_gives_a_forced_decision_one_equity(capsys: pytest.CaptureFixture[str]) -> None:
    """At 1-ply a forced decision's equity was 1-ply and its ranking's 0-ply (9.8404 against
    9.9025 at the first turn of samples/setup-bearoff.acey)."""
    words = ["analyze", str(SAMPLES / "setup-bearoff.acey"), "--format", "json"]
    status, out, err = run_main(capsys, *words)
    assert status == 0, err
    decisions = json.loads(out)["games"][0]["decisions"]
    forced = [decision for decision in decisions if decision["forced"]]
    assert len(forced) == 2
    for decision in forced:
        assert [entry["equity"] for entry in decision["best"]] == [decision["equity"]]


def test_analyze_o_writes_one_record_and_parquet_takes_many(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """'analyze samples/ -o out.acey' wrote the games of every sample into one record (the
    check counted the words, not the records), while 'analyze a.acey b.acey --format parquet
    -o DIR' was refused ('--game and -o take one record FILE'), though a folder of them was
    not and convert --to parquet takes them."""
    out = tmp_path / "out.acey"
    for many in ([str(SAMPLES)], [str(SAMPLES / "*.acey")]):
        status, stdout, err = run_main(capsys, "analyze", *many, "--depth", "0", "-o", str(out))
        assert status == 2 and not stdout and "one record FILE" in err
        assert not out.exists()
    pair = [str(SAMPLES / "setup-bearoff.acey"), str(SAMPLES / "black-first.acey")]
    status, _, err = run_main(capsys, "analyze", *pair, "--game", "1")
    assert status == 2 and "--game takes one record FILE" in err
    folder = tmp_path / "analysis"
    words = ["--depth", "0", "--format", "parquet", "-o", str(folder)]
    status, _, err = run_main(capsys, "analyze", *pair, *words)
    assert status == 0, err
    assert (folder / "decisions.parquet").is_file()
    one = [str(SAMPLES / "setup-bearoff.acey")]
    status, stdout, err = run_main(capsys, "analyze", *one, "--depth", "0", "-o", str(out))
    assert status == 0 and stdout.startswith("Game 1: Ames") and out.is_file()


def test_hint_shows_a_tie_with_the_best_as_0_000(capsys: pytest.CaptureFixture[str]) -> None:
    """Every double bears both checkers off: each ties the best, shown unsigned as analyze
    shows it (hint wrote +0.000 or -0.000)."""
    status, out, _ = run_main(capsys, "hint", "--setup", "W 1:2 / B 1:2 / W", "--double")
    assert status == 0
    # Under the Setup and the roll, the values are said exact: both bear off, the game won.
    assert out.splitlines()[2] == "exact: every play's value is read from the engine's tables"
    rows = out.splitlines()[3:]
    assert len(rows) == 6 and all(row.split()[-1] == "0.000" for row in rows[1:])
    assert "+0.000" not in out and "-0.000" not in out


def test_analyze_counts_the_games_it_stopped_in_words(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, _, err = run_main(capsys, "analyze", str(SAMPLES / "mistakes.acey"), "--depth", "0")
    assert status == 1
    assert "aceynote: 1 game analysed only up to a syntax error" in err


@pytest.mark.parametrize(
    ("tag", "code", "first_turn", "hint_says"),
    [
        (
            '[Setup "W in:16 / B in:15 / W"]',
            "AD103",
            "64: in/19 in/21",
            "the record's first error, AD103",
        ),
        ('[Rules "bogus"]', "AD102", "64: in/19 in/21", "after the record's first error, AD102"),
        ('[Rules "standard bearoff=x"]', "AD102", "64: in/19 in/19", "first error, AD102"),
    ],
)
def test_a_game_whose_start_tags_are_wrong_is_not_analysed_nor_hinted(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    tag: str,
    code: str,
    first_turn: str,
    hint_says: str,
) -> None:
    """A wrong Rules tag was analysed under the standard rules, exit 0, and a Setup that
    cannot be used gave an empty report, exit 0: nothing said the analysis was not the game's.
    An illegal first play is no decision of the record's own either (hint ranked it)."""
    record = tmp_path / "start.acey"
    record.write_text(f'[White "A"]\n[Black "B"]\n{tag}\n\n1. {first_turn}\n*\n', "utf-8")
    status, out, err = run_main(capsys, "analyze", str(record), "--depth", "0", "--format", "json")
    assert status == 1
    (game,) = json.loads(out)["games"]
    assert game["decisions"] == [] and game["stopped"]["code"] == code
    assert f"{record}:3:1: {code} " in err
    status, _, err = run_main(capsys, "hint", str(record), "--turn", "1", "--depth", "0")
    assert status == 2 and hint_says in err


def test_a_wrong_opening_tag_still_lets_the_game_be_analysed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The moves say who began: the replay is the game's own, so its decisions are judged."""
    record = tmp_path / "opening.acey"
    tags = '[White "A"]\n[Black "B"]\n[Opening "3-3"]\n\n'
    record.write_text(tags + "1. 64: in/19 in/21  43: in/21 in/22\n*\n", "utf-8")
    status, out, _ = run_main(capsys, "analyze", str(record), "--depth", "0", "--format", "json")
    (game,) = json.loads(out)["games"]
    assert len(game["decisions"]) == 2 and game["stopped"] is None
    assert status == 0


def test_analyze_names_where_each_stopped_game_stops(capsys: pytest.CaptureFixture[str]) -> None:
    """'aceynote analyze ok.acey mistakes.acey' said only 'analysis stops at line 11, column
    18' under 'Game 2', a game of neither file's numbering: which record was it in?"""
    mistakes = str(SAMPLES / "mistakes.acey")
    status, _, err = run_main(
        capsys, "analyze", str(SAMPLES / "setup-bearoff.acey"), mistakes, "--depth", "0"
    )
    assert status == 1
    assert f"aceynote: {mistakes}:11:18: AD401 the 1 and the 2 were both played" in err
    assert err.count(":11:18:") == 1 and "setup-bearoff" not in err


def test_analyze_of_several_records_names_where_each_game_was_read(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Game 2 of the report was game 1 of the second record: the report says so."""
    setup, mistakes = str(SAMPLES / "setup-bearoff.acey"), str(SAMPLES / "mistakes.acey")
    _, out, _ = run_main(capsys, "analyze", setup, mistakes, "--depth", "0")
    headers = [line for line in out.splitlines() if line.startswith("Game ")]
    assert [h.split(":")[0] for h in headers] == [
        f"Game 1 ({setup}, game 1)",
        f"Game 2 ({mistakes}, game 1)",
    ]
    _, out, _ = run_main(capsys, "analyze", setup, mistakes, "--depth", "0", "--format", "json")
    document = json.loads(out)
    jsonschema.validate(document, schema())
    assert [g["record"] for g in document["games"]] == [
        {"file": setup, "game": 1},
        {"file": mistakes, "game": 1},
    ]
    _, out, _ = run_main(capsys, "analyze", mistakes, "--depth", "0", "--format", "json")
    assert "record" not in json.loads(out)["games"][0]  # one record: its own numbering


def test_analyze_of_one_game_picked_names_it(capsys: pytest.CaptureFixture[str]) -> None:
    """--game 2 was reported as "Game 1", with nothing to say it was the file's second."""
    match = str(SAMPLES / "match.acey")
    _, out, _ = run_main(capsys, "analyze", match, "--game", "02", "--depth", "0")
    assert out.startswith(f"Game 1 ({match}, game 2): Carr (White) v Dunn (Black)")
    _, out, _ = run_main(
        capsys, "analyze", match, "--game", "2", "--depth", "0", "--format", "json"
    )
    document = json.loads(out)
    jsonschema.validate(document, schema())
    assert document["games"][0]["record"] == {"file": match, "game": 2}
