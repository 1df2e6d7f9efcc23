"""The rooms of docs/ARCHITECTURE.md and their one-way arrows, checked on every import."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from conftest import ROOT

PACKAGE = ROOT / "aceynote"

# Each room and the rooms it may import from (docs/ARCHITECTURE.md, "The rooms and their arrows").
# terminal_text and extras are leaves every room may use.
BASE = {"terminal_text", "extras"}
BELOW_FRONT_ENDS = {
    "rules",
    "notation",
    "validation",
    "entering",
    "engine",
    "analysis",
    "corpus",
    "formats",
    "render",
    "files",
}
ALLOWED: dict[str, set[str]] = {
    "rules": set(),
    "notation": {"rules"},
    "validation": {"rules", "notation"},
    "entering": {"rules", "notation", "validation"},
    "engine": {"rules"},
    "analysis": {"rules", "notation", "validation", "engine"},
    "corpus": {"rules", "notation", "validation"},
    "formats": {"rules", "notation", "validation", "corpus"},
    "render": {"rules", "notation", "validation", "corpus"},
    "files": {"rules", "notation", "validation", "formats"},
    "tui": BELOW_FRONT_ENDS,
    "commands": BELOW_FRONT_ENDS | {"tui"},
    "terminal_text": set(),
    "extras": set(),
}


def room_of(path: Path) -> str:
    parts = path.relative_to(PACKAGE).parts
    return parts[0].removesuffix(".py")


def imported_rooms(path: Path) -> set[tuple[str, int]]:
    """The aceynote rooms a module imports from (relative or absolute), with the line."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package_parts = path.relative_to(PACKAGE).parent.parts
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = list(package_parts[: len(package_parts) - node.level + 1])
                target = [*base, *(node.module.split(".") if node.module else [])]
                if not target:  # "from .. import x" at the top: x is the room
                    target = [node.names[0].name]
            elif node.module and node.module.split(".")[0] == "aceynote":
                target = node.module.split(".")[1:] or [node.names[0].name]
            else:
                continue
            found.add((target[0], node.lineno))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] == "aceynote" and len(parts) > 1:
                    found.add((parts[1], node.lineno))
    return found


MODULES = sorted(
    path
    for path in PACKAGE.rglob("*.py")
    if len(path.relative_to(PACKAGE).parts) > 1 or path.name in ("terminal_text.py", "extras.py")
)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_run_one_way(path: Path) -> None:
    room = room_of(path)
    assert room in ALLOWED, f"{room} is not a room of docs/ARCHITECTURE.md"
    for target, line in imported_rooms(path):
        if target == room:
            continue
        assert target in ALLOWED[room] | BASE, (
            f"{path.relative_to(PACKAGE)}:{line}: {room} may not import from {target}"
        )


def test_every_room_is_mapped() -> None:
    rooms = {room_of(path) for path in MODULES}
    assert rooms == set(ALLOWED)


def test_no_file_or_class_is_too_large() -> None:
    """docs/ARCHITECTURE.md: files under about 450 lines, classes under about 300."""
    for path in PACKAGE.rglob("*.py"):
        lines = path.read_text(encoding="utf-8").count("\n")
        assert lines <= 470, f"{path.relative_to(PACKAGE)} has {lines} lines"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                size = (node.end_lineno or node.lineno) - node.lineno + 1
                assert size <= 310, (
                    f"{path.relative_to(PACKAGE)}: class {node.name} has {size} lines"
                )
