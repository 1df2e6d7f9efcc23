"""Each decision of a game's main line, judged by the engine (docs/engine.md, "analyze").

The validator's replay gives every segment's position before and after; a
segment is one decision of the side that plays it: the play of a roll or of
the extra roll, or the double named after a 1-2 together with its play.
The analysis follows the main line up to its first illegal play.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..engine.decisions import Choice, Decision, choices, double_choices, phase_of
from ..engine.search import Scored, Search
from ..notation import Segment, Turn
from ..rules import SegmentKind, Side, play_text
from ..validation import Diagnostic, Report, SegmentReplay
from ..validation import diagnostics as codes
from .marks import Mark, mark_for
from .reasons import Reason, reason

TOP = 3


@dataclass(frozen=True, slots=True)
class Option:
    """One of the best plays of a decision, for the side that makes it."""

    play: str
    win: float
    equity: float
    diff: float
    double: int = 0


@dataclass(slots=True)
class DecisionReport:
    """One decision: what was played, what was best, the equity lost, the mark, the luck.

    ``win_after`` is White's winning chance after the decision (the graph of
    a game). ``luck`` is what the roll was worth to the mover against an
    average roll (None for a chosen double, which is chosen, not rolled).
    ``phase`` is the game's phase (:func:`~aceynote.engine.decisions.phase_of`);
    ``reason`` says why a marked play is worse than the best (None unmarked).
    """

    ply: int
    turn: Turn
    segment: Segment
    side: Side
    kind: SegmentKind
    dice: tuple[int, int]
    played: str
    equity: float
    best: list[Option]
    loss: float
    forced: bool
    mark: Mark | None
    luck: float | None
    win_after: float
    phase: str
    reason: Reason | None = None


@dataclass(slots=True)
class GameAnalysis:
    """The judged decisions of one game and where the analysis stopped."""

    report: Report
    depth: int
    decisions: list[DecisionReport] = field(default_factory=list)
    stopped_at: Diagnostic | None = None


Progress = Callable[[int], None]
Cancelled = Callable[[], bool]


class AnalysisCancelled(Exception):
    """The analysis was cancelled (its ``cancelled`` said so between two decisions)."""


def main_replays(report: Report) -> list[SegmentReplay]:
    """The main line's segments as replayed: a decision's ``ply`` counts them from 1."""
    return [replay for replay in report.segments if not replay.line]


def decisions_to_judge(report: Report) -> int:
    """How many decisions :func:`analyze_game` judges: the main line up to its first illegal play."""
    count = 0
    for replay in main_replays(report):
        if not replay.legal:
            break
        count += 1
    return count


def analyze_game(
    report: Report,
    search: Search,
    depth: int = 1,
    progress: Progress | None = None,
    cancelled: Cancelled | None = None,
) -> GameAnalysis:
    """Judge the main line of a validated game, decision by decision.

    ``cancelled`` is asked before each decision (an app's worker being
    stopped); when it says yes, :class:`AnalysisCancelled` is raised.
    """
    analysis = GameAnalysis(report, depth)
    for ply, replay in enumerate(main_replays(report), start=1):
        if not replay.legal:
            analysis.stopped_at = _first_error_at(report, replay)
            break
        if cancelled is not None and cancelled():
            raise AnalysisCancelled(f"cancelled after {ply - 1} decisions")
        analysis.decisions.append(_judge(ply, replay, search, depth))
        if progress is not None:
            progress(len(analysis.decisions))
    if analysis.stopped_at is None and report.game.problems:
        # A syntax error: the reader kept the game up to it, and the analysis ends there.
        analysis.stopped_at = next(d for d in report.diagnostics if d.code is codes.SYNTAX)
    return analysis


def _first_error_at(report: Report, replay: SegmentReplay) -> Diagnostic | None:
    """The error that made this segment illegal: the first at or after its start."""
    start = replay.segment.span[:2]
    errors = [d for d in report.diagnostics if d.is_error]
    later = (d for d in errors if (d.span.line, d.span.column) >= start)
    return next(later, errors[0] if errors else None)


def _options(replay: SegmentReplay, search: Search) -> tuple[Decision, list[Choice]]:
    segment = replay.segment
    decision = Decision(replay.before, segment.kind)
    if segment.kind is SegmentKind.CHOSEN_DOUBLE:
        return decision, double_choices(decision, search.rules)
    return decision, choices(decision, segment.high, segment.low, search.rules)


def _written(options: list[Choice], replay: SegmentReplay) -> int:
    """Which option the record's play is: the one that leaves the same board."""
    board = (replay.after.white, replay.after.black)
    high = replay.segment.high
    return next(
        index
        for index, option in enumerate(options)
        if (option.play.result.white, option.play.result.black) == board
        and (replay.segment.kind is not SegmentKind.CHOSEN_DOUBLE or option.high == high)
    )


def _judge(ply: int, replay: SegmentReplay, search: Search, depth: int) -> DecisionReport:
    decision, options = _options(replay, search)
    ranked, written = search.judge(options, _written(options, replay), depth)
    best = ranked[0]
    loss = max(0.0, best.equity - written.equity)
    forced = len(options) == 1
    mark = None if forced else mark_for(loss, search.rules)
    side = replay.before.turn
    segment = replay.segment
    return DecisionReport(
        ply=ply,
        turn=replay.turn,
        segment=segment,
        side=side,
        kind=segment.kind,
        dice=(segment.high, segment.low),
        played=play_text(replay.steps),
        equity=written.equity,
        best=[_option(scored, best, decision) for scored in ranked[:TOP]],
        loss=loss,
        forced=forced,
        mark=mark,
        luck=_luck(decision, best, search),
        win_after=written.win if side is Side.WHITE else 1 - written.win,
        phase=phase_of(decision),
        reason=None
        if mark is None
        else reason(replay.before, written.choice, best.choice, search.rules),
    )


def _option(scored: Scored, best: Scored, decision: Decision) -> Option:
    double = scored.choice.high if decision.kind is SegmentKind.CHOSEN_DOUBLE else 0
    return Option(
        play=play_text(scored.choice.play.steps),
        win=scored.win,
        equity=scored.equity,
        diff=scored.equity - best.equity,
        double=double,
    )


def _luck(decision: Decision, best: Scored, search: Search) -> float | None:
    """The 0-ply value of the best play of the roll against that of the average roll."""
    if decision.kind is SegmentKind.CHOSEN_DOUBLE:
        return None
    ((_, average),) = search.look_ahead([decision])
    rolled = search.evaluator.choices([best.choice])[1][0] if best.depth else best.equity
    return float(rolled) - average
