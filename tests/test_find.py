"""``aceynote find``: every filter against a reference worked out here from the JSON Lines form.

The corpus is generated games with varied tags, copies, an unfinished game
and a game with an illegal play. Each reference reads the games' JSON form
(``convert --to jsonl --positions --diagnostics``), never find's own code;
the games' texts are cut from the record at its ``[Event`` lines.
"""

from __future__ import annotations

import calendar
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import SAMPLES, run_main

from aceynote.notation import Turn, write_game
from aceynote.notation.generate import generate_games
from aceynote.notation.limits import MAX_LINE_BYTES
from aceynote.rules import RuleSet, SegmentKind

Json = dict[str, Any]

WHITES = ["Ines Alder", "Tom Brandt", "Ana Costa", "Bo Dahl"]
BLACKS = ["Eva Ekman", "Ines Alder", "Finn Gray"]
DATES = ["2025.10.04", "2026.01.15", "2026.06.30", "2026.11.02", "2026.??.??", "2026.11.??"]
EVENTS = ["Harbour ladder", "Club night", "Online"]
LAST = 9  # the games of corpus.jsonl: the corpus's last ones


def _corpus_games() -> list[str]:
    """The games' texts: 24 standard games, 4 navy ones, 3 copies, one unfinished, one illegal."""
    games = list(generate_games(24, 5, RuleSet.parse("standard")))
    games += list(generate_games(4, 6, RuleSet.parse("navy")))
    for index, game in enumerate(games):
        game.set_tag("Event", EVENTS[index % 3])
        game.set_tag("White", WHITES[index % 4])
        game.set_tag("Black", BLACKS[index % 3])
        game.set_tag("Date", DATES[index % 6])
    texts = [write_game(game) for game in games]
    for original in (3, 7, 3):  # game 4 twice more, game 8 once more, under another Event
        texts.append(texts[original].replace(f'[Event "{EVENTS[original % 3]}"]', '[Event "Copy"]'))
    short = games[10]  # cut before its first 1-2: a game with none
    short.turns = short.turns[: next(n for n, turn in enumerate(short.turns) if _acey_deucey(turn))]
    short.result = "*"
    short.set_tag("Result", "*")
    texts.append(write_game(short).replace('[Event "Club night"]', '[Event "Unfinished"]'))
    illegal = texts[12].replace('[Event "Online"]', '[Event "Illegal"]')
    first_move = re.search(r"\d\d: in/(\d+)", illegal)
    assert first_move is not None
    point = first_move.group(1)
    texts.append(illegal.replace(f"in/{point}", "in/1", 1))
    return texts


def _acey_deucey(turn: Turn) -> bool:
    return any(
        segment.kind is SegmentKind.ROLL and sorted(segment.dice) == [1, 2]
        for segment in turn.segments
    )


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str], list[Json]]:
    """The record, each game's text as it stands in it, and each game's JSON form."""
    folder = tmp_path_factory.mktemp("find")
    texts = _corpus_games()
    path = folder / "corpus.acey"
    path.write_text("\n".join(texts), encoding="utf-8", newline="")
    jsonl = folder / "corpus-positions.jsonl"
    assert _main(
        "convert", str(path), "--to", "jsonl", "--positions", "--diagnostics", "-o", str(jsonl)
    ) in (0, 1)
    # The JSON Lines reader checks each game against the schema (slow): the last games only.
    last = folder / "last.acey"
    last.write_text("\n".join(texts[-LAST:]), encoding="utf-8")
    assert _main("convert", str(last), "--to", "jsonl", "-o", str(path.with_suffix(".jsonl"))) == 0
    games = [json.loads(line) for line in jsonl.read_text(encoding="utf-8").splitlines()]
    whole = path.read_text(encoding="utf-8")
    cuts = [match.start() for match in re.finditer(r"^\[Event ", whole, re.MULTILINE)]
    pieces = [whole[start:end] for start, end in zip(cuts, [*cuts[1:], len(whole)], strict=True)]
    assert len(pieces) == len(games) == len(texts)
    return path, pieces, games


def _main(*words: str) -> int:
    from aceynote.cli import main

    return main(list(words))


# -- the references, from the JSON form -----------------------------------------------------------


def tags(game: Json) -> dict[str, str]:
    found: dict[str, str] = {}
    for tag in game["tags"]:
        found.setdefault(tag["name"], tag["value"])
    return found


