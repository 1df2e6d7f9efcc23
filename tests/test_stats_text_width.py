"""The lines of words keep to the terminal's width, as the tables do (docs/stats.md)."""

from __future__ import annotations

from dataclasses import replace

from aceynote.corpus.stats import counted_game, figures
from aceynote.corpus.stats.lengths import FirstMove
from aceynote.notation import parse_games
from aceynote.render.stats_text import figures_text
from aceynote.rules import Side
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


def _over(screen: list[str], width: int) -> list[str]:
    return [line for line in screen if columns(line) > width]


def test_every_line_of_words_keeps_to_a_narrow_terminal() -> None:
    # At 60 columns "Dice: the rolls and extra rolls ..." took 77, the legend 70; at 40
    # "Players: 200 games (standings: ...)" 59 and the histogram's bar 58.
    assert _over(_text(UNEVEN, 60).splitlines(), 60) == []
    screen = _text(UNEVEN, 40).splitlines()
    # The opening trees' tables (41 columns) are tables: laid out, never broken at a space.
    assert all(line.startswith(("  roll (games)", "  52 (200)")) for line in _over(screen, 40))
    start = screen.index("Players: 200 games (standings: most")
    assert screen[start + 1] == "  points, then most wins)"
    dice = screen.index("Dice: the rolls and extra rolls of the")
    assert screen[dice + 1] == "  main line (a chosen double is no roll)"
    # A table's rows are never broken: each row of the players' table is one line.
    assert "  1  Alexandra Mon…    200    0" in screen


def test_in_a_pipe_every_line_is_whole() -> None:
    lines = _text(UNEVEN, None).splitlines()
    assert "Dice: the rolls and extra rolls of the main line (a chosen double is no roll)" in lines
    assert "Players: 200 games (standings: most points, then most wins)" in lines
    assert f"     0-9      200 {'#' * 40}" in lines  # the bar as long as ever


def test_the_first_move_with_large_counts_is_broken_to_80_columns() -> None:
    found = figures(counted_game(validate(g), "f", n) for n, g in enumerate(parse_games(UNEVEN), 1))
    large = FirstMove(Side.WHITE, 123_456_789, 61_728_394, 61_728_394, 1)
    found = replace(found, game_figures=replace(found.game_figures, first_moves=(large,)))
    words = (
        "White moved first in 123,456,789 games: won 61728394 (50.0%), lost 61728394, unfinished 1"
    )
    assert f"  {words}\n" in figures_text(found, None)  # in a pipe, one line of 88 columns
    screen = figures_text(found, 80).splitlines()
    start = screen.index(f"  {words[: words.index(' unfinished')]}")  # 78 columns
    assert screen[start + 1] == "    unfinished 1"
    assert _over(screen, 80) == []
