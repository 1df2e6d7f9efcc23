"""How a game ends, as the app edits and tells it: the Result tag and the result token, the Termination.

The tag editor gives a game its edited tags through :func:`apply_tags`: a
changed Result tag changes the result token with it (docs/notation.md §6:
the two agree). :func:`result_refusal` says first why a Result cannot stand:
one that does not fit the game as replayed (the validator's rule: a game won
on the board carries the result the rules give; one not played out carries
``*`` unless a Termination tag says how it ended).
:func:`ending_words` tells how a game ended, for the end of the replay.
"""

from __future__ import annotations

import dataclasses

from ..notation import Game, Tag
from ..notation.tags import (
    ENDING_REASONS,
    ending_reason,
    points_winner,
    result_points,
    result_problem,
)
from ..rules import Outcome
from ..validation import validate
from ..validation.tag_meaning import fitting_results

TagList = list[tuple[str, str]]


def has_ended(game: Game, won: Outcome | None) -> bool:
    """Whether the game has ended: won on the board (``won``, the rules' outcome), or by Termination."""
    return won is not None or ending_reason(game.tag("Termination")) is not None


def _value(tags: TagList, name: str) -> str | None:
    return next((value.strip() for tag, value in tags if tag == name), None)


def result_refusal(game: Game, tags: TagList) -> str | None:
    """Why the game cannot take the Result of ``tags`` (its tags as edited); None when it can.

    Only a changed Result is checked, and only when it is written as a result
    (``9-0``, ``*``): the game is replayed with the edited tags, as
    :func:`apply_tags` gives them (a changed Rules or Setup can change who
    won, and by how much), and the result must be one that fits it
    (:func:`~aceynote.validation.tag_meaning.fitting_results`).
    """
    result = _value(tags, "Result")
    if result is None or result == (game.tag("Result") or "").strip() or result_problem(result):
        return None
    edited = dataclasses.replace(game, tags=[Tag(name, value.strip()) for name, value in tags])
    report = validate(edited)
    if fitting_results(report).allows(result):
        return None
    if report.outcome is not None:
        return f"the game was won on the board: the rules give {report.outcome.token}"
    return (
        "nobody has borne off all 15 checkers, so the result is * unless a Termination"
        f" tag says how the game ended ({', '.join(ENDING_REASONS)})"
    )


def apply_tags(game: Game, tags: TagList) -> None:
    """Give the game its edited tags; a changed (or added) Result changes the result token too.

    Tags left as they were keep their entries (and their place in the source).
    """
    before = game.tag("Result")
    old = {(tag.name, tag.value): tag for tag in game.tags}
    tidy = [(name, value.strip()) for name, value in tags]
    game.tags[:] = [old.get((name, value), Tag(name, value)) for name, value in tidy]
    after = game.tag("Result")
    if after is not None and after != before:
        game.result = after


_ENDED = {
    "resignation": "{loser} resigned",
    "time": "{loser} ran out of time",
    "abandoned": "the game was abandoned, not played out",
}


def ending_words(game: Game, won: Outcome | None) -> str:
    """How the game ended, in words: who bore off, resigned or ran out of time, and the points.

    ``won`` is the rules' outcome (None when nobody bore off all 15). Empty
    when the game goes on or its end is not told.
    """
    if won is not None:
        return f"{won.winner.title} bore off all 15 and scores {won.points}"
    reason = ending_reason(game.tag("Termination"))
    if reason is None:
        return ""
    token = game.result_text
    points = result_points(token) if result_problem(token) is None else None
    winner = points_winner(points)
    if points is None or winner is None:
        return _ENDED[reason] if reason == "abandoned" else f"ended by {reason}"
    how = _ENDED[reason].format(loser=winner.opponent.title)
    return f"{how}: {winner.title} scores {max(points)}"
