"""Replaying a game model through the rules engine, noting every problem.

The validator keeps going after an error where it can: a play whose trips
are possible is applied even when it breaks rule 7; an impossible play is
applied as written as far as the checkers allow. A later diagnostic says it
may follow from such an error when the replay, taken the other way out of
that error, does not meet it (:mod:`.follows`).
"""

from __future__ import annotations

import contextlib
from typing import NamedTuple

from ..notation import Game, Segment, Span, Turn, parse_game, write_game
from ..notation.model import NO_SPAN
from ..notation.tags import ending_reason
from ..notation.writer import move_number
from ..rules import FlowFault, Position, RuleSet, Side, TurnState, outcome, roll_dice
from . import diagnostics as codes
from .diagnostics import Code, Diagnostic
from .follows import Recovery, link_follows
from .numbering import number_fault
from .plays import PlayCheck
from .report import Report, new_replay
from .tag_meaning import check_result, check_tags, first_number, rules_of, start_of


class _StopGame(Exception):
    """Raised to stop a game at its first error (``first_error_only``)."""


class _LineState(NamedTuple):
    """Who is to move in a line of play, and with which move number."""

    side: Side
    number: int


class GameValidator:
    """Replays one game; use :func:`validate`."""

    def __init__(
        self,
        game: Game,
        rules: RuleSet | None,
        first_error_only: bool,
        other_way: int | None = None,
    ) -> None:
        self.game = game
        self.rules_override = rules
        self.first_error_only = first_error_only
        self.report = Report(game, rules or RuleSet())
        self.plays = PlayCheck(self)
        self.recoveries: list[Recovery] = []
        # A replay that asks what follows from recovery ``other_way`` takes the other
        # way out of it; only the problems it meets count, not their hints.
        self.other_way = other_way
        self.quiet = other_way is not None
        self.replays_on = True

    # -- reporting -------------------------------------------------------
    def add(self, code: Code, message: str, span: Span, **extra: object) -> None:
        diagnostic = Diagnostic(code, message, span, **extra)  # type: ignore[arg-type]
        self.report.diagnostics.append(diagnostic)
        if diagnostic.is_error and self.first_error_only:
            raise _StopGame

    def recover(self, span: Span) -> bool:
        """Note that the replay goes on from the error at ``span`` in a way of its choosing.

        True when this replay is to take the other way out of it (see :mod:`.follows`).
        """
        self.recoveries.append(Recovery(span, len(self.report.diagnostics)))
        return len(self.recoveries) - 1 == self.other_way

    # -- the game --------------------------------------------------------
    def run(self) -> Report:
        with contextlib.suppress(_StopGame):
            self._run()
        report = self.report
        if not self.quiet and not self.first_error_only:
            report.diagnostics = link_follows(report.diagnostics, self.recoveries, self._other_way)
        # Syntax errors are found before the replay; the reader wants them in file order.
        report.diagnostics.sort(key=lambda d: (d.span.line, d.span.column))
        return report

    def _other_way(self, recovery: int) -> list[Diagnostic]:
        """What a replay meets that takes the other way out of ``recovery``."""
        other = GameValidator(self.game, self.rules_override, False, recovery)
        return other.run().diagnostics

    def _run(self) -> None:
        game = self.game
        for problem in game.problems:
            self.add(codes.SYNTAX, problem.message, problem.span)
        check_tags(self, game)
        self.report.rules = rules_of(self, game, self.rules_override)
        start = start_of(self, game)
        if start is None:
            return
        self.report.start = start
        final = self._line(
            game.turns, start, _LineState(start.turn, first_number(game)), (), main=True
        )
        self.report.final = final
        self.report.outcome = outcome(final, self.report.rules)
        if not game.problems:
            # The turns after a syntax error are unknown, so the result cannot be judged.
            check_result(self, game)

    # -- lines and turns -----------------------------------------------------
    def _line(
        self,
        turns: list[Turn],
        position: Position,
        state: _LineState,
        path: tuple[int, ...],
        main: bool,
    ) -> Position:
        for index, turn in enumerate(turns):
            if position.winner is not None:
                self._after_end(position, turn.span)
                break
            self._check_number(turn, state, index == 0, main and index == 0)
            mover = turn.side if turn.numbered else state.side
            number = turn.number if turn.numbered else state.number
            if mover is not position.turn:
                position = position.with_turn(mover)
            before = position
            position = self._turn(turn, position, path, main and index == len(turns) - 1)
            if main:
                self.report.turns += 1
            for which, variation in enumerate(turn.variations):
                self._line(
                    variation.turns,
                    before,
                    _LineState(mover, number),
                    (*path, index, which),
                    main=False,
                )
            state = _next_line_state(mover, number)
        return position

    def _check_number(
        self, turn: Turn, state: _LineState, first_in_line: bool, game_start: bool
    ) -> None:
        if turn.numbered:
            # The number written is what is wrong, where it is.
            fault = number_fault(turn.side, turn.number, state.side, state.number, game_start)
            if fault is not None:
                where = turn.number_span or turn.span
                self.add(fault.code, fault.message, where, counted_number=fault.counted)
            return
        if state.side is Side.BLACK and not first_in_line:
            return  # the usual case (a canonical Black turn has no number)
        expected = move_number(state.side, state.number)
        if state.side is Side.WHITE:
            self.add(
                codes.MISSING_NUMBER,
                f"each White turn starts with its move number: write {expected} before it",
                turn.span,
            )
        else:
            self.add(
                codes.MISSING_NUMBER,
                f"a Black turn that opens the game or a variation needs its number: write {expected} before it",
                turn.span,
            )

    def _turn(self, turn: Turn, position: Position, path: tuple[int, ...], last: bool) -> Position:
        flow = TurnState.begin(position, self.report.rules)
        replays = self.report.segments
        handed_on = position  # the position with the side to act next, after each segment
        for segment in turn.segments:
            kind, high, low = segment.kind, segment.high, segment.low
            fault = flow.fault(kind, high, low)
            if fault is not None:
                if fault is FlowFault.GAME_OVER:
                    self._after_end(flow.position, segment.span)
                    return flow.position
                self._flow_fault(fault, segment)
                if fault in _UNLOOKED_FOR and self.recover(segment.span):
                    continue  # the other way out: the segment the turn has no room for left out
            play, legal, used = self.plays.play(segment, flow, roll_dice(high, low))
            after = flow.played(kind, high, low, play, used)
            handed_on = after.to_roll
            replays.append(
                new_replay(
                    (
                        segment,
                        turn,
                        path,
                        flow.position,
                        handed_on,
                        play.steps,
                        legal,
                        after.expects,
                    )
                )
            )
            flow = after
        missing = flow.missing()
        if missing is not None:
            # A game a Termination ended may end in the middle of a turn, as the 15th
            # checker borne off ends it (docs/notation.md, choice 19).
            if not (last and ending_reason(self.game.tag("Termination")) is not None):
                end_of = turn.segments[-1].span
                end = Span(
                    end_of.end_line, end_of.end_column, end_of.end_line, end_of.end_column + 1
                )
                self.add(_FLOW_CODES[missing], missing.value, end)
            return flow.end().next_turn()
        # Once over, next_turn() is the last segment's to_roll, made already (one a turn saved).
        return handed_on if flow.over else flow.next_turn()

    def _after_end(self, position: Position, span: Span) -> None:
        winner = position.winner.title if position.winner is not None else "a side"
        self.add(
            codes.AFTER_END,
            f"the game ended when {winner} bore off the 15th checker; nothing more is played",
            span,
        )

    def _flow_fault(self, fault: FlowFault, segment: Segment) -> None:
        message = fault.value
        if fault is FlowFault.NOT_A_DOUBLE:
            # Text cannot say this (the grammar has only doubles after '='); a model
            # built in code or read from JSON can.
            message = (
                f"the chosen double must be a double like =66:, not ={segment.high}{segment.low}:"
            )
        self.add(_FLOW_CODES[fault], message, segment.play_span)


