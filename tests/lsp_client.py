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
