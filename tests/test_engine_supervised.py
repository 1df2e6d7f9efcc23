"""Supervised training (docs/engine.md, "Supervised training"): positions sampled from
self-play, valued by the search, and the network fitted to those values."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from aceynote.engine.api import shipped_network, shipped_weights
from aceynote.engine.evaluator import evaluator_for
from aceynote.engine.network import Network
from aceynote.engine.search import Search
from aceynote.engine.training.fitting import Targets, errors, gradients
from aceynote.engine.training.races import with_race_network
from aceynote.engine.training.shards import Shard
from aceynote.engine.training.supervised import (
    decision_of,
    held_out,
    labels_path,
    main,
    read_labels,
    targets_of,
)


@pytest.fixture(scope="module")
def positions(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("sup") / "new folder" / "positions.jsonl"
    assert (
        main(["sample", "--games", "3", "--seed", "5", "--per-game", "3", "--out", str(out)]) == 0
    )
    return out


def lines_of(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_a_sample_is_positions_in_contact_that_no_table_values(positions: Path) -> None:
    lines = lines_of(positions)
    assert 3 < len(lines) <= 9  # at most 3 of each of the 3 games
    assert sorted({line["game"] for line in lines}) == [0, 1, 2]
    keys = [(line["rules"], line["setup"], line["kind"]) for line in lines]
    assert len(set(keys)) == len(keys)  # no position twice
    for line in lines:
        decision, rules = decision_of(line)
        assert decision.position.has_contact
        assert not evaluator_for(shipped_network(), rules).is_exact(decision)
        assert line["setup"] == decision.position.to_setup()


def test_the_same_seed_samples_the_same_positions_and_a_run_goes_on(
    positions: Path, tmp_path: Path
) -> None:
    again = tmp_path / "again.jsonl"
    main(["sample", "--games", "2", "--seed", "5", "--per-game", "3", "--out", str(again)])
    assert {line["game"] for line in lines_of(again)} == {0, 1}
    main(["sample", "--games", "3", "--seed", "5", "--per-game", "3", "--out", str(again)])
    assert again.read_text() == positions.read_text()


def labelled_copy(positions: Path, tmp_path: Path, *label: str) -> Path:
    copy = tmp_path / "p.jsonl"
    copy.write_text(positions.read_text())
    if label:
        assert main(["label", str(copy), *label]) == 0
    return copy


def test_labels_are_the_searchs_values_and_shards_share_the_work(
    positions: Path, tmp_path: Path
) -> None:
    copy = labelled_copy(positions, tmp_path, "--depth", "1", "--shard", "2/2")
    lines = lines_of(copy)
    assert sorted(read_labels(copy, lines)) == list(range(2, len(lines) + 1, 2))
    assert main(["label", str(copy), "--depth", "1"]) == 0  # the rest, none again
    labels = read_labels(copy, lines)
    assert sorted(labels) == list(range(1, len(lines) + 1))
    assert len(labels_path(copy).read_text().splitlines()) == len(lines)
    decision, rules = decision_of(lines[0])
    win, equity = Search(evaluator_for(shipped_network(), rules)).look_ahead([decision], 1)[0]
    assert (labels[1]["win"], labels[1]["equity"]) == (round(win, 5), round(equity, 5))
    shipped = shipped_weights()
    judge = {"depth": 1, "weights": shipped.fingerprint(), "games": shipped.games}
    assert all(label["judge"] == judge for label in labels.values())


def test_a_fingerprint_names_the_weights() -> None:
    shipped = shipped_weights()
    assert shipped.fingerprint() == shipped_weights().fingerprint()
    other = shipped_weights()
    other.b2[0] += 1e-9
    assert other.fingerprint() != shipped.fingerprint()
    other.b2[0] = shipped.b2[0]
    other.race = Network.fresh(4, 1)
    assert other.fingerprint() != shipped.fingerprint()


def test_a_shard_takes_every_nth_item_from_the_kth() -> None:
    assert [n for n in range(1, 8) if Shard(2, 3).takes(n)] == [2, 5]
    assert Shard.parse("2/3") == Shard(2, 3)
    for wrong in ("0/2", "3/2", "a/b", "2"):
        with pytest.raises(argparse.ArgumentTypeError, match="is not K/N"):
            Shard.parse(wrong)


def small_targets(count: int = 40) -> tuple[Network, Targets]:
    rng = np.random.default_rng(3)
    network = Network.fresh(6, seed=2)
    inputs = rng.uniform(0, 1, (count, network.w1.shape[1])).astype(np.float32)
    return network, Targets(inputs, rng.uniform(0, 1, count), rng.uniform(-1, 1, count))


def test_the_gradients_are_the_errors_slopes() -> None:
    """Each weight moved a little changes the summed error as its gradient says."""
    network, targets = small_targets()
    analytic = gradients(network, targets)
    for which, name in enumerate(("w1", "b1", "w2", "b2")):
        array = getattr(network, name)
        for index in [(0,) * array.ndim, tuple(n - 1 for n in array.shape)]:
            kept = array[index]
            array[index] = kept + 1e-6
            above = errors(network, targets).sum()
            array[index] = kept - 1e-6
            below = errors(network, targets).sum()
            array[index] = kept
            assert analytic[which][index] == pytest.approx((above - below) / 2e-6, abs=1e-7)


def test_training_fits_the_labels_holds_out_whole_games_and_keeps_the_race_network(
    positions: Path, tmp_path: Path
) -> None:
    copy = labelled_copy(positions, tmp_path, "--depth", "1")
    out, resumed = tmp_path / "run", tmp_path / "with-race.npz"
    start = with_race_network(shipped_weights())
    start.save(resumed)
    args = ["train", str(copy), "--epochs", "3", "--batch", "2", "--out", str(out)]
    assert main([*args, "--resume", str(resumed)]) == 0
    figures = lines_of(out / "supervised.jsonl")
    assert [line["epoch"] for line in figures] == [0, 1, 2, 3]
    assert figures[-1]["fitted"] < figures[0]["fitted"]
    trained = Network.load(out / "checkpoint.npz")
    assert trained.race is not None and start.race is not None
    assert np.array_equal(trained.race.w1, start.race.w1)  # races are not sampled
    assert np.array_equal(Network.load(resumed).w1, start.w1)  # the weights resumed from
    # Game 0's positions are held out, and the checkpoint is the epoch best on them.
    lines = lines_of(copy)
    held = held_out(lines)
    assert held.tolist() == [line["game"] == 0 for line in lines]
    labels = read_labels(copy, lines)
    targets = targets_of(trained, lines, [labels[n] for n in range(1, len(lines) + 1)])
    best = min(line["held_out"] for line in figures)
    measured = targets.part(np.flatnonzero(held))
    assert errors(trained, measured).sum() == pytest.approx(best, rel=1e-9)
    assert main([*args, "--resume", str(resumed)]) == 2  # the run's folder holds a run
    wider = tmp_path / "wider"
    assert main([*args[:-1], str(wider), "--widen", "160", "--epochs", "0"]) == 0
    widened = Network.load(wider / "checkpoint.npz")
    assert widened.hidden == 160
    first = lines_of(wider / "supervised.jsonl")[0]
    assert first["fitted"] == pytest.approx(figures[0]["fitted"], rel=1e-2)  # all but the same


def test_what_cannot_be_trained_or_labelled_is_refused_in_words(
    positions: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    copy = labelled_copy(positions, tmp_path)
    out = str(tmp_path / "run")
    assert main(["train", str(copy), "--out", out]) == 2
    assert "0 positions labelled, too few to fit some and hold some out" in capsys.readouterr().err
    main(["label", str(copy), "--depth", "1", "--shard", "1/2"])
    assert main(["label", str(copy), "--depth", "2"]) == 2  # before any CPU is spent
    assert "holds labels of another judge" in capsys.readouterr().err
    assert main(["label", str(tmp_path / "missing.jsonl")]) == 2
    assert "missing.jsonl: no such file (sample writes it)" in capsys.readouterr().err
    lines = copy.read_text().splitlines()
    copy.write_text("\n".join(lines[1:] + lines[:1]) + "\n")  # another order: another sample
    assert main(["train", str(copy), "--out", out]) == 2
    assert "the labels are of another sample" in capsys.readouterr().err
    labels_path(copy).write_text('{"id": 1, "setup"\n')  # a line cut short by a stop
    assert main(["label", str(copy)]) == 2
    assert "p.labels.jsonl:1: this line is not JSON" in capsys.readouterr().err


def test_two_judges_old_files_and_a_used_folder_are_refused(
    positions: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    copy = labelled_copy(positions, tmp_path, "--depth", "1")
    labels = labels_path(copy).read_text().splitlines()
    other = json.loads(labels[-1])
    other["judge"] = other["judge"] | {"depth": 2}  # two runs of two depths at once
    labels_path(copy).write_text("\n".join([*labels[:-1], json.dumps(other)]) + "\n")
    assert main(["train", str(copy), "--out", str(tmp_path / "a")]) == 2
    assert "labelled by two judges" in capsys.readouterr().err
    used = tmp_path / "selfplay-run"
    used.mkdir()
    (used / "checkpoint.npz").write_bytes(b"")
    labels_path(copy).write_text("\n".join(labels) + "\n")
    assert main(["train", str(copy), "--out", str(used)]) == 2
    assert "holds a run already" in capsys.readouterr().err
    old = [
        json.dumps({k: v for k, v in json.loads(line).items() if k != "judge"}) for line in labels
    ]
    labels_path(copy).write_text("\n".join(old) + "\n")
    assert main(["train", str(copy), "--out", str(tmp_path / "b")]) == 2
    assert "written by an earlier version of label: label again" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["train", str(copy), "--out", str(tmp_path / "c"), "--widen", "0"])
    assert "'0' is not a number of hidden units" in capsys.readouterr().err
