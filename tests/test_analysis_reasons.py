"""Why a play was worse, in the words of the board: the counts of aceynote.rules.replies
checked against every one of the 36 rolls played out by the rules, and the sentences of
aceynote.analysis.reasons on positions built for each kind of reason."""

from __future__ import annotations

import json
import random
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from analysed_games import short_game, write_short_games
from boards import BGAMMON, EXACT, STANDARD, after, board
from conftest import run_main

from aceynote.analysis.arrangement import Shape
from aceynote.analysis.leaves import COUNTED, FACT_NAMES, PlayFacts, play_facts
from aceynote.analysis.output import analysis_json, analysis_text, document
from aceynote.analysis.reasons import Given, compare, describe, reason
from aceynote.analysis.run import analyze_one
from aceynote.engine.decisions import Decision, choices
from aceynote.rules import (
    Position,
    RuleSet,
    SegmentKind,
    Side,
    TurnState,
    legal_plays,
    parse_rules,
    roll_dice,
)
from aceynote.rules.position import SLOTS
from aceynote.rules.randomgame import play_random_game
from aceynote.rules.replies import Prime, Replies, blots, longest_prime, replies
from aceynote.validation import validate


def played_out(position: Position, rules: RuleSet) -> Replies:
    """The 36 rolls one by one, each play's steps as the rules give them: a roll hits when a
    step of one of its plays hits, and wins when a play wins; a 1-2 goes on, as the turn
    flow says, to every double and its plays."""
    hits = wins = 0
    for first in range(1, 7):
        for second in range(1, 7):
            plays = _plays_of_roll(position, first, second, rules)
            hits += any(step.hit for play in plays for step in play.steps)
            wins += any(play.result.winner is position.turn for play in plays)
    return Replies(hits, wins)


def _plays_of_roll(position: Position, first: int, second: int, rules: RuleSet) -> list:
    high, low = max(first, second), min(first, second)
    found = []
    for play in legal_plays(position, roll_dice(high, low), rules).values():
        found.append(play)
        state = TurnState(position, rules).played(SegmentKind.ROLL, high, low, play)
        if state.expects is SegmentKind.CHOSEN_DOUBLE:
            for die in range(1, 7):
                found += legal_plays(play.result, roll_dice(die, die), rules).values()
    return found


# A White blot on its 10 point and one Black checker 6 pips from it (Black's 21 is
# White's 4); every other checker borne off.
SIX_AWAY = "W 10:1 / B 21:1 / B"


def test_a_blot_six_pips_away_is_hit_by_19_rolls() -> None:
    # Any 6 (11), 5-1 and 4-2 (4), 3-3 and 2-2, and the 1-2 with a 33 named after it (2).
    # Black wins at once with 66 (21 pips, the last 6 off the 3 point) and with the 1-2 and a
    # 66 named after it: 3 rolls; under bearoff=exact a 6 cannot bear off from the 3 point.
    position = board(SIX_AWAY)
    assert replies(position, STANDARD) == Replies(19, 3)
    assert replies(position, STANDARD) == played_out(position, STANDARD)


def test_the_acey_deucey_counts_with_the_double_named_after_it() -> None:
    # 9 pips: the 1-2 alone (3 pips) never reaches, its 1 and 2 and a named 33 (9) do.
    position = board("W 13:1 / B 21:1 / B")
    counted = replies(position, STANDARD)
    assert counted == played_out(position, STANDARD)
    plain = legal_plays(position, roll_dice(2, 1), STANDARD).values()
    assert not any(step.hit for play in plain for step in play.steps)
    with_double = _plays_of_roll(position, 2, 1, STANDARD)
    assert any(step.hit for play in with_double for step in play.steps)


def test_checkers_in_the_pool_enter_and_hit_on_the_home_points() -> None:
    # Black's checkers in the pool enter on White's points 1..6: a blot on White's 3 point.
    position = board("W 3:1 13:14 / B in:15 / B")
    counted = replies(position, STANDARD)
    assert counted.hits >= 11  # every roll with a 3 enters on it
    assert counted == played_out(position, STANDARD)


