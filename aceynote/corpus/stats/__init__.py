"""The figures of ``aceynote stats`` over validated games (docs/stats.md).

Each figure is counted as the games go by (:func:`figures` reads them once,
from any iterable): counts, sums, small histograms and each player's record,
so that a game's :class:`CountedGame` is let go once it is counted and the
memory of ``stats`` does not grow with the number of games (only a match's
games are kept, a short line each, since each is printed). The text, the
JSON and the page (``aceynote.render.stats_*``) all show the one
:class:`Figures` that :func:`figures` returns.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ...notation.tags import GROUPINGS
from .counted_game import CountedGame, counted_game
from .dice import DiceCounts, DiceTally
from .lengths import GameFigures, GameTally
from .matches import Match, MatchTally
from .openings import Openings, OpeningTally
from .players import PlayerGroup, PlayerTally


@dataclass(frozen=True, slots=True)
class Figures:
    """Every figure of ``stats`` over some games; ``by`` is how the players are grouped."""

    by: str
    games: int
    turns: int
    groups: tuple[PlayerGroup, ...]
    dice: tuple[DiceCounts, ...]
    game_figures: GameFigures
    openings: Openings
    matches: tuple[Match, ...]


def figures(games: Iterable[CountedGame], by: str = "player") -> Figures:
    """The figures of ``games``, read once as they come; nothing of a game is kept but its counts."""
    if by not in GROUPINGS:
        raise ValueError(f"figures are grouped by {' or '.join(GROUPINGS)}, not {by!r}")
    count = turns = 0
    players, dice, lengths = PlayerTally(by), DiceTally(), GameTally()
    openings, matches = OpeningTally(), MatchTally()
    for game in games:
        count += 1
        turns += game.facts.turns
        players.add(game)
        dice.add(game)
        lengths.add(game)
        openings.add(game)
        matches.add(game)
    return Figures(
        by=by,
        games=count,
        turns=turns,
        groups=players.groups(),
        dice=dice.counts(),
        game_figures=lengths.figures(),
        openings=openings.openings(),
        matches=matches.matches(),
    )


__all__ = ["GROUPINGS", "CountedGame", "Figures", "counted_game", "figures"]
