"""``aceynote lsp`` end to end: formatting, completion, hover, code actions, outline, tokens."""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest
from conftest import ROOT
from lsp_client import ILLEGAL, URI, applied, at, client, document, neovim_client, opened
from lsprotocol import types
from pytest_lsp import LanguageClient

from aceynote.engine import Engine
from aceynote.lsp.tokens import LEGEND
from aceynote.notation import parse_games, write_game
from aceynote.validation import ALL_CODES, validate

__all__ = ["client", "neovim_client"]

ANNOTATED = (ROOT / "samples" / "annotated.acey").read_text(encoding="utf-8")
OPTIONS = types.FormattingOptions(tab_size=4, insert_spaces=True)


@pytest.mark.asyncio
async def test_formatting_writes_what_fmt_writes_with_the_line_ends_kept(
    client: LanguageClient,
) -> None:
    messy = '[Black "B"]\r\n[White "A"]\r\n1. 46: IN/19 in/21 34: in/21 in/22\r\n*\r\n'
    await opened(client, messy)
    params = types.DocumentFormattingParams(document(), OPTIONS)
    (edit,) = await client.text_document_formatting_async(params)
    expected = write_game(parse_games(messy)[0]).replace("\n", "\r\n")
    assert edit.new_text == expected
    assert edit.range == types.Range(at(0, 0), at(4, 0))


@pytest.mark.asyncio
async def test_formatting_keeps_a_byte_order_mark(client: LanguageClient) -> None:
    messy = '[Black "B"]\n[White "A"]\n1. 46: IN/19 in/21 34: in/21 in/22\n*\n'
    await opened(client, "\ufeff" + messy)
    params = types.DocumentFormattingParams(document(), OPTIONS)
    (edit,) = await client.text_document_formatting_async(params)
    assert edit.new_text == write_game(parse_games(messy)[0])
    assert edit.range == types.Range(at(0, 1), at(4, 0))


@pytest.mark.asyncio
async def test_range_formatting_rewrites_only_the_games_it_touches(client: LanguageClient) -> None:
    game = '[White "A"]\n1. 46: in/19 in/21\n*\n'
    await opened(client, game + "\n" + game)
    params = types.DocumentRangeFormattingParams(
        document(), types.Range(at(5, 0), at(5, 3)), OPTIONS
    )
    (edit,) = await client.text_document_range_formatting_async(params)
    assert edit.range == types.Range(at(4, 0), at(7, 0))
    assert edit.new_text == '[White "A"]\n\n1. 64: in/19 in/21\n*\n'


@pytest.mark.asyncio
async def test_a_record_with_a_syntax_error_is_not_formatted(client: LanguageClient) -> None:
    found = await opened(client, '[White "A"]\n1. 72: in/19\n*\n')
    assert [d.code for d in found] == ["AD100"]
    params = types.DocumentFormattingParams(document(), OPTIONS)
    assert not await client.text_document_formatting_async(params)


@pytest.mark.asyncio
async def test_completion_offers_the_legal_plays_best_first(client: LanguageClient) -> None:
    text = '[White "A"]\n1. 64: in/19 in/21  43: '
    await opened(client, text)
    params = types.CompletionParams(document(), at(1, 23))
    items = await client.text_document_completion_async(params)
    assert isinstance(items, list)
    game = parse_games('[White "A"]\n1. 64: in/19 in/21\n*\n')[0]
    report = validate(game)
    assert report.final is not None
    best = [ranked.play for ranked in Engine().rank(report.final.to_setup(), "43", "roll", 0)]
    assert [item.label for item in sorted(items, key=lambda item: item.sort_text or "")] == best


@pytest.mark.asyncio
async def test_completion_offers_no_plays_in_a_variation(client: LanguageClient) -> None:
    main_line = "1. 64: in/19 in/21  43: in/21 in/22 "
    await opened(client, f'[White "A"]\n{main_line}(1... 43: in/22 in/21)\n2. 21: ')
    in_variation = types.CompletionParams(document(), at(1, len(main_line) + 10))
    assert not await client.text_document_completion_async(in_variation)
    after_it = await client.text_document_completion_async(
        types.CompletionParams(document(), at(2, 7))
    )
    assert after_it  # the main line goes on after the variation's line: plays again


