"""The engine's Python API (docs/engine.md): Engine(rules).best_play, rank, choose_double, evaluate."""

from __future__ import annotations

import math
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from boards import after, dice, reference_plays
from hypothesis import given, settings
from hypothesis import strategies as st
from test_engine_network import save_weights_of_seven_inputs

import aceynote.engine
from aceynote.engine import Engine, EngineInputError
from aceynote.engine.api import RankedPlay
from aceynote.engine.decisions import Decision, choices
from aceynote.engine.search import Scored
from aceynote.notation import parse_games
from aceynote.notation.generate import generate_games
from aceynote.notation.writer import write_game
from aceynote.rules import Position, SegmentKind, Side, parse_rules
from aceynote.validation import validate

START = "W in:15 / B in:15 / W"
ANY_ENGINE = Engine()


def generated_setups(preset: str, seed: int) -> list[tuple[str, SegmentKind]]:
    """The Setup before every segment of generated games, with the segment's kind."""
    rules = parse_rules(preset)
    text = "".join(write_game(game) for game in generate_games(1, seed, rules))
    found = []
    for game in parse_games(text):
        for replay in validate(game).segments:
            found.append((replay.before.to_setup(), replay.segment.kind))
    return found


KIND_WORDS = {
    SegmentKind.ROLL: "roll",
    SegmentKind.CHOSEN_DOUBLE: "double",
    SegmentKind.EXTRA_ROLL: "extra",
}


@pytest.mark.parametrize("preset", ["standard", "bgammon", "navy"])
def test_the_api_on_every_setup_of_generated_games(preset: str) -> None:
    engine = Engine(preset)
    rules = parse_rules(preset)
    rng = random.Random(preset)
    for index, (setup, kind) in enumerate(generated_setups(preset, 11)):
        position = Position.from_setup(setup)
        depth = 1 if index % 8 == 0 else 0
        if kind is SegmentKind.CHOSEN_DOUBLE:
            double = engine.choose_double(setup, depth)
            assert 1 <= double <= 6
            roll = f"{double}{double}"
        else:
            roll = f"{rng.randint(1, 6)}{rng.randint(1, 6)}"
        play = engine.best_play(setup, roll, KIND_WORDS[kind], depth)
        legal, _ = reference_plays(position, dice(roll), rules)
        if play == "--":
            assert legal == {position}
        else:
            assert after(position, play) in legal
        value = engine.evaluate(setup, KIND_WORDS[kind])
        assert 0.0 <= value.win <= 1.0 and abs(value.equity) <= 15


def test_rank_lists_every_legal_play_once_best_first() -> None:
    engine = Engine("bgammon")
    ranked = engine.rank(START, "21", depth=1)
    assert ranked[0].diff == 0.0
    assert all(later.diff <= 0 for later in ranked)
    assert [entry.equity for entry in ranked[:2]] == sorted(
        (e.equity for e in ranked[:2]), reverse=True
    )
    legal, _ = reference_plays(Position.from_setup(START), dice("21"), parse_rules("bgammon"))
    assert {after(Position.from_setup(START), entry.play) for entry in ranked} == legal
    assert ranked[0]["play"] == ranked[0].play and ranked[0]["double"] == 0
    with pytest.raises(KeyError):  # a name that is not a field (AttributeError before)
        ranked[0]["nope"]
    assert set(ranked[0].as_dict()) == {"play", "win", "equity", "diff"}


def test_the_doubles_after_a_one_two_are_all_ranked() -> None:
    engine = Engine("standard")
    setup = "W 23:1 24:1 in:13 / B in:15 / W"
    doubles = engine.rank_doubles(setup)
    assert sorted(entry.double for entry in doubles) == [1, 2, 3, 4, 5, 6]
    assert engine.choose_double(setup) == doubles[0].double
    assert doubles[0].as_dict()["double"] == doubles[0].double


