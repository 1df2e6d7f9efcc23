"""The ``aceynote`` command: one entry point, a subcommand for each job.

Exit codes scripts can rely on: 0 success, 1 the input has problems (invalid
record, file would change under ``fmt --check``), 2 usage error or unreadable
input.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import __version__

EXIT_OK = 0
EXIT_PROBLEMS = 1
EXIT_USAGE = 2

DESCRIPTION = """\
Record, check, replay and share acey-deucey game records (.acey files).

Examples:
  aceynote --version
"""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="aceynote",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"aceynote {__version__}")
    parser.add_subparsers(dest="command", metavar="COMMAND")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return EXIT_USAGE
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