def segments(game: Json) -> list[Json]:
    return [segment for turn in game["turns"] for segment in turn["segments"]]


def outcome(game: Json) -> str:
    result = game["result"] or "*"
    if result == "*" or result == "0-0":
        return "unfinished"
    white, black = (int(part) for part in result.split("-"))
    return "white" if white > black else "black"


def date_within(value: str, first: tuple[int, int, int], last: tuple[int, int, int]) -> bool:
    """Every date the tag value may mean (?? unknown) lies from ``first`` to ``last``: its
    earliest (January, the 1st) and its latest (December, the month's last day)."""
    year, month, day = (int(part) if part.isdigit() else None for part in value.split("."))
    if year is None:
        return False
    low = (year, month or 1, day or 1)
    high_month = month or 12
    high = (year, high_month, day or calendar.monthrange(year, high_month)[1])
    return low >= first and high <= last


def board(setup: str | None) -> str | None:
    """The checkers of a Setup string, without the side to roll (None: the game is over)."""
    return None if setup is None else setup.rsplit(" / ", 1)[0]


def copy_key(game: Json) -> str:
    moves = [(s["kind"], s["dice"], s["moves"]) for s in segments(game)]
    return json.dumps([game["rules"], game["setup"], moves])


def copies(games: list[Json], first: bool) -> set[int]:
    """The numbers of the second and later copies of a game (or, ``first``, of each first copy)."""
    seen: set[str] = set()
    found = set()
    for number, game in enumerate(games, start=1):
        key = copy_key(game)
        if (key in seen) != first:
            found.add(number)
        seen.add(key)
    return found


def played_acey_deucey(segment: Json) -> bool:
    """A 1-2 rolled and played (one that could not be played, ``21: --``, is not)."""
    return (
        segment["kind"] == "roll" and sorted(segment["dice"]) == [1, 2] and bool(segment["moves"])
    )


def hits(game: Json) -> int:
    return sum(step["hit"] for segment in segments(game) for step in segment["steps"])


def some_position(games: list[Json]) -> str:
    """A position after a segment of a game, as a Setup string."""
    return str(segments(games[5])[30]["position_after"]["setup"])


CASES: dict[str, tuple[list[str], Callable[[Json], bool]]] = {
    "player": (["--player", "ines"], lambda g: "Ines" in tags(g)["White"] + tags(g)["Black"]),
    "white": (["--white", "ALDER"], lambda g: tags(g)["White"] == "Ines Alder"),
    "black": (["--black", "gray"], lambda g: tags(g)["Black"] == "Finn Gray"),
    "event": (["--event", "harbour"], lambda g: tags(g)["Event"] == "Harbour ladder"),
    "date month": (["--date", "2026-11"], lambda g: tags(g)["Date"].startswith("2026.11.")),
    "date dots": (["--date", "2026.11"], lambda g: tags(g)["Date"].startswith("2026.11.")),
    "date range": (
        ["--date", "2026-01..2026-06"],
        lambda g: date_within(tags(g)["Date"], (2026, 1, 1), (2026, 6, 30)),
    ),
    "date range of days": (
        ["--date", "2026-01-01..2026-12-31"],
        lambda g: date_within(tags(g)["Date"], (2026, 1, 1), (2026, 12, 31)),
    ),
    "date range of months": (
        ["--date", "2026-01..2026-12"],
        lambda g: date_within(tags(g)["Date"], (2026, 1, 1), (2026, 12, 31)),
    ),
    "date from a month": (
        ["--date", "2026-01.."],
        lambda g: date_within(tags(g)["Date"], (2026, 1, 1), (9999, 12, 31)),
    ),
    "date to a month": (
        ["--date", "..2026-11"],
        lambda g: date_within(tags(g)["Date"], (0, 1, 1), (2026, 11, 30)),
    ),
    "date a month by days": (
        ["--date", "2026-11-01..2026-11-30"],
        lambda g: date_within(tags(g)["Date"], (2026, 11, 1), (2026, 11, 30)),
    ),
    "date open": (["--date", "..2025"], lambda g: tags(g)["Date"].startswith("2025.")),
    "rules": (["--rules", "navy"], lambda g: "navy" in tags(g).get("Rules", "standard")),
    "result white": (["--result", "white"], lambda g: outcome(g) == "white"),
    "result black": (["--result", "black"], lambda g: outcome(g) == "black"),
    "result unfinished": (["--result", "unfinished"], lambda g: outcome(g) == "unfinished"),
    "result token": (["--result", "15-0"], lambda g: g["result"] == "15-0"),
    "tag": (["--tag", "event=NIGHT"], lambda g: "night" in tags(g)["Event"].lower()),
    "tag twice": (
        ["--tag", "Event=o", "--tag", "White=a"],
        lambda g: "o" in tags(g)["Event"].lower() and "a" in tags(g)["White"].lower(),
    ),
    "turns over": (["--turns", ">75"], lambda g: len(g["turns"]) > 75),
    "turns at most": (["--turns", "<=70"], lambda g: len(g["turns"]) <= 70),
    "turns range": (["--turns", "70..80"], lambda g: 70 <= len(g["turns"]) <= 80),
    "acey-deucey": (
        ["--acey-deucey"],
        lambda g: any(map(played_acey_deucey, segments(g))),
    ),
    "no acey-deucey": (
        ["--not", "--acey-deucey"],
        lambda g: not any(map(played_acey_deucey, segments(g))),
    ),
    "pass": (["--pass"], lambda g: any(not s["moves"] for s in segments(g))),
    "hits": (["--hits", ">=12"], lambda g: hits(g) >= 12),
    "errors": (
        ["--errors"],
        lambda g: any(d["severity"] == "error" for d in g["diagnostics"]),
    ),
    "and": (
        ["--white", "costa", "--turns", ">70"],
        lambda g: tags(g)["White"] == "Ana Costa" and len(g["turns"]) > 70,
    ),
    "or": (
        ["--black", "ekman", "--result", "black", "--or", "--rules", "navy"],
        lambda g: (
            (tags(g)["Black"] == "Eva Ekman" and outcome(g) == "black")
            or tags(g).get("Rules") == "navy"
        ),
    ),
    "not a tag": (["--not", "--event", "o"], lambda g: "o" not in tags(g)["Event"].lower()),
}


