"""A game's analysis as a front end shows it: each judged segment of the main line.

Two sources give the same shape. An analysis run now (its JSON form,
aceynote.analysis.output) knows every decision: the best plays with their
win % and equity, the equity lost, the mark and White's chance after it (the
graph of the game). A record analysed earlier (``aceynote analyze -o``)
knows only what its comments say: for each marked segment the mark (named
in the comment where a person's glyph stands, else the glyph annotate
added, the last of the segment's marks) and the comment's best play,
equity lost and reason. No win %, so no graph (docs/share.md says why the
comment does not carry one).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..notation import Game, Segment
from .annotate import mark_of, read_comment
from .output import option_play

ENGINE = "engine"
RECORD = "record"


@dataclass(frozen=True, slots=True)
class BestPlay:
    """One of the best plays; the record's comment names the play and nothing else."""

    text: str  # as the notation writes it, ``=55: 20/15(2)`` for a chosen double
    win: float | None = None
    equity: float | None = None
    diff: float | None = None


@dataclass(frozen=True, slots=True)
class SegmentReview:
    """What the analysis says about one segment of the main line (``ply`` counts from 1)."""

    ply: int
    segment: Segment
    mark: str | None
    loss: float
    best: tuple[BestPlay, ...]
    forced: bool = False
    white_win_after: float | None = None
    why: str | None = None


@dataclass(frozen=True, slots=True)
class GameReview:
    """A game's judged segments, and where they come from (``engine`` or ``record``)."""

    source: str
    depth: int | None
    judged: tuple[SegmentReview, ...]

    @property
    def graph(self) -> list[tuple[int, float]]:
        """``(ply, White's chance after it)`` for every judged segment; [] without win %."""
        return [
            (item.ply, item.white_win_after)
            for item in self.judged
            if item.white_win_after is not None
        ]


def review_of_analysis(game: Game, analysis: dict[str, Any]) -> GameReview:
    """The review of ``game`` from its analysis in the JSON form (every decision)."""
    segments = game.main_line()
    judged = tuple(
        SegmentReview(
            ply=decision["ply"],
            segment=segments[decision["ply"] - 1],
            mark=decision["mark"],
            loss=decision["loss"],
            best=tuple(
                BestPlay(option_play(option), option["win"], option["equity"], option["diff"])
                for option in decision["best"]
            ),
            forced=decision["forced"],
            white_win_after=decision["white_win_after"],
            why=None if decision.get("reason") is None else decision["reason"]["text"],
        )
        for decision in analysis["decisions"]
    )
    return GameReview(ENGINE, analysis["depth"], judged)


def review_of_record(game: Game) -> GameReview | None:
    """The review the record's analysis comments give, or None when it has none."""
    judged: list[SegmentReview] = []
    for ply, segment in enumerate(game.main_line(), start=1):
        found = next(filter(None, map(read_comment, segment.comments)), None)
        if found is None:
            continue
        mark = mark_of(segment, found)
        best = (BestPlay(found.best),)
        judged.append(SegmentReview(ply, segment, mark, found.loss, best, why=found.why))
    return GameReview(RECORD, None, tuple(judged)) if judged else None
