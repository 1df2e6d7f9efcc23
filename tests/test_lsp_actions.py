"""``aceynote lsp``'s quick fixes of move numbers (AD201), and none for a missing chosen double
(AD401): each fix applied, and the record it leaves validated."""

from __future__ import annotations

import pytest
from lsp_client import URI, applied, client, document, opened
from lsprotocol import types
from pytest_lsp import LanguageClient

from aceynote.notation import parse_games
from aceynote.validation import validate

__all__ = ["client"]

OPENING = '[White "A"]\n\n1. 64: in/19 in/21  43: in/21 in/22\n'


async def fixes_of(client: LanguageClient, text: str, code: str) -> list[types.CodeAction]:
    """The code actions on the first problem ``code`` of ``text``, opened."""
    found = await opened(client, text)
    wrong = next(d for d in found if d.code == code)
    params = types.CodeActionParams(document(), wrong.range, types.CodeActionContext([wrong]))
    actions = await client.text_document_code_action_async(params)
    return [action for action in actions or [] if isinstance(action, types.CodeAction)]


def fixed(text: str, action: types.CodeAction) -> str:
    assert action.edit is not None and action.edit.changes is not None
    return applied(text, action.edit.changes[URI])


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("text", "title"),
    [
        (f"{OPENING}3. 55: in/20(4)\n*\n", "Renumber 3. as 2."),  # docs/diagnostics.md's
        ('[White "A"]\n\n1. 64: in/19 in/21\n2... 43: in/21 in/22\n*\n', "Renumber 2... as 1..."),
        (f"{OPENING[:-1]} (2... 43: in/22 in/21)\n*\n", "Renumber 2... as 1..."),  # a variation's
        # A number written one too high, the next one right: only the first is renumbered.
        (
            f"{OPENING}3. 55: in/20(4)  65: in/19 in/20\n3. 31: 20/17 21/20\n*\n",
            "Renumber 3. as 2.",
        ),
    ],
)
async def test_a_move_number_is_renumbered_as_counted(
    client: LanguageClient, text: str, title: str
) -> None:
    first, *_ = await fixes_of(client, text, "AD201")
    assert (first.title, first.is_preferred) == (title, True)
    assert validate(parse_games(fixed(text, first))[0]).errors == 0


@pytest.mark.asyncio
async def test_a_move_number_is_renumbered_with_the_ones_counted_from_it(
    client: LanguageClient,
) -> None:
    """The count goes on from the number written: the numbers after it (those of its
    variation too) are one too high as well, and the second fix renumbers them all."""
    text = (
        f"{OPENING}3. 55: in/20(4) (3. 66: in/19(4))\n3... 65: in/19 in/20\n4. 31: 20/17 21/20\n*\n"
    )
    alone, onwards = await fixes_of(client, text, "AD201")
    assert alone.title == "Renumber 3. as 2."
    assert onwards.title == "Renumber 3. as 2. and the move numbers after it"
    assert "(2. 66:" in fixed(text, alone) and "3... 65:" in fixed(text, alone)
    result = fixed(text, onwards)
    assert "2... 65:" in result and "3. 31:" in result
    assert validate(parse_games(result)[0]).errors == 0


def wrong_numbers(text: str) -> set[tuple[int, int, str]]:
    """The record's move numbers that do not fit the turn count (AD201): where, and what."""
    found = validate(parse_games(text)[0]).diagnostics
    return {(d.span.line, d.span.column, d.message) for d in found if d.code.code == "AD201"}


# A variation replaces the turn it follows: its first turn is numbered as that turn is counted,
# not as it is written (its count went on from the 3. written: the 2. of the first is flagged).
REPLACED = f"{OPENING}3. 55: in/20(4) (2. 66: in/19(4)"
NESTED = "  65: in/19 in/20 (2... 43: in/21 in/22)"


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "text",
    [
        f"{REPLACED})\n*\n",
        f"{REPLACED}{NESTED})\n*\n",  # and a nested variation, right as it stands
        f"{REPLACED.replace('(2.', '(3.')}{NESTED})\n*\n",  # the nested one counted from 2.
        f"{OPENING}3. 55: in/20(4){NESTED}\n3. 31: 20/17 21/20\n*\n",  # a later turn's
    ],
)
async def test_a_renumbered_turns_variations_take_its_number_as_counted(
    client: LanguageClient, text: str
) -> None:
    """The fix leaves no wrong move number that was not there before (it gave the first
    ``2. 55: in/20(4) (1. 66: in/19(4))``)."""
    first, *_ = await fixes_of(client, text, "AD201")
    assert first.title == "Renumber 3. as 2."
    assert wrong_numbers(fixed(text, first)) < wrong_numbers(text)


@pytest.mark.asyncio
async def test_the_move_numbers_after_it_take_their_variations_with_them(
    client: LanguageClient,
) -> None:
    """The second fix renumbers the turns after the wrong one, and each of their variations
    from the number its turn is given."""
    text = f"{REPLACED})\n3... 65: in/19 in/20 (2... 43: in/21 in/22)\n4. 31: 20/17 21/20\n*\n"
    _, onwards = await fixes_of(client, text, "AD201")
    result = fixed(text, onwards)
    assert "(2. 66:" in result and "(2... 43:" in result and "3. 31:" in result
    assert wrong_numbers(result) < wrong_numbers(text)


@pytest.mark.asyncio
async def test_a_missing_chosen_double_has_no_quick_fix(client: LanguageClient) -> None:
    """The double is its player's choice, and its play and the extra roll after it are not in
    the record: no edit is determined (completion offers the doubles there)."""
    assert await fixes_of(client, "1. 21: in/24 in/23  43: in/21 in/22\n*\n", "AD401") == []