def found_numbers(capsys: pytest.CaptureFixture[str], path: Path, *words: str) -> list[int]:
    status, out, err = run_main(capsys, "find", str(path), *words, "--format", "json")
    assert status == (0 if out else 1), err
    return [json.loads(line)["game"] for line in out.splitlines()]


@pytest.mark.parametrize("case", list(CASES))
def test_every_filter_finds_the_games_the_json_form_shows(
    capsys: pytest.CaptureFixture[str], corpus: tuple[Path, list[str], list[Json]], case: str
) -> None:
    path, _, games = corpus
    words, wanted = CASES[case]
    expected = [number for number, game in enumerate(games, start=1) if wanted(game)]
    assert 0 < len(expected) < len(games), f"{case}: the corpus does not tell this filter apart"
    assert found_numbers(capsys, path, *words) == expected


@pytest.mark.parametrize(
    ("date", "inside", "outside"),
    [
        (
            "2026.??.??",
            ["2026-01-01..2026-12-31", "2026-01..2026-12", "2026-01..", "..2026-12"],
            ["2026-01-02..2026-12-31", "2026-01..2026-11", "2026-02..", "..2026-11-30"],
        ),
        (
            "2026.11.??",
            ["2026-11-01..2026-11-30", "2026-11", "2026-11..2026-11"],
            ["2026-11-01..2026-11-29", "2026-11-02.."],
        ),
        ("2024.02.??", ["2024-02-01..2024-02-29"], ["..2024-02-28"]),
    ],
)
def test_a_date_with_unknown_parts_is_found_when_every_date_it_may_be_is_inside(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    date: str,
    inside: list[str],
    outside: list[str],
) -> None:
    """find.md: the bounds of a month or day range hold the whole month and year (the
    unknown parts counted as months 0 and 99 missed 2026.??.?? in 2026-01-01..2026-12-31)."""
    path = tmp_path / "dated.acey"
    path.write_text(f'[Date "{date}"]\n\n*\n')
    for when in inside:
        assert run_main(capsys, "find", str(path), "--date", when, "--count")[1] == "1\n", when
    for when in outside:
        assert run_main(capsys, "find", str(path), "--date", when, "--count")[1] == "0\n", when


