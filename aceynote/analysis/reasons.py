"""Why a play was worse than the best, in the words of the board (docs/engine.md, "Why").

For a decision, the facts each play leaves (:mod:`.leaves`) and how it
arranges its checkers (:mod:`.arrangement`), the written play's beside the
best play's, and the differences that matter most, first, as a sentence
(:class:`Reason`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..engine.api import RankedPlay
from ..engine.decisions import Choice, choices_at
from ..rules import (
    BAR,
    POOL,
    THROWS,
    Position,
    RuleSet,
    SegmentKind,
    play_text,
)
from ..rules.replies import Prime, longest_prime
from ..terminal_text import counted as _count
from ..terminal_text import pronoun
from .arrangement import shape_differences
from .leaves import PlayFacts, choice_facts
from .wording import checkers_words as _checkers
from .wording import points_words as _points

PRIME = 3
"""The fewest points in a row the reasons call a prime."""
BEST_PLAY = "the best play:"
AS_GOOD = "as good as the best play:"
"""A play the engine values exactly as the best (:func:`ties_best`), described alone: the
engine prefers neither, so no difference from the best is a reason."""


@dataclass(frozen=True, slots=True)
class Reason:
    """Why the written play is worse than the best: the sentence, and the facts of both."""

    text: str
    written: PlayFacts
    best: PlayFacts

    def as_dict(self) -> dict[str, Any]:
        return {"text": self.text, "written": self.written.as_dict(), "best": self.best.as_dict()}


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
    given = given_for(before, written, best)
    return Reason(compare(mine, theirs, given), mine, theirs)


class Given(NamedTuple):
    """What a comparison knows besides the two plays' facts: the longest prime before the
    play, and the doubles the two name after a 1-2 (None: the same, or no double)."""

    prime: Prime = Prime(0, 0, 0, 0)
    doubles: tuple[int, int] | None = None


NOTHING_GIVEN = Given()
"""No prime before the play, and no double named."""


def given_for(before: Position, written: Choice, best: Choice) -> Given:
    """The :class:`Given` of two choices of the decision at ``before``: a chosen double's
    choices differ in the double named (a roll's all play the same dice)."""
    named = (written.high, best.high)
    return Given(longest_prime(before, before.turn), named if named[0] != named[1] else None)


def compare(written: PlayFacts, best: PlayFacts, given: Given = NOTHING_GIVEN) -> str:
    """The differences that matter, most first (at most two), as one sentence; after the
    double named where the best names another."""
    racing = not (written.contact or best.contact)
    won = best.wins and not written.wins
    rules = _WIN_DIFFERENCES if won else _RACE_DIFFERENCES if racing else _DIFFERENCES
    found = [text for rule in rules if (text := rule(written, best, given))]
    if not (racing or won):
        found += shape_differences(written.shape, best.shape)
    named = [] if given.doubles is None else [_named(*given.doubles)]
    if not found and racing:
        found = [_race_even(written, best)]
    if not found:
        found = [
            "is no worse than the best play in shots, points, prime, hits, the pool, the race "
            "or where its checkers stand: the engine prefers the best play's position as a whole"
        ]
    return "; ".join(named + found[:2])


def _named(mine: int, theirs: int) -> str:
    return f"names {mine}-{mine} where the best names {theirs}-{theirs}"


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


def _win(written: PlayFacts, best: PlayFacts, _: Given) -> str | None:
    if not best.wins or written.wins:
        return None
    if best.borne_off > written.borne_off:
        off = _checkers(written.borne_off) if written.borne_off else "none"
        return f"bears off {off} where the best bears off {best.borne_off} and wins"
    return "misses the win on the spot that the best play takes"


def _gives_win(written: PlayFacts, best: PlayFacts, _: Given) -> str | None:
    mine, theirs = written.opponent_wins or 0, best.opponent_wins or 0
    if mine <= theirs:
        return None
    return (
        f"lets the opponent win at once with {mine} of {THROWS} rolls "
        f"(the best play: {theirs or 'none'})"
    )


def _shots(written: PlayFacts, best: PlayFacts, _: Given) -> str | None:
    if written.shots is None or best.shots is None or written.shots <= best.shots:
        return None
    return f"{_leaves(written)} (the best play {_leaves(best, short=True)})"


def _blots(written: PlayFacts, best: PlayFacts, _: Given) -> str | None:
    """More blots where no shots are counted: the side moves again before the opponent rolls."""
    if written.shots is not None or best.shots is not None or written.blots <= best.blots:
        return None
    return (
        f"leaves {_count(written.blots, 'blot')} where the best leaves {best.blots or 'none'}"
        " (no shots counted: the turn goes on)"
    )


def _prime_kept(written: PlayFacts, best: PlayFacts, given: Given) -> str | None:
    """A shorter prime than the best's: the one there was broken, or a shorter one built."""
    if written.prime >= best.prime or best.prime < PRIME:
        return None
    prime_before = given.prime.length
    if _breaks(written, best, given.prime):
        left = f" to a {written.prime}-point prime" if written.prime >= PRIME else ""
        if best.prime == prime_before:
            return f"breaks the {prime_before}-point prime{left} (the best play keeps it)"
        return f"breaks the {prime_before}-point prime{left} where the best play has {_prime(best)}"
    if prime_before >= PRIME:
        return f"has a {written.prime}-point prime where the best play has {_prime(best)}"
    mine = f"a {written.prime}-point prime" if written.prime >= PRIME else "no prime"
    return f"builds {mine} where the best builds {_prime(best)}"


def _breaks(written: PlayFacts, best: PlayFacts, before: Prime) -> bool:
    """Whether the written play breaks the prime there was (3 points or more) to shorter than
    the best play leaves, as :func:`_prime_kept` says."""
    kept = min(before.length, best.prime)
    return kept >= PRIME and written.prime < kept


def _hits(written: PlayFacts, best: PlayFacts, _: Given) -> str | None:
    if best.hits <= written.hits:
        return None
    return f"hits {_checkers(written.hits) if written.hits else 'none'} where the best hits {best.hits}"


def _points_made(written: PlayFacts, best: PlayFacts, _: Given) -> str | None:
    """Points the best makes and the written does not, beside those it makes instead."""
    missed, instead = _apart(best.made, written.made), _apart(written.made, best.made)
    if not missed:
        return None
    if instead:
        return f"makes {_points(instead)} where the best makes {_points(missed)}"
    return f"does not make {_points(missed)} (the best play does)"


def _points_lost(written: PlayFacts, best: PlayFacts, given: Given) -> str | None:
    """Points the written gives up and the best keeps, beside those the best gives up instead;
    not the points of a prime said broken where the best keeps it whole (:func:`_prime_kept`)."""
    lost, instead = _apart(written.given_up, best.given_up), _apart(best.given_up, written.given_up)
    prime = given.prime
    if _breaks(written, best, prime) and best.prime >= prime.length:
        lost = tuple(point for point in lost if not prime.low <= point <= prime.high)
    if not lost:
        return None
    if instead:
        return f"gives up {_points(lost)} where the best gives up {_points(instead)}"
    return f"gives up {_points(lost)} (the best play keeps {pronoun(len(lost))})"


def _apart(points: tuple[int, ...], other: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(point for point in points if point not in other)


def _pool(written: PlayFacts, best: PlayFacts, _: Given) -> str | None:
    if written.pool <= best.pool:
        return None
    return (
        f"leaves {_checkers(written.pool)} in the pool where the best leaves {best.pool or 'none'}"
    )


def _off(written: PlayFacts, best: PlayFacts, _: Given) -> str | None:
    if best.borne_off <= written.borne_off or best.wins:
        return None
    return f"bears off {written.borne_off or 'none'} where the best bears off {best.borne_off}"


def _outside(written: PlayFacts, best: PlayFacts, _: Given) -> str | None:
    if written.outside <= best.outside:
        return None
    return (
        f"leaves {_checkers(written.outside)} outside the home board where the best leaves "
        f"{best.outside or 'none'}"
    )


def _gaps_left(written: PlayFacts, best: PlayFacts, _: Given) -> str | None:
    if len(written.gaps) <= len(best.gaps):
        return None
    theirs = _points(best.gaps) if best.gaps else "none"
    return f"leaves {_gap_words(written.gaps)} (the best play: {theirs})"


def _gap_words(gaps: tuple[int, ...]) -> str:
    return f"{'a gap' if len(gaps) == 1 else 'gaps'} on {_points(gaps)}"


def _race(written: PlayFacts, best: PlayFacts, _: Given) -> str | None:
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
    """``leaves 2 blots that 20 of 36 rolls hit``; with ``short``, the other play's words
    (``leaves 3 blots that 6 rolls hit``); ``leaves a race 12 pips ahead`` where no checker
    can be hit."""
    if not facts.contact and not facts.wins:
        going_on = " (the turn goes on)" if facts.shots is None else ""
        return f"leaves a race {_standing(facts.race)}{going_on}"
    if not facts.blots:
        return "leaves no blot"
    blot = _count(facts.blots, "blot")
    if facts.shots is None:
        return f"leaves {blot}"
    if not facts.shots:
        return f"leaves {blot} that no roll hits"
    rolls = _count(facts.shots, "roll") if short else f"{facts.shots} of {THROWS} rolls"
    return f"leaves {blot} that {rolls} {'hits' if facts.shots == 1 else 'hit'}"


def _standing(race: int) -> str:
    if not race:
        return "level in pips"
    return f"{_count(abs(race), 'pip')} {'ahead' if race > 0 else 'behind'}"


def _prime(facts: PlayFacts) -> str:
    behind = facts.prime_holds
    held = f" with {behind} of the opponent's checkers behind it" if behind else ""
    return f"a {facts.prime}-point prime{held}"


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
    options = choices_at(position, kind, dice, rules)
    by_text = {(play_text(o.play.steps), o.high if dice is None else 0): o for o in options}
    chosen = [by_text[entry.play, entry.double if dice is None else 0] for entry in ranked]
    found = [choice_facts(position, choice, rules) for choice in chosen]
    if dice is not None and ranked[0].play == play_text(()):
        return [f"{nothing_to_play(position, dice, rules)}; {describe(found[0])}"]
    best = chosen[0]
    return [describe(found[0])] + [
        f"{AS_GOOD} {describe(other)}"
        if ties_best(entry.diff)
        else compare(other, found[0], given_for(position, choice, best))
        for other, entry, choice in zip(found[1:], ranked[1:], chosen[1:], strict=True)
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
