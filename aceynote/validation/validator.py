"""Replaying a game model through the rules engine, noting every problem.

The validator keeps going after an error where it can: a play whose trips
are possible is applied even when it breaks rule 7; an impossible play is
applied as written as far as the checkers allow, and every later diagnostic
of the game says it may follow from that first error.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache, partial
from typing import NamedTuple

from ..notation import Game, Move, Segment, Span, Stop, Turn
from ..notation.tags import (
    ENDING_REASONS,
    TagValueError,
    parse_opening,
    result_problem,
    tag_value_problem,
)
from ..notation.writer import move_number, play_text
from ..rules import (
    BAR,
    POOL,
    Fault,
    FlowFault,
    ForcedPlay,
    Judge,
    OpeningError,
    Outcome,
    Play,
    Position,
    Reading,
    RulesError,
    RuleSet,
    SetupError,
    Side,
    Step,
    Trip,
    TurnState,
    Verdict,
    explain_failure,
    force_trips,
    legal_plays,
    opening_winner,
    outcome,
    place_name,
    play_as_written,
    positions_along,
    read_trips,
    roll_dice,
)
from . import diagnostics as codes
from .diagnostics import Code, Diagnostic

SHOW_ALL_LEGAL = 6
SHOW_CLOSEST = 3
SHOW_LEFT_OUT = 4


class SegmentReplay(NamedTuple):
    """A segment as replayed: the position before, the steps, and after each step.

    ``line`` says where the segment stands: () on the main line, else the
    (turn index, variation index, ...) path to its variation. ``legal`` is
    False when the validator found an error in this segment. ``before`` has
    the mover to roll; ``after`` the side that acts next (the mover again
    while its turn goes on with the chosen double or the extra roll).
    """

    segment: Segment
    turn: Turn
    line: tuple[int, ...]
    before: Position
    after: Position
    steps: tuple[Step, ...]
    legal: bool

    @property
    def moved_by_force(self) -> bool:
        """Whether the checkers were moved as written although no legal steps make the play."""
        return not self.steps and (self.after.white, self.after.black) != (
            self.before.white,
            self.before.black,
        )

    @property
    def step_positions(self) -> tuple[Position, ...]:
        """The position after each step (worked out when asked for)."""
        return tuple(positions_along(self.before, self.steps))


_new_replay: Callable[
    [tuple[Segment, Turn, tuple[int, ...], Position, Position, tuple[Step, ...], bool]],
    SegmentReplay,
] = partial(tuple.__new__, SegmentReplay)
"""``SegmentReplay(...)`` with no Python-level call (see ``aceynote.rules.position.new_position``)."""


@dataclass(slots=True)
class Report:
    """What the validator found in one game, and the positions along the way."""

    game: Game
    rules: RuleSet
    start: Position | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    segments: list[SegmentReplay] = field(default_factory=list)
    final: Position | None = None
    outcome: Outcome | None = None
    turns: int = 0
    _by_segment: dict[int, SegmentReplay] = field(default_factory=dict, repr=False)

    @property
    def errors(self) -> int:
        return sum(1 for d in self.diagnostics if d.is_error)

    @property
    def warnings(self) -> int:
        return len(self.diagnostics) - self.errors

    @property
    def valid(self) -> bool:
        return self.errors == 0

    def replay_of(self, segment: Segment) -> SegmentReplay | None:
        """The replay of a segment of this game's model (main line or variation)."""
        if len(self._by_segment) != len(self.segments):
            self._by_segment = {id(replay.segment): replay for replay in self.segments}
        return self._by_segment.get(id(segment))


class _StopGame(Exception):
    """Raised to stop a game at its first error (``first_error_only``)."""


class _LineState(NamedTuple):
    """Who is to move in a line of play, and with which move number."""

    side: Side
    number: int


def _trips_of(moves: list[Move]) -> list[Trip]:
    """One Trip per checker (a move with a count is several)."""
    trips: list[Trip] = []
    for move in moves:
        trips += _move_trips(move.source, tuple(move.stops), move.count)
    return trips


def _owners(moves: list[Move]) -> list[Move]:
    """The written move of each trip of :func:`_trips_of` (for messages about a trip)."""
    return [move for move in moves for _ in range(move.count)]


