"""One game as the figures of ``stats`` count it: what is kept of it once it is validated.

Only this is made of a game, and each figure lets it go once it has counted
it, so that a corpus of any size is counted without holding its records,
their replays or these (docs/stats.md).

Which rolls count as rolls of the dice: the roll segment of every turn of the
main line and the extra roll after an acey-deucey (``+RR:``). The chosen
double (``=DD:``) is the mover's choice, not a roll, and variations are not
played; the opening roll (one die each) is not a roll of two dice either.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import islice

from ...notation.tags import player_name
from ...notation.writer import merge_trips
from ...rules import ROLLS, SegmentKind, Side
from ...validation.report import Report, SegmentReplay
from ..facts import GameFacts, game_facts

# The tags the figures read, beside the players' names.
KEPT_TAGS = ("Event", "Match", "MatchLength", "MatchScore")
_ROLLS_OF_DICE = (SegmentKind.ROLL, SegmentKind.EXTRA_ROLL)


_ROLL_INDEX = {roll: index for index, roll in enumerate(ROLLS)}


@dataclass(frozen=True, slots=True)
class OpeningPlay:
    """The roll of one of a game's first two turns and what was played with it.

    ``key`` is what the play changed on each point, the mover's side first
    (each in its own numbering; a hit moves a checker of the other side), so that one play written in two orders,
    or reached by other steps, counts as one, and a reply counts as the
    same play whatever the first play was; ``text`` is the play as the
    canonical writer has it (as first seen).
    """

    side: Side
    roll: str
    key: tuple[tuple[int, ...], tuple[int, ...]]
    text: str


@dataclass(frozen=True, slots=True)
class CountedGame:
    """A validated game, as the figures count it.

    ``first`` is the side that moved first (None for a game with no turns);
    ``rolls`` each side's count of each roll of :data:`ROLLS` (a few numbers
    a game, however long, so that many games fit in memory); ``opening`` the first turn's and the reply's roll segments, empty for a
    game from a Setup (not the opening position).
    """

    source: str
    number: int
    line: int
    white: str
    black: str
    tags: Mapping[str, str]
    facts: GameFacts
    rolls: dict[Side, tuple[int, ...]]
    opening: tuple[OpeningPlay, ...]

    def name(self, side: Side) -> str:
        return self.white if side is Side.WHITE else self.black

    def points(self, side: Side) -> int:
        """The points ``side`` won in this game (0 for the loser and for an unfinished game)."""
        points = self.facts.points
        if points is None:
            return 0
        return points[0] if side is Side.WHITE else points[1]


def counted_game(report: Report, source: str, number: int) -> CountedGame:
    """What the figures keep of game ``number`` of ``source``, from its validator's report."""
    game = report.game
    replays = report.main_line()
    return CountedGame(
        source=source,
        number=number,
        line=game.span.line,
        white=player_name(game.tag("White"), Side.WHITE),
        black=player_name(game.tag("Black"), Side.BLACK),
        tags={name: value for name in KEPT_TAGS if (value := game.tag(name)) is not None},
        facts=game_facts(report),
        rolls=_rolls(replays),
        opening=() if game.tag("Setup") is not None else _opening(replays),
    )


def _rolls(replays: list[SegmentReplay]) -> dict[Side, tuple[int, ...]]:
    counts = {side: [0] * len(ROLLS) for side in Side}
    for replay in replays:
        segment = replay.segment
        if segment.kind in _ROLLS_OF_DICE:
            counts[replay.turn.side][_ROLL_INDEX[(segment.high, segment.low)]] += 1
    return {side: tuple(counted) for side, counted in counts.items()}


def _opening(replays: list[SegmentReplay]) -> tuple[OpeningPlay, ...]:
    """The roll segments of the first turn and of the reply (each turn has one), as played."""
    rolls = islice((replay for replay in replays if replay.segment.kind is SegmentKind.ROLL), 2)
    return tuple(_opening_play(replay) for replay in rolls)


def _opening_play(replay: SegmentReplay) -> OpeningPlay:
    segment = replay.segment
    text = " ".join(str(move) for move in merge_trips(segment.moves)) or "--"
    before, after = replay.before, replay.after
    white, black = _change(before.white, after.white), _change(before.black, after.black)
    key = (white, black) if replay.turn.side is Side.WHITE else (black, white)
    return OpeningPlay(replay.turn.side, f"{segment.high}{segment.low}", key, text)


def _change(before: tuple[int, ...], after: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(now - then for then, now in zip(before, after, strict=True))
