"""Practice against the engine: its dice and its plays, as entries the recorder takes.

The practice screen is the recorder with one side played here: the
:class:`Opponent` rolls for itself (and for the person, when asked) and
answers each decision of its side with the entry a player would type
(``64: in/19 in/21``, ``=66: ...``, ``+53: ...``), which the recording then
checks and keeps as any other. Dice come from :class:`random.SystemRandom`,
or from a seeded generator for a repeatable game.

The engine plays at a :class:`Level` (docs/engine.md, "Levels"), as gnubg's
players do: below expert it values every play at 0-ply and adds to each
value an error drawn from a normal distribution (gnubg's noise: its standard
deviation in games, times what the marks count as a game), then plays the
play whose value with the error is highest; expert is the engine at 1-ply,
no error. The errors are drawn from their own generator, seeded with the
game's seed when it has one.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..engine.bots import NetPlayer, Player
from ..engine.decisions import Choice, Decision, choices, double_choices
from ..engine.search import Search
from ..notation import Game
from ..notation.writer import roll_text, segment_play_text
from ..rules import Position, RuleSet, SegmentKind, Side, TurnState, resigned
from ..rules.randomgame import opening_rolls, roll_pair
from ..terminal_text import counted, signed
from ..validation import Report
from .analysed import GameAnalysis, candidate_text
from .marks import game_value
from .reasons import explain_ranking
from .run import analyze_report, search_for
from .shown import ranked_doubles, ranked_plays


@dataclass(frozen=True, slots=True)
class Level:
    """How well the engine plays: its search's ``depth``, and ``noise``, the standard
    deviation of the error added to each play's value, in games (gnubg's levels')."""

    name: str
    depth: int
    noise: float


LEVELS = {
    level.name: level
    for level in (
        Level("beginner", 0, 0.060),
        Level("casual", 0, 0.050),
        Level("intermediate", 0, 0.040),
        Level("advanced", 0, 0.015),
        Level("expert", 1, 0.0),
    )
}


def engine_name(depth: int, level: Level | None = None) -> str:
    """The engine as a player tag names it: ``aceynote engine, 1-ply`` or, at a level,
    ``aceynote engine, casual``."""
    return f"aceynote engine, {depth}-ply" if level is None else f"aceynote engine, {level.name}"


def engine_named(name: str) -> tuple[int, Level | None] | None:
    """The depth and level of the engine a player tag names (:func:`engine_name`); None
    for anyone else."""
    named: list[tuple[int, Level | None]] = [
        (depth, None) for depth in (0, 1) if name == engine_name(depth)
    ]
    named += [(level.depth, level) for level in LEVELS.values() if name == engine_name(0, level)]
    return named[0] if named else None


def engine_side(game: Game) -> Side | None:
    """The side a game's player tags name the engine (:func:`engine_name`): the game was
    begun with ``aceynote play``. None when neither does, or both."""
    sides = [side for side in Side if engine_named(game.tag(side.title) or "") is not None]
    return sides[0] if len(sides) == 1 else None


class NoisyPlayer:
    """The engine at a level with an error: each play's 0-ply value and a normal error."""

    def __init__(self, search: Search, level: Level, errors: random.Random) -> None:
        self.search = search
        self.spread = level.noise * game_value(search.rules)
        self.errors = errors

    def choose(self, options: list[Choice], decision: Decision) -> Choice:
        _, equities = self.search.evaluator.choices(options)
        noisy = [float(equity) + self.errors.gauss(0.0, self.spread) for equity in equities]
        return options[max(range(len(options)), key=noisy.__getitem__)]


def level_player(search: Search, level: Level, errors: random.Random) -> Player:
    """The engine's player at ``level``: the plain search at expert, else with the error."""
    if not level.noise:
        return NetPlayer(search, level.depth)
    return NoisyPlayer(search, level, errors)


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
    level: Level | None = None
    errors: random.Random | None = None

    def opponent(self, rules: RuleSet) -> Opponent:
        level = self.level or Level(f"{self.depth}-ply", self.depth, 0.0)
        errors = self.errors or dice_source(None)
        return Opponent(self.engine, rules, level, self.dice, errors, self.level is not None)


