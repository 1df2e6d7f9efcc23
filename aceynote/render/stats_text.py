"""The figures of ``stats`` as text for a terminal: tables in columns, a histogram of bars.

Names and events come from records, so they are shown escaped
(:mod:`aceynote.terminal_text`), and on a terminal cut to its width. On a terminal
every line of words is broken at spaces to its width (:func:`_wrapped`), and a
table wider than it is printed in parts; in a pipe or a file every line is whole.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..corpus.stats import Figures
from ..corpus.stats.dice import ACEY_DEUCEY_SHARE, DEGREES, DOUBLE_SHARE, DiceCounts
from ..corpus.stats.lengths import GameFigures
from ..corpus.stats.matches import Match
from ..corpus.stats.openings import RollLine
from ..corpus.stats.players import PlayerGroup, Record
from ..rules import ROLLS
from ..terminal_text import aligned, cell, columns, counted, escaped
from .stats_json import roll_name

NAME_WIDTH = 14
"""The fewest columns a name is cut to: the players' table then fits 80 columns with up to
999 players (16 columns with fewer than 10)."""
MATCH_NAME_WIDTH = 100  # a match's name holds both players' names and the file's
BAR_WIDTH = 40
UNLIKELY = 0.01  # a p-value below this: counts fair dice seldom give
SELDOM_SHOWN = 1e-12  # a p-value below this is shown as "p < 1e-12" (it may underflow to 0)


_PLAYER_HEADERS = (
    *("#", "player", "games", "won", "lost", "open", "points", "against"),
    *("per win", "longest"),
)
_PLAYER_LEGEND = (
    "  open: unfinished games; points: won; against: conceded;",
    "  per win: points a win on average; longest: turns of the longest game",
)
# The players' table beside its names: the headers' widths and two spaces before each
# (the rank's column as wide as a one-digit rank: a rank of more digits takes more).
_BESIDE_NAMES = sum(2 + len(header) for header in _PLAYER_HEADERS if header != "player") + 2
Shown = Callable[[str], str]


class Laid(str):
    """A line laid out in columns (a table's row, a bar of the histogram): never broken at
    its spaces, which align it (a table too wide is printed in parts instead)."""


def names_shown(width: int | None, players: int = 1) -> Shown:
    """How a name is shown: escaped, a tab too (:func:`~aceynote.terminal_text.cell`); on a terminal ``width`` columns wide, cut to the room
    the players' table of ``players`` leaves it (``NAME_WIDTH`` at least); in a pipe
    (None), whole."""
    if width is None:
        return lambda text: cell(text, None)
    rank_digits = len(str(players))
    room = max(NAME_WIDTH, width - _BESIDE_NAMES - (rank_digits - 1))
    return lambda text: cell(text, room)


def table(
    headers: Sequence[str], rows: Sequence[Sequence[str]], left: int = 1, width: int | None = None
) -> list[str]:
    """Columns as wide as their widest cell; the first ``left`` columns left-aligned.

    On a terminal ``width`` columns wide (None: a pipe or a file, the table whole), a table
    wider than it (the crosstable and the rolls have a column for each player) is printed in
    parts, each with the first ``left`` columns and as many of the others as fit, under a line
    that says so.
    """
    widths = [max(columns(row[i]) for row in [headers, *rows]) for i in range(len(headers))]

    def line(cells: Sequence[str], chosen: Sequence[int]) -> str:
        parts = [aligned(cells[index], widths[index], index < left) for index in chosen]
        return Laid("  " + "  ".join(parts).rstrip())

    parts = _parts(widths, left, width)
    lines: list[str] = []
    if len(parts) > 1:
        lines.append(f"  ({len(parts)} parts, to fit {width} columns; | less -S shows it whole)")
    for number, part in enumerate(parts):
        chosen = [*range(left), *part]
        lines += [""] if number else []
        lines += [line(headers, chosen), *(line(row, chosen) for row in rows)]
    return lines


def _parts(widths: Sequence[int], left: int, width: int | None) -> list[list[int]]:
    """The columns after the first ``left`` in as few parts as have lines that fit ``width``
    (one column at least in each), as even as fit; all in one part without a width."""
    others = list(range(left, len(widths)))
    if width is None:
        return [others]
    room = width - (2 + sum(widths[:left]) + 2 * (left - 1))  # the indent, first columns, gaps

    def fits(part: Sequence[int]) -> bool:
        return len(part) == 1 or sum(2 + widths[index] for index in part) <= room

    parts: list[list[int]] = [[]]
    for index in others:  # as many as fit in each, in turn: the fewest parts
        if not fits([*parts[-1], index]):
            parts.append([])
        parts[-1].append(index)
    even = -(-len(others) // len(parts))  # as many in each, when they fit so
    chunks = [others[start : start + even] for start in range(0, len(others), even or 1)]
    return chunks if len(chunks) == len(parts) and all(map(fits, chunks)) else parts


def left_out(games: int, files: int = 0, read_in_part: int = 0) -> list[str]:
    """What the figures leave out, in words, for standard error and the page alike (none: no
    words): the ``games`` with errors, and what could not be read of ``files``.

    A file may not be read at all (missing, or unreadable from its first line), or only up
    to a place (a byte that is not UTF-8, a line past 1 MiB): its games before that place
    are counted. ``read_in_part`` says how many of the ``files`` were read so.
    """
    words = []
    if games:
        words.append(f"{counted(games, 'game')} with errors left out of the figures")
    if files - read_in_part:
        words.append(
            f"{counted(files - read_in_part, 'file')} that could not be read left out of the"
            " figures"
        )
    if read_in_part:
        where = "it" if read_in_part == 1 else "each"
        words.append(
            f"the rest of {counted(read_in_part, 'file')}, from a place {where} could not be"
            " read, left out of the figures"
        )
    return words


def percent(part: float, whole: float) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def score_shown(score: float | None) -> str:
    """An opening play's score (the mover's share of the finished games won) in percent; ``-`` for none."""
    return "-" if score is None else percent(score, 1)


def _number(value: float | None, places: int = 1) -> str:
    return "-" if value is None else f"{value:.{places}f}"


def _record_cells(record: Record) -> list[str]:
    return [str(record.games), str(record.wins), str(record.losses), str(record.unfinished)]


def _players(group: PlayerGroup, name_shown: Shown, width: int | None) -> list[str]:
    heading = "Players" if group.event is None else f"Event {name_shown(group.event)}"
    lines = [f"{heading}: {counted(group.games, 'game')} (standings: most points, then most wins)"]
    rows = [
        [
            str(line.rank),
            name_shown(line.name),
            *_record_cells(line.record),
            str(line.record.points_for),
            str(line.record.points_against),
            _number(line.average_win, 2),
            str(line.longest),
        ]
        for line in group.players
    ]
    lines += table(_PLAYER_HEADERS, rows, left=2, width=width)
    return [*lines, *_PLAYER_LEGEND, "", *_crosstable(group, name_shown, width)]


def _crosstable(group: PlayerGroup, name_shown: Shown, width: int | None) -> list[str]:
    table_ = group.crosstable
    names = [name_shown(name) for name in table_.players]
    rows = []
    for row, shown_row in zip(table_.players, names, strict=True):
        cells = []
        for column in table_.players:
            record = table_.cells.get((row, column))
            cells.append("." if record is None else f"{record.wins}-{record.losses}")
        rows.append([shown_row, *cells])
    return [
        "Crosstable: the row player's wins-losses against the column player",
        *table(["", *names], rows, width=width),
    ]


def _dice(dice: Sequence[DiceCounts], name_shown: Shown, width: int | None) -> list[str]:
    lines = [
        "Dice: the rolls and extra rolls of the main line (a chosen double is no roll)",
        *table(
            ["player", "rolls", "doubles", "1-2s", "chi-square", "df", "p-value"],
            [
                [
                    "everybody" if counts.player is None else name_shown(counts.player),
                    str(counts.rolls),
                    percent(counts.doubles, counts.rolls),
                    percent(counts.acey_deuceys, counts.rolls),
                    _number(counts.chi_square, 2),
                    str(DEGREES),
                    _number(counts.p_value, 4),
                ]
                for counts in dice
            ],
            width=width,
        ),
        f"  fair dice: doubles {percent(DOUBLE_SHARE.numerator, DOUBLE_SHARE.denominator)},"
        f" 1-2s {percent(ACEY_DEUCEY_SHARE.numerator, ACEY_DEUCEY_SHARE.denominator)}",
    ]
    lines += [f"  {_verdict(c, name_shown)}" for c in dice]
    lines += ["", "Rolls: how often each came (expected with fair dice)"]
    headers = ["roll", *("everybody" if c.player is None else name_shown(c.player) for c in dice)]
    rows = [
        [roll_name(roll), *(f"{c.count(roll)} ({c.expected(roll):.1f})" for c in dice)]
        for roll in ROLLS
    ]
    return lines + table(headers, rows, width=width)


def _verdict(counts: DiceCounts, name_shown: Shown) -> str:
    """What the test says of one player's dice, in words."""
    who = "everybody's dice" if counts.player is None else f"{name_shown(counts.player)}'s dice"
    p_value = counts.p_value
    if p_value is None or not counts.enough:
        return f"{who}: too few rolls to test ({counts.rolls}; the test needs 180)"
    if p_value < UNLIKELY:
        return f"{who}: unlikely with fair dice ({_how_seldom(p_value)})"
    return f"{who}: as fair dice go (counts this uneven come {100 * p_value:.0f}% of the time)"


