"""What a game's tags and result say: the rules, the start, and whether the result agrees."""

from __future__ import annotations

from typing import NamedTuple

from ..notation import Game, Span
from ..notation.tags import (
    TagValueError,
    ending_reason,
    misread_result,
    parse_opening,
    result_as_move,
    result_problem,
    tag_value_problem,
)
from ..rules import (
    OpeningError,
    Position,
    RulesError,
    RuleSet,
    SetupError,
    Side,
    opening_winner,
    resigned,
    roll_dice,
)
from . import diagnostics as codes
from .report import Notes, Report


def check_tags(notes: Notes, game: Game) -> None:
    """Tags given twice, and Date, Termination, MatchLength and MatchScore values that cannot
    be read."""
    seen: set[str] = set()
    for tag in game.tags:
        if tag.name in seen:
            notes.add(
                codes.DUPLICATE_TAG,
                f"the tag {tag.name} is given twice; the first one counts",
                tag.span,
            )
        seen.add(tag.name)
    for name, code in (
        ("Date", codes.BAD_DATE),
        ("Termination", codes.BAD_TERMINATION),
        ("MatchLength", codes.BAD_MATCH_TAG),
        ("MatchScore", codes.BAD_MATCH_TAG),
    ):
        entry = game.tag_entry(name)
        problem = None if entry is None else tag_value_problem(name, entry.value)
        if entry is not None and problem is not None:
            notes.add(code, problem, entry.span)


def rules_of(notes: Notes, game: Game, override: RuleSet | None) -> RuleSet:
    """The rules to replay under: ``override``, else the Rules tag's (standard if unreadable)."""
    if override is not None:
        return override
    tag = game.tag_entry("Rules")
    if tag is None:
        return RuleSet()
    try:
        return RuleSet.parse(tag.value)
    except RulesError as error:
        notes.add(codes.BAD_RULES, f"{error}; replaying with the standard rules", tag.span)
        return RuleSet()


def start_of(notes: Notes, game: Game) -> Position | None:
    """The position before the first turn (None: the Setup tag cannot be used)."""
    setup, opening = game.tag_entry("Setup"), game.tag_entry("Opening")
    if setup is not None:
        if opening is not None:
            notes.add(
                codes.OPENING_WITH_SETUP,
                "a game that starts from a Setup has no opening roll: drop the Opening tag",
                opening.span,
            )
        try:
            return Position.from_setup(setup.value)
        except SetupError as error:
            notes.add(codes.BAD_SETUP, f"the Setup cannot be used: {error}", setup.span)
            return None
    first = game.turns[0] if game.turns else None
    if opening is not None:
        winner = _opening_winner(notes, opening.value, opening.span)
        if winner is not None:
            return Position.initial(winner)
    if first is not None and first.numbered:
        return Position.initial(first.side)
    return Position.initial(Side.WHITE)


def numbered_first_mover(game: Game) -> bool:
    """Whether the first turn's move number says who moves first (``1.`` White, ``1...``
    Black): no Opening or Setup tag says it (§7)."""
    return game.tag("Setup") is None and game.tag("Opening") is None


def first_number_of(game: Game, written: int | None) -> int:
    """The number of the first turn, written ``written`` (None: with no number): 1, or in a
    Setup game the number written, any N >= 1 (§7)."""
    if game.tag("Setup") is not None and written is not None and written >= 1:
        return written
    return 1


def first_number(game: Game) -> int:
    """The number of the record's first turn (:func:`first_number_of`)."""
    first = game.turns[0] if game.turns else None
    return first_number_of(game, first.number if first is not None and first.numbered else None)


def _opening_winner(notes: Notes, text: str, span: Span) -> Side | None:
    try:
        return opening_winner(parse_opening(text))
    except (TagValueError, OpeningError) as error:
        notes.add(codes.BAD_OPENING, str(error), span)
        return None


class FittingResults(NamedTuple):
    """The results a game as replayed may carry (docs/notation.md §6)."""

    offered: tuple[str, ...]
    """Those that fit it, to offer first: the rules' result of a game won on the board; of one
    a Termination tag ended, what each side would score if the other resigned now (choice
    18), White's first; else ``*`` (unfinished, or not replayed past a syntax error)."""
    any_stands: bool
    """Whether any other result §6 allows stands too: a Termination tag ended the game."""

    def allows(self, token: str) -> bool:
        return self.any_stands or token in self.offered


def fitting_results(report: Report) -> FittingResults:
    """The results the game of ``report`` may carry, as its replay ended: the one home of that
    rule, for the validator's check of the result, the app's tag editor and the language
    server's completion."""
    game, final, won = report.game, report.final, report.outcome
    if won is not None:
        return FittingResults((won.token,), any_stands=False)
    ended = ending_reason(game.tag("Termination")) is not None
    if not ended or game.problems or final is None:
        return FittingResults(("*",), any_stands=ended)
    losers = (Side.BLACK, Side.WHITE)
    return FittingResults(
        tuple(resigned(final, report.rules, loser).token for loser in losers), any_stands=True
    )


def check_result(notes: Notes, game: Game) -> None:
    """Whether the result token agrees with the Result tag and with how the game ended."""
    token = game.result_text
    span = game.result_span or (game.turns[-1].span if game.turns else game.span)
    if game.result is None:
        notes.add(
            codes.NO_RESULT,
            "the game has no result token: was it cut short? End it with its result,"
            " or * for a game unfinished",
            span,
        )
    tag = game.tag_entry("Result")
    if tag is not None and tag.value != token:
        notes.add(
            codes.RESULT_TAG_MISMATCH,
            f"the Result tag says '{tag.value}' but the result token is '{token}'",
            tag.span,
        )
    problem = result_problem(token)
    if problem is not None:
        if result_as_move(token) is not None and _last_play_short(notes.report):
            problem = misread_result(token)
        notes.add(codes.BAD_RESULT, problem, span)
        return
    if fitting_results(notes.report).allows(token):
        return
    result = notes.report.outcome
    if result is not None:
        notes.add(
            codes.WRONG_RESULT,
            f"{result.winner.title} bore off all 15 checkers and scores {result.points}: the result is {result.token}, not {token}",
            span,
        )
    else:
        notes.add(
            codes.UNFINISHED_RESULT,
            f"nobody has borne off all 15 checkers, so the result is '*' unless a Termination tag says why the game ended, not '{token}'",
            span,
        )


def _last_play_short(report: Report) -> bool:
    """Whether the main line's last play is illegal and moves fewer dice than were rolled.

    A result like ``19-16`` after it is then likely the move ``19/16`` that the
    play lacks (docs/notation.md choice 17).
    """
    main_line = report.main_line()
    last = main_line[-1] if main_line else None
    if last is None or last.legal:
        return False
    return len(last.steps) < len(roll_dice(last.segment.high, last.segment.low))
