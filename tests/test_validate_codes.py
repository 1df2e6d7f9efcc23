"""Every diagnostic code of the validator, triggered where docs/notation.md says it must be.

Each case is a small record that breaks exactly one rule of the spec and the
nearest record that keeps it. A ``§`` in a record marks where the diagnostic
must point (the start of its span); the markers are removed before parsing.
Positions are built with ``[Setup "..."]`` tags (each side in its own
numbering, docs/notation.md §3 and §7).
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from conftest import record, setup

from aceynote.notation import parse_game
from aceynote.validation import ALL_CODES, validate

MARK = "§"


def rules(value: str) -> str:
    return f'[Rules "{value}"]'


def locate(text: str) -> tuple[str, list[tuple[int, int]]]:
    """The text without markers, and the (line, column) of each marker (1-based)."""
    clean: list[str] = []
    marks: list[tuple[int, int]] = []
    line, column = 1, 1
    for char in text:
        if char == MARK:
            marks.append((line, column))
            continue
        clean.append(char)
        if char == "\n":
            line, column = line + 1, 1
        else:
            column += 1
    return "".join(clean), marks


def found(text: str) -> list[tuple[str, int, int]]:
    """(code, line, column) of every diagnostic of the record's single game."""
    report = validate(parse_game(text))
    return [(d.code.code, d.span.line, d.span.column) for d in report.diagnostics]


@dataclass(frozen=True)
class Case:
    code: str
    name: str
    bad: str  # triggers exactly ``code``, at the § marker
    good: str  # the nearest record that must not trigger it (no diagnostics at all)

    @property
    def id(self) -> str:
        return f"{self.code}-{self.name}"


START_PLAY = "1. 61: in/19 19/18"
# White on the bar; Black holds White's 19 and 20 (its own 6 and 5): 6s and 5s cannot enter.
ON_BAR = setup("W bar:1 in:14 / B 6:2 5:2 in:11 / W")
# One White checker on 13; Black holds White's 2: 6-5 can play either die, never both.
EITHER_DIE = setup("W 13:1 / B 23:2 in:13 / W")
# One White checker on 13; Black holds White's 10: a 1 or a 2, never both.
EITHER_ACEY = setup("W 13:1 / B 15:2 in:13 / W")
# White's last checker on its 1; Black has all 15 left.
LAST_ONE = setup("W 1:1 / B 19:2 in:13 / W")
LAST_TWO = setup("W 2:1 1:1 / B 19:2 in:13 / W")
# A White checker on 13; Black holds White's 19: after a 1-2 played 13/10, a chosen
# 6-6 can be played only once (10/4), since the pool cannot enter on 19.
PARTIAL_SIXES = setup("W 13:1 in:14 / B 6:2 in:13 / W")
ALWAYS = rules("standard bonus_reroll=always")

