"""The replay app against hostile input and hostile places (issue 10).

Numbers too long to mean anything, files with a BOM and CRLF line ends,
control characters that would steer the terminal, and texts far longer than
the screen: none of them crashes the app, reaches the terminal raw, breaks
the layout or changes a byte that was not edited.
"""

from __future__ import annotations

import itertools
import re
import time
from pathlib import Path

import pytest
from conftest import SAMPLES, SIZE, pilot_test
from hypothesis import given
from hypothesis import strategies as st
from test_tui_app import inside, notes_text, notifications, replay, screen_lines
from textual.containers import VerticalScroll
from textual.widgets import Button, Input, TextArea

from aceynote.cli import main
from aceynote.files.record import RecordFile
from aceynote.notation import parse_game
from aceynote.notation.index import index_games
from aceynote.notation.shorthand import parse_turn
from aceynote.rules import Side
from aceynote.terminal_text import clipped, columns, printable, source_lines
from aceynote.tui.app import ReplayApp
from aceynote.tui.dialogs import CommentEditor, Confirm, Prompt
from aceynote.tui.game_header import GameHeader
from aceynote.tui.game_list import GameList, row_text
from aceynote.tui.replay_screen import ReplayScreen
from aceynote.tui.tag_editor import TagEditor
from aceynote.tui.widgets import MoveList
from aceynote.validation import validate

HUGE = "1" * 5000  # more digits than Python turns into an int by default (4,300)
EVIL = "\x1b]0;PWNED\x07\x1b[2J"  # sets the terminal's title, then clears its screen
EVIL_SHOWN = r"\x1b]0;PWNED\x07\x1b[2J"
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def hostile_record(tmp_path: Path, name: str = "hostile.acey") -> Path:
    text = (SAMPLES / "annotated.acey").read_text(encoding="utf-8")
    text = text.replace('[White "Ines Alder"]', f'[White "Ines {EVIL}Alder"]')
    text = text.replace("[Event ", f'[Round "{EVIL}"]\n[Event ')
    text = text.replace("{A complete game", "{" + EVIL + "A complete game")
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def assert_nothing_raw(app: ReplayApp) -> str:
    """Every line on screen is free of control characters; the screen's text, joined."""
    lines = screen_lines(app)
    for number, line in enumerate(lines):
        assert not RAW.search(line), (number, line)
    return "\n".join(lines)


# -- 1. numbers too long to mean anything ---------------------------------------------


def test_a_turn_number_of_thousands_of_digits_is_read_without_a_crash() -> None:
    assert parse_turn(HUGE) == (None, None)  # a number, but of no turn of any game
    assert parse_turn(HUGE + "...") == (None, Side.BLACK)
    assert parse_turn("0" * 5000 + "12.") == (12, Side.WHITE)
    started = time.monotonic()
    for text in ("0" * 20_000 + "x", "1" + " " * 20_000 + "x"):  # no backtracking
        assert parse_turn(text) is None
    assert time.monotonic() - started < 0.5


def test_the_command_refuses_a_huge_turn_number_in_words(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["replay", str(SAMPLES / "annotated.acey"), "--turn", HUGE]) == 2
    err = capsys.readouterr().err
    assert "there is no turn 1111" in err and "…" in err
    assert "this game has 79 turns" in err and "Traceback" not in err
    assert len(err) < 300  # the number is cut, not printed whole


def test_the_command_refuses_a_turn_the_game_does_not_have(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["replay", str(SAMPLES / "match.acey"), "--game", "2", "--turn", "99..."]) == 2
    err = capsys.readouterr().err
    assert "there is no turn 99...: game 2 has" in err and "turns" in err


def test_the_command_refuses_a_huge_game_number_in_words(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["replay", str(SAMPLES / "match.acey"), "--game", HUGE]) == 2
    err = capsys.readouterr().err
    assert "there is no game 1111" in err and "holds 3 games" in err
    assert len(err) < 300
    assert main(["replay", str(SAMPLES / "match.acey"), "--game", "two"]) == 2
    assert "'two' is not a game number" in capsys.readouterr().err


@pilot_test
async def test_going_to_a_huge_turn_number_says_there_is_none() -> None:
    app = ReplayApp(str(SAMPLES / "annotated.acey"), game=1)
    async with app.run_test(size=SIZE) as pilot:
        before = replay(app).view.cursor
        await pilot.press("t")
        assert isinstance(app.screen, Prompt)
        app.screen.query_one(Input).value = HUGE
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen) and replay(app).view.cursor == before
        message = notifications(app)[-1]
        assert message.startswith("There is no turn 1111") and "…" in message
        assert "this game has 79 turns" in message and len(message) < 200