@lru_cache(maxsize=4096)
def _move_trips(source: int, stops: tuple[Stop, ...], count: int) -> tuple[Trip, ...]:
    """The trips of one written move; the hit marks go with the first copy only."""
    places = tuple(stop.place for stop in stops)
    marks = tuple(stop.hit for stop in stops)
    unmarked = (False,) * len(marks)
    return tuple(Trip(source, places, marks if copy == 0 else unmarked) for copy in range(count))


def _position_distance(first: Position, second: Position) -> int:
    return sum(
        abs(a - b)
        for a, b in zip(first.white + first.black, second.white + second.black, strict=True)
    )


class GameValidator:
    """Replays one game; use :func:`validate`."""

    def __init__(self, game: Game, rules: RuleSet | None, first_error_only: bool) -> None:
        self.game = game
        self.rules_override = rules
        self.first_error_only = first_error_only
        self.report = Report(game, rules or RuleSet())
        self.tainted_by: Span | None = None

    # -- reporting -------------------------------------------------------
    def add(self, code: Code, message: str, span: Span, **extra: object) -> None:
        follows = self.tainted_by if code.severity is codes.Severity.ERROR else None
        diagnostic = Diagnostic(code, message, span, follows=follows, **extra)  # type: ignore[arg-type]
        self.report.diagnostics.append(diagnostic)
        if diagnostic.is_error and self.first_error_only:
            raise _StopGame

    def taint(self, span: Span) -> None:
        """From here on the replayed position is uncertain because of the error at ``span``."""
        if self.tainted_by is None:
            self.tainted_by = span

    # -- the game --------------------------------------------------------
    def run(self) -> Report:
        with contextlib.suppress(_StopGame):
            self._run()
        # Syntax errors are found before the replay; the reader wants them in file order.
        self.report.diagnostics.sort(key=lambda d: (d.span.line, d.span.column))
        return self.report

    def _run(self) -> None:
        game = self.game
        for problem in game.problems:
            self.add(codes.SYNTAX, problem.message, problem.span)
        self._check_tags()
        self.report.rules = self._rules()
        start = self._start()
        if start is None:
            return
        self.report.start = start
        final = self._line(
            game.turns, start, _LineState(start.turn, self._first_number()), (), main=True
        )
        self.report.final = final
        self.report.outcome = outcome(final, self.report.rules)
        if not game.problems:
            # The turns after a syntax error are unknown, so the result cannot be judged.
            self._check_result()

    def _check_tags(self) -> None:
        seen: set[str] = set()
        for tag in self.game.tags:
            if tag.name in seen:
                self.add(
                    codes.DUPLICATE_TAG,
                    f"the tag {tag.name} is given twice; the first one counts",
                    tag.span,
                )
            seen.add(tag.name)
        for name, code in (("Date", codes.BAD_DATE), ("Termination", codes.BAD_TERMINATION)):
            entry = self.game.tag_entry(name)
            problem = None if entry is None else tag_value_problem(name, entry.value)
            if entry is not None and problem is not None:
                self.add(code, problem, entry.span)

    def _rules(self) -> RuleSet:
        if self.rules_override is not None:
            return self.rules_override
        tag = self.game.tag_entry("Rules")
        if tag is None:
            return RuleSet()
        try:
            return RuleSet.parse(tag.value)
        except RulesError as error:
            self.add(codes.BAD_RULES, f"{error}; replaying with the standard rules", tag.span)
            return RuleSet()

    def _start(self) -> Position | None:
        game = self.game
        setup, opening = game.tag_entry("Setup"), game.tag_entry("Opening")
        if setup is not None:
            if opening is not None:
                self.add(
                    codes.OPENING_WITH_SETUP,
                    "a game that starts from a Setup has no opening roll: drop the Opening tag",
                    opening.span,
                )
            try:
                return Position.from_setup(setup.value)
            except SetupError as error:
                self.add(codes.BAD_SETUP, f"the Setup cannot be used: {error}", setup.span)
                return None
        first = game.turns[0] if game.turns else None
        if opening is not None:
            winner = self._opening_winner(opening.value, opening.span)
            if winner is not None:
                return Position.initial(winner)
        if first is not None and first.numbered:
            return Position.initial(first.side)
        return Position.initial(Side.WHITE)

    def _first_number(self) -> int:
        """1, or in a Setup game whatever number the record starts with (§7)."""
        first = self.game.turns[0] if self.game.turns else None
        if self.game.tag("Setup") is not None and first is not None and first.numbered:
            return max(first.number, 1)
        return 1

    def _opening_winner(self, text: str, span: Span) -> Side | None:
        try:
            return opening_winner(parse_opening(text))
        except (TagValueError, OpeningError) as error:
            self.add(codes.BAD_OPENING, str(error), span)
            return None

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
            position = self._turn(turn, position, path)
            if main:
                self.report.turns += 1
            for which, variation in enumerate(turn.variations):
                # A variation is its own line of play: its errors do not taint this one.
                tainted_by = self.tainted_by
                self._line(
                    variation.turns,
                    before,
                    _LineState(mover, number),
                    (*path, index, which),
                    main=False,
                )
                self.tainted_by = tainted_by
            state = _next_line_state(mover, number)
        return position

    def _check_number(
        self, turn: Turn, state: _LineState, first_in_line: bool, game_start: bool
    ) -> None:
        if turn.numbered and turn.side is state.side and turn.number == state.number:
            return
        if not turn.numbered and state.side is Side.BLACK and not first_in_line:
            return  # the usual cases (a canonical Black turn has no number)
        expected = move_number(state.side, state.number)
        if not turn.numbered:
            if state.side is Side.WHITE:
                self.add(
                    codes.MISSING_NUMBER,
                    f"each White turn starts with its move number: write {expected} before it",
                    turn.span,
                )
            elif first_in_line:
                self.add(
                    codes.MISSING_NUMBER,
                    f"a Black turn that opens the game or a variation needs its number: write {expected} before it",
                    turn.span,
                )
            return
        if turn.side is not state.side and game_start:
            self.add(
                codes.WRONG_FIRST_MOVER,
                f"{state.side.title} moves first in this game (by its Opening or Setup), so the first turn is {expected}",
                turn.span,
            )
            self.taint(turn.span)
        elif turn.side is not state.side:
            self.add(
                codes.WRONG_SIDE,
                f"it is {state.side.title}'s turn here ({expected}), but this turn is numbered as {turn.side.title}'s",
                turn.span,
            )
            self.taint(turn.span)
        elif turn.number != state.number:
            self.add(
                codes.WRONG_NUMBER,
                f"this turn is numbered {turn.number}; counting the turns it is {expected}",
                turn.span,
            )

    def _turn(self, turn: Turn, position: Position, path: tuple[int, ...]) -> Position:
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
            play, legal, used = self._play(segment, flow.position, roll_dice(high, low))
            after = flow.played(kind, high, low, play, used)
            handed_on = after.to_roll
            replays.append(
                _new_replay((segment, turn, path, flow.position, handed_on, play.steps, legal))
            )
            flow = after
        missing = flow.missing()
        if missing is not None:
            last = turn.segments[-1].span
            end = Span(last.end_line, last.end_column, last.end_line, last.end_column + 1)
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
        self.add(_FLOW_CODES[fault], message, segment.span)

    # -- plays -------------------------------------------------------------
    def _play(
        self, segment: Segment, position: Position, dice: tuple[int, ...]
    ) -> tuple[Play, bool, int]:
        """The play as replayed, whether it is legal, and the dice the turn flow counts.

        After an illegal play the flow counts the dice the position allowed, so
        that the ``=DD:`` and ``+RR:`` that rule 8 then asks for are not errors too.
        """
        trips = _trips_of(segment.moves)
        rules = self.report.rules
        plain = play_as_written(position, dice, trips, rules)
        if plain is not None:
            return plain, True, len(plain.steps)
        owners = _owners(segment.moves)
        judge = Judge(position, dice, rules)
        readings = read_trips(
            position,
            dice,
            trips,
            rules,
            accept=lambda r: r.marks_agree and judge.verdict(r.play) is Verdict.LEGAL,
        )
        if not readings:
            forced = force_trips(position, trips)
            self._impossible(segment, position, dice, trips, owners, forced)
            return Play((), forced.position), False, judge.most
        ranked = sorted(
            readings,
            key=lambda r: (
                judge.verdict(r.play) is not Verdict.LEGAL,
                len(r.false_marks),
                len(r.unmarked_hits),
            ),
        )
        best = ranked[0]
        played_right = self._rule_seven(segment, position, dice, judge, best)
        legal = self._marks(best, owners, position) and played_right
        used = best.play.dice_used if played_right else max(best.play.dice_used, judge.most)
        return best.play, legal, used

    def _rule_seven(
        self,
        segment: Segment,
        position: Position,
        dice: tuple[int, ...],
        judge: Judge,
        reading: Reading,
    ) -> bool:
        verdict = judge.verdict(reading.play)
        if verdict is Verdict.LEGAL:
            return True
        side = position.turn.title
        if verdict is Verdict.TOO_FEW_DICE:
            most, used = judge.most, reading.play.dice_used
            if not segment.moves:
                message = f"'--' says nothing could be played, but {side} can play {_dice_count(most)} of this roll"
            else:
                message = f"this play uses {_dice_count(used)}, but {side} can play {_dice_count(most)} (rule 7: play as many dice as the position allows)"
            self._illegal(
                codes.TOO_FEW_DICE, message, segment.span, position, dice, reading.play.result
            )
        else:
            message = f"only one die can be played, and it must be the larger, {max(dice)}, since it can be played (rule 7)"
            self._illegal(
                codes.SMALLER_DIE, message, segment.span, position, dice, reading.play.result
            )
        return False

    def _marks(self, reading: Reading, owners: list[Move], position: Position) -> bool:
        for trip_index, stop_index in reading.false_marks:
            move = owners[trip_index]
            point = move.stops[stop_index].place
            self.add(
                codes.FALSE_HIT,
                f"'*' marks a hit on {point}, but no single {position.turn.opponent.title} checker was hit there",
                move.span,
            )
        for point, trip_index in zip(reading.unmarked_hits, reading.unmarked_trips, strict=True):
            move = owners[trip_index]
            self.add(
                codes.UNMARKED_HIT,
                f"this move hits the {position.turn.opponent.title} blot on {point}: mark it with '*'",
                move.span,
            )
        return not reading.false_marks

    def _impossible(
        self,
        segment: Segment,
        position: Position,
        dice: tuple[int, ...],
        trips: list[Trip],
        owners: list[Move],
        forced: ForcedPlay,
    ) -> None:
        fault = explain_failure(position, dice, trips, self.report.rules)
        move = owners[fault.trip] if owners else None
        span = move.span if move is not None else segment.span
        code, message = _fault_message(fault.fault, fault.place, position, dice, move)
        message += _replay_note(forced, trips)
        self._illegal(code, message, span, position, dice, forced.position)
        self.taint(span)

    def _illegal(
        self,
        code: Code,
        message: str,
        span: Span,
        position: Position,
        dice: tuple[int, ...],
        written: Position,
    ) -> None:
        plays = list(legal_plays(position, dice, self.report.rules).values())
        plays.sort(
            key=lambda play: (_position_distance(play.result, written), play_text(play.steps))
        )
        count = len(plays)
        shown = plays if count <= SHOW_ALL_LEGAL else plays[:SHOW_CLOSEST]
        texts = tuple(play_text(play.steps) for play in shown)
        hint = _legal_hint(texts, count)
        self.add(code, message, span, hint=hint, legal=texts, legal_count=count)

    def _check_result(self) -> None:
        game = self.game
        token = game.result_text
        span = game.result_span or (game.turns[-1].span if game.turns else game.span)
        tag = game.tag_entry("Result")
        if tag is not None and tag.value != token:
            self.add(
                codes.RESULT_TAG_MISMATCH,
                f"the Result tag says '{tag.value}' but the result token is '{token}'",
                tag.span,
            )
        problem = result_problem(token)
        if problem is not None:
            self.add(codes.BAD_RESULT, problem, span)
            return
        result = self.report.outcome
        if result is not None:
            white, black = result.as_result()
            expected = f"{white}-{black}"
            if token != expected:
                self.add(
                    codes.WRONG_RESULT,
                    f"{result.winner.title} bore off all 15 checkers and scores {result.points}: the result is {expected}, not {token}",
                    span,
                )
        elif token != "*" and (game.tag("Termination") or "normal").lower() not in ENDING_REASONS:
            self.add(
                codes.UNFINISHED_RESULT,
                f"nobody has borne off all 15 checkers, so the result is '*' unless a Termination tag says why the game ended, not '{token}'",
                span,
            )