@pytest.mark.parametrize("depth", [1, 2])
def test_each_doubles_best_is_the_one_its_roll_alone_ranks_first(depth: int) -> None:
    """Filtered together, the six doubles' plays left the 11's best out of the 1-ply look:
    the 33 was named though the 11's best, ranked on its own, is worth more."""
    engine = Engine("standard")
    setup = "W 21:2 14:2 13:3 6:5 3:3 / B 24:3 9:8 7:1 1:2 in:1 / W"
    doubles = engine.rank_doubles(setup, depth)
    for entry in doubles:
        alone = engine.rank(setup, f"{entry.double}{entry.double}", "double", depth)[0]
        assert (entry.play, entry.equity) == (alone.play, alone.equity)
    assert doubles == sorted(doubles, key=lambda entry: -entry.equity)


def test_a_figure_a_hair_below_zero_is_given_as_zero_not_minus_zero() -> None:
    """-0.0 printed as "win -0.0%"."""
    decision = Decision(Position.from_setup("W in:15 / B 1:1 / W"), SegmentKind.ROLL)
    option = choices(decision, 6, 5, parse_rules("standard"))[0]
    ranked = RankedPlay.of(Scored(option, -1e-17, -1e-17), -2e-17)
    assert [math.copysign(1.0, value) for value in (ranked.win, ranked.equity, ranked.diff)] == [
        1.0,
        1.0,
        1.0,
    ]


def test_a_sure_win_looked_ahead_is_not_more_than_certain() -> None:
    """Black bears its last checker off whatever it rolls: the 36ths of the rolls summed to
    1.0000000000000002, and White's chance after a play was 1 minus that."""
    engine = Engine("standard")
    black_to_roll = Decision(Position.from_setup("W in:15 / B 1:1 / B"), SegmentKind.ROLL)
    ((win, _equity),) = engine.search.look_ahead([black_to_roll], 1)
    assert win == 1.0
    assert {entry.win for entry in engine.rank("W in:15 / B 1:1 / W", "65", depth=1)} == {0.0}


@pytest.mark.parametrize(
    ("rules", "setup", "kind", "points"),
    [
        ("standard", "W 1:1 / B in:15 / W", "roll", 15),  # any roll bears it off
        ("standard", "W 1:1 / B 6:5 5:3 / W", "roll", 8),  # beyond the race tables' boards
        ("standard", "W 2:1 1:1 / B 13:2 in:13 / W", "roll", 15),  # contact behind it
        ("standard", "W 6:2 / B in:15 / W", "double", 15),  # =66 after the 1-2 bears both off
        ("standard score=single", "W 1:1 / B in:15 / W", "roll", 1),
    ],
)
def test_a_side_that_bears_off_its_last_checkers_whatever_it_rolls_wins_them_exactly(
    rules: str, setup: str, kind: str, points: int
) -> None:
    """The network gave 'W 1:1 / B in:15 / W' 14.979 at 0-ply, where every roll wins 15."""
    evaluated = Engine(rules).evaluate(setup, kind)
    assert (evaluated.win, evaluated.equity) == (1.0, float(points))


@pytest.mark.parametrize(
    ("rules", "setup"),
    [
        ("standard", "W 2:1 / B 24:2 in:13 / W"),  # Black holds White's 1 point: 11 is stuck
        ("standard", "W 6:2 / B in:15 / W"),  # 31 leaves two checkers
        ("standard", "W 3:1 1:2 / B in:15 / W"),  # three checkers, two dice
        ("bgammon", "W 1:1 / B 19:2 in:13 / W"),  # bearoff=exact: only a 1 bears it off
    ],
)
def test_a_side_that_may_fail_to_finish_is_not_given_a_sure_win(rules: str, setup: str) -> None:
    evaluated = Engine(rules).evaluate(setup)
    assert evaluated.win < 1


