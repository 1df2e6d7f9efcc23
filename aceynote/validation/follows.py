"""Which later problems follow from an earlier error: the replay is asked the other way out.

After some errors the validator has to choose how the replay goes on
(docs/notation.md choice 10): an impossible play moves the written checkers
as far as they can go, and a play short of dice leaves the turn flow
counting the dice the position allowed. Each such choice is a *recovery*.
A later problem follows from a recovery when replaying the game with the
other way out of that error (the closest legal play in place of the
impossible one; the dice as written for the flow) does not meet it: it
exists only because of how the replay went on. Problems met both ways do not
follow from it, however close to it they stand.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import NamedTuple

from ..notation import Span
from .diagnostics import Diagnostic

# Each recovery asked about costs one more replay of the game. A record with more
# is damaged throughout: every problem after the first recovery not asked about
# is linked to it unasked (it may follow from it).
MAX_ASKED = 6


class Recovery(NamedTuple):
    """An error after which the replay went on in a way of its choosing.

    ``noted`` is how many diagnostics were noted by then (the error's own
    among them): the ones after it are those that may follow from it.
    """

    span: Span
    noted: int


def link_follows(
    diagnostics: list[Diagnostic],
    recoveries: Sequence[Recovery],
    other_way: Callable[[int], list[Diagnostic]],
) -> list[Diagnostic]:
    """The diagnostics, each later one that follows from a recovery saying which.

    ``diagnostics`` are in the order the replay noted them; ``other_way(n)``
    is what a replay taking the other way out of recovery ``n`` notes. A
    problem is linked to the first recovery it follows from.
    """
    linked: dict[int, Span] = {}
    for index, recovery in enumerate(recoveries):
        later = [n for n in range(recovery.noted, len(diagnostics)) if n not in linked]
        if not later:
            continue
        if index < MAX_ASKED:
            met = {_identity(found) for found in other_way(index)}
            later = [n for n in later if _identity(diagnostics[n]) not in met]
        linked.update((n, recovery.span) for n in later)
    return [
        dataclasses.replace(diagnostic, follows=linked[n]) if n in linked else diagnostic
        for n, diagnostic in enumerate(diagnostics)
    ]


def _identity(diagnostic: Diagnostic) -> tuple[str, Span]:
    """The same problem in another replay: the same code at the same place (the words may differ)."""
    return diagnostic.code.code, diagnostic.span
