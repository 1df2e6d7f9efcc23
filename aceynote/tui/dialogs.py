"""Modal dialogs: questions, a line of input, a comment, a choice, the end of a game, help.

The tag editor has a module of its own, :mod:`.tag_editor`.
"""

from __future__ import annotations

from typing import ClassVar, Generic, TypeVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, OptionList, Static, TextArea
from textual.widgets.button import ButtonVariant
from textual.widgets.option_list import Option

from ..notation.tags import ENDING_REASONS, result_problem
from ..notation.words import comment_problem
from ..terminal_text import printable
from .fields import Field
from .pasting import CommentText

AnswerT = TypeVar("AnswerT")


def text_line(text: str, classes: str = "", id: str | None = None) -> Static:
    """A Static of plain text (never markup), printable: dialogs quote paths and records."""
    return Static(printable(text, lines=True), classes=classes, id=id, markup=False)


class DialogButton(Button):
    """A dialog's button: the one in focus is marked ``▶ Cancel ◀`` as well as coloured
    (replay.tcss), as the tag editor marks the field in focus: Textual marks it by reverse
    video alone, easily missed. The label keeps its width, so the row never shifts."""

    def __init__(
        self, label: str, id: str, variant: ButtonVariant = "default", compact: bool = False
    ) -> None:
        super().__init__(f"  {label}  ", variant, id=id, compact=compact)
        self.plain_label = label

    def on_focus(self) -> None:
        self.label = f"▶ {self.plain_label} ◀"

    def on_blur(self) -> None:
        self.label = f"  {self.plain_label}  "


class ButtonRow(Horizontal):
    """A dialog's row of buttons: left and right move the focus along it, stopping at its ends
    (so that a right too many never lands on the first button)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "Previous button", show=False),
        Binding("right", "move(1)", "Next button", show=False),
    ]

    def action_move(self, step: int) -> None:
        buttons = list(self.query(Button))
        focused = self.screen.focused
        place = buttons.index(focused) if focused in buttons else 0
        # At once, not by focus(), which waits its turn behind keys already read: two
        # arrows that came together then moved one button.
        self.screen.set_focus(buttons[min(max(place + step, 0), len(buttons) - 1)])


class CancellableDialog(ModalScreen[AnswerT | None], Generic[AnswerT]):
    """A dialog that escape closes with no answer (None); subclasses add their own keys."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", id="dialog.cancel"),
    ]

    def action_cancel(self) -> None:
        self.dismiss(None)


class KeepOrCancel(CancellableDialog[AnswerT]):
    """A dialog whose buttons are "keep" (its :meth:`action_keep`) and cancel."""

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "keep":
            self.action_keep()
        else:
            self.action_cancel()

    def action_keep(self) -> None:
        raise NotImplementedError


