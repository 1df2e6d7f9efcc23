"""What one validated game amounts to, for finding, counting and tabulating games.

One home for the facts that ``find``, ``stats`` and the Parquet tables all
ask of a game: its result as written, who won and by how much, its length,
whether a 1-2 was played, the passes and hits, the validator's errors, and
who moved first, counted along the main line as replayed. Everything here is
read from the validator's :class:`~aceynote.validation.Report`; nothing is
replayed again. A result token's points are the notation's
(:func:`~aceynote.notation.tags.result_points`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..notation.tags import points_winner, result_points
from ..rules import SegmentKind, Side, is_acey_deucey
from ..validation.report import Report


@dataclass(frozen=True, slots=True)
class GameFacts:
    """The facts of one game, as the corpus tools count them.

    ``points`` is White's and Black's points from the result token (None for
    ``*`` or no token); ``winner`` is the side with points. ``hits`` and
    ``passes`` count per side along the main line; a pass is a segment
    whose play is ``--``. ``first_mover`` is the side of the main line's
    first turn (None for a game without turns).
    """

    turns: int
    result: str
    points: tuple[int, int] | None
    acey_deucey: bool
    hits: dict[Side, int]
    passes: dict[Side, int]
    errors: int
    first_mover: Side | None = None

    @property
    def winner(self) -> Side | None:
        return points_winner(self.points)

    @property
    def outcome(self) -> str:
        """``white``, ``black`` or ``unfinished`` (a ``*`` result or none)."""
        winner = self.winner
        return "unfinished" if winner is None else ("white" if winner is Side.WHITE else "black")


def game_facts(report: Report) -> GameFacts:
    """The facts of a validated game."""
    result = report.game.result_text
    hits = dict.fromkeys(Side, 0)
    passes = dict.fromkeys(Side, 0)
    acey_deucey = False
    line = report.main_line()
    for replay in line:
        side = replay.turn.side
        segment = replay.segment
        hits[side] += sum(1 for step in replay.steps if step.hit)
        if not segment.moves:
            passes[side] += 1
        elif segment.kind is SegmentKind.ROLL and is_acey_deucey(*segment.dice):
            acey_deucey = True
    return GameFacts(
        turns=report.turns,
        result=result,
        points=result_points(result),
        acey_deucey=acey_deucey,
        hits=hits,
        passes=passes,
        errors=report.errors,
        first_mover=line[0].turn.side if line else None,
    )