CASES = [
    # -- syntax and tags (§1, §2) -----------------------------------------------
    Case("AD100", "bad-point", record("1. 61: in/19 §19/25"), record(START_PLAY)),
    Case("AD100", "stray-word", record("1. 61: in/19 19/1§x8"), record(START_PLAY)),
    Case("AD100", "roll-without-colon", record("1. §61 in/19 19/18"), record(START_PLAY)),
    Case("AD100", "dest-in", record("1. 61: in/19 §19/in"), record(START_PLAY)),
    Case("AD100", "count-too-big", record("1. 66: §in/19(5)"), record("1. 66: in/19(4)")),
    Case(
        "AD100", "count-one", record("1. 66: §in/19(1) in/19(3)"), record("1. 66: in/19 in/19(3)")
    ),
    Case(
        "AD100",
        "off-not-last",
        record("1. 61: §6/off/5", setup("W 6:1 5:1 / B in:15 / W")),
        record("1. 61: 6/off 5/4", setup("W 6:1 5:1 / B in:15 / W")),
    ),
    Case(
        "AD100",
        "hit-off",
        record("1. 61: §6/off* 5/4", setup("W 6:1 5:1 / B in:15 / W")),
        record("1. 61: 6/off 5/4", setup("W 6:1 5:1 / B in:15 / W")),
    ),
    Case("AD100", "die-seven", record("1. §71: in/19"), record("1. 61: in/19 in/24")),
    Case(
        "AD100",
        "move-after-result",
        record("1. 61: in/19 19/18\n*\n§2. 61: in/19 19/18"),
        record("1. 61: in/19 19/18\n1... 61: in/19 19/18"),
    ),
    Case(
        "AD100",
        "result-in-variation",
        record("1. 61: in/19 19/18 (1. 61: in/19 in/24 §*)"),
        record("1. 61: in/19 19/18 (1. 61: in/19 in/24)"),
    ),
    Case(
        "AD100",
        "unclosed-variation",
        record("1. 61: in/19 19/18 §(1. 61: in/19 in/24"),
        record("1. 61: in/19 19/18 (1. 61: in/19 in/24)"),
    ),
    Case(
        "AD100", "stray-parenthesis", record("1. 61: in/19 19/18 §)"), record("1. 61: in/19 19/18")
    ),
    Case(
        "AD100",
        "unclosed-comment",
        record("1. 61: in/19 19/18 §{open"),
        record("1. 61: in/19 19/18 {open}"),
    ),
    Case(
        "AD101",
        "duplicate-white",
        record(START_PLAY, '[White "a"]', '§[White "b"]'),
        record(START_PLAY, '[White "a"]', '[Black "b"]'),
    ),
    Case(
        "AD102",
        "bad-value",
        record(START_PLAY, '§[Rules "standard bearoff=maybe"]'),
        record(START_PLAY, '[Rules "STANDARD Bearoff=Exact"]'),
    ),
    Case(
        "AD102",
        "bad-preset",
        record(START_PLAY, '§[Rules "pirate"]'),
        record(START_PLAY, '[Rules "bgammon"]'),
    ),
    Case(
        "AD102",
        "bad-option",
        record(START_PLAY, '§[Rules "standard cube=yes"]'),
        record(START_PLAY, '[Rules "standard score=single"]'),
    ),
    Case(
        "AD102",
        "option-without-value",
        record(START_PLAY, '§[Rules "navy early_moves"]'),
        record(START_PLAY, '[Rules "navy early_moves=yes"]'),
    ),
    Case(
        "AD103",
        "sixteen-checkers",
        record(START_PLAY, '§[Setup "W in:16 / B in:15 / W"]'),
        record(START_PLAY, '[Setup "W in:15 / B in:15 / W"]'),
    ),
    Case(
        "AD103",
        "shared-point",
        record("1. 61: 6/off", '§[Setup "W 6:1 / B 19:1 in:14 / W"]'),
        record("1. 61: 6/off", '[Setup "W 6:1 / B 21:1 in:14 / W"]', result="15-0"),
    ),
    Case(
        "AD103",
        "all-borne-off",
        record("1... 61: in/19 19/18", '§[Setup "W / B in:15 / B"]'),
        record("1... 61: in/19 19/18", '[Setup "W 1:1 / B in:15 / B"]'),
    ),
    Case(
        "AD103",
        "pool-and-off",
        record(START_PLAY, '§[Setup "W in:3 / B in:15 / W"]'),
        record(START_PLAY, '[Setup "W in:3 24:12 / B in:15 / W"]'),
    ),
    Case(
        "AD103",
        "count-zero",
        record(START_PLAY, '§[Setup "W 6:0 in:15 / B in:15 / W"]'),
        record(START_PLAY, '[Setup "w IN:15 / b in:15 / W"]'),
    ),
    Case(
        "AD103",
        "place-twice",
        record(START_PLAY, '§[Setup "W in:10 in:5 / B in:15 / W"]'),
        record(START_PLAY, '[Setup "B in:15 / W in:15 / W"]'),
    ),
    Case(
        "AD104",
        "undecided-tie",
        record(START_PLAY, '§[Opening "4-4"]'),
        record(START_PLAY, '[Opening "4-4 2-2 5-3"]'),
    ),
    Case(
        "AD104",
        "roll-after-decision",
        record(START_PLAY, '§[Opening "5-3 4-4"]'),
        record(START_PLAY, '[Opening "4-4 5-3"]'),
    ),
    Case(
        "AD104",
        "unreadable",
        record(START_PLAY, '§[Opening "5:3"]'),
        record(START_PLAY, '[Opening "5-3"]'),
    ),
    Case(
        "AD105",
        "opening-with-setup",
        record(START_PLAY, setup("W in:15 / B in:15 / W"), '§[Opening "5-3"]'),
        record(START_PLAY, setup("W in:15 / B in:15 / W")),
    ),
    Case(
        "AD106",
        "bad-date",
        record(START_PLAY, '§[Date "2025-10-04"]'),
        record(START_PLAY, '[Date "2025.??.??"]'),
    ),
    Case(
        "AD107",
        "bad-termination",
        record(START_PLAY, '§[Termination "resigned"]'),
        record(START_PLAY, '[Termination "resignation"]'),
    ),
    Case(
        "AD106",
        "no-such-month",
        record(START_PLAY, '§[Date "2025.13.04"]'),
        record(START_PLAY, '[Date "2025.12.04"]'),
    ),
    Case(
        "AD106",
        "no-such-day-in-february",
        record(START_PLAY, '§[Date "2026.02.30"]'),
        record(START_PLAY, '[Date "2024.02.29"]'),
    ),
    Case(
        "AD106",
        "the-29th-of-february-of-a-common-year",
        record(START_PLAY, '§[Date "2025.02.29"]'),
        record(START_PLAY, '[Date "????.02.29"]'),
    ),
    Case(
        "AD109",
        "match-length-in-words",
        record(START_PLAY, '§[MatchLength "seven"]'),
        record(START_PLAY, '[MatchLength "7"]'),
    ),
    Case(
        "AD109",
        "match-score-of-three",
        record(START_PLAY, '§[MatchScore "1-2-3"]'),
        record(START_PLAY, '[MatchScore "1-2"]'),
    ),
    Case(
        "AD108",
        "result-tag-differs",
        record(START_PLAY, '§[Result "1-0"]'),
        record(START_PLAY, '[Result "*"]'),
    ),
    # -- move numbers and sides (§4, §7) ------------------------------------------
    Case(
        "AD201",
        "skipped-number",
        record("1. 61: in/19 19/18  61: in/19 19/18 §3. 61: in/19 19/18"),
        record("1. 61: in/19 19/18  61: in/19 19/18 2. 61: in/19 19/18"),
    ),
    Case(
        "AD201",
        "black-first-then-1.",
        record("1... 61: in/19 19/18 §1. 61: in/19 19/18"),
        record("1... 61: in/19 19/18 2. 61: in/19 19/18"),
    ),
    Case(
        "AD201",
        "black-number-wrong",
        record("1. 61: in/19 19/18 §2... 61: in/19 19/18"),
        record("1. 61: in/19 19/18 1... 61: in/19 19/18"),
    ),
    Case(
        "AD201",
        "setup-number-zero",
        record("§0. 61: in/19 19/18", setup("W in:15 / B in:15 / W")),
        record("17. 61: in/19 19/18", setup("W in:15 / B in:15 / W")),
    ),
    Case(
        "AD202",
        "white-number-on-black-turn",
        record("1. 61: in/19 19/18 §2. 61: in/19 19/18"),
        record("1. 61: in/19 19/18 1... 61: in/19 19/18"),
    ),
    Case(
        "AD203",
        "white-turn-unnumbered",
        record("1. 61: in/19 19/18  61: in/19 19/18  §61: in/19 19/18"),
        record("1. 61: in/19 19/18  61: in/19 19/18 2. 61: in/19 19/18"),
    ),
    Case(
        "AD203",
        "black-opens-unnumbered",
        record("§61: in/19 19/18", '[Opening "3-5"]'),
        record("1... 61: in/19 19/18", '[Opening "3-5"]'),
    ),
    Case(
        "AD203",
        "variation-black-unnumbered",
        record("1. 61: in/19 19/18 1... 61: in/19 19/18 (§51: in/20 20/19)"),
        record("1. 61: in/19 19/18 1... 61: in/19 19/18 (1... 51: in/20 20/19)"),
    ),
    Case(
        "AD204",
        "opening-white-won",
        record("§1... 61: in/19 19/18", '[Opening "4-4 2-2 5-3"]'),
        record("1. 61: in/19 19/18", '[Opening "4-4 2-2 5-3"]'),
    ),
    Case(
        "AD204",
        "setup-black-to-roll",
        record("§1. 61: in/19 19/18", setup("W in:15 / B in:15 / B")),
        record("1... 61: in/19 19/18", setup("W in:15 / B in:15 / B")),
    ),
    # -- plays (§4, §8 rules 3-9) ----------------------------------------------------
    Case("AD301", "empty-point", record("1. 61: §13/7 in/24"), record("1. 61: in/19 in/24")),
    Case(
        "AD301",
        "count-more-than-there",
        record("1. 66: §13/7(2) in/19(2)", setup("W 13:1 in:14 / B in:15 / W")),
        record("1. 66: 13/7 in/19(3)", setup("W 13:1 in:14 / B in:15 / W")),
    ),
    Case(
        "AD302",
        "pool-before-bar",
        record("1. 43: §in/22 in/21", ON_BAR),
        record("1. 43: in/22 bar/21", ON_BAR),
    ),
    Case(
        "AD303",
        "navy-board-move",
        record("1. 65: in/20 §19/13", rules("navy"), setup("W 19:1 in:14 / B in:15 / W")),
        record("1. 65: in/20 in/19", rules("navy"), setup("W 19:1 in:14 / B in:15 / W")),
    ),
    Case(
        "AD304", "dice-do-not-make-it", record("1. 61: §in/20 in/24"), record("1. 61: in/19 in/24")
    ),
    Case(
        "AD305",
        "compressed-both-ways-blocked",
        record("1. 65: §24/13", setup("W 24:1 in:14 / B 7:2 6:2 in:11 / W")),
        record("1. 65: 24/13", setup("W 24:1 in:14 / B 7:2 in:13 / W")),
    ),
    Case(
        "AD305",
        "entry-blocked",
        record("1. 61: §in/19 in/24", setup("W in:15 / B 6:2 in:13 / W")),
        record("1. 61: in/24/18", setup("W in:15 / B 6:2 in:13 / W")),
    ),
    Case(
        "AD306",
        "bear-off-early",
        record("1. 52: §5/off 9/7", setup("W 9:1 5:1 / B 19:2 in:13 / W")),
        record("1. 52: 5/off 7/5", setup("W 7:1 5:1 / B 19:2 in:13 / W")),
    ),
    Case(
        "AD307",
        "exact-bearoff",
        record("1. 64: §5/off 5/1", rules("bgammon"), setup("W 5:2 / B 19:2 in:13 / W")),
        record("1. 64: 5/1", rules("bgammon"), setup("W 5:2 / B 19:2 in:13 / W")),
    ),
    Case(
        "AD307",
        "higher-checker",
        record("1. 41: 5/4 §3/off", setup("W 5:1 3:1 / B 19:2 in:13 / W")),
        record("1. 41: 5/4 4/off", setup("W 5:1 3:1 / B 19:2 in:13 / W")),
    ),
    Case("AD308", "one-die-of-two", record("1. §61: in/19"), record("1. 61: in/19 in/24")),
    Case("AD308", "pass-when-playable", record("1. §43: --", ON_BAR), record("1. 65: --", ON_BAR)),
    Case(
        "AD308",
        "chosen-double-in-part",
        # All four sixes could be played, so the extra roll follows (rule 8) even
        # though only three were written: the one mistake is the short play.
        record("1. 21: in/24 in/23 §=66: in/19(3) +53: in/20 in/22"),
        record("1. 21: in/24 in/23 =66: in/19(4) +53: in/20 in/22"),
    ),
    Case(
        "AD309",
        "smaller-die",
        record("1. §65: 13/8", EITHER_DIE),
        record("1. 65: 13/7", EITHER_DIE),
    ),
    Case(
        "AD309",
        "acey-deucey-1-instead-of-2",
        record("1. §21: 13/12", EITHER_ACEY),
        record("1. 21: 13/11", EITHER_ACEY),
    ),
    Case("AD310", "false-hit", record("1. 61: in/19 §in/24*"), record("1. 61: in/19 in/24")),
    Case(
        "AD310",
        "one-hit-two-marks",
        record("1. 33: 13/7* §13/7*", setup("W 13:2 in:13 / B 18:1 in:14 / W")),
        record("1. 33: 13/7* 13/7", setup("W 13:2 in:13 / B 18:1 in:14 / W")),
    ),
    Case(
        "AD311",
        "unmarked-hit-with-count",
        record("1. 33: §13/7(2)", setup("W 13:2 in:13 / B 18:1 in:14 / W")),
        record("1. 33: 13/7*(2)", setup("W 13:2 in:13 / B 18:1 in:14 / W")),
    ),
    Case(
        "AD311",
        "unmarked-entry-hit",
        record("1. 53: 13/8 §bar/22", setup("W 13:2 bar:1 in:12 / B 3:1 in:14 / W")),
        record("1. 53: 13/8 bar/22*", setup("W 13:2 bar:1 in:12 / B 3:1 in:14 / W")),
    ),
    # -- acey-deucey flow (§4, §8 rule 8) -----------------------------------------
    Case(
        "AD401",
        "next-turn-instead-of-double",
        record("1. 21: in/24 in/23§  43: in/21 in/22"),
        record("1. 21: in/24 in/23 =66: in/19(4) +53: in/20 in/22  43: in/21 in/22"),
    ),
    Case(
        "AD401",
        "extra-roll-instead-of-double",
        record("1. 21: in/24 in/23 §+53: in/20 in/22"),
        record("1. 21: in/24 in/23 =66: in/19(4) +53: in/20 in/22"),
    ),
    Case(
        "AD402",
        "double-after-plain-roll",
        record("1. 65: in/19 in/20 §=66: in/19(4)"),
        record("1. 65: in/19 in/20"),
    ),
    Case(
        "AD100",
        "chosen-non-double",
        record("1. 21: in/24 in/23 §=65: in/19 in/20"),
        record("1. 21: in/24 in/23 =66: in/19(4) +53: in/20 in/22"),
    ),
    Case(
        "AD404",
        "no-extra-after-full-double",
        record("1. 21: in/24 in/23 =66: in/19(4)§  43: in/21 in/22"),
        record("1. 21: in/24 in/23 =66: in/19(4) +53: in/20 in/22  43: in/21 in/22"),
    ),
    Case(
        "AD404",
        "always-after-partial-double",
        record("1. 21: 13/12 12/10 =66: 10/4§", ALWAYS, PARTIAL_SIXES),
        record("1. 21: 13/12 12/10 =66: 10/4 +53: in/20 in/22", ALWAYS, PARTIAL_SIXES),
    ),
    Case(
        "AD405",
        "extra-after-plain-roll",
        record("1. 65: in/19 in/20 §+53: in/20 in/22"),
        record("1. 65: in/19 in/20"),
    ),
    Case(
        "AD405",
        "full-after-partial-double",
        record("1. 21: 13/12 12/10 =66: 10/4 §+53: in/20 in/22", PARTIAL_SIXES),
        record("1. 21: 13/12 12/10 =66: 10/4", PARTIAL_SIXES),
    ),
    # -- the end of the game and the result (§6, §8 rule 10) ----------------------
    Case(
        "AD501",
        "second-move-after-15th-off",
        record("1. 21: 1/off §1/off", LAST_ONE, result="15-0"),
        record("1. 21: 1/off", LAST_ONE, result="15-0"),
    ),
    Case(
        "AD501",
        "chosen-double-after-15th-off",
        record("1. 21: 2/off 1/off §=66: --", LAST_TWO, result="15-0"),
        record("1. 21: 2/off 1/off", LAST_TWO, result="15-0"),
    ),
    Case(
        "AD501",
        "turn-after-15th-off",
        record("1. 21: 1/off §1... 52: in/20 in/23", LAST_ONE, result="15-0"),
        record("1. 21: 1/off", LAST_ONE, result="15-0"),
    ),
    Case(
        "AD502",
        "wrong-winner",
        record("1. 21: 2/off 1/off", LAST_TWO, result="§0-15"),
        record("1. 21: 2/off 1/off", LAST_TWO, result="15-0"),
    ),
    Case(
        "AD502",
        "finished-game-unfinished-result",
        record("1. 21: 2/off 1/off", LAST_TWO, result="§*"),
        record("1. 21: 2/off 1/off", LAST_TWO, result="15-0"),
    ),
    Case(
        "AD502",
        "score-single",
        record("1. 21: 1/off", LAST_ONE, rules("standard score=single"), result="§15-0"),
        record("1. 21: 1/off", LAST_ONE, rules("standard score=single"), result="1-0"),
    ),
    Case(
        "AD502",
        "black-wins-single",
        record(
            "1... 21: 1/off",
            setup("W 19:2 in:13 / B 1:1 / B"),
            rules("standard score=single"),
            result="§1-0",
        ),
        record(
            "1... 21: 1/off",
            setup("W 19:2 in:13 / B 1:1 / B"),
            rules("standard score=single"),
            result="0-1",
        ),
    ),
    Case(
        "AD503",
        "points-without-termination",
        record(START_PLAY, result="§2-0"),
        record(START_PLAY, '[Termination "resignation"]', result="2-0"),
    ),
    Case(
        "AD503",
        "termination-normal",
        record(START_PLAY, '[Termination "normal"]', result="§0-3"),
        record(START_PLAY, '[Termination "time"]', result="0-3"),
    ),
    Case(
        "AD504",
        "points-for-both",
        record(START_PLAY, '[Termination "time"]', result="§2-3"),
        record(START_PLAY, '[Termination "time"]', result="2-0"),
    ),
    Case("AD505", "cut-short", record(f"§{START_PLAY}", result=""), record(START_PLAY)),
]


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_code_is_reported_exactly_there(case: Case) -> None:
    text, marks = locate(case.bad)
    assert len(marks) == 1, "a bad record marks one place"
    line, column = marks[0]
    assert found(text) == [(case.code, line, column)]


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_nearest_legal_record_is_clean(case: Case) -> None:
    text, marks = locate(case.good)
    assert not marks
    assert found(text) == []


