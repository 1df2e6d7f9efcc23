"""The engine head to head against bgammon.org's bot, tabula, under the bgammon rules.

Run on demand, never as a test (docs/engine.md, "Against tabula", says how to
build tabula outside this repository):

    python benchmarks/bench_tabula.py --tabula /path/to/tabula --games 200 --depth 1
    python benchmarks/bench_tabula.py --address 127.0.0.1:17000 --games 4 --show 6

``--tabula`` starts tabula's BEI server on a free port of 127.0.0.1 (and ends
it afterwards); ``--address`` connects to one already listening there. The
games are played by the engine's own game loop (``engine_match``), the engine
taking each side half the time, with the dice paired: games 2k and 2k+1 start
from the same dice with the sides swapped. Each position is sent to tabula as
its state (the side to act is tabula's player 1) and its reply, a list of
from/to spaces, is taken as the legal play whose result it reaches; a reply
that reaches no legal play's result is counted, printed and replaced by the
first legal play. Prints the games won and the points a game with standard
errors (of the pairs' means), the decisions, and the CPU time of each side.
``--out`` keeps each game's figures, and a run with the same ``--out`` (and
seed and depth) goes on where the last one stopped.

tabula's state is 35 integers, its Board: space 0 the player's pool before all
of its checkers have entered and its borne-off checkers after, 1..24 the
points (the player's checkers positive, moving from 24 toward 1; the
opponent's negative), 25 the opponent's pool or borne-off checkers
(negative), 26 and 27 the player's and the opponent's bar, 28..31 the dice,
32 and 33 whether each side has entered all its checkers, 34 the variant
(1, acey-deucey). The player's space p is the mover's point p in aceynote's
numbering, the opponent's point q is space 25 - q.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from aceynote.engine import Engine  # noqa: E402
from aceynote.engine.bots import NetPlayer, Player, engine_match  # noqa: E402
from aceynote.engine.decisions import Choice, Decision  # noqa: E402
from aceynote.engine.training.shards import append_line, read_lines  # noqa: E402
from aceynote.rules import BAR, OFF, POOL, Position, SegmentKind, Side  # noqa: E402

RULES = "bgammon"
VARIANT_ACEY_DEUCEY = 1
SPACES = 28
PLAYER_HOME, OPPONENT_HOME, PLAYER_BAR, OPPONENT_BAR = 0, 25, 26, 27
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def side_board(position: Position, side: Side) -> list[int]:
    """The 28 spaces of tabula's board with ``side`` as its player 1."""
    own, other = position.checkers(side), position.checkers(side.opponent)
    assert not (own[POOL] and own[OFF]) and not (other[POOL] and other[OFF])
    board = [0] * SPACES
    board[PLAYER_HOME] = own[POOL] or own[OFF]
    board[OPPONENT_HOME] = -(other[POOL] or other[OFF])
    for point in range(1, 25):
        board[point] = own[point] - other[25 - point]
    board[PLAYER_BAR], board[OPPONENT_BAR] = own[BAR], -other[BAR]
    return board


def tabula_state(position: Position, dice: tuple[int, int]) -> str:
    """The state line tabula reads: the board of the side to act, the dice, entered, variant."""
    own, other = position.mover, position.waiting
    values = [*side_board(position, position.turn), *dice, 0, 0]
    values += [int(own[POOL] == 0), int(other[POOL] == 0), VARIANT_ACEY_DEUCEY]
    return ",".join(str(value) for value in values)


def board_after(board: list[int], moves: list[tuple[int, int]]) -> list[int] | None:
    """Player 1's moves made on tabula's board (None when one has no checker to move)."""
    board = list(board)
    for start, end in moves:
        movable = 0 <= start < OPPONENT_HOME or start == PLAYER_BAR
        if not movable or not 0 <= end < OPPONENT_HOME or start == end or board[start] <= 0:
            return None
        board[start] -= 1
        if end != PLAYER_HOME and board[end] == -1:
            board[end], board[OPPONENT_BAR] = 0, board[OPPONENT_BAR] - 1
        board[end] += 1
    return board


class Connection:
    """A BEI session with tabula: one line out, one JSON event back."""

    def __init__(self, address: tuple[str, int]) -> None:
        self.socket = socket.create_connection(address, timeout=600)
        self.stream = self.socket.makefile("rw", encoding="ascii", newline="\n")
        hello = self.ask("bei")
        if hello.get("type") not in (None, "okbei"):
            raise RuntimeError(f"tabula did not answer the bei handshake: {hello}")

    def ask(self, line: str) -> dict[str, Any]:
        self.stream.write(line + "\n")
        self.stream.flush()
        reply = self.stream.readline()
        if not reply:
            raise RuntimeError(f"tabula closed the connection after: {line}")
        event: dict[str, Any] = json.loads(reply)
        return event

    def close(self) -> None:
        self.stream.close()
        self.socket.close()


