"""The engine's decisions and search: only legal plays, the acey-deucey flow, the look-ahead."""

from __future__ import annotations

import random

import numpy as np
import pytest
from boards import ALL_ROLLS, after, dice, random_position, reference_plays

from aceynote.engine import Engine
from aceynote.engine import search as search_module
from aceynote.engine.api import shipped_network
from aceynote.engine.decisions import Decision, choices, double_choices
from aceynote.engine.evaluator import evaluator_for
from aceynote.engine.rollout import rollout
from aceynote.engine.search import Search
from aceynote.rules import (
    PRESETS,
    ROLLS,
    THROWS,
    Position,
    SegmentKind,
    Side,
    legal_plays,
    parse_rules,
    ways,
)
from aceynote.rules.randomgame import play_random_game

RULE_SETS = [*PRESETS.values(), parse_rules("standard larger_die=no score=single")]


def search_for(rules_index: int) -> Search:
    return Search(evaluator_for(shipped_network(), RULE_SETS[rules_index]))


def game_decisions(seed: int, rules_index: int, every: int = 1) -> list[Decision]:
    """The decisions of a random legal game (every ``every``-th)."""
    game = play_random_game(random.Random(seed), RULE_SETS[rules_index])
    found, position = [], game.start
    for turn in game.turns:
        for segment in turn.segments:
            found.append(Decision(position, segment.kind))
            position = segment.play.result
        position = position.with_turn(position.turn.opponent)
    return found[::every]


@pytest.mark.parametrize("rules_index", range(len(RULE_SETS)))
def test_every_ranked_play_is_legal_and_every_legal_play_is_ranked(rules_index: int) -> None:
    rules = RULE_SETS[rules_index]
    search = search_for(rules_index)
    rng = random.Random(rules_index)
    positions = [random_position(rng) for _ in range(60)]
    positions += [d.position for d in game_decisions(rules_index, rules_index, every=3)]
    for position in positions:
        roll = rng.choice(ALL_ROLLS)
        options = choices(Decision.start(position), int(roll[0]), int(roll[1]), rules)
        ranked = search.rank(options, depth=0)
        reached = [after(position, str(scored.choice.play)) for scored in ranked]
        legal, _ = reference_plays(position, dice(roll), rules)
        assert len(set(reached)) == len(reached)
        assert set(reached) == legal, (position.to_setup(), roll)


@pytest.mark.parametrize("rules_index", range(len(RULE_SETS)))
def test_the_best_play_at_one_ply_is_legal(rules_index: int) -> None:
    rules = RULE_SETS[rules_index]
    search = search_for(rules_index)
    rng = random.Random(100 + rules_index)
    for decision in game_decisions(200 + rules_index, rules_index, every=9):
        if decision.kind is SegmentKind.CHOSEN_DOUBLE:
            options = double_choices(decision, rules)
        else:
            roll = rng.choice(ALL_ROLLS)
            options = choices(decision, int(roll[0]), int(roll[1]), rules)
        best = search.best(options, depth=1)
        position = decision.position
        legal, _ = reference_plays(position, dice(f"{best.high}{best.low}"), rules)
        assert after(position, str(best.play)) in legal


def test_after_a_one_two_played_in_full_the_same_side_names_a_double() -> None:
    rules = PRESETS["standard"]
    start = Decision.start(Position.initial(Side.WHITE))
    for choice in choices(start, 2, 1, rules):
        assert choice.same_side and choice.after is not None
        assert choice.after.kind is SegmentKind.CHOSEN_DOUBLE
        assert choice.after.position.turn is Side.WHITE
    for choice in choices(start, 6, 4, rules):
        assert not choice.same_side and choice.after is not None
        assert choice.after.position.turn is Side.BLACK
        assert choice.after.kind is SegmentKind.ROLL


@pytest.mark.parametrize(("preset", "extra_follows"), [("standard", False), ("bgammon", True)])
def test_a_chosen_double_not_played_in_full_ends_the_turn_unless_bonus_reroll_always(
    preset: str, extra_follows: bool
) -> None:
    # Black holds White's points 1 and 17: White's 5s cannot move a 4, and the one checker
    # in the pool enters on 21 with a 4 and goes no further.
    position = Position.from_setup("W 5:14 in:1 / B 24:2 8:2 6:5 in:6 / W")
    decision = Decision(position, SegmentKind.CHOSEN_DOUBLE)
    fours = [choice for choice in double_choices(decision, PRESETS[preset]) if choice.high == 4]
    assert [len(choice.play.steps) for choice in fours] == [1]
    for choice in fours:
        assert choice.same_side is extra_follows
        if extra_follows:
            assert choice.after is not None and choice.after.kind is SegmentKind.EXTRA_ROLL


