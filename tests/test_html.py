"""The game page as a document: escaped, self-contained, its data what the validator replayed.

The page in a real browser (keys, clicks, #N links) is tested in test_html_browser.py.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import tracemalloc
from html.parser import HTMLParser
from pathlib import Path

import pytest
from conftest import SAMPLES

from aceynote.cli import main
from aceynote.notation import parse_game, parse_games
from aceynote.notation.generate import generate_games
from aceynote.notation.syntax_errors import unchecked_result
from aceynote.render.html import MAX_PAGE_TURNS, page, script_json
from aceynote.rules import RuleSet
from aceynote.validation import validate, validate_in_place
from aceynote.validation.frames import GameFrames

HOSTILE = "</script><script>window.pwned = 1</script>"
HOSTILE_GAME = f"""[White "<img src=x onerror=alert(1)>"]
[Black "Moss & \\"Sons\\""]
[Event "</title><script>alert(2)</script>"]

{{{HOSTILE}}}
1. 64: in/19 in/21 {{{HOSTILE}}} 43: in/21 in/22
*
"""


class Elements(HTMLParser):
    """Every start tag of a document, with its attributes; the text of script elements."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.scripts: list[str] = []
        self.texts: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        self._in_script = tag == "script"
        if self._in_script:
            self.scripts.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script:
            self.scripts[-1] += data
        else:
            self.texts.append(data)


def elements(text: str) -> Elements:
    parser = Elements()
    parser.feed(text)
    parser.close()
    return parser


def test_record_text_cannot_become_markup() -> None:
    text = page([parse_game(HOSTILE_GAME)]).text
    found = elements(text)
    # Two scripts: the data and the page's own; no element came from the record.
    assert [tag for tag, _ in found.tags if tag == "script"] == ["script", "script"]
    assert not [tag for tag, _ in found.tags if tag == "img"]
    assert [attrs.get("type") for tag, attrs in found.tags if tag == "script"] == [
        "application/json",
        None,
    ]
    # The record's words are there, as text.
    shown = "".join(found.texts)
    assert HOSTILE in shown
    assert "<img src=x onerror=alert(1)>" in shown
    assert 'Moss & "Sons"' in shown
    data = json.loads(found.scripts[0])
    frames = data["games"][0]["frames"]
    assert frames["1"]["current"] == "1. 64: in/19 in/21"


def test_script_json_has_no_markup_characters() -> None:
    text = script_json({"comment": HOSTILE + " & <!-- -->"})
    assert not set("<>&") & set(text)
    assert json.loads(text) == {"comment": HOSTILE + " & <!-- -->"}


def test_the_policy_allows_only_the_pages_own_script_and_style() -> None:
    text = page([parse_game(HOSTILE_GAME)]).text
    found = elements(text)
    (policy,) = [
        attrs["content"]
        for tag, attrs in found.tags
        if tag == "meta" and attrs.get("http-equiv") == "Content-Security-Policy"
    ]
    assert policy is not None
    style = re.search(r"<style>(.*?)</style>", text, re.DOTALL)
    assert style is not None
    for kind, source in (("script-src", found.scripts[1]), ("style-src", style.group(1))):
        digest = base64.b64encode(hashlib.sha256(source.encode()).digest()).decode()
        assert f"{kind} 'sha256-{digest}'" in policy
    assert "default-src 'none'" in policy
    assert "base-uri 'none'" in policy and "form-action 'none'" in policy
    assert "unsafe-inline" not in policy


def test_names_with_characters_a_page_cannot_hold_are_shown_escaped() -> None:
    controls = "\x01\x0b\x1b\ufffe"
    game = parse_game(f'[White "a{controls}b"]\n[Black "c\x00d"]\n\n1. 64: in/19 in/21 *\n')
    text = page([game]).text
    assert not set(controls + "\x00") & set(text)
    shown = "".join(elements(text).texts)
    assert "a\\x01\\x0b\\x1b\\ufffeb" in shown and "c\\x00d" in shown


def test_bidi_overrides_and_c1_controls_are_shown_escaped_in_the_page_and_its_data() -> None:
    """They were written as they are (a name shown in another order than it is read), where
    stats, find and the JSON escape them."""
    steering = "\u202e\u2066\x85"
    game = parse_game(f'[White "a{steering}b"]\n\n1. 64: in/19 in/21 {{c{steering}d}} *\n')
    text = page([game]).text
    assert not set(steering) & set(text)
    shown = "".join(elements(text).texts)
    assert "a\\u202e\\u2066\\x85b" in shown and "c\\u202e\\u2066\\x85d" in shown
    data = json.loads(elements(text).scripts[0])  # what the script shows with textContent
    assert data["games"][0]["title"] == "a\\u202e\\u2066\\x85b v Black"