def reply_moves(event: dict[str, Any]) -> list[tuple[int, int]]:
    moves = event.get("moves") or [{}]
    return [(int(step["from"]), int(step["to"])) for step in moves[0].get("play") or []]


class TabulaPlayer:
    """tabula as a player of ``engine_match``: each decision asked over BEI."""

    def __init__(self, connection: Connection, show: int = 0) -> None:
        self.connection = connection
        self.show = show
        self.decisions = 0
        self.illegal: list[str] = []
        self.wall = 0.0

    def choose(self, options: list[Choice], decision: Decision) -> Choice:
        started = time.perf_counter()
        position = decision.position
        if decision.kind is SegmentKind.CHOSEN_DOUBLE:
            event = self.connection.ask("choose " + tabula_state(position, (0, 0)))
            die = int(event["rolls"][0]["roll"])
            options = [option for option in options if option.high == die]
        state = tabula_state(position, (options[0].high, options[0].low))
        moves = reply_moves(self.connection.ask("move " + state))
        self.wall += time.perf_counter() - started
        self.decisions += 1
        chosen = self._matching(options, position, moves)
        if self.decisions <= self.show:
            print(_trace(decision, options[0], state, moves, chosen))
        return chosen or options[0]

    def _matching(
        self, options: list[Choice], position: Position, moves: list[tuple[int, int]]
    ) -> Choice | None:
        reached = board_after(side_board(position, position.turn), moves)
        for option in options:
            if side_board(option.play.result, position.turn) == reached:
                return option
        text = f"{position.to_setup()} roll {options[0].high}{options[0].low}: tabula {moves}"
        self.illegal.append(text)
        print(f"not legal under {RULES}: {text}", file=sys.stderr)
        return None


def _trace(
    decision: Decision,
    first: Choice,
    state: str,
    moves: list[tuple[int, int]],
    chosen: Choice | None,
) -> str:
    """One decision as both sides see it, for checking the mapping by eye."""
    board = side_board(decision.position, decision.position.turn)
    spaces = " ".join(f"{space:>3}" for space in range(25, -1, -1))
    counts = " ".join(f"{board[space]:>3}" for space in range(25, -1, -1))
    played = chosen.play if chosen else "NOT LEGAL"
    return (
        f"{decision.kind.value} {first.high}{first.low}  {decision.position.to_setup()}\n"
        f"  space  {spaces}  bar {board[PLAYER_BAR]}/{board[OPPONENT_BAR]}\n"
        f"  tabula {counts}\n"
        f"  state  {state}\n"
        f"  tabula plays {moves}  =  {played}"
    )


