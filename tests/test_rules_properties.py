"""Property tests: random games and random positions against an independent reading of §8.

The reference (``boards.reference_plays``) tries every order of the dice one
checker move at a time; the engine must give exactly its set of results, and
every play it gives must be legal step by step and use as many dice as the
position allows (docs/notation.md §8 rules 3-10).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from boards import (
    ALL_ROLLS,
    ALWAYS,
    ANY_DIE,
    BGAMMON,
    EXACT,
    NAVY,
    SINGLE,
    STANDARD,
    dice,
    invariants,
    mirrored,
    random_position,
    reference_plays,
    replay_steps,
    trips_of,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from aceynote.rules import (
    OFF,
    BonusReroll,
    Position,
    RuleSet,
    SegmentKind,
    Side,
    TurnState,
    Verdict,
    is_acey_deucey,
    judge,
    larger_die_playable,
    legal_plays,
    max_dice,
    opening_winner,
    outcome,
    parse_rules,
    read_trips,
)
from aceynote.rules.randomgame import play_random_game

RULE_SETS = [
    STANDARD,
    EXACT,
    NAVY,
    ANY_DIE,
    BGAMMON,
    ALWAYS,
    SINGLE,
    parse_rules("navy bearoff=exact larger_die=no"),
]
FEW = settings(
    max_examples=12, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
SOME = settings(
    max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)

seeds = st.integers(min_value=0, max_value=2**32 - 1)
rule_sets = st.sampled_from(RULE_SETS)


def _expected_next(rules: RuleSet, kind: SegmentKind, high: int, low: int, used: int, won: bool):
    """Rule 8 and rule 10, read directly: which segment comes after this one."""
    if won:
        return None
    if kind is SegmentKind.CHOSEN_DOUBLE:
        if used == 4 or rules.bonus_reroll is BonusReroll.ALWAYS:
            return SegmentKind.EXTRA_ROLL
        return None
    if {high, low} == {1, 2} and used == 2:
        return SegmentKind.CHOSEN_DOUBLE
    return None


@FEW
@given(seed=seeds, rules=rule_sets)
def test_random_games_are_legal_and_keep_the_invariants(seed: int, rules: RuleSet) -> None:
    game = play_random_game(random.Random(seed), rules)
    position = game.start
    assert position == Position.initial(opening_winner(game.opening))
    invariants(position)
    side = position.turn
    for number, turn in enumerate(game.turns):
        assert position.winner is None, "a turn was played after the game ended"
        assert turn.side is side is position.turn
        state = TurnState.begin(position, rules)
        expects = SegmentKind.ROLL
        for played in turn.segments:
            assert state.expects is expects is played.kind
            roll = state.dice_for(played.kind, played.high, played.low)
            here = state.position
            plays = legal_plays(here, roll, rules)
            expected, most = reference_plays(here, roll, rules)
            assert set(plays) == expected, (here.to_setup(), roll)
            assert max_dice(here, roll, rules) == most
            assert played.play.result in plays
            assert replay_steps(here, played.play, rules) == played.play.result
            result = played.play.result
            invariants(result)
            assert result.checkers(side.opponent)[OFF] == here.checkers(side.opponent)[OFF]
            state = state.after(played.kind, played.high, played.low, played.play)
            assert state.position == result
            won = result.has_won(side)
            expects = _expected_next(
                rules, played.kind, played.high, played.low, played.play.dice_used, won
            )
            assert state.expects is expects
        assert state.expects is None
        position = state.next_turn()
        if position.winner is None:
            assert position.turn is side.opponent
            side = side.opponent
        else:
            assert number == len(game.turns) - 1
    winner = position.winner
    assert winner is not None, "the random game did not finish"
    loser_left = 15 - position.checkers(winner.opponent)[OFF]
    assert loser_left >= 1
    points = 1 if rules.score.value == "single" else loser_left
    assert outcome(position, rules) == game.outcome
    assert game.outcome.winner is winner
    assert game.outcome.points == points


@SOME
@given(seed=seeds)
def test_legal_plays_match_the_reference_on_random_positions(seed: int) -> None:
    position = random_position(random.Random(seed))
    for rules in (STANDARD, EXACT, NAVY, ANY_DIE):
        for roll in ALL_ROLLS:
            expected, most = reference_plays(position, dice(roll), rules)
            plays = legal_plays(position, dice(roll), rules)
            assert set(plays) == expected, (position.to_setup(), roll, rules.to_tag())
            assert max_dice(position, dice(roll), rules) == most, (position.to_setup(), roll)


@SOME
@given(seed=seeds, rules=rule_sets)
def test_every_play_is_legal_step_by_step_and_maximal(seed: int, rules: RuleSet) -> None:
    position = random_position(random.Random(seed))
    for roll in ALL_ROLLS:
        rolled = dice(roll)
        plays = legal_plays(position, rolled, rules)
        assert plays
        most = max_dice(position, rolled, rules)
        for result, play in plays.items():
            assert play.result == result
            assert result.turn is position.turn
            assert play.dice_used == len(play.steps)
            assert replay_steps(position, play, rules) == result
            used = Counter(step.die for step in play.steps)
            assert all(used[die] <= Counter(rolled)[die] for die in used)
            if result.has_won(position.turn):
                assert play.dice_used <= len(rolled)
            else:
                assert play.dice_used == most
            assert judge(position, rolled, play, rules) is Verdict.LEGAL
            if (
                most == 1
                and len(rolled) == 2
                and rules.larger_die
                and larger_die_playable(position, rolled, rules)
                and not result.has_won(position.turn)
            ):
                assert play.steps[0].die == max(rolled)
            # shorter prefixes are judged as too few dice
            for cut in range(play.dice_used):
                prefix = type(play)(play.steps[:cut], replay_prefix(position, play, cut, rules))
                if cut < most and not prefix.result.has_won(position.turn):
                    assert judge(position, rolled, prefix, rules) is Verdict.TOO_FEW_DICE
        if most == 0:
            [empty] = plays.values()
            assert empty.steps == () and empty.result == position


def replay_prefix(position: Position, play, cut: int, rules: RuleSet) -> Position:
    return replay_steps(position, type(play)(play.steps[:cut], position), rules)


@SOME
@given(seed=seeds, rules=rule_sets)
def test_colours_do_not_matter(seed: int, rules: RuleSet) -> None:
    position = random_position(random.Random(seed))
    for roll in ALL_ROLLS:
        plain = legal_plays(position, dice(roll), rules)
        swapped = legal_plays(mirrored(position), dice(roll), rules)
        assert {mirrored(result) for result in plain} == set(swapped)
        assert max_dice(position, dice(roll), rules) == max_dice(
            mirrored(position), dice(roll), rules
        )


@SOME
@given(seed=seeds)
def test_setup_round_trips_on_random_positions(seed: int) -> None:
    position = random_position(random.Random(seed))
    text = position.to_setup()
    assert Position.from_setup(text) == position
    assert Position.from_setup(text.lower()) == position
    white, black, turn = (field.strip() for field in text.split("/"))
    assert Position.from_setup(f"{black} / {white} / {turn}") == position
    for side in Side:
        assert position.pip_count(side) == sum(
            point * position.checkers(side)[point] for point in range(1, 25)
        ) + 25 * (position.checkers(side)[25] + position.checkers(side)[26])


@FEW
@given(seed=seeds, rules=rule_sets)
def test_read_trips_finds_every_legal_play(seed: int, rules: RuleSet) -> None:
    position = random_position(random.Random(seed))
    for roll in ALL_ROLLS:
        rolled = dice(roll)
        for play in legal_plays(position, rolled, rules).values():
            readings = read_trips(position, rolled, trips_of(play), rules)
            assert any(
                reading.play.result == play.result and reading.marks_agree for reading in readings
            ), (position.to_setup(), roll, str(play))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_acey_deucey_turn_structure_in_random_games(seed: int) -> None:
    """Every chosen double follows a fully played 1-2, every extra roll a chosen double."""
    for rules in (STANDARD, ALWAYS):
        game = play_random_game(random.Random(seed), rules)
        for turn in game.turns:
            kinds = [segment.kind for segment in turn.segments]
            assert kinds[0] is SegmentKind.ROLL
            for before, current in zip(turn.segments, turn.segments[1:], strict=False):
                if current.kind is SegmentKind.CHOSEN_DOUBLE:
                    assert before.kind in (SegmentKind.ROLL, SegmentKind.EXTRA_ROLL)
                    assert is_acey_deucey(before.high, before.low)
                    assert before.play.dice_used == 2
                    assert current.high == current.low
                else:
                    assert current.kind is SegmentKind.EXTRA_ROLL
                    assert before.kind is SegmentKind.CHOSEN_DOUBLE
                    if rules.bonus_reroll is BonusReroll.FULL:
                        assert before.play.dice_used == 4
