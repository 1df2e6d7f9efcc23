"""The validator's diagnostics as the protocol's, at the token's range, with code and hint."""

from __future__ import annotations

from dataclasses import replace

from lsprotocol import types

from ..validation import Diagnostic, Severity
from .checking import Part
from .text import Text

SOURCE = "aceynote"
_SEVERITY = {
    Severity.ERROR: types.DiagnosticSeverity.Error,
    Severity.WARNING: types.DiagnosticSeverity.Warning,
}


def message_of(diagnostic: Diagnostic) -> str:
    """The message as ``aceynote validate`` prints it: the message, its hint, its note."""
    lines = [diagnostic.message]
    if diagnostic.hint:
        lines.append(f"hint: {diagnostic.hint}")
    follows = diagnostic.follows
    if follows is not None and follows != diagnostic.span:
        lines.append(f"note: this may follow from the error at {follows.line}:{follows.column}")
    return "\n".join(lines)


def _published(uri: str, text: Text, diagnostic: Diagnostic) -> types.Diagnostic:
    related = None
    if diagnostic.follows is not None and diagnostic.follows != diagnostic.span:
        location = types.Location(uri, text.range(diagnostic.follows))
        related = [types.DiagnosticRelatedInformation(location, "the error this may follow from")]
    return types.Diagnostic(
        range=text.range(diagnostic.span),
        message=message_of(diagnostic),
        severity=_SEVERITY[diagnostic.severity],
        code=diagnostic.code.code,
        source=SOURCE,
        related_information=related,
        data={"legal": list(diagnostic.legal)} if diagnostic.legal else None,
    )


def moved(diagnostic: Diagnostic, part: Part) -> Diagnostic:
    """A diagnostic of a piece with its spans in the document's lines."""
    follows = diagnostic.follows
    return replace(
        diagnostic,
        span=part.shifted(diagnostic.span),
        follows=None if follows is None else part.shifted(follows),
    )


def published(uri: str, text: Text, parts: list[Part]) -> list[types.Diagnostic]:
    """Every problem of the document, in the protocol's terms."""
    found: list[types.Diagnostic] = []
    for part in parts:
        found += (_published(uri, text, moved(diagnostic, part)) for diagnostic in part.diagnostics)
        if part.unread is not None:
            span, message = part.unread
            found.append(
                types.Diagnostic(
                    range=text.range(part.shifted(span)),
                    message=message,
                    severity=types.DiagnosticSeverity.Error,
                    source=SOURCE,
                )
            )
    return found
