"""Completion: the legal plays of a roll just typed, the chosen double after a 1-2, tags.

The plays (those of a play begun after the roll too, which the play picked
replaces) come from the rules (:func:`aceynote.rules.legal_plays`) in the
position the validator replays up to the roll, canonical
(:func:`aceynote.notation.writer.play_text`), best first by the engine at
depth 0 (:class:`aceynote.engine.Engine`) when it can rank them. A Result
tag's values are those of docs/notation.md §6, the ones that fit the game as
the validator replays it first.
"""

from __future__ import annotations

import re
from functools import lru_cache

from lsprotocol import types

from ..engine import Engine, EngineInputError
from ..notation import Game
from ..notation.tags import TAG_NAME, TERMINATIONS
from ..notation.writer import STANDARD_TAG_ORDER
from ..rules import (
    CHECKERS_PER_SIDE,
    DOUBLES,
    PRESETS,
    DiceError,
    Position,
    RuleSet,
    SetupError,
    legal_plays,
    play_text,
    roll_dice,
)
from ..rules.ruleset import option_choices
from ..validation import validate
from ..validation.tag_meaning import fitting_results
from .checking import Part, part_at
from .hover import TAG_MEANINGS
from .text import Text
from .tokens import piece_tokens
from .under_cursor import games_of, piece_data, piece_data_blanked

# A roll, and the play begun after it (replaced by the play picked): the characters of moves.
_PLAY_WORD = r"[0-9A-Za-z/*()-]+"
_ROLL = re.compile(
    r"(?:^|(?<=[\s.)]))([=+]?)([1-6])([1-6]):[ \t]*"
    rf"(?P<play>(?:{_PLAY_WORD}(?:[ \t]+{_PLAY_WORD})*)?)$"
)
_AFTER_ACEY_DEUCEY = re.compile(
    r"(?:^|(?<=[\s.)]))\+?(?:12|21):[ \t]+[^=:]*[^\s:][ \t]+(=[1-6]?)?$"
)
_TAG_NAME = re.compile(r"^[ \t]*\[([A-Za-z0-9_]*)$")
_TAG_VALUE = re.compile(rf'^[ \t]*\[({TAG_NAME})[ \t]+"([^"]*?)([^" ]*)$')
_KINDS = {"": "roll", "=": "double", "+": "extra"}
# Every tag with a meaning (docs/notation.md §2), in the order fmt writes them, then the others.
TAG_NAMES = [
    *STANDARD_TAG_ORDER,
    *(name for name in TAG_MEANINGS if name not in STANDARD_TAG_ORDER),
]


def _items(
    labels: list[str], kind: types.CompletionItemKind, where: types.Range
) -> list[types.CompletionItem]:
    return [
        types.CompletionItem(
            label=label,
            kind=kind,
            sort_text=f"{index:04d}",
            text_edit=types.TextEdit(where, label),
        )
        for index, label in enumerate(labels)
    ]


def _tag_values(name: str, earlier: str) -> list[str]:
    """The values a tag may take at the cursor, ``earlier`` the value's words before it: a
    Rules value is a preset and then options, each option once."""
    if name == "Rules":
        given = {word.partition("=")[0] for word in earlier.split()}
        options = [
            f"{option}={value}"
            for option, values in option_choices().items()
            if option not in given
            for value in values
        ]
        return options if earlier.strip() else [*PRESETS, *options]
    if name == "Termination":
        return list(TERMINATIONS)
    return []


def _game_of_tag_line(text: Text, parts: list[Part], line: int) -> Game | None:
    """The game whose tag section holds a 0-based line, read with that line left blank: the
    tag being typed there would be a syntax error, and keep the game from being replayed."""
    part = part_at(parts, line + 1)
    if part is None:
        return None
    inner = line + 2 - part.first_line
    games = games_of(piece_data_blanked(text, part, line))
    return next((game for game in games if game.span.end_line >= inner), None)