def test_a_roll_that_bears_off_the_last_checker_is_a_win() -> None:
    position = board("W 20:1 / B 2:1 1:1 / B")
    counted = replies(position, STANDARD)
    assert counted.wins == played_out(position, STANDARD).wins
    assert counted.wins == 36  # two checkers on the 1 and 2 points: every roll bears both off
    exact = replies(position, EXACT)
    assert exact == played_out(position, EXACT) and exact.wins < 36


@pytest.mark.parametrize("rules", [STANDARD, BGAMMON], ids=["standard", "bgammon"])
def test_counts_over_generated_games_agree_with_the_rolls_played_out(rules: RuleSet) -> None:
    game = play_random_game(random.Random(7), rules)
    positions = [
        segment.play.result.with_turn(turn.side.opponent)
        for turn in game.turns[::5]
        for segment in turn.segments
        if segment.play.result.winner is None
    ]
    assert len(positions) > 10
    assert sum(replies(p, rules).hits for p in positions) > 0
    for position in positions:
        assert replies(position, rules) == played_out(position, rules), position.to_setup()


def test_blots_and_the_longest_prime_with_the_checkers_it_holds() -> None:
    # White holds 4..8 (a 5-point prime); Black has 2 on White's 2 point (its 23), 1 on the bar
    # and 2 in the pool behind it, and 10 past it.
    position = board("W 8:2 7:2 6:2 5:2 4:2 11:1 13:4 / B 23:2 bar:1 in:2 1:10 / W")
    assert blots(position, Side.WHITE) == [11]
    prime = longest_prime(position, Side.WHITE)
    assert (prime.low, prime.high, prime.length, prime.holds) == (4, 8, 5, 5)
    # A prime short of the 6 point holds nothing that is still to enter.
    short = board("W 5:2 4:2 3:2 in:9 / B 23:1 in:14 / W")
    assert longest_prime(short, Side.WHITE).holds == 1
    beyond = board("W 11:2 10:2 9:2 in:9 / B 23:1 in:14 / W")
    assert longest_prime(beyond, Side.WHITE).holds == 15


def test_the_facts_of_a_play() -> None:
    before = board("W 8:2 7:2 6:2 13:9 / B 20:1 in:14 / W")
    written = after(before, "13/9 9/7")
    facts = play_facts(before, written, True, STANDARD)
    assert facts.blots == 0 and facts.shots == 0 and facts.made == () and facts.given_up == ()
    assert facts.prime == 3 and facts.pool == 0 and facts.opponent_pool == 14
    broken = play_facts(before, after(before, "8/2 8/3"), True, STANDARD)
    assert broken.given_up == (8,) and broken.blots == 2 and broken.shots is not None
    assert broken.prime == 2 and broken.pips == before.pip_count(Side.WHITE) - 11
    going_on = play_facts(before, after(before, "8/2 8/3"), False, STANDARD)
    assert going_on.shots is None and going_on.opponent_wins is None


def facts(**given: object) -> PlayFacts:
    plain = dict(
        blots=0,
        shots=0,
        opponent_wins=0,
        made=(),
        given_up=(),
        prime=0,
        prime_holds=0,
        hits=0,
        pool=0,
        opponent_bar=0,
        opponent_pool=0,
        pips=100,
        race=0,
        borne_off=0,
        off=0,
        wins=False,
        contact=True,
        outside=0,
        gaps=(),
        shape=Shape((0,) * SLOTS, (0,) * SLOTS),  # no checker: no arrangement differs
    )
    return PlayFacts(**{**plain, **given})  # type: ignore[arg-type]


def test_the_sentence_for_shots() -> None:
    written = facts(blots=2, shots=20)
    assert compare(written, facts()) == (
        "leaves 2 blots that 20 of 36 rolls hit (the best play leaves no blot)"
    )
    assert compare(written, facts(blots=1, shots=11)).endswith(
        "(the best play leaves 1 blot that 11 rolls hit)"
    )


def test_the_sentence_for_a_win_and_a_win_given() -> None:
    assert compare(facts(borne_off=1), facts(borne_off=2, wins=True)) == (
        "bears off 1 checker where the best bears off 2 and wins"
    )
    assert compare(facts(opponent_wins=11), facts()) == (
        "lets the opponent win at once with 11 of 36 rolls (the best play: none)"
    )


