"""The engine's inputs, its network's gradients, and training's promise of reproducibility."""

from __future__ import annotations

import io
import json
import os
import random
import re
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from aceynote.engine.bots import GreedyPlayer, engine_match
from aceynote.engine.features import INPUTS, RAW_INPUTS, encode, judgements, rule_bits
from aceynote.engine.network import Network
from aceynote.engine.training import selfplay as train
from aceynote.engine.training.average import main as average_main
from aceynote.engine.training.selfplay import main as train_main
from aceynote.engine.training.td import TDLearner
from aceynote.rules import PRESETS, RuleSet, parse_rules


def reference_side(counts: list[int]) -> list[float]:
    """docs/engine.md's inputs of one side, written out longhand."""
    units: list[float] = []
    for point in range(1, 25):
        n = counts[point]
        units += [n >= 1, n >= 2, n >= 3, max(n - 3, 0) / 2]
    pool, bar = counts[25], counts[26]
    units += [pool >= 1, pool >= 2, pool >= 3, pool / 15, bar >= 1, max(bar - 1, 0) / 2]
    pips = sum(point * counts[point] for point in range(1, 25)) + 25 * (pool + bar)
    return [*units, counts[0] / 15, pips / 375]


def reference_exposure(side: list[int], other: list[int]) -> float:
    """The share of the other side's 36 rolls that reach a blot of the side, longhand:
    a 1-2 reaches every distance (the double named after it), a double 1 to 4 of its die,
    any other roll each die and their sum."""
    # The other side's checker on its point q is on the side's point 25 - q, and moves up
    # the side's numbering; from the pool or the bar it enters as if from the side's 0.
    places = [25 - q for q in range(1, 25) if other[q]] + [0] * bool(other[25] + other[26])
    blots = [point for point in range(1, 25) if side[point] == 1]
    distances = {blot - place for blot in blots for place in places if place < blot}
    hits = 0
    for high in range(1, 7):
        for low in range(1, 7):
            if {high, low} == {1, 2}:
                reach = set(range(1, 25))
            elif high == low:
                reach = {high * times for times in range(1, 5)}
            else:
                reach = {high, low, high + low}
            hits += bool(reach & distances)
    return hits / 36


def reference_prime(counts: list[int]) -> float:
    longest = run = 0
    for point in range(1, 25):
        run = run + 1 if counts[point] >= 2 else 0
        longest = max(longest, run)
    return min(longest, 6) / 6


def judged(side: list[int], other: list[int]) -> list[float]:
    return [
        reference_exposure(side, other),
        reference_prime(side),
        reference_exposure(other, side),
        reference_prime(other),
    ]


def test_inputs_match_the_documented_encoding() -> None:
    rng = np.random.default_rng(7)
    counts = rng.integers(0, 16, (40, 2, 27)).astype(np.int8)
    doubles = rng.integers(0, 2, 40).astype(bool)
    rules = parse_rules("navy bearoff=exact score=single")
    got = encode(counts, doubles, rule_bits(rules))
    expected = [
        reference_side([int(v) for v in counts[i, 0]])
        + reference_side([int(v) for v in counts[i, 1]])
        + [float(doubles[i])]
        + [1.0, 1.0, 0.0, 0.0, 1.0]
        + judged([int(v) for v in counts[i, 0]], [int(v) for v in counts[i, 1]])
        for i in range(40)
    ]
    assert got.shape == (40, INPUTS)
    np.testing.assert_allclose(got, np.array(expected, dtype=np.float32), atol=1e-6)


def test_judgements_match_their_longhand_reading() -> None:
    """Blots, shooters and primes are common only among few checkers a point."""
    rng = np.random.default_rng(11)
    counts = (rng.integers(0, 3, (300, 2, 27)) * (rng.random((300, 2, 27)) < 0.4)).astype(np.int8)
    got = judgements(counts)
    expected = [judged(list(map(int, row[0])), list(map(int, row[1]))) for row in counts]
    np.testing.assert_allclose(got, np.array(expected, dtype=np.float32), atol=1e-6)
    assert 0 < got[:, 0].mean() < 1 and (got[:, 1] >= 0.5).any()  # the cases were met


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_rule_bits_tell_the_presets_apart(preset: str) -> None:
    others = [name for name in PRESETS if name != preset]
    bits = rule_bits(PRESETS[preset])
    assert all(not np.array_equal(bits, rule_bits(PRESETS[other])) for other in others)
    assert not rule_bits(RuleSet()).any()