def _replay_note(forced: ForcedPlay, trips: list[Trip]) -> str:
    """What the replay does with a play that cannot be made as written (nothing when it can)."""
    if not forced.left_out:
        return ""
    if len(forced.left_out) == len(trips):
        return "; it cannot be made on the board at all, so the replay goes on from the position before it"
    left_out = " ".join(
        f"{place_name(trips[index].source)}/{place_name(trips[index].stops[-1])}"
        for index in forced.left_out[:SHOW_LEFT_OUT]
    ) + (" ..." if len(forced.left_out) > SHOW_LEFT_OUT else "")
    return f"; the replay goes on without {left_out}, which cannot be made on the board"


def _next_line_state(side: Side, number: int) -> _LineState:
    if side is Side.WHITE:
        return _LineState(Side.BLACK, number)
    return _LineState(Side.WHITE, number + 1)


def _dice_count(count: int) -> str:
    return "1 die" if count == 1 else f"{count} dice"


def _legal_hint(texts: tuple[str, ...], count: int) -> str:
    if count == 0:
        return ""
    if count == 1:
        return f"the only legal play is {texts[0]}"
    if count <= SHOW_ALL_LEGAL:
        return "legal plays: " + "; ".join(texts)
    return f"{count} legal plays; did you mean {texts[0]}?" + (
        f" (or {'; '.join(texts[1:])})" if len(texts) > 1 else ""
    )


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

