"""The language server under a real client: pytest-lsp starts ``aceynote lsp`` over stdio.

The test files of the server import the ``client`` fixture and the helpers from here.
"""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

SERVER = ClientServerConfig([sys.executable, "-m", "aceynote", "lsp"])
URI = "file:///tmp/game.acey"
ILLEGAL = '[White "Ames"]\n[Black "Boyd"]\n\n1. 64: in/19 in/22\n*\n'


@pytest_lsp.fixture(config=SERVER)
async def client(lsp_client: LanguageClient) -> AsyncIterator[None]:
    # VS Code's capabilities: positions in UTF-16, the protocol's default.
    capabilities = pytest_lsp.client_capabilities("visual-studio-code")
    await lsp_client.initialize_session(types.InitializeParams(capabilities=capabilities))
    yield
    await lsp_client.shutdown_session()


def open_document(client: LanguageClient, text: str, uri: str = URI) -> None:
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, "acey", 1, text))
    )


async def diagnostics_of(client: LanguageClient, uri: str = URI) -> list[types.Diagnostic]:
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return list(client.diagnostics[uri])


async def opened(client: LanguageClient, text: str) -> list[types.Diagnostic]:
    """Open a document and wait for its diagnostics."""
    open_document(client, text)
    return await diagnostics_of(client)


def at(line: int, character: int) -> types.Position:
    return types.Position(line, character)


def document() -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(URI)


def applied(text: str, edits: list[types.TextEdit]) -> str:
    """``text`` with the edits made (ASCII text: a character is a UTF-16 unit), last first."""
    lines = text.split("\n")
    offsets = [sum(len(line) + 1 for line in lines[:number]) for number in range(len(lines))]

    def offset(place: types.Position) -> int:
        return offsets[place.line] + place.character

    for edit in sorted(edits, key=lambda each: offset(each.range.start), reverse=True):
        start, end = offset(edit.range.start), offset(edit.range.end)
        text = text[:start] + edit.new_text + text[end:]
    return text


@pytest_lsp.fixture(config=SERVER)
async def neovim_client(lsp_client: LanguageClient) -> AsyncIterator[None]:
    # Neovim 0.11's capabilities: it offers UTF-8 positions first.
    capabilities = pytest_lsp.client_capabilities("neovim")
    await lsp_client.initialize_session(types.InitializeParams(capabilities=capabilities))
    yield
    await lsp_client.shutdown_session()
