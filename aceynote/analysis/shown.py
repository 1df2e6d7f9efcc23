"""An analysis beside the game it was made of, for a front end that steps through the game.

The app (aceynote.tui) analyses the game shown and keeps its analysis
(:class:`~.analysed.GameAnalysis`). Here it is tied to the segments of the
game's current replay: which decision a segment is, its mark, and White's
chances after each decision (the graph), and how the columns of a graph
stand for the decisions. A position's plays ranked for a hint are here too.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.api import RankedPlay
from ..engine.decisions import Decision, choices
from ..notation import Segment
from ..rules import Position, RuleSet, SegmentKind, Side, TurnState, play_text
from ..validation import Report, SegmentReplay
from .analysed import AnalysedDecision, GameAnalysis
from .judge import candidate, judge_decision
from .run import search_for


@dataclass(frozen=True, slots=True)
class AnalysedGame:
    """An analysis and the segments of the main line it judged, ply by ply."""

    analysis: GameAnalysis
    segments: tuple[Segment, ...]

    @classmethod
    def of(cls, analysis: GameAnalysis, report: Report) -> AnalysedGame | None:
        """The analysis tied to ``report``'s main line; None when it is not that game's.

        It still fits a game edited since (a comment, a glyph, moves recorded
        after it) as long as every decision it judged is still on the main
        line, played as it was, under the same rules.
        """
        if analysis.rules != report.rules.to_tag():
            return None
        replays = report.main_line()
        decisions = analysis.decisions
        if len(replays) < len(decisions):
            return None
        for decision, replay in zip(decisions, replays, strict=False):
            if not _same_decision(decision, replay):
                return None
        return cls(analysis, tuple(replay.segment for replay in replays[: len(decisions)]))

    @property
    def decisions(self) -> tuple[AnalysedDecision, ...]:
        return self.analysis.decisions

    def ply_of(self, segment: Segment | None) -> int | None:
        """Which decision (0 for the first) ``segment`` is; None: not one the analysis judged."""
        return next((ply for ply, seen in enumerate(self.segments) if seen is segment), None)

    def decision_of(self, segment: Segment | None) -> AnalysedDecision | None:
        ply = self.ply_of(segment)
        return None if ply is None else self.decisions[ply]

    def marks(self) -> dict[int, str]:
        """The mark of each marked segment, by the segment's ``id``."""
        return {
            id(segment): decision.mark.value
            for segment, decision in zip(self.segments, self.decisions, strict=True)
            if decision.mark is not None
        }

    @property
    def white_wins(self) -> list[float]:
        """White's chance of winning after each decision, in playing order."""
        return [decision.white_win_after for decision in self.decisions]


def _same_decision(decision: AnalysedDecision, replay: SegmentReplay) -> bool:
    segment = replay.segment
    return (
        replay.legal
        and decision.dice == (segment.high, segment.low)
        and decision.played == play_text(replay.steps)
        and decision.side is replay.before.turn
    )


# -- the graph: one column or more a decision, or one column for several ----------------------
def ply_at(column: int, width: int, count: int) -> int:
    """The decision (0 for the first) of ``count`` that column ``column`` of ``width`` shows."""
    if count <= 0 or width <= 0:
        return 0
    return min(count - 1, max(0, column) * count // width)


def columns_of(ply: int, width: int, count: int) -> range:
    """The columns of a ``width`` wide graph of ``count`` decisions that mark decision ``ply``:
    those that show it, or, in a graph narrower than the game, the column it falls in."""
    if count <= 0 or width <= 0 or not 0 <= ply < count:
        return range(0)
    first = -(-ply * width // count)  # the first column c with c * count // width == ply
    after = -(-(ply + 1) * width // count)
    if first < after:
        return range(first, after)
    column = ply * width // count
    return range(column, column + 1)


# -- a hint: the plays of a roll, ranked --------------------------------------------------------
def next_kind(replay: SegmentReplay | None, final: bool, rules: RuleSet) -> SegmentKind:
    """What the side to act at a place decides: the segment's kind before it is played;
    after it, what follows it in the turn (a chosen double after a 1-2, an extra roll after
    the double's play), else the next turn's roll."""
    if replay is None:
        return SegmentKind.ROLL
    segment = replay.segment
    if not final:
        return segment.kind
    state = TurnState(replay.before, rules, segment.kind)
    following = state.next_kind(segment.kind, segment.high, segment.low, len(replay.steps))
    return following or SegmentKind.ROLL


def ranked_plays(
    position: Position, kind: SegmentKind, high: int, low: int, rules: RuleSet, depth: int
) -> list[RankedPlay]:
    """Every legal play of the dice, best first, valued for the side to act (``--`` for none),
    rounded as the engine's API and an analysis round them."""
    # A search of its own: the app's analysis may be running in another thread.
    search = search_for(rules)
    ranked = search.rank(choices(Decision(position, kind), high, low, rules), depth)
    return [candidate(scored, ranked[0], kind) for scored in ranked]


def explain_replay(report: Report, replay: SegmentReplay, depth: int) -> AnalysedDecision:
    """One segment's decision judged at ``depth`` with its reason, on request: why the written
    play is worse than the best, or what the best play leaves (``ply`` 0 off the main line)."""
    main = report.main_line()
    ply = next((place for place, seen in enumerate(main, start=1) if seen is replay), 0)
    return judge_decision(ply, replay, search_for(report.rules), depth, explain=True)


def replay_at(
    report: Report, number: int | None, side: Side | None, segment: int | None
) -> SegmentReplay | None:
    """The main line's segment that ``hint FILE`` asks about: of turn ``number`` (White's,
    else Black's, unless ``side``), its ``segment``-th (from 1: the roll, then the chosen
    double, the extra roll); without a turn, the ``segment``-th of the main line (a
    decision's ``ply``). None when there is no such segment."""
    replays = report.main_line()
    if number is None:
        return replays[segment - 1] if segment is not None and 0 < segment <= len(replays) else None
    for who in [Side.WHITE, Side.BLACK] if side is None else [side]:
        turn = [r for r in replays if r.turn.number == number and r.turn.side is who]
        index = 1 if segment is None else segment
        if turn:
            return turn[index - 1] if 0 < index <= len(turn) else None
    return None
