"""The subcommands of ``aceynote``: each module registers its parser and runs it.

:data:`COMMANDS` names them in the order ``aceynote --help`` lists them, with
the module that registers each and the line the help shows for it. The
command line imports a command's module only when that command is chosen
(``aceynote.cli``), so this module imports nothing.
"""

from typing import NamedTuple


class Command(NamedTuple):
    module: str  # under aceynote.commands
    summary: str


COMMANDS: dict[str, Command] = {
    "validate": Command("validate", "check records against the rules; report every illegal move"),
    "fmt": Command("fmt", "print records in canonical form (--check to test, -i to rewrite)"),
    "convert": Command(
        "convert", "convert records between .acey, JSON, JSON Lines and bgammon.org replays"
    ),
    "schema": Command("convert", "print the JSON Schema of the JSON form"),
    "find": Command("find", "print, list or count the games of records that pass filters"),
    "generate": Command("generate", "play random legal games and print them as a record"),
    "replay": Command("replay", "replay a record on a board in the terminal; annotate and save"),
    "record": Command(
        "record", "record a game in the terminal as it is played, checked by the rules"
    ),
    "play": Command("play", "play a game against the analysis engine, recorded as it goes"),
    "diagram": Command("diagram", "draw a position as a backgammon board (SVG or PNG)"),
    "html": Command("html", "write a game as one self-contained web page (HTML)"),
    "hint": Command("hint", "rank the legal plays of a roll with the analysis engine"),
    "stats": Command(
        "stats", "figures over many games: players, standings, dice, lengths, openings, matches"
    ),
    "analyze": Command(
        "analyze", "judge every decision of a record: best plays, equity lost, marks, luck"
    ),
    "lsp": Command("lsp", "a language server for editors: diagnostics, completion, hover"),
}
