"""Helpers for the rules tests: boards from Setup strings, plays from move text.

Everything here follows docs/notation.md directly and uses the engine only to read
Setup strings, so that a test states its board and its expected plays in the
notation a reader knows:

    check("W 13:1 in:14 / B in:15 / W", "65", ["in/19 in/20", "in/19/14", ...])

``after`` moves checkers as written (in the mover's numbering, hitting a
single opposing checker where a stop lands on it) without asking the engine
whether the move is legal; ``reference_plays`` is an independent, brute-force
reading of §8 used by the property tests.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from aceynote.rules import (
    BAR,
    OFF,
    POOL,
    BearOff,
    Play,
    Position,
    RuleSet,
    Side,
    Step,
    legal_plays,
    parse_rules,
    roll_dice,
)

STANDARD = RuleSet()
EXACT = parse_rules("standard bearoff=exact")
NAVY = parse_rules("navy")
BGAMMON = parse_rules("bgammon")
ALWAYS = parse_rules("standard bonus_reroll=always")
ANY_DIE = parse_rules("standard larger_die=no")
SINGLE = parse_rules("standard score=single")


def board(setup: str) -> Position:
    """The position a Setup string describes."""
    return Position.from_setup(setup)


def mirrored(position: Position) -> Position:
    """The same position with the colours swapped (each side keeps its own numbering)."""
    return Position(position.black, position.white, position.turn.opponent)


def dice(roll: str) -> tuple[int, ...]:
    """``"65"`` -> (6, 5); ``"33"`` -> (3, 3, 3, 3)."""
    return roll_dice(int(roll[0]), int(roll[1]))


# --- applying written moves -------------------------------------------------

_MOVE = re.compile(r"^(?P<path>[^()]+?)(?:\((?P<count>[2-4])\))?$")


def _place(word: str) -> int:
    word = word.lower()
    if word == "in":
        return POOL
    if word == "bar":
        return BAR
    if word == "off":
        return OFF
    point = int(word)
    assert 1 <= point <= 24, word
    return point


class MoveTextError(AssertionError):
    """A test wrote a move that cannot be made as written (a typo in the test)."""


def _apply(
    mover: list[int], waiting: list[int], text: str, die_hints: Sequence[int] = ()
) -> list[Step]:
    """Make the moves of ``text`` on the two lists; return the steps (dice inferred)."""
    steps: list[Step] = []
    hints = list(die_hints)
    if text.strip() == "--":
        return steps
    for word in text.split():
        match = _MOVE.match(word)
        if match is None:
            raise MoveTextError(f"cannot read move {word!r}")
        count = int(match.group("count") or 1)
        parts = match.group("path").split("/")
        source = _place(parts[0])
        stops = [(_place(part.rstrip("*")), part.endswith("*")) for part in parts[1:]]
        marked_hits = {stop for stop, mark in stops if mark}
        made_hits: set[int] = set()
        for _ in range(count):
            here = source
            for stop, _mark in stops:
                if mover[here] < 1:
                    raise MoveTextError(f"{word}: no checker of the mover on {here}")
                mover[here] -= 1
                if stop == OFF:
                    mover[OFF] += 1
                    die = hints.pop(0) if hints else here
                    steps.append(Step(here, OFF, die, False))
                else:
                    opposing = waiting[25 - stop]
                    if opposing >= 2:
                        raise MoveTextError(f"{word}: point {stop} is blocked")
                    hit = opposing == 1
                    if hit:
                        waiting[25 - stop] = 0
                        waiting[BAR] += 1
                        made_hits.add(stop)
                    mover[stop] += 1
                    die = (25 if here in (POOL, BAR) else here) - stop
                    steps.append(Step(here, stop, die, hit))
                here = stop
        if made_hits != marked_hits:
            raise MoveTextError(
                f"{word}: hits at {sorted(made_hits)}, marks at {sorted(marked_hits)}"
            )
    return steps


def after(position: Position, text: str) -> Position:
    """The position once the mover made the moves written in ``text`` (same side to roll)."""
    mover, waiting = list(position.mover), list(position.waiting)
    _apply(mover, waiting, text)
    return Position.from_sides(tuple(mover), tuple(waiting), position.turn)


def make_play(position: Position, text: str, die_hints: Sequence[int] = ()) -> Play:
    """A Play object for ``text`` (dice inferred; ``die_hints`` gives bear-off dice in order)."""
    mover, waiting = list(position.mover), list(position.waiting)
    steps = _apply(mover, waiting, text, die_hints)
    return Play(tuple(steps), Position.from_sides(tuple(mover), tuple(waiting), position.turn))


# --- comparing sets of plays ------------------------------------------------


def results(position: Position, roll: str, rules: RuleSet = STANDARD) -> set[str]:
    """The results of every legal play, as text (a Setup string unless the game is won)."""
    return {str(result) for result in legal_plays(position, dice(roll), rules)}


def expected(position: Position, texts: Iterable[str]) -> set[str]:
    """The results of the written plays, as text (a Setup string unless the game is won)."""
    return {str(after(position, text)) for text in texts}


def check(setup: str, roll: str, texts: Iterable[str], rules: RuleSet = STANDARD) -> None:
    """The legal plays of ``roll`` are exactly ``texts``, for White and, mirrored, for Black."""
    texts = list(texts)
    white = board(setup)
    for position in (white, mirrored(white)):
        got = results(position, roll, rules)
        want = expected(position, texts)
        assert got == want, (
            f"{position.turn.title} to play {roll} from {position.to_setup()} under "
            f"{rules.to_tag()}:\n  missing: {sorted(want - got)}\n  extra:   {sorted(got - want)}"
        )


def pick(position: Position, roll: Sequence[int], text: str, rules: RuleSet = STANDARD) -> Play:
    """The legal play whose result is that of ``text``; fails if it is not legal."""
    plays = legal_plays(position, roll, rules)
    target = after(position, text)
    assert target in plays, (
        f"{text} is not among the legal plays {[str(p) for p in plays.values()]}"
    )
    return plays[target]


# --- an independent reading of §8, by brute force ---------------------------


def all_home(mover: Sequence[int]) -> bool:
    return mover[POOL] == 0 and mover[BAR] == 0 and not any(mover[7:25])


def single_moves(
    mover: Sequence[int], waiting: Sequence[int], die: int, rules: RuleSet
) -> list[tuple[Step, tuple[int, ...], tuple[int, ...]]]:
    """Every legal move of one checker by ``die`` (rules 3, 4, 5, 9 and early_moves)."""
    if mover[OFF] == 15:
        return []
    if mover[BAR]:
        sources = [BAR]
    elif mover[POOL] and not rules.early_moves:
        sources = [POOL]
    else:
        sources = [place for place in range(1, 26) if mover[place]]
    found = []
    for source in sources:
        dest = 25 - die if source in (POOL, BAR) else source - die
        if dest < 1:
            if not all_home(mover):
                continue
            if dest < 0:
                if rules.bearoff is BearOff.EXACT or mover[die]:
                    continue
                if any(mover[source + 1 : 7]):
                    continue
            dest = OFF
        elif waiting[25 - dest] >= 2:
            continue
        new_mover, new_waiting = list(mover), list(waiting)
        new_mover[source] -= 1
        new_mover[dest] += 1
        hit = dest != OFF and waiting[25 - dest] == 1
        if hit:
            new_waiting[25 - dest] = 0
            new_waiting[BAR] += 1
        found.append((Step(source, dest, die, hit), tuple(new_mover), tuple(new_waiting)))
    return found


def reference_plays(
    position: Position, roll: Sequence[int], rules: RuleSet
) -> tuple[set[Position], int]:
    """The results of the legal plays and the number of dice they use.

    Only dice actually moved count (rule 7): once the 15th checker is off,
    nothing more is played (rule 10), and the dice left are not played.
    """
    full = len(roll)
    orders = [tuple(roll)] if full == 4 else [tuple(roll), tuple(reversed(roll))]
    # result -> set of (dice used, first die played)
    reached: dict[tuple[tuple[int, ...], tuple[int, ...]], set[tuple[int, int]]] = {}
    for order in orders:
        frontier = {(position.mover, position.waiting)}
        for depth, die in enumerate(order):
            following = set()
            for mover, waiting in frontier:
                if mover[OFF] == 15:
                    reached.setdefault((mover, waiting), set()).add((depth, order[0]))
                    continue
                moves = single_moves(mover, waiting, die, rules)
                if not moves:
                    reached.setdefault((mover, waiting), set()).add((depth, order[0]))
                for _step, new_mover, new_waiting in moves:
                    following.add((new_mover, new_waiting))
            frontier = following
        for state in frontier:
            reached.setdefault(state, set()).add((full, order[0]))
    best = max(used for ways in reached.values() for used, _ in ways)
    keep = {state for state, ways in reached.items() if any(used == best for used, _ in ways)}
    if best == 1 and full == 2 and rules.larger_die:
        larger = max(roll)
        with_larger = {state for state in keep if (1, larger) in reached[state]}
        keep = with_larger or keep
    turn = position.turn
    return {Position.from_sides(m, w, turn) for m, w in keep}, best


def replay_steps(position: Position, play: Play, rules: RuleSet) -> Position:
    """Replay ``play`` one step at a time, asserting that each step is a legal single move."""
    mover, waiting = position.mover, position.waiting
    for step in play.steps:
        options = {s: (m, w) for s, m, w in single_moves(mover, waiting, step.die, rules)}
        assert step in options, f"step {step} ({step.die}) of {play} is not legal from {mover}"
        mover, waiting = options[step]
    return Position.from_sides(mover, waiting, position.turn)


def checker_total(counts: Sequence[int]) -> int:
    return sum(counts)


def invariants(position: Position) -> None:
    """What every reachable position satisfies."""
    for side in Side:
        counts = position.checkers(side)
        assert len(counts) == 27
        assert all(count >= 0 for count in counts), (side, counts)
        assert sum(counts) == 15, (side, counts)
        if counts[OFF]:
            assert counts[POOL] == 0, "a side bore off while checkers were still in the pool"
        pips = sum(point * counts[point] for point in range(1, 25)) + 25 * (
            counts[POOL] + counts[BAR]
        )
        assert position.pip_count(side) == pips
    for point in range(1, 25):
        assert not (position.white[point] and position.black[25 - point]), point


# --- random positions for the property tests ---------------------------------


def _random_side(rng, taken: set[int]) -> list[int]:
    """One side's counts in its own numbering, avoiding ``taken`` (own numbering)."""
    counts = [0] * 27
    style = rng.choice(["opening", "middle", "home", "home", "race"])
    free = [point for point in range(1, 25) if point not in taken]
    if style == "opening":
        counts[POOL] = rng.randint(1, 15)
        points = free
    elif style == "middle":
        counts[POOL] = rng.choice([0, 0, rng.randint(1, 5)])
        points = free
    elif style == "home":
        counts[OFF] = rng.randint(0, 14)
        points = [point for point in free if point <= 6] or free
        if rng.random() < 0.3:
            points = points + [point for point in free if 7 <= point <= 10]
    else:
        counts[OFF] = rng.randint(0, 12)
        points = [point for point in free if point <= 12] or free
    if counts[OFF] == 0 and rng.random() < 0.25:
        counts[BAR] = rng.randint(1, 2)
    elif counts[OFF] and rng.random() < 0.15:
        counts[BAR] = 1
    left = 15 - counts[OFF] - counts[POOL] - counts[BAR]
    if left < 0:
        counts[BAR] = 0
        left = 15 - counts[OFF] - counts[POOL]
    used = rng.sample(points, min(len(points), rng.randint(1, 6)))
    for _ in range(left):
        counts[rng.choice(used)] += 1
    if counts[OFF] == 15 - left and left == 0 and counts[POOL] == 0 and counts[BAR] == 0:
        counts[OFF] -= 1
        counts[used[0]] += 1
    if counts[OFF] and counts[POOL]:
        counts[POOL] += counts[OFF]
        counts[OFF] = 0
    return counts


def random_position(rng) -> Position:
    """A possible position (each side 15 checkers, no point held by both sides)."""
    white = _random_side(rng, set())
    taken = {25 - point for point in range(1, 25) if white[point]}
    black = _random_side(rng, taken)
    if black[OFF] == 15:  # pragma: no cover - _random_side never does this
        black[OFF], black[POOL] = 0, 15
    turn = rng.choice([Side.WHITE, Side.BLACK])
    position = Position(tuple(white), tuple(black), turn)
    invariants(position)
    return position


ALL_ROLLS = [f"{high}{low}" for high in range(1, 7) for low in range(1, high + 1)]


def trip(text: str):
    """A written trip such as ``24/18*/13`` or ``6/off`` as a :class:`Trip`."""
    from aceynote.rules import Trip

    words = text.split("/")
    return Trip(
        _place(words[0]),
        tuple(_place(word.rstrip("*")) for word in words[1:]),
        tuple(word.endswith("*") for word in words[1:]),
    )


def trips_of(play: Play) -> list:
    """One written trip per step of ``play`` (with the hit marks where it hit)."""
    from aceynote.rules import Trip

    return [Trip(step.source, (step.dest,), (step.hit,)) for step in play.steps]
