"""The widgets of entry: the entry line, the list of legal plays, and what became of an entry.

They know nothing of the rules: the record screen asks its
:class:`~aceynote.entering.Recording` and tells these what to show. The
entry line reports what the user does as messages (the text changed, Enter),
and calls the screen back on Tab and an arrow key, which act as they come;
the play list reports a play picked with the mouse. What a count in the plays
listed means is said from their moves (:func:`count_words`), as the notation
writes them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.content import Content
from textual.message import Message
from textual.style import Style as VisualStyle
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from ..entering import EntryProblem, TypedRoll, entries_in
from ..notation import Move, Stop
from ..notation.writer import moves_of_steps
from ..terminal_text import printable
from .fields import Field


class EntryInput(Field):
    """The field of the entry line: Enter takes the text off it at once, into ``entered``.

    Textual runs Enter's binding only once the key has gone up to the app,
    while the field goes on with the keys typed after it; so Enter is taken
    here, in the order of the keys, and what is typed next lands on an empty
    line. The screen takes the texts out of ``entered`` in order. A paste of
    several segments (or of lines) is entered as if typed with its Enter.
    """

    class Entered(Message):
        """A text went into ``entered``."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, compact=True, select_on_focus=False)
        self.entered: deque[str] = deque()
        self._choice: tuple[str, str] | None = None
        self.picker: Callable[[int], None] | None = None
        """Moves the pick in the list of legal plays (↓ +1, ↑ -1) and :meth:`choose`s it:
        called here, in the order of the keys, so that ↓ ↓ Enter typed at once enters
        the play picked (the line's binding would run after the Enter)."""
        self.completer: Callable[[], None] | None = None
        """Completes the line (Tab): called as the key comes (the line's binding, run in the
        order of the keys by :class:`Field`), so that Tab Enter typed at once enters the play
        completed."""

    def choose(self, entry: str | None) -> None:
        """Enter makes ``entry`` instead of the text, as long as the text stays as it is now."""
        self._choice = None if entry is None else (self.value, entry)

    def enter(self) -> None:
        """Take the text (or the entry chosen for it) off the line, as Enter does."""
        choice, text = self._choice, self.value
        self.entered.append(choice[1] if choice is not None and choice[0] == text else text)
        self._choice = None
        self.value = ""
        self.post_message(self.Entered())

    async def _on_key(self, event: events.Key) -> None:
        if event.key == "enter":
            event.stop()
            event.prevent_default()  # not the Input's own Submitted
            self.enter()
        elif event.key in _PICKS and self.picker is not None:
            event.stop()
            event.prevent_default()
            self.picker(_PICKS[event.key])

    def _on_paste(self, event: events.Paste) -> None:
        event.stop()
        event.prevent_default()
        text = " ".join(event.text.split())
        if not text:
            return
        self.insert_text_at_cursor(text)
        if len(entries_in(self.value)) > 1 or "\n" in event.text or "\r" in event.text:
            self.enter()


_PICKS = {"down": 1, "up": -1}


