"""bgammon.org replay files (``.match``), the online home of acey-deucey: read and write."""

from .reader import read_match
from .writer import MatchWriteError, game_lines, left_out, match_text, refusal

__all__ = ["MatchWriteError", "game_lines", "left_out", "match_text", "read_match", "refusal"]