def test_a_side_with_every_checker_off_is_no_sure_finish_to_look_up() -> None:
    """The sure-finish test took the highest of no checkers: ValueError, where the network
    had valued such a position (the evaluator is asked directly; no Setup holds one)."""
    from aceynote.engine.api import shipped_network
    from aceynote.engine.evaluator import evaluator_for
    from aceynote.rules import OFF, POOL, SLOTS

    won = tuple(15 if slot == OFF else 0 for slot in range(SLOTS))
    waiting = tuple(15 if slot == POOL else 0 for slot in range(SLOTS))
    evaluator = evaluator_for(shipped_network(), parse_rules("standard"))
    for white, black in ((won, waiting), (waiting, won)):
        position = Position(white, black, Side.WHITE)
        wins, _ = evaluator.values([position], [True], [False])
        assert 0.0 <= wins[0] <= 1.0


def test_nothing_to_play_is_a_pass() -> None:
    engine = Engine()
    # Black holds every entry point White could use with a 6 or a 5 (White's 19 and 20).
    setup = "W in:15 / B 6:2 5:2 in:11 / W"
    assert engine.best_play(setup, "65") == "--"
    assert engine.best_play(setup, "66", kind="double") == "--"


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda e: e.best_play("W in:15 / B in:15", "64"), "three fields"),
        (lambda e: e.best_play(START, "7x"), "not a roll"),
        (lambda e: e.best_play(START, "6"), "not a roll"),
        (lambda e: e.best_play(START, "64", kind="bonus"), "kind is one of"),
        (lambda e: e.best_play(START, "64", depth=3), "depth is 0, 1 or 2"),
        (lambda e: e.best_play(START, "64", kind="double"), "must be a double"),
        (lambda e: e.choose_double("W 1:16 / B in:15 / W"), "Setup"),
    ],
)
def test_bad_input_is_a_clear_error(call, words: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(EngineInputError, match=words):
        call(Engine())


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda e: e.rank(START, "64", kind=None), "kind is one of"),
        (lambda e: e.rank(START, "64", kind=1), "kind is one of"),
        (lambda e: e.rank(None, "64"), "Setup is text"),
        (lambda e: e.rank(START, 64), "roll is text"),
        (lambda e: e.rank(START, None), "roll is text"),
        (lambda e: e.rank(START, None, kind="extra"), "roll is text"),
        (lambda e: e.best_play(START, None), "roll is text"),
        (lambda e: e.rank(START, "64", depth=True), "depth is 0, 1 or 2"),
        (lambda e: e.rank(START, "64", depth="1"), "depth is 0, 1 or 2"),
        (lambda e: e.evaluate(START, depth=None), "depth is 0, 1 or 2"),
        (lambda e: e.rank_doubles(b"W in:15 / B in:15 / W"), "Setup is text"),
        (lambda e: e.rollout(START, "31", games=0), "games is a whole number from 1 to 100000"),
        (lambda e: e.rollout(START, "31", games=-1), "games is a whole number"),
        (lambda e: e.rollout(START, "31", games="10"), "games is a whole number"),
        (lambda e: e.rollout(START, "31", games=None), "games is a whole number"),
        (lambda e: e.rollout(START, "31", games=1.5), "games is a whole number"),
        (lambda e: e.rollout(START, "31", games=2**70), "games is a whole number"),
        (lambda e: e.rollout(START, "31", seed=None), "seed is a whole number"),
        (lambda e: e.rollout(START, "31", seed="x"), "seed is a whole number"),
        (lambda e: e.rollout(START, "31", top=-1), "top is a whole number from 1"),
        (lambda e: e.rollout(START, "31", top=0), "top is a whole number from 1"),
        (lambda e: e.rollout(START, 31), "roll is text"),
    ],
)
def test_every_argument_of_the_wrong_kind_or_size_is_a_clear_error(  # type: ignore[no-untyped-def]
    call, words: str
) -> None:
    """Python's own TypeError, ZeroDivisionError or a run that never ends were raised before."""
    with pytest.raises(EngineInputError, match=words):
        call(ANY_ENGINE)


@pytest.mark.parametrize(
    ("arguments", "words"),
    [((5,), "Rules is text"), ((None,), "Rules is text"), (("standard", 5), "weights is a path")],
)
def test_an_engine_of_bad_arguments_is_a_clear_error(
    arguments: tuple[object, ...], words: str
) -> None:
    with pytest.raises(EngineInputError, match=words):
        Engine(*arguments)  # type: ignore[arg-type]


