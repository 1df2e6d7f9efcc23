"""The rooms of docs/ARCHITECTURE.md and their one-way arrows, checked on every import."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from conftest import ROOT

from aceynote.commands import COMMANDS

PACKAGE = ROOT / "aceynote"

# Each room and the rooms it may import from (docs/ARCHITECTURE.md, "The rooms and their arrows").
# terminal_text, workers and extras are leaves every room may use, but the rules and the
# engine (pure: only terminal_text's clipping of what a message quotes).
BASE = {"terminal_text", "workers", "extras"}
LEAVES = {"rules": {"terminal_text"}, "engine": {"terminal_text"}}
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
    "render": {"rules", "notation", "validation", "corpus", "analysis"},
    "files": {"rules", "notation", "validation", "formats"},
    "lsp": {"rules", "notation", "validation", "engine"},
    "tui": BELOW_FRONT_ENDS,
    "commands": BELOW_FRONT_ENDS | {"tui", "lsp"},
    "terminal_text": set(),
    "workers": set(),
    "extras": set(),
    # The package's own modules: its lazy API, and the command line's entry.
    "package": {"rules", "notation", "validation"},
    "cli": BELOW_FRONT_ENDS | {"commands", "package"},
}
TOP_LEVEL_ROOMS = {"__init__": "package", "__main__": "cli", "cli": "cli"}


def room_of(path: Path) -> str:
    parts = path.relative_to(PACKAGE).parts
    room = parts[0].removesuffix(".py")
    return TOP_LEVEL_ROOMS.get(room, room) if len(parts) == 1 else room


def _room_named(name: str) -> str:
    """The room of a name imported from the package: a module or folder of it, or else
    one of the package's own names (its version, its lazy API)."""
    if (PACKAGE / name).is_dir() or (PACKAGE / f"{name}.py").is_file():
        return TOP_LEVEL_ROOMS.get(name, name)
    return "package"


def imported_rooms(path: Path) -> set[tuple[str, int]]:
    """The aceynote rooms a module imports from (relative or absolute, at the top or inside a
    function), with the line."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package_parts = path.relative_to(PACKAGE).parent.parts
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = list(package_parts[: len(package_parts) - node.level + 1])
                target = [*base, *(node.module.split(".") if node.module else [])]
            elif node.module and node.module.split(".")[0] == "aceynote":
                target = node.module.split(".")[1:]
            else:
                continue
            # "from .. import a, b" (or "from aceynote import a, b"): each name is a room
            rooms = [target[0]] if target else [alias.name for alias in node.names]
            found.update((_room_named(room), node.lineno) for room in rooms)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] == "aceynote" and len(parts) > 1:
                    found.add((parts[1], node.lineno))
    return found


MODULES = sorted(PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_run_one_way(path: Path) -> None:
    room = room_of(path)
    assert room in ALLOWED, f"{room} is not a room of docs/ARCHITECTURE.md"
    for target, line in imported_rooms(path):
        if target == room:
            continue
        assert target in ALLOWED[room] | LEAVES.get(room, BASE), (
            f"{path.relative_to(PACKAGE)}:{line}: {room} may not import from {target}"
        )


def test_every_room_is_mapped() -> None:
    rooms = {room_of(path) for path in MODULES}
    assert rooms == set(ALLOWED)


def test_no_file_or_class_is_too_large() -> None:
    """docs/ARCHITECTURE.md: no file over 470 lines, no class over 310."""
    for path in PACKAGE.rglob("*.py"):
        lines = path.read_text(encoding="utf-8").count("\n")
        assert lines <= 470, f"{path.relative_to(PACKAGE)} has {lines} lines"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                size = (node.end_lineno or node.lineno) - node.lineno + 1
                assert size <= 310, (
                    f"{path.relative_to(PACKAGE)}: class {node.name} has {size} lines"
                )


def test_no_two_modules_share_a_file_name() -> None:
    """docs/ARCHITECTURE.md: a file name says which module it is, but for a command's module,
    named after its command, and the packages' own files."""
    command_modules = {command.module for command in COMMANDS.values()}
    seen: dict[str, list[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        if path.name in {"__init__.py", "__main__.py"}:
            continue
        if path.parent == PACKAGE / "commands" and path.stem in command_modules:
            continue
        seen.setdefault(path.name, []).append(path.relative_to(PACKAGE).as_posix())
    shared = {name: where for name, where in seen.items() if len(where) > 1}
    assert not shared, f"file names used twice: {shared}"


MAP = ROOT / "docs" / "ARCHITECTURE.md"
INDEX_HEADING = "## Every module"


def module_index() -> str:
    """The map's list of every module: its path and its docstring's first line."""
    lines = []
    for path in MODULES:
        docstring = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
        first = docstring.strip().split("\n")[0]
        lines.append(f"- `{path.relative_to(PACKAGE).as_posix()}`: {first}")
    return "\n".join(lines)


def test_every_module_is_on_the_map() -> None:
    """The map's index is the package's modules, each with its docstring's first line: run
    ``python tests/test_architecture.py`` to print it when a module comes or goes."""
    text = MAP.read_text(encoding="utf-8")
    section = text.split(INDEX_HEADING + "\n", 1)[1].split("\n## ", 1)[0]
    listed = "\n".join(line for line in section.splitlines() if line.startswith("- `"))
    assert listed == module_index()


def test_every_module_says_what_it_holds() -> None:
    missing = [
        str(path.relative_to(PACKAGE))
        for path in MODULES
        if not ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert not missing, f"modules with no docstring: {missing}"


def test_every_top_level_folder_is_on_the_map() -> None:
    text = MAP.read_text(encoding="utf-8")
    ignored = {"__pycache__", "build", "dist", "runs"}  # .gitignore's, and training's runs/
    folders = [
        entry.name
        for entry in ROOT.iterdir()
        if entry.is_dir()
        and (not entry.name.startswith(".") or entry.name == ".ci")
        and entry.name not in ignored
        and not entry.name.endswith(".egg-info")
    ]
    assert [name for name in folders if f"`{name}/`" not in text] == []


if __name__ == "__main__":
    print(module_index())


def test_the_commands_write_standard_error_through_one_function() -> None:
    """commands/base.py's say keeps a command going, and its exit status true, once standard
    error cannot be written (``2>&1 | head``); a message printed there directly would not."""
    printed = []
    for path in (PACKAGE / "commands").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and any(
                keyword.arg == "file" and ast.unparse(keyword.value) == "sys.stderr"
                for keyword in node.keywords
            ):
                printed.append(path.name)
    assert printed == ["base.py"]  # in say