def test_nothing_is_fetched_from_elsewhere() -> None:
    text = page(parse_games((SAMPLES / "match.acey").read_text())).text
    for tag, attrs in elements(text).tags:
        for name in ("src", "href"):
            value = attrs.get(name)
            assert value is None or value.startswith("#"), (tag, name, value)
        assert tag not in ("link", "iframe", "img")


def test_the_data_is_the_validators_replay() -> None:
    game = parse_game((SAMPLES / "annotated.acey").read_text())
    found = elements(page([game]).text)
    data = json.loads(found.scripts[0])["games"][0]
    report = validate(game)
    main_line = [replay for replay in report.segments if replay.line == ()]
    frames = data["frames"]
    assert report.start is not None
    assert frames["0"]["setup"] == report.start.to_setup()
    for index, replay in enumerate(main_line, start=1):
        frame = frames[str(index)]
        over = replay.after.winner is not None
        assert frame["setup"] == ("" if over else replay.after.to_setup())
        assert frame["previous"] == str(index - 1)
        assert frame["next"] == (str(index + 1) if index < len(main_line) else None)
    assert data["end"] == str(len(main_line))
    # The last position: the game is over, no Setup, and the page says why.
    assert frames[data["end"]]["setup"] == ""
    assert "game is over" in frames[data["end"]]["note"]
    # The variation (4. 32: 20/17 in/23) starts from the position before White's turn 4.
    (variation,) = [replay for replay in report.segments if replay.line != ()]
    assert frames["v1"]["setup"] == variation.after.to_setup()
    assert frames["v1"]["current"] == "4. 32: 20/17 in/23"
    assert frames["v1"]["next"] is None
    before = GameFrames(report).frames["v1"].previous
    assert before is not None and frames[before]["setup"] == variation.before.to_setup()


def test_findings_stand_at_their_segment() -> None:
    game = parse_game((SAMPLES / "mistakes.acey").read_text())
    report = validate(game)
    frames = GameFrames(report)
    placed = [d for diagnostics in frames.notes.values() for d in diagnostics]
    assert sorted(map(id, placed)) == sorted(map(id, report.diagnostics))
    data = json.loads(elements(page([game]).text).scripts[0])["games"][0]["frames"]
    # The play 4... 54: in/20* breaks rule 7 (AD308): that frame shows it.
    key = next(k for k, f in frames.frames.items() if f.label.startswith("4... 54:"))
    assert any(f["text"].startswith("AD308") for f in data[key]["findings"])


BROKEN_AT_TURN_6 = """[White "Ames"]
[Black "Boyd"]

1. 64: in/19 in/21  43: in/21 in/22
2. 52: in/20 in/23  61: in/19 in/24
3. 31: 19/16 20/19  21: in/23 in/24
4. 54: 21/16 23/19  51: 24/19 in/24
5. 62: 16/10 19/17  53: 21/16 22/19
6. 43: oops
15-0
"""


def test_a_result_past_a_syntax_error_is_shown_as_not_checked() -> None:
    """docs/share.md, docs/notation.md choice 13: the result the record gives stands in the
    header and at the end of the move list as the app's notes say it, unchecked."""
    game = parse_game(BROKEN_AT_TURN_6)
    assert [turn.number for turn in game.turns][-1] == 5 and game.result == "15-0"
    shown = [text.strip() for text in elements(page([game]).text).texts if text.strip()]
    header = shown.index("Result")
    assert shown[header + 1] == "15-0 (as its record gives it: it cannot be checked)"
    assert "15-0" not in shown  # never alone, as if the game ended after turn 5
    assert unchecked_result(game) in shown
    assert unchecked_result(game) == (
        "The game is read only up to its syntax error: the rest is unknown, and its result"
        " (15-0, as its record gives it) cannot be checked."
    )
    # A game without a syntax error ends in its result, shown as it is.
    clean = parse_game(BROKEN_AT_TURN_6.replace("6. 43: oops\n", ""))
    shown = [text.strip() for text in elements(page([clean]).text).texts if text.strip()]
    assert shown[shown.index("Result") + 1] == "15-0" and shown.count("15-0") == 2


def test_a_setup_that_cannot_be_used_still_gives_a_page() -> None:
    game = parse_game('[Setup "W 6:16 / B 1:1 / W"]\n\n1. 61: 6/off 6/5\n*\n')
    result = page([game])
    assert result.errors == 1
    data = json.loads(elements(result.text).scripts[0])["games"][0]
    assert data["frames"]["0"]["setup"] == ""
    assert "cannot be used" in data["frames"]["0"]["note"]
    assert any(f["text"].startswith("AD") for f in data["frames"]["0"]["findings"])