def test_every_code_has_a_case() -> None:
    covered = {case.code for case in CASES}
    assert {code.code for code in ALL_CODES} == covered


def test_codes_are_unique_and_have_the_documented_severity() -> None:
    codes = [code.code for code in ALL_CODES]
    assert len(codes) == len(set(codes))
    warnings = {code.code for code in ALL_CODES if code.severity.value == "warning"}
    # §2: a duplicate tag is a warning; §4: a hit written without * is a warning.
    assert {"AD101", "AD311"} <= warnings
    # §4: a * where nothing was hit is an error; §8: an unknown preset is an error.
    assert "AD310" not in warnings and "AD102" not in warnings


# -- harder scenarios: several diagnostics, or none, each at a marker ----------------


@dataclass(frozen=True)
class Scenario:
    name: str
    text: str
    expected: tuple[tuple[str, int], ...]  # (code, index of the § marker)


def scenario(name: str, text: str, *expected: tuple[str, int]) -> Scenario:
    return Scenario(name, text, expected)


OPEN_19 = setup("W 24:1 in:14 / B 7:1 in:14 / W")  # a Black blot on White's 18, 19 empty
BLOT_18_BLOCK_19 = setup("W 24:1 in:14 / B 7:1 6:2 in:12 / W")
BLOTS_18_19 = setup("W 24:1 in:14 / B 7:1 6:1 in:13 / W")
TWO_ON_13 = setup("W 13:2 in:13 / B 18:1 in:14 / W")  # a Black blot on White's 7
# White's 1 can be played, its 2 never: Black holds White's 8, 7, 23 and 22.
NO_TWOS = setup("W 10:2 in:13 / B 17:2 18:2 2:2 3:2 in:7 / W")

