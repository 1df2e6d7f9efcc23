"""``aceynote lsp``: the language server, for editors (the optional extra ``aceynote[lsp]``)."""

from __future__ import annotations

import argparse
import sys

from ..formats import MissingExtra
from .base import Commands, UsageError, add_command, whole_number

DESCRIPTION = """\
A language server for .acey records (the Language Server Protocol, on
standard input and output): diagnostics as you type, with the validator's
codes and legal plays, formatting as aceynote fmt writes, completion of
plays and tags, hover with the position, code actions, an outline, folding
and semantic tokens. Editors start it themselves; docs/editors.md shows how
for Neovim, VS Code, Helix and Emacs. Needs the extra: pip install 'aceynote[lsp]'.

examples:
  aceynote lsp                 serve the editor that started it (stdio)
  aceynote lsp --tcp 2087      serve one client on 127.0.0.1:2087
"""


def register(commands: Commands) -> None:
    parser = add_command(commands, "lsp", DESCRIPTION)
    parser.add_argument(
        "--tcp", type=port_number, metavar="PORT", help="listen on 127.0.0.1:PORT instead of stdio"
    )
    parser.set_defaults(run=run)


def port_number(text: str) -> int:
    """The ``type`` of ``--tcp``: a TCP port, 1 to 65535."""
    number = whole_number(text)
    if not 1 <= number <= 65535:
        raise argparse.ArgumentTypeError(f"{number} is no port: a port is 1 to 65535")
    return number


def run(args: argparse.Namespace) -> int:
    try:
        from ..lsp.server import CannotListen, serve
    except ModuleNotFoundError as error:
        if (error.name or "").split(".")[0] not in ("pygls", "lsprotocol", "cattrs"):
            raise
        raise UsageError(str(MissingExtra("pygls", "lsp"))) from error
    try:
        code = serve(args.tcp)
    except CannotListen as error:
        raise UsageError(str(error)) from None
    if args.tcp is None:
        sys.stdout = None  # pygls closed it as the client left
    return code
