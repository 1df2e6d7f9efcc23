"""``aceynote hint FILE --turn T``: a moment of a record ranked, the written play marked, and
``--explain``'s reasons."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from conftest import SAMPLES, run_main
from test_cli_engine import schema

from aceynote.notation import Turn, parse_games
from aceynote.rules import Side, play_text
from aceynote.validation import SegmentReplay, validate
from aceynote.validation.frames import turns_held, turns_there

ANNOTATED = str(SAMPLES / "annotated.acey")


def replays() -> list[SegmentReplay]:
    (game,) = parse_games((SAMPLES / "annotated.acey").read_text(encoding="utf-8"))
    return validate(game).main_line()


def hint_json(capsys: pytest.CaptureFixture[str], *words: str) -> list[dict[str, Any]]:
    status, out, err = run_main(
        capsys, "hint", ANNOTATED, "--depth", "0", "--format", "json", *words
    )
    assert status == 0, err
    ranked: list[dict[str, Any]] = json.loads(out)
    jsonschema.validate(ranked, {"$ref": "#/$defs/hint", "$defs": schema()["$defs"]})
    return ranked


@pytest.mark.parametrize(
    ("words", "ply"),
    [
        (("--turn", "3"), 5),  # 3. 21: the roll
        (("--turn", "3.", "--segment", "2"), 6),  # 3. =11: the chosen double
        (("--turn", "2..."), 4),  # 2... 62: Black's
        (("--segment", "6"), 6),  # the main line's sixth segment
    ],
)
def test_the_written_play_is_marked_in_the_ranking(
    capsys: pytest.CaptureFixture[str], words: tuple[str, ...], ply: int
) -> None:
    replay = replays()[ply - 1]
    ranked = hint_json(capsys, *words)
    written = [entry for entry in ranked if entry.get("written")]
    assert [entry["play"] for entry in written] == [play_text(replay.steps)]
    status, out, _ = run_main(capsys, "hint", ANNOTATED, "--depth", "0", *words)
    assert status == 0
    assert out.splitlines()[0] == f"Setup {replay.before.to_setup()}"
    (line,) = [line for line in out.splitlines() if line.endswith("<- written")]
    assert f" {play_text(replay.steps)} " in line


def test_another_roll_is_ranked_without_a_written_play(capsys: pytest.CaptureFixture[str]) -> None:
    ranked = hint_json(capsys, "--turn", "3", "--roll", "53")
    assert not any(entry.get("written") for entry in ranked)


def test_explain_gives_each_play_its_reason(capsys: pytest.CaptureFixture[str]) -> None:
    ranked = hint_json(capsys, "--turn", "2", "--explain")
    assert all(entry["why"] for entry in ranked)
    assert ranked[0]["why"].startswith(("leaves", "wins", "hits"))
    status, out, _ = run_main(capsys, "hint", ANNOTATED, "--turn", "2", "--explain", "--depth", "0")
    assert status == 0 and out.count("\n     why: ") == len(ranked)


def test_explain_with_a_setup_and_the_doubles(capsys: pytest.CaptureFixture[str]) -> None:
    words = ("hint", "--setup", "W 21:1 23:1 in:13 / B in:15 / W", "--double", "--depth", "0")
    status, out, err = run_main(capsys, *words, "--explain", "--format", "json")
    assert status == 0, err
    assert len(json.loads(out)) == 6 and all(entry["why"] for entry in json.loads(out))


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (("--turn", "99"), "--turn 99: the main line has 79 turns: White's turns are 1 to 40,"),
        (("--turn", "99..."), "--turn 99...: the main line has 79 turns:"),
        (("--segment", "0"), "--segment 0: the main line has 89 segments (give 1 to 89)"),
        (("--segment", "90"), "--segment 90: the main line has 89 segments (give 1 to 89)"),
        (("--turn", "3", "--segment", "4"), "--segment 4: turn 3 has 3 segments (give 1 to 3)"),
        (("--turn", "2...", "--segment", "2"), "turn 2... has 1 segment (give 1 to 1)"),
        (("--turn", "zz"), "not a turn number"),
        ((), "--turn T or --segment K"),
        (("--turn", "3", "--setup", "W in:15 / B in:15 / W"), "not both"),
        (("--turn", "23...", "--double"), "turn 23... has no chosen double"),  # 43: --
        (("--turn", "5", "--double"), "turn 5 has no chosen double"),  # a 66
        (("--turn", "3", "--segment", "3", "--double"), "not a chosen double"),  # the extra
        (("--turn", "3", "--kind", "double"), "--kind and --rules go with --setup"),
        (("--turn", "3", "--rules", "navy"), "--kind and --rules go with --setup"),
    ],
)
def test_a_moment_that_is_not_there_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], words: tuple[str, ...], message: str
) -> None:
    status, _, err = run_main(capsys, "hint", ANNOTATED, *words)
    assert status == 2 and message in err


def test_a_hint_at_the_first_of_several_games_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    """As html and diagram do: a record of several games was hinted at game 1 silently."""
    record = str(SAMPLES / "match.acey")
    status, out, err = run_main(capsys, "hint", record, "--turn", "3", "--depth", "0")
    assert status == 0 and out
    note = f"aceynote: {record} holds more than one game; the hint is of game 1 (--game N for another)\n"
    assert err == note
    assert run_main(capsys, "hint", record, "--game", "1", "--turn", "3", "--depth", "0")[2] == ""


def test_hint_offers_only_the_turns_it_reaches(capsys: pytest.CaptureFixture[str]) -> None:
    """samples/mistakes.acey's first error that stops the line (AD401) comes in turn 3: hint
    offered "a number from 1 to 8", then refused 7 (a numbering gap) and 8 (past the error)."""
    record = str(SAMPLES / "mistakes.acey")
    status, _, err = run_main(capsys, "hint", record, "--turn", "7")
    offered = "the main line, as far as hint goes, has 5 turns: White's turns are 1 to 3"
    assert status == 2 and offered in err and "1... to 2..." in err
    for reached in ("3", "2..."):
        assert run_main(capsys, "hint", record, "--turn", reached, "--depth", "0")[0] == 0
    assert run_main(capsys, "hint", record, "--turn", "4", "--depth", "0")[0] == 2


@pytest.mark.parametrize(
    ("white", "black", "said"),
    [
        ([1, 2, 3], [1, 2, 3], "6 turns; give a number from 1 to 3 (3... for Black's)."),
        ([1, 2, 4, 5], [1, 2, 4, 5], "8 turns, numbered 1 to 2 and 4 to 5; give one of those"),
        ([1, 2, 4], [1, 2], "White's turns are 1 to 2 and 4, Black's turns are 1... to 2..."),
        ([3], [], "White's only turn is 3, Black has none."),
    ],
)
def test_the_turns_a_line_holds_are_said_as_numbered(
    white: list[int], black: list[int], said: str
) -> None:
    turns = [
        Turn(side, number, [])
        for side, numbers in zip(Side, (white, black), strict=True)
        for number in numbers
    ]
    held = turns_there(turns_held(turns), "this game")
    assert held.startswith("this game has ") and said in held


@pytest.mark.parametrize(
    ("words", "next_named"),
    [
        (("--turn", "3", "--segment", "1"), True),  # 3. 21: the 1-2 before =11
        (("--segment", "4"), False),  # 2... 62: no 1-2, so no double follows
    ],
)
def test_double_on_a_roll_says_where_the_double_is_only_after_a_1_2(
    capsys: pytest.CaptureFixture[str], words: tuple[str, ...], next_named: bool
) -> None:
    status, _, err = run_main(capsys, "hint", ANNOTATED, *words, "--double")
    assert status == 2 and "not a chosen double" in err
    assert ("this 1-2's is the next segment" in err) is next_named


def test_double_with_a_turn_ranks_that_turns_chosen_double(
    capsys: pytest.CaptureFixture[str],
) -> None:
    chosen = replays()[5]  # 3. =11: 9/8 8/7 7/6 6/5, after White's 2-1
    ranked = hint_json(capsys, "--turn", "3", "--double")
    assert {entry["double"] for entry in ranked} == {1, 2, 3, 4, 5, 6}
    status, out, _ = run_main(capsys, "hint", ANNOTATED, "--depth", "0", "--turn", "3", "--double")
    assert status == 0 and out.splitlines()[0] == f"Setup {chosen.before.to_setup()}"


def test_double_with_a_turn_values_the_written_double_and_play_as_analyze_judges_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The written =11 was left out: the ranking showed each double's best only, the 11's
    a play the record did not make. It now stands beside them, valued as analyze values it."""
    chosen = replays()[5]
    ranked = hint_json(capsys, "--turn", "3", "--double")
    (written,) = [entry for entry in ranked if entry.get("written")]
    assert (written["double"], written["play"]) == (1, play_text(chosen.steps))
    elevens = [entry for entry in ranked if entry["double"] == 1]
    assert len(ranked) == 7 and len(elevens) == 2  # the 11's best, and the written 11
    status, out, err = run_main(capsys, "analyze", ANNOTATED, "--depth", "0", "--format", "json")
    assert status == 0, err
    judged = json.loads(out)["games"][0]["decisions"]
    named = next(d for d in judged if d["number"] == "3." and d["kind"] == "double")
    assert (named["equity"], named["loss"]) == (written["equity"], -written["diff"])


