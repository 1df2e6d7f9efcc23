"""Bad input never crashes: damaged records are read, checked, written and converted without an exception."""

from __future__ import annotations

import io
import json

from conftest import SAMPLES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from aceynote.formats.jsonconv import game_to_json, read_json_lines
from aceynote.notation import parse_games, write_game
from aceynote.validation import validate

TEXTS = [
    (SAMPLES / name).read_text(encoding="utf-8")[:2500]
    for name in ("annotated.acey", "mistakes.acey", "setup-bearoff.acey")
]
ALPHABET = list('0123456789/*()[]{}!?$.:=+- \n\tinbarofWB"\\')

edits = st.lists(
    st.tuples(
        st.integers(0, 2499),
        st.sampled_from(["replace", "insert", "delete"]),
        st.sampled_from(ALPHABET),
    ),
    min_size=1,
    max_size=6,
)


def damaged(text: str, changes: list[tuple[int, str, str]]) -> str:
    chars = list(text)
    for position, kind, char in changes:
        at = position % max(1, len(chars))
        if kind == "replace" and chars:
            chars[at] = char
        elif kind == "insert":
            chars.insert(at, char)
        elif chars:
            del chars[at]
    return "".join(chars)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(which=st.integers(0, len(TEXTS) - 1), changes=edits)
def test_damaged_records_are_handled(which: int, changes: list[tuple[int, str, str]]) -> None:
    for game in parse_games(damaged(TEXTS[which], changes)):
        report = validate(game)
        if game.problems:
            assert all(problem.span.line >= 1 for problem in game.problems)
            continue
        again = parse_games(write_game(game))
        assert len(again) == 1 and not again[0].problems
        line = json.dumps(game_to_json(game, report, positions=True, diagnostics=True))
        assert len(list(read_json_lines(io.StringIO(line + "\n")))) == 1
