"""The JSON readers' UTF-8 text: read in bounded pieces, no character lost at a piece's end."""

from __future__ import annotations

import io
import json

import pytest

from aceynote.formats.json import utf8_text
from aceynote.formats.jsonconv import document_header, game_to_json, read_document
from aceynote.notation import ReadError, parse_game

TEXT = "Müller\r\nØ 𝄞 ñ\n" * 40 + "end"


@pytest.mark.parametrize("size", [1, 2, 3, 5, 8])
def test_pieces_of_any_size_give_every_character(size: int) -> None:
    """A piece of text is read as up to 4 * size + 4 bytes: characters of 2 to 4 bytes and
    CRLFs are cut there, and must come whole in the next piece."""
    stream = utf8_text(io.BytesIO(("\ufeff" + TEXT).encode("utf-8")), "t.json")
    pieces = iter(lambda: stream.read(size), "")
    assert "".join(pieces) == TEXT


def test_a_document_of_names_read_in_small_windows_keeps_every_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import aceynote.formats.jsonconv.stream as stream

    monkeypatch.setattr(stream, "WINDOW", 97)  # reads of 392 bytes: characters are cut
    names = ["Jürgen Ölund", "Zoë Ångström", "李 小龙", "Ŋ 𝄞"]
    games = [
        parse_game(f'[White "{name}"]\n\n{{{"é𝄞李" * 50}}} 1. 64: in/19 in/21\n*\n')
        for name in names * 3
    ]
    games_json = [game_to_json(g) for g in games]
    text = json.dumps({**document_header(), "games": games_json}, indent=1, ensure_ascii=False)
    read = list(read_document(utf8_text(io.BytesIO(text.encode("utf-8")), "g.json")))
    assert [game.tag("White") for game in read] == names * 3
    assert read == games


@pytest.mark.parametrize("size", [1, 3, 1 << 20])
def test_a_byte_that_is_not_utf8_is_told_at_its_line_and_column(size: int) -> None:
    data = (TEXT + "\nab").encode("utf-8") + b"\xe9cd"
    lines = TEXT.count("\n") + 2
    stream = utf8_text(io.BytesIO(data), "t.json")
    with pytest.raises(ReadError, match=rf"^t\.json:{lines}:3: is not UTF-8"):
        while stream.read(size):
            pass