SCENARIOS = [
    # §4: 24/13 with 6-5 may pass 18 or 19; the reading whose hits match the marks is meant.
    scenario(
        "compressed-through-open-19",
        record("1. 65: 24/13", setup("W 24:1 in:14 / B 7:2 in:13 / W")),
    ),
    scenario(
        "compressed-through-open-18",
        record("1. 65: 24/13", setup("W 24:1 in:14 / B 6:2 in:13 / W")),
    ),
    scenario(
        "compressed-both-blocked",
        record("1. 65: §24/13", setup("W 24:1 in:14 / B 7:2 6:2 in:11 / W")),
        ("AD305", 0),
    ),
    scenario("compressed-avoids-blot-when-unmarked", record("1. 65: 24/13", OPEN_19)),
    scenario("compressed-intermediate-hit-marked", record("1. 65: 24/18*/13", OPEN_19)),
    scenario("compressed-written-long-way", record("1. 65: 24/19/13", OPEN_19)),
    scenario("compressed-false-mark-on-13", record("1. 65: §24/13*", OPEN_19), ("AD310", 0)),
    scenario(
        "compressed-must-hit-unmarked", record("1. 65: §24/13", BLOT_18_BLOCK_19), ("AD311", 0)
    ),
    scenario(
        "compressed-marked-wrong-stop",
        record("1. 65: §24/13*", BLOT_18_BLOCK_19),
        ("AD310", 0),
        ("AD311", 0),
    ),
    scenario("compressed-both-blots", record("1. 65: §24/13", BLOTS_18_19), ("AD311", 0)),
    scenario(
        "compressed-intermediate-blocked-written",
        record("1. 65: §24/18/13", setup("W 24:1 in:14 / B 7:2 in:13 / W")),
        ("AD305", 0),
    ),
    # The warning points at the move that made the hit, not at another move of the play.
    scenario(
        "intermediate-hit-in-second-move",
        record("1. 33: in/22(2) §24/18", setup("W 24:1 in:14 / B 4:1 in:14 / W")),
        ("AD311", 0),
    ),
    scenario(
        "intermediate-hit-marked-in-second-move",
        record("1. 33: in/22(2) 24/21*/18", setup("W 24:1 in:14 / B 4:1 in:14 / W")),
    ),
    # §4: 13/7*(2) is two checkers making the same trip, one of them hitting on 7.
    scenario("two-checkers-one-hit", record("1. 33: 13/7*(2)", TWO_ON_13)),
    scenario("two-checkers-one-hit-sixes", record("1. 66: in/19(2) 13/7*(2)", TWO_ON_13)),
    scenario("two-checkers-written-apart", record("1. 66: 13/7 13/7* in/19(2)", TWO_ON_13)),
    scenario("two-checkers-hit-unmarked", record("1. 33: §13/7(2)", TWO_ON_13), ("AD311", 0)),
    # §8 rule 5: bar first; the moves of a play may be written in any playable order.
    scenario(
        "bar-entry-written-last",
        record("1. 53: 13/8 bar/22*", setup("W 13:2 bar:1 in:12 / B 3:1 in:14 / W")),
    ),
    scenario(
        "bar-first-board-move",
        record("1. 53: §13/8 in/22", setup("W 13:2 bar:1 in:12 / B in:15 / W")),
        ("AD302", 0),
    ),
    scenario(
        "navy-bar-before-pool",
        record("1. 65: §in/19 in/20", rules("navy"), setup("W bar:1 in:14 / B in:15 / W")),
        ("AD302", 0),
    ),
    scenario(
        "navy-bar-then-pool",
        record("1. 65: bar/19 in/20", rules("navy"), setup("W bar:1 in:14 / B in:15 / W")),
    ),
    # early_moves=no is judged move by move: the last pool checker in, any checker may move.
    scenario(
        "navy-last-pool-checker-moves-on",
        record("1. 65: in/19/14", rules("navy"), setup("W in:1 19:14 / B in:15 / W")),
    ),
    scenario(
        "navy-last-pool-checker-then-other",
        record("1. 65: in/20 19/13", rules("navy"), setup("W in:1 19:14 / B in:15 / W")),
    ),
    scenario(
        "navy-moves-on-with-pool-left",
        record("1. 65: §in/20/14", rules("navy"), setup("W in:2 19:13 / B in:15 / W")),
        ("AD303", 0),
    ),
    scenario(
        "navy-board-move-with-pool-left",
        record("1. 65: in/20 §19/14", rules("navy"), setup("W in:2 19:13 / B in:15 / W")),
        ("AD303", 0),
    ),
    scenario(
        "standard-early-moves-allowed",
        record("1. 65: in/20/14", setup("W in:2 19:13 / B in:15 / W")),
    ),
    # §8 rule 9 and bearoff=exact (the bgammon preset).
    scenario(
        "standard-high-bearoff", record("1. 64: 5/off 5/1", setup("W 5:2 / B 19:2 in:13 / W"))
    ),
    scenario(
        "bgammon-no-high-bearoff",
        record("1. 64: §5/off 5/1", rules("bgammon"), setup("W 5:2 / B 19:2 in:13 / W")),
        ("AD307", 0),
    ),
    scenario(
        "bgammon-later-option-overrides",
        record(
            "1. 64: 5/off 5/1", rules("BGAMMON bearoff=high"), setup("W 5:2 / B 19:2 in:13 / W")
        ),
    ),
    scenario(
        "bgammon-nothing-playable",
        record("1. 65: --", rules("bgammon"), setup("W 3:1 2:1 / B 19:2 in:13 / W")),
    ),
    scenario(
        "bgammon-exact-only-pass-wrong",
        record("1. §41: --", rules("bgammon"), setup("W 3:1 2:1 / B 19:2 in:13 / W")),
        ("AD308", 0),
    ),
    # §8 rule 7: as many dice as possible; the larger die when only one can be played.
    scenario("too-few-dice", record("1. §61: in/19"), ("AD308", 0)),
    scenario("smaller-die", record("1. §65: 13/8", EITHER_DIE), ("AD309", 0)),
    scenario("larger-die-no", record("1. 65: 13/8", EITHER_DIE, rules("standard larger_die=no"))),
    scenario(
        "larger-die-no-still-one-die",
        record("1. §65: --", EITHER_DIE, rules("standard larger_die=no")),
        ("AD308", 0),
    ),
    scenario("pass-legal", record("1. 65: --", ON_BAR)),
    scenario("pass-illegal", record("1. §43: --", ON_BAR), ("AD308", 0)),
    # §8 rule 8: 1-2 with the 2 unplayable ends the turn: no =DD:.
    scenario("acey-deucey-two-unplayable", record("1. 21: in/24", NO_TWOS)),
    scenario("acey-deucey-two-unplayable-board", record("1. 21: 10/9", NO_TWOS)),
    scenario(
        "acey-deucey-two-unplayable-no-double",
        record("1. 21: in/24 §=66: in/19(4)", NO_TWOS),
        ("AD402", 0),
    ),
    scenario("acey-deucey-larger-die", record("1. 21: 13/11 1... 52: in/20 in/23", EITHER_ACEY)),
    # The chosen double played in part: the extra roll only under bonus_reroll=always.
    scenario("partial-double-full", record("1. 21: 13/12 12/10 =66: 10/4", PARTIAL_SIXES)),
    scenario(
        "partial-double-full-extra",
        record("1. 21: 13/12 12/10 =66: 10/4 §+53: in/20 in/22", PARTIAL_SIXES),
        ("AD405", 0),
    ),
    scenario(
        "partial-double-always",
        record("1. 21: 13/12 12/10 =66: 10/4 +53: in/20 in/22", ALWAYS, PARTIAL_SIXES),
    ),
    scenario(
        "partial-double-bgammon",
        record("1. 21: 13/12 12/10 =66: 10/4 +53: in/20 in/22", rules("bgammon"), PARTIAL_SIXES),
    ),
    scenario(
        "partial-double-always-missing",
        record("1. 21: 13/12 12/10 =66: 10/4§", ALWAYS, PARTIAL_SIXES),
        ("AD404", 0),
    ),
    scenario(
        "partial-double-written-shorter",
        record("1. 21: 13/12 12/10 §=66: --", PARTIAL_SIXES),
        ("AD308", 0),
    ),
    scenario(
        "full-double-always-extra",
        record("1. 21: in/24 in/23 =66: in/19(4) +53: in/20 in/22", ALWAYS),
    ),
    scenario(
        "acey-deucey-twice",
        record("1. 21: in/24 in/23 =66: in/19(4) +21: in/24 in/23 =55: in/20(4) +43: in/21 in/22"),
    ),
    scenario(
        "acey-deucey-twice-missing-second-extra",
        record("1. 21: in/24 in/23 =66: in/19(4) +21: in/24 in/23 =55: in/20(4)§"),
        ("AD404", 0),
    ),
    # §8 rule 10: the game ends when the 15th checker is off, even in the middle of a turn.
    scenario("ends-in-chosen-double", record("1. 21: 2/off 1/off", LAST_TWO, result="15-0")),
    scenario(
        "ends-mid-double",
        record(
            "1. 21: 3/1 2/1 =11: 1/off(2)", setup("W 3:1 2:1 / B 19:2 in:13 / W"), result="15-0"
        ),
    ),
    scenario(
        "moves-after-end", record("1. 21: 1/off §1/off", LAST_ONE, result="15-0"), ("AD501", 0)
    ),
    scenario("count-after-end", record("1. 11: §1/off(2)", LAST_ONE, result="15-0"), ("AD501", 0)),
    scenario(
        "extra-roll-after-end",
        record(
            "1. 21: 3/1 2/1 =11: 1/off(2) §+53: --",
            setup("W 3:1 2:1 / B 19:2 in:13 / W"),
            result="15-0",
        ),
        ("AD501", 0),
    ),
    # §6: a finished game carries the rules' result; an unfinished one * unless a Termination.
    scenario(
        "result-single",
        record("1. 21: 1/off", LAST_ONE, rules("standard score=single"), result="1-0"),
    ),
    scenario(
        "result-counts-pool-and-bar",
        record("1. 21: 1/off", setup("W 1:1 / B bar:1 19:2 18:3 / W"), result="6-0"),
    ),
    scenario(
        "result-wrong-count",
        record("1. 21: 1/off", setup("W 1:1 / B bar:1 19:2 18:3 / W"), result="§15-0"),
        ("AD502", 0),
    ),
    scenario(
        "finished-with-termination-still-checked",
        record("1. 21: 1/off", LAST_ONE, '[Termination "resignation"]', result="§1-0"),
        ("AD502", 0),
    ),
    scenario("unfinished-star", record(START_PLAY)),
    scenario(
        "unfinished-termination-black",
        record(START_PLAY, '[Termination "abandoned"]', result="0-5"),
    ),
    # §1: a game without its result token reads as '*', with a word that it may be cut short.
    scenario(
        "missing-result-token",
        record(f"§{START_PLAY}", '[Result "*"]', result=""),
        ("AD505", 0),
    ),
    # §7: opening ties; Black first with 1... and White's first turn 2.
    scenario(
        "opening-ties-white",
        record("1. 61: in/19 19/18  61: in/19 19/18 2. 51: 18/13 13/12", '[Opening "4-4 2-2 5-3"]'),
    ),
    scenario(
        "opening-ties-black",
        record("1... 61: in/19 19/18 2. 61: in/19 19/18", '[Opening "4-4 2-2 3-5"]'),
    ),
    scenario(
        "opening-ties-black-wrong-first",
        record("§1. 61: in/19 19/18", '[Opening "4-4 2-2 3-5"]'),
        ("AD204", 0),
    ),
    scenario(
        "black-first-no-opening",
        record("1... 61: in/19 19/18 2. 61: in/19 19/18  51: 18/13 13/12 3. 51: in/20 in/24"),
    ),
    scenario(
        "black-first-white-numbered-1",
        record("1... 61: in/19 19/18 §1. 61: in/19 19/18"),
        ("AD201", 0),
    ),
    scenario(
        "black-first-black-numbered-again",
        record("1... 61: in/19 19/18 2. 61: in/19 19/18 2... 51: 18/13 13/12"),
    ),
    scenario(
        "setup-any-first-number",
        record("17... 61: in/19 19/18 18. 61: in/19 19/18", setup("W in:15 / B in:15 / B")),
    ),
    # §4: a Black turn needs N... only where no White turn of its number stands before it.
    scenario(
        "black-unnumbered-after-variation",
        record("1. 61: in/19 19/18 (1. 52: in/20 in/23) 61: in/19 19/18\n2. 51: 18/13 13/12"),
    ),
    scenario(
        "black-unnumbered-after-comment",
        record("1. 61: in/19 19/18 {a comment} 61: in/19 19/18\n2. 51: 18/13 13/12"),
    ),
    # §1, §3, §4: rolls in any order, keywords in any case, tabs are white space.
    scenario("roll-low-die-first", record("1. 12: in/24 in/23 =66: in/19(4) +35: in/20 in/22")),
    scenario("keywords-any-case", record("1. 16: IN/19 19/18  61: In/19 19/18!! $3")),
    scenario(
        "bear-off-keyword-case",
        record("1. 65: 6/OFF 5/Off", setup("W 6:1 5:1 / B in:15 / W"), result="15-0"),
    ),
    scenario("tabs", record("1.\t61:\tin/19\t§19/17"), ("AD304", 0)),
    # §6, choice 19: a game a Termination ended may end in the middle of its last turn.
    scenario(
        "resigned-before-naming-the-double",
        record("1. 21: in/24 in/23", '[Termination "resignation"]', result="0-15"),
    ),
    scenario(
        "out-of-time-before-the-extra-roll",
        record("1. 21: in/24 in/23 =66: in/19(4)", '[Termination "time"]', result="0-15"),
    ),
    scenario("unfinished-before-the-double", record("1. 21: in/24 in/23§"), ("AD401", 0)),
    scenario(
        "terminated-but-cut-before-its-last-turn",
        record(
            "1. 21: in/24 in/23§  43: in/21 in/22", '[Termination "resignation"]', result="0-15"
        ),
        ("AD401", 0),
    ),
    scenario(
        "terminated-but-cut-in-a-variation",
        record(
            "1. 61: in/19 19/18 (1. 21: in/24 in/23§)  61: in/19 19/18",
            '[Termination "abandoned"]',
            result="0-1",
        ),
        ("AD401", 0),
    ),
    # §2: the first of two tags counts.
    scenario(
        "duplicate-rules-first-counts",
        record("1. 61: in/19 §19/18", rules("navy"), '§[Rules "standard"]'),
        ("AD101", 0),
        ("AD303", 1),
    ),
]