def test_turns_equal_to_a_number(
    capsys: pytest.CaptureFixture[str], corpus: tuple[Path, list[str], list[Json]]
) -> None:
    path, _, games = corpus
    length = len(games[0]["turns"])
    expected = [n for n, game in enumerate(games, start=1) if len(game["turns"]) == length]
    assert len(expected) < len(games)
    assert found_numbers(capsys, path, "--turns", f"={length}") == expected
    assert found_numbers(capsys, path, "--turns", str(length)) == expected


@pytest.mark.parametrize(
    "case", ["player", "turns over", "no acey-deucey", "errors", "result unfinished", "or"]
)
def test_json_lines_are_searched_alike(
    capsys: pytest.CaptureFixture[str], corpus: tuple[Path, list[str], list[Json]], case: str
) -> None:
    path, _, games = corpus
    words, wanted = CASES[case]
    expected = [n for n, game in enumerate(games[-LAST:], start=1) if wanted(game)]
    assert found_numbers(capsys, path.with_suffix(".jsonl"), *words) == expected


def test_a_position_is_found_with_or_without_the_side_to_roll(
    capsys: pytest.CaptureFixture[str], corpus: tuple[Path, list[str], list[Json]]
) -> None:
    path, _, games = corpus
    setup = some_position(games)
    after = [[s["position_after"]["setup"] for s in segments(game)] for game in games]
    expected = [n for n, setups in enumerate(after, start=1) if board(setup) in map(board, setups)]
    assert 6 in expected
    assert found_numbers(capsys, path, "--position", setup) == expected
    other_side = board(setup) + (" / B" if setup.endswith("W") else " / W")
    exact = [n for n, setups in enumerate(after, start=1) if other_side in setups]
    assert found_numbers(capsys, path, "--position", other_side) == expected
    assert found_numbers(capsys, path, "--position", other_side, "--side-to-roll") == exact
    assert found_numbers(capsys, path, "--position", board(setup)) == expected


def test_duplicates_are_the_second_and_later_copies(
    capsys: pytest.CaptureFixture[str], corpus: tuple[Path, list[str], list[Json]]
) -> None:
    path, _, games = corpus
    later = sorted(copies(games, first=False))
    assert len(later) == 3
    assert found_numbers(capsys, path, "--duplicates") == later
    last = sorted(copies(games[-LAST:], first=False))
    assert found_numbers(capsys, path.with_suffix(".jsonl"), "--duplicates") == last
    assert found_numbers(capsys, path, "--not", "--duplicates") == sorted(copies(games, first=True))
    # Among the games that pass the other filters: under Event "Copy", only game 4's second copy.
    copied = [n for n, game in enumerate(games, start=1) if tags(game)["Event"] == "Copy"]
    among = [copied[i - 1] for i in copies([games[n - 1] for n in copied], first=False)]
    assert len(among) == 1
    assert found_numbers(capsys, path, "--event", "copy", "--duplicates") == among


@pytest.mark.parametrize(
    "words",
    [["--white", "costa"], ["--turns", ">70"], ["--turns", ">70", "--jobs", "2"], []],
    ids=["tags", "play", "play in two processes", "every game"],
)
def test_the_games_found_are_written_byte_for_byte(
    capsys: pytest.CaptureFixture[str],
    corpus: tuple[Path, list[str], list[Json]],
    tmp_path: Path,
    words: list[str],
) -> None:
    path, pieces, _ = corpus
    numbers = found_numbers(capsys, path, *words)
    status, out, _ = run_main(capsys, "find", str(path), *words)
    assert status == 0
    assert out == "".join(pieces[number - 1] for number in numbers)
    written = tmp_path / "found.acey"
    assert run_main(capsys, "find", str(path), *words, "-o", str(written))[0] == 0
    assert written.read_bytes() == out.encode("utf-8")


def test_count_and_list(
    capsys: pytest.CaptureFixture[str], corpus: tuple[Path, list[str], list[Json]]
) -> None:
    path, pieces, games = corpus
    expected = [n for n, game in enumerate(games, start=1) if tags(game)["White"] == "Bo Dahl"]
    status, out, _ = run_main(capsys, "find", str(path), "--white", "dahl", "--count")
    assert (status, out) == (0, f"{len(expected)}\n")
    status, out, _ = run_main(capsys, "find", str(path), "--white", "dahl", "--list")
    lines = [1 + sum(piece.count("\n") for piece in pieces[: n - 1]) for n in expected]
    rows = [
        [
            f"{path}:{line}",
            str(n),
            *(tags(games[n - 1])[t] for t in ("White", "Black", "Date")),
            games[n - 1]["result"],
        ]
        for n, line in zip(expected, lines, strict=True)
    ]
    assert out == "".join("\t".join(row) + "\n" for row in rows)
    status, out, _ = run_main(capsys, "find", str(path), "--white", "dahl", "--format", "json")
    assert [json.loads(line) for line in out.splitlines()] == [
        {"file": str(path), "game": n, "line": line}
        for n, line in zip(expected, lines, strict=True)
    ]