class Confirm(ModalScreen[str]):
    """A question with buttons; dismissed with the id of the button (``cancel`` on escape).

    Enter presses the ``cancel`` answer where there is one (the safe choice,
    for every question that can lose or overwrite work), else the first: the focus
    starts there, and shows where it is (:class:`DialogButton`).
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "answer('cancel')", "Cancel", id="dialog.cancel"),
    ]

    def __init__(self, question: str, answers: list[tuple[str, str]]) -> None:
        super().__init__()
        self.question = question
        self.answers = answers

    def compose(self) -> ComposeResult:
        # Wide: three answers and the mark of the one in focus fit in a row.
        with Vertical(classes="dialog wide"):
            yield text_line(self.question, "dialog-title")
            with ButtonRow(classes="dialog-buttons"):
                for answer, label in self.answers:
                    yield DialogButton(label, id=f"answer-{answer}")

    @property
    def default(self) -> str:
        answers = [answer for answer, _ in self.answers]
        return "cancel" if "cancel" in answers else answers[0]

    def on_mount(self) -> None:
        self.query_one(f"#answer-{self.default}", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss((event.button.id or "answer-cancel").removeprefix("answer-"))

    def action_answer(self, answer: str) -> None:
        self.dismiss(answer)


class Prompt(CancellableDialog[str]):
    """One line of input; enter gives it, escape gives None."""

    def __init__(self, title: str, value: str = "", placeholder: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.value = value
        self.placeholder = placeholder

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield text_line(self.title_text, "dialog-title")
            yield Field(self.value, placeholder=self.placeholder, id="prompt-input")
            yield Static("enter: go   esc: cancel", classes="dialog-help")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value)


class CommentEditor(KeepOrCancel[str]):
    """Edit a comment; ctrl+s keeps it, escape drops the change.

    The comment is shown printable (a control character as ``\\x1b``); kept
    unchanged, it is given back as it was, control characters and all.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "keep", "Keep", id="comment.keep"),
    ]

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self.title_text = title
        self.text = text
        self.shown = printable(text, lines=True)
        self.problem: str | None = None  # shown under the text

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield text_line(self.title_text, "dialog-title")
            yield CommentText(
                self.shown, id="comment-text", soft_wrap=True, show_line_numbers=False
            )
            yield text_line("", "dialog-error", id="comment-error")
            with ButtonRow(classes="dialog-buttons"):
                yield DialogButton("Keep (ctrl+s)", id="keep", variant="primary")
                yield DialogButton("Cancel (esc)", id="cancel")

    def on_mount(self) -> None:
        area = self.query_one(TextArea)
        area.focus()
        area.move_cursor(area.document.end)

    def on_text_area_changed(self, event: TextArea.Changed) -> None:
        """A problem shown goes as soon as the text no longer has it."""
        event.stop()
        if self.problem is not None:
            self._check(event.text_area.text)

    def action_keep(self) -> None:
        text = self.query_one(TextArea).text
        if text == self.shown:
            self.dismiss(self.text)
        elif self._check(text) is None:
            self.dismiss(text)

    def _check(self, text: str) -> str | None:
        """Why the comment cannot hold ``text`` (None: it can), shown under it."""
        self.problem = comment_problem(text)
        self.query_one("#comment-error", Static).update(printable(self.problem or "", lines=True))
        return self.problem


class Choose(CancellableDialog[str]):
    """Pick one of a list (enter or a click); escape gives None."""

    def __init__(
        self, title: str, choices: list[tuple[str, str]], current: str | None = None
    ) -> None:
        super().__init__()
        self.title_text = title
        self.choices = choices
        self.current = current

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield text_line(self.title_text, "dialog-title")
            options = [Option(printable(label), id=key) for key, label in self.choices]
            yield OptionList(*options, id="choices", markup=False)
            yield Static("enter: choose   esc: cancel", classes="dialog-help")

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        options.focus()
        keys = [key for key, _ in self.choices]
        if self.current in keys:
            options.highlighted = keys.index(self.current)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)


EndChoice = tuple[str | None, str]
ENDING_WORDS = {
    "resignation": "resignation: a player gave up",
    "time": "time: a player ran out of time",
    "abandoned": "abandoned: the game was not played out",
}
GOES_ON = "none"
END_GAME_KEYS = "↑ ↓ and enter: how it ended; then enter on the result ends the game   esc: cancel"


