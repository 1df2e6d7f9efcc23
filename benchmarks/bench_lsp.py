"""The language server under a real client: diagnostics after one edit in a large record.

Run: python benchmarks/bench_lsp.py [--games 1000] [--copies 1] [--longest]

A record of generated games (``--games``, about 2 kB each; ``--copies`` writes
it that many times over, each copy with its own Event tag, for the 64 MB
case) is opened in ``aceynote lsp`` over stdio, through pygls's client; then
one play in the middle game is made illegal and legal again, five times, and
the time from each change to its diagnostics is measured (the debounce
included). The server's
memory is read from /proc: its resident size after start-up, and its peak
(VmHWM) after opening and after the edits; docs/editors.md ("Memory") keeps
the figures, before and after the server stopped keeping a second copy.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import statistics
import sys
import time
from pathlib import Path

from lsprotocol import types
from pygls.lsp.client import LanguageClient

from aceynote.notation import write_games
from aceynote.notation.generate import generate_games
from aceynote.rules import PRESETS

URI = "file:///bench/record.acey"


def record(games: int, copies: int, longest: bool) -> str:
    """The generated games (or the one with most turns), ``copies`` times over."""
    generated = list(generate_games(games, 1, PRESETS["standard"]))
    if longest:
        generated = [max(generated, key=lambda game: len(game.turns))]
        print(f"one game of {len(generated[0].turns)} turns")
    out = io.StringIO()
    write_games(generated, out)
    text = out.getvalue()
    return "".join(text.replace('[Event "', f'[Event "copy {copy} ') for copy in range(copies))


def memory(pid: int) -> dict[str, int]:
    """The process's resident size now and at its peak, in MiB."""
    found = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        if name in ("VmRSS", "VmHWM"):
            found[name] = int(value.split()[0]) // 1024
    return found


class Bench:
    def __init__(self) -> None:
        self.client = LanguageClient("bench", "1")
        self.published: asyncio.Queue[types.PublishDiagnosticsParams] = asyncio.Queue()

        @self.client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def diagnostics(params: types.PublishDiagnosticsParams) -> None:
            self.published.put_nowait(params)

    async def wait_for(self, version: int) -> types.PublishDiagnosticsParams:
        while True:
            params = await self.published.get()
            if params.version == version:
                return params

    async def run(self, text: str) -> None:
        client = self.client
        await client.start_io(sys.executable, "-m", "aceynote", "lsp")
        await client.initialize_async(
            types.InitializeParams(capabilities=types.ClientCapabilities())
        )
        client.initialized(types.InitializedParams())
        pid = client._server.pid  # type: ignore[union-attr]
        print(f"server after start-up: {memory(pid)} MiB")
        started = time.perf_counter()
        item = types.TextDocumentItem(URI, "acey", 1, text)
        client.text_document_did_open(types.DidOpenTextDocumentParams(item))
        first = await self.wait_for(1)
        print(
            f"opened {len(text.encode()) / 2**20:.1f} MiB: {len(first.diagnostics)} diagnostics "
            f"in {time.perf_counter() - started:.2f} s; memory {memory(pid)} MiB"
        )
        await self.edit(text, pid)
        await client.shutdown_async(None)
        client.exit(None)
        await client.stop()

    async def edit(self, text: str, pid: int) -> None:
        """Five edits of one play in the middle game: made illegal, made legal again, ..."""
        lines = text.split("\n")
        middle = next(n for n in range(len(lines) // 2, len(lines)) if " in/" in lines[n])
        column = lines[middle].index(" in/") + 1
        where = types.Range(types.Position(middle, column), types.Position(middle, column + 2))
        times = []
        for version, typed in enumerate(["13", "in", "13", "in", "13"], start=2):
            started = time.perf_counter()
            self.client.text_document_did_change(
                types.DidChangeTextDocumentParams(
                    types.VersionedTextDocumentIdentifier(version=version, uri=URI),
                    [types.TextDocumentContentChangePartial(range=where, text=typed)],
                )
            )
            after = await self.wait_for(version)
            times.append((time.perf_counter() - started) * 1000)
        print(
            f"edits at line {middle + 1} ({len(after.diagnostics)} diagnostics after the last): "
            f"{', '.join(f'{ms:.0f}' for ms in times)} ms, median {statistics.median(times):.0f} "
            f"(150 ms of debounce included); memory {memory(pid)} MiB"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--copies", type=int, default=1)
    parser.add_argument(
        "--longest", action="store_true", help="only the game of most turns of the --games"
    )
    args = parser.parse_args()
    asyncio.run(Bench().run(record(args.games, args.copies, args.longest)))


if __name__ == "__main__":
    main()
