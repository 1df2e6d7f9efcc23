"""The verdicts on the dice keep to the terminal's width, as the tables do (docs/stats.md)."""

from __future__ import annotations

from aceynote.corpus.stats import counted_game, figures
from aceynote.notation import parse_games
from aceynote.render.stats_text import figures_text
from aceynote.terminal_text import columns
from aceynote.validation import validate

LONG = "Alexandra Montgomery-Whitfield"
# 200 rolls a player, all 5-2: dice fair dice give fewer than 1 time in a trillion.
UNEVEN = f'[White "{LONG}"]\n[Black "Bob"]\n\n1. 52: in/20 in/23  52: in/20 in/23\n*\n\n' * 200


def _text(record: str, width: int | None) -> str:
    games = parse_games(record)
    return figures_text(
        figures(counted_game(validate(g), "f", n) for n, g in enumerate(games, 1)), width
    )


def test_a_verdict_with_a_long_name_is_broken_to_80_columns() -> None:
    # "  Alexandra Montg…'s dice: unlikely with fair dice (p < 1e-12: ...)" ran to 109
    # columns; the terminal broke it in the middle of a word.
    screen = _text(UNEVEN, 80).splitlines()
    assert max(columns(line) for line in screen) <= 80
    start = next(i for i, line in enumerate(screen) if line.startswith("  Alexandra Montg…'s"))
    verdict = [screen[start]]
    while screen[start + len(verdict)].startswith("    "):
        verdict.append(screen[start + len(verdict)])
    assert len(verdict) == 2
    said = " ".join(part.strip() for part in verdict)
    assert said == (
        "Alexandra Montg…'s dice: unlikely with fair dice"
        " (p < 1e-12: fair dice this uneven fewer than 1 time in a trillion)"
    )


def test_in_a_pipe_a_verdict_is_one_line() -> None:
    text = _text(UNEVEN, None)
    assert f"  {LONG}'s dice: unlikely with fair dice (p < 1e-12: fair dice this uneven" in text