@pilot_test
async def test_a_prompt_answer_that_looks_like_markup_is_shown_as_typed() -> None:
    app = ReplayApp(str(SAMPLES / "annotated.acey"), game=1)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("t")
        app.screen.query_one(Input).value = "[/b] [red]x"
        await pilot.press("enter")
        await pilot.pause(0.2)
        assert isinstance(app.screen, ReplayScreen)
        assert "[/b] [red]x" in assert_nothing_raw(app)


# -- 2. a save keeps the BOM and every byte not edited ---------------------------------

BOM = b"\xef\xbb\xbf"


def crlf_match(tmp_path: Path) -> tuple[Path, bytes]:
    text = (SAMPLES / "match.acey").read_text(encoding="utf-8").replace("\n", "\r\n")
    data = BOM + text.encode("utf-8")
    path = tmp_path / "match.acey"
    path.write_bytes(data)
    return path, data


def games_bytes(data: bytes) -> list[bytes]:
    text = data.removeprefix(BOM).decode("utf-8")
    return [text[entry.start : entry.end].encode("utf-8") for entry in index_games(text)]


def test_a_save_keeps_the_bom_and_the_games_not_edited(tmp_path: Path) -> None:
    path, original = crlf_match(tmp_path)
    record = RecordFile(str(path))
    record.load(1).game.turns[0].segments[0].comments.append("edited")
    record.mark_edited(1)
    record.save()
    saved = path.read_bytes()
    assert saved.startswith(BOM) and not saved.startswith(BOM + BOM)
    before, after = games_bytes(original), games_bytes(saved)
    assert len(after) == 3 and after[0] == before[0] and after[2] == before[2]
    assert b"{edited}" in after[1] and b"\n" not in after[1].replace(b"\r\n", b"")
    assert not record.changed_on_disk()
    record.load(2).game.comments.append("again")
    record.mark_edited(2)
    record.save()
    assert path.read_bytes().startswith(BOM) and games_bytes(path.read_bytes())[0] == before[0]


def test_a_file_that_gains_or_loses_its_bom_has_changed_on_disk(tmp_path: Path) -> None:
    path, original = crlf_match(tmp_path)
    record = RecordFile(str(path))
    path.write_bytes(original.removeprefix(BOM))
    assert record.changed_on_disk()


@pilot_test
async def test_editing_a_comment_of_game_2_keeps_the_rest_byte_for_byte(tmp_path: Path) -> None:
    path, original = crlf_match(tmp_path)
    app = ReplayApp(str(path), game=2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "c")
        assert isinstance(app.screen, CommentEditor)
        await pilot.press(*"Fine")
        await pilot.press("ctrl+s", "s")
        await pilot.pause()
        assert app.record is not None and not app.record.dirty
    saved = path.read_bytes()
    assert saved.startswith(BOM) and not saved.startswith(BOM + BOM)
    before, after = games_bytes(original), games_bytes(saved)
    assert after[0] == before[0] and after[2] == before[2]
    assert b"{Fine}" in after[1] and b"\n" not in after[1].replace(b"\r\n", b"")


# -- 3. control characters never reach the terminal raw ------------------------------


def test_control_characters_are_shown_escaped() -> None:
    assert printable(EVIL) == EVIL_SHOWN
    assert printable("a\tb") == "a    b"
    assert printable("one\ntwo") == r"one\x0atwo"
    assert printable("one\ntwo", lines=True) == "one\ntwo"
    assert printable("\x9b\u202etxt") == r"\x9b\u202etxt"  # C1 CSI, a bidi override
    assert printable(printable(EVIL)) == printable(EVIL)
    assert printable("Ines Alder") == "Ines Alder"


def test_wide_names_are_cut_and_padded_by_terminal_columns() -> None:
    # A Chinese character takes two columns: the game list's cells are measured
    # in columns, so the columns after a Chinese name stay in line.
    name = "李小龙" * 10
    assert clipped(name, 11) == "李小龙李小…" and columns(clipped(name, 11)) == 11
    assert clipped(name, 10) == "李小龙李…"  # the fifth character would take columns 9-10
    widths = (4, 12, 12)
    for white in (name, "李雷", "Ines Alder"):
        row = row_text(("12", white, "Bob"), widths)
        assert columns(row) == sum(widths) + len(widths) - 1
        assert row.endswith(" " + "Bob".ljust(12))


