"""The keys every screen shares, and the help list built from the screens' own bindings.

Each binding says what it does twice: its ``description`` is the word the
footer shows, its ``tooltip`` the line of the help list (and what hovering
the key in the footer shows). A key of the app is one :class:`Binding`
here, used by every screen that offers it. A key the footer has room for only
on a wide screen is left out of it by its screen's ``check_action``, a hidden
binding of the same key acting in its place (the play screen's ctrl+g).
"""

from __future__ import annotations

import dataclasses

from textual.app import App
from textual.binding import Binding
from textual.dom import DOMNode
from textual.keys import format_key
from textual.screen import Screen

SAVE = Binding(
    "s",
    "app.save",
    "Save",
    id="app.save",
    tooltip="save: changed games rewritten, the others kept as they are",
)
HELP = Binding(
    "question_mark", "app.help", "Help", id="app.help", key_display="?", tooltip="this list"
)
QUIT = Binding(
    "q",
    "app.quit",
    "Quit",
    id="app.quit",
    tooltip="quit (asks first when there are unsaved changes)",
)

MOUSE_HELP = (
    "Mouse: click a move in the move list to go there, the board's right half to step"
    " forward and its left half to step back, a key in the footer to press it, a game"
    " in the game list to open it."
)
"""The help's mouse paragraph, unless the screen has its own ``MOUSE_HELP``."""

_KEY_NAMES = {
    "right": "→",
    "left": "←",
    "up": "↑",
    "down": "↓",
    "pageup": "PgUp",
    "pagedown": "PgDn",
    "home": "Home",
    "end": "End",
    "escape": "Esc",
    "space": "Space",
    "slash": "/",
    "question_mark": "?",
    "exclamation_mark": "!",
    "left_square_bracket": "[",
    "right_square_bracket": "]",
    "N": "N (shift+n)",
    "f1": "F1",
    "tab": "Tab",
    "shift+tab": "Shift+Tab",
    "enter": "Enter",
    "delete": "Del",
}

_OURS = ("replay", "notes", "games", "app", "record", "entry", "play")


def on_key(binding: Binding, key: str, *, show: bool = True, priority: bool = False) -> Binding:
    """``binding`` (one of the shared keys above) on another key: ctrl+s, F1, ctrl+q."""
    return dataclasses.replace(binding, key=key, key_display=None, show=show, priority=priority)


def help_of(screen: Screen[object], app: App[None]) -> tuple[list[tuple[str, str]], str]:
    """The help of ``screen``: its rows of keys and its mouse paragraph.

    A screen may name keys it handles without a binding (``TYPED_KEYS``:
    the entry line's Enter) and say what the mouse does on it (``MOUSE_HELP``).
    """
    typed: tuple[tuple[str, str], ...] = getattr(screen, "TYPED_KEYS", ())
    mouse: str = getattr(screen, "MOUSE_HELP", MOUSE_HELP)
    return [*typed, *help_rows(screen, app)], mouse


def help_rows(screen: Screen[object], app: App[None]) -> list[tuple[str, str]]:
    """Every key of the focused widget, the screen and the app, one row per action.

    A row says what the first binding of its id (the innermost) says in its
    tooltip, else its footer word. A key is listed once, with the binding it
    reaches: a priority binding, else the innermost (ctrl+s of the record
    screen, not the app's ctrl+s under it).
    """
    classes: list[type[DOMNode]] = []
    node: DOMNode | None = screen.focused
    while node is not None and node is not screen:
        classes.append(type(node))
        node = node.parent
    # A screen's own keys, then those it inherits (the play screen's, then the record screen's).
    classes += [cls for cls in type(screen).__mro__ if "BINDINGS" in vars(cls)]
    classes.append(type(app))
    bindings = [
        binding
        for cls in classes
        for binding in Binding.make_bindings(vars(cls).get("BINDINGS", []))
        if not binding.system and binding.id is not None and binding.id.split(".")[0] in _OURS
    ]
    reached: dict[str, Binding] = {}
    for binding in sorted(bindings, key=lambda binding: not binding.priority):  # stable
        reached.setdefault(binding.key, binding)
    rows: dict[str, tuple[list[str], str]] = {}
    for binding in bindings:
        if reached[binding.key] is not binding or binding.id is None:
            continue
        keys, _ = rows.setdefault(binding.id, ([], binding.tooltip or binding.description))
        keys.append(_key_name(binding.key))
    return [(" ".join(keys), what) for keys, what in rows.values()]


def _key_name(key: str) -> str:
    """A key as the help writes it: ``Ctrl+s``, ``Esc``, ``+`` (Textual's name for the character)."""
    if key in _KEY_NAMES:
        return _KEY_NAMES[key]
    if key.startswith("ctrl+"):
        return "Ctrl+" + _key_name(key.removeprefix("ctrl+"))
    shown = format_key(key)
    return shown if len(shown) == 1 else key