def test_a_race_is_described_by_its_pips_and_checkers_off_never_by_blots() -> None:
    before = board("W 8:2 6:3 5:2 3:2 2:1 / B 7:2 5:3 4:3 1:2 / W")
    race = play_facts(before, after(before, "8/2 6/4"), True, STANDARD)
    assert not race.contact and race.blots == 2 and race.race == -1
    assert race.outside == 1 and race.gaps == (1,)
    assert describe(race) == (
        "leaves a race 1 pip behind; 1 checker still outside the home board; a gap on the 1 point"
    )
    off = play_facts(before, after(before, "6/off 2/off"), True, STANDARD)
    assert off.outside == 2 and off.gaps == (4, 2, 1)
    assert describe(off) == (
        "leaves a race 1 pip behind; bears off 2 checkers; 2 checkers still outside the home "
        "board; gaps on the 4 point, the 2 point and the 1 point"
    )
    fighting = board("W 8:2 6:3 13:10 / B 20:1 in:14 / W")
    contact = play_facts(fighting, after(fighting, "8/2 6/4"), True, STANDARD)
    assert contact.contact and describe(contact).startswith("leaves 3 blots that 28 of 36")


def test_between_two_races_only_the_win_the_checkers_off_and_the_pips_count() -> None:
    race = {"contact": False}
    assert compare(facts(**race, blots=3, given_up=(5,)), facts(**race, made=(4,), prime=4)) == (
        "is as far on in the race as the best play: the engine prefers how the best play "
        "spreads the checkers to bear off"
    )
    assert compare(facts(**race, blots=2, race=-3), facts(**race, borne_off=1, race=3)) == (
        "bears off none where the best bears off 1; falls 6 pips behind the best play in the race"
    )
    assert compare(facts(**race, outside=2, gaps=(3,)), facts(**race, outside=1)) == (
        "leaves 2 checkers outside the home board where the best leaves 1; "
        "leaves a gap on the 3 point (the best play: none)"
    )
    kept = compare(facts(blots=1, shots=11), facts(**race, blots=2))
    assert (
        kept == "leaves 1 blot that 11 of 36 rolls hit (the best play leaves a race level in pips)"
    )


def test_the_sentence_for_a_prime_and_points() -> None:
    assert compare(facts(prime=2), facts(prime=6, prime_holds=3), Given(Prime(10, 15, 6, 3))) == (
        "breaks the 6-point prime (the best play keeps it)"
    )
    assert compare(facts(), facts(prime=4, prime_holds=2)) == (
        "builds no prime where the best builds a 4-point prime with 2 of the opponent's "
        "checkers behind it"
    )
    assert compare(facts(given_up=(7,)), facts(made=(5,))) == (
        "does not make the 5 point (the best play does); "
        "gives up the 7 point (the best play keeps it)"
    )


def test_the_sentence_for_hits_pool_off_and_race_and_none() -> None:
    assert compare(facts(), facts(hits=1)) == "hits none where the best hits 1"
    assert (
        compare(facts(pool=3), facts(pool=2))
        == "leaves 3 checkers in the pool where the best leaves 2"
    )
    assert (
        compare(facts(borne_off=1), facts(borne_off=2)) == "bears off 1 where the best bears off 2"
    )
    assert compare(facts(race=-4), facts(race=2)) == "falls 6 pips behind the best play in the race"
    # 'hint samples/setup-bearoff.acey --turn 3 --explain' said "falls 1 pips behind".
    assert compare(facts(race=1), facts(race=2)) == "falls 1 pip behind the best play in the race"
    assert compare(facts(), facts()) == NOTHING_COUNTED


NOTHING_COUNTED = (
    "is no worse than the best play in shots, points, prime, hits, the pool, the race or where its "
    "checkers stand: "
    "the engine prefers the best play's position as a whole"
)


def test_a_play_worse_in_nothing_counted_is_not_said_to_leave_the_same_blots() -> None:
    """in/20 in/23 against in/20 20/18 on the first roll: two blots no roll hits against one,
    one checker fewer in the pool; the sentence said they left the same blots."""
    written, best = facts(blots=2, shots=0, pool=13), facts(blots=1, shots=0, pool=14)
    assert compare(written, best) == NOTHING_COUNTED


