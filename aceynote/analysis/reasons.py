"""Why a play was worse than the best, in the words of the board (docs/engine.md, "Why").

For a play, the facts of the position it leaves (:class:`PlayFacts`): blots
and the opponent's rolls of 36 that hit one, points made and given up, the
longest prime and the opponent's checkers behind it, checkers hit, in the
pool and on the bar, pips, checkers borne off, a win on the spot, the
opponent's rolls that win at once, whether the checkers can still meet,
and for a race the checkers still outside the home board and its gaps.
For a decision, the written play's facts beside the best play's and the
difference that matters most, first, as a sentence (:class:`Reason`). The
counting is the rules' (:mod:`aceynote.rules.replies`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from ..engine.api import RankedPlay
from ..engine.decisions import Choice, Decision, choices, double_choices
from ..rules import (
    BAR,
    CHECKERS_PER_SIDE,
    HOME_TOP,
    OFF,
    POOL,
    THROWS,
    Position,
    RuleSet,
    SegmentKind,
    play_text,
)
from ..rules.replies import blots, longest_prime, points_held, replies

PRIME = 3
"""The fewest points in a row the reasons call a prime."""
BEST_PLAY = "the best play:"
AS_GOOD = "as good as the best play:"
"""A play the engine values exactly as the best (:func:`ties_best`), described alone: the
engine prefers neither, so no difference from the best is a reason."""


@dataclass(frozen=True, slots=True)
class PlayFacts:
    """The position a play leaves, for the side that played it (its own numbering).

    ``shots`` and ``opponent_wins`` count the opponent's 36 rolls that can hit
    a blot and that win at once; None when the turn goes on (the side plays
    the chosen double or the extra roll before the opponent rolls). ``race``
    is the opponent's pips less the side's (positive: the side is ahead).
    ``contact``: a checker can still meet one of the other side's; without it
    the play leaves a race, where blots, points and primes no longer matter.
    ``outside``: the side's checkers not yet in its home board; ``gaps``: its
    home points left empty below its highest checker there, highest first.
    """

    blots: int
    shots: int | None
    opponent_wins: int | None
    made: tuple[int, ...]
    given_up: tuple[int, ...]
    prime: int
    prime_holds: int
    hits: int
    pool: int
    opponent_bar: int
    opponent_pool: int
    pips: int
    race: int
    borne_off: int
    off: int
    wins: bool
    contact: bool
    outside: int
    gaps: tuple[int, ...]

    def as_dict(self) -> dict[str, Any]:
        found = asdict(self)
        found["made"], found["given_up"] = list(self.made), list(self.given_up)
        found["gaps"] = list(self.gaps)
        return found


@dataclass(frozen=True, slots=True)
class Reason:
    """Why the written play is worse than the best: the sentence, and the facts of both."""

    text: str
    written: PlayFacts
    best: PlayFacts

    def as_dict(self) -> dict[str, Any]:
        return {"text": self.text, "written": self.written.as_dict(), "best": self.best.as_dict()}


def play_facts(before: Position, after: Position, passes: bool, rules: RuleSet) -> PlayFacts:
    """The facts of ``after``, reached from ``before`` by its side to act; ``passes``: the
    opponent rolls next (else the turn goes on and the opponent's rolls are not counted)."""
    side = before.turn
    other = side.opponent
    mine, theirs = after.checkers(side), after.checkers(other)
    held_before, held_after = points_held(before, side), points_held(after, side)
    prime = longest_prime(after, side)
    counted = None
    if passes and after.winner is None:
        counted = replies(after.with_turn(other), rules)
    return PlayFacts(
        blots=len(blots(after, side)),
        shots=None if counted is None else counted.hits,
        opponent_wins=None if counted is None else counted.wins,
        made=tuple(sorted(held_after - held_before, reverse=True)),
        given_up=tuple(sorted(held_before - held_after, reverse=True)),
        prime=prime.length,
        prime_holds=prime.holds,
        hits=theirs[BAR] - before.checkers(other)[BAR],
        pool=mine[POOL],
        opponent_bar=theirs[BAR],
        opponent_pool=theirs[POOL],
        pips=after.pip_count(side),
        race=after.pip_count(other) - after.pip_count(side),
        borne_off=mine[OFF] - before.checkers(side)[OFF],
        off=mine[OFF],
        wins=after.winner is side,
        contact=after.has_contact,
        outside=CHECKERS_PER_SIDE - mine[OFF] - sum(mine[1 : HOME_TOP + 1]),
        gaps=_gaps(mine),
    )


def _gaps(counts: Sequence[int]) -> tuple[int, ...]:
    highest = next((point for point in range(HOME_TOP, 0, -1) if counts[point]), 0)
    return tuple(point for point in range(highest - 1, 0, -1) if not counts[point])


def choice_facts(before: Position, choice: Choice, rules: RuleSet) -> PlayFacts:
    """:func:`play_facts` of one of the engine's choices."""
    passes = choice.after is not None and not choice.same_side
    return play_facts(before, choice.play.result, passes, rules)


def ties_best(loss: float) -> bool:
    """Whether a play that loses ``loss`` against the best is as good, to the 4 places that
    the figures show."""
    return not round(loss, 4)


def reason(before: Position, written: Choice, best: Choice, rules: RuleSet, loss: float) -> Reason:
    """Why ``written`` is worse than ``best``, both choices of the decision at ``before``,
    by ``loss``; when it is the best, what it leaves (:func:`describe`), after ``the best
    play:``; when it :func:`ties_best`, the same after ``as good as the best play:``."""
    mine, theirs = choice_facts(before, written, rules), choice_facts(before, best, rules)
    if written is best:
        return Reason(f"{BEST_PLAY} {describe(mine)}", mine, theirs)
    if ties_best(loss):
        return Reason(f"{AS_GOOD} {describe(mine)}", mine, theirs)
    prime_before = longest_prime(before, before.turn)
    return Reason(compare(mine, theirs, prime_before.length), mine, theirs)


def compare(written: PlayFacts, best: PlayFacts, prime_before: int = 0) -> str:
    """The differences that matter, most first (at most two), as one sentence."""
    racing = not (written.contact or best.contact)
    won = best.wins and not written.wins
    rules = _WIN_DIFFERENCES if won else _RACE_DIFFERENCES if racing else _DIFFERENCES
    found = [text for rule in rules if (text := rule(written, best, prime_before))]
    if not found and racing:
        return _race_even(written, best)
    if not found:
        return (
            "is no worse than the best play in shots, points, prime, hits, the pool or the race: "
            "the engine prefers the best play's position as a whole"
        )
    return "; ".join(found[:2])


def describe(facts: PlayFacts) -> str:
    """One play's facts alone, for a ranking: ``leaves 1 blot that 11 of 36 rolls hit; ...``."""
    parts = [_leaves(facts)]
    if facts.wins:
        parts = ["wins on the spot"]
    elif facts.borne_off:
        parts.append(f"bears off {_checkers(facts.borne_off)}")
    if facts.hits:
        parts.append(f"hits {_checkers(facts.hits)}")
    if facts.contact:
        parts += _holdings(facts)
    elif not facts.wins:
        parts += _bearing_in(facts)
    if facts.opponent_wins:
        parts.append(f"the opponent wins at once with {facts.opponent_wins} of {THROWS} rolls")
    return "; ".join(parts)


def _bearing_in(facts: PlayFacts) -> list[str]:
    """What a race play leaves to bring home and bear off: checkers outside, gaps."""
    found = []
    if facts.outside:
        found.append(f"{_checkers(facts.outside)} still outside the home board")
    if facts.gaps:
        found.append(_gap_words(facts.gaps))
    return found


def _holdings(facts: PlayFacts) -> list[str]:
    """The points and the prime a play leaves, which count while checkers can still meet."""
    found = []
    if facts.made:
        found.append(f"makes {_points(facts.made)}")
    if facts.given_up:
        found.append(f"gives up {_points(facts.given_up)}")
    if facts.prime >= PRIME:
        found.append(_prime(facts))
    return found


# -- the differences, most important first -------------------------------------------


def _win(written: PlayFacts, best: PlayFacts, _: int) -> str | None:
    if not best.wins or written.wins:
        return None
    if best.borne_off > written.borne_off:
        off = _checkers(written.borne_off) if written.borne_off else "none"
        return f"bears off {off} where the best bears off {best.borne_off} and wins"
    return "misses the win on the spot that the best play takes"


def _gives_win(written: PlayFacts, best: PlayFacts, _: int) -> str | None:
    mine, theirs = written.opponent_wins or 0, best.opponent_wins or 0
    if mine <= theirs:
        return None
    return (
        f"lets the opponent win at once with {mine} of {THROWS} rolls "
        f"(the best play: {theirs or 'none'})"
    )


def _shots(written: PlayFacts, best: PlayFacts, _: int) -> str | None:
    if written.shots is None or best.shots is None or written.shots <= best.shots:
        return None
    return f"{_leaves(written)} (the best play {_leaves(best, short=True)})"


def _blots(written: PlayFacts, best: PlayFacts, _: int) -> str | None:
    """More blots where no shots are counted: the side moves again before the opponent rolls."""
    if written.shots is not None or best.shots is not None or written.blots <= best.blots:
        return None
    return (
        f"leaves {_count(written.blots, 'blot')} where the best leaves {best.blots or 'none'}"
        " (no shots counted: the turn goes on)"
    )


def _prime_kept(written: PlayFacts, best: PlayFacts, prime_before: int) -> str | None:
    """A shorter prime than the best's: the one there was broken, or a shorter one built."""
    if written.prime >= best.prime or best.prime < PRIME:
        return None
    if prime_before >= PRIME and written.prime < prime_before:
        left = f" to a {written.prime}-point prime" if written.prime >= PRIME else ""
        if best.prime == prime_before:
            return f"breaks the {prime_before}-point prime{left} (the best play keeps it)"
        return f"breaks the {prime_before}-point prime{left} where the best play has {_prime(best)}"
    if prime_before >= PRIME:
        return f"has a {written.prime}-point prime where the best play has {_prime(best)}"
    mine = f"a {written.prime}-point prime" if written.prime >= PRIME else "no prime"
    return f"builds {mine} where the best builds {_prime(best)}"


def _hits(written: PlayFacts, best: PlayFacts, _: int) -> str | None:
    if best.hits <= written.hits:
        return None
    return f"hits {_checkers(written.hits) if written.hits else 'none'} where the best hits {best.hits}"


def _points_made(written: PlayFacts, best: PlayFacts, _: int) -> str | None:
    """Points the best makes and the written does not, beside those it makes instead."""
    missed, instead = _apart(best.made, written.made), _apart(written.made, best.made)
    if not missed:
        return None
    if instead:
        return f"makes {_points(instead)} where the best makes {_points(missed)}"
    return f"does not make {_points(missed)} (the best play does)"


def _points_lost(written: PlayFacts, best: PlayFacts, _: int) -> str | None:
    """Points the written gives up and the best keeps, beside those the best gives up instead."""
    lost, instead = _apart(written.given_up, best.given_up), _apart(best.given_up, written.given_up)
    if not lost:
        return None
    if instead:
        return f"gives up {_points(lost)} where the best gives up {_points(instead)}"
    return f"gives up {_points(lost)} (the best play keeps {'it' if len(lost) == 1 else 'them'})"


def _apart(points: tuple[int, ...], other: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(point for point in points if point not in other)


def _pool(written: PlayFacts, best: PlayFacts, _: int) -> str | None:
    if written.pool <= best.pool:
        return None
    return (
        f"leaves {_checkers(written.pool)} in the pool where the best leaves {best.pool or 'none'}"
    )


def _off(written: PlayFacts, best: PlayFacts, _: int) -> str | None:
    if best.borne_off <= written.borne_off or best.wins:
        return None
    return f"bears off {written.borne_off or 'none'} where the best bears off {best.borne_off}"


def _outside(written: PlayFacts, best: PlayFacts, _: int) -> str | None:
    if written.outside <= best.outside:
        return None
    return (
        f"leaves {_checkers(written.outside)} outside the home board where the best leaves "
        f"{best.outside or 'none'}"
    )


def _gaps_left(written: PlayFacts, best: PlayFacts, _: int) -> str | None:
    if len(written.gaps) <= len(best.gaps):
        return None
    theirs = _points(best.gaps) if best.gaps else "none"
    return f"leaves {_gap_words(written.gaps)} (the best play: {theirs})"


def _gap_words(gaps: tuple[int, ...]) -> str:
    return f"{'a gap' if len(gaps) == 1 else 'gaps'} on {_points(gaps)}"


def _race(written: PlayFacts, best: PlayFacts, _: int) -> str | None:
    """Pips behind the best; where the best hits more, the written's own pips (the hit's: _hits)."""
    behind = best.race - written.race
    if best.hits > written.hits:
        behind = written.pips - best.pips
    return f"falls {_count(behind, 'pip')} behind the best play in the race" if behind > 0 else None


def _race_even(written: PlayFacts, best: PlayFacts) -> str:
    """Two races where no count goes against the written play: what it does as well or better."""
    ahead = written.race - best.race
    race = f"is {_count(ahead, 'pip')} further on" if ahead else "is as far on"
    if written.borne_off > best.borne_off:
        off = f" and bears off more checkers ({written.borne_off} against {best.borne_off})"
    else:
        off = " and bears off as many checkers" if written.borne_off else ""
    return (
        f"{race} in the race {'than' if ahead else 'as'} the best play{off}: the engine prefers "
        "how the best play spreads the checkers to bear off"
    )


_DIFFERENCES = (
    _win,
    _gives_win,
    _shots,
    _blots,
    _prime_kept,
    _hits,
    _points_made,
    _points_lost,
    _pool,
    _off,
    _race,
)
_RACE_DIFFERENCES = (_win, _gives_win, _off, _race, _outside, _gaps_left)
"""Where both plays leave a race: no checker can be hit, so no blot, point or prime counts."""
_WIN_DIFFERENCES = (_win, _gives_win)
"""Where only the best play wins on the spot: after it nothing is left to compare."""


def _leaves(facts: PlayFacts, short: bool = False) -> str:
    """``leaves 2 blots that 20 of 36 rolls hit``; with ``short``, the other play's words;
    ``leaves a race 12 pips ahead`` where no checker can be hit."""
    if not facts.contact and not facts.wins:
        going_on = " (the turn goes on)" if facts.shots is None else ""
        return f"leaves a race {_standing(facts.race)}{going_on}"
    if not facts.blots:
        return "leaves none" if short else "leaves no blot"
    blot = f"{facts.blots}" if short else _count(facts.blots, "blot")
    if facts.shots is None:
        return f"leaves {blot}"
    if not facts.shots:
        return f"leaves {blot} that no roll hits"
    rolls = f"{facts.shots}" if short else f"{facts.shots} of {THROWS} rolls"
    return f"leaves {blot} that {rolls} hit"


def _standing(race: int) -> str:
    if not race:
        return "level in pips"
    return f"{_count(abs(race), 'pip')} {'ahead' if race > 0 else 'behind'}"


def _prime(facts: PlayFacts) -> str:
    behind = facts.prime_holds
    held = f" with {behind} of the opponent's checkers behind it" if behind else ""
    return f"a {facts.prime}-point prime{held}"


def _points(points: tuple[int, ...]) -> str:
    words = [f"the {point} point" for point in points]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _checkers(count: int) -> str:
    return _count(count, "checker")


def _count(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def explain_ranking(
    position: Position,
    kind: SegmentKind,
    dice: tuple[int, int] | None,
    rules: RuleSet,
    ranked: Sequence[RankedPlay],
) -> list[str]:
    """Each ranked play's reason: the best described alone, each other compared with it,
    or described alone too when it :func:`ties_best`.

    ``ranked`` is the engine's ranking, best first; ``dice`` None: the doubles to name
    after a 1-2 (each with its play).
    """
    if dice is None:
        options = double_choices(Decision(position, SegmentKind.CHOSEN_DOUBLE), rules)
    else:
        options = choices(Decision(position, kind), *dice, rules)
    by_text = {(play_text(o.play.steps), o.high if dice is None else 0): o for o in options}
    found = [
        choice_facts(position, by_text[entry.play, entry.double if dice is None else 0], rules)
        for entry in ranked
    ]
    prime_before = longest_prime(position, position.turn).length
    if dice is not None and ranked[0].play == play_text(()):
        return [f"{nothing_to_play(position, dice, rules)}; {describe(found[0])}"]
    return [describe(found[0])] + [
        f"{AS_GOOD} {describe(other)}"
        if ties_best(entry.diff)
        else compare(other, found[0], prime_before)
        for other, entry in zip(found[1:], ranked[1:], strict=True)
    ]


def nothing_to_play(position: Position, dice: tuple[int, int], rules: RuleSet) -> str:
    """Why a roll has no legal play (``--``), in the words of the board."""
    mover = position.mover
    faces = sorted(set(dice), reverse=True)
    moves = " or a ".join(str(die) for die in faces)
    if mover[BAR]:
        return f"nothing can be played: {_checkers(mover[BAR])} on the bar cannot enter, {_held(position, faces)}"
    if not mover[POOL]:
        return f"nothing can be played: no checker can move a {moves}"
    why = f"nothing can be played: the pool's checkers cannot enter, {_held(position, faces)}"
    if not any(mover[1:POOL]):
        return why
    if rules.early_moves:
        return f"{why}; no checker on the board can move a {moves}"
    return f"{why}, and they enter before any other checker moves"


def _held(position: Position, faces: Sequence[int]) -> str:
    """The points of entry of ``faces`` (the mover's 25 - die), each held by the opponent."""
    return f"the opponent holds {_points(tuple(25 - die for die in faces))}"
