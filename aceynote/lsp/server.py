"""The server: what it offers at initialisation, and each request handed to its module.

pygls left some requests without an answer, and a client waits for one
forever: a request whose params do not fit the protocol (a negative line),
a request before ``initialize`` or after ``shutdown``. :class:`AceyProtocol`
answers each with the protocol's error (JSON-RPC's "invalid params", the
protocol's ``ServerNotInitialized``, "invalid request"), and keeps whether
``exit`` came without ``shutdown``, for the exit code.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from collections.abc import Awaitable, Callable, Iterator
from contextlib import suppress
from dataclasses import dataclass
from functools import wraps
from importlib.metadata import version
from typing import Any, ParamSpec, TypeVar

from lsprotocol import types
from pygls.exceptions import (
    JsonRpcException,
    JsonRpcInternalError,
    JsonRpcInvalidParams,
    JsonRpcInvalidRequest,
    JsonRpcServerNotInitialized,
)
from pygls.io_ import run_async
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.json_rpc import MsgId, RPCMessage, RPCNotification, RPCRequest
from pygls.protocol.language_server import lsp_method

from .actions import code_actions
from .checking import Part
from .completion import complete
from .documents import Document, Documents
from .formatting import format_document, format_range
from .hover import hover
from .outline import document_symbols, folding_ranges
from .published import published
from .text import Text
from .tokens import LEGEND, semantic_tokens

P = ParamSpec("P")
R = TypeVar("R")


@dataclass(frozen=True, slots=True)
class Refused:
    """A request answered with an error before any handler sees it."""

    id: MsgId
    error: JsonRpcException


@dataclass(frozen=True, slots=True)
class Unread:
    """A notification whose params do not fit the protocol, and the document it names."""

    method: str
    uri: str | None


def _refused_params(data: dict[str, Any]) -> Refused:
    message = f"aceynote: the params of {data['method']} do not fit the protocol"
    return Refused(data["id"], JsonRpcInvalidParams(message))


def _unread(data: dict[str, Any]) -> Unread:
    params = data.get("params")
    document = params.get("textDocument") if isinstance(params, dict) else None
    uri = document.get("uri") if isinstance(document, dict) else None
    return Unread(data["method"], uri if isinstance(uri, str) else None)


class AceyProtocol(LanguageServerProtocol):
    """pygls's protocol, answering every request and keeping no copy of the open documents.

    The server keeps them, with the protocol's line ends (pygls splits lines
    as Python does, at form feeds and U+2028 too), so a large document is
    held once, not split into a list of lines at every edit.
    """

    started = False  # whether ``initialize`` came
    exit_code = 0  # 1 once ``exit`` comes with no ``shutdown`` before it, as the protocol says

    def structure_message(self, data: dict[str, Any]) -> Any:
        """The message as pygls reads it; a request it cannot read is :class:`Refused`."""
        try:
            return super().structure_message(data)
        except JsonRpcInvalidParams:
            if not isinstance(data.get("method"), str):
                raise
            return _refused_params(data) if "id" in data else _unread(data)

    def handle_message(self, message: RPCMessage | Refused | Unread) -> None:
        if isinstance(message, Refused):
            self._refuse(message)
        elif isinstance(message, Unread):
            self._lost(message)
        elif (refused := self._refusal(message)) is not None:
            self._refuse(refused)
        elif isinstance(message, RPCNotification) and message.method == types.EXIT:
            self.exit_code = 0 if self._shutdown else 1
            super().handle_message(message)
        elif self.started or not isinstance(message, RPCNotification):
            super().handle_message(message)  # a notification before initialize is dropped

    def _refuse(self, refused: Refused) -> None:
        self._send_response(refused.id, error=refused.error.to_response_error())

    def _lost(self, unread: Unread) -> None:
        """A notification the server cannot read has no answer; if it changed a document,
        the server's copy may no longer be the editor's: the document is closed here (its
        diagnostics cleared) and the user told, rather than checked wrongly from then on."""
        if not self.started or unread.uri is None:
            return
        for handler, arguments, _ in self._handled(
            types.TEXT_DOCUMENT_DID_CLOSE,
            types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(unread.uri)),
        ):
            handler(*arguments)
        said = (
            f"aceynote could not read a {unread.method} of {unread.uri} (its params do not fit"
            " the protocol), so it no longer checks that document: close it and open it again."
        )
        self.notify(
            types.WINDOW_SHOW_MESSAGE, types.ShowMessageParams(types.MessageType.Error, said)
        )

    def _refusal(self, message: RPCMessage) -> Refused | None:
        """The error that answers a request the protocol does not let the server handle now."""
        if not isinstance(message, RPCRequest):
            return None
        if message.method == types.INITIALIZE:
            self.started = True
        elif not self.started:
            return Refused(message.id, JsonRpcServerNotInitialized("aceynote: not initialized"))
        elif self._shutdown:
            return Refused(message.id, JsonRpcInvalidRequest("aceynote: the server is shut down"))
        return None

    def _handled(self, method: str, params: object) -> Iterator[tuple[Any, tuple[object], None]]:
        handler = self.fm.features.get(method)
        if handler is not None:
            yield handler, (params,), None

    @lsp_method(types.TEXT_DOCUMENT_DID_OPEN)
    def lsp_text_document__did_open(self, params: types.DidOpenTextDocumentParams) -> Iterator[Any]:
        yield from self._handled(types.TEXT_DOCUMENT_DID_OPEN, params)

    @lsp_method(types.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(
        self, params: types.DidChangeTextDocumentParams
    ) -> Iterator[Any]:
        yield from self._handled(types.TEXT_DOCUMENT_DID_CHANGE, params)

    @lsp_method(types.TEXT_DOCUMENT_DID_CLOSE)
    def lsp_text_document__did_close(
        self, params: types.DidCloseTextDocumentParams
    ) -> Iterator[Any]:
        yield from self._handled(types.TEXT_DOCUMENT_DID_CLOSE, params)


class AceyServer(LanguageServer):
    """pygls's server with the open documents of the notation."""

    def __init__(self) -> None:
        super().__init__("aceynote", version("aceynote"), protocol_cls=AceyProtocol)
        self.documents = Documents(self.publish)

    @property
    def exit_code(self) -> int:
        protocol = self.protocol
        return protocol.exit_code if isinstance(protocol, AceyProtocol) else 0

    @property
    def encoding(self) -> str | None:
        return self.workspace.position_encoding

    def publish(self, uri: str, document: Document, source: str, parts: list[Part]) -> None:
        found = published(uri, document.text(source, self.encoding), parts)
        params = types.PublishDiagnosticsParams(uri, found, document.version)
        self.text_document_publish_diagnostics(params)

    async def current(self, uri: str) -> tuple[Text, list[Part]] | None:
        """An open document's text and pieces, validated as it stands now."""
        document = self.documents.open.get(uri)
        if document is None:
            return None
        source, parts = await document.checked()
        return document.text(source, self.encoding), parts

    def report_server_error(self, error: Exception, source: Any) -> None:
        """Nothing more than the request's own error: no pop-up, no traceback in the log."""