def _results(text: Text, parts: list[Part], line: int) -> list[str]:
    """The results of docs/notation.md §6, those that fit the game at ``line`` first, then
    ``*`` and every result the rules can give: 1 to 15 points to either side."""
    game = _game_of_tag_line(text, parts, line)
    fitting = ["*"] if game is None else list(fitting_results(validate(game)).offered)
    points = range(1, CHECKERS_PER_SIDE + 1)
    every = ["*", *(token for won in points for token in (f"{won}-0", f"0-{won}"))]
    return [*fitting, *(token for token in every if token not in fitting)]


@lru_cache(maxsize=4)
def _engine(rules: str) -> Engine:
    return Engine(rules)


def ranked_plays(position: Position, roll: str, kind: str, rules: RuleSet) -> list[str]:
    """The legal plays of a roll, best first by the engine, else in the generator's order."""
    try:
        return [
            ranked.play
            for ranked in _engine(rules.to_tag()).rank(position.to_setup(), roll, kind, 0)
        ]
    except (EngineInputError, SetupError):
        high, low = int(roll[0]), int(roll[1])
        plays = legal_plays(position, roll_dice(high, low), rules).values()
        return [play_text(play.steps) for play in plays] or ["--"]


def _position_before(
    text: Text, part: Part, roll_start: types.Position
) -> tuple[Position, RuleSet] | None:
    """The position the validator reaches where the roll is typed, with the game's rules.

    Only on a game's main line: in a variation (a ``(`` still open) there is none.
    """
    data = piece_data(text, part, text.offset(roll_start))
    kinds = [token.type for token in piece_tokens(data)]
    games = games_of(data)
    if not games or kinds.count("LPAR") > kinds.count("RPAR"):
        return None
    report = validate(games[-1])
    line = report.main_line()
    # The side that acts next: the mover again for a chosen double or an extra roll.
    position = line[-1].after if line else report.start
    return None if position is None else (position, report.rules)


def _plays(text: Text, parts: list[Part], at: types.Position, roll: re.Match[str]) -> list[str]:
    part = part_at(parts, at.line + 1)
    line = text.line(at.line)[: text.column(at)]
    roll_start = types.Position(at.line, text.units(line[: roll.start()]))
    found = None if part is None else _position_before(text, part, roll_start)
    if found is None:
        return []
    position, rules = found
    marker, high, low = roll.group(1, 2, 3)
    try:
        return ranked_plays(position, high + low, _KINDS[marker], rules)
    except DiceError:
        return []


def complete(text: Text, parts: list[Part], at: types.Position) -> list[types.CompletionItem]:
    """What may be typed at the cursor: plays, a chosen double, a tag name or value."""
    before = text.line(at.line)[: text.column(at)]
    roll = _ROLL.search(before)
    if roll is not None:
        typed = roll.group("play")
        # Only the plays that begin as typed (the ones a client keeps): one that matches the
        # word at the cursor alone (Eglot 1.9: 'in/2' of 'in/19 in/2') is offered no other.
        plays = [play for play in _plays(text, parts, at, roll) if play.startswith(typed.lower())]
        begun = types.Position(at.line, at.character - text.units(typed))
        return _items(plays, types.CompletionItemKind.Value, types.Range(begun, at))
    named = _AFTER_ACEY_DEUCEY.search(before)
    if named is not None:  # the "=" and the die already typed are replaced
        typed = named.group(1) or ""
        start = types.Position(at.line, at.character - len(typed))
        written = [f"={high}{low}" for high, low in DOUBLES]
        doubles = [f"{double}: " for double in written if double.startswith(typed)]
        return _items(doubles, types.CompletionItemKind.Operator, types.Range(start, at))
    tag_line = before[text.skipped(at.line) :]  # a tag may follow the text's byte order mark
    name = _TAG_NAME.match(tag_line)
    if name is not None:
        start = types.Position(at.line, at.character - text.units(name.group(1)))
        return _items(TAG_NAMES, types.CompletionItemKind.Property, types.Range(start, at))
    value = _TAG_VALUE.match(tag_line)
    if value is not None:
        start = types.Position(at.line, at.character - text.units(value.group(3)))
        tag, earlier = value.group(1), value.group(2)
        labels = _results(text, parts, at.line) if tag == "Result" else _tag_values(tag, earlier)
        return _items(labels, types.CompletionItemKind.EnumMember, types.Range(start, at))
    return []