def _wrapped(line: str, width: int | None) -> list[str]:
    """``line`` broken at spaces into lines of ``width`` columns at most, the rest indented
    under it (None: a pipe or a file, whole); a :class:`Laid` line is never broken.

    A line of words runs past a narrow terminal (a heading, a legend), or past 80 columns
    (a verdict holds a name and a p-value in words, the first move large counts), and the
    terminal broke it anywhere.
    """
    if width is None or isinstance(line, Laid) or columns(line) <= width:
        return [line]
    lead = line[: len(line) - len(line.lstrip(" "))]
    first, *words = line.lstrip(" ").split(" ")
    lines, current = [], lead + first
    for word in words:
        if columns(current) + 1 + columns(word) <= width:
            current += " " + word
        else:
            lines.append(current)
            current = f"{lead}  {word}"
    return [*lines, current]


def _how_seldom(p_value: float) -> str:
    """A small p-value in words; one below :data:`SELDOM_SHOWN` (or 0, underflowed) is "fewer"."""
    if p_value < SELDOM_SHOWN:
        return f"p < {SELDOM_SHOWN:.0e}: fair dice this uneven fewer than 1 time in a trillion"
    return f"p = {p_value:.2g}: fair dice this uneven 1 time in {1 / p_value:,.0f}"


