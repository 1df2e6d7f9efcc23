"""Where each object of a game's JSON text stands, so that a diagnostic points into it.

Python's decoder keeps no places. The objects are found again in the text
(a scan that steps over strings), and matched to the decoded objects in the
order both close: the decoder finishes an object's members before the object,
in the order they are written. A game whose text and value do not match one
for one gets no places: one with an object that writes a member's name twice
(:class:`.decode.Repeated`), whose members are no longer in the text's order
and may hold fewer objects than the text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ...notation.model import Span
from .decode import Repeated

_BRACES = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[{}\n]')  # a JSON string holds no line end
Places = dict[int, Span]
"""Each decoded object's span, by the object's ``id`` (the value is held while they are read)."""


def object_spans(text: str, start: int, end: int, line: int, column: int) -> list[Span]:
    """The spans of the objects in ``text[start:end]``, in the order they close; ``start``
    stands at ``line`` and ``column`` (1-based, in characters, as json's errors count)."""
    line_start = start - (column - 1)  # the offset of the line's first character
    opened: list[tuple[int, int]] = []
    spans: list[Span] = []
    for token in _BRACES.finditer(text, start, end):
        char = token.group()
        if char == "\n":
            line, line_start = line + 1, token.end()
        elif char == "{":
            opened.append((line, token.start() - line_start + 1))
        elif char == "}" and opened:
            spans.append(Span(*opened.pop(), line, token.end() - line_start + 1))
    return spans


def _objects_as_closed(value: Any) -> Iterator[dict[str, Any]]:
    if isinstance(value, dict):
        for member in value.values():
            yield from _objects_as_closed(member)
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from _objects_as_closed(item)


def places_of(value: Any, spans: list[Span]) -> Places:
    """Each object of ``value`` matched to its span (:func:`object_spans`); none when the two
    do not match one for one."""
    objects = list(_objects_as_closed(value))
    if len(objects) != len(spans) or any(type(found) is Repeated for found in objects):
        return {}
    return {id(found): span for found, span in zip(objects, spans, strict=True)}


def placed(value: Any, text: str, start: int, end: int, line: int, column: int) -> Places:
    """The places of the objects of ``value``, decoded from ``text[start:end]`` (which starts
    at ``line`` and ``column``)."""
    return places_of(value, object_spans(text, start, end, line, column))