def white_values(network: Network, x: np.ndarray, white_acts: np.ndarray) -> np.ndarray:
    """Each decision's (win, share) in White's frame, from the network's outputs."""
    _, wins, shares = network.forward(x)
    return np.stack(
        [np.where(white_acts, wins, 1 - wins), np.where(white_acts, shares, -shares)], axis=1
    )


def lambda_returns(values: np.ndarray, outcome: np.ndarray, lam: float) -> np.ndarray:
    """Sutton and Barto's lambda-return of each decision, as the weighted sum of its
    n-step returns (no rewards but the outcome, no discount): the definition, longhand."""
    count = len(values)
    returns = []
    for t in range(count):
        later = [values[t + n] if t + n < count else outcome for n in range(1, count - t + 1)]
        weights = [(1 - lam) * lam ** (n - 1) for n in range(1, count - t)] + [
            lam ** (count - t - 1)
        ]
        returns.append(sum(w * g for w, g in zip(weights, later, strict=True)))
    return np.array(returns)


def test_td_moves_each_weight_by_the_lambda_returns_times_the_gradient() -> None:
    """A game's steps: alpha times the sum over its decisions of (lambda-return - value) times
    the value's gradient, each gradient by finite differences of the network's outputs.
    Online steps differ from that sum by the square of alpha: with alpha tiny, not at all."""
    network = Network.fresh(hidden=6, seed=3)
    rng = np.random.default_rng(1)
    x = rng.random((4, INPUTS))
    white_acts = np.array([True, False, True, False])
    outcome = np.array([0.0, -0.4])
    values = white_values(network, x, white_acts)
    errors = lambda_returns(values, outcome, 0.7) - values
    before = {name: getattr(network, name).copy() for name in ("w1", "b1", "w2", "b2")}
    expected = {}
    for name, weights in before.items():
        for _ in range(5):
            index = tuple(int(rng.integers(0, size)) for size in weights.shape)
            getattr(network, name)[index] += 1e-6
            slope = (white_values(network, x, white_acts) - values) / 1e-6
            getattr(network, name)[index] -= 1e-6
            expected[name, index] = 1e-6 * float((errors * slope).sum())
    TDLearner(network, alpha=1e-6, lam=0.7).learn(x, white_acts, *outcome)
    for (name, index), step in expected.items():
        moved = getattr(network, name)[index] - before[name][index]
        assert moved == pytest.approx(step, rel=1e-3, abs=1e-14)


def test_the_judgements_boost_moves_only_their_input_weights_k_times_as_far() -> None:
    x = np.random.default_rng(6).random((5, INPUTS))
    white_acts = np.array([True, False, True, False, True])
    moved = []
    for boost in (1.0, 10.0):
        network = Network.fresh(hidden=6, seed=8)
        before = network.w1.copy()
        TDLearner(network, 1e-6, 0.7, judgement_boost=boost).learn(x, white_acts, 1.0, 0.5)
        moved.append(network.w1 - before)
    plain, boosted = moved
    np.testing.assert_allclose(boosted[:, :RAW_INPUTS], plain[:, :RAW_INPUTS], rtol=1e-3)
    np.testing.assert_allclose(boosted[:, RAW_INPUTS:], 10 * plain[:, RAW_INPUTS:], rtol=1e-2)
    assert np.abs(plain[:, RAW_INPUTS:]).min() > 0


def test_td_moves_the_value_toward_the_outcome() -> None:
    network = Network.fresh(hidden=8, seed=5)
    learner = TDLearner(network, alpha=0.5, lam=0.7)
    x = np.random.default_rng(2).random(INPUTS).astype(np.float32)
    before, _ = network.values(x[None, :])
    for _ in range(20):
        learner.learn(x[None, :], np.array([True]), white_win=1.0, white_share=0.6)
    after, shares = network.values(x[None, :])
    assert after[0] > before[0] + 0.2
    assert abs(shares[0] - 0.6) < 0.15


def test_weights_survive_saving_and_loading() -> None:
    network = Network.fresh(hidden=5, seed=9)
    network.games = 1234
    buffer = io.BytesIO()
    network.save(buffer)
    buffer.seek(0)
    loaded = Network.load(buffer)
    assert loaded.games == 1234
    for name in ("w1", "b1", "w2", "b2"):
        np.testing.assert_array_equal(getattr(loaded, name), getattr(network, name))