def _games(figures: GameFigures, width: int | None) -> list[str]:
    lengths = figures.lengths
    lines = [
        f"Game lengths in turns: mean {_number(lengths.mean)}, median {_number(lengths.median)},"
        f" shortest {lengths.shortest if lengths.shortest is not None else '-'},"
        f" longest {lengths.longest if lengths.longest is not None else '-'}"
    ]
    most = max((b.games for b in lengths.bins), default=0)
    # The longest bar fits the terminal beside its bin and count ("  1000-1009  2,500 ").
    longest = BAR_WIDTH if width is None else max(1, min(BAR_WIDTH, width - 20))
    for b in lengths.bins:
        # A bin with a game has a bar of one # at least.
        bar = "#" * max(1, round(longest * b.games / most)) if b.games else ""
        lines.append(Laid(f"  {b.low:>4}-{b.high:<4} {b.games:>5} {bar}".rstrip()))
    lines += ["", "Results by margin: the winner's points"]
    rows = [[str(m.points), str(m.white), str(m.black)] for m in figures.margins]
    lines += table(["points", "white won", "black won"], rows)
    lines.append(f"  unfinished: {figures.unfinished}")
    lines += ["", "First move: games from the opening position (won: % of those finished)"]
    for move in figures.first_moves:
        lines.append(
            f"  {move.side.title} moved first in {counted(move.games, 'game')}:"
            f" won {move.wins} ({percent(move.wins, move.wins + move.losses)}),"
            f" lost {move.losses}, unfinished {move.unfinished}"
        )
    return lines


def _tree(title: str, rolls: Sequence[RollLine]) -> list[str]:
    """One table: a roll and its games on the line of its most made play, its other plays below."""
    rows = [
        [
            "" if index else f"{roll.roll} ({roll.games})",
            play.play,
            str(play.games),
            score_shown(play.score),
        ]
        for roll in rolls
        for index, play in enumerate(roll.plays)
    ]
    return [
        f"Opening tree, {title}: plays, games, the mover's score (finished games)",
        *table(["roll (games)", "play", "games", "score"], rows, left=2),
    ]


def _match(match: Match, name_shown: Shown) -> list[str]:
    length = f" (to {match.length})" if match.length is not None else " (no MatchLength)"
    score = ", ".join(
        f"{name_shown(name)} {points}"
        for name, points in zip(match.players, match.score, strict=True)
    )
    winner = "" if match.winner is None else f"; {name_shown(match.winner)} won"
    lines = [f"  {cell(match.name, MATCH_NAME_WIDTH)}{length}: {score}{winner}"]
    for index, game in enumerate(match.games, start=1):
        stated = "" if game.stated is None else f"  (MatchScore says {escaped(game.stated)})"
        # White's points first, as in the result and the MatchScore beside it (the
        # match's own order of players is the heading's, where the names stand).
        points = dict(zip(match.players, game.score, strict=True))
        after = f"{points[game.white]}-{points[game.black]}"
        lines.append(
            f"    {index}. {escaped(game.source)} game {game.number}:"
            f" {name_shown(game.white)} v {name_shown(game.black)} {game.result}, then {after}{stated}"
        )
    return lines


def figures_text(figures: Figures, width: int | None = None) -> str:
    """The figures as ``stats`` prints them; names cut to a terminal ``width`` wide (None: whole)."""
    most = max((len(group.players) for group in figures.groups), default=1)
    name_shown = names_shown(width, most)
    lines = [f"{counted(figures.games, 'game')}, {counted(figures.turns, 'turn')}", ""]
    if not figures.games:
        return "0 games: nothing to count\n"
    for group in figures.groups:
        lines += [*_players(group, name_shown, width), ""]
    lines += [*_dice(figures.dice, name_shown, width), "", *_games(figures.game_figures, width)]
    lines.append("")
    if figures.openings.first:
        lines += [*_tree("first roll", figures.openings.first), ""]
        lines += [*_tree("reply roll", figures.openings.reply), ""]
    else:
        lines += ["Opening tree: no game from the opening position", ""]
    if figures.matches:
        lines.append("Matches: the score after each game")
        for match in figures.matches:
            lines += _match(match, name_shown)
        lines.append("")
    return "\n".join(part for line in lines for part in _wrapped(line, width))
