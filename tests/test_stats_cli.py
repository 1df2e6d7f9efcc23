"""``aceynote stats`` on the command line: text, JSON shape, bad input and exit codes."""

from __future__ import annotations

import io
import json
import re
import tracemalloc
from pathlib import Path

import pytest
from conftest import BROKEN, ROOT, run_main
from stats_records import CLUB, HAND_COUNTED, OPENINGS, short_game

from aceynote.commands import stats as stats_command
from aceynote.notation import Tag
from aceynote.notation.generate import generate_games
from aceynote.notation.writer import write_game
from aceynote.render.stats_text import names_shown
from aceynote.rules import RuleSet
from aceynote.terminal_text import columns
from aceynote.validation import validate

# An illegal play at line 3 column 8: White has no checker on point 24, all are in the pool.
ILLEGAL = '[White "Ann"]\n\n1. 64: 24/18 24/14\n*\n'


# A player's record, in the players' table and in the crosstable alike.
RECORD_KEYS = ["games", "wins", "losses", "unfinished", "points_for", "points_against"]


def written(tmp_path: Path, text: str, name: str = "club.acey") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_text_answers_who_won_and_are_the_dice_fair(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, err = run_main(capsys, "stats", written(tmp_path, CLUB))
    assert (status, err) == (0, "")
    assert out.startswith("5 games, 5 turns\n")
    rows = [line.split() for line in out.splitlines() if line.startswith("  ") and "  Ann " in line]
    # rank, player, games, wins, losses, unfinished, points, against, per win, longest
    assert rows[0] == ["1", "Ann", "4", "2", "1", "1", "7", "1", "3.50", "1"]
    assert "everybody's dice: too few rolls to test (5; the test needs 180)" in out
    assert "Crosstable" in out


def test_json_shape(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = written(tmp_path, CLUB + HAND_COUNTED + OPENINGS)
    status, out, _ = run_main(capsys, "stats", path, "--format", "json")
    assert status == 0
    data = json.loads(out)
    assert list(data) == [
        "version",
        "by",
        "games",
        "turns",
        "groups",
        "dice",
        "lengths",
        "margins",
        "unfinished",
        "first_move",
        "openings",
        "matches",
    ]
    assert (data["version"], data["by"], data["games"]) == (1, "player", 9)
    (group,) = data["groups"]
    assert list(group) == ["event", "games", "players", "crosstable"]
    assert list(group["players"][0]) == ["rank", "name", *RECORD_KEYS, "average_win", "longest"]
    assert group["players"][0]["name"] == "Ann"
    assert list(group["crosstable"][0]) == ["player", "opponent", *RECORD_KEYS]
    everybody = data["dice"][0]
    assert everybody["player"] is None
    assert (
        list(everybody["counts"])[:4] == ["11", "21", "22", "31"] and len(everybody["counts"]) == 21
    )
    assert everybody["degrees_of_freedom"] == 20
    assert everybody["rolls"] == sum(everybody["counts"].values())
    assert everybody["doubles_expected_share"] == round(1 / 6, 6)
    assert set(everybody) >= {"chi_square", "p_value", "enough_rolls", "acey_deuceys_share"}
    assert list(data["lengths"]) == ["games", "mean", "median", "shortest", "longest", "bins"]
    assert data["first_move"][0]["side"] == "white"
    first = data["openings"]["first"][0]
    assert first["roll"] == "64" and list(first["plays"][0]) == [
        "play",
        "games",
        "wins",
        "losses",
        "unfinished",
        "score",
    ]
    assert data["matches"] == []


def test_json_of_a_match(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    tags = ('[MatchLength "3"]', '[MatchScore "0-0"]')
    text = short_game("north", "south", "3-0", *tags)
    status, out, _ = run_main(capsys, "stats", written(tmp_path, text), "--format", "json")
    (match,) = json.loads(out)["matches"]
    assert status == 0
    assert match["winner"] == "north" and match["score"] == [3, 0] and match["length"] == 3
    assert match["games"][0] == {
        "file": str(tmp_path / "club.acey"),
        "game": 1,
        "line": 1,
        "white": "north",
        "black": "south",
        "result": "3-0",
        "score": [3, 0],
        "stated_score": None,
    }


def test_by_event_text(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, _ = run_main(capsys, "stats", written(tmp_path, HAND_COUNTED), "--by", "event")
    assert status == 0
    assert "Event Spring: 1 game" in out and "Event Autumn: 1 game" in out


def test_games_with_errors_are_left_out_and_shown_where(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = written(tmp_path, BROKEN + "\n" + ILLEGAL + "\n" + CLUB)
    status, out, err = run_main(capsys, "stats", path)
    assert status == 1
    assert f"{path}:3:4: error AD100:" in err  # 72 is not a roll
    assert f"{path}:8:8: error AD301:" in err  # no checker on 24, in the game on line 6
    assert err.rstrip().endswith("aceynote: 2 games with errors left out of the figures")
    assert out.startswith("5 games, 5 turns\n")  # the club's, counted still


def test_an_unreadable_file_is_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, err = run_main(
        capsys, "stats", str(tmp_path / "none.acey"), written(tmp_path, CLUB)
    )
    assert status == 2
    assert "none.acey: no such file" in err
    assert "no game in" not in err  # unreadable, not empty: one message, not two
    assert out.startswith("5 games")


def test_not_utf8_names_its_place(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "bad.acey"
    path.write_bytes(b'[White "Ann"]\n[Black "B\xff"]\n\n1. 64: in/19 in/21\n*\n')
    status, _, err = run_main(capsys, "stats", str(path))
    assert status == 2
    assert f"{path}:2:" in err
    assert "no game in" not in err


def test_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        run_main(capsys, "stats", "x.acey", "--by", "colour")
    assert stopped.value.code == 2
    assert "invalid choice: 'colour'" in capsys.readouterr().err


def test_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(CLUB))
    status, out, _ = run_main(capsys, "stats", "-", "--format", "json")
    assert status == 0 and json.loads(out)["games"] == 5


def test_html_to_a_file_and_to_stdout(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = written(tmp_path, CLUB)
    page = tmp_path / "stats.html"
    status, out, _ = run_main(capsys, "stats", path, "--html", str(page))
    assert status == 0 and out.startswith("5 games")  # the text as well
    assert page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    status, out, _ = run_main(capsys, "stats", path, "--html", "-")
    assert status == 0 and out.startswith("<!DOCTYPE html>") and "5 games, 5 turns" not in out


def test_json_and_the_page_on_standard_output_both_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Standard output takes one of them: the JSON asked for is not silently dropped."""
    path = written(tmp_path, CLUB)
    status, out, err = run_main(capsys, "stats", path, "--format", "json", "--html", "-")
    assert status == 2 and not out
    assert "--html - writes the page to standard output" in err and "--html OUT" in err


def test_nothing_to_count(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, err = run_main(capsys, "stats", written(tmp_path, ""))
    assert (status, out) == (0, "0 games: nothing to count\n")
    assert err.startswith("aceynote: warning: no game in ")
    status, out, _ = run_main(capsys, "stats", written(tmp_path, CLUB))
    assert status == 0
    assert "Opening tree: no game from the opening position" in out  # the club's are Setups


def test_hostile_names_are_escaped(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # A name that would set the terminal's title: shown as escapes in the tables.
    text = short_game("\x1b]0;x\x07", "Bob", "1-0")
    status, out, _ = run_main(capsys, "stats", written(tmp_path, text))
    assert status == 0
    assert "\x1b" not in out and "\\x1b]0;x\\x07" in out


def test_a_tab_in_a_name_is_shown_escaped_and_keeps_the_columns_in_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """stats.md: names are shown escaped where they hold control characters; a tab was
    kept, and moved the table's columns."""
    text = short_game("O'Brien\ttab", "Bob", "1-0")
    status, out, _ = run_main(capsys, "stats", written(tmp_path, text))
    assert status == 0 and "\t" not in out and "O'Brien\\x09tab" in out
    header = next(line for line in out.splitlines() if line.startswith("  #  player"))
    row = next(line for line in out.splitlines() if "O'Brien" in line and line.startswith("  1"))
    assert len(row) == len(header)  # every column in line with its heading
    short = names_shown(80)("O'Brien\ttab" + "x" * 200)
    assert columns(short) == columns(names_shown(80)("y" * 200))  # cut as shown


def test_wide_names_keep_the_columns_in_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # A Chinese character takes two columns on a terminal: the tables pad by columns.
    text = short_game("李雷", "Bob", "1-0")
    status, out, _ = run_main(capsys, "stats", written(tmp_path, text))
    assert status == 0
    lines = out.splitlines()
    header = next(line for line in lines if line.startswith("  #  player"))
    row = next(line for line in lines if line.startswith("  1") and "李雷" in line)
    games_end = row.index("李雷") + len("李雷") + row[row.index("李雷") + 2 :].index("1") + 1
    # Each of the two wide characters takes one more column than its one character.
    assert games_end + 2 == header.index("games") + len("games")


def test_a_long_wide_name_is_cut_to_the_columns_an_ascii_one_gets() -> None:
    # On an 80-column terminal a name gets what the other columns leave, counted
    # in columns: a Chinese character takes two.
    room = columns(names_shown(80)("x" * 200))
    shown = names_shown(80)("李雷" * 100)
    assert shown.endswith("…") and room - 1 <= columns(shown) <= room < 80
    assert names_shown(None)("李雷" * 100) == "李雷" * 100


def test_the_players_table_fits_an_80_column_terminal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(stats_command, "_terminal_width", lambda: 80)
    text = short_game("Alexandra Konstantinopoulou-Smythe", "Bob", "1-0")
    text += "".join(
        short_game(f"Player {n} of the long club name", "Bob", "1-0") for n in range(12)
    )
    status, out, _ = run_main(capsys, "stats", written(tmp_path, text))
    assert status == 0
    shown = out.splitlines()
    start = next(at for at, line in enumerate(shown) if line.startswith("Players:"))
    players = shown[start : shown.index("", start)]
    assert max(columns(line) for line in players) <= 80
    assert any(line.startswith("  1   Alexandra Kons") for line in players)  # 14 players


def test_help_teaches_with_examples(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        run_main(capsys, "stats", "--help")
    out = capsys.readouterr().out
    assert "aceynote stats club/" in out and "--by event" in out and "exit status" in out


def test_a_match_from_bgammon_org(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # Three games written as a bgammon.org replay: its header's match fields become the
    # MatchLength and MatchScore tags when it is read back, and those make the match.
    games = list(generate_games(3, seed=4, rules=RuleSet.parse("bgammon")))
    for game, score in zip(games, ("0-0", "0-2", "2-1"), strict=True):
        game.tags += [Tag("MatchLength", "25"), Tag("MatchScore", score)]
    record = written(tmp_path, "\n".join(write_game(game) for game in games), "m.acey")
    replay = str(tmp_path / "m.match")
    assert run_main(capsys, "convert", record, "--to", "bgammon", "-o", replay)[0] == 0
    status, out, _ = run_main(capsys, "stats", replay, "--format", "json")
    (match,) = json.loads(out)["matches"]
    results = [game.result_text for game in games]
    assert status == 0 and results == ["0-2", "2-0", "8-0"]  # seed 4's games
    assert match["length"] == 25 and match["players"] == ["Random_White", "Random_Black"]
    assert [game["score"] for game in match["games"]] == [[0, 2], [2, 2], [10, 2]]
    # The third game's MatchScore says 2-1; the results before it give 2-2.
    assert [game["stated_score"] for game in match["games"]] == [None, None, "2-1"]
    assert match["winner"] is None  # nobody reached 25
    text = run_main(capsys, "stats", replay)[1]
    (line,) = [line for line in text.splitlines() if "Random_White v Random_Black (" in line]
    match_part = line[line.rindex("(to ") :]  # the record's path before it may hold 25
    assert match_part.count("25") == 1, line  # "(to 25)", once


def test_a_matchs_running_score_is_shown_white_first_as_its_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # The players change colours in the second game: its line reads "Bob v Ann 0-2",
    # so the score after it is Bob's first too (Ann 3 + 0, Bob 0 + 2), as is its
    # MatchScore, which agrees (Bob 0, Ann 3 before it).
    match = ('[Match "Final"]', '[MatchLength "5"]')
    text = short_game("Ann", "Bob", "3-0", *match, '[MatchScore "0-0"]')
    text += short_game("Bob", "Ann", "0-2", *match, '[MatchScore "0-3"]')
    status, out, _ = run_main(capsys, "stats", written(tmp_path, text))
    assert status == 0
    assert "Final (to 5): Ann 5, Bob 0; Ann won" in out
    assert "game 1: Ann v Bob 3-0, then 3-0\n" in out
    assert "game 2: Bob v Ann 0-2, then 0-5\n" in out


def test_text_histogram_of_lengths(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    games = list(generate_games(30, seed=3, rules=RuleSet()))
    turns = [validate(game).turns for game in games]
    record = written(tmp_path, "\n".join(write_game(game) for game in games))
    status, out, _ = run_main(capsys, "stats", record)
    assert status == 0
    lines = out.split("Game lengths in turns: ", 1)[1].splitlines()
    assert lines[0].startswith(f"mean {sum(turns) / len(turns):.1f}, median ")
    tens = range(min(turns) // 10, max(turns) // 10 + 1)
    counts = [sum(1 for t in turns if t // 10 == ten) for ten in tens]
    bars = [line.split() for line in lines[1 : 1 + len(counts)]]
    assert [bar[0] for bar in bars] == [f"{ten * 10}-{ten * 10 + 9}" for ten in tens]
    assert [int(bar[1]) for bar in bars] == counts
    longest_bar = max(len(bar[2]) if len(bar) > 2 else 0 for bar in bars)
    assert longest_bar == 40  # the most games, the longest bar
    for bar, count in zip(bars, counts, strict=True):
        assert (len(bar) > 2) == (count > 0)  # a bin with a game shows one # at least


@pytest.mark.parametrize("games", [200, 340])
def test_dice_too_uneven_for_a_float_are_reported(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, games: int
) -> None:
    """340 rolls all 52: the p-value underflows to 0 (it was a ZeroDivisionError)."""
    text = '[White "Ann"]\n[Black "Bob"]\n\n1. 52: in/20 in/23\n*\n\n' * games
    status, out, err = run_main(capsys, "stats", written(tmp_path, text))
    assert (status, err) == (0, "")
    verdict = "everybody's dice: unlikely with fair dice (p < 1e-12: fair dice this uneven"
    assert f"{verdict} fewer than 1 time in a trillion)" in out


LONG_NAME = "Harbour Club autumn ladder champion"


def test_names_are_cut_only_to_a_terminals_width(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Names were cut at 24 characters wherever the text went, a pipe too (issue 34)."""
    from aceynote.corpus.stats import counted_game, figures
    from aceynote.notation import parse_games
    from aceynote.render.stats_text import figures_text

    text = short_game(LONG_NAME, "Bob", "1-0", f'[Event "{LONG_NAME}"]') * 2
    out = run_main(capsys, "stats", "--by", "event", written(tmp_path, text))[1]  # a pipe
    assert f"Event {LONG_NAME}: 2 games" in out and "…" not in out
    games = [counted_game(validate(game), "f", n) for n, game in enumerate(parse_games(text), 1)]
    found = figures(games)
    wide = figures_text(found, 200)
    assert f"  1  {LONG_NAME}" in wide and "…" not in wide
    assert "Harbour Club …" in figures_text(found, 60)  # 14 at least
    line = next(line for line in figures_text(found, 93).splitlines() if line.startswith("  1 "))
    assert len(line) == 93 and line.startswith("  1  Harbour Club autumn ladder c… ")


def _peak_of_stats(capsys: pytest.CaptureFixture[str], path: str) -> int:
    tracemalloc.start()
    try:
        status, _, _ = run_main(capsys, "stats", path)
        assert status == 0
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_stats_keeps_no_object_a_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Each figure counts as games go by: ten times the games, about the same peak memory.

    It kept a game's counted object each (about 1.4 KB): 1.2 GB for 10 MB of empty games.
    """
    game = short_game("Ann", "Bob", "3-0", '[Event "e"]')
    few = written(tmp_path, game * 200, "few.acey")
    many = written(tmp_path, game * 2000, "many.acey")
    _peak_of_stats(capsys, few)  # the grammar and the tables loaded first
    growth = _peak_of_stats(capsys, many) - _peak_of_stats(capsys, few)
    assert growth < 1800 * 200  # 200 bytes a game more; kept objects took over 1,000


def crosstable_cells(text: str) -> dict[tuple[str, str], str]:
    """The crosstable's cells by row and column player, from each of its parts."""
    lines = text.split("Crosstable: ", 1)[1].split("\n\nDice: ", 1)[0].splitlines()[1:]
    parts = "\n".join(line for line in lines if not line.startswith("  (")).split("\n\n")
    cells = {}
    for part in parts:
        head, *rows = (line.split() for line in part.splitlines())
        for row, *shown in rows:
            cells.update({(row, column): cell for column, cell in zip(head, shown, strict=True)})
    return cells


def test_the_crosstable_of_16_players_fits_an_80_column_terminal_in_parts() -> None:
    """Every row of 16 players' crosstable wrapped on an 80-column terminal: it is printed in
    parts of columns that fit, each with the rows' names; in a pipe, whole."""
    from aceynote.corpus.stats import counted_game, figures
    from aceynote.notation import parse_games
    from aceynote.render.stats_text import figures_text

    names = [f"Player{n:02}" for n in range(16)]
    text = "".join(short_game(name, names[n - 1], "1-0") for n, name in enumerate(names))
    games = [counted_game(validate(game), "f", n) for n, game in enumerate(parse_games(text), 1)]
    found = figures(games)
    piped, screen = figures_text(found, None), figures_text(found, 80)
    tables = screen.split("Game lengths")[0]  # the players, the crosstable, the dice, the rolls
    assert max(columns(line) for line in tables.splitlines()) <= 80
    assert max(columns(line) for line in piped.splitlines()) > 80  # the whole crosstable
    assert "  (3 parts, to fit 80 columns; | less -S shows it whole)" in screen
    whole = crosstable_cells(piped)
    assert len(whole) == 16 * 16 and whole[("Player01", "Player00")] == "1-0"
    assert crosstable_cells(screen) == whole
    assert "shows it whole" not in figures_text(found, 200)  # one part where it fits


@pytest.mark.parametrize("cut_at", ["tags", "moves", "moves of a game with a Result tag"])
def test_the_game_a_bad_byte_cuts_short_is_not_counted(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, cut_at: str
) -> None:
    """The game a bad byte stands in was counted as far as it went: a game of "White" and
    "Black" (its names past the byte), unfinished, with no turn or one; with a Result tag, a
    game with errors left out (its tag and its missing result disagree)."""
    tags = ['[Result "1-0"]'] if "Result" in cut_at else []
    cut = short_game("Cy", "Dee", "1-0", *tags).encode()
    at = cut.index(b'[Black "Dee"]') if cut_at == "tags" else cut.rindex(b"1-0")
    path = tmp_path / "cut.acey"
    path.write_bytes(short_game("Ann", "Bob", "1-0").encode() + cut[:at] + b"\xe9" + cut[at:])
    status, out, err = run_main(capsys, "stats", str(path), "--format", "json")
    assert status == 2 and "is not UTF-8 text" in err and "left out" not in err
    found = json.loads(out)
    assert found["games"] == 1
    assert sorted(player["name"] for player in found["groups"][0]["players"]) == ["Ann", "Bob"]


def test_a_file_whose_one_game_a_bad_byte_cuts_short_is_not_said_to_be_read_in_part(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game = short_game("Cy", "Dee", "1-0").encode()
    path = tmp_path / "cut.acey"
    path.write_bytes(game.replace(b"1-0", b"\xe91-0"))
    page = tmp_path / "s.html"
    status, _, _ = run_main(capsys, "stats", str(path), "--html", str(page))
    assert status == 2
    said = re.findall(r'<p class="left-out">(.*?)</p>', page.read_text(encoding="utf-8"))
    assert said == ["1 file that could not be read left out of the figures."]


def test_a_file_read_up_to_a_bad_byte_is_not_said_to_be_left_out(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The page said "1 file that could not be read (all of it, or from a point on) left out
    of the figures" where the game before the bad byte is counted, in its heading too."""
    path = tmp_path / "cut.acey"
    path.write_bytes(short_game("Ann", "Bob", "1-0").encode() + b"\n\xff\n")
    page = tmp_path / "s.html"
    status, _, err = run_main(capsys, "stats", str(path), "--html", str(page))
    assert status == 2 and "is not UTF-8 text" in err
    shown = page.read_text(encoding="utf-8")
    assert "<h1>Statistics of 1 game</h1>" in shown
    said = re.findall(r'<p class="left-out">(.*?)</p>', shown)
    assert said == [
        "The rest of 1 file, from a place it could not be read, left out of the figures."
    ]
    from aceynote.render.stats_text import left_out

    assert left_out(0, 1, 1) == [
        "the rest of 1 file, from a place it could not be read, left out of the figures"
    ]
    assert left_out(2, 3, 1) == [
        "2 games with errors left out of the figures",
        "2 files that could not be read left out of the figures",
        "the rest of 1 file, from a place it could not be read, left out of the figures",
    ]
    assert left_out(0, 2, 2) == [
        "the rest of 2 files, from a place each could not be read, left out of the figures"
    ]
    assert left_out(0, 1, 0) == ["1 file that could not be read left out of the figures"]
    assert left_out(0, 0, 0) == left_out(0) == []


def test_each_part_of_a_table_names_its_rows_again_as_stats_md_says() -> None:
    """docs/stats.md said each part repeats "the table's first column"; the players' table
    repeats its first two, # and player."""
    from aceynote.corpus.stats import counted_game, figures
    from aceynote.notation import parse_games
    from aceynote.render.stats_text import figures_text

    names = [f"Player number {n:02} of the club" for n in range(4)]
    text = "".join(short_game(name, names[n - 1], "1-0") for n, name in enumerate(names))
    games = [counted_game(validate(game), "f", n) for n, game in enumerate(parse_games(text), 1)]
    shown = figures_text(figures(games), 50).split("Crosstable")
    players, crosstable = shown[0].splitlines(), shown[1].split("Dice")[0].splitlines()
    heads = [line.split()[:3] for line in players if line.startswith("  #")]
    assert len(heads) == 3 and all(head[:2] == ["#", "player"] for head in heads)
    assert len({head[2] for head in heads}) == 3  # then columns of its own in each part
    rows = [line.split()[:3] for line in crosstable if line.startswith("  Player number")]
    assert len(rows) == 8 and all(row[2] != "number…" for row in rows)  # one column of names
    said = " ".join((ROOT / "docs" / "stats.md").read_text(encoding="utf-8").split())
    assert "the players' table's first two (`#` and `player`), the others' first" in said


def test_every_line_of_a_clubs_figures_fits_an_80_column_terminal() -> None:
    # The first-move lines and the opening trees' headings ran past 80 columns and wrapped.
    from aceynote.corpus.stats import counted_game, figures
    from aceynote.render.stats_text import figures_text

    games = generate_games(40, seed=3, rules=RuleSet())
    found = figures([counted_game(validate(game), "f", n) for n, game in enumerate(games, 1)])
    screen = figures_text(found, 80).splitlines()
    assert max(columns(line) for line in screen) <= 80
    assert sum("moved first in" in line for line in screen) == 2
    assert sum(line.startswith("Opening tree, ") for line in screen) == 2


def test_the_page_says_what_the_figures_leave_out(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The page said "Statistics of 5 games" and never that 2 more were left out for their
    errors: only standard error said so, which a reader of the page never sees."""
    path, page = written(tmp_path, BROKEN + "\n" + ILLEGAL + "\n" + CLUB), tmp_path / "s.html"
    status, _, err = run_main(capsys, "stats", path, "--html", str(page))
    words = "2 games with errors left out of the figures"
    assert status == 1 and err.rstrip().endswith(f"aceynote: {words}")
    shown = page.read_text(encoding="utf-8")
    assert (
        f'<h1>Statistics of 5 games</h1><p class="note">5 turns.</p><p class="left-out">{words}.</p>'
        in shown
    )
    assert str(tmp_path) not in shown  # the page names no file here, nor those of the errors
    missing = str(tmp_path / "none.acey")
    status, _, err = run_main(capsys, "stats", missing, str(path), "--html", str(page))
    assert status == 2 and f"aceynote: {words}" in err  # said with an unreadable file too
    shown = page.read_text(encoding="utf-8")
    assert f'<p class="left-out">{words}.</p>' in shown
    said = "1 file that could not be read left out of the figures"
    assert f'<p class="left-out">{said}.</p>' in shown
    assert run_main(capsys, "stats", written(tmp_path, CLUB), "--html", str(page))[0] == 0
    assert "left out" not in page.read_text(encoding="utf-8")