def test_a_tab_in_a_tag_is_shown_escaped_in_its_column_of_the_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A tab in a value made 7 tab-separated columns of --list's 6."""
    path = tmp_path / "tab.acey"
    path.write_text('[White "Ames"]\n[Black "O\'Brien\ttab"]\n\n*\n', encoding="utf-8")
    status, out, _ = run_main(capsys, "find", str(path), "--list")
    assert status == 0
    assert out.rstrip("\n").split("\t") == [f"{path}:1", "1", "Ames", "O'Brien\\x09tab", "", "*"]


def test_json_lines_games_are_their_lines_as_they_stand(
    capsys: pytest.CaptureFixture[str], corpus: tuple[Path, list[str], list[Json]]
) -> None:
    jsonl = corpus[0].with_suffix(".jsonl")
    lines = jsonl.read_text(encoding="utf-8").splitlines(keepends=True)
    status, out, _ = run_main(capsys, "find", str(jsonl), "--black", "gray")
    wanted = [line for line in lines if '"Finn Gray"' in line]
    assert 0 < len(wanted) < len(lines)
    assert status == 0 and out == "".join(wanted)
    status, out, _ = run_main(capsys, "find", str(jsonl), "--black", "gray", "--list")
    assert [row.split("\t")[0] for row in out.splitlines()] == [
        f"{jsonl}:{lines.index(line) + 1}" for line in wanted
    ]


def test_a_match_file_is_searched_and_its_games_written_as_records(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    match = tmp_path / "online.match"
    assert _main("convert", str(SAMPLES / "bgammon.acey"), "--to", "bgammon", "-o", str(match)) == 0
    status, out, _ = run_main(capsys, "convert", str(match), "--to", "acey")
    assert status == 0
    status, found, _ = run_main(capsys, "find", str(match), "--player", "north", "--turns", ">5")
    assert status == 0 and found == out
    status, none, _ = run_main(capsys, "find", str(match), "--player", "nobody")
    assert (status, none) == (1, "")


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["--turns", ">sixty"], "not a count"),
        (["--turns", "9..3"], "the smaller one"),
        (["--hits", "lots"], "not a count"),
        (["--date", "2026-13"], "no such month"),
        (["--date", "2026-02-30"], "no such month or day"),
        (["--date", "2025-02-29"], "no such month or day"),
        (["--date", "2026-04-31..2026-05"], "no such month or day"),
        (["--tag", "Round="], "give the value to look for after '='"),
        (["--date", "last week"], "not a date"),
        (["--date", ".."], "needs a first or a last date"),
        (["--date", "2026-02..2026-01"], "the range's first date is the earlier one"),
        (["--date", "2026..2025-12"], "the range's first date is the earlier one"),
        (["--result", "won"], "not a result"),
        (["--tag", "=x"], "Name=value"),
        (["--player", ""], "give the text to look for"),
        (["--event", "  "], "give the text to look for"),
        (["--position", "W 6:16 / B in:15"], "not a position"),
        (["--position", "W 6:15 / B in:15", "--side-to-roll"], "a --position leaves it out"),
        (["--side-to-roll"], "the side to roll of a --position: give one"),
        (["--white", "a", "--not"], "--not comes before a filter"),
        (["--or", "--white", "a"], "--or stands between two filters"),
        (["--white", "a", "--or"], "--or stands between two filters"),
        (["--duplicates", "--or", "--white", "a"], "--duplicates is none: it is applied after"),
        (["--white", "a", "--or", "--duplicates"], "--duplicates is none: it is applied after"),
        (["--not", "--not", "--pass"], "--not twice"),
        (["--count", "--format", "json"], "--count prints only their number"),
    ],
)
def test_a_bad_filter_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], words: list[str], message: str
) -> None:
    try:
        status = _main("find", str(SAMPLES / "annotated.acey"), *words)
    except SystemExit as stop:  # argparse's own error, as every command's
        status = int(stop.code or 0)
    assert status == 2
    assert message in capsys.readouterr().err


