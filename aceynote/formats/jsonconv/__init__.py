"""JSON conversion of game records, both ways, with a published JSON Schema."""

from .checks import JsonRecordError
from .codec import (
    FORMAT,
    VERSION,
    diagnostic_json,
    document_header,
    game_from_json,
    game_to_json,
    position_json,
    read_document,
    read_json_lines,
)
from .schema import schema

__all__ = [
    "FORMAT",
    "VERSION",
    "JsonRecordError",
    "diagnostic_json",
    "document_header",
    "game_from_json",
    "game_to_json",
    "position_json",
    "read_document",
    "read_json_lines",
    "schema",
]
