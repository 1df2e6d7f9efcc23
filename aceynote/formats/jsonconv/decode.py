"""JSON text to values, within bounds: the digits of a number, and the nesting.

A number has at most ``MAX_DIGITS`` digits, and the nesting is what Python's
decoder (which recurses as deep as the JSON nests) survives.

Either one past its bound is a :class:`json.JSONDecodeError` at its place, as a
JSON error is, so that the reader reports it with its file, line and column.

An object that writes a member's name twice keeps the last value, as JSON
does, and is a :class:`Repeated`: its members are not in the order of the
text, so the places of its objects cannot be told (:mod:`.places`).
"""

from __future__ import annotations

import json
from typing import Any

from ...notation.limits import LONG_NUMBER, too_many_digits, within_digit_limit

MAX_DEPTH = 200  # JSON nesting; a variation nested 50 deep (the reader's limit) is about 150


class _NumberTooLong(ValueError):
    pass


def _bounded_int(digits: str) -> int:
    if not within_digit_limit(digits.lstrip("-")):
        raise _NumberTooLong(digits)
    return int(digits)


class Repeated(dict[str, Any]):
    """A JSON object in which a member's name is written twice (its value is the last)."""


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    return found if len(found) == len(pairs) else Repeated(found)


_DECODER = json.JSONDecoder(parse_int=_bounded_int, object_pairs_hook=_object)
_TOO_DEEP = f"nests too deeply to be read (a game nests {MAX_DEPTH} levels at most)"


def decode(text: str, at: int) -> tuple[Any, int]:
    """One JSON value of ``text`` from ``at``; a number too long to mean anything fails there."""
    try:
        return _DECODER.raw_decode(text, at)
    except RecursionError as error:  # Python's decoder nests as deep as the JSON does
        raise json.JSONDecodeError(_TOO_DEEP, text, at) from error
    except _NumberTooLong as error:
        found = LONG_NUMBER.search(text, at)
        message = too_many_digits("a number", str(error).lstrip("-"))
        raise json.JSONDecodeError(message, text, found.start() if found else at) from error


def loads(text: str) -> Any:
    """``json.loads``; a number too long to mean anything is a decoding error at its place."""
    try:
        return json.loads(text, parse_int=_bounded_int, object_pairs_hook=_object)
    except RecursionError as error:
        raise json.JSONDecodeError(_TOO_DEEP, text, 0) from error
    except _NumberTooLong as error:
        found = LONG_NUMBER.search(text)
        message = too_many_digits("a number", str(error).lstrip("-"))
        raise json.JSONDecodeError(message, text, found.start() if found else 0) from error


# What JSON's types are called, as a reader of JSON writes them: in what a value may be,
# here, and in a refusal of the schema (:mod:`.checks`). "integer" is the schema's.
TYPE_WORDS = {
    "string": "a string",
    "number": "a number",
    "object": "an object {...}",
    "array": "an array [...]",
    "boolean": "true or false",
    "null": "null",
    "integer": "a whole number",
}
_VALUES = [TYPE_WORDS[name] for name in ("string", "number", "object", "array", "boolean", "null")]

_PLAIN = {
    "Expecting value": f"expected a value here: {', '.join(_VALUES[:-1])}, or {_VALUES[-1]}",
    "Expecting property name enclosed in double quotes": (
        'expected a member\'s name in double quotes, like "tags" (or no comma before a })'
    ),
    "Expecting ':' delimiter": "expected ':' after the member's name",
    "Expecting ',' delimiter": "expected ',' between two items or members",
    "Unterminated string starting at": 'this string is not closed by a " on its line',
    "Invalid control character at": ("a tab or line end inside a string: write it as \\t or \\n"),
    "Invalid \\escape": "a backslash escape JSON does not have; write \\\\ for a backslash",
    "Invalid \\uXXXX escape": "\\u is followed by four hexadecimal digits in JSON",
    "Extra data": "extra data after the value's end",
    "Illegal trailing comma before end of object": "a comma before the closing }: remove it",
    "Illegal trailing comma before end of array": "a comma before the closing ]: remove it",
}


def in_words(error: json.JSONDecodeError) -> str:
    """What Python's JSON decoder found wrong, in words a player understands; the bounds'
    own messages (a number too long, nesting too deep) as they are."""
    return not_json(_PLAIN.get(error.msg, error.msg))


def not_json(why: str) -> str:
    """The words of text that is not JSON, and why."""
    return f"not valid JSON: {why}"