def test_one_play_described_alone() -> None:
    assert describe(facts(blots=1, shots=11, made=(5,))) == (
        "leaves 1 blot that 11 of 36 rolls hit; makes the 5 point"
    )
    assert describe(facts(wins=True)) == "wins on the spot"


def test_every_marked_decision_of_an_analysis_says_why() -> None:
    game = short_game()
    report = validate(game)
    analysis = analyze_one(1, game, depth=0)
    jsonschema.validate(document([analysis_json(analysis)]), analysis_schema())
    replays = report.main_line()
    marked = analysis.marked
    assert marked and all(d.reason is None for d in analysis.decisions if not d.mark)
    for decision in marked:
        replay = replays[decision.ply - 1]
        passes = replay.after.turn is not replay.before.turn
        written = play_facts(replay.before, replay.after, passes, report.rules)
        reason = decision.reason
        assert reason is not None and reason.written == written
        prime = longest_prime(replay.before, replay.before.turn)
        compared = compare(written, reason.best, Given(prime))
        if decision.kind is SegmentKind.CHOSEN_DOUBLE:  # the doubles named may come first
            assert reason.text.endswith(compared)  # (test_analysis_reason_shape: the doubles)
        else:
            assert reason.text == compared
        facts_json = reason.as_dict()["written"]
        assert tuple(facts_json) == FACT_NAMES
        assert facts_json["stranded"] == list(written.shape.stranded)
        assert facts_json["builder_points"] == written.shape.builder_points
    text = analysis_text(analysis)
    assert all(d.reason and f"    why: {d.reason.text}" in text for d in marked)


def analysis_schema() -> dict[str, Any]:
    text = resources.files("aceynote.analysis").joinpath("analysis.schema.json").read_text()
    return json.loads(text)  # type: ignore[no-any-return]


def test_a_reason_from_the_engine_s_choices_counts_the_rolls_played_out() -> None:
    # With 31, 13/10 10/9 leaves three blots (9, 8, 6); 8/5 6/5 makes the 5 point and leaves none.
    before = board("W 13:3 8:1 6:1 / B 21:2 in:13 / W")
    options = choices(Decision(before, SegmentKind.ROLL), 3, 1, STANDARD)
    by_result = {option.play.result: option for option in options}
    written = by_result[after(before, "13/10 10/9")]
    best = by_result[after(before, "8/5 6/5")]
    found = reason(before, written, best, STANDARD, loss=0.5)
    shots = played_out(written.play.result.with_turn(Side.BLACK), STANDARD).hits
    assert found.written.blots == 3 and found.written.shots == shots > 0
    assert found.best.made == (5,) and found.best.blots == 0 and found.best.shots == 0
    assert found.text == (
        f"leaves 3 blots that {shots} of 36 rolls hit (the best play leaves no blot); "
        "does not make the 5 point (the best play does)"
    )


def test_explain_all_gives_every_decision_a_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = write_short_games(tmp_path / "short.acey")
    words = ["analyze", str(record), "--depth", "0", "--format", "json"]
    status, plain, _ = run_main(capsys, *words)
    status_all, every, _ = run_main(capsys, *words, "--explain", "all")
    assert status == status_all == 0
    (before,), (after,) = json.loads(plain)["games"], json.loads(every)["games"]
    jsonschema.validate(json.loads(every), analysis_schema())
    for old, new in zip(before["decisions"], after["decisions"], strict=True):
        assert {**new, "reason": old["reason"]} == old  # only reasons are added
        assert new["reason"] is not None
        if old["reason"] is not None:
            assert new["reason"] == old["reason"]  # a marked play's, as before
        elif new["loss"] == 0:  # the best play (or the only one): what it leaves
            assert new["reason"]["text"] == "the best play: " + describe(
                _facts(new["reason"]["written"])
            )
            assert new["reason"]["written"] == new["reason"]["best"]
    text = run_main(capsys, "analyze", str(record), "--depth", "0", "--explain", "all")[1]
    unforced = [d for d in after["decisions"] if not d["forced"]]
    assert text.count("    why: ") == len(unforced)
    # -o comments the marked plays only, with or without --explain all.
    marked = [
        run_main(capsys, "analyze", str(record), "--depth", "0", "-o", "-", *extra)[1]
        for extra in ([], ["--explain", "all"])
    ]
    assert marked[0] == marked[1]