class TimedPlayer:
    """A player whose CPU seconds (this process's) and decisions are counted."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.cpu = 0.0
        self.decisions = 0

    def choose(self, options: list[Choice], decision: Decision) -> Choice:
        started = time.process_time()
        chosen = self.player.choose(options, decision)
        self.cpu += time.process_time() - started
        self.decisions += 1
        return chosen


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_tabula(binary: str) -> tuple[subprocess.Popen[bytes], tuple[str, int]]:
    """tabula's BEI server on a free port of 127.0.0.1, once it accepts connections."""
    address = ("127.0.0.1", free_port())
    server = subprocess.Popen(
        [binary, "-bei", f"{address[0]}:{address[1]}"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(100):
        try:
            socket.create_connection(address, timeout=1).close()
            return server, address
        except OSError:
            time.sleep(0.1)
    server.terminate()
    raise RuntimeError(f"tabula did not listen on {address[0]}:{address[1]}")


def process_cpu(pid: int) -> float:
    """User and system CPU seconds of a process so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def parse_address(text: str) -> tuple[str, int]:
    host, _, port = text.rpartition(":")
    if host not in ("127.0.0.1", "localhost"):
        raise SystemExit("--address must be on 127.0.0.1")
    return "127.0.0.1", int(port)


def mean_error(values: Sequence[float]) -> tuple[float, float]:
    """The mean and its standard error."""
    mean = sum(values) / len(values)
    if len(values) < 2:
        return mean, 0.0
    spread = sum((value - mean) ** 2 for value in values) / (len(values) - 1)
    return mean, math.sqrt(spread / len(values))


class Meters:
    """What the two sides have spent so far, to write down game by game."""

    def __init__(self, ours: TimedPlayer, theirs: TabulaPlayer, pid: int | None) -> None:
        self.ours, self.theirs, self.pid = ours, theirs, pid
        self.last = self.read()

    def read(self) -> dict[str, float]:
        return {
            "aceynote_cpu": self.ours.cpu,
            "aceynote_decisions": self.ours.decisions,
            "tabula_cpu": process_cpu(self.pid) if self.pid else math.nan,
            "tabula_decisions": self.theirs.decisions,
            "tabula_wall": self.theirs.wall,
            "illegal": len(self.theirs.illegal),
        }

    def game(self, index: int, points: int) -> dict[str, float]:
        now = self.read()
        record = {name: round(now[name] - self.last[name], 3) for name in now}
        self.last = now
        return {"game": index, "points": points, **record}


def read_records(out: Path | None) -> list[dict[str, Any]]:
    return [] if out is None else read_lines(out)


def report(records: list[dict[str, Any]], depth: int) -> None:
    """Games won, points a game (errors from the pairs' means), and what each side spent."""
    points = [record["points"] for record in records]
    pairs = range(0, len(points) - 1, 2)
    won, won_error = mean_error([(points[i] > 0) / 2 + (points[i + 1] > 0) / 2 for i in pairs])
    each, each_error = mean_error([(points[i] + points[i + 1]) / 2 for i in pairs])
    wins, unfinished = sum(p > 0 for p in points), sum(p == 0 for p in points)
    print(
        f"aceynote {depth}-ply v tabula, {RULES} rules, {len(points)} games (paired dice):"
        f" aceynote won {wins} ({won:.1%} ± {won_error:.1%}),"
        f" tabula {len(points) - wins - unfinished}, unfinished {unfinished};"
        f" aceynote {each:+.2f} ± {each_error:.2f} points a game"
    )
    total = {name: sum(record[name] for record in records) for name in records[0]}
    for side, cores in (("aceynote", "one core"), ("tabula", "its process, all cores")):
        cpu, decisions = total[f"{side}_cpu"], max(1, total[f"{side}_decisions"])
        spent = f"{cpu / len(records):.2f} CPU s a game, {cpu / decisions * 1000:.0f} ms"
        spent += " a decision"
        if math.isnan(cpu):
            spent, cores = "CPU not measured", "a server not started here"
        print(f"{side}: {total[f'{side}_decisions']:.0f} decisions, {spent} ({cores})")
    wall = total["tabula_wall"] / max(1, total["tabula_decisions"])
    print(f"tabula: {wall * 1000:.0f} ms a reply (wall, the machine's load included)")
    print(f"tabula plays not legal under {RULES}: {total['illegal']:.0f}")


def play(args: argparse.Namespace, address: tuple[str, int], pid: int | None) -> None:
    engine = Engine(RULES)
    ours = TimedPlayer(NetPlayer(engine.search, args.depth))
    connection = Connection(address)
    theirs = TabulaPlayer(connection, args.show)
    out = Path(args.out) if args.out else None
    records = read_records(out)
    meters = Meters(ours, theirs, pid)
    seed = f"tabula:{args.seed}"
    for index, score in enumerate(
        engine_match(
            lambda _: ours,
            lambda _: theirs,
            lambda _: engine.rules,
            args.games,
            seed,
            paired=True,
            first=len(records),
        ),
        start=len(records),
    ):
        records.append(meters.game(index, score))
        print(f"  game {index + 1}: aceynote {score:+d}", file=sys.stderr)
        if out is not None:
            append_line(out, records[-1])
    connection.close()
    report(records[: args.games], args.depth)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--tabula", help="tabula's binary; its BEI server is started here")
    where.add_argument("--address", help="a tabula BEI server already on 127.0.0.1:PORT")
    parser.add_argument("--games", type=int, default=200, help="an even number")
    parser.add_argument("--depth", type=int, default=1, choices=(0, 1))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show", type=int, default=0, help="print tabula's first N decisions")
    parser.add_argument("--out", help="JSON Lines of each game; a run goes on where it stopped")
    args = parser.parse_args(argv)
    if args.games < 2 or args.games % 2:
        parser.error("--games must be even and at least 2: the games come in pairs")
    if args.address:
        play(args, parse_address(args.address), None)
        return
    server, address = start_tabula(args.tabula)
    try:
        play(args, address, server.pid)
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
