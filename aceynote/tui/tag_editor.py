"""The tag editor: a game's tags, each value checked as the notation gives it a form."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Input, Label, Static

from ..notation.tags import TAG_NAME as NAME_PATTERN
from ..notation.tags import tag_value_problem
from ..terminal_text import printable
from .dialogs import ButtonRow, DialogButton, KeepOrCancel
from .fields import Field

TAG_NAME = re.compile(rf"^{NAME_PATTERN}$")

TagList = list[tuple[str, str]]
ResultCheck = Callable[[TagList], str | None]


class Problem(Static):
    """What is wrong with the value above it; asked to, it scrolls its row into view, the problem
    with it, once the problem's lines are laid out (before, the rows' scrolling stops short)."""

    _wanted = False

    def say(self, problem: str | None) -> None:
        """Show ``problem`` (None: none, and the row is not scrolled to any more)."""
        self.update(printable(problem or "", lines=True))
        self.set_class(bool(problem), "-shown")
        self._wanted = False

    def show_row(self) -> None:
        self._wanted = True
        self._show_row()

    def on_resize(self) -> None:
        self._show_row()

    def _show_row(self) -> None:
        row = self.parent
        if self._wanted and self.size.height and isinstance(row, Widget):
            row.scroll_visible(animate=False)


class TagEditor(KeepOrCancel[TagList]):
    """Edit the values of a game's tags and add one; a blank value removes a tag.

    A value the notation gives a form to (Result, Date, Rules, ...) is checked
    when it was changed or added: the problem shows under its field and the
    dialog stays open. ``result_check`` then says why the game cannot take
    its Result as the tags stand (the rules give another). A problem shown
    goes when its field is corrected. Values are shown printable (a control
    character as ``\\x1b``); a field left as shown keeps the value as it was.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "keep", "Keep", id="tags.keep"),
    ]

    def __init__(self, tags: TagList, result_check: ResultCheck | None = None) -> None:
        super().__init__()
        self.tags = tags
        self.result_check = result_check

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide", id="tags"):
            yield Static("Tags (a blank value removes the tag)", classes="dialog-title")
            with VerticalScroll(id="tag-rows", can_focus=False):
                for number, (name, value) in enumerate(self.tags):
                    with Vertical(classes="tag-entry"):
                        with Horizontal(classes="tag-row"):
                            yield Static("▶", classes="tag-marker")
                            yield Label(name, classes="tag-name", markup=False)
                            yield Field(
                                printable(value),
                                id=f"tag-{number}",
                                classes="tag-value",
                                compact=True,
                            )
                        yield Problem(
                            classes="tag-problem", id=f"tag-{number}-problem", markup=False
                        )
                with Vertical(classes="tag-entry"):
                    with Horizontal(classes="tag-row"):
                        yield Static("▶", classes="tag-marker")
                        yield Field(
                            placeholder="new tag",
                            id="new-name",
                            classes="tag-name-input",
                            compact=True,
                        )
                        yield Field(
                            placeholder="value", id="new-value", classes="tag-value", compact=True
                        )
                    yield Problem(classes="tag-problem", id="new-problem", markup=False)
            with ButtonRow(classes="dialog-buttons"):
                yield DialogButton("Keep (ctrl+s)", id="keep", variant="primary", compact=True)
                yield DialogButton("Cancel (esc)", id="cancel", compact=True)
            yield Static("tab: next field   enter: keep   esc: cancel", classes="dialog-help")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_keep()

    def on_input_changed(self, event: Input.Changed) -> None:
        """A problem shown goes as soon as the fields no longer have it."""
        event.stop()
        if self.query(".tag-problem.-shown"):
            self._tags()

    def action_keep(self) -> None:
        tags = self._tags()
        if not self._focus_first_problem():
            self.dismiss(tags)

    def _tags(self) -> TagList:
        """The tags as the fields have them, each changed value checked (problems shown)."""
        tags = self._kept_values()
        added = self._new_tag(tags)
        if added is not None:
            tags.append(added)
        if self.result_check is not None and not self.query(".tag-problem.-shown"):
            self._show_problem(self._result_row(), self.result_check(tags))
        return tags

    def _result_row(self) -> str:
        """The row of the Result tag (the new tag's row when it adds one)."""
        names = [name for name, _ in self.tags]
        return f"tag-{names.index('Result')}" if "Result" in names else "new"

    def _kept_values(self) -> TagList:
        """The non-blank values of the game's tags; each changed one is checked."""
        result: TagList = []
        for number, (name, before) in enumerate(self.tags):
            value = self.query_one(f"#tag-{number}", Input).value
            changed = value != printable(before)
            self._show_problem(
                f"tag-{number}", self._value_problem(name, value) if changed else None
            )
            if value.strip():
                result.append((name, value if changed else before))
        return result

    def _new_tag(self, tags: TagList) -> tuple[str, str] | None:
        """The tag of the last row, checked (None when there is none, or it is wrong)."""
        name = self.query_one("#new-name", Input).value.strip()
        value = self.query_one("#new-value", Input).value
        problem = (
            (self._check_new(name, tags) or self._value_problem(name, value)) if name else None
        )
        self._show_problem("new", problem)
        return (name, value) if name and value.strip() and problem is None else None

    @staticmethod
    def _value_problem(name: str, value: str) -> str | None:
        return tag_value_problem(name, value.strip()) if value.strip() else None

    def _show_problem(self, row: str, problem: str | None) -> None:
        self.query_one(f"#{row}-problem", Problem).say(problem)

    def _focus_first_problem(self) -> bool:
        """Whether a row shows a problem; the first such row's field gets the focus, and the row
        is scrolled into view with the problem under it (the field alone left it out of view
        when there are more tags than the dialog shows)."""
        for label in self.query(".tag-problem.-shown").results(Problem):
            row = (label.id or "").removesuffix("-problem")
            field = self.query_one("#new-value" if row == "new" else f"#{row}", Input)
            field.focus(scroll_visible=False)  # the row and its problem are: show_row
            label.show_row()
            return True
        return False

    @staticmethod
    def _check_new(name: str, tags: TagList) -> str | None:
        if not TAG_NAME.match(name):
            return f"'{name}' is not a tag name: a letter, then letters, digits or _"
        if any(existing == name for existing, _ in tags):
            return f"the game already has a {name} tag: change its value above"
        return None
