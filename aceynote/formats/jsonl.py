"""JSON Lines (``.jsonl``, ``.ndjson``): one game a line, streamed for corpora of any size."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import IO

from ..notation import Game
from .format import Entry, Output
from .json import game_json_text, utf8_text


def read(handle: IO[bytes], name: str) -> Iterator[Game]:
    from .jsonconv import read_json_lines

    yield from read_json_lines(utf8_text(handle, name))


def write(entries: Iterable[Entry], output: Output) -> None:
    for entry in entries:
        output.stream.write(game_json_text(entry.game, output) + "\n")