@pytest.mark.asyncio
async def test_completion_offers_the_chosen_double_after_a_1_2(client: LanguageClient) -> None:
    await opened(client, '[White "A"]\n1. 21: in/24 in/23 ')
    items = await client.text_document_completion_async(
        types.CompletionParams(document(), at(1, 19))
    )
    assert isinstance(items, list)
    assert [item.label for item in items][:2] == ["=11: ", "=22: "]


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("line", "setup", "roll", "kind"),
    [
        ("1. 21: in/24 24/22 =66: ", "W 22:1 in:14 / B in:15 / W", "66", "double"),
        (
            "1. 64: in/19 in/21  21: in/24 24/22 =66: ",
            "W 19:1 21:1 in:13 / B 22:1 in:14 / B",
            "66",
            "double",
        ),
        (
            "1. 21: in/24 24/22 =66: 22/16 in/19(3) +53: ",
            "W 16:1 19:3 in:11 / B in:15 / W",
            "53",
            "extra",
        ),
    ],
)
async def test_completion_offers_the_plays_of_the_side_whose_turn_goes_on(
    client: LanguageClient, line: str, setup: str, roll: str, kind: str
) -> None:
    """The chosen double and the extra roll are the same side's: its plays were offered
    with the other side's checkers."""
    await opened(client, f'[White "A"]\n{line}')
    best = [ranked.play for ranked in Engine().rank(setup, roll, kind, 0)]
    assert await completion_labels(client, at(1, len(line))) == best


@pytest.mark.asyncio
async def test_completion_of_a_chosen_double_begun(client: LanguageClient) -> None:
    await opened(client, '[White "A"]\n1. 21: in/24 in/23 =5')
    items = await client.text_document_completion_async(
        types.CompletionParams(document(), at(1, 21))
    )
    assert isinstance(items, list) and [item.label for item in items] == ["=55: "]
    edit = items[0].text_edit
    assert isinstance(edit, types.TextEdit) and edit.range == types.Range(at(1, 19), at(1, 21))


async def completion_labels(client: LanguageClient, where: types.Position) -> list[str]:
    items = await client.text_document_completion_async(types.CompletionParams(document(), where))
    assert isinstance(items, list)
    return [item.label for item in items]


@pytest.mark.asyncio
async def test_completion_offers_tag_names_and_rules_values(client: LanguageClient) -> None:
    await opened(client, '[Ru\n[Rules "\n[Rules "standard bear\n[Rules "navy bearoff=exact ')
    names = await client.text_document_completion_async(
        types.CompletionParams(document(), at(0, 3))
    )
    assert isinstance(names, list)
    assert "Rules" in [item.label for item in names]
    first, second, third = [
        await completion_labels(client, at(line, column))
        for line, column in ((1, 8), (2, 22), (3, 27))
    ]
    assert {"bgammon", "standard", "bearoff=exact"} <= set(first)
    # A preset comes first, and then each option once.
    assert {"bearoff=exact", "bearoff=high", "score=single"} <= set(second)
    assert "bgammon" not in second and "standard" not in second
    assert "score=single" in third and not [label for label in third if "bearoff" in label]


EVERY_RESULT = {"*", *(f"{won}-0" for won in range(1, 16)), *(f"0-{won}" for won in range(1, 16))}


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("tags", "movetext", "first"),
    [
        ('[White "A"]', "1. 64: in/19 in/21\n*", ["*"]),  # unfinished
        ('[Setup "W 2:1 / B 19:2 / W"]', "1. 43: 2/off\n*", ["2-0"]),  # won on the board
        ('[Rules "standard score=single"]\n[Setup "W 2:1 / B 19:2 / W"]', "1. 43: 2/off", ["1-0"]),
        # Ended by a Termination: what each side would score if the other resigned now.
        (
            '[Setup "W 6:2 / B 24:3 / W"]\n[Termination "resignation"]',
            "1. 64: 6/off 6/2\n*",
            ["3-0", "0-1"],
        ),
        ("", "", ["*"]),  # no game to replay
    ],
)
async def test_completion_of_a_result_offers_what_fits_the_game_first(
    client: LanguageClient, tags: str, movetext: str, first: list[str]
) -> None:
    """The results that fit the game as replayed come first, then every other result the
    rules can give (it offered "*", "1-0" and "0-1" alone: never "2-0")."""
    head = f"{tags}\n" if tags else ""
    await opened(client, f'{head}[Result "\n\n{movetext}\n')
    labels = await completion_labels(client, at(head.count("\n"), 9))
    assert labels[: len(first)] == first
    assert set(labels) == EVERY_RESULT and len(labels) == len(EVERY_RESULT)


