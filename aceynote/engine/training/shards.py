"""Long runs that share numbered work and one file of JSON lines (one run a core).

Labelling and measuring take CPU hours: each run appends a line a finished
item to the file the others append to, so that a run stopped goes on where
it stopped, and ``--shard K/N`` runs take every Nth item from the Kth
(``python -m aceynote.engine.training.supervised label``, the benchmarks'
``label`` and ``accuracy``).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any, NamedTuple


class Shard(NamedTuple):
    """Run ``part`` of ``parts`` (from 1): it takes the items ``part``, ``part + parts``,
    and so on (numbered from 1)."""

    part: int
    parts: int

    def takes(self, number: int) -> bool:
        return (number - 1) % self.parts == self.part - 1

    @classmethod
    def parse(cls, text: str) -> Shard:
        """``K/N`` as typed (an argparse type: a wrong one is its error)."""
        part, _, parts = text.partition("/")
        if not (part.isdigit() and parts.isdigit() and 1 <= int(part) <= int(parts)):
            raise argparse.ArgumentTypeError(f"'{text}' is not K/N with 1 <= K <= N")
        return cls(int(part), int(parts))


WHOLE = Shard(1, 1)
"""One run that takes every item."""


def append_line(path: Path, record: dict[str, Any]) -> None:
    """Add ``record`` as a line at the end of ``path`` in one write, which the runs that
    share the file do not cut into."""
    append_lines(path, [record])


def append_lines(path: Path, records: list[dict[str, Any]]) -> None:
    """Add ``records`` at the end of ``path`` in one write: a run stopped keeps all or none."""
    if records:
        with path.open("a", encoding="utf-8") as out:
            out.write("".join(json.dumps(record) + "\n" for record in records))


def read_lines(path: Path) -> list[dict[str, Any]]:
    """The JSON lines of ``path`` (none when it does not exist yet), blank lines left out; a
    line that is not JSON is a ValueError that names it."""
    if not path.exists():
        return []
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line:
            continue
        try:
            found.append(json.loads(line))
        except json.JSONDecodeError as error:
            raise ValueError(
                f"{path}:{number}: this line is not JSON ({error.msg}): a run stopped while"
                " writing it? Delete the line and run again"
            ) from None
    return found
