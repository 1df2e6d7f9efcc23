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

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .games import CountedGame, OpeningPlay

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


def _tree(played: Iterable[tuple[OpeningPlay, CountedGame]]) -> tuple[RollLine, ...]:
    """The rolls, most played first (then by roll), and each one's plays."""
    rolls: dict[str, dict[object, list[tuple[OpeningPlay, CountedGame]]]] = {}
    for play, game in played:
        rolls.setdefault(play.roll, {}).setdefault(play.key, []).append((play, game))
    lines = []
    for roll, plays in rolls.items():
        play_lines = sorted(
            (_play_line(made) for made in plays.values()), key=lambda line: (-line.games, line.play)
        )
        lines.append(RollLine(roll, sum(line.games for line in play_lines), tuple(play_lines)))
    return tuple(sorted(lines, key=lambda line: (-line.games, line.roll)))


def _play_line(made: list[tuple[OpeningPlay, CountedGame]]) -> PlayLine:
    """A play made in some games, by White in some and Black in others: scored for each mover."""
    first, _ = made[0]
    wins = sum(1 for play, game in made if game.facts.winner is play.side)
    losses = sum(1 for play, game in made if game.facts.winner is play.side.opponent)
    return PlayLine(first.text, len(made), wins, losses)


def openings(games: Sequence[CountedGame]) -> Openings:
    def at(ply: int) -> Iterable[tuple[OpeningPlay, CountedGame]]:
        return ((game.opening[ply], game) for game in games if len(game.opening) > ply)

    return Openings(_tree(at(FIRST)), _tree(at(REPLY)))
