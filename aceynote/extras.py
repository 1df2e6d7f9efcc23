"""The command that installs an optional extra, in the form that fits this install.

From the package index a user types ``pip install 'aceynote[data]'``; from a
clone installed with ``pip install -e .`` that would fetch a second copy,
and ``pip install -e '.[data]'`` is what fits. pip records which it was in
the installed package's ``direct_url.json`` (PEP 610). The pip named is the
one of the Python aceynote runs in (``PYTHON -m pip``): a bare ``pip`` on the
PATH is often another Python's, as it is beside a virtual environment that
is not activated.
"""

from __future__ import annotations

import json
import os
import shlex
import sys
from urllib.parse import unquote, urlparse


def install_command(extra: str) -> str:
    """``PIP install 'aceynote[EXTRA]'``, or for a local folder (a clone) the command that
    names it: ``PIP install -e '.[EXTRA]'`` (``.`` when it is the current folder); PIP is
    :func:`pip`."""
    local = _local_install()
    if local is None:
        return f"{pip()} install 'aceynote[{extra}]'"
    folder, editable = local
    where = "." if os.path.abspath(os.getcwd()) == os.path.abspath(folder) else folder
    return f"{pip()} install {'-e ' if editable else ''}'{where}[{extra}]'"


def pip() -> str:
    """The command of this Python's pip."""
    return f"{shlex.quote(sys.executable)} -m pip" if sys.executable else "pip"


def _local_install() -> tuple[str, bool] | None:
    """The folder aceynote was installed from and whether in editable mode; None from an index."""
    try:
        recorded = json.loads(direct_url() or "null")
    except ValueError:
        return None
    if not isinstance(recorded, dict) or not isinstance(recorded.get("dir_info"), dict):
        return None
    url = urlparse(str(recorded.get("url", "")))
    if url.scheme != "file":
        return None
    return unquote(url.path), bool(recorded["dir_info"].get("editable"))


def direct_url() -> str | None:
    """The installed package's ``direct_url.json``, if pip wrote one.

    Every aceynote distribution found is asked: in a clone's folder the
    clone's own ``aceynote.egg-info`` is found first, and it has none.
    Imported here: importlib.metadata brings email, csv and zipfile, a tenth
    of a command's start-up, and only a missing extra's message needs it.
    """
    from importlib import metadata

    recorded = (
        found.read_text("direct_url.json") for found in metadata.distributions(name="aceynote")
    )
    return next(filter(None, recorded), None)
