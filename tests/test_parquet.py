"""``aceynote convert --to parquet``: the two tables against the JSON form, typed, streamed, refused.

The reference rows are worked out here from ``convert --to jsonl --positions
--diagnostics`` (and the record's own text for the movetext), not from the
code that writes the tables.
"""

from __future__ import annotations

import datetime
import json
import re
import sys
from pathlib import Path
from typing import Any

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from conftest import run_main

from aceynote.extras import install_command
from aceynote.notation import write_game
from aceynote.notation.generate import generate_games
from aceynote.notation.writer import STANDARD_TAG_ORDER
from aceynote.rules import Position, RuleSet, Side

Json = dict[str, Any]

# The notation's tags (docs/notation.md §2) but Date hold text: a column each, named as
# the tag in snake case (docs/data.md); the Result tag's is result_tag (result is the token).
TEXT_COLUMNS = {
    name: "result_tag" if name == "Result" else name.lower()
    for name in STANDARD_TAG_ORDER
    if name != "Date"
}
# The tags with a type and their columns (docs/data.md), null in games without them.
TYPED_TAGS = {
    "Date": ("date", "year"),
    "UTCTime": ("utc_time",),
    "MatchLength": ("match_length",),
    "MatchScore": ("match_score_white", "match_score_black"),
}
TYPED_COLUMNS = [column for columns in TYPED_TAGS.values() for column in columns]


def generated(folder: Path, games: int, seed: int = 5) -> Path:
    path = folder / "corpus.acey"
    texts = [write_game(game) for game in generate_games(games, seed, RuleSet())]
    path.write_text("\n".join(texts), encoding="utf-8")
    return path


def to_parquet(
    capsys: pytest.CaptureFixture[str],
    folder: Path,
    *files: Path | str,
    extra: tuple[str, ...] = (),
) -> tuple[int, str]:
    status, out, err = run_main(
        capsys, "convert", *map(str, files), "--to", "parquet", "-o", str(folder), *extra
    )
    assert out == ""
    return status, err


def json_games(capsys: pytest.CaptureFixture[str], path: Path) -> list[Json]:
    status, out, _ = run_main(
        capsys, "convert", str(path), "--to", "jsonl", "--positions", "--diagnostics"
    )
    assert status == 0
    return [json.loads(line) for line in out.splitlines()]


def movetexts(path: Path) -> list[str]:
    """Each game's text after its tags (the records here are canonical: one blank line after)."""
    games = re.split(r"\n\n(?=\[)", path.read_text(encoding="utf-8"))
    return [game.split("\n\n", 1)[1].rstrip("\n") + "\n" for game in games]


def side_of(points: list[int] | None) -> str | None:
    if points is None or points == [0, 0]:
        return None
    return "white" if points[0] else "black"


def place(value: int | str) -> str:
    return str(value)


def play_of(segment: Json) -> str:
    moves = []
    for move in segment["moves"]:
        text = place(move["source"])
        for stop in move["stops"]:
            text += "/" + place(stop["place"]) + ("*" if stop["hit"] else "")
        moves.append(text + (f"({move['count']})" if move["count"] > 1 else ""))
    return " ".join(moves) or "--"


def expected_game(data: Json, number: int, source: str, movetext: str) -> Json:
    tags = {tag["name"]: tag["value"] for tag in reversed(data["tags"])}  # the first counts
    match = re.fullmatch(r"(\d+)-(\d+)", data["result"])
    points = None if match is None else [int(match.group(1)), int(match.group(2))]
    segments = [(turn["side"], s) for turn in data["turns"] for s in turn["segments"]]
    diagnostics = data["diagnostics"]
    row: Json = {
        "game_id": number,
        "file": source,
        "game": number,
        **{column: tags.get(name) for name, column in TEXT_COLUMNS.items()},
        **dict.fromkeys(TYPED_COLUMNS),
        "tags": {},
        "result": data["result"],
        "outcome": side_of(points) or "unfinished",
        "winner": side_of(points),
        "points_white": None if points is None else points[0],
        "points_black": None if points is None else points[1],
        "first_mover": data["turns"][0]["side"] if data["turns"] else None,
        "turns": len(data["turns"]),
        "acey_deucey": any(s["kind"] == "roll" and s["dice"] == [2, 1] for _, s in segments),
        "errors": sum(1 for d in diagnostics if d["severity"] == "error"),
        "warnings": sum(1 for d in diagnostics if d["severity"] == "warning"),
        "movetext": movetext,
    }
    for side in ("white", "black"):
        mine = [s for who, s in segments if who == side]
        row[f"hits_{side}"] = sum(step["hit"] for s in mine for step in s["steps"])
        row[f"passes_{side}"] = sum(1 for s in mine if not s["moves"])
    return row


