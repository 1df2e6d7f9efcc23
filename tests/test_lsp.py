"""``aceynote lsp`` end to end: diagnostics, as a real client (pytest-lsp) receives them."""

from __future__ import annotations

import pytest
from conftest import ROOT
from lsp_client import ILLEGAL, URI, client, diagnostics_of, neovim_client, open_document
from lsprotocol import types
from pytest_lsp import LanguageClient

from aceynote.notation import parse_games
from aceynote.validation import validate

__all__ = ["client", "neovim_client"]


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
async def test_a_byte_order_mark_is_counted_on_the_first_line(client: LanguageClient) -> None:
    # The reader skips the mark (docs/notation.md §1); the client's line 0 still holds it.
    open_document(client, "\ufeff1. 64: in/19 in/22\n*\n")
    (found,) = await diagnostics_of(client)
    assert found.range == types.Range(types.Position(0, 14), types.Position(0, 19))


@pytest.mark.asyncio
async def test_text_that_is_not_utf8_after_a_byte_order_mark(client: LanguageClient) -> None:
    open_document(client, '\ufeff[White "\ud800"]\n*\n')  # a lone surrogate: not UTF-8
    (found,) = await diagnostics_of(client)
    assert found.range == types.Range(types.Position(0, 9), types.Position(0, 10))


@pytest.mark.asyncio
async def test_a_byte_sent_escaped_is_named_as_the_byte_it_stands_for(
    client: LanguageClient,
) -> None:
    """A client that read the byte 0xE9 (Latin-1 é) sends it as U+DCE9: the message named 0xED."""
    open_document(client, '[White "Ren\udce9"]\n*\n')
    (found,) = await diagnostics_of(client)
    assert "byte 0xE9 here" in found.message
    assert found.range == types.Range(types.Position(0, 11), types.Position(0, 12))


@pytest.mark.asyncio
async def test_a_byte_order_mark_later_in_the_text_is_a_blank_as_validate_reads_it(
    client: LanguageClient,
) -> None:
    # Two records joined: the second's mark starts a piece, but not the file.
    text = '[White "A"]\n\n1. 64: in/19 in/21\n*\n\n\ufeff[White "C"] [Black "D"] 1. 64: in/19\n*\n'
    open_document(client, text)
    (found,) = await diagnostics_of(client)
    (expected,) = [d for game in parse_games(text) for d in validate(game).diagnostics]
    start = types.Position(expected.span.line - 1, expected.span.column - 1)
    assert (found.code, found.range.start) == (expected.code.code, start)


@pytest.mark.asyncio
async def test_ranges_count_utf8_code_units_when_the_client_asks(
    neovim_client: LanguageClient,
) -> None:
    # The emoji is 4 UTF-8 bytes, the CJK character 3: the move starts at byte 10 + 13.
    open_document(neovim_client, ILLEGAL.replace("1. 64", "{😀中} 1. 64"))
    (found,) = await diagnostics_of(neovim_client)
    assert found.range.start == types.Position(3, 23)


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


@pytest.mark.asyncio
async def test_changes_in_quick_succession_are_validated_once(client: LanguageClient) -> None:
    open_document(client, ILLEGAL)
    await diagnostics_of(client)
    previous = "1. 64: in/19 in/22"
    typed = ["1. 64: in/19 ", "1. 64: in/19 i", "1. 64: in/19 in/", "1. 64: in/19 in/21"]
    for version, line in enumerate(typed, start=2):  # one keystroke after another
        whole_line = types.Range(types.Position(3, 0), types.Position(3, len(previous)))
        change = types.TextDocumentContentChangePartial(range=whole_line, text=line)
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                types.VersionedTextDocumentIdentifier(version=version, uri=URI), [change]
            )
        )
        previous = line
    published = await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert (published.version, list(published.diagnostics)) == (5, [])
