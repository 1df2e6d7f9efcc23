"""The figures of ``stats`` as JSON: one object whose keys docs/stats.md lists and keeps.

Every count is a number, every share and the p-value a float (rounded to 6
places: the digits past that say nothing of a corpus), and a figure that
does not exist (the mean length of no games, the score of a play with no
finished game) is null, never left out.
"""

from __future__ import annotations

from fractions import Fraction

from ..corpus.stats import Figures
from ..corpus.stats.dice import ACEY_DEUCEY_SHARE, DEGREES, DOUBLE_SHARE, DiceCounts
from ..corpus.stats.lengths import GameFigures
from ..corpus.stats.matches import Match
from ..corpus.stats.openings import RollLine
from ..corpus.stats.players import PlayerGroup, Record
from ..rules import ROLLS

VERSION = 1
_PLACES = 6


def _float(value: float | Fraction | None) -> float | None:
    return None if value is None else round(float(value), _PLACES)


def _share(part: int, whole: int) -> float | None:
    return _float(part / whole) if whole else None


def roll_name(roll: tuple[int, int]) -> str:
    """A roll as the notation writes it, the high die first: ``52``."""
    return f"{roll[0]}{roll[1]}"


def _record(record: Record) -> dict[str, int]:
    return {
        "games": record.games,
        "wins": record.wins,
        "losses": record.losses,
        "unfinished": record.unfinished,
        "points_for": record.points_for,
        "points_against": record.points_against,
    }


def _group(group: PlayerGroup) -> dict[str, object]:
    table = group.crosstable
    return {
        "event": group.event,
        "games": group.games,
        "players": [
            {
                "rank": line.rank,
                "name": line.name,
                **_record(line.record),
                "average_win": _float(line.average_win),
                "longest": line.longest,
            }
            for line in group.players
        ],
        "crosstable": [
            {"player": row, "opponent": column, **_record(table.cells[(row, column)])}
            for row in table.players
            for column in table.players
            if (row, column) in table.cells
        ],
    }


def _dice(counts: DiceCounts) -> dict[str, object]:
    return {
        "player": counts.player,
        "rolls": counts.rolls,
        "counts": {roll_name(roll): counts.count(roll) for roll in ROLLS},
        "expected": {roll_name(roll): _float(counts.expected(roll)) for roll in ROLLS},
        "doubles": counts.doubles,
        "doubles_share": _share(counts.doubles, counts.rolls),
        "doubles_expected_share": _float(DOUBLE_SHARE),
        "acey_deuceys": counts.acey_deuceys,
        "acey_deuceys_share": _share(counts.acey_deuceys, counts.rolls),
        "acey_deuceys_expected_share": _float(ACEY_DEUCEY_SHARE),
        "chi_square": _float(counts.chi_square),
        "degrees_of_freedom": DEGREES,
        "p_value": _float(counts.p_value),
        "enough_rolls": counts.enough,
    }


def _games(figures: GameFigures) -> dict[str, object]:
    lengths = figures.lengths
    return {
        "lengths": {
            "games": lengths.games,
            "mean": _float(lengths.mean),
            "median": _float(lengths.median),
            "shortest": lengths.shortest,
            "longest": lengths.longest,
            "bins": [{"low": b.low, "high": b.high, "games": b.games} for b in lengths.bins],
        },
        "margins": [
            {"points": m.points, "white": m.white, "black": m.black} for m in figures.margins
        ],
        "unfinished": figures.unfinished,
        "first_move": [
            {
                "side": move.side.title.lower(),
                "games": move.games,
                "wins": move.wins,
                "losses": move.losses,
                "unfinished": move.unfinished,
            }
            for move in figures.first_moves
        ],
    }


def _tree(rolls: tuple[RollLine, ...]) -> list[dict[str, object]]:
    return [
        {
            "roll": line.roll,
            "games": line.games,
            "plays": [
                {
                    "play": play.play,
                    "games": play.games,
                    "wins": play.wins,
                    "losses": play.losses,
                    "unfinished": play.unfinished,
                    "score": _float(play.score),
                }
                for play in line.plays
            ],
        }
        for line in rolls
    ]


def _match(match: Match) -> dict[str, object]:
    return {
        "name": match.name,
        "tagged": match.tagged,
        "length": match.length,
        "players": list(match.players),
        "score": list(match.score),
        "winner": match.winner,
        "games": [
            {
                "file": game.source,
                "game": game.number,
                "line": game.line,
                "white": game.white,
                "black": game.black,
                "result": game.result,
                "score": list(game.score),
                "stated_score": game.stated,
            }
            for game in match.games
        ],
    }


def figures_json(figures: Figures) -> dict[str, object]:
    """The figures as the JSON object that ``stats --format json`` prints."""
    return {
        "version": VERSION,
        "by": figures.by,
        "games": figures.games,
        "turns": figures.turns,
        "groups": [_group(group) for group in figures.groups],
        "dice": [_dice(counts) for counts in figures.dice],
        **_games(figures.game_figures),
        "openings": {
            "first": _tree(figures.openings.first),
            "reply": _tree(figures.openings.reply),
        },
        "matches": [_match(match) for match in figures.matches],
    }
