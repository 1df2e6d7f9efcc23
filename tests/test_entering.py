"""The recording model without the screen: segments checked where the line ends, what is
saved of a typed play, the plays a typed play can become, and several segments in one line."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from aceynote.entering import EntryProblem, Recording, TypedRoll, entries_in
from aceynote.entering.check import Checked, check_segment
from aceynote.entering.entry_line import read_roll
from aceynote.notation import Game, Segment, Turn, parse_game
from aceynote.notation.generate import generate_games
from aceynote.notation.lines import new_game
from aceynote.notation.segment_entry import parse_segment
from aceynote.notation.writer import segment_text, segment_words, write_game
from aceynote.rules import (
    Play,
    Position,
    RuleSet,
    SegmentKind,
    Step,
    TurnState,
    legal_plays,
    place_name,
    play_text,
    roll_dice,
)
from aceynote.validation import diagnostics as codes
from aceynote.validation import validate


def positions(games: int, seed: int, every: int = 1) -> Iterator[tuple[Position, Segment]]:
    """The position before each segment of generated games (its mover to play), and the segment."""
    for game in generate_games(games, seed, RuleSet()):
        for index, replay in enumerate(validate(game).segments):
            if index % every == 0:
                yield replay.before.with_turn(replay.before.turn), replay.segment


# -- several segments in one line ------------------------------------------------------------
@pytest.mark.parametrize(
    ("line", "entries"),
    [
        ("64: in/19 in/21  43: in/21 in/22", ["64: in/19 in/21", "43: in/21 in/22"]),
        (
            "1. 64: in/19 in/21 43: in/21 in/22 2. 21: in/24 in/23 =66: 19/13(2) +53: in/20",
            [
                "1. 64: in/19 in/21",
                "43: in/21 in/22",
                "2. 21: in/24 in/23",
                "=66: 19/13(2)",
                "+53: in/20",
            ],
        ),
        ("1...  43: in/21 in/22", ["1...  43: in/21 in/22"]),  # the number goes with the roll
        ("64 in/19 2. 43 3...", ["64 in/19", "2. 43", "3..."]),
        ("64 in/19 in/21 43: in/21", ["64 in/19 in/21", "43: in/21"]),  # the first without colon
        ("64: in/19 {a 43: b} in/21 53: x", ["64: in/19 {a 43: b} in/21", "53: x"]),
        ("  33  ", ["33"]),
        ("", []),
    ],
)
def test_a_line_holds_the_segments_the_notation_reads_in_it(line: str, entries: list[str]) -> None:
    assert [line[start:end] for start, end in entries_in(line)] == entries


# -- what is saved is what was typed --------------------------------------------------------
@pytest.mark.parametrize(
    ("setup", "typed", "saved"),
    [
        (None, "54: in/20/16", "54: in/20/16"),
        (None, "54: in/16", "54: in/16"),
        ("W 21:1 in:14 / B in:15 / W", "66: 21/15/9 in/19 19/13", "66: 21/15/9 in/19 19/13"),
        # Black's 13 sees White's blot on Black's 10; White holds Black's 12, so 13/9 goes by 10.
        ("W 15:1 13:2 in:12 / B 13:1 in:14 / B", "31: 13/9", "31: 13/10*/9"),
        ("W 15:1 13:2 in:12 / B 13:1 in:14 / B", "31: 13/10/9", "31: 13/10*/9"),
        ("W 15:1 in:14 / B 13:1 in:14 / B", "31: 13/10 10/9", "31: 13/10* 10/9"),
        ("W 6:1 in:14 / B in:15 / B", "66: in/19(2) 19/13(2)", "66: in/19*(2) 19/13(2)"),
    ],
)
def test_a_play_is_saved_as_typed_with_its_hits_marked(
    setup: str | None, typed: str, saved: str
) -> None:
    tags = [("Setup", setup)] if setup else [("Opening", "5-3")]
    recording = Recording.at_end(new_game(tags))
    segment = recording.enter(typed)
    assert isinstance(segment, Segment), segment
    assert segment_text(segment) == saved
    assert validate(recording.game).diagnostics == []


# -- one check of the new segment, the same as replaying the whole game ------------------------
def _full_replay_problem(recording: Recording, text: str) -> str | None:
    """What the recorder said before: the first new error of the whole game replayed with it."""
    expects = recording.state.expects
    assert expects is not None
    segment = parse_segment(text, expects)
    known = set(validate(recording.game).diagnostics)
    turns = recording.turns
    if expects is SegmentKind.ROLL:
        turns.append(Turn(recording.mover, recording.next_number(), [segment]))
    else:
        turns[-1].segments.append(segment)
    try:
        owed = {
            codes.MISSING_DOUBLE,
            codes.MISSING_EXTRA,
            codes.WRONG_RESULT,
            codes.RESULT_TAG_MISMATCH,
            codes.UNFINISHED_RESULT,
        }
        new = [
            d
            for d in validate(recording.game).diagnostics
            if d.is_error and d.code not in owed and d not in known
        ]
    finally:
        if expects is SegmentKind.ROLL:
            turns.pop()
        else:
            turns[-1].segments.pop()
    return new[0].message if new else None


def _wrong_plays(position: Position, segment: Segment, rng: random.Random) -> list[str]:
    """Plays of this roll as a player might get them wrong: a die left out, another roll's play."""
    plays = list(legal_plays(position, roll_dice(segment.high, segment.low), RuleSet()).values())
    other = rng.choice([(6, 5), (4, 2), (3, 3), (5, 1)])
    wrong = [play_text(play.steps[:-1]) for play in plays[:2] if play.steps]
    wrong += [
        play_text(p.steps) for p in legal_plays(position, roll_dice(*other), RuleSet()).values()
    ][:2]
    return [text for text in wrong if text != "--"]


