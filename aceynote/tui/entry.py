"""The widgets of entry: the entry line, the list of legal plays, and what became of an entry.

They know nothing of the rules: the record screen asks its
:class:`~aceynote.entering.Recording` and tells these what to show. The
entry line reports what the user does as messages (the text changed, Enter,
Tab, an arrow key); the play list reports a play picked with the mouse.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.content import Content
from textual.message import Message
from textual.style import Style as VisualStyle
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from ..entering import EntryProblem
from ..terminal_text import printable

_COUNT = re.compile(r"^(.*)\((\d)\)$")


def _trips(text: str) -> list[str]:
    """The trips of a play as words: ``*`` left out, ``in/19(2)`` as two ``in/19``."""
    words: list[str] = []
    for word in text.lower().replace("*", "").split():
        match = _COUNT.match(word)
        words += [match[1]] * int(match[2]) if match else [word]
    return words


def matching(plays: tuple[str, ...], typed: str) -> list[str]:
    """The plays that what is typed of a play can still become, in the list's order.

    Every whole word typed must be one of the play's trips (in any order, ``*``
    optional); the word being typed must begin one of the trips left.
    """
    words = _trips(typed)
    partial = "" if not words or typed.endswith(" ") else words.pop()
    partial = partial.split("(", 1)[0]
    found = []
    for play in plays:
        left = _trips(play)
        if play == "--":
            left = ["--"]
        fits = True
        for word in words:
            if word in left:
                left.remove(word)
            else:
                fits = False
                break
        if fits and (not partial or any(trip.startswith(partial) for trip in left)):
            found.append(play)
    return found


class EntryLine(Horizontal):
    """The prompt (what comes next) and the line a segment is typed on."""

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

    @dataclass
    class Submitted(Message):
        """Enter on the entry line."""

        text: str

    class Complete(Message):
        """Tab: complete the entry from the one play left."""

    @dataclass
    class Pick(Message):
        """An arrow key: move the pick in the list of legal plays."""

        delta: int

    def compose(self) -> ComposeResult:
        yield Static("", id="entry-prompt", markup=False)
        yield Input(
            placeholder="64: in/19 in/21, or the roll alone", id="entry-input", compact=True
        )

    @property
    def input(self) -> Input:
        return self.query_one("#entry-input", Input)

    @property
    def text(self) -> str:
        return self.input.value

    def set_text(self, text: str) -> None:
        """Put ``text`` on the line, the cursor at its end (a Changed message follows)."""
        field = self.input
        field.value = text
        field.cursor_position = len(text)

    def set_prompt(self, prompt: str, closed: bool) -> None:
        self.query_one("#entry-prompt", Static).update(printable(prompt) + " ▸")
        self.set_class(closed, "-closed")

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self.post_message(self.Changed(event.value))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.post_message(self.Submitted(event.value))

    def action_complete(self) -> None:
        self.post_message(self.Complete())

    def action_pick(self, delta: int) -> None:
        self.post_message(self.Pick(delta))


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

    def show_plays(self, title: str, plays: tuple[str, ...], typed: str = "") -> list[str]:
        """Show the plays that ``typed`` can still become; those shown."""
        self.plays, self.title = plays, title
        return self.narrow(typed)

    def narrow(self, typed: str) -> list[str]:
        shown = matching(self.plays, typed)
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