# -- the command -------------------------------------------------------------------


def test_html_command_writes_a_page(tmp_path: Path) -> None:
    out = tmp_path / "game.html"
    assert main(["html", str(SAMPLES / "annotated.acey"), "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>")
    assert "Ines Alder" in text


def test_html_command_all_games_and_one_game(tmp_path: Path) -> None:
    record = str(SAMPLES / "match.acey")
    games = parse_games((SAMPLES / "match.acey").read_text())
    out = tmp_path / "all.html"
    main(["html", record, "--all", "-o", str(out)])
    data = json.loads(elements(out.read_text()).scripts[0])
    assert len(data["games"]) == len(games) > 1
    main(["html", record, "--game", "2", "-o", str(out)])
    data = json.loads(elements(out.read_text()).scripts[0])
    assert [game["title"] for game in data["games"]] == [
        f"{games[1].tag('White')} v {games[1].tag('Black')}"
    ]


def test_a_page_of_the_first_of_several_games_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """html match.acey (3 games) wrote game 1 alone and said nothing (exit 0)."""
    record, out = str(SAMPLES / "match.acey"), str(tmp_path / "match.html")
    assert main(["html", record, "-o", out]) == 0
    assert capsys.readouterr().err == (
        f"aceynote: {record} holds more than one game; the page shows game 1"
        " (--game N for another, --all for every game)\n"
    )
    for chosen in (["--game", "1"], ["--all"]):
        assert main(["html", record, *chosen, "-o", out]) == 0
        assert capsys.readouterr().err == ""
    assert main(["html", str(SAMPLES / "annotated.acey"), "-o", out]) == 0
    assert capsys.readouterr().err == ""  # a record of one game
    cut = tmp_path / "cut.acey"  # a rest that cannot be read is no other game: nothing said
    cut.write_bytes((SAMPLES / "annotated.acey").read_bytes() + b"\n\xff\n")
    assert main(["html", str(cut), "-o", out]) == 0
    assert capsys.readouterr().err == ""


def test_a_page_of_several_records_folders_and_globs_with_all(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """html a.acey b.acey printed the usage and "unrecognized arguments", a quoted glob "no
    such file", a folder "is a folder": records are named as validate and stats take them."""
    club = tmp_path / "club"
    club.mkdir()
    for name in ("annotated.acey", "match.acey"):
        (club / name).write_bytes((SAMPLES / name).read_bytes())
    out = tmp_path / "club.html"
    files = [str(club / "annotated.acey"), str(club / "match.acey")]
    for named in (files, [str(club)], [str(club / "*.acey")]):
        out.unlink(missing_ok=True)
        assert main(["html", *named, "--all", "-o", str(out)]) == 0
        data = json.loads(elements(out.read_text(encoding="utf-8")).scripts[0])
        titles = [game["title"] for game in data["games"]]
        assert titles[:2] == ["Ines Alder v Tom Brandt", "Carr v Dunn"] and len(titles) == 4
    capsys.readouterr()
    (club / "mistakes.acey").write_bytes((SAMPLES / "mistakes.acey").read_bytes())
    assert main(["html", str(club), "--all", "-o", str(out)]) == 1
    assert capsys.readouterr().err.startswith("aceynote: the records have 7 errors (the page")
    (club / "mistakes.acey").unlink()
    for chosen, said in (
        ([], "a page of 2 records shows every game of them: add --all (or name one record FILE)"),
        (["--game", "2"], "--game takes one record FILE"),
        ([str(tmp_path / "missing.acey"), "--all"], "missing.acey: no such file"),
    ):
        for before in (None, "kept"):  # no OUT is written, and an OUT there is left as it was
            out.unlink(missing_ok=True)
            if before is not None:
                out.write_text(before, encoding="utf-8")
            assert main(["html", str(club), *chosen, "-o", str(out)]) == 2
            assert capsys.readouterr().err.endswith(f"{said}\n")
            assert (out.read_text(encoding="utf-8") if out.exists() else None) == before


def test_html_command_on_a_record_with_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "mistakes.html"
    assert main(["html", str(SAMPLES / "mistakes.acey"), "-o", str(out)]) == 1
    assert "the page shows them" in capsys.readouterr().err
    assert "AD308" in out.read_text()


@pytest.mark.parametrize(("errors", "them"), [(1, "it"), (2, "them")])
def test_html_names_one_error_it_and_more_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], errors: int, them: str
) -> None:
    # 24/17 is no trip for a 6 (24/18 is): each turn written so is one error.
    turns = ["64: 24/17 24/20", "53: 24/18 24/21"][:errors]
    record = tmp_path / "wrong.acey"
    record.write_text(
        f'[White "Ann"]\n[Black "Bob"]\n[Setup "W 24:2 / B 24:2 / W"]\n\n1. {"  ".join(turns)}\n*\n'
    )
    assert main(["html", str(record), "-o", str(tmp_path / "wrong.html")]) == 1
    noun = "error" if errors == 1 else "errors"
    assert capsys.readouterr().err == (
        f"aceynote: the record has {errors} {noun} (the page shows {them} in the move list);"
        f" 'aceynote validate' lists {them}\n"
    )


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["html", "missing.acey"], "missing.acey: no such file"),
        (["html", "RECORD", "--game", "9"], "there is no game 9"),
        (["html", "RECORD", "--game", "0"], "--game counts from 1"),
    ],
)
def test_html_command_usage_errors(
    arguments: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    record = str(SAMPLES / "annotated.acey")
    assert main([record if a == "RECORD" else a for a in arguments]) == 2
    assert message in capsys.readouterr().err


def test_html_command_to_standard_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["html", str(SAMPLES / "annotated.acey"), "-o", "-"]) == 0
    assert capsys.readouterr().out.startswith("<!DOCTYPE html>")


