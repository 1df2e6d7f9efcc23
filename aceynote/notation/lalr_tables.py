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
import pkgutil
import stat
import tempfile
from typing import Any

import lark
from lark import Lark, Transformer

TABLES_FILE = "aceynote.lark.tables"
_MAGIC = b"aceynote-lalr-tables "


def package_data(name: str) -> bytes:
    """A file shipped in aceynote.grammars (``grammars/`` in the source tree).

    Read with pkgutil rather than importlib.resources, whose import costs a
    one-game ``aceynote validate`` about 5% of its time.
    """
    data = pkgutil.get_data("aceynote.grammars", name)
    if data is None:
        raise OSError(f"aceynote.grammars has no {name}")
    return data


def tables_key(grammar: str) -> str:
    """What the tables depend on: the grammar's text and lark's version."""
    digest = hashlib.sha256(grammar.encode("utf-8")).hexdigest()
    return f"{digest} lark-{lark.__version__}"


def load_parser(grammar: str, lexer: type[Any], transformer: Transformer[Any, Any]) -> Lark:
    """The LALR parser of ``grammar``: from the shipped or cached tables, else built (and cached)."""
    key = tables_key(grammar)
    parser = _from_blob(_shipped(), key, transformer)
    if parser is None:  # only then is the cache looked at
        parser = _from_blob(_cached(key), key, transformer)
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


def _from_blob(blob: bytes | None, key: str, transformer: Transformer[Any, Any]) -> Lark | None:
    if blob is None:
        return None
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
        return package_data(TABLES_FILE)
    return None


def _cache_folder() -> str:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "aceynote")


def _trusted(path: str) -> bool:
    """Only this user's own, not group- or world-writable, files and folders are read."""
    try:
        status = os.lstat(path)
    except OSError:
        return False
    mine = not hasattr(os, "getuid") or status.st_uid == os.getuid()
    return mine and not stat.S_ISLNK(status.st_mode) and not status.st_mode & 0o022


def _cache_file(key: str) -> str:
    name = f"tables-{hashlib.sha256(key.encode()).hexdigest()[:16]}.pickle"
    return os.path.join(_cache_folder(), name)


def _cached(key: str) -> bytes | None:
    path = _cache_file(key)
    if not (_trusted(os.path.dirname(path)) and _trusted(path)):
        return None
    with contextlib.suppress(OSError), open(path, "rb") as cached:
        return cached.read()
    return None


def _store_in_cache(key: str, blob: bytes) -> None:
    """Keep the tables for the next start; any problem only means building them again."""
    folder = _cache_folder()
    with contextlib.suppress(OSError):
        os.makedirs(folder, mode=0o700, exist_ok=True)
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
    grammar: str, lexer: type[Any], transformer: Transformer[Any, Any], path: str
) -> None:
    """Write the tables to ship next to the grammar (run at release time)."""
    with open(path, "wb") as out:
        out.write(_to_blob(_build(grammar, lexer, transformer), tables_key(grammar)))