class EntryLine(Horizontal):
    """The line a segment is typed on (what comes next is its border's title)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "tab",
            "complete",
            "Complete",
            id="entry.complete",
            tooltip="complete the play when one legal play is left",
        ),
        Binding(
            "down",
            "pick(1)",
            "Pick",
            id="entry.pick-next",
            key_display="↓",
            tooltip="the next legal play of the list (Enter enters it)",
        ),
        Binding(
            "up",
            "pick(-1)",
            "Pick above",
            id="entry.pick-previous",
            show=False,
            tooltip="the legal play above",
        ),
    ]

    @dataclass
    class Changed(Message):
        """The text of the entry line changed."""

        text: str

    class Submitted(Message):
        """Enter on the entry line: a text waits in ``EntryInput.entered``."""

    def compose(self) -> ComposeResult:
        yield Static("▸", id="entry-prompt", markup=False)
        yield EntryInput(id="entry-input")

    @property
    def input(self) -> EntryInput:
        return self.query_one("#entry-input", EntryInput)

    @property
    def text(self) -> str:
        return self.input.value

    def set_text(self, text: str) -> None:
        """Put ``text`` on the line, the cursor at its end (a Changed message follows)."""
        field = self.input
        field.value = text
        field.cursor_position = len(text)

    def set_prompt(self, prompt: str, closed: bool, example: str) -> None:
        """What comes next (the line's title) and an entry that fits it (the placeholder)."""
        self.border_title = printable(prompt)
        self.input.placeholder = f"like {example}, or the roll alone" if example else ""
        self.set_class(closed, "-closed")

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self.post_message(self.Changed(event.value))

    def on_entry_input_entered(self, event: EntryInput.Entered) -> None:
        event.stop()
        self.post_message(self.Submitted())

    def action_complete(self) -> None:
        """Tab: complete the entry from the one play left, at once (not by a message, which
        would come after an Enter typed with the Tab)."""
        if self.input.completer is not None:
            self.input.completer()

    def action_pick(self, delta: int) -> None:
        """The footer's Pick (the keys themselves are read by the field, in their order)."""
        if self.input.picker is not None:
            self.input.picker(delta)


def count_words(typed: TypedRoll, shown: list[str]) -> str:
    """What the notation's count means (docs/notation.md §4), told by the first of the plays
    ``shown`` (of ``typed``) that has one: ``in/21(2) is 2 checkers making the trip in/21.``
    ("" when none has), lest a player read ``(2)`` as "at least 2"."""
    plays = dict(zip(typed.plays, typed.writings.plays, strict=True))
    moves = (move for text in shown for move in moves_of_steps(plays[text].steps))
    counted = next((move for move in moves if move.count > 1), None)
    if counted is None:
        return ""
    trip = Move(counted.source, [Stop(stop.place) for stop in counted.stops])  # no hit mark
    return f"{counted} is {counted.count} checkers making the trip {trip}."


class PlayList(OptionList, can_focus=False):
    """The legal plays of the roll typed, narrowed as the play is typed; one may be picked.

    Nothing is picked until an arrow key (or a click) picks a play; typing
    takes the pick away again.
    """

    @dataclass
    class Picked(Message):
        """A play was clicked: enter it."""

        play: str

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, markup=False)
        self.plays: tuple[str, ...] = ()
        self.shown: list[str] = []
        self.title = ""

    def show_plays(self, title: str, plays: tuple[str, ...], shown: list[str]) -> list[str]:
        """Show ``shown`` of the legal ``plays`` (those the play typed can still become)."""
        self.plays, self.title = plays, title
        if shown != self.shown or not self.option_count:
            self.shown = shown
            self.set_options(Option(play) for play in shown)
        self.highlighted = None
        total = len(self.plays)
        count = f"{len(shown)} of {total}" if len(shown) != total else f"{total}"
        self.border_title = f"{self.title}: {count} legal"
        self.display = True
        return shown

    def hide(self) -> None:
        self.plays, self.shown = (), []
        self.clear_options()
        self.display = False

    @property
    def picked(self) -> str | None:
        index = self.highlighted
        if not self.display or index is None or not 0 <= index < len(self.shown):
            return None
        return self.shown[index]

    def move(self, delta: int) -> None:
        if not self.shown:
            return
        index = self.highlighted
        if index is None:
            index = 0 if delta > 0 else len(self.shown) - 1
        else:
            index = max(0, min(len(self.shown) - 1, index + delta))
        self.highlighted = index

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if 0 <= event.option_index < len(self.shown):
            self.post_message(self.Picked(self.shown[event.option_index]))


class EntryFeedback(Static):
    """Under the entry line: why an entry was not kept, what was, or what to type."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "entry-feedback--error",
        "entry-feedback--done",
        "entry-feedback--hint",
        "entry-feedback--legal",
    }

    kind = "hint"  # what is shown: "hint", "done" or "problem"

    def _role(self, name: str) -> VisualStyle:
        return self.get_visual_style(name, partial=True)

    def show_problem(self, problem: EntryProblem, hint: bool = True) -> None:
        """Why an entry was not kept; ``hint``: with the validator's advice too."""
        where = f"column {problem.column}: " if problem.column is not None else ""
        code = f"{problem.code} " if problem.code else ""
        parts: list[tuple[str, VisualStyle] | str] = [
            (f"✗ {code}{where}{printable(problem.message)}", self._role("entry-feedback--error"))
        ]
        if hint and problem.hint:
            parts += ["\n", (printable(problem.hint), self._role("entry-feedback--hint"))]
        self.kind = "problem"
        self.update(Content.assemble(*parts))

    def show_done(self, text: str) -> None:
        self.kind = "done"
        self.update(Content.assemble((printable(text), self._role("entry-feedback--done"))))

    def show_hint(self, text: str) -> None:
        self.kind = "hint"
        self.update(Content.assemble((printable(text), self._role("entry-feedback--hint"))))
