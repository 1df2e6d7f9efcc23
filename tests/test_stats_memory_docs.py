"""What `figures` keeps is said alike by docs/api.md and docs/stats.md's "Memory".

api.md said it kept "counts only", but a match keeps a line for each of its games.
"""

from __future__ import annotations

import re
from pathlib import Path

from stats_records import short_game

from aceynote.corpus.stats import counted_game, figures
from aceynote.notation import parse_games
from aceynote.validation import validate

DOCS = Path(__file__).resolve().parent.parent / "docs"


def _flat(path: Path) -> str:
    return re.sub(r"\s+", " ", path.read_text(encoding="utf-8"))


def test_figures_keeps_a_line_for_each_game_of_a_match_as_both_docs_say() -> None:
    tags = ('[Match "Final"]', '[MatchLength "5"]')
    text = "".join(short_game("Ann", "Bob", "3-0", *tags) for _ in range(3))
    found = figures(counted_game(validate(g), "f", n) for n, g in enumerate(parse_games(text), 1))
    assert [len(match.games) for match in found.matches] == [3]
    assert "Only a match keeps a short line for each of its games" in _flat(DOCS / "stats.md")
    api = _flat(DOCS / "api.md")
    assert "counts only" not in api
    assert "keeping counts, and a short line for each game of a match" in api
