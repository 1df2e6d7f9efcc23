"""Practice against the engine: its dice and its plays, as entries the recorder takes.

The practice screen is the recorder with one side played here: the
:class:`Opponent` rolls for itself (and for the person, when asked) and
answers each decision of its side with the entry a player would type
(``64: in/19 in/21``, ``=66: ...``, ``+53: ...``), which the recording then
checks and keeps as any other. Dice come from :class:`random.SystemRandom`,
or from a seeded generator for a repeatable game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..engine.decisions import Choice, Decision, choices, double_choices
from ..engine.search import Search
from ..notation.writer import roll_text, segment_play_text
from ..rules import Position, RuleSet, SegmentKind, Side, TurnState, resigned
from ..rules.randomgame import opening_rolls, roll_pair
from .run import search_for


def engine_name(depth: int) -> str:
    """The engine as a player tag names it: ``aceynote engine, 1-ply``."""
    return f"aceynote engine, {depth}-ply"


def dice_source(seed: int | None) -> random.Random:
    """The practice's dice: the system's randomness, or a repeatable game's generator."""
    return random.SystemRandom() if seed is None else random.Random(seed)


def opening_tag(dice: random.Random) -> str:
    """An Opening tag value rolled now: ties first, White's die first (``4-4 5-3``)."""
    return " ".join(f"{white}-{black}" for white, black in opening_rolls(dice))


def roll_entry(state: TurnState, dice: random.Random) -> str | None:
    """The dice rolled for what ``state`` expects, as an entry starts (``64``, ``+53``).

    None for the chosen double, which is named, never rolled.
    """
    expects = state.expects
    if expects is None or expects is SegmentKind.CHOSEN_DOUBLE:
        return None
    high, low = roll_pair(dice)
    return roll_text(expects, high, low)


@dataclass
class Practice:
    """A practice game: the side the engine plays, its depth, and the game's dice.

    ``rolled`` is the roll the app made for the person and not yet played,
    with the main line's segment count it was made at: it stays, whatever
    screens are visited, until a segment is entered or taken back.
    """

    engine: Side
    depth: int
    dice: random.Random
    rolled: tuple[int, str] | None = None

    def opponent(self, rules: RuleSet) -> Opponent:
        return Opponent(self.engine, rules, self.depth, self.dice)


class Opponent:
    """The engine playing ``side`` at ``depth`` (0 or 1 ply), rolling with ``dice``.

    It keeps a search of its own: the app's analysis may be running in
    another thread with the shared one.
    """

    def __init__(self, side: Side, rules: RuleSet, depth: int, dice: random.Random) -> None:
        self.side = side
        self.rules = rules
        self.depth = depth
        self.dice = dice
        self._search: Search = search_for(rules)

    @property
    def name(self) -> str:
        return engine_name(self.depth)

    def to_act(self, state: TurnState) -> bool:
        """Whether the next entry is the engine's to make."""
        return state.expects is not None and not state.over and state.mover is self.side

    def win_on_resignation(self, position: Position) -> str:
        """The result token when the person resigns in ``position``: the engine's win (``0-9``)."""
        return resigned(position, self.rules, self.side.opponent).token

    def entry(self, state: TurnState) -> str:
        """The engine's next entry: its dice rolled (or its double named) and its best play."""
        expects = state.expects
        assert expects is not None and state.mover is self.side
        decision = Decision(state.position, expects)
        if expects is SegmentKind.CHOSEN_DOUBLE:
            options = double_choices(decision, self.rules)
        else:
            options = choices(decision, *roll_pair(self.dice), self.rules)
        best = self._search.rank(options, self.depth)[0].choice
        return entry_text(expects, best)


def entry_text(kind: SegmentKind, choice: Choice) -> str:
    """A choice as the entry line takes it: ``=66: 19/13(2) 21/15(2)``."""
    return segment_play_text(kind, choice.high, choice.low, str(choice.play))