def test_weights_of_version_1_read_with_their_values_kept() -> None:
    """Version 1 had no judgements among the inputs: its nets value every input as before."""
    old = Network.fresh(hidden=5, seed=3)
    old.w1 = old.w1[:, :RAW_INPUTS]
    buffer = io.BytesIO()
    arrays = {name: getattr(old, name) for name in ("w1", "b1", "w2", "b2")}
    np.savez(buffer, version=np.array(1), games=np.array(77), **arrays)
    buffer.seek(0)
    loaded = Network.load(buffer)
    x = np.random.default_rng(5).random((6, INPUTS))
    _, wins, shares = loaded.forward(x)
    hidden = 1 / (1 + np.exp(-(x[:, :RAW_INPUTS] @ old.w1.T + old.b1)))
    out = hidden @ old.w2.T + old.b2
    np.testing.assert_allclose(wins, 1 / (1 + np.exp(-out[:, 0])))
    np.testing.assert_allclose(shares, np.tanh(out[:, 1]))
    assert loaded.w1.shape == (5, INPUTS) and loaded.games == 77


def save_weights_of_seven_inputs(target: Path | io.BytesIO) -> None:
    """Weights of the format's version but for 7 inputs (a network of another build)."""
    np.savez(
        target,
        w1=np.zeros((3, 7)),
        b1=np.zeros(3),
        w2=np.zeros((2, 3)),
        b2=np.zeros(2),
        games=np.array(0),
        version=np.array(1),
    )


def test_weights_of_another_shape_are_refused() -> None:
    buffer = io.BytesIO()
    save_weights_of_seven_inputs(buffer)
    buffer.seek(0)
    with pytest.raises(ValueError, match="inputs"):
        Network.load(buffer)


def test_a_resumed_run_trains_exactly_as_one_that_never_stopped(tmp_path: Path) -> None:
    def run(out: str, until: int, *more: str) -> None:
        arguments = ["--games", str(until), "--out", str(tmp_path / out), "--seed", "4"]
        assert train_main([*arguments, "--hidden", "8", "--eval-every", "99", *more]) == 0

    run("whole", 3, "--eval-games", "0")
    run("half", 2, "--eval-games", "0")
    run("half", 3, "--eval-games", "1", "--resume", str(tmp_path / "half" / "checkpoint.npz"))
    whole = Network.load(tmp_path / "whole" / "checkpoint.npz")
    half = Network.load(tmp_path / "half" / "checkpoint.npz")
    assert whole.games == half.games == 3
    np.testing.assert_array_equal(whole.w1, half.w1)
    assert not np.array_equal(whole.w1, Network.fresh(8, 4).w1)
    curve = (tmp_path / "half" / "curve.jsonl").read_text().splitlines()
    assert len(curve) == 1
    assert {"games", "random_win", "greedy_win", "seconds"} <= json.loads(curve[-1]).keys()


def test_a_stop_signal_ends_the_run_after_its_game_with_a_checkpoint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A session that must stop sends SIGTERM: the games played are kept, nothing more."""
    monkeypatch.setattr(train, "MAX_DECISIONS", 80)
    played = train.train_game

    def game_then_stop(*args: Any) -> int:
        decisions = played(*args)
        os.kill(os.getpid(), signal.SIGTERM)
        return decisions

    monkeypatch.setattr(train, "train_game", game_then_stop)
    before = signal.getsignal(signal.SIGTERM)
    arguments = ["--games", "50", "--out", str(tmp_path), "--hidden", "8", "--eval-games", "0"]
    assert train_main(arguments) == 0
    assert Network.load(tmp_path / "checkpoint.npz").games == 1
    assert signal.getsignal(signal.SIGTERM) is before


def test_training_rules_cover_every_option() -> None:
    from aceynote.engine.training.selfplay import rules_of_game

    rng = random.Random(0)
    seen = {tuple(sorted(rules_of_game(rng).options().items())) for _ in range(400)}
    for option in ("early_moves", "bearoff", "bonus_reroll", "larger_die", "score"):
        values = {dict(entry)[option] for entry in seen}
        assert len(values) == 2, option


def test_paired_games_replay_the_same_dice_with_the_sides_swapped() -> None:
    # Both sides greedy: a pair's two games are one game, so the engine's points are opposite.
    rules = PRESETS["bgammon"]

    def match(first: int) -> list[int]:
        sides = (lambda _: GreedyPlayer(), lambda _: GreedyPlayer())
        return list(engine_match(*sides, lambda _: rules, 2, "t", paired=True, first=first))

    points = match(0)
    assert points[1] == -points[0] != 0
    assert match(1) == points[1:]


BLAS_THREADS = """
from threadpoolctl import threadpool_info

