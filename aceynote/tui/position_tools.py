"""What the game view's keys about the position shown do: its legal plays, its Setup, a diagram.

The keys are the view's (:class:`~.game_view.GameView`: p, y, d): the
position is the one it shows. p and y are done here from the view's frame;
d needs the record's name, so the view asks the screen with a message, and
the screen writes the files with :func:`write_diagram`.
"""

from __future__ import annotations

from functools import partial

from textual.widget import Widget

from ..analysis.shown import EXACT_WORDS, exact_here, next_kind, ranked_plays
from ..files.writing import create_new
from ..notation import Game
from ..notation.shorthand import parse_roll
from ..render.step_diagram import diagram_stem, frame_svg, moment, pictures
from ..rules import Position, RuleSet, SegmentKind, SetupError, Side
from ..terminal_text import counted, path_shown, signed
from ..validation.timeline import Frame
from .dialogs import PlayChoices, Prompt


def ask_plays(widget: Widget, frame: Frame, rules: RuleSet, depth: int) -> None:
    """Ask for a roll, then show its legal plays at ``frame``, ranked at ``depth`` (nothing is entered)."""
    position, when = frame.to_play()
    if position.winner is not None:
        widget.notify("The game is over here: nothing more is played.", timeout=3)
        return
    side = position.turn.title
    segment = frame.segment
    rolled = f"{segment.high}{segment.low}" if segment is not None and not frame.final else ""

    def show(answer: str | None) -> None:
        if not answer:
            return
        dice = parse_roll(answer)
        if dice is None:
            widget.notify(
                f"'{answer.strip()[:12]}' is not a roll: type two dice, like 64.",
                severity="warning",
            )
            return
        high, low = dice
        kind = next_kind(frame.replay, frame.final)
        if kind is SegmentKind.CHOSEN_DOUBLE and high != low:
            widget.notify(
                f"{side} names a double here (after a 1-2): type one, like 66.",
                severity="warning",
            )
            return
        rank = partial(
            _rank_plays, widget, position, rules, kind, dice, depth, f"of {high}{low}\n{when}"
        )
        widget.run_worker(rank, thread=True, exclusive=True, group="hint", exit_on_error=False)

    prompt = f"{side} to play {when}\nWhich roll? (like 64)"
    widget.app.push_screen(Prompt(prompt, rolled, "64"), show)


def _rank_plays(
    widget: Widget,
    position: Position,
    rules: RuleSet,
    kind: SegmentKind,
    dice: tuple[int, int],
    depth: int,
    what: str,
) -> None:
    """The plays of the dice ranked by the engine (in a thread: 1-ply takes a moment)."""
    app = widget.app
    try:
        ranked = ranked_plays(position, kind, *dice, rules, depth)
        exact = exact_here(position, kind, dice, rules)
    except Exception as error:  # the engine's bug, said; the app goes on
        app.call_from_thread(
            widget.notify, f"The engine could not rank the plays: {error!r}", severity="error"
        )
        return
    if [option.play for option in ranked] == ["--"]:
        ranked = []  # no legal play
    side = position.turn.title
    title = (
        f"{side}'s {counted(len(ranked), 'legal play')} {what}\n"
        f"engine, {depth}-ply: win %, equity, difference to the best"
    ) + (f"\n{EXACT_WORDS}" if exact else "")
    rows = [option.play for option in ranked]
    details = [
        f"{100 * option.win:5.1f}%  {signed(option.equity):>7}"
        + (f"  {signed(option.diff)}" if number else "   best")
        for number, option in enumerate(ranked)
    ]
    app.call_from_thread(app.push_screen, PlayChoices(title, rows, details))


def copy_setup(widget: Widget, frame: Frame) -> None:
    """The Setup string of the position at ``frame``, to the clipboard and on screen."""
    position, when = frame.to_play()
    try:
        setup = position.to_setup()
    except SetupError as error:
        widget.notify(f"No Setup string here: {error}.", severity="warning", timeout=4)
        return
    widget.app.copy_to_clipboard(setup)
    widget.notify(f"Copied the position {when} as its Setup string\n{setup}", timeout=8)


def write_diagram(
    widget: Widget, record_path: str, game_number: int, game: Game, frame: Frame, viewer: Side
) -> None:
    """The board at ``frame`` seen from ``viewer``, as an SVG diagram (and a PNG) next to
    the record (new files only); where it went, or why not, said."""
    stem = diagram_stem(record_path, game_number, frame)
    try:
        written = write_new(stem, frame_svg(game, frame, viewer))
    except DiagramError as error:
        widget.notify(f"No diagram written: {error}.", severity="error", timeout=8)
        return
    paths = "\n".join(path_shown(path) for path in written)
    widget.notify(f"Wrote the board {moment(frame)} to\n{paths}", timeout=8)


MAX_COPIES = 999
"""Names tried (``-2`` to ``-999``) before giving up: the folder is full of diagrams."""


class DiagramError(Exception):
    """A diagram could not be written; the message says why, in a user's words."""


def write_new(stem: str, text: str) -> list[str]:
    """Write the SVG ``text`` to ``STEM.svg``, or the first free ``STEM-N.svg``; the paths written.

    With the PNG renderer installed the same board is written as a PNG beside
    it, of the same name (``STEM-N.png``): a number is taken only when both
    names are free (:func:`create_new`).
    """
    try:
        return create_new(stem, pictures(text), tries=MAX_COPIES)
    except FileExistsError as error:
        raise DiagramError(
            f"{path_shown(stem)}.svg and {MAX_COPIES - 1} numbered copies exist"
        ) from error
    except OSError as error:
        path = path_shown(error.filename or stem + ".svg")
        reason = (error.strerror or str(error)).lower()
        raise DiagramError(f"could not write {path}: {reason}") from error