def test_exit_status_is_0_found_1_none_2_unreadable(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    sample = str(SAMPLES / "annotated.acey")
    assert run_main(capsys, "find", sample, "--white", "alder")[0] == 0
    assert run_main(capsys, "find", sample, "--white", "nobody")[0] == 1
    status, out, err = run_main(capsys, "find", str(tmp_path / "missing.acey"), sample, "--count")
    assert (status, out) == (2, "1\n") and "no such file" in err
    mixed = tmp_path / "games.jsonl"
    assert _main("convert", sample, "--to", "jsonl", "-o", str(mixed)) == 0
    status, _, err = run_main(capsys, "find", sample, str(mixed))
    assert status == 2 and "mix JSON Lines and acey records" in err
    assert "--list, --count or --format json" in err  # each of them works
    assert run_main(capsys, "find", sample, str(mixed), "--count")[1] == "2\n"
    status, _, err = run_main(capsys, "find", "-", sample)  # stdin's format is not known yet
    assert status == 2 and "standard input's format" in err and "--from" in err
    assert run_main(capsys, "find", sample, str(mixed), "--list")[0] == 0
    status, out, _ = run_main(capsys, "find", sample, str(mixed), "--format", "json")
    assert status == 0 and len([json.loads(line) for line in out.splitlines()]) == 2


TRICKY = (
    '\ufeff\n\n{A leading comment\n[Event "not a tag: in a comment"]}\n'
    '[Event "one"]\r\n[White "A {b}"]\r\n\r\n1. 52: in/20 in/23  64: in/19 in/21\r\n*\r\n'
    "1. 52: in/20 in/23 *\n"  # a game without tags after a result
    '[Event "three"]\n{only a comment}\n[Round "3"]\n\n1. 52: in/20 in/23 {15-0} *\n\n'
    '  [Event "four"]\n\n1. 52: in/20 in/23\n[Event "five"]\n1. 72: in/20\n*\n'
)


EVERY_GAME_BY_TAGS = ["--not", "--tag", "Nonesuch"]
"""A filter every game passes, read from the tags alone (the glance, not the replay)."""
CLEAN_WITH_COMMENTS = (
    '\n{A comment before the first game}\n[Event "a"]\n\n1. 52: in/20 in/23 {15-0?} *\n'
    '{after the result}\n\n[Event "b"]\n{between tags}\n[Round "2"]\n1. 52: in/20 in/23 2-0\n'
)


@pytest.mark.parametrize(
    "text",
    [
        TRICKY,
        TRICKY.replace("\r\n", "\n").replace("{", "(").replace("}", ")"),
        CLEAN_WITH_COMMENTS,
    ],
)
def test_the_glance_at_tags_splits_games_as_the_reader_does(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str
) -> None:
    path = tmp_path / "tricky.acey"
    path.write_bytes(text.encode("utf-8"))
    by_tags = run_main(capsys, "find", str(path), *EVERY_GAME_BY_TAGS, "--list")
    by_play = run_main(capsys, "find", str(path), "--turns", ">=0", "--list")
    assert by_tags == by_play
    assert (
        run_main(capsys, "find", str(path), *EVERY_GAME_BY_TAGS)[1:]
        == run_main(capsys, "find", str(path), "--turns", ">=0")[1:]
    )
    validated = run_main(capsys, "validate", str(path))[1].splitlines()[-1]
    assert validated.startswith(f"{len(by_tags[1].splitlines())} games")


@pytest.mark.parametrize("text", ["", "\n\n", " \r\n\t\r\n", "\ufeff\n"])
@pytest.mark.parametrize("words", [[], EVERY_GAME_BY_TAGS, ["--turns", ">=0"]])
def test_a_blank_record_holds_no_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, words: list[str]
) -> None:
    path = tmp_path / "blank.acey"
    path.write_bytes(text.encode("utf-8"))
    assert run_main(capsys, "find", str(path), *words) == (1, "", "")
    assert run_main(capsys, "find", str(path), "--count", *words) == (1, "0\n", "")


@pytest.mark.parametrize("words", [EVERY_GAME_BY_TAGS, ["--turns", ">=0"]])
def test_a_record_of_a_comment_alone_holds_one_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, words: list[str]
) -> None:
    path = tmp_path / "comment.acey"
    path.write_bytes(b"\n{only a comment}\n")
    assert run_main(capsys, "find", str(path), *words) == (0, "{only a comment}\n", "")


