"""Diagnostics: one per problem, with a stable code, a severity and a place.

Each code's explanation and example live here, in its :class:`Code`;
docs/diagnostics.md is their output (``aceynote validate --explain all``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ..notation import Span


class Severity(Enum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Code:
    """A diagnostic code: its title, its severity, and what it means, with a record that shows it.

    The one home of each code's explanation: the validator's codes, the
    language server's hover, ``aceynote validate --explain`` and
    docs/diagnostics.md (its output) all take it from here.
    """

    code: str
    severity: Severity
    title: str
    explanation: str
    example: str  # a small record that triggers the code

    @property
    def group(self) -> str:
        """The heading of the codes of its hundred (``AD3..``: plays)."""
        return GROUPS[self.code[2]]


GROUPS = {
    "1": "Reading and tags",
    "2": "Move numbers and sides",
    "3": "Plays",
    "4": "Acey-deucey segments",
    "5": "End of the game and result",
}


def _error(code: str, title: str, explanation: str, example: str) -> Code:
    return Code(code, Severity.ERROR, title, explanation, example)


def _warning(code: str, title: str, explanation: str, example: str) -> Code:
    return Code(code, Severity.WARNING, title, explanation, example)


SYNTAX = _error(
    "AD100",
    "syntax error",
    "The text cannot be read as the notation here (docs/notation.md §1 to §6); the message "
    "says what stands there and, where it can, how it is written.",
    '[White "A"]\n1. 72: 13/8\n*\n',
)
DUPLICATE_TAG = _warning(
    "AD101",
    "tag given twice",
    "A game gives the same tag twice: the first one counts, the second is ignored.",
    '[White "A"]\n[White "B"]\n1. 64: in/19 in/21\n*\n',
)
BAD_RULES = _error(
    "AD102",
    "unknown rule preset, option or value",
    "The Rules tag is a preset, then options written `name=value` (docs/notation.md §8 "
    "lists them); a name or value it does not know makes the game replayed with the "
    "standard rules.",
    '[Rules "standard bearoff=sometimes"]\n1. 64: in/19 in/21\n*\n',
)
BAD_SETUP = _error(
    "AD103",
    "impossible or unreadable Setup",
    "The Setup tag cannot be read, or gives a position that cannot be: a side with more than "
    "15 checkers, both sides on one point, a side that has borne off all 15, or one with "
    "checkers both in the pool and borne off (docs/notation.md §7).",
    '[Setup "W 6:16 / B 19:2 / W"]\n1. 64: 6/off 6/2\n*\n',
)
BAD_OPENING = _error(
    "AD104",
    "unreadable or undecided Opening",
    "The Opening tag gives the opening roll, White's die first, after any ties (`4-4 2-2 "
    "5-3`); its last roll must not be a tie, since the higher die decides who moves first.",
    '[Opening "5-5"]\n1. 64: in/19 in/21\n*\n',
)
OPENING_WITH_SETUP = _error(
    "AD105",
    "Opening tag in a Setup game",
    "A game that starts from a Setup has no opening roll: the Setup says who rolls first.",
    '[Opening "5-3"]\n[Setup "W 6:2 / B 6:2 / W"]\n1. 64: 6/off 6/2\n*\n',
)
BAD_DATE = _warning(
    "AD106",
    "Date not in YYYY.MM.DD form",
    "A date is written YYYY.MM.DD, with ?? for a part not known (`1962.03.??`); another "
    "form is kept as written. A month or a day the calendar does not have (`2026.13.01`, "
    "`2026.02.30`) is flagged too.",
    '[Date "14 March 1962"]\n1. 64: in/19 in/21\n*\n',
)
BAD_TERMINATION = _warning(
    "AD107",
    "unknown Termination value",
    "Termination says how a game ended: normal (as when the tag is absent), resignation, "
    "time or abandoned; another value is kept as written.",
    '[Termination "rain"]\n1. 64: in/19 in/21\n*\n',
)
BAD_MATCH_TAG = _warning(
    "AD109",
    "MatchLength or MatchScore not a number",
    "MatchLength is the match's length in points and MatchScore the score before this game, "
    "White's first (`1-2`), in the digits 0-9; another value is kept as written.",
    '[MatchLength "seven"]\n1. 64: in/19 in/21\n*\n',
)
RESULT_TAG_MISMATCH = _error(
    "AD108",
    "Result tag differs from the result token",
    "The Result tag holds the same text as the result token that ends the game's movetext.",
    '[Result "3-0"]\n1. 64: in/19 in/21\n*\n',
)

WRONG_NUMBER = _error(
    "AD201",
    "move number does not fit the turn count",
    "Move numbers count White's turns: `N.` stands before White's Nth turn and `N...` "
    "before the Black turn after it. This one does not fit the turns before it.",
    "1. 64: in/19 in/21  43: in/21 in/22\n3. 55: in/20(4)\n*\n",
)
WRONG_SIDE = _error(
    "AD202",
    "turn of the side not to move",
    "Turns alternate, White, Black, White (a 1-2's chosen double and extra roll stay in "
    "its turn); this move number is the other side's: `N.` is White's, `N...` Black's.",
    "1. 64: in/19 in/21\n2. 43: in/21 in/22\n*\n",
)
MISSING_NUMBER = _error(
    "AD203",
    "move number missing where it is required",
    "Each White turn starts with its move number, and so does a Black turn with no White "
    "turn of its number before it: Black's first turn when Black moves first, and a "
    "variation's first turn when it is Black's.",
    "1. 64: in/19 in/21  43: in/21 in/22\n55: in/20(4)\n*\n",
)
WRONG_FIRST_MOVER = _error(
    "AD204",
    "first turn by the side that did not win the opening",
    "The side that won the opening roll (the Opening tag), or the side to roll in the "
    "Setup, plays the first turn: numbered `1.` for White, `1...` for Black.",
    '[Opening "3-5"]\n1. 64: in/19 in/21\n*\n',
)

NO_CHECKER = _error(
    "AD301",
    "move from a place with no checker",
    "A move starts from a point, the bar or the pool where the side has no checker left to "
    "move. The replay goes on without that move, so that every position shown is one that "
    "can exist; the hint gives the legal plays of the roll.",
    "1. 64: 13/7 in/21\n*\n",
)
BAR_FIRST = _error(
    "AD302",
    "move while a checker is on the bar",
    "A checker on the bar enters (`bar/19`) before any other checker of its side moves.",
    '[Setup "W 13:2 bar:1 / B 1:2 / W"]\n1. 64: 13/7 13/9\n*\n',
)
POOL_FIRST = _error(
    "AD303",
    "move while the pool is not empty (early_moves=no)",
    "Under the option early_moves=no (the navy preset) a side enters every checker from "
    "the pool before it moves one on the board, judged move by move.",
    '[Rules "navy"]\n1. 64: in/19 19/15\n*\n',
)
DICE_MISMATCH = _error(
    "AD304",
    "trip the dice rolled do not make",
    "Each move is one checker's trip, made with one die or several. The move named is the "
    "one that no die fits once the other moves of the play have taken theirs, each the "
    "fewest dice it can: with 2-1, `in/22 in/23` names `in/22` (the 1 left by `in/23` "
    "cannot make it), although `in/22` alone could be the two-dice trip `in/23/22`. Where "
    'the others take every die, the message says so ("with 6-5, 24/18 24/19 take every '
    'die: none is left for the trip 13/8"); a play of one move says "the roll 6-4 cannot '
    'make the trip in/20".',
    "1. 64: in/20 in/21\n*\n",
)
BLOCKED = _error(
    "AD305",
    "move to or through a blocked point",
    "A point that two or more of the other side's checkers hold is blocked: no checker "
    "lands there, nor stops there on a trip of several dice. The replay goes on without "
    "the move.",
    '[Setup "W 13:2 / B 18:2 / W"]\n1. 64: 13/7 13/9\n*\n',
)
BEAR_OFF_EARLY = _error(
    "AD306",
    "bearing off before every checker is home",
    "A side bears off only when every checker it has left is in its home board: none "
    "outside it, in the pool or on the bar.",
    '[Setup "W 13:1 5:2 / B 19:2 / W"]\n1. 65: 13/7 5/off\n*\n',
)
BEAR_OFF_DIE = _error(
    "AD307",
    "bearing off with a die the rules do not allow",
    "With the option bearoff=exact (the bgammon preset) a die d bears off only from point "
    "d; with bearoff=high, the default, a larger die also bears off from the highest "
    "point that has a checker.",
    '[Rules "bgammon"]\n[Setup "W 5:2 / B 19:2 / W"]\n1. 64: 5/off 5/1\n*\n',
)
TOO_FEW_DICE = _error(
    "AD308",
    "fewer dice played than the position allows",
    "Rule 7: a side plays as many of its dice as the position allows. A play that uses "
    "fewer where another play uses more is illegal; the hint gives the plays that do.",
    "1. 64: in/19\n*\n",
)
SMALLER_DIE = _error(
    "AD309",
    "smaller die played where the larger was playable",
    "Rule 7: when only one die of the two can be played, it is the larger one if that can "
    "be played (unless the option larger_die=no lets either be).",
    '[Setup "W 13:1 / B 22:2 / W"]\n1. 64: 13/9\n*\n',
)
FALSE_HIT = _error(
    "AD310",
    "hit mark where nothing was hit",
    "`*` after a stop says that a single checker of the other side (a blot) was hit there "
    "and sent to the bar; here no blot stood on that point.",
    "1. 64: in/19* in/21\n*\n",
)
UNMARKED_HIT = _warning(
    "AD311",
    "hit written without *",
    "The move hits a blot: the play stands, but the hit is marked with `*` after the point "
    "(`13/7*`).",
    '[Setup "W 13:2 / B 18:1 / W"]\n1. 65: 13/7 13/8\n*\n',
)

MISSING_DOUBLE = _error(
    "AD401",
    "chosen double missing after an acey-deucey",
    "A 1-2 whose 1 and 2 are both played goes on, in the same turn, with the double its "
    "player chooses, written `=DD:` and its play (docs/notation.md §4). A game whose "
    "Termination tag says it ended (resignation, time, abandoned) may stop there in its "
    "last turn (docs/notation.md, choice 19).",
    "1. 21: in/24 in/23  43: in/21 in/22\n*\n",
)
UNEXPECTED_DOUBLE = _error(
    "AD402",
    "chosen double where the rules give none",
    "A chosen double (`=DD:`) follows only a 1-2 whose 1 and 2 were both played.",
    "1. 64: in/19 in/21 =66: 19/13 21/15 in/19(2)\n*\n",
)
MISSING_EXTRA = _error(
    "AD404",
    "extra roll missing after the chosen double",
    "After the chosen double the turn goes on with one more roll, written `+RR:` and its "
    "play: when the double's four moves were all played, or always under the option "
    "bonus_reroll=always (the bgammon preset). A game whose Termination tag says it ended "
    "may stop there in its last turn (docs/notation.md, choice 19).",
    "1. 21: in/24 in/23 =66: in/19(4)  43: in/21 in/22\n*\n",
)
UNEXPECTED_EXTRA = _error(
    "AD405",
    "extra roll where the rules give none",
    "An extra roll (`+RR:`) follows only a chosen double, and under the default "
    "bonus_reroll=full only one whose four moves were all played.",
    "1. 64: in/19 in/21 +43: in/21 in/22\n*\n",
)

AFTER_END = _error(
    "AD501",
    "moves after the game is over",
    "The game ends when a side bears off its 15th checker; nothing is played after it.",
    '[Setup "W 2:1 / B 19:2 / W"]\n[Result "2-0"]\n1. 43: 2/off  43: 19/15 19/16\n2-0\n',
)
WRONG_RESULT = _error(
    "AD502",
    "result differs from what the rules give",
    "A finished game (one side has borne off all 15 checkers) carries the result the rules "
    "give (§8 rule 10 and the option score; docs/notation.md §6).",
    '[Setup "W 2:1 / B 19:2 / W"]\n[Result "1-0"]\n1. 43: 2/off\n1-0\n',
)
UNFINISHED_RESULT = _error(
    "AD503",
    "points given for an unfinished game without Termination",
    "A game that nobody finished carries `*`, unless a Termination tag (resignation, time, "
    "abandoned) says why it ended; then a result with points for one side stands.",
    "1. 64: in/19 in/21\n9-0\n",
)
BAD_RESULT = _error(
    "AD504",
    "result with points for both sides",
    "A result `W-B` gives the points White and Black won, and one of the two is 0. When "
    "such a result (both numbers points 1..24) follows an illegal play that moved fewer "
    "dice than were rolled, it is taken for a move typed with `-`, and the message says "
    "\"'19-16' was read as a result where a move was expected: a move is written 19/16\"; "
    "where movetext follows it, the same words are a syntax error, AD100 (docs/notation.md "
    "choice 17).",
    '[Termination "resignation"]\n1. 64: in/19 in/21\n3-2\n',
)
NO_RESULT = _warning(
    "AD505",
    "no result token (cut short?)",
    "A game read without its result token is read as if it ended in `*` (docs/notation.md "
    "§1), but a file cut short (a copy stopped mid-way, a game pasted in part) looks just "
    "the same: the warning asks. A record that holds no game at all (an empty file) is a "
    "warning too, on standard error: `aceynote: warning: no game in empty.acey` (`convert` "
    "warns of an input with no game in the same words); the commands that show one game "
    "(`analyze`, `diagram`, `html`, `replay`) refuse it in the same words.",
    "1. 64: in/19 in/21  53: in/20 in/22\n",
)


def no_game_in(name: str) -> str:
    """What every command says of a record that holds no game at all."""
    return f"no game in {name}"


ALL_CODES = tuple(value for value in list(globals().values()) if isinstance(value, Code))


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem found in a record.

    ``legal`` lists legal plays as notation (all of them when few, else the
    closest few) and ``legal_count`` how many there are; ``follows`` is the
    span of an earlier error this one may stem from. ``counted_number`` is
    the move number the turns count where the one written does not fit them
    (AD201, whose message says it in words), for a fix to write.
    """

    code: Code
    message: str
    span: Span
    hint: str | None = None
    legal: tuple[str, ...] = ()
    legal_count: int = 0
    follows: Span | None = field(default=None)
    counted_number: int | None = None

    @property
    def severity(self) -> Severity:
        return self.code.severity

    @property
    def is_error(self) -> bool:
        return self.code.severity is Severity.ERROR

    def as_json(self) -> dict[str, Any]:
        """The diagnostic as the JSON schema's ``diagnostic`` (``aceynote schema``)."""
        span, follows = self.span, self.follows
        return {
            "code": self.code.code,
            "severity": self.severity.value,
            "message": self.message,
            "line": span.line,
            "column": span.column,
            "end_line": span.end_line,
            "end_column": span.end_column,
            "hint": self.hint,
            "legal": list(self.legal),
            "legal_count": self.legal_count,
            "follows": None
            if follows is None
            else {"line": follows.line, "column": follows.column},
        }