@pytest.mark.asyncio
async def test_completion_of_a_result_begun_replaces_what_is_typed(
    client: LanguageClient,
) -> None:
    await opened(client, '[Setup "W 2:1 / B 19:2 / W"]\n[Result "1\n1. 43: 2/off\n')
    items = await client.text_document_completion_async(
        types.CompletionParams(document(), at(1, 10))
    )
    assert isinstance(items, list) and items[0].label == "2-0"
    edit = items[0].text_edit
    assert isinstance(edit, types.TextEdit) and edit.range == types.Range(at(1, 9), at(1, 10))


@pytest.mark.asyncio
async def test_hover_on_a_segment_shows_the_positions(client: LanguageClient) -> None:
    await opened(client, ANNOTATED)
    hovered = await client.text_document_hover_async(types.HoverParams(document(), at(12, 5)))
    assert hovered is not None
    assert isinstance(hovered.contents, types.MarkupContent)
    value = hovered.contents.value
    assert "White**, turn 2, roll 5-1" in value
    assert "Setup: `W 18:1 in:14 / B 18:1 in:14 / W`" in value
    assert "pips 362" in value


@pytest.mark.asyncio
async def test_hover_on_a_tag_and_on_a_code(client: LanguageClient) -> None:
    await opened(client, '[Termination "time"]\n{AD304}\n1. 64: in/19 in/21\n*\n')
    tag = await client.text_document_hover_async(types.HoverParams(document(), at(0, 3)))
    code = await client.text_document_hover_async(types.HoverParams(document(), at(1, 3)))
    assert tag is not None and code is not None
    assert isinstance(tag.contents, types.MarkupContent)
    assert isinstance(code.contents, types.MarkupContent)
    assert "resignation" in tag.contents.value
    assert "trip the dice rolled do not make" in code.contents.value


@pytest.mark.asyncio
async def test_a_byte_order_mark_before_the_first_tag(client: LanguageClient) -> None:
    # The client's line 0 holds the mark (one UTF-16 unit) that the reader skips.
    await opened(client, '\ufeff[Termination "time"]\n1. 64: in/19 in/21\n*\n')
    tag = await client.text_document_hover_async(types.HoverParams(document(), at(0, 3)))
    assert tag is not None and isinstance(tag.contents, types.MarkupContent)
    assert "resignation" in tag.contents.value
    tokens = await client.text_document_semantic_tokens_full_async(
        types.SemanticTokensParams(document())
    )
    # The name after the mark and "[", then the value 1 after the name's end and a blank.
    assert tokens is not None and list(tokens.data[:3]) == [0, 2, len("Termination")]
    assert list(tokens.data[5:8]) == [0, len("Termination") + 1, len('"time"')]
    await opened(client, "\ufeff[Ru")
    assert "Rules" in await completion_labels(client, at(0, 4))


# docs/diagnostics.md's entry of each code, up to what validate prints of its example.
ENTRY = re.compile(r"^### (AD\d{3}): .*?\n```acey\n.*?```\n", re.MULTILINE | re.DOTALL)


@pytest.mark.asyncio
async def test_hover_on_each_code_gives_its_entry_of_the_docs(client: LanguageClient) -> None:
    entries = {
        match.group(1): match.group()
        for match in ENTRY.finditer((ROOT / "docs" / "diagnostics.md").read_text("utf-8"))
    }
    assert len(entries) == len(ALL_CODES)
    codes = sorted(entries)
    await opened(client, "".join(f"{{see {code}}}\n" for code in codes) + "1. 64: in/19 in/21\n*\n")
    for line, code in enumerate(codes):
        found = await client.text_document_hover_async(types.HoverParams(document(), at(line, 8)))
        assert found is not None and isinstance(found.contents, types.MarkupContent)
        assert found.contents.kind == types.MarkupKind.Markdown
        assert found.contents.value.startswith(entries[code])


