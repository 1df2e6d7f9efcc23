"""A game's JSON checked before it is read: the schema, and what the schema cannot say.

The schema is checked by jsonschema; its errors are told in plain words at
their JSON path (``games[3].turns[1].side``). Before it, what would make the
check itself fail or mislead: nesting past the decoder's depth, and text
that is no character (half a UTF-16 pair). After it, what only the notation
knows: a comment that a record could not read back (a line in it that looks
like a tag would start a new game), found at its path rather than as a game
that does not come back the same.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING

from ...notation.words import comment_problem
from ...terminal_text import clipped, counted
from ..format import InvalidRecord
from .decode import MAX_DEPTH, TYPE_WORDS

if TYPE_CHECKING:  # jsonschema is imported only when JSON is read (it is slow to import)
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError


class JsonRecordError(InvalidRecord):
    """JSON that is not a record of this format; ``path`` says where (``games[3].turns[1]``),
    and ``inside`` is the innermost object on that path, to be placed in the text."""

    def __init__(
        self, message: str, path: str = "", line: int | None = None, inside: object = None
    ) -> None:
        where = f"{path}: " if path else ""
        super().__init__(f"{where}{message}")
        self.path = path
        self.line = line
        self.inside = inside


def check(
    validator: Draft202012Validator, data: object, prefix: str, line: int | None = None
) -> None:
    """Refuse ``data`` (at ``prefix``, on ``line``) unless ``validator``'s schema takes it."""
    if _depth(data) > MAX_DEPTH:
        raise JsonRecordError(f"nests more than {MAX_DEPTH} levels deep", prefix, line)
    surrogate = _lone_surrogate(data, prefix)
    if surrogate is not None:
        raise JsonRecordError(
            "holds half of a UTF-16 surrogate pair (like \\ud800), which is no character: "
            "write the whole character",
            surrogate,
            line,
        )
    error = min(
        validator.iter_errors(data),
        key=lambda e: (len(e.absolute_path), str(e.absolute_path)),
        default=None,
    )
    if error is not None:
        path, message = refusal(error, prefix)
        raise JsonRecordError(message, path, line, _innermost_object(data, error.absolute_path))


def _innermost_object(data: object, path: Iterable[str | int]) -> object:
    """The last JSON object met going down ``path`` from ``data`` (``data`` when none is)."""
    found = item = data
    for part in path:
        item = item[part]  # type: ignore[index]
        if isinstance(item, dict):
            found = item
    return found


def check_comments(game: object, prefix: str, line: int | None = None) -> None:
    """Refuse a game (schema-valid) holding a comment that a record could not read back,
    at the comment's path, with the notation's reason (``notation.words.comment_problem``)."""
    for path, text, holder in _comments(game, prefix):
        problem = comment_problem(text)
        if problem is not None:
            raise JsonRecordError(problem, path, line, holder)


_COMMENT_LISTS = ("comments", "comments_after")


def _comments(data: object, prefix: str) -> Iterator[tuple[str, str, object]]:
    """Each comment of a schema-valid game with its path and the object that holds it, in the
    order of the text."""
    stack: list[tuple[object, str]] = [(data, prefix)]
    while stack:
        item, path = stack.pop()
        if isinstance(item, dict):
            for key in _COMMENT_LISTS:
                for index, text in enumerate(item.get(key, ())):
                    yield f"{_joined(path, key)}[{index}]", text, item
            stack += [(child, _joined(path, key)) for key, child in reversed(item.items())]
        elif isinstance(item, list):
            stack += [
                (child, f"{path}[{index}]") for index, child in reversed(list(enumerate(item)))
            ]


def refusal(error: ValidationError, prefix: str) -> tuple[str, str]:
    """A schema error in plain words, and the JSON path after ``prefix`` where it stands: a
    member an object may not have is named by its own path (``games[0].extra``)."""
    path, schema, instance = _path_of(error, prefix), error.schema, error.instance
    if (
        error.validator == "additionalProperties"
        and isinstance(schema, Mapping)
        and isinstance(instance, Mapping)
    ):
        allowed = list(schema.get("properties", {}))
        unexpected = next(name for name in instance if name not in allowed)
        members = ", ".join(allowed)
        return _joined(path, unexpected), f"no such member here; the members are {members}"
    return path, _explain(error)