def test_help_teaches_with_examples(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        _main("find", "--help")
    out = capsys.readouterr().out
    assert "aceynote find games.acey --not --acey-deucey --list" in out
    assert "exit status: 0 some game matched, 1 none matched" in out


def test_tags_of_generated_games_are_glanced_at_without_the_reader(
    monkeypatch: pytest.MonkeyPatch, corpus: tuple[Path, list[str], list[Json]]
) -> None:
    """The fast pass stays fast: a clean record never falls back to the reader's lexer."""
    from aceynote.corpus import find, sections

    def refused(*_: object, **__: object) -> list[sections.Standing]:
        raise AssertionError("the glance fell back to the reader")

    monkeypatch.setattr(sections, "read", refused)
    path, _, games = corpus
    search = find.Search(filters_query("Bo Dahl"))
    with path.open("rb") as handle:
        found = [f.number for f in find.acey_games(handle, str(path), search)]
    assert found == [n for n, game in enumerate(games, start=1) if tags(game)["White"] == "Bo Dahl"]


def filters_query(white: str) -> Any:
    from aceynote.corpus.filters import Query, TagHas, Term

    return Query([[Term(TagHas(("White",), white))]])


@pytest.mark.parametrize("length", [MAX_LINE_BYTES + 1, MAX_LINE_BYTES + 5000, 1_280_000])
@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"])
def test_a_line_past_1_mib_stops_find_at_its_place_on_both_paths(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, length: int, end: str
) -> None:
    """The games before the line, then the reader's error at the line: never a silent cut."""
    path = tmp_path / "long.acey"
    text = '[Event "a"]\n[White "x"]\n' + "1" * length + '\n[Event "b"]\n*\n'
    path.write_bytes(text.replace("\n", end).encode())
    by_tags = run_main(capsys, "find", str(path), *EVERY_GAME_BY_TAGS)
    by_play = run_main(capsys, "find", str(path), *EVERY_GAME_BY_TAGS, "--turns", ">=0")
    assert by_tags == by_play
    status, out, err = by_tags
    assert (status, out) == (2, '[Event "a"]\n[White "x"]\n'.replace("\n", end))
    assert f"{path}:3: this line goes on past" in err
    assert run_main(capsys, "find", str(path), "--count")[:2] == (2, "1\n")


THREE_GAMES = "".join(
    f'[White "{white}"]\n\n1. 52: in/20 in/23\n*\n\n' for white in ("Ann", "Bob", "Cy")
)


@pytest.mark.parametrize(
    "damage", [b"{caf\xe9}", b"1" * (MAX_LINE_BYTES + 1)], ids=["latin-1", "long line"]
)
def test_an_output_is_written_only_when_every_input_was_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, damage: bytes
) -> None:
    """An input that cannot be read leaves OUT as it was: never half the games found."""
    damaged = tmp_path / "damaged.acey"
    text = THREE_GAMES.encode()
    damaged.write_bytes(text.replace(b"*", damage + b"\n*", 1))
    out = tmp_path / "out.acey"
    out.write_bytes(b"kept")
    status, _, err = run_main(capsys, "find", str(damaged), "-o", str(out))
    assert status == 2  # said as convert says it, not as a usage error of find's own
    assert err.endswith("aceynote: nothing written: fix the errors above first\n")
    assert out.read_bytes() == b"kept"


def test_an_output_that_is_an_input_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """find -o IN would replace the record it reads: refused before reading, by any name."""
    path = tmp_path / "games.acey"
    path.write_text(THREE_GAMES)
    (tmp_path / "link.acey").symlink_to(path)
    for output in (path, tmp_path / "link.acey", tmp_path / "." / "games.acey"):
        status, _, err = run_main(
            capsys, "find", str(tmp_path), "--white", "ann", "-o", str(output)
        )
        assert status == 2 and "is also an input" in err
    assert path.read_text() == THREE_GAMES


ROUNDS = "".join(
    f'[Round "{round_}"]\n[Event "Club Ladder"]\n\n1. 52: in/20 in/23\n*\n\n'
    for round_ in ("1", "10", "21", "1.2")
)


