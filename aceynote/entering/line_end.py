"""Where a line of play ends: the turn flow there, from the validator's replay, and the result.

These need the validator's :class:`~aceynote.validation.Report`, so they
stand here rather than with the tree edits of :mod:`aceynote.notation.lines`.
"""

from __future__ import annotations

from ..notation import Game, Turn
from ..notation.lines import Path, line_turns
from ..notation.tags import ending_reason
from ..rules import Play, Position, TurnState
from ..terminal_text import counted, pronoun
from ..validation import Diagnostic, Report
from ..validation import diagnostics as codes


class RecordingError(ValueError):
    """A game (or a place in it) that entries cannot be added to, with the reason."""


_OWED = (codes.MISSING_DOUBLE, codes.MISSING_EXTRA)


def owed_at_end(report: Report, turns: list[Turn]) -> list[Diagnostic]:
    """What a line's last turn still owes, as the validator says: its chosen double or its
    extra roll (AD401, AD404), found missing where the line's last segment ends.

    The next entry brings it: it does not keep the line from being entered on,
    as a double missing before the next turn does.
    """
    if not turns:
        return []
    end = turns[-1].segments[-1].span
    return [
        diagnostic
        for diagnostic in report.diagnostics
        if diagnostic.code in _OWED
        and (diagnostic.span.line, diagnostic.span.column) == (end.end_line, end.end_column)
    ]


def errors_refusal(game: Game, report: Report, path: Path) -> str | None:
    """Why entries cannot go on at the end of line ``path``: the game's errors to correct
    first (all but what the line's last turn owes); None when there are none."""
    errors = report.errors - len(owed_at_end(report, line_turns(game, path)))
    if not errors:
        return None
    return (
        f"this game has {counted(errors, 'error')}: correct {pronoun(errors)} before adding to it"
    )


def state_at_end(report: Report, turns: list[Turn], start: Position) -> TurnState:
    """Where a line's last turn stands, from the validator's replay, by the turn flow's rules.

    ``start`` is the position before the line's first turn (used when it has none).
    """
    rules = report.rules
    if not turns:
        return TurnState.begin(start, rules)
    last = turns[-1]
    first = report.replay_of(last.segments[0])
    if first is None:
        raise RecordingError("the end of this line was not replayed")
    state = TurnState.begin(first.before, rules)
    for segment in last.segments:
        replay = report.replay_of(segment)
        if replay is None:
            raise RecordingError("the end of this line was not replayed")
        mover_view = replay.after.with_turn(replay.before.turn)
        state = state.played(
            segment.kind, segment.high, segment.low, Play(replay.steps, mover_view)
        )
    if state.over and state.position.winner is None:
        return TurnState.begin(state.next_turn(), rules)
    return state


def line_of(game: Game, report: Report, path: Path) -> tuple[list[Turn], Position, int]:
    """A line's turns, the position before its first turn, and that turn's number."""
    turns = line_turns(game, path)
    assert report.start is not None
    if not path:
        return turns, report.start, 1
    replaced = line_turns(game, path[:-2])[path[-2]]
    replay = report.replay_of(replaced.segments[0])
    if replay is None:
        raise RecordingError("the turn this variation replaces was not replayed")
    return turns, replay.before, replaced.number


def settle_result(game: Game, report: Report) -> None:
    """After the main line changed: the rules' result when it ends in a win, else ``*``.

    A game ended by a Termination tag keeps the result it was given.
    """
    won = report.outcome
    if won is not None:
        result = won.token
    elif ending_reason(game.tag("Termination")) is not None:
        return
    else:
        result = "*"
    game.result = result
    if game.tag("Result") is not None:
        game.set_tag("Result", result)