def expected_segments(data: Json, game_id: int) -> list[Json]:
    rows = []
    before = data["start"]
    for turn in data["turns"]:
        for segment in turn["segments"]:
            after = segment["position_after"]
            rows.append(
                {
                    "game_id": game_id,
                    "ply": len(rows) + 1,
                    "turn": turn["number"],
                    "side": turn["side"],
                    "kind": segment["kind"],
                    "die_high": segment["dice"][0],
                    "die_low": segment["dice"][1],
                    "play": play_of(segment),
                    "hits": sum(step["hit"] for step in segment["steps"]),
                    "position_before": before["setup"],
                    "position_after": after["setup"],
                    "pips_white_before": before["white"]["pips"],
                    "pips_black_before": before["black"]["pips"],
                    "pips_white_after": after["white"]["pips"],
                    "pips_black_after": after["black"]["pips"],
                    "legal": True,
                    "codes": [],
                }
            )
            before = after
    return rows


def table(folder: Path, name: str) -> list[Json]:
    rows: list[Json] = pq.read_table(folder / f"{name}.parquet").to_pylist()
    for row in rows:
        if "tags" in row:
            row["tags"] = dict(row["tags"])  # pyarrow reads a map as a list of pairs
    return rows


def duckdb_rows(folder: Path, name: str) -> list[Json]:
    relation = duckdb.sql(f"SELECT * FROM '{folder / name}.parquet'")
    return [dict(zip(relation.columns, values, strict=True)) for values in relation.fetchall()]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return generated(tmp_path_factory.mktemp("corpus"), 25)


def test_both_tables_equal_the_json_form_read_with_pyarrow_and_duckdb(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], corpus: Path
) -> None:
    status, err = to_parquet(capsys, tmp_path / "tables", corpus)
    assert (status, err) == (0, "")
    data = json_games(capsys, corpus)
    games = [
        expected_game(game, number, str(corpus), text)
        for number, (game, text) in enumerate(zip(data, movetexts(corpus), strict=True), 1)
    ]
    segments = [
        row for number, game in enumerate(data, 1) for row in expected_segments(game, number)
    ]
    assert any(game["acey_deucey"] for game in games)
    assert any(row["position_after"] is None for row in segments)  # a won game's last one
    for read in (table, duckdb_rows):
        assert read(tmp_path / "tables", "games") == games
        assert read(tmp_path / "tables", "segments") == segments


def test_every_position_is_a_setup_of_the_same_meaning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], corpus: Path
) -> None:
    assert to_parquet(capsys, tmp_path / "t", corpus)[0] == 0
    rows = table(tmp_path / "t", "segments")
    ends = {row["game_id"]: row["ply"] for row in rows}
    for row in rows:
        for when in ("before", "after"):
            text = row[f"position_{when}"]
            if text is None:  # only after the last segment, the game won
                assert when == "after" and row["ply"] == ends[row["game_id"]]
                assert 0 in (row["pips_white_after"], row["pips_black_after"])
                continue
            position = Position.from_setup(text)
            assert position.pip_count(Side.WHITE) == row[f"pips_white_{when}"]
            assert position.pip_count(Side.BLACK) == row[f"pips_black_{when}"]
        mover = Position.from_setup(row["position_before"]).turn
        assert mover.name.lower() == row["side"]


TAGGED = """\
[Event "Club night"]
[Event "a second Event is a warning; the first counts"]
[Site "bgammon.org"]
[Date "2026.11.??"]
[White "Ames"]
[Black "Bo"]
[UTCTime "19:05:30"]
[MatchLength "7"]
[MatchScore "2-3"]
[Mood "sunny"]

1. 61: in/19 19/18  61: in/19 19/18
*

[Date "2026.11.05"]
[MatchLength "seven"]
[MatchScore "2:3"]
[UTCTime "25:00:00"]

1. 61: in/19 19/18
*

[Date "2026.02.30"]

1. 61: in/19 19/18
*
"""


