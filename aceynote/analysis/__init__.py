"""Game analysis: every decision of a record judged by the engine (docs/engine.md).

This room stands between the validator, which replays a record into
positions and plays, and the front ends: it asks the engine (aceynote.engine,
which knows only the rules) about each decision, marks the mistakes, sums up
each player, and writes the marks into a record.
"""

from .judge import DecisionReport, GameAnalysis, analyze_game
from .marks import Mark, mark_for, thresholds
from .summary import PlayerSummary, summarize

__all__ = [
    "DecisionReport",
    "GameAnalysis",
    "Mark",
    "PlayerSummary",
    "analyze_game",
    "mark_for",
    "summarize",
    "thresholds",
]