@pytest.mark.parametrize("case", SCENARIOS, ids=[case.name for case in SCENARIOS])
def test_scenario(case: Scenario) -> None:
    text, marks = locate(case.text)
    expected = sorted((code, *marks[index]) for code, index in case.expected)
    assert sorted(found(text)) == expected


# -- variations (§4): validated from the position before the turn they replace -----

MAIN = "1. 61: in/19 19/18 1... 61: in/19 19/18\n2. 51: 18/13 13/12 {V} 2... 62: 18/12 12/10\n"


def variation_record(variation: str) -> str:
    return record(MAIN.replace("{V}", variation))


@pytest.mark.parametrize(
    "variation",
    [
        "(2. 51: 18/13 in/24)",  # legal only from before 2. (18 is empty after it)
        "(2. 51: 18/13/12)",
        "(2. 51: 18/13 in/24 (2. 66: in/19(4)))",  # a nested variation replaces the variation's turn
        "(2. 51: in/20 in/24 2... 31: 18/15 15/14)",  # goes on with Black's reply
        "(2. 51: in/20 in/24  31: 18/15 15/14 3. 21: 20/19 19/17 =66: in/19(4) +52: in/20 in/23)",
    ],
)
def test_legal_variation(variation: str) -> None:
    assert found(variation_record(variation)) == []


