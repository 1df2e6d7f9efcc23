"""The replay screen's keys about the position shown: its legal plays, its Setup, a diagram."""

from __future__ import annotations

from ..notation.typed import parse_roll
from ..notation.writer import play_text, segment_text, turn_number
from ..rules import Position, SetupError, legal_plays, roll_dice
from ..terminal_text import counted, path_shown
from .diagram_file import DiagramError, diagram_stem, frame_svg, moment, write_new
from .dialogs import PlayChoices, Prompt
from .replay_view import ReplayView


class PositionTools(ReplayView):
    """p (the legal plays of a roll), y (copy the Setup) and d (write a diagram)."""

    def _position_shown(self) -> tuple[Position, str]:
        """The position to play from at the frame shown, and when it stands (``after 12. 51: ...``)."""
        frame = self._frame()
        replay = frame.replay
        if replay is None:
            return frame.position, "at the start"
        written = f"{turn_number(replay.turn)} {segment_text(replay.segment)}"
        if frame.final:
            return replay.after, f"after {written}"
        return replay.before, f"before {written}"

    def action_plays(self) -> None:
        """The legal plays of a roll typed here (nothing is entered)."""
        if self.timeline is None:
            return
        position, when = self._position_shown()
        if position.winner is not None:
            self.notify("The game is over here: nothing more is played.", timeout=3)
            return
        rules = self.timeline.report.rules
        side = position.turn.title
        frame = self._frame()
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
            plays = legal_plays(position, roll_dice(high, low), rules)
            texts = sorted({play_text(play.steps) for play in plays.values()})
            title = f"{side}'s {counted(len(texts), 'legal play')} of {high}{low}\n{when}"
            self.app.push_screen(PlayChoices(title, texts))

        prompt = f"{side} to play {when}.\nWhich roll? (like 64)"
        self.app.push_screen(Prompt(prompt, rolled, "64"), show)

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
        frame = self._frame()
        stem = diagram_stem(self.record.path, self.game_index + 1, frame)
        try:
            written = write_new(stem, frame_svg(self.timeline.game, frame, self.viewer))
        except DiagramError as error:
            self.notify(f"No diagram written: {error}.", severity="error", timeout=8)
            return
        paths = "\n".join(path_shown(path) for path in written)
        self.notify(f"Wrote the board {moment(frame)} to\n{paths}", timeout=8)