def test_weights_that_cannot_be_read_are_a_clear_error(tmp_path: Path) -> None:
    """FileNotFoundError, IsADirectoryError, numpy's pickle refusal and BadZipFile
    reached the caller before."""
    text = tmp_path / "notes.txt"
    text.write_text("not weights\n", encoding="utf-8")
    shipped = (Path(aceynote.engine.__file__).parent / "weights.npz").read_bytes()
    cut = tmp_path / "cut.npz"
    cut.write_bytes(shipped[: len(shipped) // 3])
    other = tmp_path / "other.npz"
    save_weights_of_seven_inputs(other)
    cases = [
        (tmp_path / "missing.npz", "cannot read .*No such file"),
        (tmp_path, "cannot read .*directory"),
        (text, "is not a weights file of aceynote's"),
        (cut, "is not a weights file of aceynote's"),
        (other, "another format .*7 inputs"),
    ]
    for weights, words in cases:
        with pytest.raises(EngineInputError, match=words):
            Engine("standard", weights)
        with pytest.raises(EngineInputError, match=words):
            Engine("standard", str(weights))


def _shipped_arrays() -> dict[str, np.ndarray]:
    with np.load(Path(aceynote.engine.__file__).parent / "weights.npz") as data:
        return dict(data)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"b1": lambda a: a[:5]}, r"shapes do not fit together \(w1 \(128, 218\), b1 \(5,\)"),
        ({"w2": lambda a: a.T}, r"shapes do not fit together .* w2 \(128, 2\)"),
        ({"w1": lambda a: a[0]}, r"shapes do not fit together \(w1 \(218,\)"),
        ({"games": None}, "these weights lack the array 'games'$"),
        ({"b2": lambda a: a * np.nan}, "values that are not numbers"),
    ],
    ids=["b1-short", "w2-turned", "w1-flat", "no-games", "nan"],
)
def test_weights_whose_arrays_do_not_make_a_network_are_a_clear_error(
    tmp_path: Path, change: dict[str, Any], words: str
) -> None:
    """Arrays that do not fit together were accepted and broke the first ranking with
    numpy's broadcast error; a flat w1 raised an IndexError; a missing array was said as
    "lack the array 'games is not a file in the archive'"."""
    arrays = _shipped_arrays()
    for name, how in change.items():
        if how is None:
            del arrays[name]
        else:
            arrays[name] = how(arrays[name])
    weights = tmp_path / "changed.npz"
    np.savez(weights, **arrays)
    with pytest.raises(EngineInputError, match=words):
        Engine("standard", weights)


def test_unknown_rules_are_a_clear_error() -> None:
    with pytest.raises(EngineInputError, match="unknown rule preset"):
        Engine("backgammon")


@pytest.mark.parametrize(
    "rules",
    ["x" * 5000, "standard " + "y" * 5000, "standard bearoff=" + "z" * 5000],
    ids=["preset", "option", "value"],
)
def test_a_long_wrong_rules_value_is_quoted_clipped(rules: str) -> None:
    """The whole of a 5,000-character Rules value was quoted in the error."""
    with pytest.raises(EngineInputError) as said:
        Engine(rules)
    assert len(str(said.value)) < 150 and "…" in str(said.value)


@settings(max_examples=100, deadline=None)
@given(
    setup=st.text(max_size=40),
    roll=st.text(max_size=4),
    kind=st.sampled_from(["roll", "extra", "double", "x"]),
)
def test_no_input_gives_anything_but_a_play_or_a_clear_error(
    setup: str, roll: str, kind: str
) -> None:
    try:
        play = ANY_ENGINE.best_play(setup, roll, kind, depth=0)
    except EngineInputError as error:
        assert str(error)
    else:
        assert isinstance(play, str) and play


LONG = "x" * 300


