"""The cutter past a comment's limit: where the reader reads nothing more of a game, pieces are
cut anyway (skipped pieces), and they still read as the whole file reads (issue 37).

A ``{`` left open with no line after it that looks like a tag swallowed the
rest of the file into one piece for ``find``, ``validate --jobs`` and the
language server. The reader stops reading a comment past ``MAX_COMMENT``
characters, and the game with it, up to the next tag line it reads: the
cutter counts the comment as the lexer does and cuts there too.
"""

from __future__ import annotations

import io
import re
import subprocess
import sys
import tracemalloc
from pathlib import Path
from unittest import mock

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from aceynote.corpus import find, sections
from aceynote.corpus.filters import Query
from aceynote.notation import cutter, read_games
from aceynote.notation.cutter import Piece, pieces
from aceynote.notation.limits import MAX_COMMENT
from aceynote.notation.source import BLOCK_BYTES
from aceynote.validation.pipeline import check_game, check_piece

OPEN_EARLY = b'[E "x"]\n1. 52: in/20 in/23 {\n'
RUNS_ON = b"a comment that runs on, and on\n"


def open_early(megabytes: float) -> bytes:
    """A record whose second line leaves a comment open to the end of the file."""
    return OPEN_EARLY + RUNS_ON * int(megabytes * 1_000_000 / len(RUNS_ON))


def test_a_comment_left_open_early_is_cut_into_pieces_of_the_piece_s_size() -> None:
    """Before, the rest of the file after the ``{`` was one piece (2.2 GB for 50 MB in find)."""
    data = open_early(3)
    cut = list(pieces(io.BytesIO(data), "f.acey", 1 << 18))
    assert len(cut) > 10 and max(len(piece.data) for piece in cut) < (1 << 18) + len(RUNS_ON)
    assert b"".join(piece.data for piece in cut) == data
    assert not cut[0].skipped and all(piece.skipped for piece in cut[1:])
    assert [piece.first_line for piece in cut[1:]] == [
        1 + cut[0].data.count(b"\n") + sum(p.data.count(b"\n") for p in cut[1:n])
        for n in range(1, len(cut))
    ]


def test_counting_the_games_of_such_a_file_holds_about_a_piece() -> None:
    data = open_early(6)
    search = find.Search(Query(), texts=False)
    tracemalloc.start()
    try:
        found = list(find.acey_games(io.BytesIO(data), "f.acey", search))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert [one.line for one in found] == [1]
    assert peak < 4_000_000  # the file is 6 MB: files of 1 to 8 MB all peak at 2.9-3.2 MB


def test_a_game_ends_where_the_reader_reads_again_and_the_next_is_read() -> None:
    """The skipped pieces end at the next tag line the reader reads: a tag line out of the
    comment (here after a ``}``), or in it one that looks like a tag."""
    closed = b"} still the comment's game\n[Broken\n1. 52: in/20 in/23 *\n"
    looks = b'[F "y"]\n1. 52: in/20 in/23 *\n'
    for end in (closed, looks):
        data = open_early(0.5) + b"[not a tag\n" + RUNS_ON * 1000 + end
        assert_pieces_read_as_the_whole(data, 1 << 14)


def games_of(data: bytes) -> list[tuple[int, list[str], int]]:
    """Each game's first line, problems and tokens, as the reader reads the whole file."""
    return [
        (game.span.line, [problem.message for problem in game.problems], len(game.tags))
        for game in read_games(io.BytesIO(data))
    ]


def assert_pieces_read_as_the_whole(data: bytes, size: int) -> None:
    """``validate --jobs`` and ``find`` on pieces of ``size`` say what they say of the whole."""
    cut = list(pieces(io.BytesIO(data), "f.acey", size))
    checks = [check for piece in cut for check in check_piece((piece, None, False)).checks]
    assert checks == [check_game(game, None, False) for game in read_games(io.BytesIO(data))]
    whole = sections.read(sections.piece_text(Piece("f.acey", 1, data)), parse=False)
    with mock.patch.object(find, "PIECE_BYTES", size):
        found = list(find.acey_games(io.BytesIO(data), "f.acey", find.Search(Query())))
    assert [(one.line, one.tags, one.result, one.text) for one in found] == [
        (game.line, game.tags, game.result, game.text) for game in whole
    ]


LONG = "c" * (MAX_COMMENT + 1)
# Games around a comment past its limit: left open to the end, closed later, on lines that
# look like a tag or not, opened on a tag line (not counted: the tag's value may hold it).
BITS = [
    '[Event "e"]\n1. 52: in/20 in/23 {\n' + LONG + "\nmore\n",
    '[Event "e"]\n1. 52: in/20 in/23 {\n' + LONG + "\nmore } 2. 31: 20/17\n*\n",
    '[Event "e"]\n{\n' + LONG + "\n",
    "1. 52: in/20 {a\n" + LONG + "\n",
    '[Site "a {b"]\n' + LONG + "\n",
    '[Event "x"] {open\n' + LONG + "\n",
    "[not a tag\n",
    '[Round "2"]\n',
    "1. 52: in/20 in/23 *\n",
    "}\n",
    "{ left open\n",
    "\n",
]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(BITS), max_size=8), st.sampled_from([200, 5000, 1 << 18]))
def test_pieces_past_a_comment_s_limit_read_as_the_whole_file(bits: list[str], size: int) -> None:
    assert_pieces_read_as_the_whole("".join(bits).encode(), size)


NO_TAGS = b"1. 52: in/20 in/23 *\n"


def test_a_piece_past_its_limit_with_no_cut_ends_the_pieces_with_an_error_at_its_line() -> None:
    """Movetext without tags is one game for the reader, and had no cut: one piece, 121 MB for
    find on 10 MB. Past ``MAX_PIECE_BYTES`` the pieces stop, with an error at the next line."""
    data = NO_TAGS * 2000
    with mock.patch.object(cutter, "MAX_PIECE_BYTES", 10_000):
        cut = list(pieces(io.BytesIO(data), "f.acey", 1000, block=4096))
    assert len(cut) == 1 and 10_000 < len(cut[0].data) <= 10_000 + 4096 < len(data)
    line = cut[0].data.count(b"\n") + 1
    assert cut[0].failure is not None and line < 2000
    assert cut[0].failure.startswith(f"f.acey:{line}: a game runs on past ")


def test_find_and_validate_jobs_stop_there_with_the_error_and_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "f.acey"
    lines = cutter.MAX_PIECE_BYTES // len(NO_TAGS)
    path.write_bytes(NO_TAGS * (lines + 10_000))
    for words in (["find", "--count"], ["validate", "--jobs", "2", "--quiet"]):
        done = subprocess.run(
            [sys.executable, "-m", "aceynote", *words, str(path)], capture_output=True, text=True
        )
        assert done.returncode == 2, done.stderr
        place = re.search(r"f\.acey:(\d+): a game runs on past 8 MiB here", done.stderr)
        assert place is not None, done.stderr
        assert lines < int(place.group(1)) <= lines + 2 * BLOCK_BYTES // len(NO_TAGS)