@pytest.mark.parametrize(
    ("variation", "code"),
    [
        ("(2. 51: §12/7 in/24)", "AD301"),  # 12 is White's only after 2. is played
        ("(2. 51: 18/13 in/24 (2. 66: in/19(3) §13/7))", "AD301"),
        ("(§2... 51: in/20 in/24)", "AD202"),
        ("(§3. 51: in/20 in/24)", "AD201"),
        ("(2. 51: in/20 in/24 2... 31: §12/9 9/8)", "AD301"),  # Black has no checker on 12
        ("(2. 51: in/20 in/24  31: 18/15 15/14  §42: 20/16 24/22)", "AD203"),
        ("(2. 21: in/24 in/23§)", "AD401"),
    ],
)
def test_illegal_variation(variation: str, code: str) -> None:
    text, marks = locate(variation_record(variation))
    assert found(text) == [(code, *marks[0])]


@pytest.mark.parametrize("case", CASES[::3], ids=[case.id for case in CASES[::3]])
def test_bom_and_crlf_change_no_position(case: Case) -> None:
    # §1: a leading BOM is ignored; LF or CRLF line ends.
    text, _ = locate(case.bad)
    assert found("\ufeff" + text.replace("\n", "\r\n")) == found(text)


def test_a_model_with_two_rolls_in_one_turn_is_reported() -> None:
    game = parse_game("1. 64: in/19 in/21 43: in/21 in/22\n*\n")
    white, black = game.turns
    white.segments += black.segments
    game.turns = [white]
    report = validate(game)
    assert [d.code.code for d in report.diagnostics] == ["AD100"]
    assert "a turn has one roll" in report.diagnostics[0].message


