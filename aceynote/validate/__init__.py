"""The validator: replays game models through the rules engine and reports problems."""

from .diagnostics import ALL_CODES, Code, Diagnostic, Severity
from .replay import Report, SegmentReplay, iter_reports, validate

__all__ = [
    "ALL_CODES",
    "Code",
    "Diagnostic",
    "Report",
    "SegmentReplay",
    "Severity",
    "iter_reports",
    "validate",
]
