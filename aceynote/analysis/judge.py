"""Each decision of a game's main line, judged by the engine (docs/engine.md, "analyze").

The validator's replay gives every segment's position before and after; a
segment is one decision of the side that plays it: the play of a roll or of
the extra roll, or the double named after a 1-2 together with its play.
The analysis follows the main line up to its first illegal play, or the
first error in a turn's flow (a chosen double or extra roll missing, or one
the rules do not give).
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.api import RankedPlay
from ..engine.decisions import Choice, Decision, choices, double_choices, phase_of
from ..engine.search import Scored, Search
from ..notation.writer import turn_number
from ..rules import SegmentKind, Side, play_text
from ..validation import Diagnostic, Report, SegmentReplay
from ..validation import diagnostics as codes
from ..validation.frames import Anchor, Placement
from .analysed import AnalysedDecision, GameAnalysis, Stopped
from .marks import mark_for, thresholds
from .reasons import reason
from .summary import GameTally

TOP = 3

Progress = Callable[[int, int], None]
"""Told the decisions of a game judged so far and how many it has to judge."""
Cancelled = Callable[[], bool]


class AnalysisCancelled(Exception):
    """The analysis was cancelled (its ``cancelled`` said so between two decisions)."""


def decisions_to_judge(report: Report) -> int:
    """How many decisions :func:`analyze_game` judges: the main line up to its first error."""
    return len(judged_line(report)[0])


_FLOW_ERRORS = frozenset(
    code.code
    for code in (
        codes.MISSING_DOUBLE,
        codes.UNEXPECTED_DOUBLE,
        codes.MISSING_EXTRA,
        codes.UNEXPECTED_EXTRA,
    )
)
"""Errors in a turn's flow: the segments after one are replayed in a turn the rules did not
give (a Black roll where White was to name its double), so no decision there is judged."""


_START_ERRORS = frozenset(code.code for code in (codes.BAD_RULES, codes.BAD_SETUP))
"""Errors in the tags a game starts from, its Rules and its Setup: the replay goes on with
a stand-in (the standard rules, the opening position), not the game's own, so no decision
of it is judged."""


def start_error(report: Report) -> Diagnostic | None:
    """The error in the tags the game starts from (:data:`_START_ERRORS`), if any: no
    decision of any of its lines can be judged."""
    return next((d for d in report.diagnostics if d.code.code in _START_ERRORS), None)


def judged_line(report: Report) -> tuple[list[SegmentReplay], Diagnostic | None]:
    """The main line's segments up to its first illegal play or error in a turn's flow,
    and that error (None when the line has none); none when the tags it starts from are
    wrong, and that error."""
    start = start_error(report)
    if start is not None:
        return [], start
    flow = _flow_errors(report)
    judged: list[SegmentReplay] = []
    for replay in report.main_line():
        at, error = flow.get(id(replay.segment), (False, None))
        if not replay.legal:
            return judged, _first_error_at(report, replay)
        if at:
            return judged, error
        judged.append(replay)
        if error is not None:
            return judged, error
    return judged, None


def line_stop(report: Report) -> Diagnostic | None:
    """The error the judged line (:func:`judged_line`) ends at, or the syntax error the
    reader stopped at (the game is kept up to it); None when the whole main line is judged."""
    return judged_line(report)[1] or _syntax_stop(report)


def _syntax_stop(report: Report) -> Diagnostic | None:
    if not report.game.problems:
        return None
    return next(d for d in report.diagnostics if d.code is codes.SYNTAX)


def ranked_line(report: Report) -> list[SegmentReplay]:
    """The main line's segments whose decisions can be ranked: the judged line, and the
    illegal play that ends it (the position before it is the record's own; not one after a
    turn gone wrong)."""
    line, stopped = judged_line(report)
    main = report.main_line()
    ended_by_it = stopped is None or stopped.code.code not in _FLOW_ERRORS | _START_ERRORS
    if len(line) < len(main) and not main[len(line)].legal and ended_by_it:
        return [*line, main[len(line)]]
    return line


def error_before(report: Report, replay: SegmentReplay) -> Diagnostic | None:
    """The error that ends the judged line before ``replay``, a main-line segment; None when
    its decision can be ranked (:func:`ranked_line`)."""
    if any(each is replay for each in ranked_line(report)):
        return None
    return judged_line(report)[1]


def _flow_errors(report: Report) -> dict[int, tuple[bool, Diagnostic]]:
    """The main line's segments (by id) a flow error stands at (True) or just after (False:
    a double or extra roll missing after them), with that error."""
    anchors: list[Anchor[SegmentReplay | None]] = [
        Anchor((r.segment.span.line, r.segment.span.column), r) for r in report.segments
    ]
    placement: Placement[SegmentReplay | None] = Placement(report.game, anchors, None, None)
    found: dict[int, tuple[bool, Diagnostic]] = {}
    for diagnostic in report.diagnostics:
        if diagnostic.code.code not in _FLOW_ERRORS:
            continue
        replay = placement.anchor(diagnostic).about
        if replay is None or replay.line or id(replay.segment) in found:
            continue
        start = replay.segment.span
        at = (diagnostic.span.line, diagnostic.span.column) == (start.line, start.column)
        found[id(replay.segment)] = (at, diagnostic)
    return found


def analyze_game(
    number: int,
    report: Report,
    search: Search,
    depth: int = 1,
    progress: Progress | None = None,
    cancelled: Cancelled | None = None,
    explain_all: bool = False,
) -> GameAnalysis:
    """Judge the main line of a validated game, decision by decision (``number``: the game's
    place among those analysed, from 1).

    A marked decision gets its reason; with ``explain_all``, every decision.
    ``cancelled`` is asked before each decision (an app's worker being
    stopped); when it says yes, :class:`AnalysisCancelled` is raised.
    """
    judged: list[AnalysedDecision] = []
    tally = GameTally()
    line, stopped = judged_line(report)
    start = start_error(report)
    for ply, replay in enumerate(line, start=1):
        if cancelled is not None and cancelled():
            raise AnalysisCancelled(f"cancelled after {ply - 1} decisions")
        judged.append(judge_decision(ply, replay, search, depth, explain_all, tally))
        if progress is not None:
            progress(len(judged), len(line))
    stopped = stopped or _syntax_stop(report)
    game = report.game
    # Not analysed: the rules replayed under are a stand-in's, not the Rules tag's.
    written = game.tag("Rules") if start is not None and start.code is codes.BAD_RULES else None
    return GameAnalysis(
        number=number,
        white=game.tag("White"),
        black=game.tag("Black"),
        event=game.tag("Event"),
        rules=written or report.rules.to_tag(),
        depth=depth,
        thresholds=thresholds(report.rules),
        stopped=None
        if stopped is None
        else Stopped(
            stopped.span.line,
            stopped.span.column,
            stopped.code.code,
            stopped.message,
            at_start=stopped is start,
        ),
        decisions=tuple(judged),
        players=tally.figures(report, analysed=start is None),
    )


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


def judge_decision(
    ply: int,
    replay: SegmentReplay,
    search: Search,
    depth: int,
    explain: bool = True,
    tally: GameTally | None = None,
) -> AnalysedDecision:
    """One decision judged (``ply``: its place on the main line, from 1): with its reason when
    it is marked or ``explain`` says so; added to ``tally`` unrounded."""
    decision, options = _options(replay, search)
    ranked, written = search.judge(options, _written(options, replay), depth)
    best = ranked[0]
    loss = max(0.0, best.equity - written.equity)
    forced = len(options) == 1
    mark = None if forced else mark_for(loss, search.rules)
    side = replay.before.turn
    luck = _luck(decision, best, search)
    if tally is not None:
        tally.add(side, forced, loss, mark, luck)
    segment = replay.segment
    win_after = written.win if side is Side.WHITE else 1 - written.win
    explained = mark is not None or explain
    return AnalysedDecision(
        ply=ply,
        turn=replay.turn.number,
        number=turn_number(replay.turn),
        side=side,
        kind=segment.kind,
        dice=(segment.high, segment.low),
        played=play_text(replay.steps),
        equity=round(written.equity, 4),
        loss=round(loss, 4),
        mark=mark,
        forced=forced,
        luck=None if luck is None else round(luck, 4),
        white_win_after=round(win_after, 4),
        phase=phase_of(decision),
        best=tuple(candidate(scored, best, decision.kind) for scored in ranked[:TOP]),
        reason=reason(replay.before, written.choice, best.choice, search.rules, loss)
        if explained
        else None,
    )


def candidate(scored: Scored, best: Scored, kind: SegmentKind) -> RankedPlay:
    """A play the search valued, as the engine's API gives it, with the double it names for
    a chosen double."""
    return RankedPlay.of(scored, best.equity, kind is SegmentKind.CHOSEN_DOUBLE)


def _luck(decision: Decision, best: Scored, search: Search) -> float | None:
    """The 0-ply value of the best play of the roll against that of the average roll."""
    if decision.kind is SegmentKind.CHOSEN_DOUBLE:
        return None
    ((_, average),) = search.look_ahead([decision])
    rolled = search.evaluator.choices([best.choice])[1][0] if best.depth else best.equity
    return float(rolled) - average
