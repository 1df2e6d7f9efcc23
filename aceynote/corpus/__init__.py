"""Corpora: finding games, counting them and laying them out as tables (docs/find.md, docs/stats.md, docs/data.md)."""

from ..notation.tags import result_points
from .facts import GameFacts, game_facts

__all__ = ["GameFacts", "game_facts", "result_points"]
