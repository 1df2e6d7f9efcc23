"""A play's canonical text: its steps, identical trips merged (docs/notation.md §3)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .moves import Step

MOST_IN_A_TRIP = 4


def merged_steps(steps: Iterable[Step]) -> list[tuple[Step, int]]:
    """Identical steps as one trip with a count, as a play is written (§3: ``in/19(2)``).

    Each step joins the first earlier trip from the same place to the same
    place with room (four checkers at most) unless both hit there (``13/7*
    13/7`` is ``13/7*(2)``); a trip's step is marked as a hit when one of its
    checkers hit.
    """
    trips: list[Step] = []
    counts: list[int] = []
    for step in steps:
        at = next(
            (
                index
                for index, trip in enumerate(trips)
                if trip[:2] == step[:2]
                and counts[index] < MOST_IN_A_TRIP
                and not (trip.hit and step.hit)
            ),
            None,
        )
        if at is None:
            trips.append(step)
            counts.append(1)
        else:
            trips[at] = trips[at]._replace(hit=trips[at].hit or step.hit)
            counts[at] += 1
    return list(zip(trips, counts, strict=True))


def play_text(steps: Iterable[Step]) -> str:
    """The canonical text of a play: ``13/8 6/4*``, ``in/19(2) 19/13(2)``, or ``--``."""
    return (
        " ".join(
            f"{step}({count})" if count > 1 else str(step) for step, count in merged_steps(steps)
        )
        or "--"
    )