class Opponent:
    """The engine playing ``side`` at ``level``, rolling with ``dice`` (its errors drawn
    from ``errors``); ``named``: its tag names the level, else the depth.

    It keeps a search of its own: the app's analysis may be running in
    another thread with the shared one.
    """

    def __init__(
        self,
        side: Side,
        rules: RuleSet,
        level: Level,
        dice: random.Random,
        errors: random.Random,
        named: bool = False,
    ) -> None:
        self.side = side
        self.rules = rules
        self.level = level
        self.dice = dice
        self.named = named
        self._player = level_player(search_for(rules), level, errors)

    @property
    def name(self) -> str:
        return engine_name(self.level.depth, self.level if self.named else None)

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
        return entry_text(expects, self._player.choose(options, decision))


def entry_text(kind: SegmentKind, choice: Choice) -> str:
    """A choice as the entry line takes it: ``=66: 19/13(2) 21/15(2)``."""
    return segment_play_text(kind, choice.high, choice.low, str(choice.play))


# -- teaching: a hint during the game, a review after it ------------------------------------
HINT_PLAYS = 5
REVIEW_COSTLIEST = 3


def hint_rows(state: TurnState, dice: tuple[int, int] | None, depth: int) -> list[tuple[str, str]]:
    """The best plays of the roll ``dice`` for the side to act (at most :data:`HINT_PLAYS`),
    or with None the six doubles it may name, each with its best play: each play, and its
    figures with why, beside the best (docs/engine.md, "Why")."""
    kind = state.expects or SegmentKind.ROLL
    if dice is None:
        ranked = ranked_doubles(state.position, state.rules, depth)
    else:
        ranked = ranked_plays(state.position, kind, *dice, state.rules, depth)[:HINT_PLAYS]
    reasons = explain_ranking(state.position, kind, dice, state.rules, ranked)
    return [
        (
            candidate_text(option),
            f"{100 * option.win:5.1f}% {signed(option.equity)}"
            + (f" {signed(option.diff)}" if rank else "  best")
            + f": {why}",
        )
        for rank, (option, why) in enumerate(zip(ranked, reasons, strict=True))
    ]


def practice_review(report: Report, side: Side, depth: int) -> list[str]:
    """A finished game's review (:func:`review_lines`), every decision analysed with its
    reason: a costly play need not be a marked one, and the review says why of each."""
    return review_lines(analyze_report(1, report, depth, explain_all=True), side)


def review_lines(game: GameAnalysis, side: Side) -> list[str]:
    """A finished game's review for the person who played ``side``, from its analysis: the
    error rate, the rating, the marks, the costliest decisions and why, luck."""
    mine, engine = game.players[side], game.players[side.opponent]
    # The mark's word with its glyph (as the figures name them): '?!' alone tells a learner nothing.
    marks = ", ".join(f"{mark.word} {mark.value} {count}" for mark, count in mine.marks.items())
    decisions = counted(mine.unforced, "unforced decision")
    judged = (
        f"Your error rate {round(mine.error_rate, 4):.3f} (points lost a decision) over"
        f" {decisions};"
        f" rating {mine.rating:.1f} (thousandths of a game lost a decision)."
        if mine.error_rate is not None
        else "You made no decision with a choice in it: no error rate or rating to give."
    )
    lines = [
        judged,
        f"Marks: {marks}.",
        f"Luck: {signed(mine.luck)} (the engine's {signed(engine.luck)}).",
    ]
    yours = [d for d in game.decisions if d.side is side and d.loss > 0]
    costliest = sorted(yours, key=lambda decision: -decision.loss)[:REVIEW_COSTLIEST]
    if costliest:
        lines.append("Your costliest decisions:")
    for decision in costliest:
        why = "" if decision.reason is None else f": {decision.reason.text}"
        lines.append(
            f"{decision.number} {decision.roll_written}: {decision.played}, lost"
            f" {decision.loss:.3f}; best {decision.best_text}{why}"
        )
    return lines