def test_a_source_line_is_escaped_with_its_caret_under_the_place() -> None:
    line = f"1. 61: {EVIL} in/19"
    shown, caret = source_lines(line, 8, 8 + len(EVIL), True, 60)
    assert EVIL_SHOWN in shown and not RAW.search(shown)
    assert caret.index("^") == shown.index("\\x1b]0") and caret.count("~") == len(EVIL_SHOWN) - 1
    long = "x" * 5000 + " bogus " + "y" * 5000
    shown, caret = source_lines(long, 5002, 5007, True, 60)
    assert len(shown) <= 62 and shown.count("…") == 2
    assert shown[caret.index("^") :].startswith("bogus")


@pilot_test
async def test_the_replay_screen_shows_record_text_escaped(tmp_path: Path) -> None:
    app = ReplayApp(str(hostile_record(tmp_path)), game=1)
    async with app.run_test(size=(200, 40)) as pilot:
        await pilot.pause()
        text = assert_nothing_raw(app)
        header = str(replay(app).query_one(GameHeader).render())
        assert "Ines \\x1b]0;PWNED" in header and "round \\x1b]0;PWNED" in header
        assert EVIL_SHOWN + "A complete game" in notes_text(app)
        assert EVIL_SHOWN in text


@pilot_test
async def test_the_game_list_shows_record_text_escaped(tmp_path: Path) -> None:
    text = (SAMPLES / "match.acey").read_text(encoding="utf-8")
    path = tmp_path / f"club{EVIL}.acey"
    path.write_text(text.replace('[White "Carr"]', f'[White "{EVIL}"]'), encoding="utf-8")
    app = ReplayApp(str(path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameList)
        shown = assert_nothing_raw(app)
        title = str(app.screen.query_one("#games-title").render())
        assert "club\\x1b]0;PWNED\\x07\\x1b[2J.acey: 3 games" in title  # the file's name
        first = next(line for line in shown.splitlines() if line.startswith(" 1 "))
        assert " \\x1b]0;PWN… Dunn" in first  # the first game's White, cut to its column
        await pilot.press("enter", "down", "g", "enter", "q")
        assert isinstance(app.screen, Confirm)
        assert_nothing_raw(app)
        await pilot.click("#answer-save")
        await pilot.pause()
        assert any("club\\x1b]0;PWNED" in message for message in notifications(app))


@pilot_test
async def test_the_tag_editor_shows_values_escaped_and_keeps_them_untouched(
    tmp_path: Path,
) -> None:
    path = hostile_record(tmp_path)
    original = path.read_bytes()
    app = ReplayApp(str(path), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("i")
        editor = app.screen
        assert isinstance(editor, TagEditor)
        values = [field.value for field in editor.query(".tag-value").results(Input)]
        assert "Ines \\x1b]0;PWNED\\x07\\x1b[2JAlder" in values
        assert_nothing_raw(app)
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, ReplayScreen)
        assert app.record is not None and not app.record.dirty  # nothing was changed
        await pilot.press("c")
        assert isinstance(app.screen, CommentEditor)
        assert app.screen.query_one(TextArea).text.startswith(EVIL_SHOWN)
        assert_nothing_raw(app)
        await pilot.press("ctrl+s")
        assert not app.record.dirty
        await pilot.press("s")
    assert path.read_bytes() == original


@pilot_test
async def test_diagnostics_quote_the_record_escaped(tmp_path: Path) -> None:
    path = tmp_path / "bad.acey"
    path.write_text(
        f'[White "A"]\n[Black "B"]\n[Result "{EVIL}"]\n\n1. 61: in/19 {EVIL}19/18\n*\n',
        encoding="utf-8",
    )
    app = ReplayApp(str(path), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("end")
        await pilot.pause()
        notes = notes_text(app)
        assert "\\x1b]0;PWNED" in notes and not RAW.search(notes)
        lines = notes.splitlines()
        source = next(n for n, line in enumerate(lines) if "1. 61: in/19 \\x1b" in line)
        assert lines[source + 1].index("^") == lines[source].index("\\x1b")
        assert_nothing_raw(app)


# -- 4. texts far longer than the screen -----------------------------------------------


def long_record(tmp_path: Path, comment: int = 99_000, copies: int = 1) -> Path:
    """The annotated sample with long names and ``copies`` comments of ``comment`` characters.

    A comment is at most 100,000 characters long (docs/notation.md); several make more.
    """
    text = (SAMPLES / "annotated.acey").read_text(encoding="utf-8")
    text = text.replace('[White "Ines Alder"]', f'[White "{"W" * 10_000}"]')
    text = text.replace("[Event ", f'[Venue "{"long venue " * 900}"]\n[Event ')
    words = " ".join(["comment"] * (comment // 8))
    text = text.replace("{A complete game", ("{" + words + "}\n") * copies + "{A complete game")
    moves = " ".join(f"{point}/{point - 1}" for point in range(24, 8, -1))  # 16 moves
    text = text.replace("1. 61: in/19 19/18  61:", f"1. 61: {moves}  61:")
    path = tmp_path / "long.acey"
    path.write_text(text, encoding="utf-8")
    return path


@pilot_test
async def test_two_long_names_are_cut_alike_in_the_header(tmp_path: Path) -> None:
    # The header was cut at its end: Black's name was lost to White's.
    path = long_record(tmp_path)
    text = path.read_text(encoding="utf-8").replace('"Tom Brandt"', f'"{"B" * 10_000}"')
    path.write_text(text, encoding="utf-8")
    app = ReplayApp(str(path), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        header = screen_lines(app)[0].rstrip()
        whites, blacks = header.count("W"), header.count("B")
        assert "W…  vs  ● B" in header and "B…  │ 15-0" in header and abs(whites - blacks) <= 1


@pilot_test
async def test_very_long_texts_keep_the_layout(tmp_path: Path) -> None:
    app = ReplayApp(str(long_record(tmp_path)), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        lines = screen_lines(app)
        assert len(lines) == SIZE[1] and all(len(line) <= SIZE[0] for line in lines)
        header = lines[0].rstrip()  # the longer name is cut; the other, result and rules stay
        assert "W…  vs  ● Tom Brandt" in header and header.endswith("15-0  │ standard")
        panel = replay(app).query_one("#notes-panel", VerticalScroll)
        assert panel.max_scroll_y > 300  # the comment scrolls
        await pilot.press("tab", "end")
        await pilot.pause()
        assert "more characters of this comment" in "\n".join(screen_lines(app))
        await pilot.press("tab", "down")
        moves = replay(app).query_one(MoveList)
        assert str(moves.get_option_at_index(1).prompt).count("/") == 16  # wrapped, all kept
        for _ in range(20):
            await pilot.press("right")
        await pilot.press("i")
        assert isinstance(app.screen, TagEditor)
        assert_nothing_raw(app)
        await pilot.press("escape", "home", "c")
        assert isinstance(app.screen, CommentEditor)  # 100,000 characters can be edited
        assert app.screen.query_one(TextArea).text.endswith("glyphs and a variation.")
        await pilot.press("escape")
        assert isinstance(app.screen, ReplayScreen)
        assert screen_lines(app)[-1].strip().startswith("→ Step")  # the footer still there


@pilot_test
async def test_a_comment_of_megabytes_neither_hangs_the_notes_nor_the_editor(
    tmp_path: Path,
) -> None:
    app = ReplayApp(str(long_record(tmp_path, copies=20)), game=1)  # 20 comments of 99,000
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        notes = notes_text(app)
        assert len(notes) < 25_000 and "more characters of this comment" in notes  # counted
        for key in ("right", "left", "right", "left"):  # each visit lays out 20,000 characters
            await pilot.press(key)
            await pilot.pause()
        back = notes_text(app)  # the same comments again, counted again
        assert len(back) < 25_000 and back.count("more characters of this comment") == notes.count(
            "more characters of this comment"
        )
        await pilot.press("c")
        assert isinstance(app.screen, ReplayScreen)  # no editor that takes seconds a key
        assert "too long to edit here" in notifications(app)[-1]


@pilot_test
async def test_a_comment_or_tag_value_past_the_readers_limits_is_refused_not_saved(
    tmp_path: Path,
) -> None:
    """A comment of over 100,000 characters, or a tag value of over 10,000, would be saved as
    a syntax error that hides the rest of the game (docs/notation.md, choice 12)."""
    path = tmp_path / "annotated.acey"
    path.write_bytes((SAMPLES / "annotated.acey").read_bytes())
    original = path.read_bytes()
    app = ReplayApp(str(path), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("right", "c")
        editor = app.screen
        assert isinstance(editor, CommentEditor)
        editor.query_one(TextArea).text = "y" * 100_001
        await pilot.press("ctrl+s")
        assert app.screen is editor  # kept open, the reason under the text
        assert "100,001 characters" in str(editor.query_one("#comment-error").render())
        editor.query_one(TextArea).text = "y" * 100_000
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("i")
        tags = app.screen
        assert isinstance(tags, TagEditor)
        tags.query_one("#tag-0", Input).value = '"' * 5_001  # each written as \"
        await pilot.press("ctrl+s")
        assert app.screen is tags
        assert "10,002 characters" in str(tags.query_one("#tag-0-problem").render())
        await pilot.press("escape", "s")
        await pilot.pause()
    saved = path.read_text(encoding="utf-8")
    assert saved != original.decode() and validate(parse_game(saved)).errors == 0


@pilot_test
async def test_a_very_long_path_keeps_the_dialogs_and_titles_in_the_screen(
    tmp_path: Path,
) -> None:
    folder = tmp_path.joinpath(*["f" * 200] * 8)  # a path of some 1,700 characters
    folder.mkdir(parents=True)
    path = folder / "game.acey"
    path.write_bytes((SAMPLES / "annotated.acey").read_bytes())
    app = ReplayApp(str(path), game=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "g", "enter")
        path.unlink()
        await pilot.press("s")
        assert isinstance(app.screen, Confirm)
        for button in app.screen.query(Button):
            assert inside(button, *SIZE), button.id
        assert "…" in assert_nothing_raw(app)
        await pilot.press("escape", "l")
        assert isinstance(app.screen, GameList)
        title = str(app.screen.query_one("#games-title").render())
        assert " …fff" in title and title.endswith("/game.acey: 1 game")


@pilot_test
async def test_a_line_past_the_readers_limit_is_said_not_raised(tmp_path: Path) -> None:
    from aceynote.tui.app import ErrorScreen

    path = tmp_path / "long-line.acey"
    path.write_text('[White "a"]\n\n1. 64: in/19 in/21 {' + "x" * 2_000_000 + "}\n*\n")
    app = ReplayApp(str(path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ErrorScreen)  # the app ended with a traceback before
        assert f"{path}:3: this line goes on past 1,048,576 bytes" in app.screen.message


def test_a_record_too_large_for_the_app_is_refused_with_its_size(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import aceynote.files.record as record

    path = tmp_path / "corpus.acey"
    path.write_bytes((SAMPLES / "annotated.acey").read_bytes() * 3)
    monkeypatch.setattr(record, "MAX_APP_FILE", path.stat().st_size - 1)
    with pytest.raises(record.RecordError, match="the app opens records of up to that size"):
        record.read_text(str(path))
    monkeypatch.setattr(record, "MAX_APP_FILE", path.stat().st_size)
    assert record.read_text(str(path)) == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("end", [b"\n", b"\r", b"\r\n"], ids=["lf", "cr", "crlf"])
def test_the_app_counts_the_line_past_the_limit_by_every_line_end(
    tmp_path: Path, end: bytes
) -> None:
    from aceynote.files.record import RecordError, RecordFile

    path = tmp_path / "long.acey"
    long_line = b"{" + b"x" * 2**20 + b"}"
    path.write_bytes(end.join([b'[White "a"]', b"", b"1. 64: in/19 in/21", long_line, b"*", b""]))
    with pytest.raises(RecordError, match=r"long\.acey:4: this line goes on past 1,048,576 bytes"):
        RecordFile(str(path))
    path.write_bytes(end.join([b'[White "a"]', b"", b"{" + b"x" * 99_000 + b"}"] * 12 + [b"*"]))
    assert len(RecordFile(str(path)).text) > 2**20  # long lines within the limit are read


PASTED = "note\x1b\x1bgq\u202e\x1b[201x\x00 end"


@given(cuts=st.lists(st.integers(1, 60), max_size=8))
def test_a_paste_is_read_whole_wherever_the_reads_cut_it(cuts: list[int]) -> None:
    """Textual's parser read ESC ESC inside a paste as the Escape key, and the rest as keys."""
    from textual import events

    from aceynote.tui.pasting import PasteParser

    raw = f"k\x1b[200~{PASTED}\x1b[201~z\x1b[200~\x1b[201~q"
    places = sorted({0, len(raw), *(cut for cut in cuts if cut < len(raw))})
    parser = PasteParser()
    read = []
    for first, last in itertools.pairwise(places):
        read += [*parser.feed(raw[first:last]), *parser.tick()]
    read += [*parser.tick(), *parser.tick()]
    assert [
        event.text if isinstance(event, events.Paste) else event.key  # type: ignore[attr-defined]
        for event in read
    ] == ["k", PASTED.replace("\x00", ""), "z", "", "q"]
