"""Small records whose figures the stats tests count by hand (tests/test_stats*.py)."""

from __future__ import annotations

# A short game from a Setup that one side resigned: any result stands (§6).
SHORT = '[Setup "W 24:2 / B 24:2 / W"]\n[Termination "resignation"]\n\n1. 64: 24/18 24/20\n'


def short_game(white: str, black: str, result: str, *tags: str) -> str:
    """A one-turn game between ``white`` and ``black`` ending ``result`` (``*``: unfinished)."""
    head = f'[White "{white}"]\n[Black "{black}"]\n' + "".join(tag + "\n" for tag in tags)
    body = SHORT if result != "*" else SHORT.replace('[Termination "resignation"]\n', "")
    return head + body + result + "\n\n"


# Two games of Ann (White) and Bob, counted by hand in tests/test_stats.py.
#  game 1 (4 turns): Ann rolls 64, 21 (then the chosen double 55, which is no
#  roll, and the extra roll 52), 31 is not played: Bob rolls 53 and 33. Ann
#  wins 3-0 by resignation.
#  game 2 (1 turn): Ann rolls 31 and bears off her last checker: 2-0.
HAND_COUNTED = """\
[Event "Spring"]
[White "Ann"]
[Black "Bob"]
[Result "3-0"]
[Setup "W 24:2 / B 24:2 / W"]
[Termination "resignation"]

1. 64: 24/18 24/20  53: 24/19 24/21
2. 21: 18/17 20/18 =55: 17/12 18/13 12/7 13/8 +52: 8/3 7/5  33: 19/16 21/18 16/13 18/15
3-0

[Event "Autumn"]
[White "Ann"]
[Black "Bob"]
[Setup "W 1:1 / B 1:2 / W"]

1. 31: 1/off
2-0
"""

# Two games from the opening position: White moves first in the first
# (unfinished), Black in the second (Black wins 3-0 by resignation). Both
# first rolls are 64 played in/19 in/21 (written in two orders), both
# replies 52 played in/20 in/23.
OPENINGS = """\
[White "Ann"]
[Black "Bob"]
[Opening "5-3"]

1. 64: in/19 in/21  52: in/20 in/23
*

[White "Ann"]
[Black "Bob"]
[Opening "2-6"]
[Result "0-3"]
[Termination "resignation"]

1... 64: in/21 in/19  2. 52: in/23 in/20
0-3
"""

# A club evening: Ann 3 + 4 = 7 points (2 wins, 1 loss, 1 unfinished), Cid
# 2 + 1 = 3 (2 wins, 1 loss), Bob none (2 losses, 1 unfinished).
CLUB = (
    short_game("Ann", "Bob", "3-0")
    + short_game("Bob", "Cid", "0-2")
    + short_game("Cid", "Ann", "1-0")
    + short_game("Ann", "Cid", "4-0")
    + short_game("Bob", "Ann", "*")
)
