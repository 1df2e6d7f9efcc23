"""Why a line that starts with ``[`` is not a tag, in a player's words.

A tag is ``[Name "value"]`` on a line of its own (docs/notation.md §2): a
name of a letter then letters, digits or ``_``, white space, the value in
double quotes (``\\"`` and ``\\\\`` inside), then ``]``. A broken tag line is
one syntax error; this names what is wrong in it, rather than only the form.
"""

from __future__ import annotations

import re

from ..terminal_text import clipped
from .tags import TAG_NAME

TAG_FORM = '[Name "value"]'
_NAME = re.compile(TAG_NAME)
_WORD = re.compile(r'[^\s"\]]+')
_BLANKS = " \t"
_VALUE = re.compile(r'"(?:[^"\\]|\\.)*"')


def describe_bad_tag(line: str) -> str:
    """What is wrong with ``line``, a tag line (starting with ``[``) that is not a whole tag."""
    rest = line[1:].lstrip(_BLANKS)
    name = _NAME.match(rest)
    word = _WORD.match(rest)
    if name is None or (word is not None and word.group() != name.group()):
        if word is None:
            return f"this tag has no name: write it as {TAG_FORM}"
        return (
            f"'{clipped(word.group())}' is not a tag name: a name is a letter, then letters, "
            f"digits or _ (write the tag as {TAG_FORM})"
        )
    tag = name.group()
    after_name = rest[name.end() :]
    rest = after_name.lstrip(_BLANKS)
    if not rest.startswith('"'):
        return f'the value of the tag {tag} goes in double quotes: [{tag} "value"]'
    if rest is after_name:
        return f'write a space between the tag name {tag} and its value: [{tag} "value"]'
    value = _VALUE.match(rest)
    if value is None:
        return f'the value of the tag {tag} has no closing \'"\': write it as [{tag} "value"] on one line'
    rest = rest[value.end() :].lstrip(_BLANKS)
    if not rest.startswith("]") and '"' in rest:
        return f'a \'"\' inside the value of the tag {tag} is written \\": [{tag} "a \\"b\\" c"]'
    if not rest.startswith("]"):
        return f"the tag {tag} ends with ']' right after its value: [{tag} \"value\"]"
    return f"this tag is not complete: write it as {TAG_FORM} on one line"
