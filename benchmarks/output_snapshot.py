"""Write what aceynote prints for a fixed set of inputs, to compare two revisions byte for byte.

Run: python benchmarks/output_snapshot.py OUTDIR [--aceynote PATH] [--analysis]

For every sample record and for 300 generated games (100 under each preset,
fixed seeds), it writes the standard output, standard error and exit status
of ``validate``, ``fmt``, ``convert --to json --positions`` and ``html`` into
OUTDIR. With ``--analysis``, the analysis's outputs instead, at 0-ply (the
engine is slow: the samples and 10 generated games a preset): ``analyze`` as
text, JSON, ``--summary`` (text and JSON), the record with its marks (``-o``) and
``html --analyze``. Run it on two revisions (each in its own checkout and
environment) and compare with ``diff -r OLD NEW``: a refactoring must leave
no difference.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PRESETS = ("standard", "bgammon", "navy")
GAMES_PER_PRESET = 100
GENERATED = ROOT / "benchmarks" / ".data" / "snapshot"
COMMANDS = {
    "validate": ["validate"],
    "fmt": ["fmt"],
    "json": ["convert", "--to", "json", "--positions"],
    "html": ["html", "--all"],
}
ANALYSIS_GAMES_PER_PRESET = 10
ANALYSIS = {
    "analyze": ["analyze", "--depth", "0"],
    "analyze-json": ["analyze", "--depth", "0", "--format", "json"],
    "summary": ["analyze", "--depth", "0", "--summary"],
    "summary-json": ["analyze", "--depth", "0", "--summary", "--format", "json"],
    "marked": ["analyze", "--depth", "0", "-o", "-"],
    "html-analysis": ["html", "--all", "--analyze", "--depth", "0", "-o", "-"],
}


def run(aceynote: str, arguments: list[str], out: Path) -> None:
    """Run from the checkout's root, with relative paths, so that messages name files alike."""
    done = subprocess.run([aceynote, *arguments], capture_output=True, check=False, cwd=ROOT)
    out.parent.joinpath(f"{out.name}.stdout").write_bytes(done.stdout)
    out.parent.joinpath(f"{out.name}.stderr").write_bytes(done.stderr)
    out.parent.joinpath(f"{out.name}.rc").write_text(f"{done.returncode}\n")


def inputs(aceynote: str, games: int) -> list[Path]:
    """The samples, and the generated corpora (made with this revision's generate)."""
    found = sorted(path.relative_to(ROOT) for path in (ROOT / "samples").glob("*.acey"))
    GENERATED.mkdir(parents=True, exist_ok=True)
    for preset in PRESETS:
        corpus = (GENERATED / f"generated-{preset}-{games}.acey").relative_to(ROOT)
        generate = ["generate", "--games", str(games), "--seed", "20"]
        subprocess.run(
            [aceynote, *generate, "--rules", preset, "-o", str(corpus)], check=True, cwd=ROOT
        )
        found.append(corpus)
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outdir", type=Path, help="where to write (an absolute path is safest)")
    parser.add_argument("--aceynote", default=str(Path(sys.executable).parent / "aceynote"))
    parser.add_argument("--analysis", action="store_true", help="the analysis's outputs, at 0-ply")
    args = parser.parse_args()
    args.outdir = args.outdir.resolve()
    args.outdir.mkdir(parents=True, exist_ok=True)
    games = ANALYSIS_GAMES_PER_PRESET if args.analysis else GAMES_PER_PRESET
    commands = ANALYSIS if args.analysis else COMMANDS
    for record in inputs(args.aceynote, games):
        for name, arguments in commands.items():
            extra = ["-o", "-"] if name == "html" else []
            run(
                args.aceynote,
                [*arguments, str(record), *extra],
                args.outdir / f"{record.stem}.{name}",
            )
    print(f"wrote {len(list(args.outdir.iterdir()))} files to {args.outdir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