def test_tags_are_typed_columns_and_the_rest_a_map(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "tagged.acey"
    record.write_text(TAGGED, encoding="utf-8")
    assert to_parquet(capsys, tmp_path / "t", record)[0] == 0
    schema = pq.read_schema(tmp_path / "t" / "games.parquet")
    assert schema.field("date").type == pa.date32()
    assert schema.field("year").type == pa.int16()
    assert schema.field("utc_time").type == pa.time32("ms")
    assert schema.field("match_length").type == pa.int32()
    assert schema.field("tags").type == pa.map_(pa.string(), pa.string())
    segments = pq.read_schema(tmp_path / "t" / "segments.parquet")
    assert segments.field("codes").type == pa.list_(pa.string())
    assert segments.field("die_high").type == pa.int8()
    first, second, third = table(tmp_path / "t", "games")
    assert first["event"] == "Club night" and first["warnings"] == 1  # AD101
    # A partial date: no date, the year, and the text kept among the other tags.
    assert (first["date"], first["year"]) == (None, 2026)
    assert first["tags"] == {"Date": "2026.11.??", "Mood": "sunny"}
    assert first["utc_time"] == datetime.time(19, 5, 30)
    assert (first["match_length"], first["match_score_white"], first["match_score_black"]) == (
        7,
        2,
        3,
    )
    assert (second["date"], second["year"]) == (datetime.date(2026, 11, 5), 2026)
    # A value not of its tag's type: the column is null and the text is kept.
    assert [second[c] for c in ("match_length", "match_score_white", "utc_time")] == [None] * 3
    assert second["tags"] == {"MatchLength": "seven", "MatchScore": "2:3", "UTCTime": "25:00:00"}
    assert (third["date"], third["year"], third["tags"]) == (None, None, {"Date": "2026.02.30"})
    assert third["warnings"] == 1  # AD106: the Date's form is right, but the day does not exist


BAD = """\
[White "Ames"]

1. 61: in/19 19/18  54: in/20 20/16
2. 65: 19/13 18/13  21: in/23 23/22 =33: in/22(2) 22/19(2)
3. 66: 13/1(2)
*

[White "Bo"]

1. 61: in/19 19/18  61: in/19 19/18
2. 52: in/20 20/1x
*
"""


GAME_1_CODES = {3: ["AD301"], 5: ["AD404"], 6: ["AD301"]}


def codes_by_ply(rows: list[Json], game_id: int) -> dict[int, list[str]]:
    return {row["ply"]: row["codes"] for row in rows if row["game_id"] == game_id and row["codes"]}


def test_games_with_errors_get_rows_with_their_errors_counted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "bad.acey"
    record.write_text(BAD, encoding="utf-8")
    status, err = to_parquet(capsys, tmp_path / "t", record)
    assert status == 0
    assert f"warning: {record}: game 1 has 3 errors; its rows are written with them counted" in err
    # One error is 'it' ('with them counted ... lists them' before).
    one = "game 2 has 1 error; its rows are written with it counted ('aceynote validate' lists it)"
    assert f"warning: {record}: {one}" in err
    games = table(tmp_path / "t", "games")
    assert [game["errors"] for game in games] == [3, 1]
    segments = table(tmp_path / "t", "segments")
    # Game 1, as 'aceynote validate' places them: 19/13 with no checker there (AD301 at
    # 4:8, ply 3); the chosen double =33: without its extra roll (AD404 at 4:59, the end
    # of the turn's last segment, ply 5); 13/1(2) with no checker on 13 (AD301, ply 6).
    assert codes_by_ply(segments, 1) == GAME_1_CODES
    legal = [row["legal"] for row in segments if row["game_id"] == 1]
    assert (legal[:3], legal[5]) == ([True, True, False], False)
    # Game 2: a syntax error (AD100) in turn 2: the whole turn before it is kept.
    assert [row["ply"] for row in segments if row["game_id"] == 2] == [1, 2]
    assert codes_by_ply(segments, 2) == {}
    assert "AD100" not in str(segments)


def test_codes_stand_at_their_segment_in_games_read_from_json_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "bad.acey"
    record.write_text(BAD.split('\n\n[White "Bo"]')[0] + "\n", encoding="utf-8")
    status, out, _ = run_main(capsys, "convert", str(record), "--to", "jsonl")
    assert status == 0
    (tmp_path / "bad.jsonl").write_text(out, encoding="utf-8")
    assert to_parquet(capsys, tmp_path / "t", tmp_path / "bad.jsonl")[0] == 0
    assert codes_by_ply(table(tmp_path / "t", "segments"), 1) == GAME_1_CODES


# Syntax errors before the result: game 1 keeps its Result tag, the others have none (find
# then reads the token); 3 has no result token, 4 one with a number too long to read.
BROKEN_BEFORE_RESULT = """\
[White "Ames"]
[Result "0-15"]

1. 61: in/19 19/18 oops  54: in/20 20/16
0-15

[White "Bo"]

1. 61: in/19 19/18  61: in/19 19/18
2. 52: in/20 20/1x
15-0 {resigned}

[White "Cy"]

1. 61: in/19 19/18 oops

[White "Di"]

1. 61: in/19 19/18
1234567890-0
"""


def find_count(capsys: pytest.CaptureFixture[str], path: Path, *words: str) -> int:
    status, out, _ = run_main(capsys, "find", str(path), *words, "--count")
    assert status in (0, 1)
    return int(out)


def games_table(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str
) -> tuple[Path, list[Json]]:
    """A record of ``text``, and the rows of its games table."""
    record = tmp_path / "record.acey"
    record.write_text(text, encoding="utf-8")
    assert to_parquet(capsys, tmp_path / "t", record)[0] == 0
    return record, table(tmp_path / "t", "games")


def test_a_syntax_error_before_the_result_does_not_change_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/find.md, Results; docs/data.md: the result token as written, wherever the error."""
    record, games = games_table(capsys, tmp_path, BROKEN_BEFORE_RESULT)
    columns = ("result", "outcome", "winner", "points_white", "points_black")
    assert [tuple(game[c] for c in columns) for game in games] == [
        ("0-15", "black", "black", 0, 15),
        ("15-0", "white", "white", 15, 0),
        ("*", "unfinished", None, None, None),
        ("*", "unfinished", None, None, None),
    ]
    assert [game["errors"] for game in games] == [1, 1, 1, 1]
    # find reads the same result, from the tags and tokens alone or replaying the games.
    for outcome in ("white", "black", "unfinished"):
        counted = sum(game["outcome"] == outcome for game in games)
        assert find_count(capsys, record, "--result", outcome) == counted
        assert find_count(capsys, record, "--result", outcome, "--hits", ">=0") == counted


# Results in variations, each a syntax error there: none is its game's result (§4: a
# variation holds none). Game 1's variation is closed, game 2's left open; game 3 has its own
# result after its variation; game 4 follows them all.
RESULTS_IN_VARIATIONS = """\
[White "Ames"]

1. 64: in/19 in/21  43: in/21 in/22
   (1... 52: in/20 20/18 0-15)

[White "Bo"]

1. 64: in/19 in/21  43: in/21 in/22
   (1... 52: in/20 20/18 0-15

[White "Cy"]

1. 64: in/19 in/21  43: in/21 in/22
   (1... 52: in/20 20/18 0-15) 2. 11: --
15-0

[White "Di"]

1. 64: in/19 in/21
0-3
"""


def test_a_result_in_a_variation_is_not_the_game_s(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/notation.md §4, §6: the game's result stands outside its variations, broken or not."""
    record, games = games_table(capsys, tmp_path, RESULTS_IN_VARIATIONS)
    columns = ("result", "outcome", "winner")
    assert [tuple(game[c] for c in columns) for game in games] == [
        ("*", "unfinished", None),
        ("*", "unfinished", None),
        ("15-0", "white", "white"),
        ("0-3", "black", "black"),
    ]
    assert [game["errors"] > 0 for game in games[:3]] == [True] * 3
    for outcome, counted in (("white", 1), ("black", 1), ("unfinished", 2)):
        assert find_count(capsys, record, "--result", outcome) == counted
        assert find_count(capsys, record, "--result", outcome, "--hits", ">=0") == counted


def test_find_and_the_games_table_agree_on_winners_of_broken_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    texts = [write_game(game) for game in generate_games(12, 3, RuleSet())]
    for number in range(0, 12, 3):  # a word that is no move in the fourth line of a few
        lines = texts[number].split("\n")
        lines[11] += " oops"
        texts[number] = "\n".join(lines)
    record, games = games_table(capsys, tmp_path, "\n".join(texts))
    assert sum(game["errors"] > 0 for game in games) == 4
    for side in ("white", "black"):
        assert find_count(capsys, record, "--result", side) == sum(
            game["winner"] == side for game in games
        )
    assert find_count(capsys, record, "--result", "unfinished") == 0


def test_an_unreadable_input_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], corpus: Path
) -> None:
    missing = tmp_path / "missing.acey"
    latin = tmp_path / "latin.acey"
    latin.write_bytes(b'[White "J\xf6rg"]\n*\n')
    status, err = to_parquet(capsys, tmp_path / "t", corpus, missing, latin)
    latin.unlink()
    assert status == 2
    assert f"{missing}: no such file" in err
    assert f"{latin}:1:10: is not UTF-8 text (byte 0xF6 here cannot be read)" in err
    assert err.endswith("nothing written: fix the errors above first\n")
    assert list(tmp_path.iterdir()) == []  # neither the folder nor a temporary one


