"""Entering a game: the segments a user adds at a line's end, each checked before it is kept.

This is the model behind the record screen, with no widget in it. It holds
the game being written and the line of play entries go to (the main line or
a variation), and asks every rule question of the engine and the validator:

- what comes next (a roll, the chosen double, the extra roll) is the turn
  flow's :class:`~aceynote.rules.TurnState`, advanced with each entry;
- the legal plays of a typed roll are :func:`~aceynote.rules.legal_plays`;
- an entry is kept only when the validator's check of a play finds no
  error in it where the line ends (:mod:`.check`: what comes before cannot
  change); its moves stay as typed, trips and all, with a ``*`` added where
  the board hit (``*`` may be left out when typing); the game is then
  replayed once, for the report shown;
- the result of a finished game is the rules' :func:`~aceynote.rules.outcome`.

Undo and redo go back and forth over what was entered here (segments, and
the end of a game by Termination), one at a time, or a move and the replies
after it (:mod:`.history`: ``aceynote play``); the history goes on in a
recording of the same line opened again.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from ..notation import Game, Segment, Span, Turn
from ..notation.lines import MAIN, Path, last_source_line
from ..notation.tags import ENDING_REASONS, ending_reason, result_problem
from ..rules import (
    Position,
    SegmentKind,
    Side,
    TurnState,
    outcome,
)
from ..terminal_text import counted
from ..validation import Report, validate
from ..validation.tag_meaning import numbered_first_mover
from .check import check_segment
from .entry_line import (
    EntryProblem,
    TypedNumber,
    TypedRoll,
    example_entry,
    first_turn,
    number_problem,
    read_roll,
    to_type,
    typed_number,
    typed_segment,
)
from .history import Action, Ended, Ending, Entered
from .line_end import RecordingError, errors_refusal, line_of, owed_at_end, state_at_end


@dataclass(slots=True)
class Recording:
    """Entries added to the end of one line of play of ``game``.

    Build one with :meth:`at_end`. ``turns`` is the list the line's turns
    are in (``game.turns`` for the main line); ``path`` names the line as the
    replay's timeline does. ``state`` is where the line's last turn stands.
    """

    game: Game
    turns: list[Turn]
    path: Path
    state: TurnState
    report: Report
    first_number: int = 1
    done: list[Action] = field(default_factory=list)
    undone: list[Action] = field(default_factory=list)
    _next_line: int = 1
    _example: tuple[TurnState, str] | None = None

    # -- building ---------------------------------------------------------------
    @classmethod
    def at_end(
        cls,
        game: Game,
        path: Path = MAIN,
        first: Side | None = None,
        report: Report | None = None,
    ) -> Recording:
        """A recording that goes on from the end of line ``path`` of ``game``.

        ``first`` is who moves first in a game with no turn yet and neither an
        Opening nor a Setup tag (White when not given). Refuses a game with
        errors, or the main line of one that a Termination tag ended (a variation of it
        takes moves; the end of a line won on the board takes none: :attr:`over`).
        """
        report = report or validate(game)
        refusal = errors_refusal(game, report, path)
        if refusal is not None:
            raise RecordingError(refusal)
        if report.start is None:
            raise RecordingError("this game's start position cannot be set up")
        turns, start, number = line_of(game, report, path)
        if path == MAIN and not turns and first is not None and numbered_first_mover(game):
            start = Position.initial(first)
        state = state_at_end(report, turns, start)
        recording = cls(game, turns, path, state, report, number)
        recording._next_line = last_source_line(game) + 1
        if path == MAIN and recording.terminated is not None:
            raise RecordingError(
                f"this game ended by {recording.terminated} (its Termination tag):"
                " take the tag away (i) to add to it"
            )
        return recording

    @property
    def shown_report(self) -> Report:
        """The report to show while entering: without what the turn still owes.

        Halfway through an acey-deucey the validator finds the chosen double
        (or the extra roll) missing; that is what the next entry brings.
        """
        owed = owed_at_end(self.report, self.turns)
        if owed:
            kept = [d for d in self.report.diagnostics if d not in owed]
            return dataclasses.replace(self.report, diagnostics=kept)
        return self.report

    # -- what comes next -----------------------------------------------------------
    @property
    def mover(self) -> Side:
        return self.state.mover

    @property
    def terminated(self) -> str | None:
        """How the game ended when a Termination tag says (resignation, time, abandoned)."""
        return ending_reason(self.game.tag("Termination"))

    @property
    def over(self) -> bool:
        """Whether nothing more can be entered: the game is won, or ended by Termination."""
        return self.state.over or (self.path == MAIN and self.terminated is not None)

    @property
    def dirty(self) -> bool:
        """Whether anything was entered (and not all taken back)."""
        return bool(self.done)

    def next_number(self) -> int:
        """The move number of the next turn of the line."""
        if not self.turns:
            return self.first_number
        last = self.turns[-1]
        return last.number + 1 if self.mover is Side.WHITE else last.number

    def prompt(self, rolled: str | None = None) -> str:
        """What comes next, in the words of the entry line's prompt; ``rolled``: the dice
        already rolled for it (``64``), which are then to be played."""
        side = self.mover.title
        if self.over:
            return self._ended_words()
        expects = self.state.expects
        if expects is SegmentKind.CHOSEN_DOUBLE:
            return f"{side} names a double (=DD:)"
        if expects is SegmentKind.EXTRA_ROLL:
            return f"{side}'s extra roll {rolled or '(+RR:)'}"
        dots = "." if self.mover is Side.WHITE else "..."
        acts = f"to play {rolled}" if rolled else "to roll"
        return f"{self.next_number()}{dots} {side} {acts}"

    def example(self) -> str:
        """An entry that fits the prompt, legal here (``=66: 19/13(2) 21/15(2)``); empty when over."""
        if self.over:
            return ""
        if self._example is None or self._example[0] != self.state:
            self._example = (self.state, example_entry(self.state, self.report.rules))
        return self._example[1]

    def _ended_words(self) -> str:
        if self.terminated is not None and self.path == MAIN:
            return f"Game over ({self.terminated}): {self.game.result_text}"
        winner = self.state.position.winner
        if winner is not None:
            won = outcome(self.state.position, self.report.rules)
            points = f", {won.points} points" if won is not None and won.points != 1 else ""
            return f"Game over: {winner.title} bore off all 15{points}"
        return "The game is over"

    # -- a typed roll ---------------------------------------------------------------
    def typed_roll(self, text: str) -> TypedRoll | EntryProblem | None:
        """The roll that ``text`` starts with and its legal plays; None when it starts with none.

        A roll that cannot come now (a chosen double that is not a double, an
        extra roll before the chosen double) gives the turn flow's reason; a move
        number typed before it that names another turn, the validator's.
        """
        number, rest = typed_number(text)
        typed = None if self.over else read_roll(rest, self.state, self.report.rules)
        if number is None or typed is None:
            return typed
        wrong = _number_problem(self, number)
        if wrong is not None or isinstance(typed, EntryProblem):
            return wrong or typed
        return dataclasses.replace(typed, number=number.text)

    # -- entering --------------------------------------------------------------------
    def enter(self, text: str) -> Segment | EntryProblem:
        """Add the segment ``text`` says at the end of the line, if it is legal there.

        Kept: the segment (its moves as the board made them, hit marks and
        all). Not kept: why, with the validator's legal plays; nothing changed.
        A move number before it (``2. 64: ...``, a record's line) must name its turn;
        before a game's first turn it may say who moves first, or a Setup game's first
        number (docs/notation.md §7).
        """
        if self.over or self.state.expects is None:
            return EntryProblem(f"{self.prompt()}: nothing more is entered")
        number, text = typed_number(text)  # blanked out: the columns stay those typed
        wrong = None if number is None else _number_problem(self, number)
        if wrong is not None:
            return wrong
        before = self.state, self.first_number
        started = number is not None and _start_as_typed(self, number)
        entered = self._enter_play(text)
        if isinstance(entered, EntryProblem):
            self.state, self.first_number = before
        elif started:  # undo takes back who moves first and the number too
            last = self.done[-1]
            assert isinstance(last, Entered)
            last.before, last.first_number = before
        return entered

    def _enter_play(self, text: str) -> Segment | EntryProblem:
        """:meth:`enter` once the move number typed, if any, was read and taken out."""
        expects = self.state.expects
        assert expects is not None
        if not text.strip():  # Enter on the empty line: what it takes, as the prompt asks
            return EntryProblem(f"{to_type(expects)}, like {self.example()}")
        typed = self.typed_roll(text)
        if isinstance(typed, EntryProblem):
            return typed
        if typed is not None and not typed.rest and len(typed.plays) == 1:
            return self.enter(typed.entry(typed.plays[0]))  # the roll leaves one play: it
        if typed is not None and not typed.rest:
            return EntryProblem(
                f"now the play of {typed.label}: type it, or pick one of the"
                f" {counted(len(typed.plays), 'legal play')}",
                roll_alone=True,
            )
        segment = typed_segment(text, expects)
        if isinstance(segment, EntryProblem):
            return segment
        fault = self.state.fault(segment.kind, segment.high, segment.low)
        if fault is not None:
            return EntryProblem(fault.value)
        return self._try(segment)

    def _try(self, segment: Segment) -> Segment | EntryProblem:
        """Keep ``segment`` if it is legal where the line ends; the game is replayed once, after."""
        state = self.state
        checked = check_segment(segment, state, self.report.rules)
        if isinstance(checked, EntryProblem):
            return checked
        segment.moves = checked.moves
        segment.span = self._span()
        new_turn = state.expects is SegmentKind.ROLL
        if new_turn:
            turn = Turn(state.mover, self.next_number(), [segment], span=segment.span)
            self.turns.append(turn)
        else:
            turn = self.turns[-1]
            turn.segments.append(segment)
        after = state.played(segment.kind, segment.high, segment.low, checked.play)
        ended = Ending.of(self.game)
        if after.over and after.position.winner is None:
            after = TurnState.begin(after.next_turn(), self.report.rules)
        elif after.over and self.path == MAIN:
            won = outcome(after.position, self.report.rules)
            if won is not None:
                Ending(won.token, won.token, None).set_in(self.game)
        ending, number = Ending.of(self.game), self.first_number
        self.done.append(Entered(segment, turn, new_turn, state, after, ended, ending, number))
        self.state = after
        self.undone.clear()
        self._revalidate()
        return segment

    def end_refusal(self) -> EntryProblem | None:
        """Why the game cannot be ended (or go on) here, whatever the reason and result:
        in a variation, or won on the board; None where :meth:`end` can be asked."""
        if self.path != MAIN:
            return EntryProblem("a variation has no result: end the game in its main line")
        if self.state.position.winner is not None:
            return EntryProblem("the game was won on the board: its result is the rules'")
        return None

    def end(self, reason: str | None, result: str) -> EntryProblem | None:
        """End the game by ``reason`` (resignation, time, abandoned) with ``result``.

        ``reason`` None takes a Termination away again (the game goes on, ``*``).
        Refused (with why) where :meth:`end_refusal` says, or for a wrong result.
        """
        refusal = self.end_refusal()
        if refusal is not None:
            return refusal
        if reason is None:
            ending = Ending("*", "*" if self.game.tag("Result") is not None else None, None)
        else:
            if reason not in ENDING_REASONS:
                return EntryProblem(f"say why the game ended: {', '.join(ENDING_REASONS)}")
            result = result.strip()
            problem = result_problem(result)
            if problem is not None:
                return EntryProblem(problem)
            ending = Ending(result, result, reason)
        before = Ending.of(self.game)
        if ending == before:
            return None
        ending.set_in(self.game)
        self.done.append(Ended(before, ending))
        self.undone.clear()
        self._revalidate()
        return None

    # -- undo and redo ------------------------------------------------------------------
    def undo(self) -> Action | None:
        """Take back the last thing entered; what it was (None: nothing to take back)."""
        if not self.done:
            return None
        action = self.done.pop()
        if isinstance(action, Entered):
            action.turn.segments.pop()
            if action.new_turn:
                self.turns.pop()
            self.state, self.first_number = action.before, action.first_number
            action.ending_before.set_in(self.game)
        else:
            action.before.set_in(self.game)
        self.undone.append(action)
        self._revalidate()
        return action

    def redo(self) -> Action | None:
        """Bring back what undo took back last."""
        if not self.undone:
            return None
        action = self.undone.pop()
        if isinstance(action, Entered):
            if action.new_turn:
                self.turns.append(action.turn)
            action.turn.segments.append(action.segment)
            self.state = action.after
            action.ending_after.set_in(self.game)
        else:
            action.after.set_in(self.game)
        self.done.append(action)
        self._revalidate()
        return action

    # -- helpers --------------------------------------------------------------------------
    def _revalidate(self) -> None:
        self.report = validate(self.game)

    def _span(self) -> Span:
        """A place for a new segment after everything in the game (the timeline orders by it)."""
        line = self._next_line
        self._next_line += 1
        return Span(line, 1, line, 2)


def _at_game_start(recording: Recording) -> bool:
    """Whether the next entry is the game's first turn (the main line, no turn yet)."""
    return recording.path == MAIN and not recording.turns


def _start_as_typed(recording: Recording, typed: TypedNumber) -> bool:
    """Before a game's first turn, start as a number typed says (§7: who moves first, a Setup
    game's first number); whether that changed the recording."""
    if not _at_game_start(recording):
        return False
    before = recording.state, recording.first_number
    side, recording.first_number = first_turn(recording.game, typed, recording.mover)
    if side is not recording.mover:
        recording.state = state_at_end(recording.report, [], Position.initial(side))
    return (recording.state, recording.first_number) != before


def _number_problem(recording: Recording, typed: TypedNumber) -> EntryProblem | None:
    """Why a move number typed before the next segment does not name its turn: the turn in
    progress for a chosen double or an extra roll, the next turn for a roll."""
    last = recording.turns[-1] if recording.turns else None
    side, number = recording.mover, recording.next_number()
    if last is not None and recording.state.expects is not SegmentKind.ROLL:
        side, number = last.side, last.number
    game_start = _at_game_start(recording)
    if game_start:
        side, number = first_turn(recording.game, typed, side)
    told = game_start and not numbered_first_mover(recording.game)
    return number_problem(typed, side, number, told)
