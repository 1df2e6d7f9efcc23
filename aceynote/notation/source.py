"""Showing where something stands in a record: its source line and a caret under it."""

from __future__ import annotations


def caret_lines(source_line: str, column: int, end_column: int, same_line: bool) -> list[str]:
    """The source line and a caret line under the span, as compilers print them."""
    if not source_line:
        return []
    width = max(1, end_column - column) if same_line else max(1, len(source_line) - column + 1)
    prefix = "".join("\t" if char == "\t" else " " for char in source_line[: column - 1])
    return [f"  {source_line}", f"  {prefix}^{'~' * (width - 1)}"]
