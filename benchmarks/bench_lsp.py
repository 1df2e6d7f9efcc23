"""The language server under a real client: diagnostics after one edit in a large record.

Run: python benchmarks/bench_lsp.py [--games 1000] [--copies 1]

A record of generated games (``--games``, about 2 kB each; ``--copies`` writes
it that many times over, each copy with its own Event tag, for the 64 MB
case) is opened in ``aceynote lsp`` over stdio, through pygls's client; then
one play in the middle game is made illegal, and the time from that change
to its diagnostics is measured (the debounce included). The server's
memory is read from /proc: its resident size after start-up, and its peak.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import sys
import time
from pathlib import Path

from lsprotocol import types
from pygls.lsp.client import LanguageClient

from aceynote.notation import write_games
from aceynote.notation.generate import generate_games
from aceynote.rules import PRESETS

URI = "file:///bench/record.acey"


def record(games: int, copies: int) -> str:
    out = io.StringIO()
    write_games(generate_games(games, 1, PRESETS["standard"]), out)
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
        lines = text.split("\n")
        middle = next(n for n in range(len(lines) // 2, len(lines)) if " in/" in lines[n])
        column = lines[middle].index(" in/") + 1
        change = types.TextDocumentContentChangePartial(
            range=types.Range(types.Position(middle, column), types.Position(middle, column + 2)),
            text="13",
        )
        started = time.perf_counter()
        self.client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                types.VersionedTextDocumentIdentifier(version=2, uri=URI), [change]
            )
        )
        after = await self.wait_for(2)
        print(
            f"one edit at line {middle + 1}: {len(after.diagnostics)} diagnostics "
            f"in {(time.perf_counter() - started) * 1000:.0f} ms (150 ms of debounce included); "
            f"memory {memory(pid)} MiB"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--copies", type=int, default=1)
    args = parser.parse_args()
    asyncio.run(Bench().run(record(args.games, args.copies)))


if __name__ == "__main__":
    main()