@pytest.mark.parametrize(
    ("movetext", "tag", "code"),
    [
        ("1. 61: in/19 19/18 §2...§ 61: in/19 19/18", "", "AD201"),
        ("1. 61: in/19 19/18 §2.§ 61: in/19 19/18", "", "AD202"),
        ("§1.§ 61: in/19 19/18", '[Opening "3-5"]', "AD204"),
        ("1. 61: in/19 19/18 1... 61: in/19 19/18 (§12...§ {why} 51: in/20 20/19)", "", "AD201"),
    ],
)
def test_a_wrong_move_number_is_marked_on_the_number_alone(
    movetext: str, tag: str, code: str
) -> None:
    # The span was the whole half-turn, so an editor underlined the play as well.
    text, (start, end) = locate(record(movetext, tag) if tag else record(movetext))
    (diagnostic,) = validate(parse_game(text)).diagnostics
    span = diagnostic.span
    assert (diagnostic.code.code, span.line, span.column) == (code, *start)
    assert (span.end_line, span.end_column) == end


@pytest.mark.parametrize(
    ("movetext", "counted"),
    [
        ("1. 61: in/19 19/18 2... 61: in/19 19/18", 1),
        ("1. 64: in/19 in/21  43: in/21 in/22\n3. 55: in/20(4)", 2),
        ("1. 61: in/19 19/18 1... 61: in/19 19/18 (12... 51: in/20 20/19)", 1),
    ],
)
def test_a_wrong_move_number_carries_the_number_counted(movetext: str, counted: int) -> None:
    """The number its message says in words is the diagnostic's too: the language server's
    fix writes it from there, not from the words."""
    (diagnostic,) = validate(parse_game(record(movetext))).diagnostics
    assert diagnostic.counted_number == counted
    assert diagnostic.message.rstrip(".").endswith(f" {counted}")


@pytest.mark.parametrize(
    "movetext",
    [
        "1. §61: in/19§ {one die, not two} $2",
        "1. §61: in/19§ ?",
        "1. 61: in/19 in/24 §=22: in/23 in/23§ {after no 1-2}",
    ],
)
def test_a_play_s_problem_is_marked_on_its_roll_and_moves_alone(movetext: str) -> None:
    """AD308 (and every problem of a whole segment) stood over the glyphs, NAGs and comments
    after the play too, so an editor underlined the annotation as well (found in an editor
    trial)."""
    text, (start, end) = locate(record(movetext))
    diagnostic = validate(parse_game(text)).diagnostics[0]
    span = diagnostic.span
    assert (span.line, span.column, span.end_line, span.end_column) == (*start, *end)
