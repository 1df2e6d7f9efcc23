"""Undo and redo of a recording: what each entry did, and the bigger steps of ``play``.

:class:`~.session.Recording` keeps its :class:`Action` objects (a segment
entered, or the end of a game by Termination set) to go back and forth one
at a time; :func:`take_back` and :func:`bring_back` go a move and the
replies after it; :func:`carry_history` keeps the history of a line left and
opened again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..notation import Game, Segment, Turn
from ..notation.writer import segment_label
from ..rules import Side, TurnState

if TYPE_CHECKING:
    from .session import Recording


@dataclass(frozen=True, slots=True)
class Ending:
    """The result token and the tags that say how a game ended."""

    result: str | None
    result_tag: str | None
    termination: str | None

    @classmethod
    def of(cls, game: Game) -> Ending:
        return cls(game.result, game.tag("Result"), game.tag("Termination"))

    def set_in(self, game: Game) -> None:
        """Make ``game`` end so: its result token, Result and Termination tags."""
        game.result = self.result
        for name, value in (("Result", self.result_tag), ("Termination", self.termination)):
            if value is None:
                game.tags[:] = [tag for tag in game.tags if tag.name != name]
            else:
                game.set_tag(name, value)


@dataclass(slots=True)
class Entered:
    """One segment entered: what to take away for undo and put back for redo.

    ``before`` and ``first_number`` are the recording's before the entry: where a game's
    first turn typed with its number said who moves first or how it is numbered (§7),
    undo takes that back too.
    """

    segment: Segment
    turn: Turn
    new_turn: bool
    before: TurnState
    after: TurnState
    ending_before: Ending
    ending_after: Ending
    first_number: int


@dataclass(slots=True)
class Ended:
    """A Termination set (or taken away): the endings before and after."""

    before: Ending
    after: Ending


Action = Entered | Ended


def take_back(recording: Recording, side: Side) -> list[Action]:
    """Undo up to and with the last segment ``side`` entered: that move and what came after.

    What was taken back, last first; nothing when ``side`` entered no
    segment here (a practice game's engine may have moved first). The end
    of a game by Termination, when it came last, is taken back alone.
    :func:`bring_back` brings it back.
    """
    done = recording.done
    ended_last = bool(done) and isinstance(done[-1], Ended)
    if not ended_last and not any(entered_by(action, side) for action in done):
        return []
    taken: list[Action] = []
    while not taken or not (ended_last or entered_by(taken[-1], side)):
        action = recording.undo()
        assert action is not None
        taken.append(action)
    return taken


def bring_back(recording: Recording, side: Side) -> list[Action]:
    """Redo what the last :func:`take_back` took: ``side``'s segment and the other side's after
    it, or the end of the game alone. What was brought back, first first; nothing when
    nothing was taken back."""
    brought: list[Action] = []
    action = recording.redo()
    while action is not None:
        brought.append(action)
        after = recording.undone[-1] if recording.undone else None
        replies = isinstance(action, Entered) and isinstance(after, Entered)
        action = recording.redo() if replies and not entered_by(after, side) else None
    return brought


def carry_history(left: Recording | None, recording: Recording) -> None:
    """Give ``recording`` the undo and redo history of ``left``, a recording of the same line
    left for a while (Esc, then r), when the line still ends where ``left`` left it."""
    if left is None or left.game is not recording.game or left.path != recording.path:
        return
    if left.turns is not recording.turns or left.state != recording.state:
        return
    last = left.done[-1] if left.done else None
    if isinstance(last, Entered) and last.segment is not recording.turns[-1].segments[-1]:
        return  # the line was changed in between, to the same position
    recording.done, recording.undone = left.done, left.undone


def entered_by(action: Action | None, side: Side) -> bool:
    return isinstance(action, Entered) and action.turn.side is side


def describe(action: Action) -> str:
    """What an undo or a redo was about, in a few words."""
    if isinstance(action, Entered):
        return segment_label(action.turn, action.segment)
    termination = action.after.termination or action.before.termination or "Termination"
    return f"the end of the game ({termination})"