def test_a_winning_play_is_worth_the_points_the_rules_give() -> None:
    position = Position.from_setup("W 2:1 1:1 / B 6:2 5:3 bar:1 / W")
    for preset, points in (("standard", 6), ("standard score=single", 1)):
        rules = parse_rules(preset)
        search = Search(evaluator_for(shipped_network(), rules))
        ranked = search.rank(choices(Decision.start(position), 4, 3, rules), depth=1)
        assert ranked[0].choice.after is None
        assert ranked[0].equity == points and ranked[0].win == 1.0


@pytest.mark.parametrize("rules_index", [0, 1])
def test_the_look_ahead_is_the_average_of_each_rolls_best_choice(rules_index: int) -> None:
    rules = RULE_SETS[rules_index]
    search = search_for(rules_index)
    decisions = game_decisions(50 + rules_index, rules_index, every=7)
    assert {d.kind for d in decisions} >= {SegmentKind.ROLL}
    looked = search.look_ahead(decisions)
    for decision, (win, equity) in zip(decisions, looked, strict=True):
        if decision.kind is SegmentKind.CHOSEN_DOUBLE:
            wins, equities = search.evaluator.choices(double_choices(decision, rules))
            best = int(np.argmax(equities))
            expected = (wins[best], equities[best])
        else:
            expected_win = expected_equity = 0.0
            for high, low in ROLLS:
                wins, equities = search.evaluator.choices(choices(decision, high, low, rules))
                best = int(np.argmax(equities))
                expected_win += ways(high, low) / THROWS * wins[best]
                expected_equity += ways(high, low) / THROWS * equities[best]
            expected = (expected_win, expected_equity)
        assert win == pytest.approx(expected[0], abs=1e-5)
        assert equity == pytest.approx(expected[1], abs=1e-4)


def test_a_one_ply_ranking_is_in_order_and_marks_its_depths() -> None:
    rules = RULE_SETS[0]
    search = search_for(0)
    rng = random.Random(9)
    for decision in game_decisions(77, 0, every=6):
        if decision.kind is SegmentKind.CHOSEN_DOUBLE:
            continue
        roll = rng.choice(ALL_ROLLS)
        ranked = search.rank(choices(decision, int(roll[0]), int(roll[1]), rules), depth=1)
        equities = [scored.equity for scored in ranked]
        assert equities == sorted(equities, reverse=True)
        assert ranked[0].depth == 1 or ranked[0].choice.after is None


@pytest.mark.slow
@pytest.mark.parametrize("rules_index", range(len(RULE_SETS)))
def test_thousands_of_positions_the_engines_plays_are_the_legal_plays(rules_index: int) -> None:
    """Every play the engine ranks, read back as written, is one of legal_plays' results."""
    rules = RULE_SETS[rules_index]
    search = search_for(rules_index)
    rng = random.Random(1000 + rules_index)
    checked = 0
    for seed in range(40):
        for decision in game_decisions(5000 + seed, rules_index, every=4):
            roll = rng.choice(ALL_ROLLS)
            high, low = int(roll[0]), int(roll[1])
            if decision.kind is SegmentKind.CHOSEN_DOUBLE:
                high = low
            ranked = search.rank(choices(decision, high, low, rules), depth=0)
            legal = legal_plays(decision.position, dice(f"{high}{low}"), rules)
            reached = {after(decision.position, str(scored.choice.play)) for scored in ranked}
            assert reached == set(legal) and len(ranked) == len(legal)
            checked += 1
    assert checked >= 1000


def test_a_rollout_truncated_at_once_is_the_zero_ply_value_and_a_long_one_plays_out() -> None:
    rules = RULE_SETS[0]
    search = search_for(0)
    decision = Decision.start(Position.initial(Side.WHITE))
    options = choices(decision, 6, 4, rules)
    _, zero_ply = search.evaluator.choices(options)
    for option, equity in zip(options, zero_ply, strict=True):
        at_once = rollout(option, search, 4, seed=3, truncate=0)
        assert at_once.equity == pytest.approx(float(equity), rel=1e-5)  # float32 batches
        assert at_once.error == pytest.approx(0, abs=1e-5)
    played_out = rollout(options[0], search, 6, seed=3)
    assert rollout(options[0], search, 6, seed=3, truncate=10**4) == played_out
    total = played_out.equity * 6  # whole games: whole points
    assert total == pytest.approx(round(total))
    with pytest.raises(ValueError, match="0 or more, not -1"):  # it played out, as None
        rollout(options[0], search, 6, seed=3, truncate=-1)


