"""``aceynote analyze`` in local processes and on a Dask cluster: the output of a run here.

The cluster is a LocalCluster on 127.0.0.1: a scheduler in this process and
two worker processes of one thread each, as ``dask scheduler`` and two
``dask worker`` would be; it is closed, its processes with it, after each
test that starts one.
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import pytest
from conftest import GUARD, run_main

from aceynote.analysis import cluster
from aceynote.analysis.cluster import in_order
from aceynote.analysis.output import document, document_text
from aceynote.extras import install_command
from aceynote.notation.generate import generate_games
from aceynote.notation.writer import write_game
from aceynote.rules import Position, parse_rules

distributed = pytest.importorskip("distributed")
dask = pytest.importorskip("dask")

RULES = parse_rules("standard")
# Both sides almost home: a game of a dozen decisions, a fraction of a second at depth 0.
ENDING = Position.from_setup("W 6:3 5:3 4:2 9:2 / B 6:4 5:2 3:2 12:1 / B")


def write_record(path: Path, whole: int, short: int) -> Path:
    """``whole`` games from the opening, then ``short`` ones from ENDING."""
    games = [*generate_games(whole, 11, RULES), *generate_games(short, 12, RULES, ENDING)]
    path.write_text("\n".join(write_game(game) for game in games), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def short_games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # More games than --jobs 2 keeps submitted at once (4), so the window moves on.
    return write_record(tmp_path_factory.mktemp("cluster") / "short.acey", 0, 7)


def two_workers() -> distributed.LocalCluster:
    """A scheduler here and two worker processes of one thread each, on 127.0.0.1."""
    return distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        scheduler_port=0,
        dashboard_address="127.0.0.1:0",  # any free port: never 8787, which may be taken
    )


@pytest.fixture
def local_cluster() -> Iterator[distributed.LocalCluster]:
    with two_workers() as running:
        yield running


def analyze(capsys: pytest.CaptureFixture[str], path: Path, *words: str) -> tuple[int, str, str]:
    return run_main(capsys, "analyze", str(path), "--depth", "0", *words)


@pytest.mark.parametrize("report", [["--format", "json"], ["--format", "text"]])
def test_two_processes_give_what_one_gives(
    capsys: pytest.CaptureFixture[str], short_games: Path, report: list[str]
) -> None:
    one = analyze(capsys, short_games, *report, "--jobs", "1")
    two = analyze(capsys, short_games, *report, "--jobs", "2")
    assert one[0] == two[0] == 0, two[2]
    assert two[1] == one[1]
    if report[1] == "json":
        assert [game["game"] for game in json.loads(two[1])["games"]] == list(range(1, 8))


def test_two_processes_write_the_same_marked_record(
    capsys: pytest.CaptureFixture[str], short_games: Path, tmp_path: Path
) -> None:
    one, two = tmp_path / "one.acey", tmp_path / "two.acey"
    assert analyze(capsys, short_games, "-o", str(one))[0] == 0
    assert analyze(capsys, short_games, "-o", str(two), "--jobs", "2")[0] == 0
    assert two.read_text(encoding="utf-8") == one.read_text(encoding="utf-8")
    assert one.read_text(encoding="utf-8").count("[Event ") == 7


def test_a_cluster_gives_what_one_process_gives(
    capsys: pytest.CaptureFixture[str],
    short_games: Path,
    local_cluster: distributed.LocalCluster,
    tmp_path: Path,
) -> None:
    # The text report is written from the same analyses (the --jobs test compares both).
    address = local_cluster.scheduler_address
    here = analyze(capsys, short_games, "--format", "json")
    there = analyze(capsys, short_games, "--format", "json", "--scheduler", address)
    assert here[0] == there[0] == 0, there[2]
    assert there[1] == here[1]
    marked_here, marked_there = tmp_path / "here.acey", tmp_path / "there.acey"
    assert analyze(capsys, short_games, "-o", str(marked_here))[0] == 0
    assert analyze(capsys, short_games, "-o", str(marked_there), "--scheduler", address)[0] == 0
    assert marked_there.read_bytes() == marked_here.read_bytes()


@pytest.fixture
def cluster_without_retries() -> Iterator[distributed.LocalCluster]:
    """A cluster whose scheduler gives up on a task the first time its worker dies."""
    with dask.config.set({"distributed.scheduler.allowed-failures": 0}), two_workers() as running:
        yield running


def start_killing(running: distributed.LocalCluster, killed: list[str]) -> threading.Thread:
    """A thread that kills the first worker process seen running a game (its keys in ``killed``)."""

    def kill_a_busy_worker() -> None:
        with distributed.Client(running, set_as_default=False) as watcher:
            deadline = time.monotonic() + GUARD
            while not killed and time.monotonic() < deadline:
                executing = watcher.run(
                    lambda dask_worker: [str(task.key) for task in dask_worker.state.executing]
                )
                for address, keys in executing.items():
                    if any(key.startswith("aceynote-") for key in keys):
                        pid = watcher.run(os.getpid, workers=[address])[address]
                        os.kill(pid, signal.SIGKILL)
                        killed.extend(keys)
                        break
                time.sleep(0.05)

    killer = threading.Thread(target=kill_a_busy_worker)
    killer.start()
    return killer


@pytest.mark.slow
def test_a_worker_killed_mid_game_loses_no_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, local_cluster: distributed.LocalCluster
) -> None:
    # A whole game first (seconds at depth 0): its worker is killed while it runs.
    path = write_record(tmp_path / "games.acey", 1, 4)
    expected = analyze(capsys, path, "--format", "json")
    killed: list[str] = []
    killer = start_killing(local_cluster, killed)
    try:
        got = analyze(
            capsys, path, "--format", "json", "--scheduler", local_cluster.scheduler_address
        )
    finally:
        killer.join(GUARD)
    assert killed, "no worker was seen running a game"
    assert got[0] == expected[0] == 0, got[2]
    assert got[1] == expected[1]
    assert [game["game"] for game in json.loads(got[1])["games"]] == [1, 2, 3, 4, 5]


@pytest.mark.slow
def test_a_game_the_cluster_gives_up_on_is_a_usage_error(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    cluster_without_retries: distributed.LocalCluster,
) -> None:
    path = write_record(tmp_path / "games.acey", 1, 0)
    killed: list[str] = []
    killer = start_killing(cluster_without_retries, killed)
    try:
        status, out, err = analyze(
            capsys, path, "--scheduler", cluster_without_retries.scheduler_address
        )
    finally:
        killer.join(GUARD)
    assert killed
    assert status == 2 and not out
    assert "the cluster gave up on a game: its workers kept dying" in err
    assert "Traceback" not in err


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def test_no_scheduler_at_the_address_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], short_games: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 1.0)
    address = f"tcp://127.0.0.1:{free_port()}"
    started = time.monotonic()
    status, out, err = analyze(capsys, short_games, "--scheduler", address)
    assert status == 2 and not out
    assert f"--scheduler {address}: no Dask scheduler answered within 1 s" in err
    assert "dask scheduler" in err and "Traceback" not in err
    assert time.monotonic() - started < 30


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["--scheduler", "bogus://somewhere:1"], "not a scheduler address"),
        (["--scheduler", "tcp://127.0.0.1:port"], "give tcp://HOST:PORT"),
        (["--scheduler", "tcp://127.0.0.1:1", "--jobs", "2"], "not allowed with"),
    ],
)
def test_a_bad_scheduler_address_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], short_games: Path, words: list[str], message: str
) -> None:
    try:
        status, out, err = analyze(capsys, short_games, *words)
    except SystemExit as stop:  # argparse's own refusals
        captured = capsys.readouterr()
        status, out, err = int(stop.code or 0), captured.out, captured.err
    assert status == 2 and not out
    assert message in err and "Traceback" not in err


def test_without_dask_the_message_names_the_extra(
    capsys: pytest.CaptureFixture[str], short_games: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    status, out, err = analyze(capsys, short_games, "--scheduler", "tcp://127.0.0.1:8786")
    assert status == 2 and not out
    assert install_command("cluster") in err and "Traceback" not in err


def test_results_come_in_input_order_with_only_a_window_read_ahead() -> None:
    taken: list[int] = []

    def tasks() -> Iterator[int]:
        for number in range(12):
            taken.append(number)
            yield number

    def slow_first(number: int) -> int:
        time.sleep(0.02 * (12 - number))  # the later the task, the sooner it is done
        return number * 10

    with ThreadPoolExecutor(4) as pool:

        def submit(number: int) -> Future[int]:
            return pool.submit(slow_first, number)

        results = in_order(submit, tasks(), 3)
        assert next(results) == 0
        assert len(taken) == 3  # the window, not the whole input
        assert list(results) == [number * 10 for number in range(1, 12)]
    assert len(taken) == 12


@pytest.mark.parametrize("count", [0, 1, 3])
def test_the_json_document_written_in_parts_is_json_dumps_of_it(count: int) -> None:
    games = [
        {"game": number, "decisions": [{"play": "in/20\n"}] * number} for number in range(count)
    ]
    parts = list(document_text(iter(games)))
    assert "".join(parts) == json.dumps(document(games), indent=1) + "\n"
    assert len(parts) == count + 1  # one part a game, and the end


def test_a_record_unreadable_part_way_reports_the_games_before(
    capsys: pytest.CaptureFixture[str], short_games: Path, tmp_path: Path
) -> None:
    # A byte that is not UTF-8 in the third game's movetext, after its tags.
    data = short_games.read_bytes()
    third = data.index(b"[Event ", data.index(b"[Event ", 1) + 1)
    movetext = data.index(b"\n\n", third) + 2
    line = data[:movetext].count(b"\n") + 1
    before, broken = tmp_path / "before.acey", tmp_path / "broken.acey"
    before.write_bytes(data[:third])
    broken.write_bytes(data[:movetext] + b"{caf\xe9}\n" + data[movetext:])
    expected = analyze(capsys, before, "--jobs", "2")
    status, out, err = analyze(capsys, broken, "--jobs", "2")
    assert expected[0] == 0 and status == 2
    # The games before it as they are alone, then the one it stands in as far as it goes
    # (docs/notation.md choice 12): its tags, and no decision before the line.
    assert out.startswith(expected[1]) and out.count("\nGame ") + out.startswith("Game ") == 3
    third_game = out[len(expected[1]) :]
    assert third_game.startswith("Game 3: ") and re.search(r"decisions +0 +0", third_game)
    assert f"{broken}:{line}:5: is not UTF-8 text" in err and "Traceback" not in err


def serve(answer: str) -> tuple[str, socket.socket]:
    """A server at a free port that is no Dask scheduler: it answers ``answer`` to every caller."""
    listener = socket.create_server(("127.0.0.1", 0))
    held: list[socket.socket] = []

    def accept() -> None:
        while True:
            try:
                caller, _ = listener.accept()
            except OSError:  # the test closed the listener
                return
            if answer == "close":
                caller.close()
                continue
            caller.sendall(
                {"silent": b"", "banner": b"SSH-2.0-OpenSSH_9.6\r\n"}.get(answer, b"\xff" * 4096)
            )
            held.append(caller)

    threading.Thread(target=accept, daemon=True).start()
    return f"tcp://127.0.0.1:{listener.getsockname()[1]}", listener


@pytest.mark.parametrize("answer", ["silent", "banner", "garbage", "close"])
def test_a_server_that_is_no_scheduler_is_a_usage_error_in_time(
    capsys: pytest.CaptureFixture[str],
    short_games: Path,
    monkeypatch: pytest.MonkeyPatch,
    answer: str,
) -> None:
    """Dask's client waited without end on a silent server, and spoke of a TimeoutError in
    Client.__del__ after another server's banner (issue 37): exit 2 within the timeout."""
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 1.0)
    address, listener = serve(answer)
    started = time.monotonic()
    try:
        status, out, err = analyze(capsys, short_games, "--scheduler", address)
    finally:
        listener.close()
    assert time.monotonic() - started < 5
    assert status == 2 and not out
    assert f"--scheduler {address}: " in err and "start one with 'dask scheduler'" in err
    assert "Traceback" not in err and "Exception ignored" not in err