def test_rollout_at_a_moment_rolls_out_the_written_play_too(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The written 12/10 10/9 of turn 3 ranks 5th at 0-ply: past the best four rolled out."""
    ranked = hint_json(capsys, "--turn", "3", "--rollout", "2")
    rolled = [entry["play"] for entry in ranked if "rollout" in entry]
    (written,) = [entry["play"] for entry in ranked if entry.get("written")]
    assert rolled == [entry["play"] for entry in ranked[:4]] + [written]
    assert written not in rolled[:4]


def test_a_setup_still_needs_its_roll(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run_main(capsys, "hint", "--setup", "W in:15 / B in:15 / W")
    assert status == 2 and "--roll" in err
    status, _, err = run_main(capsys, "hint", "--roll", "64")
    assert status == 2 and "--setup" in err


ILLEGAL = (  # White's 51 plays in/20 twice
    "1. 61: in/19 19/18  61: in/19 19/18\n"
    "2. 51: in/20 in/20  62: in/19 in/23\n"
    "3. 43: in/21 in/22  54: in/20 in/21\n"
)
FLOW = "1. 21: in/23 in/24  61: in/19 in/19\n"  # no chosen double; Black's 61 illegal too
CUT = "1. 61: in/19 19/18  61: in/19 19/18\n2. 51: in/20 in/2x\n"  # a syntax error


def hint_at(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, moves: str, turn: str
) -> tuple[int, str, str, Path]:
    """hint at turn ``turn`` of a standard game of ``moves``: status, out, err, the record."""
    record = tmp_path / "record.acey"
    record.write_text(f'[Rules "standard"]\n\n{moves}*\n', encoding="utf-8")
    status, out, err = run_main(capsys, "hint", str(record), "--depth", "0", "--turn", turn)
    return status, out, err, record


def test_the_illegal_play_s_own_moment_is_ranked_without_a_written_play(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, err, _ = hint_at(capsys, tmp_path, ILLEGAL, "2")
    assert status == 0, err
    assert out.splitlines()[0] == "Setup W 18:1 in:14 / B 18:1 in:14 / W"
    assert "<- written" not in out


@pytest.mark.parametrize(
    ("moves", "turn", "said"),
    [
        (ILLEGAL, "2...", "after the record's first error, AD304 at {record}:4:14:"),
        (ILLEGAL, "3", "after the record's first error, AD304 at {record}:4:14:"),
        (FLOW, "1...", "after the record's first error, AD401 at {record}:3:19:"),
        (
            CUT,
            "3",
            "give 1 (1... for Black's) (hint, like analyze, stops at the record's first error,"
            " AD100 at {record}:4:18)",
        ),
        (
            '[Setup "W in:16 / B in:15 / W"]\n\n1. 64: in/19 in/21\n',
            "1",
            "has no turn to go to (hint, like analyze, stops at the record's first error,"
            " AD103 at {record}:3:1)",
        ),
    ],
)
def test_a_moment_past_the_first_error_is_refused_naming_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, moves: str, turn: str, said: str
) -> None:
    status, out, err, record = hint_at(capsys, tmp_path, moves, turn)
    assert (status, out) == (2, "")
    assert said.format(record=record) in err


def test_no_such_turn_in_a_record_without_errors_says_only_that(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, _, err = run_main(capsys, "hint", ANNOTATED, "--depth", "0", "--turn", "300")
    assert status == 2 and err.rstrip().endswith("Black's turns are 1... to 39...")


def test_hint_values_the_written_play_as_analyze_judges_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """'aceynote hint samples/navy.acey --turn 9.' showed the written 20/14(2) 14/8*(2)
    15th, 0.281 behind the best, at the 0-ply value 1-ply left it; analyze judged it at 1-ply,
    better than that best (lost 0). Both now value it at 1-ply, and agree on the ranking."""
    status, out, err = run_main(
        capsys, "hint", str(SAMPLES / "navy.acey"), "--turn", "9.", "--format", "json"
    )
    assert status == 0, err
    ranked = json.loads(out)
    (written,) = [entry for entry in ranked if entry.get("written")]
    assert written["play"] == "20/14(2) 14/8*(2)"
    status, out, err = run_main(capsys, "analyze", str(SAMPLES / "navy.acey"), "--format", "json")
    ninth = next(d for d in json.loads(out)["games"][0]["decisions"] if d["number"] == "9.")
    assert (ninth["equity"], ninth["loss"]) == (written["equity"], -written["diff"])
    shown = [(entry["play"], entry["equity"]) for entry in ninth["best"]]
    assert shown[0] == (ranked[0]["play"], ranked[0]["equity"])
    assert (written["play"], written["equity"]) in shown


def test_double_on_a_1_2_that_won_does_not_point_to_a_double_after_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "won.acey"
    record.write_text('[Setup "W 2:1 1:1 / B 6:2 / W"]\n\n1. 21: 2/off 1/off\n2-0\n', "utf-8")
    status, _, err = run_main(
        capsys, "hint", str(record), "--turn", "1", "--segment", "1", "--double"
    )
    assert status == 2 and "not a chosen double" in err
    assert "next segment" not in err
