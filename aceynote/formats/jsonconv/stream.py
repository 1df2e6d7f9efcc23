"""A JSON document read one member at a time: the games of a collection of any size.

The document is an object whose ``games`` member is an array (docs/json.md).
:func:`members` walks that outer object and array itself, a character of
punctuation at a time, and leaves every value inside to the standard
library's decoder (``raw_decode`` on a window of text that grows only while
a value is cut off at its end). So the memory a reading takes is one game's,
not the document's, and every error still has its line and column.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import IO, Any, NoReturn

from .decode import in_words, not_json
from .places import Places, placed

WINDOW = 1 << 20  # characters read at a time
BEGIN = object()
"""What :func:`members` gives as the value where the array member begins."""
_BLANK = " \t\n\r"


class DocumentError(ValueError):
    """JSON that is not well-formed, at its line and column (1-based)."""

    def __init__(self, message: str, line: int, column: int) -> None:
        super().__init__(f"{message} (line {line}, column {column})")
        self.message, self.line, self.column = message, line, column


class _TooLarge(DocumentError):
    """A value longer than the most one may take (its text read so far was JSON)."""


class _Window:
    """The text not yet read, with the line and column where it starts."""

    def __init__(self, stream: IO[str], largest: int) -> None:
        self.stream = stream
        self.largest = largest
        self.text = ""
        self.at = 0
        self.line, self.column = 1, 1
        self.ended = False
        self.begun = (0, 1, 1)
        """Where the last value read began: its offset in ``text``, its line and column."""

    def more(self, wanted: int = 0) -> bool:
        """Read ``wanted`` more characters (a window's worth); False at the end of the stream."""
        if self.ended:
            return False
        data = self.stream.read(max(wanted, WINDOW))
        if not data:
            self.ended = True  # the text stays as it is: an error's place is in it
            return False
        self.text = self.text[self.at :] + data
        self.at = 0
        return True

    def skip(self, count: int) -> None:
        """Leave ``count`` characters behind, counting their lines."""
        passed = self.text[self.at : self.at + count]
        lines = passed.count("\n")
        if lines:
            self.line += lines
            self.column = count - passed.rfind("\n")
        else:
            self.column += count
        self.at += count

    def next_char(self) -> str:
        """The next character that is not blank (left unread), or "" at the end."""
        while True:
            text = self.text
            start = self.at
            while start < len(text) and text[start] in _BLANK:
                start += 1
            self.skip(start - self.at)
            if self.at < len(text):
                return text[self.at]
            if not self.more():
                return ""

    def expect(self, wanted: str, what: str) -> str:
        """The next character that is not blank, one of ``wanted``, read; else an error."""
        found = self.next_char()
        if not found or found not in wanted:  # "" (the end) is in every string
            self.fail_expecting(what)
        self.skip(1)
        return found

    def fail_expecting(self, what: str) -> NoReturn:
        """``what`` should stand here, where the text ends or something else stands."""
        if self.at >= len(self.text):
            self.fail(not_json(f"the text ends here, where {what} should be"))
        self.fail(not_json(f"expected {what}"))

    def value(self, decode: Callable[[str, int], tuple[Any, int]]) -> Any:
        """The JSON value that starts here, read whole however long it is (up to ``largest``)."""
        self.next_char()
        while True:
            try:
                data, end = decode(self.text, self.at)
            except json.JSONDecodeError as error:
                if self._cut_off(error) and self._grow():
                    continue
                self._fail_at(in_words(error), error.pos)
            if end - self.at > self.largest:
                self._too_large()
            if end < len(self.text) or not self._grow():  # a number may go on past the window
                self.begun = (self.at, self.line, self.column)
                self.skip(end - self.at)
                return data

    def _cut_off(self, error: json.JSONDecodeError) -> bool:
        """Whether the decoder stopped at the window's end (more text may mend it).

        A string cut off is "unterminated" (a real one meets a line end first,
        which JSON refuses); anything else cut off fails within an escape's
        length of the end.
        """
        return error.msg.startswith("Unterminated string") or error.pos >= len(self.text) - 6

    def _grow(self) -> bool:
        if len(self.text) - self.at > self.largest:
            self._too_large()
        return self.more(len(self.text) - self.at)

    def _too_large(self) -> NoReturn:
        message = f"the value here is over {self.largest:,} characters; a game is far less"
        raise _TooLarge(message, self.line, self.column)

    def _fail_at(self, message: str, position: int) -> NoReturn:
        self.skip(position - self.at)
        self.fail(message)

    def fail(self, message: str) -> NoReturn:
        raise DocumentError(message, self.line, self.column)


Member = tuple[str, Any, int, int, Places | None]


def members(
    stream: IO[str],
    array: str,
    decode: Callable[[str, int], tuple[Any, int]],
    largest: int,
    shape: str,
) -> Iterator[Member]:
    """``(name, value, line, column, None)`` of each member of the document's object, in
    order, the line and column where its value starts.

    The member called ``array`` (an array) gives ``(array, BEGIN, line, column, None)``
    where it begins, then each of its items as ``(array, item, line, column, places)``,
    ``places`` saying where the item's objects stand (:mod:`.places`).
    ``largest`` is the most characters one value may take. A document with
    anything after its object is refused; one that is no object, with ``shape``, the words
    of what it should be.
    """
    window = _Window(stream, largest)
    if window.next_char() != "{":
        _refuse_start(window, decode, shape)
    window.skip(1)
    if window.next_char() == "}":
        window.skip(1)
    else:
        yield from _object_members(window, array, decode)
    if window.next_char():
        window.fail(not_json("extra data after the document's end"))


_KINDS = {list: "an array", str: "a string", int: "a number", float: "a number"}
_VALUE_STARTS = frozenset('["-0123456789tfn')


def _refuse_start(
    window: _Window, decode: Callable[[str, int], tuple[Any, int]], shape: str
) -> NoReturn:
    """The document starts with something else than an object: if it is JSON, what it is
    and what a record is; else where it stops being JSON, as anywhere in the document."""
    first = window.next_char()
    if first not in _VALUE_STARTS:  # the end ("") too
        window.fail_expecting("a JSON object, {")
    line, column = window.line, window.column
    try:
        value = window.value(decode)
    except _TooLarge:  # valid as far as it was read, however it goes on
        what = "starts as " + ("an array" if first == "[" else "a string")
    else:
        if window.next_char():
            window.fail(not_json("extra data after the document's end"))
        what = "is " + _KINDS.get(type(value), json.dumps(value))  # true, false, null
    raise DocumentError(f"this JSON {what}, not an aceynote record: {shape}", line, column)


def _object_members(
    window: _Window, array: str, decode: Callable[[str, int], tuple[Any, int]]
) -> Iterator[Member]:
    seen = False
    while True:
        if window.next_char() != '"':
            window.fail_expecting("a member's name in double quotes")
        name = window.value(decode)
        window.expect(":", "':' after a member's name")
        if name == array and seen:
            window.fail(f"the document has a second {array} member")
        seen = seen or name == array
        if name == array and window.next_char() == "[":
            yield from _array_items(window, array, decode)
        else:
            value = window.value(decode)
            _, line, column = window.begun
            yield name, value, line, column, None
        if window.expect(",}", "',' or '}' after a member") == "}":
            return


def _array_items(
    window: _Window, array: str, decode: Callable[[str, int], tuple[Any, int]]
) -> Iterator[Member]:
    yield array, BEGIN, window.line, window.column, None
    window.skip(1)
    if window.next_char() == "]":
        window.skip(1)
        return
    while True:
        item = window.value(decode)
        start, line, column = window.begun  # where the item starts, past the blanks
        yield array, item, line, column, placed(item, window.text, start, window.at, line, column)
        if window.expect(",]", "',' or ']' after an item") == "]":
            return
