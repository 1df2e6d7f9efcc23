"""Modal dialogs: questions, a line of input, a comment, a choice, the tags, help."""

from __future__ import annotations

import re
from typing import ClassVar, Generic, TypeVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, OptionList, Static, TextArea
from textual.widgets.option_list import Option

TAG_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")
AnswerT = TypeVar("AnswerT")


class CancellableDialog(ModalScreen[AnswerT | None], Generic[AnswerT]):
    """A dialog that escape closes with no answer (None); subclasses add their own keys."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", id="dialog.cancel"),
    ]

    def action_cancel(self) -> None:
        self.dismiss(None)


class Confirm(ModalScreen[str]):
    """A question with buttons; dismissed with the id of the button (``cancel`` on escape)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "answer('cancel')", "Cancel", id="dialog.cancel"),
    ]

    def __init__(self, question: str, answers: list[tuple[str, str]]) -> None:
        super().__init__()
        self.question = question
        self.answers = answers

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question, classes="dialog-title")
            with Horizontal(classes="dialog-buttons"):
                for number, (answer, label) in enumerate(self.answers):
                    if number == 0:
                        yield Button(label, id=f"answer-{answer}", variant="primary")
                    else:
                        yield Button(label, id=f"answer-{answer}")

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
            yield Static(self.title_text, classes="dialog-title")
            yield Input(self.value, placeholder=self.placeholder, id="prompt-input")
            yield Static("enter: go   esc: cancel", classes="dialog-help")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value)


class CommentEditor(CancellableDialog[str]):
    """Edit a comment; ctrl+s keeps it, escape drops the change."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "keep", "Keep", id="comment.keep"),
    ]

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self.title_text = title
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Static(self.title_text, classes="dialog-title")
            yield TextArea(self.text, id="comment-text", soft_wrap=True, show_line_numbers=False)
            yield Static("", id="comment-error", classes="dialog-error")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Keep (ctrl+s)", id="keep", variant="primary")
                yield Button("Cancel (esc)", id="cancel")

    def on_mount(self) -> None:
        area = self.query_one(TextArea)
        area.focus()
        area.move_cursor(area.document.end)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "keep":
            self.action_keep()
        else:
            self.action_cancel()

    def action_keep(self) -> None:
        text = self.query_one(TextArea).text
        if "}" in text:
            self.query_one("#comment-error", Static).update(
                "A comment cannot hold '}': it would end the comment."
            )
            return
        self.dismiss(text)


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
            yield Static(self.title_text, classes="dialog-title")
            yield OptionList(*[Option(label, id=key) for key, label in self.choices], id="choices")
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


TagList = list[tuple[str, str]]


class TagEditor(CancellableDialog[TagList]):
    """Edit the values of a game's tags and add one; a blank value removes a tag."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "keep", "Keep", id="tags.keep"),
    ]

    def __init__(self, tags: TagList) -> None:
        super().__init__()
        self.tags = tags

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Static("Tags (a blank value removes the tag)", classes="dialog-title")
            with VerticalScroll(id="tag-rows"):
                for number, (name, value) in enumerate(self.tags):
                    with Horizontal(classes="tag-row"):
                        yield Label(name, classes="tag-name")
                        yield Input(value, id=f"tag-{number}", classes="tag-value")
                with Horizontal(classes="tag-row"):
                    yield Input(placeholder="new tag", id="new-name", classes="tag-name-input")
                    yield Input(placeholder="value", id="new-value", classes="tag-value")
            yield Static("", id="tags-error", classes="dialog-error")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Keep (ctrl+s)", id="keep", variant="primary")
                yield Button("Cancel (esc)", id="cancel")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "keep":
            self.action_keep()
        else:
            self.action_cancel()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_keep()

    def action_keep(self) -> None:
        result: TagList = []
        for number, (name, _) in enumerate(self.tags):
            value = self.query_one(f"#tag-{number}", Input).value
            if value.strip():
                result.append((name, value))
        name = self.query_one("#new-name", Input).value.strip()
        value = self.query_one("#new-value", Input).value
        if name:
            problem = self._check_new(name, result)
            if problem:
                self.query_one("#tags-error", Static).update(problem)
                return
            if value.strip():
                result.append((name, value))
        self.dismiss(result)

    @staticmethod
    def _check_new(name: str, tags: TagList) -> str:
        if not TAG_NAME.match(name):
            return f"'{name}' is not a tag name: a letter, then letters, digits or _"
        if any(existing == name for existing, _ in tags):
            return f"the game already has a {name} tag: change its value above"
        return ""


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
        width = max((len(key) for key, _ in self.rows), default=4) + 2
        lines = [f"{key:<{width}}{what}" for key, what in self.rows]
        with Vertical(classes="dialog wide", id="help"):
            yield Static(self.title_text, classes="dialog-title")
            with VerticalScroll(id="help-body"):
                yield Static(
                    "\n".join(lines) + ("\n\n" + self.extra if self.extra else ""), markup=False
                )
            yield Static("esc: close", classes="dialog-help")

    def action_close(self) -> None:
        self.dismiss(None)