def guarded(handler: Callable[P, Awaitable[R]]) -> Callable[P, Awaitable[R]]:
    """A handler whose failure is a protocol error with one line of message, never a traceback."""

    @wraps(handler)
    async def answer(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return await handler(*args, **kwargs)
        except Exception as error:
            raise JsonRpcInternalError(f"aceynote: {type(error).__name__}: {error}") from None

    return answer


def build() -> AceyServer:
    server = AceyServer()

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(params: types.DidOpenTextDocumentParams) -> None:
        document = params.text_document
        server.documents.opened(document.uri, document.text, document.version)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(params: types.DidChangeTextDocumentParams) -> None:
        document = params.text_document
        changes = list(params.content_changes)
        server.documents.changed(document.uri, document.version, changes, server.encoding)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(params: types.DidCloseTextDocumentParams) -> None:
        server.documents.closed(params.text_document.uri)
        server.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(params.text_document.uri, [])
        )

    _requests(server)
    return server


def _requests(server: AceyServer) -> None:
    """The requests that read a document: each answered by its module, on the text as it stands."""

    @server.feature(types.TEXT_DOCUMENT_FORMATTING)
    @guarded
    async def formatting(params: types.DocumentFormattingParams) -> list[types.TextEdit] | None:
        found = await server.current(params.text_document.uri)
        return None if found is None else format_document(*found)

    @server.feature(types.TEXT_DOCUMENT_RANGE_FORMATTING)
    @guarded
    async def range_formatting(
        params: types.DocumentRangeFormattingParams,
    ) -> list[types.TextEdit] | None:
        found = await server.current(params.text_document.uri)
        return None if found is None else format_range(*found, params.range)

    @server.feature(
        types.TEXT_DOCUMENT_COMPLETION,
        types.CompletionOptions(trigger_characters=[" ", "[", '"', ":"]),
    )
    @guarded
    async def completion(params: types.CompletionParams) -> list[types.CompletionItem] | None:
        found = await server.current(params.text_document.uri)
        return None if found is None else complete(*found, params.position)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    @guarded
    async def hovering(params: types.HoverParams) -> types.Hover | None:
        found = await server.current(params.text_document.uri)
        return None if found is None else hover(*found, params.position)

    @server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]),
    )
    @guarded
    async def actions(params: types.CodeActionParams) -> list[types.CodeAction] | None:
        uri = params.text_document.uri
        found = await server.current(uri)
        return None if found is None else code_actions(uri, *found, params)

    _outline(server)


