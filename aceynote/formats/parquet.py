"""Parquet (a folder of ``games.parquet`` and ``segments.parquet``) for data tools (docs/data.md);
and the decisions table of an analysis (``decisions.parquet``).

Written as the games are read, a row group at a time, so that a corpus of
any size is converted in the same memory: the rows of :data:`ROW_GROUP_GAMES`
games are held, never the corpus. Needs pyarrow (``pip install 'aceynote[data]'``).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Any

from ..corpus.tables import Row, game_row, segment_rows
from ..terminal_text import counted, pronoun
from ..validation import validate_in_place
from .format import Entry, MissingExtra, Output

try:
    import pyarrow as pa
    import pyarrow.parquet as pq
except ImportError as error:  # the optional extra is not installed
    raise MissingExtra("pyarrow", "data") from error

ROW_GROUP_GAMES = 1000
"""Games a row group holds (in both files: a segments row group holds those games' segments)."""

GAMES_FILE = "games.parquet"
SEGMENTS_FILE = "segments.parquet"

_SIDE = pa.string()
GAMES = pa.schema(
    [
        ("game_id", pa.int64()),
        ("file", pa.string()),
        ("game", pa.int32()),
        ("event", pa.string()),
        ("site", pa.string()),
        ("date", pa.date32()),
        ("year", pa.int16()),
        ("round", pa.string()),
        ("white", pa.string()),
        ("black", pa.string()),
        ("result_tag", pa.string()),
        ("rules", pa.string()),
        ("opening", pa.string()),
        ("setup", pa.string()),
        ("termination", pa.string()),
        ("annotator", pa.string()),
        ("utc_time", pa.time32("ms")),  # Parquet has no time in whole seconds
        ("match_length", pa.int32()),
        ("match_score_white", pa.int32()),
        ("match_score_black", pa.int32()),
        ("tags", pa.map_(pa.string(), pa.string())),
        ("result", pa.string()),
        ("outcome", pa.string()),
        ("winner", _SIDE),
        ("points_white", pa.int32()),
        ("points_black", pa.int32()),
        ("first_mover", _SIDE),
        ("turns", pa.int32()),
        ("acey_deucey", pa.bool_()),
        ("hits_white", pa.int32()),
        ("hits_black", pa.int32()),
        ("passes_white", pa.int32()),
        ("passes_black", pa.int32()),
        ("errors", pa.int32()),
        ("warnings", pa.int32()),
        ("movetext", pa.string()),
    ]
)
SEGMENTS = pa.schema(
    [
        ("game_id", pa.int64()),
        ("ply", pa.int32()),
        ("turn", pa.int32()),
        ("side", _SIDE),
        ("kind", pa.string()),
        ("die_high", pa.int8()),
        ("die_low", pa.int8()),
        ("play", pa.string()),
        ("hits", pa.int8()),
        ("position_before", pa.string()),
        ("position_after", pa.string()),
        ("pips_white_before", pa.int16()),
        ("pips_black_before", pa.int16()),
        ("pips_white_after", pa.int16()),
        ("pips_black_after", pa.int16()),
        ("legal", pa.bool_()),
        ("codes", pa.list_(pa.string())),
    ]
)


DECISIONS_FILE = "decisions.parquet"


def _facts(prefix: str) -> list[tuple[str, Any]]:
    """The columns of one play's facts (aceynote.analysis.leaves.PlayFacts.as_dict)."""
    counts = ["blots", "shots", "opponent_wins", "prime", "prime_holds", "hits", "pool"]
    counts += ["opponent_bar", "opponent_pool"]
    columns = [(prefix + name, pa.int8()) for name in counts]
    columns += [(prefix + name, pa.list_(pa.int8())) for name in ("made", "given_up")]
    columns += [(prefix + name, pa.int16()) for name in ("pips", "race")]
    columns += [(prefix + name, pa.int8()) for name in ("borne_off", "off")]
    columns += [(prefix + "wins", pa.bool_()), (prefix + "contact", pa.bool_())]
    columns += [(prefix + "outside", pa.int8()), (prefix + "gaps", pa.list_(pa.int8()))]
    columns += [(prefix + "taken_deep", pa.int8()), (prefix + "stranded", pa.list_(pa.int8()))]
    return columns + [(prefix + name, pa.int8()) for name in ARRANGED_COUNTS]


ARRANGED_COUNTS = ("newly_stranded", "piled", "builder_points")


DECISIONS = pa.schema(
    [
        ("game_id", pa.int64()),
        ("ply", pa.int32()),
        ("turn", pa.int32()),
        ("side", _SIDE),
        ("kind", pa.string()),
        ("roll", pa.string()),
        ("played", pa.string()),
        ("best", pa.string()),
        ("equity", pa.float64()),
        ("loss", pa.float64()),
        ("mark", pa.string()),
        ("forced", pa.bool_()),
        ("luck", pa.float64()),
        ("phase", pa.string()),
        ("reason", pa.string()),
        *_facts(""),
        *_facts("best_"),
    ]
)
"""The decisions table that ``aceynote analyze --format parquet`` writes (its rows:
aceynote.analysis.rows)."""


def write_decisions(folder: str, games: Iterable[list[Row]]) -> None:
    """``decisions.parquet`` in ``folder``: each game's rows, a row group a thousand games."""
    with pq.ParquetWriter(os.path.join(folder, DECISIONS_FILE), DECISIONS) as writer:
        held: list[Any] = []
        for rows in games:
            held.append(pa.RecordBatch.from_pylist(rows, schema=DECISIONS))
            if len(held) >= ROW_GROUP_GAMES:
                writer.write_table(pa.Table.from_batches(held, schema=DECISIONS))
                held = []
        writer.write_table(pa.Table.from_batches(held, schema=DECISIONS))


class _Tables:
    """The two files being written and the rows of the row group not yet written.

    A game's segments are made Arrow data at once (a hundred rows or so): as
    Python dicts, a row group's hundred thousand of them would take 150 MB.
    """

    def __init__(self, folder: str) -> None:
        self.games = pq.ParquetWriter(os.path.join(folder, GAMES_FILE), GAMES)
        self.segments = pq.ParquetWriter(os.path.join(folder, SEGMENTS_FILE), SEGMENTS)
        self.game_rows: list[Row] = []
        self.segment_batches: list[Any] = []

    def add(self, entry: Entry, game_id: int, output: Output) -> None:
        report = validate_in_place(entry.game)
        self.game_rows.append(game_row(entry.source, entry.number, game_id, report))
        rows = list(segment_rows(game_id, report))
        self.segment_batches.append(pa.RecordBatch.from_pylist(rows, schema=SEGMENTS))
        if report.errors:
            them = pronoun(report.errors)
            output.warn(
                f"{entry.source}: game {entry.number} has {counted(report.errors, 'error')}; its rows"
                f" are written with {them} counted ('aceynote validate' lists {them})"
            )
        if len(self.game_rows) >= ROW_GROUP_GAMES:
            self.flush()

    def flush(self) -> None:
        """Write the rows held as one row group of each file."""
        if self.game_rows:
            self.games.write_table(pa.Table.from_pylist(self.game_rows, schema=GAMES))
            segments = pa.Table.from_batches(self.segment_batches, schema=SEGMENTS)
            self.segments.write_table(segments)
        self.game_rows, self.segment_batches = [], []

    def close(self) -> None:
        """Close both files (what is not flushed is left out: the folder is then not kept)."""
        self.games.close()
        self.segments.close()


def write(entries: Iterable[Entry], output: Output) -> None:
    """Both tables of ``entries`` in ``output.folder`` (an empty folder: convert makes it)."""
    tables = _Tables(output.folder)
    try:
        for game_id, entry in enumerate(entries, start=1):
            tables.add(entry, game_id, output)
        tables.flush()
    finally:
        tables.close()