def _path_of(error: ValidationError, prefix: str) -> str:
    path = prefix
    for part in error.absolute_path:
        path += f"[{part}]" if isinstance(part, int) else (f".{part}" if path else str(part))
    return path


def _explain(error: ValidationError) -> str:
    """The schema's refusal in a player's words, the value quoted as JSON (``null``, not ``None``).

    A pattern is said by the ``description`` of the schema that holds it (the one home of
    what the pattern means); jsonschema's own words quote Python (``None``, ``'a'``) and
    regular expressions.
    """
    schema, value = error.schema, _json_value(error.instance)
    if error.validator == "required":
        return f"{_json_value(_missing(error))} is missing"
    if error.validator in ("oneOf", "anyOf", "enum", "const") or error.validator == "$ref":
        return f"{value} is not allowed here"
    if error.validator == "type":
        return f"{value} is not {_type_words(error.validator_value)}"
    if error.validator == "pattern" and isinstance(schema, Mapping) and "description" in schema:
        return f"{value}: {schema['description']}"
    if error.validator in ("minItems", "maxItems") and isinstance(error.instance, list):
        return f"{value} has {counted(len(error.instance), 'item')}: {_items_wanted(schema)}"
    if error.validator == "minimum":
        return f"{value} is less than the minimum of {error.validator_value}"
    if error.validator == "maximum":
        return f"{value} is greater than the maximum of {error.validator_value}"
    return str(error.message)


def _type_words(wanted: object) -> str:
    """The JSON type or types a schema asks for, in words: ``a whole number``."""
    names = [wanted] if isinstance(wanted, str) else wanted if isinstance(wanted, list) else []
    return " or ".join(TYPE_WORDS.get(str(name), str(name)) for name in names)


def _missing(error: ValidationError) -> object:
    """The member a ``required`` refusal is about: jsonschema names it in its message alone,
    quoted as Python quotes it (``'tags' is a required property``)."""
    wanted, found = error.validator_value, error.instance
    names = wanted if isinstance(wanted, list) else []
    absent = [name for name in names if not isinstance(found, Mapping) or name not in found]
    said = (name for name in absent if str(error.message).startswith(repr(name)))
    return next(said, absent[0] if absent else "")


def _json_value(value: object) -> str:
    """``value`` as JSON writes it, clipped to a quote's length."""
    return clipped(json.dumps(value, ensure_ascii=False), 60)


def _items_wanted(schema: object) -> str:
    """How many items an array's schema takes: ``it takes 2``, ``it takes at least 1``."""
    low = schema.get("minItems") if isinstance(schema, Mapping) else None
    high = schema.get("maxItems") if isinstance(schema, Mapping) else None
    if low is not None and low == high:
        return f"it takes {low}"
    if high is None:
        return f"it takes at least {low}"
    return f"it takes at most {high}" if low is None else f"it takes {low} to {high}"


_SURROGATE = re.compile("[\ud800-\udfff]")


def _depth(data: object) -> int:
    """How deeply ``data`` nests, found without recursion (and without going past the limit)."""
    deepest, stack = 0, [(data, 1)]
    while stack:
        item, depth = stack.pop()
        deepest = max(deepest, depth)
        if depth <= MAX_DEPTH:
            if isinstance(item, dict):
                stack += [(child, depth + 1) for child in item.values()]
            elif isinstance(item, list):
                stack += [(child, depth + 1) for child in item]
    return deepest


def _lone_surrogate(data: object, prefix: str) -> str | None:
    """The path of the first text holding half a UTF-16 pair (``"\\ud800"``), if any."""
    stack: list[tuple[object, str]] = [(data, prefix)]
    while stack:
        item, path = stack.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                return path
        elif isinstance(item, dict):
            stack += [(key, path) for key in item]
            stack += [(child, _joined(path, key)) for key, child in item.items()]
        elif isinstance(item, list):
            stack += [(child, f"{path}[{index}]") for index, child in enumerate(item)]
    return None


def _joined(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key