@pytest.mark.parametrize(
    "call",
    [
        lambda e: e.rank(START, LONG),
        lambda e: e.rank(START, "64", depth=LONG),
        lambda e: e.rank(START, "64", kind=LONG),
        lambda e: e.rollout(START, "31", games=LONG),
        lambda e: e.rank_judging(START, "64", "roll", 0, LONG),
    ],
    ids=["roll", "depth", "kind", "games", "written"],
)
def test_a_long_wrong_value_is_quoted_clipped_with_a_mark(call) -> None:  # type: ignore[no-untyped-def]
    """Values were cut at 12, 24 or 40 characters with no mark of the cut: terminal_text.clipped,
    the one clipping, marks it with '…'."""
    with pytest.raises(EngineInputError) as said:
        call(ANY_ENGINE)
    assert len(str(said.value)) < 100 and "x…" in str(said.value)


def test_rank_judging_refuses_a_play_that_is_not_legal() -> None:
    engine = Engine("standard")
    with pytest.raises(EngineInputError, match="'in/18 in/19' is not a legal play"):
        engine.rank_judging(START, "64", "roll", 0, "in/18 in/19")
    with pytest.raises(EngineInputError, match="of the double 22"):
        engine.rank_judging("W 23:1 24:1 in:13 / B in:15 / W", None, "double", 0, "in/19(4)", 2)


def test_a_written_double_that_is_not_its_doubles_best_stands_beside_the_best() -> None:
    engine = Engine("standard")
    setup = "W 23:1 24:1 in:13 / B in:15 / W"
    best = {entry.double: entry.play for entry in engine.rank_doubles(setup, 0)}
    others = [e.play for e in engine.rank(setup, "11", "double", 0) if e.play != best[1]]
    shown = engine.rank_judging(setup, None, "double", 0, others[-1], 1)
    assert [(e.double, e.play) for e in shown if e.double != 1 or e.play != others[-1]] == [
        (e.double, e.play) for e in engine.rank_doubles(setup, 0)
    ]
    assert (1, others[-1]) in [(e.double, e.play) for e in shown]
    rolled = engine.rollout(setup, None, games=2, top=2, depth=0)
    assert len(rolled) == 3  # the best two, and the written play last
    named = [(e.double, e.play) for e in engine.rank_doubles(setup, 0)[:2]] + [(1, others[-1])]
    assert [(result.double, result.play) for result in rolled] == named


def test_each_rollout_names_the_play_it_rolled_out() -> None:
    engine = Engine("standard")
    rolled = engine.rollout(START, "31", games=2, top=3, depth=0)
    best = [entry.play for entry in engine.rank(START, "31", depth=0)[:3]]
    assert [(result.play, result.double) for result in rolled] == [(play, 0) for play in best]
    assert set(rolled[0].as_dict()) == {"games", "equity", "error", "win"}


def test_the_doubles_are_not_named_on_an_extra_roll() -> None:
    with pytest.raises(EngineInputError, match="not on the extra roll"):
        Engine("standard").rollout("W 23:1 24:1 in:13 / B in:15 / W", None, "extra", games=1)


@pytest.mark.parametrize("roll", ["31", None])
def test_a_rollout_of_the_plays_just_ranked_does_not_rank_them_again(
    roll: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """hint --rollout ranks, then rolls out the ranking's best plays: one ranking, not two
    (a 2-ply ranking costs seconds)."""
    engine = Engine("bgammon")
    setup = "W in:13 20:2 / B in:14 24:1 / W" if roll else "W in:13 24:1 23:1 / B in:15 / W"
    ranked_by_search: list[int] = []
    rank = engine.search.rank
    monkeypatch.setattr(
        engine.search,
        "rank",
        lambda options, depth: ranked_by_search.append(depth) or rank(options, depth),
    )
    shown = engine.rank(setup, roll, depth=1) if roll else engine.rank_doubles(setup, depth=1)
    rolled = engine.rollout(setup, roll, games=2, top=2, depth=1)
    assert ranked_by_search == [1]
    assert len(rolled) == 2 and len(shown) > 2
    engine.rollout(setup, roll, games=2, top=2, depth=0)
    assert ranked_by_search == [1, 0]