_FAULT_MESSAGES: dict[Fault, tuple[Code, str]] = {
    Fault.NO_CHECKER: (codes.NO_CHECKER, "{side} has no checker {where} to move"),
    Fault.BAR_FIRST: (
        codes.BAR_FIRST,
        "{side} has a checker on the bar: it must enter before any other checker moves",
    ),
    Fault.POOL_FIRST: (
        codes.POOL_FIRST,
        "under early_moves=no {side} must enter every checker from the pool before moving one on the board",
    ),
    Fault.NO_DICE: (codes.DICE_MISMATCH, "the roll {roll} cannot make the trip {trip}"),
    Fault.BEAR_OFF_EARLY: (
        codes.BEAR_OFF_EARLY,
        "{side} cannot bear off yet: checkers are still outside the home board, in the pool or on the bar",
    ),
    Fault.BEAR_OFF_EXACT: (
        codes.BEAR_OFF_DIE,
        "under bearoff=exact a die bears off only from its own point, so {trip} cannot be played with {roll}",
    ),
    Fault.BEAR_OFF_HIGHER: (
        codes.BEAR_OFF_DIE,
        "a die larger than the point bears off only when no checker stands higher, "
        "so {trip} cannot be played with {roll}",
    ),
    Fault.BLOCKED: (
        codes.BLOCKED,
        "{other} holds point {place} ({side}'s numbering) with two or more checkers: {side} cannot land there",
    ),
    Fault.GAME_OVER: (codes.AFTER_END, "the game is over before {trip}"),
}
_BLOCKED_SOMEWHERE = "every way to make {trip} with {roll} lands on a point {other} holds"


def _fault_message(
    fault: Fault, place: int | None, position: Position, dice: tuple[int, ...], move: Move | None
) -> tuple[Code, str]:
    """The code and the words for a trip that cannot be played."""
    code, template = _FAULT_MESSAGES[fault]
    if fault is Fault.BLOCKED and place is None:
        template = _BLOCKED_SOMEWHERE
    where = {POOL: "left in the pool", BAR: "on the bar"}.get(place or 0, f"on point {place}")
    words = {
        "side": position.turn.title,
        "other": position.turn.opponent.title,
        "trip": str(move) if move is not None else "this play",
        "roll": f"{dice[0]}-{dice[1]}",
        "place": place,
        "where": where,
    }
    return code, template.format(**words)


def validate(game: Game, rules: RuleSet | None = None, first_error_only: bool = False) -> Report:
    """Replay ``game`` through the rules engine: its diagnostics and positions.

    ``rules`` overrides the game's Rules tag; ``first_error_only`` stops at
    the game's first error.
    """
    return GameValidator(game, rules, first_error_only).run()
