"""bgammon.org replay files (``.match``), the online home of acey-deucey: read and write."""

from collections.abc import Iterator
from typing import IO

from ...notation import Game
from ..format import Skipped
from .match_reader import read_match
from .match_writer import MatchWriteError, game_lines, left_out, match_text, refusal, write_match


def read(handle: IO[bytes], name: str) -> Iterator[Game | Skipped]:
    """The games of a replay file (the format's reader, :mod:`aceynote.formats`)."""
    return read_match(handle)


write = write_match
"""The format's writer."""

__all__ = [
    "MatchWriteError",
    "game_lines",
    "left_out",
    "match_text",
    "read",
    "read_match",
    "refusal",
    "write",
    "write_match",
]
