"""The built wheel works on its own: the grammar ships inside the package."""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import lark
from conftest import ROOT

# Built from a copy, so that setuptools' build/ and egg-info neither land in the work tree
# nor leak stale files into the wheel.
NOT_SOURCES = shutil.ignore_patterns(
    ".git",
    ".venv",
    "build",
    "dist",
    "*.egg-info",
    "__pycache__",
    ".*_cache",
    ".hypothesis",
    ".data",
)

SCRIPT = """
import sys
import aceynote
from aceynote.notation import grammar_text, parse_game, write_game
assert "site-packages" in aceynote.__file__, aceynote.__file__
assert "start" in grammar_text()
game = parse_game('[Event "wheel"]\\n\\n1. 52: 13/8 13/11  64: in/19 in/21*\\n9-0\\n')
assert game.problems == [], game.problems
assert len(game.turns) == 2 and game.result == "9-0", game
sys.stdout.write(write_game(game))
"""


def package_files() -> set[str]:
    """Every file of aceynote/ (and grammars/, as aceynote/grammars/) that a wheel must hold.

    Every folder of the package is there: a subpackage left out of the build
    would work in an editable install and be missing from the wheel.
    """
    found = {
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "aceynote").rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }
    grammars = (ROOT / "grammars").glob("*")
    return found | {f"aceynote/grammars/{path.name}" for path in grammars if path.is_file()}


def run(command: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=300)


def test_wheel_installs_and_reads_a_record(tmp_path: Path) -> None:
    source, wheels, venv, elsewhere, deps = (
        tmp_path / name for name in ("source", "wheels", "venv", "elsewhere", "deps")
    )
    shutil.copytree(ROOT, source, ignore=NOT_SOURCES, symlinks=True)
    elsewhere.mkdir()
    deps.mkdir()

    built = run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(wheels),
            str(source),
        ],
        tmp_path,
    )
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    (wheel,) = wheels.glob("aceynote-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        missing = package_files() - set(archive.namelist())
    assert not missing, sorted(missing)
    assert {"aceynote/formats/__init__.py", "aceynote/render/page.js"} <= package_files()

    made = run(
        [sys.executable, "-m", "venv", "--system-site-packages", "--without-pip", str(venv)],
        tmp_path,
    )
    assert made.returncode == 0, made.stderr
    python = venv / "bin" / "python"
    installed = run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "--no-deps",
            "--no-index",
            "-q",
            str(wheel),
        ],
        tmp_path,
    )
    assert installed.returncode == 0, installed.stdout[-3000:] + installed.stderr[-3000:]

    # The runtime dependency, without the network: lark alone from this interpreter (not
    # the whole site-packages, which may hold an editable aceynote pointing at the source tree).
    (deps / "lark").symlink_to(Path(lark.__file__).parent, target_is_directory=True)
    site = run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], elsewhere
    )
    Path(site.stdout.strip(), "_test_deps.pth").write_text(f"{deps}\n", encoding="utf-8")
    assert Path(sysconfig.get_paths()["purelib"]) != Path(site.stdout.strip())

    done = run([str(python), "-I", "-c", SCRIPT], elsewhere)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout == '[Event "wheel"]\n\n1. 52: 13/8 13/11  64: in/19 in/21*\n9-0\n'
