"""The figures of ``aceynote stats`` over validated games (docs/stats.md).

Each figure is a pure function of the :class:`CountedGame` list; the text,
the JSON and the page (``aceynote.render.stats_*``) all show the one
:class:`Figures` that :func:`figures` returns.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .dice import DiceCounts, dice_counts
from .games import CountedGame, counted_game
from .lengths import GameFigures, game_figures
from .matches import Match, matches
from .openings import Openings, openings
from .players import PlayerGroup, player_groups

GROUPINGS = ("player", "event")


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


def figures(games: Sequence[CountedGame], by: str = "player") -> Figures:
    if by not in GROUPINGS:
        raise ValueError(f"figures are grouped by {' or '.join(GROUPINGS)}, not {by!r}")
    return Figures(
        by=by,
        games=len(games),
        turns=sum(game.facts.turns for game in games),
        groups=player_groups(games, by),
        dice=dice_counts(games),
        game_figures=game_figures(games),
        openings=openings(games),
        matches=matches(games),
    )


__all__ = ["GROUPINGS", "CountedGame", "Figures", "counted_game", "figures"]
