"""Entering a game segment by segment, each entry checked by the validator before it is kept.

The model behind the record screen (and ``aceynote record``), with no screen
in it: :class:`Recording` goes on from the end of one line of play.
"""

from .entry_line import EntryProblem, TypedRoll, entries_in, to_type
from .history import bring_back, carry_history, describe, take_back
from .line_end import RecordingError, errors_refusal, settle_result
from .session import Recording

__all__ = [
    "EntryProblem",
    "Recording",
    "RecordingError",
    "TypedRoll",
    "bring_back",
    "carry_history",
    "describe",
    "entries_in",
    "errors_refusal",
    "settle_result",
    "take_back",
    "to_type",
]