def test_a_full_look_ahead_cache_still_answers_the_decisions_it_held(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 32: once the cache was over its size it was cleared before the decisions
    it held were read back from it (a KeyError in long runs)."""
    monkeypatch.setattr(search_module, "LOOKED_KEPT", 2)
    search = search_for(0)
    first, second, third, fourth = game_decisions(51, 0, every=3)[:4]
    search.look_ahead([first, second, third])
    again = search.look_ahead([first, fourth])
    alone = [search.look_ahead([first])[0], search.look_ahead([fourth])[0]]
    assert np.allclose(again, alone, atol=1e-6)


def test_a_two_ply_look_ahead_takes_each_roll_s_best_reply_valued_at_one_ply() -> None:
    """2-ply: for every roll, the best replies by 0-ply (REPLY_COUNT) are valued a ply
    deeper and the best of them taken."""
    rules = RULE_SETS[0]
    search = search_for(0)
    decision = next(d for d in game_decisions(78, 0, every=5) if d.kind is SegmentKind.ROLL)
    expected = 0.0
    for high, low in ROLLS:
        options = choices(decision, high, low, rules)
        _, equities = search.evaluator.choices(options)
        replies = [
            options[at] for at in np.argsort(-equities, kind="stable")[: search_module.REPLY_COUNT]
        ]
        values = []
        for reply in replies:
            if reply.after is None:
                values.append(float(reply.points))
                continue
            ((_, equity),) = search.look_ahead([reply.after], 1)
            values.append(equity if reply.same_side else -equity)
        expected += ways(high, low) / THROWS * max(values)
    ((_, equity),) = search.look_ahead([decision], 2)
    assert equity == pytest.approx(expected, abs=1e-6)


def test_a_two_ply_ranking_marks_its_depths_and_judges_alike() -> None:
    rules = RULE_SETS[1]
    search = search_for(1)
    decision = next(d for d in game_decisions(79, 1, every=9) if d.kind is SegmentKind.ROLL)
    options = choices(decision, 5, 3, rules)
    ranked = search.rank(options, depth=2)
    equities = [scored.equity for scored in ranked]
    assert equities == sorted(equities, reverse=True) and ranked[0].depth == 2
    worst = options.index(ranked[-1].choice)
    _, judged = search.judge(options, worst, depth=2)
    assert judged.depth == 2 and judged.equity <= ranked[0].equity


@pytest.mark.parametrize("depth", [1, 2])
def test_a_forced_play_is_valued_at_the_depth_asked(depth: int) -> None:
    """A lone play kept its 0-ply value at any depth: 'aceynote hint --setup "W 20:1 / B 1:2
    / W" --roll 21 --depth 1' said 1-ply and showed +1.046, win 99.6%, where naming 66 next
    wins 2 points for sure (and analyze's JSON gave a forced decision two equities)."""
    rules = RULE_SETS[0]
    search = search_for(0)
    options = choices(
        Decision(Position.from_setup("W 20:1 / B 1:2 / W"), SegmentKind.ROLL), 2, 1, rules
    )
    assert len(options) == 1
    (ranked,) = search.rank(options, depth)
    assert ranked.depth == depth
    assert (ranked.win, ranked.equity) == pytest.approx((1.0, 2.0))
    _, judged = search.judge(options, 0, depth)
    assert judged == ranked


def test_a_chosen_play_judged_deeper_takes_its_value_in_the_ranking() -> None:
    """'aceynote analyze samples/navy.acey' (1-ply) listed 9. 66's best play at -1.332 and
    judged the written 20/14(2) 14/8*(2), left out by the 1-ply filter, at -1.191 on its
    own: lost 0, yet not among the best; a play judged deeper lost 2.495 where the list
    beside it said 2.263 (annotated.acey, 34. 32: 13/10 3/1)."""
    rules = parse_rules("navy")
    search = Search(evaluator_for(shipped_network(), rules))
    setup = "W 24:3 23:2 22:2 21:2 20:3 19:3 / B 23:2 20:2 19:3 17:1 15:4 14:3 / W"
    options = choices(Decision.start(Position.from_setup(setup)), 6, 6, rules)
    written = next(i for i, o in enumerate(options) if str(o.play) == "20/14(2) 14/8*(2)")
    assert search.rank(options, 1)[0].depth == 1
    ranked, judged = search.judge(options, written, 1)
    assert judged.depth == 1 and judged in ranked
    equities = [scored.equity for scored in ranked]
    assert equities == sorted(equities, reverse=True)
    assert ranked[0].equity >= judged.equity
    assert {scored.choice for scored in ranked} == set(options)


@pytest.mark.parametrize("depth", [0, 1, 2])
def test_of_plays_worth_exactly_the_same_one_that_wins_now_comes_first(depth: int) -> None:
    """=11 leads to a sure win of 5 (the tables), =66 wins 5 at once: a learner is shown the
    win first, and the search plays it."""
    engine = Engine("standard")
    doubles = engine.rank_doubles("W 6:1 / B 6:5 / W", depth)
    assert {entry.equity for entry in doubles} == {5.0}
    assert doubles[-1].double == 1 and doubles[0].double != 1
    search = engine.search
    decision = Decision(Position.from_setup("W 6:1 / B 6:5 / W"), SegmentKind.CHOSEN_DOUBLE)
    assert search.best(double_choices(decision, search.rules), depth).after is None
