"""docs/data.md's examples, run: DuckDB's answer, polars' and the JSON form's agree.

The examples are read from the page itself (each ``<!-- example: NAME -->``
followed by its SQL and its Python block), so the page and the test cannot
drift apart. The reference answers are worked out from ``convert --to jsonl``.
"""

from __future__ import annotations

import json
import re
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import duckdb
import pytest
from test_parquet import BAD, generated, play_of, side_of

from aceynote.cli import main

DOC = Path(__file__).parent.parent / "docs" / "data.md"
EXAMPLE = re.compile(r"<!-- example: (\w+) -->\n```sql\n(.*?)```\n\n```python\n(.*?)```", re.DOTALL)
Json = dict[str, Any]


def examples() -> dict[str, tuple[str, str]]:
    return {name: (sql, python) for name, sql, python in EXAMPLE.findall(DOC.read_text())}


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Json]]:
    """Tables of generated games and BAD's first (with three errors), and their JSON form."""
    folder = tmp_path_factory.mktemp("docs")
    corpus = generated(folder, 40, seed=11)
    bad = folder / "bad.acey"
    bad.write_text(BAD.split('\n\n[White "Bo"]')[0] + "\n", encoding="utf-8")
    inputs = [str(corpus), str(bad)]
    assert main(["convert", *inputs, "--to", "parquet", "-o", str(folder / "t")]) == 0
    lines = folder / "all.jsonl"
    assert main(["convert", *inputs, "--to", "jsonl", "--positions", "-o", str(lines)]) == 0
    return folder / "t", [json.loads(line) for line in lines.read_text().splitlines()]


def answers(
    name: str, folder: Path, monkeypatch: pytest.MonkeyPatch
) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """The rows DuckDB and polars give for the example ``name``, run inside ``folder``."""
    sql, python = examples()[name]
    monkeypatch.chdir(folder)
    by_duckdb = duckdb.sql(sql).fetchall()
    namespace: dict[str, Any] = {}
    exec(python, namespace)  # the page's own code
    return by_duckdb, namespace[name].rows()


def same(rows: list[tuple[Any, ...]], expected: list[tuple[Any, ...]]) -> bool:
    return len(rows) == len(expected) and all(
        row == pytest.approx(want) for row, want in zip(rows, expected, strict=True)
    )


def test_the_page_has_its_examples() -> None:
    assert sorted(examples()) == ["codes", "first_mover", "openings", "race"]


def first_mover_won(games: list[Json]) -> float:
    """The share of ``games`` that the side of the first turn won."""
    return sum(game["turns"][0]["side"] == winner(game) for game in games) / len(games)


def agrees(name: str, folder: Path, monkeypatch: pytest.MonkeyPatch, expected: list[Any]) -> bool:
    """Whether DuckDB's and polars' answers to the example ``name`` are both ``expected``."""
    by_duckdb, by_polars = answers(name, folder, monkeypatch)
    return same(by_duckdb, expected) and same(by_polars, expected)


def winner(game: Json) -> str | None:
    match = re.fullmatch(r"(\d+)-(\d+)", game["result"])
    return None if match is None else side_of([int(match.group(1)), int(match.group(2))])


def test_who_moved_first_and_how_often_they_won(
    tables: tuple[Path, list[Json]], monkeypatch: pytest.MonkeyPatch
) -> None:
    folder, games = tables
    finished: dict[str, list[Json]] = defaultdict(list)
    for game in games:
        if winner(game) is not None:
            finished[game["turns"][0]["side"]].append(game)
    expected = [(side, len(won), first_mover_won(won)) for side, won in sorted(finished.items())]
    assert [row[0] for row in expected] == ["black", "white"]
    assert agrees("first_mover", folder, monkeypatch, expected)


def test_the_most_common_opening_plays(
    tables: tuple[Path, list[Json]], monkeypatch: pytest.MonkeyPatch
) -> None:
    folder, games = tables
    plays: dict[tuple[int, int, str], list[Json]] = defaultdict(list)
    for game in games:
        first = game["turns"][0]["segments"][0]
        plays[(*first["dice"], play_of(first))].append(game)
    ranked = sorted(
        plays.items(), key=lambda item: (-len(item[1]), -item[0][0], -item[0][1], item[0][2])
    )
    expected = [(*key, len(played), first_mover_won(played)) for key, played in ranked[:5]]
    assert len(expected) == 5 and expected[0][3] > 1  # a play made more than once
    assert agrees("openings", folder, monkeypatch, expected)


def test_the_race_by_move_number(
    tables: tuple[Path, list[Json]], monkeypatch: pytest.MonkeyPatch
) -> None:
    folder, games = tables
    pips: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for game in games:
        for turn in game["turns"]:
            if turn["number"] <= 10:
                for segment in turn["segments"]:
                    after = segment["position_after"]
                    pips[turn["number"]].append((after["white"]["pips"], after["black"]["pips"]))
    expected = [
        (number, sum(w for w, _ in both) / len(both), sum(b for _, b in both) / len(both))
        for number, both in sorted(pips.items())
    ]
    assert [row[0] for row in expected] == list(range(1, 11))
    assert agrees("race", folder, monkeypatch, expected)


def test_which_errors_how_often(
    tables: tuple[Path, list[Json]], monkeypatch: pytest.MonkeyPatch
) -> None:
    # BAD's first game, by hand: two moves from an empty point, an extra roll missing.
    expected = sorted(Counter({"AD301": 2, "AD404": 1}).items(), key=lambda item: -item[1])
    by_duckdb, by_polars = answers("codes", tables[0], monkeypatch)
    assert by_duckdb == expected and by_polars == expected
