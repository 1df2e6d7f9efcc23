"""A game's analysis as a front end shows it: each judged segment of the main line.

Two sources give it. An analysis run now (:class:`~.analysed.GameAnalysis`)
knows every decision: the best plays with their win % and equity, the
equity lost, the mark and White's chance after it (the graph of the game),
and each player's figures. A record analysed earlier (``aceynote analyze
-o``) knows only what its comments say (:class:`~.annotate.AnalysisComment`):
for each marked segment the mark (named in the comment where a person's
glyph stands, else the glyph annotate added, the last of the segment's
marks) and the comment's best play, equity lost and reason. No win %, so no
graph (docs/share.md says why the comment does not carry one).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..notation import Game, Segment
from .analysed import AnalysedDecision, GameAnalysis
from .annotate import AnalysisComment, mark_of, read_comment

ENGINE = "engine"
RECORD = "record"


@dataclass(frozen=True, slots=True)
class Judged:
    """A judged segment of the main line (``ply`` counts from 1) and what the analysis says
    of it: the decision as the engine judged it, or the record's comment read back."""

    ply: int
    segment: Segment
    verdict: AnalysedDecision | AnalysisComment

    @property
    def mark(self) -> str | None:
        mark = self.verdict.mark
        return mark if mark is None or isinstance(mark, str) else mark.value

    @property
    def loss(self) -> float:
        return self.verdict.loss

    @property
    def why(self) -> str | None:
        verdict = self.verdict
        if isinstance(verdict, AnalysisComment):
            return verdict.why
        return None if verdict.reason is None else verdict.reason.text


@dataclass(frozen=True, slots=True)
class GameReview:
    """A game's judged segments, and the analysis they come from (None: the record's
    comments)."""

    analysis: GameAnalysis | None
    judged: tuple[Judged, ...]

    @property
    def source(self) -> str:
        """``engine`` (an analysis run now) or ``record`` (the record's comments)."""
        return RECORD if self.analysis is None else ENGINE

    @property
    def depth(self) -> int | None:
        return None if self.analysis is None else self.analysis.depth


def review_of_analysis(game: Game, analysis: GameAnalysis) -> GameReview:
    """The review of ``game`` from its analysis (every decision)."""
    segments = game.main_line()
    judged = tuple(
        Judged(decision.ply, segments[decision.ply - 1], decision)
        for decision in analysis.decisions
    )
    return GameReview(analysis, judged)


def review_of_record(game: Game) -> GameReview | None:
    """The review the record's analysis comments give, or None when it has none."""
    judged: list[Judged] = []
    for ply, segment in enumerate(game.main_line(), start=1):
        found = next(filter(None, map(read_comment, segment.comments)), None)
        if found is not None:
            judged.append(Judged(ply, segment, found._replace(mark=mark_of(segment, found))))
    return GameReview(None, tuple(judged)) if judged else None
