"""``aceynote find`` on tags against python-chess's ``chess.pgn.read_headers``, on files of one size.

Run: pip install -e '.[bench]'   (python-chess, for this script only)
     python benchmarks/bench_find.py [--megabytes 8] [--rounds 5]

Makes (in a temporary folder) an acey record of random complete games and a
PGN file of random legal chess games of the same size in bytes (a few
hundred distinct games each, played as benchmarks/bench_vs_chess.py plays
them, repeated with another White to reach the size),
then, in this one process and alternately (python-chess, aceynote,
python-chess, ...), measures the CPU time of answering "the games whose
White holds 'alder'":

- python-chess: ``chess.pgn.read_headers`` over the whole file, which reads
  each game's headers and skips its movetext, and a test of the White header.
- aceynote: ``find``'s tag-only pass (``aceynote.corpus.find.acey_games``
  with ``--white alder``): the file in 256 kB pieces, each glanced at by a
  few regular expressions (``corpus.sections.glance``), no game parsed, and
  the games that match counted.

Prints each round (megabytes a CPU second of each, and aceynote's share of
python-chess's rate), then the median ratio: over 1 aceynote is faster.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bench_vs_chess import acey_games, chess_games  # the same random games, beside this script

NAMES = ["Ines Alder", "Tom Brandt", "Ana Costa", "Bo Dahl", "Eva Ekman"]


def write_to_size(path: Path, texts: list[str], size: int, white: str) -> int:
    """``texts`` over and over, each time with another White, until ``size`` bytes; games written."""
    written = games = 0
    with path.open("w", encoding="utf-8", newline="") as out:
        while written < size:
            text = texts[games % len(texts)]
            name = NAMES[games % len(NAMES)]
            text = text.replace(white, f'[White "{name}"]', 1)
            out.write(text)
            written += len(text.encode("utf-8"))
            games += 1
    return games


def chess_headers(path: Path) -> int:
    import chess.pgn

    found = 0
    with path.open(encoding="utf-8") as handle:
        while (headers := chess.pgn.read_headers(handle)) is not None:
            found += "alder" in headers.get("White", "").casefold()
    return found


def acey_tags(path: Path) -> int:
    from aceynote.corpus.filters import Query, TagHas, Term
    from aceynote.corpus.find import Search, acey_games

    search = Search(Query([[Term(TagHas(("White",), "alder"))]]))
    with path.open("rb") as handle:
        return sum(1 for _ in acey_games(handle, str(path), search))  # the games that match


def cpu_seconds(run: Callable[[Path], int], path: Path) -> tuple[float, int]:
    start = time.process_time()
    found = run(path)
    return time.process_time() - start, found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=float, default=8.0)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=200, help="distinct games of each kind")
    args = parser.parse_args()
    size = int(args.megabytes * 1_000_000)
    with tempfile.TemporaryDirectory() as folder:
        pgn, acey = Path(folder) / "games.pgn", Path(folder) / "games.acey"
        chess_count = write_to_size(pgn, list(chess_games(args.games, 1)), size, '[White "?"]')
        acey_count = write_to_size(
            acey, list(acey_games(args.games, 1)), size, '[White "Random White"]'
        )
        megabytes = {pgn: pgn.stat().st_size / 1e6, acey: acey.stat().st_size / 1e6}
        print(
            f"PGN {megabytes[pgn]:.1f} MB, {chess_count} games; acey {megabytes[acey]:.1f} MB, {acey_count} games"
        )
        ratios = []
        for round_number in range(1, args.rounds + 1):
            chess_time, chess_found = cpu_seconds(chess_headers, pgn)
            acey_time, acey_found = cpu_seconds(acey_tags, acey)
            chess_rate, acey_rate = megabytes[pgn] / chess_time, megabytes[acey] / acey_time
            ratios.append(acey_rate / chess_rate)
            print(
                f"round {round_number}: python-chess {chess_rate:6.1f} MB/s ({chess_found} found),"
                f" aceynote {acey_rate:6.1f} MB/s ({acey_found} found): ratio {ratios[-1]:.2f}"
            )
        print(f"median ratio (aceynote / python-chess): {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