def test_json_that_holds_no_record_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "in").mkdir()
    document = tmp_path / "in" / "games.json"
    document.write_text('{"format": "aceynote"}', encoding="utf-8")
    status, err = to_parquet(capsys, tmp_path / "t", document)
    assert status == 2  # a document that is not aceynote's cannot be read, as in every command
    assert f'{document}: "version" is missing' in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in"]


def test_a_folder_that_is_not_empty_is_refused_and_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], corpus: Path
) -> None:
    folder = tmp_path / "t"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine", encoding="utf-8")
    status, err = to_parquet(capsys, folder, corpus)
    assert status == 2
    assert f"{folder}: the folder is not empty" in err
    assert [p.name for p in folder.iterdir()] == ["notes.txt"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t"]
    (folder / "notes.txt").unlink()
    assert to_parquet(capsys, folder, corpus)[0] == 0  # an empty folder is filled
    assert sorted(p.name for p in folder.iterdir()) == ["games.parquet", "segments.parquet"]


@pytest.mark.parametrize(
    ("target", "message"),
    [
        ("-", "--to parquet writes a folder: name it with -o DIR"),
        ("file.txt", "file.txt: is not a folder"),
        ("no/such/t", "the folder"),
        ("t --positions", "--positions and --diagnostics are for --to json and jsonl: the tables"),
    ],
)
def test_outputs_that_cannot_be_a_folder(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    corpus: Path,
    target: str,
    message: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "file.txt").write_text("mine", encoding="utf-8")
    folder, *extra = target.split()
    status, err = to_parquet(capsys, folder, corpus, extra=tuple(extra))
    assert status == 2
    assert message in err
    assert (tmp_path / "file.txt").read_text(encoding="utf-8") == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file.txt"]


def test_without_pyarrow_the_message_names_the_extra(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    corpus: Path,
) -> None:
    for name in ("pyarrow", "pyarrow.parquet"):
        monkeypatch.setitem(sys.modules, name, None)  # import fails as if not installed
    monkeypatch.delitem(sys.modules, "aceynote.formats.parquet", raising=False)
    status, err = to_parquet(capsys, tmp_path / "t", corpus)
    assert status == 2
    assert f"pyarrow is not installed; install it with: {install_command('data')}" in err
    assert list(tmp_path.iterdir()) == []


def test_row_groups_hold_a_fixed_number_of_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from aceynote.formats import parquet

    monkeypatch.setattr(parquet, "ROW_GROUP_GAMES", 3)
    record = generated(tmp_path, 7)
    assert to_parquet(capsys, tmp_path / "t", record)[0] == 0
    games = pq.ParquetFile(tmp_path / "t" / "games.parquet")
    segments = pq.ParquetFile(tmp_path / "t" / "segments.parquet")
    assert [games.metadata.row_group(i).num_rows for i in range(games.num_row_groups)] == [3, 3, 1]
    assert segments.num_row_groups == 3
    for group in range(3):
        ids = set(segments.read_row_group(group, columns=["game_id"]).column(0).to_pylist())
        assert ids == set(games.read_row_group(group, columns=["game_id"]).column(0).to_pylist())


WRITTEN = """\
[White "A"]

{a comment}  1. 61: in/19   19/18
  11: in/24 in/24 24/23 24/23 *
{after}
"""


def test_the_movetext_and_plays_are_as_written_and_canonical_from_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "written.acey"
    record.write_text(WRITTEN, encoding="utf-8")
    status, out, _ = run_main(capsys, "convert", str(record), "--to", "jsonl")
    assert status == 0
    (tmp_path / "written.jsonl").write_text(out, encoding="utf-8")
    assert to_parquet(capsys, tmp_path / "acey", record)[0] == 0
    assert to_parquet(capsys, tmp_path / "json", tmp_path / "written.jsonl")[0] == 0
    (game,) = table(tmp_path / "acey", "games")
    assert game["movetext"] == WRITTEN.split("\n\n", 1)[1]
    plays = [row["play"] for row in table(tmp_path / "acey", "segments")]
    assert plays == ["in/19 19/18", "in/24 in/24 24/23 24/23"]
    # JSON holds the canonical form (aceynote fmt's), and no text: so do the tables.
    (game,) = table(tmp_path / "json", "games")
    assert (
        game["movetext"] == "{a comment}\n1. 61: in/19 19/18  11: in/24(2) 24/23(2)\n*\n{after}\n"
    )
    plays = [row["play"] for row in table(tmp_path / "json", "segments")]
    assert plays == ["in/19 19/18", "in/24(2) 24/23(2)"]


def test_a_bgammon_replay_gets_the_canonical_movetext_and_its_match_columns(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "games.acey"
    games = list(generate_games(2, 4, RuleSet.parse("bgammon")))
    record.write_text("\n".join(map(write_game, games)), encoding="utf-8")
    replay = tmp_path / "games.match"
    assert run_main(capsys, "convert", str(record), "--to", "bgammon", "-o", str(replay))[0] == 0
    canonical = tmp_path / "canonical.acey"
    assert run_main(capsys, "convert", str(replay), "--to", "acey", "-o", str(canonical))[0] == 0
    assert to_parquet(capsys, tmp_path / "t", replay)[0] == 0
    rows = table(tmp_path / "t", "games")
    assert [row["movetext"] for row in rows] == movetexts(canonical)
    assert [(row["match_length"], row["match_score_white"]) for row in rows] == [(1, 0), (1, 0)]
    assert {row["site"] for row in rows} == {"bgammon.org"}


def test_a_folder_filled_meanwhile_is_not_replaced(tmp_path: Path) -> None:
    from aceynote.files.writing import write_folder_atomically

    target = tmp_path / "t"

    def write(temporary: str) -> bool:
        (Path(temporary) / "games.parquet").write_text("new", encoding="utf-8")
        target.mkdir()
        (target / "mine.txt").write_text("mine", encoding="utf-8")  # another program, meanwhile
        return True

    with pytest.raises(OSError):
        write_folder_atomically(str(target), write)
    assert [p.name for p in target.iterdir()] == ["mine.txt"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t"]  # no temporary folder left


def test_a_failed_conversion_leaves_no_temporary_folder(tmp_path: Path) -> None:
    from aceynote.files.writing import write_folder_atomically

    def write(temporary: str) -> bool:
        (Path(temporary) / "games.parquet").write_text("half", encoding="utf-8")
        raise KeyboardInterrupt  # Ctrl-C halfway

    with pytest.raises(KeyboardInterrupt):
        write_folder_atomically(str(tmp_path / "t"), write)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("name", ["SIGTERM", "SIGQUIT", "SIGUSR1", "SIGALRM"])
def test_a_stop_signal_leaves_no_folder(tmp_path: Path, name: str) -> None:
    """SIGQUIT, SIGUSR1 and SIGALRM left a .aceynote-*.tmp folder (issue 37)."""
    import signal
    import subprocess
    import time

    from conftest import aceynote_process

    target = tmp_path / "t"
    command = aceynote_process("convert", "-", "--to", "parquet", "-o", str(target))
    with subprocess.Popen(command, stdin=subprocess.PIPE, stderr=subprocess.PIPE) as process:
        assert process.stdin is not None
        process.stdin.write(b'[White "A"]\n\n1. 61: in/19 19/18\n')  # and more to come
        process.stdin.flush()
        deadline = time.monotonic() + 60
        while not any(tmp_path.iterdir()) and time.monotonic() < deadline:
            time.sleep(0.05)  # until the temporary folder is made
        number = getattr(signal, name)
        process.send_signal(number)
        status = process.wait(60)
        assert process.stderr is not None
        assert status == 128 + number, process.stderr.read().decode(errors="replace")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("target", "message"),
    [
        ("", "name the folder to write with -o DIR"),
        ("link", "link: is a symbolic link; name a new or empty folder"),
        ("file.txt/t", "file.txt: is not a folder"),
    ],
)
def test_an_output_folder_is_checked_before_any_reading(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    corpus: Path,
    target: str,
    message: str,
) -> None:
    """These were found only once the whole conversion was done ("Not a directory"),
    or said a folder did not exist where a file stood."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "file.txt").write_text("mine", encoding="utf-8")
    (tmp_path / "empty").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "empty")
    status, err = to_parquet(capsys, target, corpus)
    assert status == 2 and message in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty", "file.txt", "link"]
    assert not any((tmp_path / "empty").iterdir())