def test_the_entry_check_says_what_a_replay_of_the_whole_game_says() -> None:
    rng = random.Random(5)
    for game in generate_games(3, 21, RuleSet()):
        recording = Recording.at_end(new_game([("Opening", game.tag("Opening") or "")]))
        for turn in game.turns:
            for segment in turn.segments:
                prefix = " ".join(segment_words(segment)[:1])
                for play in _wrong_plays(recording.state.position, segment, rng):
                    text = f"{prefix} {play}"
                    expected = _full_replay_problem(recording, text)
                    got = recording.enter(text)
                    if isinstance(got, Segment):  # legal after all: take it back
                        assert expected is None, text
                        recording.undo()
                    else:
                        assert got.message == expected, text
                entered = recording.enter(" ".join(segment_words(segment)))
                assert isinstance(entered, Segment)
                assert recording.report.diagnostics == validate(recording.game).diagnostics


# -- the plays a typed play can become: the entry's own reading ---------------------------------
def _chains(steps: tuple[Step, ...]) -> list[list[Step]]:
    """The steps of a play grouped by checker, in order (a step from where another ended goes on)."""
    chains: list[list[Step]] = []
    for step in steps:
        going_on = next((c for c in chains if c[-1].dest == step.source), None)
        if going_on is not None:
            going_on.append(step)
        else:
            chains.append([step])
    return chains


def _trip(chain: list[Step], every_stop: bool) -> str:
    stops = chain if every_stop else chain[-1:]
    return place_name(chain[0].source) + "".join(
        f"/{place_name(step.dest)}{'*' if step.hit else ''}" for step in stops
    )


def writings(play: Play) -> Iterator[str]:
    """Ways a player may write ``play``: as listed, in another order, chains as trips, no marks."""
    canonical = play_text(play.steps)
    yield canonical
    if not play.steps:
        return
    yield " ".join(reversed(canonical.split()))
    yield canonical.replace("*", "")
    yield " ".join(str(step) for step in play.steps)  # counts written out
    chains = _chains(play.steps)
    yield " ".join(_trip(chain, every_stop=True) for chain in chains)
    yield " ".join(_trip(chain, every_stop=False) for chain in chains)


def _roll(position: Position, segment: Segment) -> TypedRoll:
    typed = read_roll(
        f"{segment.high}{segment.low}:", TurnState.begin(position, RuleSet()), RuleSet()
    )
    assert isinstance(typed, TypedRoll)
    return typed


def _prefixes(writing: str, every_character: bool) -> Iterator[str]:
    """What is on the line while ``writing`` is typed: each character, or each word and space."""
    if every_character:
        yield from (writing[:end] for end in range(1, len(writing) + 1))
        return
    words = writing.split()
    for count in range(1, len(words) + 1):
        yield " ".join(words[:count])
        yield " ".join(words[:count]) + " "


@pytest.mark.slow
def test_every_writing_the_entry_accepts_lists_its_play() -> None:
    checked = 0
    for position, segment in positions(3, 3, every=3):
        typed = _roll(position, segment)
        dice = roll_dice(segment.high, segment.low)
        for play in list(legal_plays(position, dice, RuleSet()).values())[:3]:
            for number, writing in enumerate(dict.fromkeys(writings(play))):
                written = parse_segment(f"{segment.high}{segment.low}: {writing}", SegmentKind.ROLL)
                entered = check_segment(written, TurnState.begin(position, RuleSet()), RuleSet())
                if not isinstance(entered, Checked) or entered.play.result != play.result:
                    continue
                listed = play_text(play.steps)
                for so_far in _prefixes(writing, every_character=number == 0):
                    assert listed in typed.matching(so_far), (position, writing, so_far)
                checked += 1
    assert checked > 300


