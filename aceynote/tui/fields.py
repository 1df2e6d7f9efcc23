"""The one-line text field of the app: its editing keys act in the order they are typed.

Textual's Input runs its own key bindings (ctrl+u, ctrl+w, ctrl+k,
backspace, the arrows...) only after the key has gone up to the app, while
the field goes on taking the printable keys typed after it: in one burst of
keys (a fast typist, a terminal's paste of keys, a script) ``ctrl+u`` then
``new`` left the field empty, and in the tag editor an emptied field removes
the tag. :class:`Field` runs those bindings as each key comes, in order.
"""

from __future__ import annotations

from textual import events
from textual.binding import Binding
from textual.widgets import Input

EDITING_KEYS = frozenset(
    key.strip()
    for binding in Input.BINDINGS
    if isinstance(binding, Binding)
    for key in binding.key.split(",")
)
"""The keys of the Input's own bindings (not the scrolling keys every widget has, which
go on to the screen: the entry line's up and down pick a play)."""


class Field(Input):
    """An Input whose own bindings act when their key comes, before the keys typed after it."""

    async def _on_key(self, event: events.Key) -> None:
        bindings = self._bindings.key_to_bindings.get(event.key, [])
        if event.key not in EDITING_KEYS or not bindings:
            return  # a printable key: the Input's own handler inserts it, in order
        event.stop()
        event.prevent_default()
        await self.run_action(bindings[0].action)
