"""What a paste brings: read whole from the terminal, shown printable in the comment editor.

A terminal sends a paste between ``ESC [200~`` and ``ESC [201~`` (bracketed
paste). Textual's parser reads an ESC inside the paste as the start of a key:
an ESC ESC there became an Escape key, the comment editor closed, its text
was lost, and the rest of the paste ran as the app's commands (issue 37).
:class:`PasteParser` takes everything up to the closing marker as the paste,
whatever it holds; outside a paste Textual's own parser reads the keys.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable

from textual import events
from textual._xterm_parser import BRACKETED_PASTE_END, BRACKETED_PASTE_START, XTermParser
from textual.message import Message
from textual.widgets import TextArea

from ..terminal_text import printable
from .fields import act_in_order, own_keys


class PasteParser(XTermParser):
    """Textual's parser of terminal input, with a bracketed paste taken whole.

    The start of a paste's marker at the end of what was read is held until
    more comes, or until the next tick but one (a lone ESC is the Escape key).
    """

    def __init__(self, debug: bool = False) -> None:
        super().__init__(debug)
        self.pasted: list[str] | None = None  # the paste's pieces so far, while one is coming
        self.tail = ""  # its last characters, where the closing marker may have begun
        self.held = ""  # the start of an opening marker, perhaps
        self.ticks = 0  # ticks since it was held

    def feed(self, data: str) -> Iterable[Message]:
        if not data:  # the end of the input
            yield from super().feed(self.held)
            yield from super().feed(data)
            return
        data, self.held = self.held + data, ""
        while data:
            if self.pasted is None:
                data = yield from self._keys(data)
            else:
                data = yield from self._paste(data)

    def tick(self) -> Iterable[Message]:
        if self.held:
            self.ticks += 1
            if self.ticks > 1:
                held, self.held = self.held, ""
                yield from super().feed(held)
        yield from super().tick()

    def _keys(self, data: str) -> Generator[Message, None, str]:
        """Textual's reading up to a paste's opening marker; what follows the marker."""
        start = data.find(BRACKETED_PASTE_START)
        if start < 0:
            keys = len(data) - _marker_begun(data)
            self.held, self.ticks = data[keys:], 0
            if keys:
                yield from super().feed(data[:keys])
            return ""
        if start:
            yield from super().feed(data[:start])
        self.pasted, self.tail = [], ""
        return data[start + len(BRACKETED_PASTE_START) :]

    def _paste(self, data: str) -> Generator[Message, None, str]:
        """The paste up to its closing marker, given as one event; what follows the marker."""
        assert self.pasted is not None
        end = (self.tail + data).find(BRACKETED_PASTE_END) - len(self.tail)
        if end < -len(self.tail):  # no end yet
            self.pasted.append(data)
            self.tail = (self.tail + data)[1 - len(BRACKETED_PASTE_END) :]
            return ""
        text = "".join(self.pasted) + data[: max(end, 0)]
        self.pasted = None
        # The marker may have begun in an earlier piece; NUL is dropped, as Textual does.
        yield events.Paste(text[: len(text) + min(end, 0)].replace("\x00", ""))
        return data[end + len(BRACKETED_PASTE_END) :]


def _marker_begun(data: str) -> int:
    """How many characters at the end of ``data`` are the start of a paste's opening marker."""
    for length in range(min(len(data), len(BRACKETED_PASTE_START) - 1), 0, -1):
        if BRACKETED_PASTE_START.startswith(data[-length:]):
            return length
    return 0


_TEXT_KEYS = own_keys(TextArea)


class CommentText(TextArea):
    """The comment editor's text: a paste is shown printable, as the comment is, and the
    editing keys act in the order they are typed (:mod:`.fields`).

    A pasted control character or bidi override (``\\x1b``, ``\\u202e``) is
    written as its escape, which is what the editor shows for one the comment
    already held.
    """

    async def _on_key(self, event: events.Key) -> None:
        # Before TextArea's own handler, which inserts a printable key.
        await act_in_order(self, event, _TEXT_KEYS)

    async def _on_paste(self, event: events.Paste) -> None:
        # Textual calls this, and then TextArea's own handler, which inserts the text.
        event.text = printable(event.text, lines=True)