@pytest.mark.parametrize("games", [3, 6])
def test_a_page_of_many_games_takes_a_few_times_its_own_size_in_memory(
    games: int, tmp_path: Path
) -> None:
    """Each game's boards are written as text as soon as they are built (before: a tree of
    every board of every game, about 13 times the page; 886 MB for 100 games, issue 23)."""
    record = tmp_path / "many.acey"
    assert main(["generate", "--games", str(games), "--seed", "3", "-o", str(record)]) == 0
    read = parse_games(record.read_text(encoding="utf-8"))
    tracemalloc.start()
    try:
        text = page(read).text
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert text.count('<section class="game"') == games
    assert peak < 5 * len(text)


@pytest.mark.parametrize("extra", [0, 1])
def test_a_game_past_the_turns_a_page_shows_is_refused_at_its_place(
    extra: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One game of 10 MB took 53 s and 1.06 GB for a page no browser could step through."""
    two_turns = "1. 52: in/20 in/23  43: in/21 in/22\n"
    record = tmp_path / "long.acey"
    record.write_text(
        '[Event "e"]\n' + two_turns * (MAX_PAGE_TURNS // 2) + "1. 52: in/20 in/23\n" * extra
    )
    out = tmp_path / "long.html"
    status = main(["html", str(record), "-o", str(out)])
    err = capsys.readouterr().err
    if extra:
        assert status == 2 and not out.exists()
        assert f"long.acey:{MAX_PAGE_TURNS // 2 + 2}:4: this game goes on past 2,000 turns" in err
    else:
        assert status == 1 and out.exists()  # its illegal plays are shown


def test_nags_show_the_glyphs_they_mean_and_are_kept_as_written_in_their_titles() -> None:
    """docs/notation.md §4: `$1` to `$6` mean the six glyphs; the page showed `$4` raw. A NAG
    whose glyph the move shows already is shown as written (`?! $6` showed `?!` twice)."""
    game = parse_game("1. 61: in/19 19/18 $4 $1 61: in/19 19/18 ?! $6 $14 {safe}\n*\n")
    found = elements(page([game]).text)
    nags = [attrs for tag, attrs in found.tags if tag == "abbr"]
    assert [(nag["class"], nag["title"]) for nag in nags] == [
        ("nag", "$4: blunder"),
        ("nag", "$1: good move"),
        ("nag", "$6: dubious move"),
        ("nag", "$14: White has a slight advantage"),
    ]
    shown = [text for text in found.texts if text.strip()]
    first = shown.index("61: in/19 19/18")
    assert shown[first : first + 3] == ["61: in/19 19/18", "??", "!"]
    assert shown[first + 4 : first + 8] == ["61: in/19 19/18 ?!", "$6", "$14", "safe"]


def test_every_segment_of_a_game_built_in_code_is_a_link_to_its_position() -> None:
    """A game with no places in a text (generated, built in code) is validated as its text;
    the move list was drawn from the game given, whose segments the frames did not know, so
    every move was struck through as not played and led nowhere."""
    (game,) = generate_games(1, seed=3, rules=RuleSet())
    found = elements(page([game]).text)
    links = [attrs for tag, attrs in found.tags if tag == "a" and "data-key" in attrs]
    unplayed = [attrs for tag, attrs in found.tags if "unplayed" in (attrs.get("class") or "")]
    frames = GameFrames(validate_in_place(game))
    assert [link["data-key"] for link in links] == frames.main and not unplayed