def blas_threads():
    return max(pool["num_threads"] for pool in threadpool_info() if pool["user_api"] == "blas")

import numpy
before = blas_threads()
from aceynote.engine.network import Network
Network.fresh(4, 1)
print(before, blas_threads())
"""


def test_a_network_puts_numpys_blas_on_one_thread() -> None:
    """Training, play and analysis alike: any network made limits BLAS to one thread."""
    environment = {**os.environ, "OPENBLAS_NUM_THREADS": "2"}
    result = subprocess.run(
        [sys.executable, "-c", BLAS_THREADS],
        capture_output=True,
        text=True,
        env=environment,
        check=True,
    )
    threads_asked = str(min(2, len(os.sched_getaffinity(0))))  # OpenBLAS takes no more
    assert result.stdout.split() == [threads_asked, "1"]


def test_a_widened_network_keeps_its_outputs_and_can_learn_apart() -> None:
    network = Network.fresh(hidden=6, seed=8)
    network.w2 += np.random.default_rng(3).normal(0, 1, network.w2.shape)
    network.games = 77
    wide = network.widened(15, seed=2)
    x = np.random.default_rng(4).random((50, INPUTS))
    assert (wide.hidden, wide.games) == (15, 77)
    for before, after in zip(network.forward(x)[1:], wide.forward(x)[1:], strict=True):
        np.testing.assert_allclose(after, before, atol=1e-3)
    assert len({row.tobytes() for row in wide.w1}) == 15  # no two units alike
    with pytest.raises(ValueError, match="cannot be widened"):
        network.widened(4, seed=2)


def test_training_widens_only_the_weights_it_resumes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    Network.fresh(hidden=5, seed=1).save(tmp_path / "start.npz")
    arguments = ["--games", "1", "--out", str(tmp_path / "run"), "--eval-games", "0"]
    assert train_main([*arguments, "--resume", str(tmp_path / "start.npz"), "--widen", "9"]) == 0
    assert Network.load(tmp_path / "run" / "checkpoint.npz").hidden == 9
    assert train_main([*arguments, "--resume", str(tmp_path / "start.npz"), "--widen", "3"]) == 2
    assert "cannot be widened to 3" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        train_main([*arguments, "--widen", "9"])
    assert "--widen widens" in capsys.readouterr().err


def test_averaged_checkpoints_are_the_mean_of_their_weights(tmp_path: Path) -> None:
    first, second = Network.fresh(hidden=4, seed=1), Network.fresh(hidden=4, seed=2)
    first.games, second.games = 100, 300
    first.save(tmp_path / "a.npz")
    second.save(tmp_path / "b.npz")
    out = tmp_path / "mean.npz"
    assert average_main(["--out", str(out), str(tmp_path / "a.npz"), str(tmp_path / "b.npz")]) == 0
    mean = Network.load(out)
    assert mean.games == 300
    for name in ("w1", "b1", "w2", "b2"):
        halfway = (getattr(first, name) + getattr(second, name)) / 2
        np.testing.assert_allclose(getattr(mean, name), halfway)


def test_averaging_refuses_what_it_cannot_average(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    Network.fresh(hidden=4, seed=1).save(tmp_path / "four.npz")
    Network.fresh(hidden=5, seed=1).save(tmp_path / "five.npz")
    (tmp_path / "notes.npz").write_text("not weights\n", encoding="utf-8")
    out = tmp_path / "mean.npz"
    cases = [
        (["four.npz", "five.npz"], "different numbers of hidden units: 4, 5"),
        (["four.npz", "notes.npz"], "notes.npz: it is not a weights file of aceynote's"),
        (["four.npz", "gone.npz"], "cannot read .*gone.npz: No such file"),
    ]
    for names, words in cases:
        assert average_main(["--out", str(out), *(str(tmp_path / n) for n in names)]) == 2
        assert re.search(words, capsys.readouterr().err)
    assert not out.exists()
