"""Where a replay file stops making sense: the limits of what the ``.match`` reader and writer take.

Each lies far beyond any real replay (a game has a few hundred events, a
file one match), so only damaged or hostile input meets one; it is then a
located syntax error, never unbounded memory. docs/bgammon.md lists them.
"""

from __future__ import annotations

from ...notation.limits import MAX_GAME_WORDS

OFFSET_DIGITS = 8
"""Digits of an index line's byte offset: "always eight digits" (the server's REPLAY.md)."""

MAX_GAME_EVENTS = MAX_GAME_WORDS // 2
"""Event lines of one game: a roll line is a segment, which a record writes in two words
(the roll and its moves), so a record's longest game fits in a replay and back."""

MAX_INDEX_LINES = 100_000
"""Lines of the index table: 8-digit offsets reach 100 MB, about 100,000 games of 1 KB."""