@pytest.mark.asyncio
async def test_code_actions_replace_an_illegal_play(client: LanguageClient) -> None:
    await opened(client, ILLEGAL)
    params = types.CodeActionParams(
        document(), types.Range(at(3, 14), at(3, 14)), types.CodeActionContext(diagnostics=[])
    )
    actions = await client.text_document_code_action_async(params)
    assert actions is not None
    edits = [
        action.edit.changes[URI][0]
        for action in actions
        if isinstance(action, types.CodeAction) and action.edit and action.edit.changes
    ]
    assert [edit.new_text for edit in edits] == ["in/19 in/21", "in/19 19/15"]
    assert edits[0].range == types.Range(at(3, 7), at(3, 18))
    first = actions[0]
    assert isinstance(first, types.CodeAction) and first.is_preferred
    assert first.diagnostics is not None and first.diagnostics[0].code == "AD304"


@pytest.mark.asyncio
async def test_code_actions_answer_for_the_problems_at_the_range_or_named(
    client: LanguageClient,
) -> None:
    (illegal,) = await opened(client, ILLEGAL)
    elsewhere = types.Range(at(3, 1), at(3, 1))  # on "1." of the line, not on the play
    assert not illegal.range.start.character <= 1 <= illegal.range.end.character

    async def titles(context: list[types.Diagnostic]) -> list[str]:
        params = types.CodeActionParams(document(), elsewhere, types.CodeActionContext(context))
        actions = await client.text_document_code_action_async(params)
        return [action.title for action in actions or []]

    assert await titles([]) == []
    # Neovim's way: the cursor as the range, the line's diagnostics as the context.
    assert await titles([illegal]) == ["Play in/19 in/21", "Play in/19 19/15"]


async def code_actions_in_mistakes(
    client: LanguageClient, where: types.Range
) -> list[types.Command | types.CodeAction]:
    """The code actions in ``where`` of samples/mistakes.acey, opened."""
    await opened(client, (ROOT / "samples" / "mistakes.acey").read_text(encoding="utf-8"))
    params = types.CodeActionParams(document(), where, types.CodeActionContext(diagnostics=[]))
    actions = await client.text_document_code_action_async(params)
    assert actions is not None
    return actions


@pytest.mark.asyncio
async def test_code_actions_mark_a_hit_and_add_a_result(client: LanguageClient) -> None:
    actions = await code_actions_in_mistakes(client, types.Range(at(0, 0), at(16, 0)))
    titles = [action.title for action in actions]
    assert "Mark the hit: in/20(2) 20/15*(2)" in titles


@pytest.mark.asyncio
async def test_symbols_folding_and_tokens(client: LanguageClient) -> None:
    await opened(client, ANNOTATED)
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(document())
    )
    assert symbols is not None
    (game,) = symbols
    assert isinstance(game, types.DocumentSymbol)
    assert game.name == "1. Ines Alder - Tom Brandt"
    assert game.children is not None and game.children[1].name == "1... 61: in/19 19/18"
    folds = await client.text_document_folding_range_async(types.FoldingRangeParams(document()))
    assert folds is not None and folds[0].start_line == 0
    tokens = await client.text_document_semantic_tokens_full_async(
        types.SemanticTokensParams(document())
    )
    assert tokens is not None and len(tokens.data) % 5 == 0
    assert decoded(tokens.data)[:2] == [(0, 1, 5, "property"), (0, 7, 28, "string")]


def decoded(data: Sequence[int]) -> list[tuple[int, int, int, str]]:
    """Semantic tokens' data as (line, start, length, type): the protocol's relative encoding
    (each line counted from the token before, and its start too on the same line) undone."""
    found: list[tuple[int, int, int, str]] = []
    line = start = 0
    for index in range(0, len(data), 5):
        line_delta, start_delta, length, kind, modifiers = data[index : index + 5]
        start = start + start_delta if line_delta == 0 else start_delta
        line += line_delta
        assert modifiers == 0
        found.append((line, start, length, LEGEND.token_types[kind]))
    return found


async def tag_tokens(client: LanguageClient, die: int) -> None:
    """A tag's name and value are tokens of their own (they were one token over the whole
    tag, brackets and all); the value's length is counted in the client's units."""
    await opened(client, '[ Event\t"Wardroom \U0001f3b2" ]\n[White "Ames"]\n1. 64: in/19\n')
    tokens = await client.text_document_semantic_tokens_full_async(
        types.SemanticTokensParams(document())
    )
    assert tokens is not None
    assert decoded(tokens.data)[:5] == [
        (0, 2, 5, "property"),
        (0, 8, 11 + die, "string"),
        (1, 1, 5, "property"),
        (1, 7, 6, "string"),
        (2, 0, 2, "number"),
    ]
    assert set(LEGEND.token_types) <= {kind.value for kind in types.SemanticTokenTypes}