class EndGame(CancellableDialog[EndChoice]):
    """How a game ended that was not played out, and its result; or that it goes on.

    Dismissed with (reason, result), reason None when the game goes on
    (a Termination set earlier is taken away); escape gives None.
    """

    def __init__(self, current: str | None, result: str) -> None:
        super().__init__()
        self.current = current
        self.result = result if result != "*" else ""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="end-game"):
            yield Static("How did the game end?", classes="dialog-title")
            options = [Option(words, id=reason) for reason, words in ENDING_WORDS.items()]
            options.append(Option("it goes on: no Termination, result *", id=GOES_ON))
            yield OptionList(*options, id="end-reasons", markup=False)
            yield Static(
                "Result, White's points-Black's (like 5-0 or 0-3; * if unknown):",
                classes="end-label",
            )
            # Not all selected on focus: what was typed stays when Tab goes to the list and back.
            yield Field(
                self.result,
                placeholder="type the result, like 5-0",
                id="end-result",
                compact=True,
                select_on_focus=False,
            )
            yield text_line("", "dialog-error", id="end-error")
            yield Static(END_GAME_KEYS, classes="dialog-help")

    def on_mount(self) -> None:
        reasons = self.query_one(OptionList)
        reasons.focus()
        keys = [*ENDING_REASONS, GOES_ON]
        reasons.highlighted = keys.index(self.current) if self.current in keys else 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id == GOES_ON:
            self.dismiss((None, "*"))
        else:
            self.query_one("#end-result", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        reasons = self.query_one(OptionList)
        index = reasons.highlighted
        reason = reasons.get_option_at_index(index).id if index is not None else None
        if reason is None or reason == GOES_ON:
            self.dismiss((None, "*"))
            return
        value = event.value.strip()
        problem = (
            result_problem(value) if value else "give the result, like 5-0 or 0-3 (* if unknown)"
        )
        if problem is not None:
            self.query_one("#end-error", Static).update(printable(problem, lines=True))
            return
        self.dismiss((reason, value))


class PlayChoices(ModalScreen[None]):
    """A list to read (the legal plays of a roll): arrows scroll it, escape or enter closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,q", "close", "Close", id="plays.close"),
    ]

    def __init__(self, title: str, rows: list[str], details: list[str] | None = None) -> None:
        """``details``: what to show beside each row (the engine's values of the plays)."""
        super().__init__()
        self.title_text = title
        self.rows = rows
        self.details = details
        if details is not None:
            width = max(map(len, rows), default=0)
            rows = [f"{row:<{width}}  {detail}" for row, detail in zip(rows, details, strict=True)]
        self.shown_rows = rows or ["-- (nothing can be played)"]

    def _rows_shown(self) -> Table | str:
        """The rows; with details, in two columns, so that a detail too long for the dialog
        goes on under itself, not under the plays."""
        if self.details is None or not self.rows:
            return "\n".join(self.shown_rows)
        grid = Table.grid(padding=(0, 0, 0, 2))
        grid.add_column(no_wrap=True)
        grid.add_column(overflow="fold")
        for row, detail in zip(self.rows, self.details, strict=True):
            grid.add_row(Text(row), Text(detail))
        return grid

    def compose(self) -> ComposeResult:
        # A play and its figures on one line: four moves and three numbers need the wide dialog.
        classes = "dialog wide" if self.details is not None else "dialog"
        with Vertical(classes=classes, id="play-choices"):
            yield text_line(self.title_text, "dialog-title")
            # Text to read, not options to pick: the scrolling container takes the keys, so
            # each moves the view (a list's arrows would move a highlight nobody sees).
            with VerticalScroll(id="play-rows"):
                yield Static(self._rows_shown(), id="play-rows-text", markup=False)
            yield Static("↑ ↓ PgUp PgDn Home End: scroll   esc: close", classes="dialog-help")

    def on_mount(self) -> None:
        self.query_one("#play-rows").focus()

    def action_close(self) -> None:
        self.dismiss(None)


class Help(ModalScreen[None]):
    """Every key of the screen below, with what it does."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark,f1", "close", "Close", id="help.close"),
    ]

    def __init__(self, title: str, rows: list[tuple[str, str]], extra: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.rows = rows
        self.extra = extra

    def compose(self) -> ComposeResult:
        keys = Table.grid(padding=(0, 2))
        keys.add_column(no_wrap=True)
        keys.add_column()
        for key, what in self.rows:
            keys.add_row(key, what)
        with Vertical(classes="dialog wide", id="help"):
            yield text_line(self.title_text, "dialog-title")
            with VerticalScroll(id="help-body"):
                yield Static(keys, id="help-keys")
                if self.extra:
                    yield Static(self.extra, id="help-extra", markup=False)
            yield Static("↑ ↓ PgUp PgDn Home End: scroll   esc: close", classes="dialog-help")

    def action_close(self) -> None:
        self.dismiss(None)
