"""The open documents: their text as the client edits it, and their validation, debounced."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field

from lsprotocol import types

from .checking import Checker, Part
from .text import EVERYTHING, Text, Unchanged

DEBOUNCE = 0.15  # seconds of quiet after a change before the document is validated again

Change = types.TextDocumentContentChangeEvent


@dataclass(slots=True)
class Document:
    """One open document: its text and version, and its pieces as last validated."""

    source: str
    version: int
    checker: Checker = field(default_factory=Checker)
    parts: list[Part] = field(default_factory=list)
    checked_version: int | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    pending: asyncio.Task[None] | None = None
    unchanged: Unchanged = EVERYTHING  # what the edits since the last check kept of the text
    _text: Text | None = None

    def text(self, source: str, encoding: str | None) -> Text:
        """The :class:`Text` of this document's source (or of an earlier one), made once."""
        kept = self._text
        if kept is None or kept.source is not source or kept.encoding != encoding:
            kept = Text(source, encoding)
            if source is self.source:
                self._text = kept
        return kept

    def edit(self, change: Change, encoding: str | None) -> None:
        """Apply one change the client sent."""
        self._text, kept = self.text(self.source, encoding).edited(change)
        self.source = self._text.source
        self.unchanged = self.unchanged.merged(kept)

    async def checked(self) -> tuple[str, list[Part]]:
        """The text and its pieces, validated now unless they already are."""
        async with self.lock:
            if self.checked_version != self.version:
                source, version, unchanged = self.source, self.version, self.unchanged
                self.unchanged = Unchanged(len(source), len(source))  # edits to come merge in
                self.parts = await asyncio.to_thread(self.checker.check, source, unchanged)
                self.checked_version = version
                return source, self.parts
            return self.source, self.parts


Publish = Callable[[str, Document, str, list[Part]], None]


class Documents:
    """The open documents by URI, each validated after a pause in its changes."""

    def __init__(self, publish: Publish) -> None:
        self.open: dict[str, Document] = {}
        self.publish = publish

    def opened(self, uri: str, source: str, version: int) -> None:
        self.open[uri] = Document(source, version)
        self._schedule(uri, 0.0)

    def changed(self, uri: str, version: int, changes: list[Change], encoding: str | None) -> None:
        document = self.open.get(uri)
        if document is None:
            return
        for change in changes:
            document.edit(change, encoding)
        document.version = version
        self._schedule(uri, DEBOUNCE)

    def closed(self, uri: str) -> None:
        document = self.open.pop(uri, None)
        if document is not None and document.pending is not None:
            document.pending.cancel()

    def _schedule(self, uri: str, delay: float) -> None:
        document = self.open[uri]
        if document.pending is not None:
            document.pending.cancel()
        document.pending = asyncio.ensure_future(self._validate(uri, document, delay))

    async def _validate(self, uri: str, document: Document, delay: float) -> None:
        await asyncio.sleep(delay)
        document.pending = None  # from here on a change waits for this check: never cut short
        version = document.version
        source, parts = await document.checked()
        if self.open.get(uri) is document and document.version == version:
            self.publish(uri, document, source, parts)
