"""The marks ?!, ? and ?? by the equity a play lost (docs/engine.md, "Marks").

gnubg marks a decision doubtful, bad or very bad when it loses 0.03, 0.06 or
0.12 of the value of a single game (its equity unit). Acey-deucey's score is
counted in checkers, so a game is worth more than one point: the thresholds
are gnubg's times the points of a typical won game under the rules
(:data:`TYPICAL_WIN_POINTS`: a won game's mean points in the engine's self-play
under the bgammon rules, docs/engine.md "Marks"), and times
one under score=single, where every game is worth a point as in gnubg.
"""

from __future__ import annotations

from ..notation.model import (
    Mark as Mark,  # the glyphs are the notation's (§4); the thresholds are here
)
from ..rules import RuleSet, Scoring

GNUBG_THRESHOLDS = {Mark.DOUBTFUL: 0.03, Mark.BAD: 0.06, Mark.VERY_BAD: 0.12}
"""Each mark's threshold in games, mildest first: the one table of the marks' thresholds."""
TYPICAL_WIN_POINTS = 7.0


GLYPHS = frozenset(mark.value for mark in Mark)
"""The glyphs that write a mark."""


def game_value(rules: RuleSet) -> float:
    """What the marks count as one game, in the rules' points: a typical win's points under
    score=checkers, 1 under score=single."""
    return 1.0 if rules.score is Scoring.SINGLE else TYPICAL_WIN_POINTS


def thresholds(rules: RuleSet) -> dict[Mark, float]:
    """The equity lost (in the rules' points) from which a play gets each mark, mildest first."""
    scale = game_value(rules)
    return {mark: round(limit * scale, 4) for mark, limit in GNUBG_THRESHOLDS.items()}


def mark_for(loss: float, rules: RuleSet) -> Mark | None:
    """The mark a play that lost ``loss`` points of equity deserves, if any: the most severe
    whose threshold it reaches."""
    reached = [mark for mark, limit in thresholds(rules).items() if loss >= limit]
    return reached[-1] if reached else None
