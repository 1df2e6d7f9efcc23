"""An analysis as one typed record: each decision judged, each player's figures (docs/engine.md).

A game's analysis is made once, by :mod:`.judge`, as the frozen records
below, and every front end renders them: the text report and the JSON
(:mod:`.output`), the decisions table (:mod:`.rows`), the marks written into
a record (:mod:`.annotate`), a player's figures over many games
(:mod:`.totals`), the practice review, the app and the game page. Worker
processes and a Dask cluster hand them back as they are (they pickle).

Equities, win chances and luck are rounded to 4 places as they are made (the
precision of the JSON form), so every front end shows the same figures; a
player's figures are summed from the unrounded values, then rounded. The
best plays are the engine API's own :class:`~aceynote.engine.api.RankedPlay`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.api import RankedPlay
from ..notation.model import Mark
from ..notation.writer import named_double_text, roll_text
from ..rules import SegmentKind, Side
from .reasons import Reason

RATING_SCALE = 1000
"""The performance rating's unit: thousandths of a game (docs/engine.md, "The rating")."""


def candidate_text(candidate: RankedPlay) -> str:
    """One of the best plays as the record writes it: ``=66: 24/18(4)`` for a chosen double."""
    return named_double_text(candidate.double, candidate.play)


@dataclass(frozen=True, slots=True)
class AnalysedDecision:
    """One decision of the main line, judged: what was played, the best plays, the verdict.

    ``ply`` counts the main line's segments from 1; ``number`` is the turn's
    number as written (``12.``, ``12...``). ``equity`` is the written play's,
    ``loss`` how much less than the best's; ``best`` the best plays (at most
    three), best first. ``luck`` is what the roll was worth to the mover
    against an average roll (None for a chosen double, which is chosen, not
    rolled); ``white_win_after`` White's chance after the decision (the graph
    of a game); ``phase`` the game's phase
    (:func:`~aceynote.engine.decisions.phase_of`); ``reason`` why the play is
    worse than the best (for a marked play, or any with ``--explain all``).
    """

    ply: int
    turn: int
    number: str
    side: Side
    kind: SegmentKind
    dice: tuple[int, int]
    played: str
    equity: float
    loss: float
    mark: Mark | None
    forced: bool
    luck: float | None
    white_win_after: float
    phase: str
    best: tuple[RankedPlay, ...]
    reason: Reason | None = None

    @property
    def roll(self) -> str:
        """The dice as the JSON writes them: ``"64"``."""
        high, low = self.dice
        return f"{high}{low}"

    @property
    def roll_written(self) -> str:
        """The roll as the record writes it before the colon: ``64``, ``=66``, ``+53``."""
        return roll_text(self.kind, *self.dice)

    @property
    def best_text(self) -> str:
        """The best play as the record writes it (:func:`candidate_text`)."""
        return candidate_text(self.best[0])


def _no_marks() -> dict[Mark, int]:
    return dict.fromkeys(Mark, 0)


@dataclass(frozen=True, slots=True)
class PlayerFigures:
    """One player's figures over one game or, added up, over many.

    ``error_total`` is the equity lost on unforced decisions, in the rules'
    points; ``error_games`` the same in games (each game's divided by what the
    marks count as a game under its rules, :func:`.marks.game_value`), which
    the rating counts. ``error_rate`` is the equity lost per unforced decision
    (gnubg's error rate), from the unrounded loss of a game's decisions, and
    from the error totals when figures are added; it and the rating are None
    where no decision was unforced (0 would read as faultless play).
    ``finished`` counts the games with a result; ``result`` and
    ``luck_adjusted`` (the result less the player's luck plus the opponent's)
    are summed over those.
    """

    games: int = 0
    decisions: int = 0
    unforced: int = 0
    error_total: float = 0.0
    error_rate: float | None = None
    error_games: float = 0.0
    marks: dict[Mark, int] = field(default_factory=_no_marks)
    luck: float = 0.0
    finished: int = 0
    result: int = 0
    luck_adjusted: float = 0.0

    @property
    def rating(self) -> float | None:
        """The mean equity lost per unforced decision, in thousandths of a game."""
        return RATING_SCALE * self.error_games / self.unforced if self.unforced else None

    @property
    def luck_per_game(self) -> float:
        return self.luck / self.games if self.games else 0.0

    def __add__(self, other: PlayerFigures) -> PlayerFigures:
        unforced = self.unforced + other.unforced
        error_total = self.error_total + other.error_total
        return PlayerFigures(
            games=self.games + other.games,
            decisions=self.decisions + other.decisions,
            unforced=unforced,
            error_total=error_total,
            error_rate=error_total / unforced if unforced else None,
            error_games=self.error_games + other.error_games,
            marks={mark: self.marks[mark] + other.marks[mark] for mark in Mark},
            luck=self.luck + other.luck,
            finished=self.finished + other.finished,
            result=self.result + other.result,
            luck_adjusted=self.luck_adjusted + other.luck_adjusted,
        )


@dataclass(frozen=True, slots=True)
class Stopped:
    """Where the analysis of a game stopped: its first error (a syntax error, an illegal play,
    an error in a turn's flow, or a wrong Rules or Setup tag). ``at_start``: the error is in
    the tags the game starts from (its Rules or Setup), so none of it is analysed."""

    line: int
    column: int
    code: str
    message: str
    at_start: bool = False


@dataclass(frozen=True, slots=True)
class GameAnalysis:
    """A game's analysis: its decisions in playing order and each side's figures.

    ``number`` counts the games analysed from 1; ``white``, ``black`` and
    ``event`` are the game's tags (None without), ``rules`` its Rules tag
    value, ``thresholds`` the equity lost from which a play is marked ``?!``,
    ``?``, ``??``. ``record``: where the game was read, its record's name and its
    number there, when the games analysed come from several records (the command
    that read them sets it). A game whose Rules or Setup tag is wrong is not analysed
    (:attr:`analysed` False): no decision, no figures (its players' are all 0, with no
    result, and :mod:`.totals` counts it nowhere), ``rules`` its Rules tag as written.
    """

    number: int
    white: str | None
    black: str | None
    event: str | None
    rules: str
    depth: int
    thresholds: dict[Mark, float]
    stopped: Stopped | None
    decisions: tuple[AnalysedDecision, ...]
    players: dict[Side, PlayerFigures]
    record: tuple[str, int] | None = None

    @property
    def analysed(self) -> bool:
        """Whether any of the game is analysed: not when the tags it starts from are wrong."""
        return self.stopped is None or not self.stopped.at_start

    @property
    def marked(self) -> list[AnalysedDecision]:
        return [decision for decision in self.decisions if decision.mark is not None]

    def name(self, side: Side) -> str | None:
        """The side's player as the game's tag names it (None without the tag)."""
        return self.white if side is Side.WHITE else self.black
