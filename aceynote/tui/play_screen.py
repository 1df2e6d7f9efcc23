"""The practice screen (``aceynote play``): the record screen with the engine playing one side.

The person enters their segments as when recording, with their own dice or
with dice the app rolls (ctrl+r, or r on an empty line); the engine's
entries are worked out in a thread worker (:class:`~aceynote.analysis.
practice.Opponent`) and entered one segment at a time, each left on the
board for a moment. Undo takes back the person's last segment and the
engine's reply to it. Every entry, the engine's too, goes through the
recording's checks: the saved game is an ordinary record.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual import work
from textual.binding import Binding, BindingType
from textual.message import Message

from ..analysis.practice import Practice, hint_rows, practice_review, roll_entry
from ..analysis.shown import EXACT_WORDS, exact_here
from ..entering import EntryProblem, Recording, TypedRoll, bring_back, describe, take_back
from ..entering.ending import ending_words
from ..files.record import RecordFile
from ..notation.tags import opening_words
from ..notation.writer import segment_label
from ..rules import SegmentKind, Side, TurnState
from ..terminal_text import sentence_start
from .dialogs import PlayChoices
from .entry import EntryLine
from .record_screen import RecordScreen, nothing_to_undo, with_opening
from .widgets import NARROW_LAYOUT


class EngineEntry(Message):
    """The engine's entry for move ``generation`` (an undo since makes it stale)."""

    def __init__(self, generation: int, entry: str | None, problem: str = "") -> None:
        super().__init__()
        self.generation = generation
        self.entry = entry
        self.problem = problem


_PLAY_MOUSE_HELP = (
    "Mouse: click a play in the list of legal plays to enter it, a key in the footer to"
    " press it. The engine's plays are entered for it, each shown on the board for a"
    " moment; Esc goes to the replay screen, where clicks step through the game."
)


# ctrl+g: Hint in the footer from 100 columns (PlayScreen.check_action), Review there once
# the game is over (Roll has left it), and the key without the footer's word below 100.
_HINT_KEYS: list[BindingType] = [
    Binding(
        "ctrl+g",
        "hint",
        "Hint",
        id="play.hint",
        tooltip="the engine's best plays of your roll, with why; once the game is over, its review",
    ),
    Binding(
        "ctrl+g",
        "review",
        "Review",
        id="play.hint",
        tooltip="the game's review, as the engine sees it",
    ),
    Binding("ctrl+g", "hint_unshown", "Hint", id="play.hint", show=False),
]


