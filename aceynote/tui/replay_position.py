"""The replay screen's keys about the position shown: its legal plays, its Setup, a diagram."""

from __future__ import annotations

from textual import work

from ..analysis.shown import next_kind, ranked_plays
from ..files.writing import create_new
from ..notation.shorthand import parse_roll
from ..notation.writer import segment_text, turn_number
from ..render.step_diagram import diagram_stem, frame_svg, moment, pictures
from ..rules import Position, RuleSet, SegmentKind, SetupError
from ..terminal_text import counted, path_shown, signed
from .dialogs import PlayChoices, Prompt
from .replay_view import ReplayView


class PositionTools(ReplayView):
    """p (the legal plays of a roll, ranked), y (copy the Setup) and d (write a diagram)."""

    def _position_shown(self) -> tuple[Position, str]:
        """The position to play from at the frame shown, and when it stands (``after 12. 51: ...``)."""
        frame = self.view.frame
        replay = frame.replay
        if replay is None:
            return frame.position, "at the start"
        written = f"{turn_number(replay.turn)} {segment_text(replay.segment)}"
        if frame.final:
            return replay.after, f"after {written}"
        return replay.before, f"before {written}"

    def action_plays(self) -> None:
        """The legal plays of a roll typed here, ranked by the engine (nothing is entered)."""
        if self.timeline is None:
            return
        position, when = self._position_shown()
        if position.winner is not None:
            self.notify("The game is over here: nothing more is played.", timeout=3)
            return
        rules = self.timeline.report.rules
        side = position.turn.title
        frame = self.view.frame  # the place asked about, even if the board moves on meanwhile
        segment = frame.segment
        rolled = f"{segment.high}{segment.low}" if segment is not None and not frame.final else ""

        def show(answer: str | None) -> None:
            if not answer:
                return
            dice = parse_roll(answer)
            if dice is None:
                self.notify(
                    f"'{answer.strip()[:12]}' is not a roll: type two dice, like 64.",
                    severity="warning",
                )
                return
            high, low = dice
            kind = next_kind(frame.replay, frame.final, rules)
            if kind is SegmentKind.CHOSEN_DOUBLE and high != low:
                self.notify(
                    f"{side} names a double here (after a 1-2): type one, like 66.",
                    severity="warning",
                )
                return
            self._rank_plays(position, rules, kind, (high, low), f"of {high}{low}\n{when}")

        prompt = f"{side} to play {when}.\nWhich roll? (like 64)"
        self.app.push_screen(Prompt(prompt, rolled, "64"), show)

    @work(thread=True, exclusive=True, group="hint", exit_on_error=False)
    def _rank_plays(
        self,
        position: Position,
        rules: RuleSet,
        kind: SegmentKind,
        dice: tuple[int, int],
        what: str,
    ) -> None:
        """The plays of the dice ranked by the engine (a thread: 1-ply takes a moment)."""
        depth = self.analysis_depth
        try:
            ranked = ranked_plays(position, kind, *dice, rules, depth)
        except Exception as error:  # the engine's bug, said; the app goes on
            self.app.call_from_thread(
                self.notify, f"The engine could not rank the plays: {error!r}", severity="error"
            )
            return
        if [option.play for option in ranked] == ["--"]:
            ranked = []  # no legal play
        side = position.turn.title
        title = (
            f"{side}'s {counted(len(ranked), 'legal play')} {what}\n"
            f"engine, {depth}-ply: win %, equity, difference to the best"
        )
        rows = [option.play for option in ranked]
        details = [
            f"{100 * option.win:5.1f}%  {signed(option.equity):>7}"
            + (f"  {signed(option.diff)}" if number else "   best")
            for number, option in enumerate(ranked)
        ]
        self.app.call_from_thread(self.app.push_screen, PlayChoices(title, rows, details))

    def action_copy_setup(self) -> None:
        """The Setup string of the position shown, to the clipboard and on screen."""
        if self.timeline is None:
            return
        position, when = self._position_shown()
        try:
            setup = position.to_setup()
        except SetupError as error:
            self.notify(f"No Setup string here: {error}.", severity="warning", timeout=4)
            return
        self.app.copy_to_clipboard(setup)
        self.notify(f"Copied the Setup of the position {when}:\n{setup}", timeout=8)

    def action_diagram(self) -> None:
        """The board shown, as an SVG diagram (and a PNG) next to the record (new files only)."""
        if self.timeline is None:
            return
        frame = self.view.frame
        stem = diagram_stem(self.record.path, self.game_index + 1, frame)
        try:
            written = write_new(stem, frame_svg(self.timeline.game, frame, self.view.viewer))
        except DiagramError as error:
            self.notify(f"No diagram written: {error}.", severity="error", timeout=8)
            return
        paths = "\n".join(path_shown(path) for path in written)
        self.notify(f"Wrote the board {moment(frame)} to\n{paths}", timeout=8)


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
