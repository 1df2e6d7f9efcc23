"""``aceynote analyze --format parquet -o DIR``: the decisions table, joined in DuckDB with the
segments table that ``convert --to parquet`` writes of the same inputs."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import duckdb
import pyarrow.parquet as pq
import pytest
from analysed_games import analysis_document, option_text, write_short_games
from conftest import run_main

from aceynote.analysis.leaves import FACT_NAMES
from aceynote.formats.parquet import DECISIONS
from aceynote.notation import write_game
from aceynote.notation.generate import generate_games
from aceynote.rules import parse_rules

AS_IN_JSON = ("ply", "turn", "side", "kind", "roll", "played", "equity", "loss", "mark")
AS_IN_JSON += ("forced", "luck", "phase")
DOC = Path(__file__).parent.parent / "docs" / "data.md"
DOCUMENTED = re.compile(r"<!-- decisions example: (\w+) -->\n```sql\n(.*?)```", re.DOTALL)


@pytest.fixture(scope="module")
def folders(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    """A record of three short games, its decisions table and its two tables."""
    base = tmp_path_factory.mktemp("decisions")
    record = write_short_games(base / "games.acey", seeds=(4, 5))
    full = generate_games(1, 3, parse_rules("standard"))  # from the opening: blots and shots
    record.write_text(
        record.read_text(encoding="utf-8") + "\n" + "\n".join(map(write_game, full)),
        encoding="utf-8",
    )
    decisions, tables = base / "analysis", base / "tables"
    assert (
        run_main_plain(
            "analyze", str(record), "--depth", "0", "--format", "parquet", "-o", str(decisions)
        )
        == 0
    )
    assert run_main_plain("convert", str(record), "--to", "parquet", "-o", str(tables)) == 0
    return record, decisions, tables


def run_main_plain(*words: str) -> int:
    from aceynote.cli import main

    return main(list(words))


def sql(query: str, folders: tuple[Path, Path, Path]) -> list[tuple[Any, ...]]:
    _, decisions, tables = folders
    query = query.replace("DECISIONS", f"'{decisions / 'decisions.parquet'}'")
    query = query.replace("SEGMENTS", f"'{tables / 'segments.parquet'}'")
    return duckdb.sql(query).fetchall()


def json_rows(game: dict[str, Any]) -> list[dict[str, Any]]:
    """The rows of one game's analysis as its JSON has them, the reason's facts flattened."""
    rows = []
    for decision in game["decisions"]:
        reason = decision["reason"]
        row = {"game_id": game["game"]} | {name: decision[name] for name in AS_IN_JSON}
        row["best"] = option_text(decision["best"][0])
        row["reason"] = None if reason is None else reason["text"]
        for prefix, facts in (("", "written"), ("best_", "best")):
            for name in FACT_NAMES:
                row[prefix + name] = None if reason is None else reason[facts][name]
        rows.append(row)
    return rows


def test_one_row_a_decision_as_the_json_has_it(folders: tuple[Path, Path, Path]) -> None:
    record, decisions, _ = folders
    games = analysis_document(record)["games"]
    expected = [row for game in games for row in json_rows(game)]
    table = pq.read_table(decisions / "decisions.parquet")
    assert set(table.schema.names) == set(expected[0])
    assert table.schema == DECISIONS
    assert table.to_pylist() == expected
    marked = [row for row in expected if row["mark"]]
    assert marked and all(row["reason"] and row["blots"] is not None for row in marked)
    assert any(row["shots"] is not None for row in marked)


def test_the_decisions_join_the_segments(folders: tuple[Path, Path, Path]) -> None:
    ((joined, same, decisions),) = sql(
        "SELECT count(*), sum((d.played = s.play)::int), (SELECT count(*) FROM DECISIONS) "
        "FROM DECISIONS d JOIN SEGMENTS s USING (game_id, ply)",
        folders,
    )
    assert joined == same == decisions > 20


def documented() -> dict[str, str]:
    """docs/data.md's decisions examples, each ``<!-- decisions example: NAME -->`` and its SQL."""
    return dict(DOCUMENTED.findall(DOC.read_text(encoding="utf-8")))


def test_the_documented_questions_run(
    folders: tuple[Path, Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, decisions, _ = folders
    assert sorted(documented()) == ["by_phase", "costly", "shots"]
    monkeypatch.chdir(decisions)  # as the page says: run inside the folder, the tables beside it
    costly = duckdb.sql(documented()["costly"]).fetchall()
    marked = sql("SELECT loss, phase, kind FROM DECISIONS WHERE mark IS NOT NULL", folders)
    assert sum(mistakes for _, _, mistakes, _ in costly) == len(marked)
    assert costly[0][3] == max(lost for *_, lost in costly)
    by_phase = duckdb.sql(documented()["by_phase"]).fetchall()
    unforced = sql("SELECT count(*) FROM DECISIONS WHERE NOT forced", folders)[0][0]
    assert sum(decisions for _, _, decisions, _ in by_phase) == unforced
    shots = duckdb.sql(documented()["shots"]).fetchall()
    assert shots and all(row[5] > row[6] for row in shots)


def test_the_folder_must_be_new_or_empty(
    capsys: pytest.CaptureFixture[str], folders: tuple[Path, Path, Path]
) -> None:
    record, decisions, _ = folders
    status, _, err = run_main(
        capsys, "analyze", str(record), "--format", "parquet", "-o", str(decisions)
    )
    assert status == 2 and "not empty" in err
    status, _, err = run_main(capsys, "analyze", str(record), "--format", "parquet")
    assert status == 2 and "-o DIR" in err
