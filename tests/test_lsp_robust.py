"""``aceynote lsp`` under hostile input: text that is no record, places that do not exist,
a client that leaves mid-request; and the server on a TCP socket."""

from __future__ import annotations

import json
import socket
import struct
import subprocess
import sys
import time
from typing import Any

import pytest
from lsp_client import ILLEGAL, URI, at, client, document, opened
from lsprotocol import types
from pytest_lsp import LanguageClient

__all__ = ["client"]

SERVER = [sys.executable, "-m", "aceynote", "lsp"]


@pytest.mark.asyncio
@pytest.mark.parametrize(("before", "units"), [("", 8), ("\U0001f600 ", 11)])
async def test_text_that_is_not_utf8_is_a_diagnostic_at_its_character(
    client: LanguageClient, before: str, units: int
) -> None:
    # As aceynote validate reads the same file: the reading stops at that line, as at the
    # end of the document, so the game before it is judged (its illegal play found).
    white = f'[White "{before}\ud800"]\n'
    found = await opened(client, ILLEGAL + white + "1. 64: in/19 in/21\n*\n")
    assert [d.code for d in found] == ["AD304", None]
    assert found[1].range == types.Range(at(5, units), at(5, units + 1))  # in UTF-16 units
    assert found[1].message.startswith("the document is not UTF-8 text")


@pytest.mark.asyncio
async def test_a_line_past_the_limit_is_a_diagnostic(client: LanguageClient) -> None:
    found = await opened(client, ILLEGAL + "{" + "x" * (1 << 20) + "}\n")
    assert [d.code for d in found] == ["AD304", None]  # the game before the line is judged
    assert found[1].range.start == at(5, 0)
    assert "1 MiB" in found[1].message


@pytest.mark.asyncio
async def test_binary_content_gets_diagnostics_and_the_server_goes_on(
    client: LanguageClient,
) -> None:
    garbage = bytes(range(256)).decode("latin-1") * 64
    found = await opened(client, garbage)
    assert found and all(d.source == "aceynote" for d in found)
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(document())
    )
    assert symbols is not None


@pytest.mark.asyncio
async def test_places_and_documents_the_client_made_up(client: LanguageClient) -> None:
    await opened(client, ILLEGAL)
    far = at(10**6, 10**6)
    assert await client.text_document_hover_async(types.HoverParams(document(), far)) is None
    assert not await client.text_document_completion_async(types.CompletionParams(document(), far))
    other = types.TextDocumentIdentifier("file:///never/opened.acey")
    assert await client.text_document_hover_async(types.HoverParams(other, at(0, 0))) is None
    change = types.TextDocumentContentChangePartial(
        range=types.Range(at(40, 7), at(99, 0)), text="\n1-0"
    )
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(version=2, uri=URI), [change]
        )
    )
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(document())
    )
    assert symbols is not None and len(symbols) == 1


def _message(body: dict[str, object]) -> bytes:
    data = json.dumps(body).encode()
    return b"Content-Length: %d\r\n\r\n" % len(data) + data


def _initialize(number: int = 1) -> bytes:
    params = {"processId": None, "rootUri": None, "capabilities": {}}
    return _message({"jsonrpc": "2.0", "id": number, "method": "initialize", "params": params})


