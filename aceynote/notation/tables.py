"""The grammar's LALR tables, built once instead of at every start.

Building the tables from grammars/aceynote.lark takes lark about 200 ms;
loading them takes 2. They are shipped in the package, made for the lark
version this release was built with (``python -m aceynote.notation.build_tables``
writes them, and a test checks that they belong to the grammar). With
another lark version, they are built once and kept in the user's own cache
folder, which is trusted only when it and the file belong to the user and
nobody else may write them.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import pickle
import stat
import tempfile
from importlib.resources import files
from pathlib import Path
from typing import Any

import lark
from lark import Lark, Transformer

TABLES_FILE = "aceynote.lark.tables"
_MAGIC = b"aceynote-lalr-tables "


def tables_key(grammar: str) -> str:
    """What the tables depend on: the grammar's text and lark's version."""
    digest = hashlib.sha256(grammar.encode("utf-8")).hexdigest()
    return f"{digest} lark-{lark.__version__}"


def load_parser(grammar: str, lexer: type[Any], transformer: Transformer[Any, Any]) -> Lark:
    """The LALR parser of ``grammar``: from the shipped or cached tables, else built (and cached)."""
    key = tables_key(grammar)
    for blob in (_shipped(), _cached(key)):
        parser = _from_blob(blob, key, transformer) if blob is not None else None
        if parser is not None:
            return parser
    parser = _build(grammar, lexer, transformer)
    _store_in_cache(key, _to_blob(parser, key))
    return parser


def _build(grammar: str, lexer: type[Any], transformer: Transformer[Any, Any]) -> Lark:
    return Lark(grammar, parser="lalr", lexer=lexer, transformer=transformer)


def _to_blob(parser: Lark, key: str) -> bytes:
    buffer = io.BytesIO()
    parser.save(buffer, exclude_options=("transformer",))
    return _MAGIC + key.encode("ascii") + b"\n" + buffer.getvalue()


def _from_blob(blob: bytes, key: str, transformer: Transformer[Any, Any]) -> Lark | None:
    header, _, body = blob.partition(b"\n")
    if header != _MAGIC + key.encode("ascii"):
        return None
    try:
        saved = pickle.loads(body)
        saved["data"]["options"]["transformer"] = transformer
        return Lark.load(saved)
    except Exception:  # tables that do not load are built again
        return None


def _shipped() -> bytes | None:
    with contextlib.suppress(OSError):
        return (files("aceynote.grammars") / TABLES_FILE).read_bytes()
    return None


def _cache_folder() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "aceynote"


def _trusted(path: Path) -> bool:
    """Only this user's own, not group- or world-writable, files and folders are read."""
    try:
        status = path.lstat()
    except OSError:
        return False
    mine = not hasattr(os, "getuid") or status.st_uid == os.getuid()
    return mine and not stat.S_ISLNK(status.st_mode) and not status.st_mode & 0o022


def _cache_file(key: str) -> Path:
    return _cache_folder() / f"tables-{hashlib.sha256(key.encode()).hexdigest()[:16]}.pickle"


def _cached(key: str) -> bytes | None:
    path = _cache_file(key)
    if not (_trusted(path.parent) and _trusted(path)):
        return None
    with contextlib.suppress(OSError):
        return path.read_bytes()
    return None


def _store_in_cache(key: str, blob: bytes) -> None:
    """Keep the tables for the next start; any problem only means building them again."""
    folder = _cache_folder()
    with contextlib.suppress(OSError):
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not _trusted(folder):
            return
        descriptor, temporary = tempfile.mkstemp(dir=folder, prefix=".tables-")
        try:
            with os.fdopen(descriptor, "wb") as out:
                out.write(blob)
            os.replace(temporary, _cache_file(key))
        except OSError:
            os.unlink(temporary)


def write_shipped(
    grammar: str, lexer: type[Any], transformer: Transformer[Any, Any], path: Path
) -> None:
    """Write the tables to ship next to the grammar (run at release time)."""
    path.write_bytes(_to_blob(_build(grammar, lexer, transformer), tables_key(grammar)))