def _outline(server: AceyServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    @guarded
    async def symbols(params: types.DocumentSymbolParams) -> list[types.DocumentSymbol] | None:
        found = await server.current(params.text_document.uri)
        return None if found is None else document_symbols(*found)

    @server.feature(types.TEXT_DOCUMENT_FOLDING_RANGE)
    @guarded
    async def folding(params: types.FoldingRangeParams) -> list[types.FoldingRange] | None:
        found = await server.current(params.text_document.uri)
        return None if found is None else folding_ranges(*found)

    @server.feature(types.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL, LEGEND)
    @guarded
    async def tokens(params: types.SemanticTokensParams) -> types.SemanticTokens | None:
        found = await server.current(params.text_document.uri)
        return None if found is None else semantic_tokens(*found)


class CannotListen(Exception):
    """The port given to :func:`serve` cannot be listened on; the message says why."""


def serve(port: int | None = None) -> int:
    """Answer one client on standard input and output, or on 127.0.0.1:``port``.

    The exit code: 1 when the client sent ``exit`` without ``shutdown`` first, else 0.
    Raises :class:`CannotListen` when the port cannot be listened on.
    """
    pygls_log = logging.getLogger("pygls")
    pygls_log.addHandler(logging.NullHandler())
    pygls_log.propagate = False
    server = build()
    if port is None:
        server.start_io()
    else:
        asyncio.run(_one_client(server, port))
    return server.exit_code


async def _one_client(server: AceyServer, port: int) -> None:
    """Answer the first client on 127.0.0.1:``port`` until it leaves, however it leaves.

    (pygls's own TCP server went on listening once its client had left, and
    wrote a traceback when the client sent ``exit`` or reset the connection.)
    Another client while the first is served is turned away.
    """
    left: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if server.protocol.writer is None:
            server.protocol.set_writer(writer)
            await _until_gone(server, reader)
            if not left.done():
                left.set_result(None)
        writer.close()

    try:
        listening = await asyncio.start_server(answer, "127.0.0.1", port)
    except OSError as error:  # the port is taken, or not this user's to take
        why = os.strerror(error.errno) if error.errno else str(error)  # asyncio's words repeat ours
        raise CannotListen(f"--tcp {port}: cannot listen on 127.0.0.1:{port}: {why}") from error
    async with listening:
        await left


async def _until_gone(server: AceyServer, reader: asyncio.StreamReader) -> None:
    """Read the client's messages until it sends ``exit``, closes or resets the connection."""
    with suppress(ConnectionError, SystemExit):  # pygls's exit ends with sys.exit
        await run_async(threading.Event(), reader, server.protocol)
