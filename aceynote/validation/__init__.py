"""The validator: replays game models through the rules engine and reports problems."""

from .diagnostics import ALL_CODES, Code, Diagnostic, Severity
from .report import Report, SegmentReplay
from .validator import validate

__all__ = [
    "ALL_CODES",
    "Code",
    "Diagnostic",
    "Report",
    "SegmentReplay",
    "Severity",
    "validate",
]