def test_a_refused_entry_says_why_without_the_validators_replay_note() -> None:
    """The validator goes on past an illegal play and says how; the entry is refused."""
    position = Position.from_setup("W 10:2 in:13 / B 18:1 in:14 / B")  # 18/15 lands on 10
    written = parse_segment("31: 18/15 in/24", SegmentKind.ROLL)
    refused = check_segment(written, TurnState.begin(position, RuleSet()), RuleSet())
    assert isinstance(refused, EntryProblem) and "cannot land there" in refused.message
    assert "replay" not in refused.message


def test_typing_narrows_the_plays_in_any_order_with_counts_chains_and_marks() -> None:
    # White to play 66: two on 24, one on 19 and 13, 11 in the pool; Black's blot on White's 12.
    position = Position.from_setup("W 24:2 19:1 13:1 in:11 / B 13:1 in:14 / W")
    typed = read_roll("66:", TurnState.begin(position, RuleSet()), RuleSet())
    assert isinstance(typed, TypedRoll)
    assert typed.matching("") == list(typed.plays)
    assert all("19/13" in play for play in typed.matching("19/13 "))
    assert typed.matching("19/13 19/13 in/19 in") == ["in/19(2) 19/13(2)"]
    assert typed.matching("in/19/13 in/19/13") == ["in/19(2) 19/13(2)"]  # trips through 19
    # A count closed on the word still being typed counts (in/19(2) listed in/19 24/18 too).
    two = typed.matching("in/19(2)")
    assert two == typed.matching("in/19(2) ") and two
    assert all("in/19(2)" in play or "in/19(3)" in play or "in/19(4)" in play for play in two)
    assert typed.matching("in/19(4)") == ["in/19(4)"]
    # A count still being typed counts too: in/19(4 can only become in/19(4).
    assert typed.matching("in/19(4") == ["in/19(4)"]
    assert typed.matching("in/19(") == typed.matching("in/19")
    # More checkers than dice, or none, is no play (and a huge count costs nothing).
    assert typed.matching("in/19(5") == typed.matching("in/19(0") == []
    assert typed.matching("in/19(10000000000") == []
    # 24/12 goes by 18 and hits on 12: with or without the mark, not with a wrong one.
    by_trip = typed.matching("24/12 ")
    assert by_trip == typed.matching("24/12* ") == typed.matching("24/18 18/12* ")
    assert by_trip and all("18/12*" in play for play in by_trip)
    assert typed.matching("24/18* ") == []
    # One checker on 13: a second 13/7 only once 19/13 has brought one there (in any order).
    assert all("19/13 13/7(2)" in play for play in typed.matching("13/7 13"))
    assert typed.matching("5/1") == []
    assert typed.matching("-") == []  # 66 can be played


def test_a_pass_is_listed_when_nothing_can_be_played() -> None:
    closed = Position.from_setup("W bar:1 6:14 / B 6:2 5:2 4:2 3:2 2:2 1:2 in:3 / W")
    typed = read_roll("33:", TurnState.begin(closed, RuleSet()), RuleSet())
    assert isinstance(typed, TypedRoll) and typed.plays == ("--",)
    assert typed.matching("-") == typed.matching("--") == ["--"]
    assert typed.matching("bar/22") == []


# -- the prompt's example fits what comes next ---------------------------------------------------
def test_the_example_at_each_prompt_is_an_entry_it_takes() -> None:
    recording = Recording.at_end(new_game([("Opening", "5-3")]))
    for text in ("64: in/19 in/21", "43: in/21 in/22", "21: in/24 in/23"):
        assert isinstance(recording.enter(text), Segment)
    assert recording.state.expects is SegmentKind.CHOSEN_DOUBLE
    examples = []
    for _ in range(3):
        example = recording.example()
        examples.append(example)
        assert isinstance(recording.enter(example), Segment), example
    assert examples[0].startswith("=") and examples[1].startswith("+")
    assert not examples[2].startswith(("=", "+"))
    game: Game = recording.game
    assert validate(game).errors == 0


def test_a_promoted_variation_leaves_the_turns_it_replaced_numbered() -> None:
    """The replaced line's first turn, a Black turn, opened the new variation without its
    number: AD203 in the app until the file was read again (the file was written right)."""
    from aceynote.notation.lines import promote_variation

    game = parse_game(
        "1. 64: in/19 in/21  53: in/20 in/22 (1... 43: in/21 in/22 2. 65: in/19 in/20) *\n"
    )
    assert validate(game).errors == 0
    promote_variation(game, (1, 0))
    assert validate(game).errors == 0
    assert validate(parse_game(write_game(game))).errors == 0
