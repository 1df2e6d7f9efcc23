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


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("typed", "first"),
    [
        ("1. 64: in/1", "in/19 in/21"),
        ("1. 64: in/19 in/2", "in/19 in/21"),
        ("1. 64:in/19 19/", "in/19 19/15"),
        ("1. 64: in/19 in/21  43: in/2", "in/21 21/18"),
    ],
)
async def test_completion_of_a_play_begun_after_its_roll(
    client: LanguageClient, typed: str, first: str
) -> None:
    """The plays were offered only right after the roll: with a play begun ('64: in/1',
    then Ctrl-X Ctrl-O in Neovim) nothing came. Now the plays come with the part typed
    as the range they replace, and the client keeps those that begin with it."""
    await opened(client, f'[White "Zoë 😀"]\n\n{typed}\n')
    cursor = at(2, len(typed))
    items = await client.text_document_completion_async(types.CompletionParams(document(), cursor))
    assert isinstance(items, list)
    begun = typed[typed.rindex(":") + 1 :].lstrip()
    fitting = [item for item in items if item.label.startswith(begun)]
    assert fitting and fitting[0].label == first
    # Only those, for a client that matches the word at the cursor alone (Eglot 1.9).
    assert fitting == items
    edit = fitting[0].text_edit
    assert isinstance(edit, types.TextEdit)
    assert edit.range == types.Range(at(2, len(typed) - len(begun)), cursor)


@pytest.mark.asyncio
async def test_no_plays_after_a_play_and_a_space(client: LanguageClient) -> None:
    """A space after a whole play (a trigger character) offers nothing: the next roll comes."""
    await opened(client, "1. 64: in/19 in/21 \n")
    items = await client.text_document_completion_async(
        types.CompletionParams(document(), at(0, 19))
    )
    assert items == []


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("typed", "begun"), [("1. 64: in/1", "in/1"), ("1. 21: in/24 in/23 =6", "=6")]
)
async def test_completion_replaces_what_is_typed_as_neovim_07_reads_it(
    client: LanguageClient, typed: str, begun: str
) -> None:
    """Neovim 0.7's omnifunc starts the completion where the items' edits start only when
    none has a filterText; each had one (its label, what the protocol takes when it is
    absent), so Neovim started at the last word ('1' of 'in/1', '6' of '=6') and kept
    nothing: 'Pattern not found'."""
    await opened(client, f"{typed}\n")
    cursor = at(0, len(typed))
    items = await client.text_document_completion_async(types.CompletionParams(document(), cursor))
    assert isinstance(items, list) and items
    start = at(0, len(typed) - len(begun))
    for item in items:
        assert item.filter_text is None
        assert isinstance(item.text_edit, types.TextEdit) and item.text_edit.range.start == start
