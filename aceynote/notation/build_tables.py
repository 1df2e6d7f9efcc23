"""Write the grammar's LALR tables to ship in the package: ``python -m aceynote.notation.build_tables``.

Run it after changing grammars/aceynote.lark or the lark version the
release is built with; tests/test_notation_tables.py fails until then.
"""

from __future__ import annotations

import sys
from pathlib import Path

from .lalr_tables import TABLES_FILE, tables_key, write_shipped
from .parser import _Builder, _TokenList, grammar_text


def main() -> None:
    target = Path(__file__).resolve().parent.parent.parent / "grammars" / TABLES_FILE
    write_shipped(grammar_text(), _TokenList, _Builder(), str(target))
    print(f"wrote {target} for {tables_key(grammar_text())}", file=sys.stderr)


if __name__ == "__main__":
    main()
