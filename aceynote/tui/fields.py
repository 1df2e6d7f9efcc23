"""The app's text fields: their editing keys act in the order they are typed.

Textual's Input and TextArea run their own key bindings (ctrl+u, ctrl+w,
backspace, the arrows...) only after the key has gone up to the app, while
the field goes on taking the printable keys typed after it: in one burst of
keys (a fast typist, a terminal's paste of keys, a script) ``ctrl+u`` then
``new`` left the field empty, and in the tag editor an emptied field removes
the tag; in the comment editor ``Left c`` put the c before the cursor's
move. :class:`Field` (and the comment editor's text,
:class:`~.pasting.CommentText`) run those bindings as each key comes, in
order, by :func:`act_in_order`.
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


async def act_in_order(widget: Widget, event: events.Key, keys: frozenset[str]) -> None:
    """Run ``widget``'s binding of the key now, when it is one of ``keys``; a printable key
    goes on to the widget's own handler, which inserts it, in order."""
    bindings = widget._bindings.key_to_bindings.get(event.key, [])
    if event.key not in keys or not bindings:
        return
    event.stop()
    event.prevent_default()
    await widget.run_action(bindings[0].action)


EDITING_KEYS = own_keys(Input)


class Field(Input):
    """An Input whose own bindings act when their key comes, before the keys typed after it."""

    async def _on_key(self, event: events.Key) -> None:
        await act_in_order(self, event, EDITING_KEYS)
