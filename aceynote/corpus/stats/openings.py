"""The opening tree, as Scid's tree window: the first roll and the reply, the plays made, their score.

For each roll of a game's first turn, the plays made with it, how often and
the mover's score with them; the same for the reply (the other side's first
roll), whatever the first play was. Two writings of one play (``in/20
in/23`` and ``in/23 in/20``) are one play: plays are told apart by what
they change on the board. The score is the mover's share of the finished games
won; unfinished games are counted but not scored. Games from a Setup are
left out.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...rules import Side
from .counted_game import CountedGame, OpeningPlay

FIRST, REPLY = 0, 1


@dataclass(frozen=True, slots=True)
class PlayLine:
    """A play of a roll: how often it was made and how those games ended for its mover."""

    play: str
    games: int
    wins: int
    losses: int

    @property
    def unfinished(self) -> int:
        return self.games - self.wins - self.losses

    @property
    def score(self) -> float | None:
        """The mover's share of the finished games won (None if none finished)."""
        finished = self.wins + self.losses
        return self.wins / finished if finished else None


@dataclass(frozen=True, slots=True)
class RollLine:
    """A roll of the first turn (or of the reply) and the plays made with it, most made first."""

    roll: str
    games: int
    plays: tuple[PlayLine, ...]


@dataclass(frozen=True, slots=True)
class Openings:
    first: tuple[RollLine, ...]
    reply: tuple[RollLine, ...]


@dataclass(slots=True)
class _PlayTally:
    """A play of a roll as games go by: its text as first seen, and the games it was made in."""

    text: str
    games: int = 0
    wins: int = 0
    losses: int = 0

    def line(self) -> PlayLine:
        return PlayLine(self.text, self.games, self.wins, self.losses)


_Tree = dict[str, dict[object, _PlayTally]]


def _add(tree: _Tree, play: OpeningPlay, winner: Side | None) -> None:
    """Count ``play`` under its roll (by what it changed on the board), scored for its mover."""
    plays = tree.setdefault(play.roll, {})
    made = plays.get(play.key)
    if made is None:
        made = plays[play.key] = _PlayTally(play.text)
    made.games += 1
    made.wins += winner is play.side
    made.losses += winner is play.side.opponent


def _lines(tree: _Tree) -> tuple[RollLine, ...]:
    """The rolls, most played first (then by roll), and each one's plays."""
    lines = []
    for roll, plays in tree.items():
        play_lines = sorted(
            (made.line() for made in plays.values()), key=lambda line: (-line.games, line.play)
        )
        lines.append(RollLine(roll, sum(line.games for line in play_lines), tuple(play_lines)))
    return tuple(sorted(lines, key=lambda line: (-line.games, line.roll)))


class OpeningTally:
    """The opening tree counted as games go by: the first turn's plays and the reply's."""

    def __init__(self) -> None:
        self.trees: tuple[_Tree, _Tree] = ({}, {})

    def add(self, game: CountedGame) -> None:
        for ply, play in enumerate(game.opening):
            _add(self.trees[ply], play, game.facts.winner)

    def openings(self) -> Openings:
        return Openings(_lines(self.trees[FIRST]), _lines(self.trees[REPLY]))