def _next_line_state(side: Side, number: int) -> _LineState:
    if side is Side.WHITE:
        return _LineState(Side.BLACK, number)
    return _LineState(Side.WHITE, number + 1)


_FLOW_CODES: dict[FlowFault, Code] = {
    FlowFault.GAME_OVER: codes.AFTER_END,
    FlowFault.TURN_OVER: codes.SYNTAX,
    FlowFault.NOT_A_DOUBLE: codes.SYNTAX,
    FlowFault.EXTRA_BEFORE_DOUBLE: codes.MISSING_DOUBLE,
    FlowFault.ROLL_BEFORE_DOUBLE: codes.MISSING_DOUBLE,
    FlowFault.DOUBLE_BEFORE_EXTRA: codes.MISSING_EXTRA,
    FlowFault.ROLL_BEFORE_EXTRA: codes.MISSING_EXTRA,
    FlowFault.DOUBLE_WITHOUT_ACEY_DEUCEY: codes.UNEXPECTED_DOUBLE,
    FlowFault.EXTRA_WITHOUT_DOUBLE: codes.UNEXPECTED_EXTRA,
    FlowFault.EXTRA_WITHOUT_FULL_DOUBLE: codes.UNEXPECTED_EXTRA,
}


_UNLOOKED_FOR = frozenset(
    {
        FlowFault.DOUBLE_WITHOUT_ACEY_DEUCEY,
        FlowFault.EXTRA_WITHOUT_DOUBLE,
        FlowFault.EXTRA_WITHOUT_FULL_DOUBLE,
    }
)
"""A chosen double or extra roll the turn has no room for: the replay plays it as written
(a recovery, docs/notation.md choice 10), the other way out leaves it out."""


def validate(game: Game, rules: RuleSet | None = None, first_error_only: bool = False) -> Report:
    """Replay ``game`` through the rules engine: its diagnostics and positions.

    ``rules`` overrides the game's Rules tag; ``first_error_only`` stops at
    the game's first error. Anything but a Game and a RuleSet (or None) is a
    TypeError that says so: a Rules tag value is ``RuleSet.parse("navy")``.
    """
    if not isinstance(game, Game):
        raise TypeError(f"validate takes a Game, like parse_game(text), not {_kind(game)}")
    if rules is not None and not isinstance(rules, RuleSet):
        raise TypeError(f"rules is a RuleSet, like RuleSet.parse('navy'), not {_kind(rules)}")
    return GameValidator(game, rules, first_error_only).run()


def validate_in_place(game: Game) -> Report:
    """:func:`validate`, for a front end that tells each diagnostic to its segment by place.

    A game with no places in a text (built in code, or read from JSON whose
    objects could not be placed) is validated as its canonical text: the same
    game, whose diagnostics then stand where its segments do. The report's
    game is that text's, not ``game``: for reading, not for editing ``game``.
    """
    first = game.turns[0].segments[0] if game.turns and game.turns[0].segments else None
    if first is not None and first.span == NO_SPAN:
        game = parse_game(write_game(game))
    return validate(game)


def _kind(value: object) -> str:
    return type(value).__name__
