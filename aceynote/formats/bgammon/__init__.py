"""bgammon.org replay files (``.match``), the online home of acey-deucey: read and write."""

from collections.abc import Iterator
from typing import IO

from ...notation import Game
from ..base import Format
from .reader import read_match
from .writer import MatchWriteError, game_lines, left_out, match_text, refusal, write_match


def _read(handle: IO[bytes], name: str) -> Iterator[Game]:
    return read_match(handle)


FORMAT = Format("bgammon", (".match",), _read, write_match, "bgammon.org replay")

__all__ = [
    "FORMAT",
    "MatchWriteError",
    "game_lines",
    "left_out",
    "match_text",
    "read_match",
    "refusal",
    "write_match",
]
