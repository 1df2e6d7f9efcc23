"""Build the seed corpus of fuzz/fuzz_aceynote.py from samples/.

    .venv/bin/python fuzz/make_corpus.py fuzz/corpus

Each seed is one byte naming the fuzz target's command, then a record:
every sample as written, with CRLF and lone-CR line ends and with a BOM,
and for the JSON commands the sample converted to JSON or JSON Lines; for
the .match command the sample as a bgammon.org replay, for the pictures the
sample, and for the entry line the sample's main line one segment a line.
"""

from __future__ import annotations

import hashlib
import io
import json
import sys
import tempfile
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

from aceynote.cli import main as aceynote
from aceynote.formats.jsonconv import document_header, game_to_json
from aceynote.notation import read_games
from aceynote.notation.writer import segment_text
from aceynote.validation import validate

ROOT = Path(__file__).resolve().parent.parent
RECORD_COMMANDS = (0, 1, 2, 3, 4, 5)  # positions in fuzz_aceynote.COMMANDS
JSON_DOCUMENT, JSON_LINES, MATCH, PICTURES, ENTRY_LINES = 6, 7, 8, 9, 10


def variants(data: bytes) -> list[bytes]:
    return [
        data,
        data.replace(b"\n", b"\r\n"),
        data.replace(b"\n", b"\r"),
        b"\xef\xbb\xbf" + data,
    ]


def as_json(data: bytes) -> tuple[bytes, bytes]:
    games = [game for game in read_games(io.BytesIO(data)) if not game.problems]
    forms = [game_to_json(game, validate(game), diagnostics=True) for game in games]
    document = {**document_header(), "games": forms}
    lines = "".join(json.dumps(form) + "\n" for form in forms)
    return json.dumps(document).encode(), lines.encode()


def seeds() -> list[bytes]:
    found: list[bytes] = []
    for sample in sorted((ROOT / "samples").glob("*.acey")):
        data = sample.read_bytes()
        found += [bytes([command]) + text for command in RECORD_COMMANDS for text in variants(data)]
        document, lines = as_json(data)
        found += [bytes([JSON_DOCUMENT]) + document, bytes([JSON_LINES]) + lines]
        found += [bytes([MATCH]) + as_match(sample), bytes([PICTURES]) + data]
        found.append(bytes([ENTRY_LINES]) + entry_lines(data))
    return found


def as_match(sample: Path) -> bytes:
    """The sample as a bgammon.org replay, written by ``aceynote convert``."""
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "sample.match"
        with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
            aceynote(["convert", str(sample), "--to", "bgammon", "-o", str(target)])
        return target.read_bytes() if target.exists() else b""


def entry_lines(data: bytes) -> bytes:
    """The first game's main line as the recorder's entry line would take it."""
    games = list(read_games(io.BytesIO(data)))
    segments = [seg for turn in games[0].turns for seg in turn.segments] if games else []
    return "".join(segment_text(segment) + "\n" for segment in segments).encode()


def main(folder: str) -> None:
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    for seed in seeds():
        (target / hashlib.sha1(seed).hexdigest()).write_bytes(seed)
    print(f"{len(seeds())} seeds in {target}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else str(ROOT / "fuzz" / "corpus"))