def test_a_client_that_leaves_mid_request_ends_the_server_quietly() -> None:
    big = ILLEGAL * 20_000
    opening = {"textDocument": {"uri": URI, "languageId": "acey", "version": 1, "text": big}}
    formatting = {"textDocument": {"uri": URI}, "options": {"tabSize": 4, "insertSpaces": True}}
    stream = b"".join(
        [
            _initialize(),
            _message({"jsonrpc": "2.0", "method": "initialized", "params": {}}),
            _message({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": opening}),
            _message(
                {
                    "jsonrpc": "2.0",
                    "id": 2,
                    "method": "textDocument/formatting",
                    "params": formatting,
                }
            ),
        ]
    )
    done = subprocess.run(SERVER, input=stream, capture_output=True, timeout=120)
    assert done.returncode == 0
    assert done.stderr == b""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _connected(port: int) -> socket.socket:
    deadline = time.monotonic() + 60
    while True:
        try:
            return socket.create_connection(("127.0.0.1", port))
        except ConnectionRefusedError:
            assert time.monotonic() < deadline, "the server never listened"
            time.sleep(0.1)


EXIT = _message({"jsonrpc": "2.0", "method": "exit", "params": None})
RESET = struct.pack("ii", 1, 0)  # SO_LINGER on, 0 s: closing resets the connection


@pytest.mark.parametrize(("leaving", "code"), [("close", 0), ("reset", 0), ("exit", 1)])
def test_tcp_ends_quietly_when_its_client_leaves(leaving: str, code: int) -> None:
    # Its one client closes or resets the connection, or sends exit (without shutdown: code
    # 1). pygls's TCP server listened on for ever after a reset, and wrote asyncio's traceback
    # of the reset and of exit's SystemExit.
    port = _free_port()
    server = subprocess.Popen([*SERVER, "--tcp", str(port)], stderr=subprocess.PIPE)
    try:
        with _connected(port) as connection:
            connection.sendall(_initialize())
            assert connection.recv(65536).startswith(b"Content-Length: ")
            if leaving == "reset":
                connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, RESET)
            connection.sendall(EXIT if leaving == "exit" else b"")
        assert server.wait(timeout=60) == code
        assert server.stderr is not None and server.stderr.read() == b""
    finally:
        server.kill()
        server.wait(timeout=30)


def test_tcp_serves_on_localhost() -> None:
    port = _free_port()
    server = subprocess.Popen([*SERVER, "--tcp", str(port)], stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                connection = socket.create_connection(("127.0.0.1", port))
                break
            except ConnectionRefusedError:
                assert time.monotonic() < deadline, "the server never listened"
                time.sleep(0.1)
        with connection:
            connection.sendall(_initialize())
            reply = b""
            while b"capabilities" not in reply or not reply.rstrip().endswith(b"}"):
                reply += connection.recv(65536)
        body = json.loads(reply.split(b"\r\n\r\n", 1)[1])
        assert body["id"] == 1
        assert body["result"]["capabilities"]["hoverProvider"]
    finally:
        server.terminate()
        server.wait(timeout=30)


def _bodies(stream: bytes) -> list[dict[str, Any]]:
    """Every message the server writes for a stream of messages, in order."""
    done = subprocess.run(SERVER, input=stream, capture_output=True, timeout=120)
    bodies, rest = [], done.stdout
    while rest:
        header, rest = rest.split(b"\r\n\r\n", 1)
        length = int(header.split(b"Content-Length: ")[1].split(b"\r\n")[0])
        bodies.append(json.loads(rest[:length]))
        rest = rest[length:]
    return bodies


def _replies(stream: bytes) -> dict[int, dict[str, Any]]:
    """The server's answers to a stream of messages, by request id."""
    return {body["id"]: body for body in _bodies(stream) if "id" in body}


def _hover(number: int, line: int) -> bytes:
    params = {"textDocument": {"uri": URI}, "position": {"line": line, "character": 0}}
    return _message(
        {"jsonrpc": "2.0", "id": number, "method": "textDocument/hover", "params": params}
    )


def test_every_request_is_answered_even_one_the_protocol_does_not_allow() -> None:
    # pygls answered none of these, and a client waits for an answer forever.
    shutdown = _message({"jsonrpc": "2.0", "id": 5, "method": "shutdown", "params": None})
    replies = _replies(
        _hover(1, 0) + _initialize(2) + _hover(3, -1) + _hover(4, 0) + shutdown + _hover(6, 0)
    )
    assert replies[1]["error"] == {"code": -32002, "message": "aceynote: not initialized"}
    assert "capabilities" in replies[2]["result"]  # type: ignore[operator]
    assert replies[3]["error"]["code"] == -32602  # type: ignore[index]
    assert replies[4]["result"] is None  # a document never opened: no hover, no error
    assert replies[5]["result"] is None
    assert replies[6]["error"] == {"code": -32600, "message": "aceynote: the server is shut down"}


@pytest.mark.parametrize(("shutdown", "code"), [(True, 0), (False, 1)])
def test_exit_without_shutdown_ends_the_server_with_code_1(shutdown: bool, code: int) -> None:
    # The protocol: "exit with success code 0 if the shutdown request has been received
    # before; otherwise with error code 1".
    asked = _message({"jsonrpc": "2.0", "id": 2, "method": "shutdown", "params": None})
    leaving = _message({"jsonrpc": "2.0", "method": "exit", "params": None})
    stream = _initialize() + (asked if shutdown else b"") + leaving
    done = subprocess.run(SERVER, input=stream, capture_output=True, timeout=120)
    assert (done.returncode, done.stderr) == (code, b"")


def test_an_edit_the_server_cannot_read_closes_the_document_and_says_so() -> None:
    # A notification has no answer: pygls dropped a didChange it could not read, and from
    # then on checked a copy that was no longer the editor's.
    opening = {"textDocument": {"uri": URI, "languageId": "acey", "version": 1, "text": ILLEGAL}}
    bad = {"start": {"line": -1, "character": 0}, "end": {"line": 0, "character": 0}}
    change = {
        "textDocument": {"uri": URI, "version": 2},
        "contentChanges": [{"range": bad, "text": ""}],
    }
    notes = [
        ("initialized", {}),
        ("textDocument/didOpen", opening),
        ("textDocument/didChange", change),
    ]
    stream = _initialize() + b"".join(
        _message({"jsonrpc": "2.0", "method": method, "params": params}) for method, params in notes
    )
    bodies = _bodies(stream + _hover(2, 0))
    shown = [b["params"] for b in bodies if b.get("method") == "window/showMessage"]
    assert len(shown) == 1 and shown[0]["type"] == 1  # an error
    assert "close it and open it again" in shown[0]["message"] and URI in shown[0]["message"]
    published = [
        b["params"] for b in bodies if b.get("method") == "textDocument/publishDiagnostics"
    ]
    assert published and published[-1] == {"uri": URI, "diagnostics": []}
    assert next(b for b in bodies if b.get("id") == 2)["result"] is None  # no longer open


@pytest.mark.parametrize("port", ["99999", "0", "-1"])
def test_tcp_refuses_a_number_that_is_no_port(port: str) -> None:
    # --tcp 99999 ended in asyncio's OverflowError and its traceback, exit 1.
    refused = subprocess.run([*SERVER, "--tcp", port], capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2
    assert f"argument --tcp: {int(port)} is no port: a port is 1 to 65535" in refused.stderr
    assert "Traceback" not in refused.stderr


def test_tcp_says_when_its_port_is_taken() -> None:
    # A port already listened on ended in asyncio's OSError and its traceback, exit 1.
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        refused = subprocess.run(
            [*SERVER, "--tcp", str(port)], capture_output=True, text=True, timeout=60
        )
    assert refused.returncode == 2
    assert f"cannot listen on 127.0.0.1:{port}: Address already in use" in refused.stderr
    assert "Traceback" not in refused.stderr