@pytest.mark.parametrize(
    ("tag", "found"),
    [
        ("Round=1", [1]),  # a number: the whole value (it found rounds 10-19, 100-199...)
        ("Round==1.2", [4]),  # ==: the whole value, in any case
        ("Round=1.", [4]),  # other text: a part of the value
        ("Round", [1, 2, 3, 4]),
        ("event==club ladder", [1, 2, 3, 4]),
        ("Event==club", []),
    ],
)
def test_a_tag_holds_a_number_or_a_value_exactly(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, tag: str, found: list[int]
) -> None:
    path = tmp_path / "rounds.acey"
    path.write_text(ROUNDS)
    status, out, _ = run_main(capsys, "find", str(path), "--tag", tag, "--format", "json")
    assert [json.loads(line)["game"] for line in out.splitlines()] == found
    assert status == (0 if found else 1)


def test_limit_stops_after_n_games(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path, again = tmp_path / "rounds.acey", tmp_path / "again.acey"
    path.write_text(ROUNDS)
    again.write_text(ROUNDS)
    status, out, _ = run_main(capsys, "find", str(path), str(again), "--limit", "3", "--list")
    assert status == 0 and [line.split("\t")[1] for line in out.splitlines()] == ["1", "2", "3"]
    assert run_main(capsys, "find", str(path), str(again), "--limit", "5", "--count")[1] == "5\n"
    status, _, err = run_main(capsys, "find", str(path), "--limit", "0")
    assert status == 2 and "--limit takes 1 or more" in err


def test_the_games_of_a_json_document_are_listed_at_their_lines(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Every game of a .json document was listed at line 0."""
    document = tmp_path / "games.json"
    assert _main("convert", str(SAMPLES / "match.acey"), "--to", "json", "-o", str(document)) == 0
    starts = [
        number
        for number, line in enumerate(document.read_text().splitlines(), start=1)
        if line.startswith('{"tags"')
    ]
    status, out, _ = run_main(capsys, "find", str(document), "--format", "json")
    assert status == 0 and len(starts) > 1
    assert [json.loads(line)["line"] for line in out.splitlines()] == starts


@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"])
@pytest.mark.parametrize("words", [[], ["--turns", ">=0"]], ids=["tags", "play"])
def test_an_indented_game_and_a_last_line_are_written_as_they_stand(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, end: str, words: list[str]
) -> None:
    """An indented game's tab went to the game before (with an LF after it), and a game
    ending a CR-only file without a line end got an LF."""
    path = tmp_path / "games.acey"
    text = '[E "a"]\n*\n\t[E "b"]\n*\n \f[E "c"]\n*'.replace("\n", end)
    path.write_bytes(text.encode())
    status, out, _ = run_main(capsys, "find", str(path), *words)
    assert status == 0 and out == text + end
    out = run_main(capsys, "find", str(path), "--tag", "E=b", *words)[1]
    assert out == f'\t[E "b"]{end}*{end}'


@pytest.mark.parametrize(
    "movetext",
    ["1. 52: in/20 in/23 72: xx 15-0", "1. 52: in/20 in/23 ?? 0-9", "1. 52: in/20 ) 2-0"],
)
def test_filters_on_tags_and_on_play_agree_on_a_damaged_games_result(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, movetext: str
) -> None:
    """Past a syntax error the parser never reached the result: --list said * on play, and
    --result white found the game on tags only (258 of 2,500 damaged records)."""
    path = tmp_path / "damaged.acey"
    path.write_text(f'[White "A"]\n\n{movetext}\n\n[White "B"]\n\n1. 52: in/20 in/23 *\n')
    result = movetext.rsplit(None, 1)[-1]
    for words in ([], ["--turns", ">=0"]):
        out = run_main(capsys, "find", str(path), "--list", *words)[1]
        assert out.splitlines()[0].endswith(f"\t{result}")
        side = "white" if result.startswith(("15", "2")) else "black"
        assert run_main(capsys, "find", str(path), "--result", side, "--count", *words)[1] == "1\n"


def test_the_note_on_duplicates_comes_only_where_it_left_or_without_a_filter(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """--duplicates anywhere on the line made every refusal of --or speak of it."""
    sample = str(SAMPLES / "annotated.acey")
    status, _, err = run_main(capsys, "find", sample, "--duplicates", "--white", "a", "--or")
    assert status == 2 and "--or stands between two filters" in err
    assert "--duplicates" not in err
