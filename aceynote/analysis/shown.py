"""The engine on one place of a game, on request, for a front end that steps through it.

A hint ranks the plays of a roll at a position (the app's hint, and a hint
in ``aceynote play``); a segment's decision is judged with its reason when
the app is asked why; ``aceynote hint FILE`` finds the segment of the main
line it is asked about. (A whole game's analysis, tied to its
segments, is :class:`~.review.GameReview`.)
"""

from __future__ import annotations

from ..engine.api import RankedPlay
from ..engine.decisions import Decision, choices, choices_at, double_choices
from ..engine.search import best_of_each_double
from ..rules import Position, RuleSet, SegmentKind, Side
from ..validation import Report, SegmentReplay
from .analysed import AnalysedDecision
from .judge import candidate, judge_decision
from .run import search_for


# -- a hint: the plays of a roll, ranked --------------------------------------------------------
def next_kind(replay: SegmentReplay | None, final: bool) -> SegmentKind:
    """What the side to act at a place decides: the segment's kind before it is played;
    after it, what follows it in the turn as the validator replays it (a chosen double after
    a 1-2, an extra roll after the double's play), else the next turn's roll."""
    if replay is None:
        return SegmentKind.ROLL
    if not final:
        return replay.segment.kind
    return replay.then or SegmentKind.ROLL


def ranked_plays(
    position: Position, kind: SegmentKind, high: int, low: int, rules: RuleSet, depth: int
) -> list[RankedPlay]:
    """Every legal play of the dice, best first, valued for the side to act (``--`` for none),
    rounded as the engine's API and an analysis round them."""
    # A search of its own: the app's analysis may be running in another thread.
    search = search_for(rules)
    ranked = search.rank(choices(Decision(position, kind), high, low, rules), depth)
    return [candidate(scored, ranked[0], kind) for scored in ranked]


EXACT_WORDS = "exact: every play's value is read from the engine's tables"
"""What ``hint`` and the app say under a ranking whose values are exact (:func:`exact_here`)."""


def exact_here(
    position: Position, kind: SegmentKind, dice: tuple[int, int] | None, rules: RuleSet
) -> bool:
    """Whether :func:`ranked_plays` of ``dice`` (None: :func:`ranked_doubles`) gives exact
    values, read from the engine's tables, at any depth (as ``hint`` says)."""
    return search_for(rules).evaluator.exact_choices(choices_at(position, kind, dice, rules))


def ranked_doubles(position: Position, rules: RuleSet, depth: int) -> list[RankedPlay]:
    """The six doubles to name after a 1-2 played in full, each with its best play, best
    first, as ``hint --double`` ranks them."""
    kind = SegmentKind.CHOSEN_DOUBLE
    options = double_choices(Decision(position, kind), rules)
    ranked = best_of_each_double(search_for(rules).rank(options, depth))
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
    turn = turn_replays(replays, number, side)
    index = 1 if segment is None else segment
    return turn[index - 1] if 0 < index <= len(turn) else None


def turn_replays(
    replays: list[SegmentReplay], number: int, side: Side | None
) -> list[SegmentReplay]:
    """The segments of turn ``number`` in ``replays`` (White's, else Black's, unless
    ``side``); none when the line has no such turn."""
    for who in [Side.WHITE, Side.BLACK] if side is None else [side]:
        turn = [r for r in replays if r.turn.number == number and r.turn.side is who]
        if turn:
            return turn
    return []
