"""The rows of the decisions table (docs/data.md, "decisions"): one a decision of a game's
analysis (:class:`~.analysed.GameAnalysis`), keyed as the segments table is.

``game_id`` is the game's place among the games analysed (from 1) and ``ply`` its
segment's place on the main line: the same keys as ``aceynote convert --to parquet``
gives the same inputs, so the tables join on ``(game_id, ply)``. A marked decision's
reason is flattened into columns: the written play's facts by their names, the best
play's with ``best_`` before them (:class:`~aceynote.analysis.leaves.PlayFacts`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .analysed import GameAnalysis
from .leaves import FACT_NAMES
from .output import KIND_WORDS

Row = dict[str, Any]


def decision_rows(game_id: int, analysis: GameAnalysis) -> Iterator[Row]:
    """The decisions table's rows of one game's analysis."""
    for decision in analysis.decisions:
        reason = decision.reason
        row: Row = {
            "game_id": game_id,
            "ply": decision.ply,
            "turn": decision.turn,
            "side": decision.side.name.lower(),
            "kind": KIND_WORDS[decision.kind],
            "roll": decision.roll,
            "played": decision.played,
            "best": decision.best_text,
            "equity": decision.equity,
            "loss": decision.loss,
            "mark": None if decision.mark is None else decision.mark.value,
            "forced": decision.forced,
            "luck": decision.luck,
            "phase": decision.phase,
            "reason": None if reason is None else reason.text,
        }
        written = {} if reason is None else reason.written.as_dict()
        best = {} if reason is None else reason.best.as_dict()
        for prefix, facts in (("", written), ("best_", best)):
            for name in FACT_NAMES:
                row[prefix + name] = facts.get(name)
        yield row
