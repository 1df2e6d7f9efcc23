"""Tags a bgammon.org replay's header holds in a field, and values it cannot hold.

The header has one field for the start time (seconds from 1970, in UTC), the
match length and the score, and says nothing of the site: a tag value that
does not go through the header and back is named among what `convert` left
out, never lost without a word; and a value that is no number in the digits
0-9 is never written where a number goes, so the replay written reads back.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from boards import BGAMMON

from aceynote.cli import main
from aceynote.formats.bgammon import left_out, read_match
from aceynote.notation import parse_game, write_game
from aceynote.notation.generate import generate_games

_MOVETEXT = write_game(next(iter(generate_games(1, 5, BGAMMON)))).split("\n\n", 1)[1]


def _record(tmp_path: Path, tags: dict[str, str]) -> Path:
    record = tmp_path / "game.acey"
    lines = [f'[{name} "{value}"]' for name, value in tags.items()]
    record.write_text("\n".join([*lines, '[Rules "bgammon"]', "", _MOVETEXT]), encoding="utf-8")
    return record


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("White", "Ines Alder"),  # read back as Ines_Alder: another player to stats
        ("Black", "O'Brien\ttab"),
        ("Site", "North Pier"),
        ("Date", "1962.03.14"),
        ("Date", "2026.03.??"),
        ("UTCTime", "12:30:00"),  # a time with no Date: the header's start time is 0
        ("MatchLength", "seven"),
        ("MatchScore", "1-2-3"),
        # numbers the header cannot read: never written where a number goes
        ("MatchLength", "²"),
        ("MatchScore", "\u0661-2"),
        ("MatchLength", "1234567890"),
    ],
)
def test_a_header_value_the_replay_cannot_hold_is_named_and_left_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, value: str
) -> None:
    record = _record(tmp_path, {name: value})
    match = tmp_path / "game.match"
    assert main(["convert", str(record), "--to", "bgammon", "-o", str(match)]) == 0
    assert f"the {name} '{value}'" in capsys.readouterr().err
    with match.open("rb") as stream:
        [back] = list(read_match(stream))
    assert back.tag(name) != value  # what was named is indeed not read back
    assert main(["validate", str(match)]) == 0  # and the replay written reads back


@pytest.mark.parametrize("date", ["1962.03.14", "1969.12.31", "2026.03.??", "2026.02.30"])
def test_a_date_the_header_cannot_hold_gives_the_start_time_of_no_date(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], date: str
) -> None:
    """bgammon.md: 0 when there is no date; 1962.03.14 gave -246240000, a start time no
    replay has, while the warning said the Date was left out."""
    match = tmp_path / "game.match"
    record = _record(tmp_path, {"Date": date, "UTCTime": "10:00:00"})
    assert main(["convert", str(record), "--to", "bgammon", "-o", str(match)]) == 0
    header = next(line for line in match.read_text().splitlines() if line.startswith("i "))
    assert header.split()[1] == "0"
    assert f"the Date '{date}'" in capsys.readouterr().err


def test_header_values_the_replay_holds_are_not_named(tmp_path: Path) -> None:
    tags = {
        "White": "Ines_Alder",
        "Black": "Tom",
        "Site": "bgammon.org",
        "Date": "2026.03.14",
        "UTCTime": "10:11:12",
        "MatchLength": "7",
        "MatchScore": "1-2",
    }
    game = parse_game(_record(tmp_path, tags).read_text(encoding="utf-8"))
    assert left_out(game) == []
