"""The table of a player's figures (aceynote/analysis/figures.py): each entry complete for
where it says it is shown, and a game without a result writing its result as null."""

from __future__ import annotations

from aceynote.analysis.analysed import PlayerFigures
from aceynote.analysis.figures import COLUMNS, FIGURES, ROWS, Over, json_of
from aceynote.analysis.marks import Mark


def test_a_figure_over_one_game_has_its_row_in_the_report() -> None:
    assert [
        figure.key for figure in FIGURES if bool(figure.row) != (Over.ONE_GAME in figure.over)
    ] == []
    assert [figure.mark for figure in ROWS][-len(Mark) :] == list(Mark)  # the marks last


def test_a_column_is_a_figure_over_many_games_with_room_for_its_head() -> None:
    assert all(Over.MANY_GAMES in column.over for column in COLUMNS)
    assert all(column.width > len(column.head) for column in COLUMNS)


def test_each_figure_has_its_own_key() -> None:
    keys = [(figure.mark is None, figure.key) for figure in FIGURES]
    assert len(set(keys)) == len(keys)


def test_a_game_without_a_result_has_none_and_many_games_sum_the_finished() -> None:
    """Many games none of which is finished have no result either: +0 read as games drawn."""
    unfinished = PlayerFigures(games=1, decisions=3, unforced=2, error_total=0.5, luck=0.25)
    game = json_of(unfinished, Over.ONE_GAME)
    assert (game["result"], game["luck_adjusted"], "games" in game) == (None, None, False)
    assert [row.text(unfinished) for row in ROWS if row.key in ("result", "luck_adjusted")] == [
        "-",
        "-",
    ]
    many = json_of(unfinished, Over.MANY_GAMES)
    assert (many["result"], many["luck_adjusted"], many["games"]) == (None, None, 1)
    one_finished = PlayerFigures(games=2, decisions=9, finished=1, result=-3, luck_adjusted=-2.5)
    summed = json_of(one_finished, Over.MANY_GAMES)
    assert (summed["result"], summed["luck_adjusted"]) == (-3, -2.5)  # the finished game's
    assert many["marks"] == {"?!": 0, "?": 0, "??": 0}


def test_a_player_with_no_choice_has_no_error_rate_nor_rating() -> None:
    """0.000 would read as faultless play; the total lost over nothing is still 0."""
    forced_only = PlayerFigures(games=1, decisions=2, finished=1, result=2)
    game = json_of(forced_only, Over.ONE_GAME)
    assert (game["error_rate"], game["error_total"], game["result"]) == (None, 0.0, 2)
    many = json_of(forced_only + PlayerFigures(games=1, decisions=1), Over.MANY_GAMES)
    assert (many["error_rate"], many["rating"], many["games"]) == (None, None, 2)
    assert [row.text(forced_only) for row in ROWS if row.key == "error_rate"] == ["-"]
    assert (forced_only.error_rate, forced_only.rating) == (None, None)  # the API's too
    chose = PlayerFigures(games=1, unforced=4, error_total=0.5, error_rate=0.125, error_games=0.1)
    added = json_of(chose + forced_only, Over.MANY_GAMES)
    assert (added["error_rate"], added["rating"], added["unforced"]) == (0.125, 25.0, 4)