def _facts(found: dict[str, Any]) -> PlayFacts:
    """The facts of the JSON as counted (the arrangement is not among what describe says)."""
    lists = {name: tuple(found[name]) for name in ("made", "given_up", "gaps")}
    return facts(**{name: found[name] for name in COUNTED} | lists)


def test_more_blots_are_named_where_no_shots_are_counted() -> None:
    """A 1-2 played in full: the turn goes on, so shots are not counted; a play leaving three
    blots against the best's two was said to be no worse in what is counted."""
    written = facts(blots=3, shots=None, opponent_wins=None)
    best = facts(blots=2, shots=None, opponent_wins=None)
    assert compare(written, best) == (
        "leaves 3 blots where the best leaves 2 (no shots counted: the turn goes on)"
    )
    assert compare(facts(blots=3), facts(blots=2)) == NOTHING_COUNTED  # shots counted: none


def test_a_play_as_good_as_the_best_is_not_said_to_be_worse(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """samples/setup-bearoff.acey ends with =66: 1/off, which wins 11 points as =11: 1/off
    does; analyze --explain all and hint --explain said of it (and of =22 to =55) that "the
    engine prefers the best play's position as a whole", though it valued them alike."""
    record = str(Path(__file__).parent.parent / "samples" / "setup-bearoff.acey")
    words = ["--depth", "0", "--format", "json"]
    status, out, err = run_main(capsys, "analyze", record, *words, "--explain", "all")
    assert status == 0, err
    last = json.loads(out)["games"][0]["decisions"][-1]
    assert (last["played"], last["loss"]) == ("1/off", 0.0)
    assert last["best"][0]["double"] == 1 and last["reason"]["text"] == (
        "as good as the best play: wins on the spot"
    )
    status, out, err = run_main(capsys, "hint", record, "--turn", "3", "--double", "--explain")
    assert status == 0, err
    whys = [line.strip() for line in out.splitlines() if line.strip().startswith("why:")]
    assert (
        whys == ["why: wins on the spot"] + ["why: as good as the best play: wins on the spot"] * 5
    )


@pytest.mark.parametrize(
    ("setup", "rules", "why"),
    [
        (
            "W bar:1 10:14 / B 6:2 5:2 4:2 3:2 2:2 1:2 in:3 / W",
            "standard",
            "1 checker on the bar cannot enter, the opponent holds the 19 point and the 21 point",
        ),
        (
            "W in:15 / B 6:2 4:2 in:11 / W",
            "standard",
            "the pool's checkers cannot enter, the opponent holds the 19 point and the 21 point",
        ),
        (
            "W 2:1 in:14 / B 6:2 4:2 in:11 / W",
            "standard",
            "the pool's checkers cannot enter, the opponent holds the 19 point and the 21 point;"
            " no checker on the board can move a 6 or a 4",
        ),
        (
            "W 2:1 in:14 / B 6:2 4:2 in:11 / W",
            "standard early_moves=no",
            "the pool's checkers cannot enter, the opponent holds the 19 point and the 21 point,"
            " and they enter before any other checker moves",
        ),
        ("W 1:1 2:14 / B in:15 / W", "bgammon", "no checker can move a 6 or a 4"),
    ],
)
def test_a_roll_with_no_play_is_explained_by_what_stops_it(
    capsys: pytest.CaptureFixture[str], setup: str, rules: str, why: str
) -> None:
    # hint --explain used to say only "leaves no blot" of a "--".
    assert list(legal_plays(Position.from_setup(setup), (6, 4), parse_rules(rules))) == [
        Position.from_setup(setup)
    ]
    words = ["--setup", setup, "--roll", "64", "--rules", rules, "--depth", "0", "--explain"]
    status, out, err = run_main(capsys, "hint", *words)
    assert status == 0, err
    (line,) = [line.strip() for line in out.splitlines() if line.strip().startswith("why:")]
    assert line.startswith(f"why: nothing can be played: {why}; leaves ")
