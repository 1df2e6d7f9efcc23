"""The validator: replays game models through the rules engine and reports problems.

:mod:`.frames` lays the results out, frame by frame, for the front ends.
"""

from .diagnostics import ALL_CODES, Code, Diagnostic, Severity
from .report import Report, SegmentReplay
from .validator import validate, validate_in_place

__all__ = [
    "ALL_CODES",
    "Code",
    "Diagnostic",
    "Report",
    "SegmentReplay",
    "Severity",
    "validate",
    "validate_in_place",
]
