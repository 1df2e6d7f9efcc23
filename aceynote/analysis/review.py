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

The page reviews a game it has just analysed (:func:`review_of_analysis`);
the app keeps an analysis while the game is edited, so it asks
:func:`review_of_report` whether the analysis still fits the game shown.
Either front end then looks a segment up by its identity (the key of its
move list and its frames); a page that draws a copy of the game reviewed
(:meth:`GameReview.of_game`) looks it up in the copy.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from ..notation import Game, Segment
from ..rules import play_text
from ..validation import Report, SegmentReplay
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
    # Each judged segment's place, by the segment's identity: a page looks up every segment.
    _index: dict[int, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        index = {id(item.segment): place for place, item in enumerate(self.judged)}
        object.__setattr__(self, "_index", index)

    @property
    def source(self) -> str:
        """``engine`` (an analysis run now) or ``record`` (the record's comments)."""
        return RECORD if self.analysis is None else ENGINE

    @property
    def depth(self) -> int | None:
        return None if self.analysis is None else self.analysis.depth

    def index_of(self, segment: Segment | None) -> int | None:
        """Where ``segment`` stands in :attr:`judged` (0 for the first), as in
        :attr:`white_wins`; None: a segment the analysis did not judge."""
        return None if segment is None else self._index.get(id(segment))

    def judged_of(self, segment: Segment | None) -> Judged | None:
        index = self.index_of(segment)
        return None if index is None else self.judged[index]

    def decision_of(self, segment: Segment | None) -> AnalysedDecision | None:
        """The engine's decision at ``segment``; None where it judged none (or the review is
        the record's comments)."""
        found = self.judged_of(segment)
        return found.verdict if found and isinstance(found.verdict, AnalysedDecision) else None

    def of_game(self, game: Game) -> GameReview:
        """This review keyed to ``game``, a copy of the game it was made of (a game built in
        code, validated as the game its text reads as: ``validate_in_place``): each judged
        segment is ``game``'s at the same place on the main line."""
        segments = game.main_line()
        judged = (replace(item, segment=segments[item.ply - 1]) for item in self.judged)
        return GameReview(self.analysis, tuple(judged))

    def marks(self) -> dict[int, str]:
        """The mark of each marked segment, by the segment's ``id``."""
        return {id(item.segment): item.mark for item in self.judged if item.mark is not None}

    @property
    def white_wins(self) -> list[float] | None:
        """White's chance of winning after each judged segment, in playing order (the graph);
        None for the record's comments, which carry no win %."""
        if self.analysis is None:
            return None
        return [decision.white_win_after for decision in self.analysis.decisions]


def review_of_analysis(game: Game, analysis: GameAnalysis) -> GameReview:
    """The review of ``game`` from its analysis (every decision)."""
    return _engine_review(analysis, game.main_line())


def review_of_report(report: Report, analysis: GameAnalysis) -> GameReview | None:
    """The review of ``report``'s game from an analysis made of it earlier; None when the
    analysis no longer fits the game.

    It still fits a game edited since (a comment, a glyph, moves recorded after it) as long
    as every decision it judged is still on the main line, played as it was, under the same
    rules.
    """
    if analysis.rules != report.rules.to_tag():
        return None
    replays = report.main_line()
    decisions = analysis.decisions
    if len(replays) < len(decisions):
        return None
    if not all(map(_same_decision, decisions, replays)):
        return None
    return _engine_review(analysis, [replay.segment for replay in replays])


def review_of_record(game: Game) -> GameReview | None:
    """The review the record's analysis comments give, or None when it has none."""
    judged: list[Judged] = []
    for ply, segment in enumerate(game.main_line(), start=1):
        found = next(filter(None, map(read_comment, segment.comments)), None)
        if found is not None:
            judged.append(Judged(ply, segment, found._replace(mark=mark_of(segment, found))))
    return GameReview(None, tuple(judged)) if judged else None


def _engine_review(analysis: GameAnalysis, segments: Sequence[Segment]) -> GameReview:
    """Each decision of ``analysis`` with its segment of the main line ``segments``."""
    judged = tuple(
        Judged(decision.ply, segments[decision.ply - 1], decision)
        for decision in analysis.decisions
    )
    return GameReview(analysis, judged)


def _same_decision(decision: AnalysedDecision, replay: SegmentReplay) -> bool:
    segment = replay.segment
    return (
        replay.legal
        and decision.dice == (segment.high, segment.low)
        and decision.played == play_text(replay.steps)
        and decision.side is replay.before.turn
    )
