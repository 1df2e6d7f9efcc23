"""``aceynote lsp`` end to end: a real client (pytest-lsp) drives the server over stdio."""

from __future__ import annotations

import sys

import pytest
import pytest_lsp
from conftest import ROOT
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from aceynote.notation import parse_games
from aceynote.validation import validate

SERVER = ClientServerConfig([sys.executable, "-m", "aceynote", "lsp"])
URI = "file:///tmp/game.acey"
ILLEGAL = '[White "Ames"]\n[Black "Boyd"]\n\n1. 64: in/19 in/22\n*\n'


@pytest_lsp.fixture(config=SERVER)
async def client(lsp_client: LanguageClient) -> None:
    # VS Code's capabilities: positions in UTF-16, the protocol's default.
    capabilities = pytest_lsp.client_capabilities("visual-studio-code")
    params = types.InitializeParams(capabilities=capabilities)
    await lsp_client.initialize_session(params)
    yield
    await lsp_client.shutdown_session()


def open_document(client: LanguageClient, text: str, uri: str = URI) -> None:
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, "acey", 1, text))
    )


async def diagnostics_of(client: LanguageClient, uri: str = URI) -> list[types.Diagnostic]:
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return list(client.diagnostics[uri])


@pytest.mark.asyncio
async def test_an_illegal_play_is_a_diagnostic_at_its_move(client: LanguageClient) -> None:
    open_document(client, ILLEGAL)
    (found,) = await diagnostics_of(client)
    assert found.code == "AD304"
    assert found.severity == types.DiagnosticSeverity.Error
    assert found.range == types.Range(types.Position(3, 13), types.Position(3, 18))
    assert "legal plays: in/19 in/21; in/19 19/15" in found.message


@pytest.mark.asyncio
async def test_ranges_count_utf16_code_units(client: LanguageClient) -> None:
    # The emoji is 2 UTF-16 units, the CJK character 1: the move starts at unit 6 + 13.
    open_document(client, ILLEGAL.replace("1. 64", "{😀中} 1. 64"))
    (found,) = await diagnostics_of(client)
    assert found.range.start == types.Position(3, 19)
    assert found.range.end == types.Position(3, 24)


@pytest.mark.asyncio
async def test_an_edit_is_validated_again(client: LanguageClient) -> None:
    open_document(client, ILLEGAL)
    await diagnostics_of(client)
    change = types.TextDocumentContentChangePartial(
        range=types.Range(types.Position(3, 16), types.Position(3, 18)), text="21"
    )
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(version=2, uri=URI), [change]
        )
    )
    assert await diagnostics_of(client) == []


@pytest.mark.asyncio
async def test_the_samples_give_what_validate_gives(client: LanguageClient) -> None:
    text = (ROOT / "samples" / "mistakes.acey").read_text(encoding="utf-8")
    open_document(client, text)
    found = await diagnostics_of(client)
    wanted = [d.as_json() for game in parse_games(text) for d in validate(game).diagnostics]
    assert [(d.code, d.range.start.line + 1, d.range.start.character + 1) for d in found] == [
        (d["code"], d["line"], d["column"]) for d in wanted
    ]
