"""The grammar's LALR tables: shipped built, loaded instead of built, cached only where safe."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest
from conftest import ROOT, SAMPLES

from aceynote.notation import lalr_tables as tables_module
from aceynote.notation import parse_games
from aceynote.notation.lalr_tables import (
    TABLES_FILE,
    _build,
    _from_blob,
    _to_blob,
    load_parser,
    tables_key,
)
from aceynote.notation.parser import _Builder, _TokenList, grammar_text

RECORDS = sorted(SAMPLES.glob("*.acey"))


def test_the_shipped_tables_belong_to_the_grammar() -> None:
    shipped = (ROOT / "grammars" / TABLES_FILE).read_bytes()
    header = shipped.split(b"\n", 1)[0].decode("ascii")
    digest = hashlib.sha256(grammar_text().encode("utf-8")).hexdigest()
    assert digest in header, "grammar changed: run python -m aceynote.notation.build_tables"


@pytest.mark.parametrize("path", RECORDS, ids=lambda path: path.name)
def test_loaded_tables_read_records_as_built_ones_do(path: Path) -> None:
    built = _build(grammar_text(), _TokenList, _Builder())
    key = tables_key(grammar_text())
    loaded = _from_blob(_to_blob(built, key), key, _Builder())
    assert loaded is not None
    from aceynote.notation import parser

    text = path.read_text(encoding="utf-8")
    for game_tokens in parser.iter_game_tokens(path):
        if game_tokens.problems:
            continue
        assert loaded.parse(list(game_tokens.tokens)) == built.parse(list(game_tokens.tokens))
    assert parse_games(text)


def test_tables_of_another_grammar_or_lark_are_not_used() -> None:
    built = _build(grammar_text(), _TokenList, _Builder())
    blob = _to_blob(built, tables_key(grammar_text()))
    assert _from_blob(blob, tables_key(grammar_text() + "\n// changed"), _Builder()) is None
    assert _from_blob(b"garbage\nnot a pickle", tables_key(grammar_text()), _Builder()) is None


def _no_shipped(monkeypatch: pytest.MonkeyPatch, cache: Path) -> None:
    monkeypatch.setattr(tables_module, "_shipped", lambda: None)
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))


def test_without_shipped_tables_they_are_built_once_and_cached(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _no_shipped(monkeypatch, tmp_path)
    load_parser(grammar_text(), _TokenList, _Builder())
    [cached] = (tmp_path / "aceynote").iterdir()
    assert cached.stat().st_mode & 0o077 == 0  # only the user may read or write it
    built = []
    monkeypatch.setattr(tables_module, "_build", lambda *args: built.append(1))
    load_parser(grammar_text(), _TokenList, _Builder())
    assert built == [], "the cached tables were used"


def test_a_cache_others_may_write_is_not_trusted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _no_shipped(monkeypatch, tmp_path)
    load_parser(grammar_text(), _TokenList, _Builder())
    [cached] = (tmp_path / "aceynote").iterdir()
    os.chmod(cached, 0o666)
    assert tables_module._cached(tables_key(grammar_text())) is None
    os.chmod(cached, 0o600)
    os.chmod(cached.parent, 0o777)
    assert tables_module._cached(tables_key(grammar_text())) is None
    os.chmod(cached.parent, 0o700)
    assert tables_module._cached(tables_key(grammar_text())) is not None