class PlayScreen(RecordScreen):
    """Record a game against the engine, which plays ``practice.engine``."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "ctrl+r",
            "roll",
            "Roll",
            id="play.roll",
            tooltip="roll the dice for you (r on an empty line too); or type your own roll",
        ),
        Binding(
            "ctrl+z",
            "undo",
            "Undo",
            id="record.undo",
            tooltip="take back your last segment and the engine's reply",
        ),
        Binding(
            "ctrl+t",
            "end_game",
            "End",
            id="record.end-game",
            tooltip="end the game: you resign (or time, or abandoned), and its result",
        ),
        *_HINT_KEYS,
        Binding(
            "ctrl+y",
            "redo",
            "Redo",
            id="record.redo",
            show=False,
            tooltip="bring back what undo took back (your segment and the engine's reply)",
        ),
    ]
    MOUSE_HELP: ClassVar[str] = _PLAY_MOUSE_HELP
    ENGINE_PAUSE: ClassVar[float] = 0.8
    """Seconds each engine segment stays on the board before its next one."""

    def __init__(
        self,
        record: RecordFile,
        index: int,
        recording: Recording,
        practice: Practice,
        was_edited: bool = False,
    ) -> None:
        super().__init__(record, index, recording, practice.engine.opponent, was_edited)
        self.practice = practice
        self.opponent = practice.opponent(recording.report.rules)
        self._generation = 0  # one more at every change: an engine entry of before is stale
        self._thinking = False
        self._teaching = False  # a hint or the review being worked out

    def on_mount(self) -> None:
        super().on_mount()
        if self.rolled is not None:  # rolled before the replay screen was visited
            self.line.set_text(self.rolled)
        self._engine_next()

    @property
    def you(self) -> Side:
        """The side the person plays."""
        return self.opponent.side.opponent

    @property
    def rolled(self) -> str | None:
        """The dice the app rolled for the person's next entry, if it did."""
        made = self.practice.rolled
        return made[1] if made is not None and made[0] == self._segments() else None

    @rolled.setter
    def rolled(self, dice: str | None) -> None:
        self.practice.rolled = None if dice is None else (self._segments(), dice)

    def _segments(self) -> int:
        return sum(len(turn.segments) for turn in self.recording.turns)

    # -- the person's entries ----------------------------------------------------------
    def on_entry_line_changed(self, message: EntryLine.Changed) -> None:
        if self.line.text.strip().lower() == "r":  # r on an empty line: roll for me
            self.line.set_text("")
            self.action_roll()
            return
        super().on_entry_line_changed(message)

    def _engine_to_act(self) -> bool:
        """Whether the next entry is the engine's (never after the game ended, by Termination too)."""
        return not self.recording.over and self.opponent.to_act(self.recording.state)

    def _offered_result(self) -> str:
        """The engine's win as the rules would give it now, for a game still going on."""
        result = super()._offered_result()
        if result != "*":
            return result
        return self.opponent.win_on_resignation(self.recording.state.position)

    def _idle_hint(self) -> str:
        return with_opening(self.recording, self._next_step())

    def _next_step(self) -> str:
        state = self.recording.state
        if self._engine_to_act():
            return f"{self.opponent.name} is to play."
        if state.expects is SegmentKind.CHOSEN_DOUBLE:
            return (
                f"Name your double and its play ({self.recording.example()});"
                " ctrl+g: the engine's choice."
            )
        if self.rolled is not None:
            return f"You rolled {self.rolled}: type its play, or ↓ ↑ to pick one and Enter."
        return (
            "ctrl+r (or r) rolls for you; or type your own roll and its play"
            f" ({self.recording.example()}). Then pick a play: ↓ ↑ and Enter."
        )

    def _roll_hint(self, typed: TypedRoll, shown: list[str]) -> str:
        """The record screen's words on the plays listed, and the key of the engine's hint
        (which the footer leaves out below 100 columns)."""
        hint = super()._roll_hint(typed, shown)
        return f"{hint} ctrl+g: the engine's best plays." if len(shown) > 1 else hint

    def _roll_to_play(self, typed: TypedRoll | EntryProblem | None) -> TypedRoll | None:
        """The app's roll, once it rolled for the person, whatever else is typed."""
        if self.rolled is not None:
            typed = self.recording.typed_roll(self.rolled)
        return super()._roll_to_play(typed)

    def _typed_roll(self, text: str) -> TypedRoll | EntryProblem | None:
        """A roll other than the one the app rolled is refused as it is typed (its plays
        are not listed)."""
        typed = super()._typed_roll(text)
        return self._other_roll(typed) or typed

    def _other_roll(self, typed: TypedRoll | EntryProblem | None) -> EntryProblem | None:
        if self.rolled is not None and isinstance(typed, TypedRoll) and typed.label != self.rolled:
            return EntryProblem(f"you rolled {self.rolled}: enter the play of {self.rolled}")
        return None

    def _refusal(self, text: str) -> EntryProblem | None:
        if self._engine_to_act():
            return EntryProblem(f"{self.opponent.name} is to play: wait for its move")
        return self._other_roll(self.recording.typed_roll(text))

    def action_roll(self) -> None:
        """Roll the dice for the person's next segment and list its legal plays."""
        state = self.recording.state
        if self.recording.over or self._engine_to_act():
            self.notify("Not your turn to roll.", timeout=2)
            return
        if self.rolled is not None:
            self.notify(f"You rolled {self.rolled} already: enter its play.", timeout=3)
            self.line.set_text(self.rolled)
            return
        rolled = roll_entry(state, self.opponent.dice)
        if rolled is None:
            self.notify("A chosen double is named, not rolled: type it, like =66.", timeout=4)
            return
        self.rolled = rolled
        self.line.set_text(rolled)

    # -- teaching: a hint, the review -------------------------------------------------------
    def action_hint(self) -> None:
        """The engine's best plays of the roll on the line, with why; the game's review once
        it is over (docs/engine.md, "Why"; docs/record.md)."""
        if self._teaching:  # a second list would open over the first
            self.notify("The engine is still at it: its list opens when it is done.", timeout=3)
            return
        state, depth = self.recording.state, self.practice.depth
        typed = self.recording.typed_roll(self.line.text or self.rolled or "")
        if self.recording.over:
            words = f"reviewing your game at {depth}-ply, decision by decision"
            self._work_out(words, lambda: review_list(self.recording, self.you, depth))
        elif self._engine_to_act():
            self.notify(f"{self.opponent.name} is to play: wait for its move.", timeout=3)
        elif isinstance(typed, TypedRoll):
            dice = (typed.high, typed.low)
            words = f"ranking the plays of {typed.label} at {depth}-ply"
            self._work_out(words, lambda: hint_list(state, dice, typed.label, depth))
        elif state.expects is SegmentKind.CHOSEN_DOUBLE:
            words = f"ranking the doubles to name at {depth}-ply"
            self._work_out(words, lambda: hint_list(state, None, "", depth))
        else:
            self.notify("Roll first (ctrl+r) or type your roll: ctrl+g ranks its plays.", timeout=3)

    def _work_out(self, words: str, listed: Callable[[], PlayChoices]) -> None:
        """The list made in a thread, the note that the engine is at it shown meanwhile (the
        keys go on working)."""
        self._teaching = True
        self.notify(f"The engine is {words}…", timeout=600)  # taken away by _teach
        self._teach_in_thread(self._generation, listed)

    @work(thread=True, group="hint", exit_on_error=False)
    def _teach_in_thread(self, generation: int, listed: Callable[[], PlayChoices]) -> None:
        try:
            shown, problem = listed(), ""
        except Exception as error:  # the engine's bug, said
            shown, problem = None, repr(error)
        self.app.call_from_thread(self._teach, generation, shown, problem)

    def _teach(self, generation: int, shown: PlayChoices | None, problem: str) -> None:
        """The list made: shown, unless the game moved on meanwhile (a play entered, an
        undo) or the screen was left."""
        self._teaching = False
        self.app.clear_notifications()  # the note that the engine was at it
        if shown is None:
            self.notify(f"The engine failed: {problem}", severity="error", timeout=8)
        elif generation == self._generation and self.is_current:
            self.app.push_screen(shown)

    # -- changes, undo ------------------------------------------------------------------
    def _changed(self) -> None:
        self._generation += 1
        self._thinking = False
        made = self.practice.rolled
        if made is not None and self.line.text.startswith(made[1]):
            self.line.set_text("")  # a roll made for a segment undone or redone is gone with it
        self.practice.rolled = None
        super()._changed()
        self.refresh_bindings()  # Roll leaves the footer once the game is over

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Roll is not offered once the game is over: ctrl+g, its review, takes its place in
        the footer, at every width. Before, Hint is in the footer from 100 columns: at 80
        the footer is full (the help and the roll's hint name ctrl+g), and a hidden binding
        takes the key."""
        if action == "roll" and self.recording.over:
            return False
        if action == "review" and not self.recording.over:
            return False
        if action == "hint" and (self.has_class(NARROW_LAYOUT) or self.recording.over):
            return False
        return super().check_action(action, parameters)

    def on_resize(self) -> None:
        self.refresh_bindings()  # Hint in the footer, or not

    def action_hint_unshown(self) -> None:
        """ctrl+g where the footer leaves Hint out."""
        self.action_hint()

    def action_review(self) -> None:
        """ctrl+g once the game is over: its review."""
        self.action_hint()

    def on_entry_line_submitted(self, message: EntryLine.Submitted) -> None:
        super().on_entry_line_submitted(message)
        self._engine_next()

    def action_undo(self) -> None:
        taken = take_back(self.recording, self.you)
        if not taken:
            self.notify(nothing_to_undo(self.recording, self.you), timeout=5)
            return
        self._changed()
        reply = " and the engine's reply" if len(taken) > 1 else ""
        self.feedback.show_done(f"Undone: {describe(taken[-1])}{reply} (ctrl+y brings it back)")

    def action_redo(self) -> None:
        actions = bring_back(self.recording, self.you)
        if not actions:
            self.notify("Nothing to redo.", timeout=2)
            return
        self._changed()
        reply = " and the engine's reply" if len(actions) > 1 else ""
        # The first brought back is your segment (or the game's end).
        self.feedback.show_done(f"Redone: {describe(actions[0])}{reply}")
        self._engine_next()

    # -- the engine's entries ------------------------------------------------------------
    def _engine_next(self, pause: float = 0.0) -> None:
        """When the engine is to act, its entry is worked out (after ``pause`` seconds)."""
        if self._thinking or not self._engine_to_act():
            return
        self._thinking = True
        generation, state = self._generation, self.recording.state
        self.feedback.show_hint(with_opening(self.recording, f"{self.opponent.name} is thinking…"))
        if pause:
            self.set_timer(pause, lambda: self._think(generation, state))
        else:
            self._think(generation, state)

    @work(thread=True, group="engine", exit_on_error=False)
    def _think(self, generation: int, state: TurnState) -> None:
        if generation != self._generation:
            return  # undone while it waited
        try:
            self.post_message(EngineEntry(generation, self.opponent.entry(state)))
        except Exception as error:  # the engine's bug, said; the game can go on by hand
            self.post_message(EngineEntry(generation, None, repr(error)))

    def on_engine_entry(self, message: EngineEntry) -> None:
        if message.generation != self._generation:
            return  # an undo came first
        self._thinking = False
        if message.entry is None:
            self.notify(f"The engine failed: {message.problem}", severity="error", timeout=8)
            return
        result = self.recording.enter(message.entry)
        if isinstance(result, EntryProblem):  # cannot be: the engine plays legal plays only
            self.notify(f"The engine's {message.entry} was refused: {result.message}", timeout=8)
            return
        self._changed()
        entered = segment_label(self.recording.turns[-1], result)  # as the person's are said
        said = f"{self.opponent.name}: {entered}   next: {self.recording.prompt()}"
        self.feedback.show_done(before_your_first_move(self.recording, self.you, said))
        self._engine_next(self.ENGINE_PAUSE)


def hint_list(
    state: TurnState, dice: tuple[int, int] | None, label: str, depth: int
) -> PlayChoices:
    """The engine's best plays of the roll ``dice`` (written ``label``), or with None the
    doubles to name, with why."""
    rows = hint_rows(state, dice, depth)
    what = f"best plays of {label}" if dice else "choice of double, each with its best play"
    title = f"The engine's {what}, {depth}-ply: win %, equity, why"
    if exact_here(state.position, state.expects or SegmentKind.ROLL, dice, state.rules):
        title += f"\n{EXACT_WORDS}"
    return PlayChoices(title, [play for play, _ in rows], [detail for _, detail in rows])


def review_list(recording: Recording, you: Side, depth: int) -> PlayChoices:
    """The review of the game over, for the person who played ``you``: how it ended (who
    resigned, the points), then :func:`practice_review`."""
    report = recording.report
    ended = ending_words(recording.game, report.outcome)
    told = [f"{sentence_start(ended)}."] if ended else []
    review = practice_review(report, you, depth)
    return PlayChoices(f"Your game, as the engine at {depth}-ply sees it", [*told, *review])


def before_your_first_move(recording: Recording, you: Side, words: str) -> str:
    """``words`` after the opening roll in words until ``you`` have moved: the engine that
    won the opening moves first, and its entries say why (else gone at once)."""
    opening = opening_words(recording.game.tag("Opening") or "")
    if opening is None or any(turn.side is you for turn in recording.turns):
        return words
    return f"Opening: {opening}. {words}"
