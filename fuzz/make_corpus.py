"""Build the seed corpus of fuzz/fuzz_aceynote.py from samples/.

    .venv/bin/python fuzz/make_corpus.py fuzz/corpus

Each seed is one byte naming the fuzz target's command, then a record:
every sample as written, with CRLF and lone-CR line ends and with a BOM,
and for the JSON commands the sample converted to JSON or JSON Lines.
"""

from __future__ import annotations

import hashlib
import io
import json
import sys
from pathlib import Path

from aceynote.formats.jsonconv import document_header, game_to_json
from aceynote.notation import read_games
from aceynote.validation import validate

ROOT = Path(__file__).resolve().parent.parent
RECORD_COMMANDS = (0, 1, 2, 3, 4, 5)  # positions in fuzz_aceynote.COMMANDS
JSON_DOCUMENT, JSON_LINES = 6, 7


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
    return found


def main(folder: str) -> None:
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    for seed in seeds():
        (target / hashlib.sha1(seed).hexdigest()).write_bytes(seed)
    print(f"{len(seeds())} seeds in {target}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else str(ROOT / "fuzz" / "corpus"))
