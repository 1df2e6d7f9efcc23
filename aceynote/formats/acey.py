"""The acey notation (``.acey``, docs/notation.md): aceynote's own record format."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import IO

from ..notation import Game, read_games, write_games
from .format import Entry, Output


def read(handle: IO[bytes], name: str) -> Iterator[Game]:
    """The games of a record (``read_games`` names the file from ``handle`` itself)."""
    return read_games(handle)


def write(entries: Iterable[Entry], output: Output) -> None:
    """Every game in canonical form, a blank line between two."""
    write_games((entry.game for entry in entries), output.stream)
