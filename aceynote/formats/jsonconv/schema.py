"""The JSON Schema of the JSON form (docs/json.md): its template, completed from the rules and notation.

What they define (the rules' options, the segment kinds, the glyphs) is produced from them
when the schema is read, so that it is written once: the package's ``schema_template.json``
holds the rest, with a ``$comment`` where each goes, and is named for what it is, since it is
not the schema (``aceynote schema`` prints that).
"""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files
from typing import TYPE_CHECKING, Any

from ...notation.model import GLYPH_MEANINGS
from ...notation.words import KIND_NAMES
from ...rules.ruleset import PRESETS, option_choices

if TYPE_CHECKING:  # jsonschema is imported only when JSON is read (it is slow to import)
    from jsonschema import Draft202012Validator

TEMPLATE = "schema_template.json"

Json = dict[str, Any]


@cache
def schema() -> Json:
    """The JSON Schema (draft 2020-12) of the document form; its ``rules`` comes from RuleSet,
    its segment kinds and glyphs from the notation."""
    loaded: Json = json.loads(
        (files("aceynote.formats.jsonconv") / TEMPLATE).read_text(encoding="utf-8")
    )
    del loaded["$comment"]  # the template's word that it is one
    definitions = loaded["$defs"]
    definitions["rules"] = rules_schema()  # in its place: the order of $defs is kept
    segment = definitions["segment"]["properties"]
    segment["kind"] = {"enum": list(KIND_NAMES.values())}
    segment["glyphs"]["items"] = {"enum": list(GLYPH_MEANINGS)}
    return loaded


def rules_schema() -> Json:
    """The schema's ``rules``: the preset and every option of :class:`RuleSet` with its values."""
    choices = option_choices()
    return {
        "description": "The rules in force, resolved from the Rules tag (derived from the tags: required, but its value is not read back).",
        "type": "object",
        "required": ["preset", *choices],
        "additionalProperties": False,
        "properties": {
            "preset": {"enum": list(PRESETS)},
            **{name: {"enum": list(values)} for name, values in choices.items()},
        },
    }


@cache
def validators() -> tuple[Draft202012Validator, Draft202012Validator]:
    """Validators of a whole document and of one game (a JSON Lines line)."""
    from jsonschema import Draft202012Validator

    document = Draft202012Validator(schema())
    game = Draft202012Validator({"$ref": "#/$defs/game", "$defs": schema()["$defs"]})
    return document, game
