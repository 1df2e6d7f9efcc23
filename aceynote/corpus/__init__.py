"""Corpora: finding games, counting them and laying them out as tables (docs/corpus.md)."""

from .facts import GameFacts, game_facts, main_line, result_points

__all__ = ["GameFacts", "game_facts", "main_line", "result_points"]
