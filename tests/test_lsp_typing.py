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
