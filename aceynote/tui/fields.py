"""The app's text fields: their editing keys act in the order they are typed.

Textual's Input and TextArea run their own key bindings (ctrl+u, ctrl+w,
backspace, the arrows...) only after the key has gone up to the app, while
the field goes on taking the printable keys typed after it: in one burst of
keys (a fast typist, a terminal's paste of keys, a script) ``ctrl+u`` then
``new`` left the field empty, and in the tag editor an emptied field removes
the tag; in the comment editor ``Left c`` put the c before the cursor's
move. Tab and Shift+Tab are the same: their binding (the screen's focus
change, the entry line's completion) ran after the keys typed after them, so
``Round`` Tab ``1`` in the tag editor named the tag ``Round1``. :class:`Field`
(and the comment editor's text, :class:`~.pasting.CommentText`) run those
bindings as each key comes, in order, by :func:`act_in_order`, and hand a
key that reaches them after the focus has left (typed after a Tab) on to the
widget that has the focus now.
"""

from __future__ import annotations

from textual import events
from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import Input


def own_keys(widget: type[Widget]) -> frozenset[str]:
    """The keys of a widget class's own bindings (not the scrolling keys every widget has,
    which go on to the screen: the entry line's up and down pick a play)."""
    return frozenset(
        key.strip()
        for binding in widget.BINDINGS
        if isinstance(binding, Binding)
        for key in binding.key.split(",")
    )


FOCUS_KEYS = frozenset({"tab", "shift+tab"})
"""Keys whose binding is not the field's but a container's or the screen's (the next field,
the entry line's completion), run as the key comes all the same."""


async def act_in_order(widget: Widget, event: events.Key, keys: frozenset[str]) -> None:
    """Act on the key now, in its order among the keys typed: one of ``keys`` runs
    ``widget``'s own binding of it, Tab and Shift+Tab the binding the app would find for them
    (from the field up to the app); a printable key goes on to the widget's own handler,
    which inserts it. A key that came after the focus left ``widget`` goes on to the widget
    that has it."""
    in_focus = _in_focus(widget)
    if in_focus is not widget and in_focus is not None:
        _taken(event)
        key = events.Key(event.key, event.character)
        key.set_sender(widget.app)
        in_focus._forward_event(key)  # as the app forwards a key: it bubbles up from there
        return
    tabbed = event.key in FOCUS_KEYS and not widget.check_consume_key(event.key, event.character)
    if tabbed and in_focus is widget:
        if await widget.app._check_bindings(event.key):
            _taken(event)
        return
    bindings = widget._bindings.key_to_bindings.get(event.key, [])
    if event.key not in keys or not bindings:
        return
    _taken(event)
    await widget.run_action(bindings[0].action)


def _in_focus(widget: Widget) -> Widget | None:
    """The widget with the focus on ``widget``'s screen, when that is the screen shown."""
    screen = widget.screen if widget.is_attached else None
    return screen.focused if screen is not None and screen is widget.app.screen else None


def _taken(event: events.Key) -> None:
    """The key is acted on here: not by the widget's own handler, nor higher up."""
    event.stop()
    event.prevent_default()


EDITING_KEYS = own_keys(Input)


class Field(Input):
    """An Input whose own bindings act when their key comes, before the keys typed after it."""

    async def _on_key(self, event: events.Key) -> None:
        await act_in_order(self, event, EDITING_KEYS)