@pytest.mark.asyncio
async def test_a_tags_name_and_value_are_tokens_in_utf16(client: LanguageClient) -> None:
    await tag_tokens(client, 2)  # the die is two UTF-16 units


@pytest.mark.asyncio
async def test_a_tags_name_and_value_are_tokens_in_utf8(neovim_client: LanguageClient) -> None:
    await tag_tokens(neovim_client, 4)  # and four UTF-8 bytes


@pytest.mark.asyncio
async def test_a_code_action_adds_the_missing_result(client: LanguageClient) -> None:
    text = write_game(parse_games((ROOT / "samples" / "annotated.acey").read_text())[0])
    ended = text.rstrip("\n").rsplit("\n", 1)[0] + "\n"  # the result token left out
    found = await opened(client, ended.replace('[Result "15-0"]\n', ""))
    (wrong,) = [d for d in found if d.code == "AD502"]
    params = types.CodeActionParams(document(), wrong.range, types.CodeActionContext([wrong]))
    actions = await client.text_document_code_action_async(params)
    assert actions is not None
    (action,) = [a for a in actions if a.title == "Add the result 15-0"]
    assert isinstance(action, types.CodeAction) and action.edit and action.edit.changes
    assert action.edit.changes[URI][0].new_text == "\n15-0"


@pytest.mark.asyncio
async def test_a_code_action_makes_an_unfinished_games_result_a_star(
    client: LanguageClient,
) -> None:
    found = await opened(client, '[White "a"]\n\n1. 64: in/19 in/21\n9-0\n')
    (unfinished,) = [d for d in found if d.code == "AD503"]
    params = types.CodeActionParams(
        document(), unfinished.range, types.CodeActionContext([unfinished])
    )
    actions = await client.text_document_code_action_async(params)
    assert actions is not None
    (action,) = actions
    assert isinstance(action, types.CodeAction) and action.edit and action.edit.changes
    (edit,) = action.edit.changes[URI]
    assert (edit.range, edit.new_text) == (types.Range(at(3, 0), at(3, 3)), "*")


@pytest.mark.parametrize(
    ("old", "code", "title"),
    [("9-0", "AD503", "Result * (the game is unfinished)"), ("3-0", "AD502", "Result 15-0")],
)
@pytest.mark.asyncio
async def test_a_result_fix_leaves_a_record_without_errors(
    client: LanguageClient, old: str, code: str, title: str
) -> None:
    # It changed the token alone: the Result tag then differed from it (AD108).
    if code == "AD503":
        text = '[Result "9-0"]\n\n1. 64: in/19 in/21\n9-0\n'
    else:
        annotated = (ROOT / "samples" / "annotated.acey").read_text()
        text = write_game(parse_games(annotated)[0]).replace("15-0", old)
    found = await opened(client, text)
    (wrong,) = [d for d in found if d.code == code]
    params = types.CodeActionParams(document(), wrong.range, types.CodeActionContext([wrong]))
    actions = await client.text_document_code_action_async(params)
    assert actions is not None
    (action,) = [a for a in actions if isinstance(a, types.CodeAction) and a.title == title]
    assert action.edit is not None and action.edit.changes is not None
    fixed = applied(text, action.edit.changes[URI])
    assert f'"{old}"' not in fixed
    assert validate(parse_games(fixed)[0]).errors == 0


@pytest.mark.asyncio
async def test_code_actions_replace_a_pass_that_should_be_a_play(client: LanguageClient) -> None:
    # mistakes.acey's turn 6: "54: --" where Black can play both dice (AD308).
    actions = await code_actions_in_mistakes(client, types.Range(at(13, 24), at(13, 24)))
    edits = [
        action.edit.changes[URI][0]
        for action in actions
        if isinstance(action, types.CodeAction) and action.edit and action.edit.changes
    ]
    assert [edit.new_text for edit in edits] == ["13/8 8/4", "19/14 14/10", "20/15 15/11"]
    assert all(edit.range == types.Range(at(13, 24), at(13, 26)) for edit in edits)
