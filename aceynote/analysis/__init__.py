"""Game analysis: every decision of a record judged by the engine (docs/engine.md).

This room stands between the validator, which replays a record into
positions and plays, and the front ends: it asks the engine (aceynote.engine,
which knows only the rules) about each decision, marks the mistakes, sums up
each player, and writes the marks into a record. An analysis is one typed
record (:mod:`.analysed`) that every front end renders.
"""

from .analysed import AnalysedDecision, GameAnalysis, PlayerFigures
from .judge import analyze_game
from .marks import Mark, mark_for, thresholds

__all__ = [
    "AnalysedDecision",
    "GameAnalysis",
    "Mark",
    "PlayerFigures",
    "analyze_game",
    "mark_for",
    "thresholds",
]
