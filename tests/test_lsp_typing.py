"""``aceynote lsp`` as an annotator types a record: what the editor offers along the way."""

from __future__ import annotations

import pytest
from lsp_client import at, client, document, opened
from lsprotocol import types
from pytest_lsp import LanguageClient

from aceynote.lsp.hover import TAG_MEANINGS

__all__ = ["client"]


@pytest.mark.asyncio
async def test_completion_after_a_bracket_offers_every_tag_with_a_meaning(
    client: LanguageClient,
) -> None:
    """Match, MatchLength and MatchScore have a meaning (docs/notation.md §2, and a hover)
    but were not offered: only the tags fmt orders were."""
    await opened(client, "[Ma\n")
    items = await client.text_document_completion_async(
        types.CompletionParams(document(), at(0, 3))
    )
    assert isinstance(items, list)
    labels = [item.label for item in items]
    assert set(labels) == set(TAG_MEANINGS) and len(labels) == len(TAG_MEANINGS)
    assert labels[:2] == ["Event", "Site"]  # fmt's order first
    assert {"Match", "MatchLength", "MatchScore"} <= set(labels)


@pytest.mark.asyncio
async def test_a_fix_named_by_neovim_07_on_a_line_past_ascii(client: LanguageClient) -> None:
    """Neovim 0.7 asks for the fixes of the cursor's line with the cursor as the range and
    the line's diagnostics as context, their columns counted in bytes: with an emoji and an
    umlaut before the illegal play, the range sent was not the one published, and the editor
    said "No code actions available"."""
    line = "{😀 schön} 1. 64: in/19 in/22"
    found = await opened(client, f'[White "Müller"]\n\n{line}\n*\n')
    (wrong,) = [d for d in found if d.code == "AD304"]
    start = len(line[: line.index("in/22")].encode())
    in_bytes = types.Range(at(2, start), at(2, start + len("in/22")))
    assert wrong.range != in_bytes
    sent = types.Diagnostic(in_bytes, wrong.message, wrong.severity, wrong.code, source="aceynote")
    cursor = types.Range(at(2, 0), at(2, 0))
    params = types.CodeActionParams(document(), cursor, types.CodeActionContext([sent]))
    actions = await client.text_document_code_action_async(params)
    titles = [action.title for action in actions or [] if isinstance(action, types.CodeAction)]
    assert titles == ["Play in/19 in/21", "Play in/19 19/15"]
    # A problem the context does not name still gets no fix from a cursor away from it.
    other = types.Diagnostic(in_bytes, "another message", wrong.severity, wrong.code)
    params = types.CodeActionParams(document(), cursor, types.CodeActionContext([other]))
    assert not await client.text_document_code_action_async(params)
