"""Checking the play of one segment: is it legal as written, and if not, why not.

Most plays are settled by playing them as written; the full search for
legal plays runs only when a play is not legal as written, or when a
message needs the legal plays (docs/performance.md).
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from ..notation import Move, Segment, Span, Stop
from ..rules import (
    BAR,
    POOL,
    Fault,
    ForcedPlay,
    Judge,
    Play,
    Position,
    Reading,
    RuleSet,
    Trip,
    TripFault,
    TurnState,
    Verdict,
    explain_failure,
    force_trips,
    legal_plays,
    place_name,
    play_as_written,
    play_text,
    read_trips,
)
from . import diagnostics as codes
from .diagnostics import Code
from .report import Notes

SHOW_ALL_LEGAL = 6
SHOW_CLOSEST = 3
SHOW_LEFT_OUT = 4


class PlayCheck:
    """Checks each segment's play of one game against its dice and the game's rules."""

    def __init__(self, notes: Notes) -> None:
        self.notes = notes

    def play(
        self, segment: Segment, flow: TurnState, dice: tuple[int, ...]
    ) -> tuple[Play, bool, int]:
        """The play as replayed, whether it is legal, and the dice the turn flow counts.

        After an illegal play the flow counts the dice the position allowed, so
        that the ``=DD:`` and ``+RR:`` that rule 8 then asks for are not errors too.
        """
        position = flow.position
        trips = _trips_of(segment.moves)
        rules = self.notes.report.rules
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
            closest = self._impossible(segment, position, dice, trips, owners, forced)
            return closest or Play((), forced.position), False, judge.most
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
        used = best.play.dice_used
        if not played_right and judge.most > used:
            used = self._counted_dice(segment, flow, judge.most, used)
        return best.play, legal, used

    def _counted_dice(self, segment: Segment, flow: TurnState, allowed: int, written: int) -> int:
        """The dice the flow counts after a play short of dice: those allowed (choice 10).

        Where that changes what follows (rule 8), it is a recovery: the other
        way out counts the dice as written.
        """
        kind, high, low = segment.kind, segment.high, segment.low
        if flow.next_kind(kind, high, low, allowed) is flow.next_kind(kind, high, low, written):
            return allowed
        return written if self.notes.recover(segment.span) else allowed

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
                codes.TOO_FEW_DICE, message, segment.play_span, position, dice, reading.play.result
            )
        else:
            message = f"only one die can be played, and it must be the larger, {max(dice)}, since it can be played (rule 7)"
            self._illegal(
                codes.SMALLER_DIE, message, segment.play_span, position, dice, reading.play.result
            )
        return False

    def _marks(self, reading: Reading, owners: list[Move], position: Position) -> bool:
        for trip_index, stop_index in reading.false_marks:
            move = owners[trip_index]
            point = move.stops[stop_index].place
            self.notes.add(
                codes.FALSE_HIT,
                f"'*' marks a hit on {point}, but no single {position.turn.opponent.title} checker was hit there",
                move.span,
            )
        for point, trip_index in zip(reading.unmarked_hits, reading.unmarked_trips, strict=True):
            move = owners[trip_index]
            self.notes.add(
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
    ) -> Play | None:
        """Report a play no reading can make; the closest legal play when the replay goes that way."""
        rules = self.notes.report.rules
        culprit = _culprit(position, dice, tuple(trips), rules)
        if culprit is None:
            fault, others = explain_failure(position, dice, trips, rules), _NO_OTHERS
        else:
            fault, others = culprit.fault, culprit.others
        move = owners[fault.trip] if owners else None
        span = move.span if move is not None else segment.span
        code, message = _fault_message(fault.fault, fault.place, position, dice, move)
        if fault.fault is Fault.NO_DICE and others.trips:
            message = _dice_left_message(dice, others, trips[fault.trip])
        if self.notes.replays_on:
            message += _replay_note(forced, trips)
        self._illegal(code, message, span, position, dice, forced.position)
        if not self.notes.recover(span):
            return None
        return self._closest(position, dice, forced.position)[0]

    def _closest(self, position: Position, dice: tuple[int, ...], written: Position) -> list[Play]:
        """The legal plays, the closest to ``written`` first."""
        plays = list(legal_plays(position, dice, self.notes.report.rules).values())
        plays.sort(
            key=lambda play: (_position_distance(play.result, written), play_text(play.steps))
        )
        return plays

    def _illegal(
        self,
        code: Code,
        message: str,
        span: Span,
        position: Position,
        dice: tuple[int, ...],
        written: Position,
    ) -> None:
        if self.notes.quiet:
            self.notes.add(code, message, span)
            return
        plays = self._closest(position, dice, written)
        count = len(plays)
        shown = plays if count <= SHOW_ALL_LEGAL else plays[:SHOW_CLOSEST]
        texts = tuple(play_text(play.steps) for play in shown)
        hint = _legal_hint(texts, count)
        self.notes.add(code, message, span, hint=hint, legal=texts, legal_count=count)


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


class _Others(NamedTuple):
    """The written trips other than the culprit, and the dice they take."""

    trips: tuple[Trip, ...]
    used: tuple[int, ...]
    left: tuple[int, ...]


_NO_OTHERS = _Others((), (), ())


class _Culprit(NamedTuple):
    """The written trip that cannot be made after the others, and why (``fault.trip`` is its index)."""

    fault: TripFault
    others: _Others


@lru_cache(maxsize=1024)
def _culprit(
    position: Position, dice: tuple[int, ...], trips: tuple[Trip, ...], rules: RuleSet
) -> _Culprit | None:
    """Which trip of a play no reading can make: the one that fails once the others are made.

    Cached: the replays that tell what follows from an error (``follows``)
    ask again of the same plays.

    Each trip is left out in turn; where the others can be made together,
    with the fewest dice, the one left out is tried with the dice they leave.
    The trip left the most dice is named (the later one on a tie): with 2-1,
    ``in/22 in/23`` names ``in/22``, which the 1 left by ``in/23`` cannot
    make, not ``in/23`` after reading ``in/22`` as the two-dice trip
    ``in/23/22``. None when no single trip's removal makes the rest playable.
    """
    found: _Culprit | None = None
    for index, trip in enumerate(trips):
        rest = tuple(other for place, other in enumerate(trips) if place != index)
        readings = read_trips(position, dice, rest, rules)
        if not readings:
            continue
        reading = min(readings, key=lambda r: len(r.play.steps))
        used = tuple(step.die for step in reading.play.steps)
        left = list(dice)
        for die in used:
            left.remove(die)
        if found is not None and len(left) < len(found.others.left):
            continue
        alone = explain_failure(reading.play.result, left, [trip], rules)
        fault = TripFault(index, alone.fault, alone.place)
        found = _Culprit(fault, _Others(rest, used, tuple(left)))
    return found


def _dice_left_message(dice: tuple[int, ...], others: _Others, trip: Trip) -> str:
    """A trip no die fits once the other trips have taken theirs: say which took which."""
    roll = f"{dice[0]}-{dice[1]}"
    named = " ".join(_trip_text(other) for other in others.trips)
    take = "takes" if len(others.trips) == 1 else "take"
    text = _trip_text(trip)
    what = f"the trip {text} again" if text in named.split() else f"the trip {text}"
    if not others.left:
        return f"with {roll}, {named} {take} every die: none is left for {what}"
    return (
        f"with {roll}, {named} {take} {_dice_words(others.used)}, "
        f"and {_dice_words(others.left)} left cannot make {what}"
    )


_HOW_MANY = {2: "two", 3: "three", 4: "four"}


def _dice_words(dice: tuple[int, ...]) -> str:
    """``the 2``, ``the 6 and the 5``, ``three 4s``."""
    if len(dice) > 1 and len(set(dice)) == 1:
        return f"{_HOW_MANY[len(dice)]} {dice[0]}s"
    return " and ".join(f"the {die}" for die in dice)


def _trip_text(trip: Trip) -> str:
    """A trip as a move, from its source to its last stop."""
    return f"{place_name(trip.source)}/{place_name(trip.stops[-1])}"


def _position_distance(first: Position, second: Position) -> int:
    return sum(
        abs(a - b)
        for a, b in zip(first.white + first.black, second.white + second.black, strict=True)
    )


def _replay_note(forced: ForcedPlay, trips: list[Trip]) -> str:
    """What the replay does with a play that cannot be made as written (nothing when it can)."""
    if not forced.left_out:
        return ""
    if len(forced.left_out) == len(trips):
        return "; it cannot be made on the board at all, so the replay goes on from the position before it"
    left_out = " ".join(_trip_text(trips[index]) for index in forced.left_out[:SHOW_LEFT_OUT]) + (
        " ..." if len(forced.left_out) > SHOW_LEFT_OUT else ""
    )
    return f"; the replay goes on without {left_out}, which cannot be made on the board"


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
