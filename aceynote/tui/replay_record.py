"""The replay screen's r key: record what follows, at the end of a line or from the turn shown."""

from __future__ import annotations

from ..analysis.practice import Practice
from ..entering import Recording, RecordingError, carry_history, errors_refusal
from ..entering.ending import has_ended
from ..notation.lines import (
    MAIN,
    Path,
    branch_after,
    cut_after,
    drop_variation,
    find_branch,
    line_turns,
)
from ..notation.writer import segment_label
from ..rules import Side
from ..terminal_text import counted, sentence_start
from ..validation.timeline import Timeline
from .dialogs import Confirm
from .play_screen import PlayScreen
from .record_screen import RecordScreen
from .replay_view import ReplayView


def _where_to_record(where: str, ended: bool) -> Confirm:
    """The question of r in the middle of a line: a variation, the rest cut, or at the line's
    end (not offered where the line has ``ended``: nothing more is entered there)."""
    # Never a ? or . right after a play: it would read as the notation's glyph.
    answers = [("variation", "Variation"), ("cut", "Cut the rest")]
    if ended:
        question = (
            f"Record {where}, where the line goes on to the game's end: enter the new moves"
            " as a variation, or cut the rest of the line? (esc: cancel)"
        )
    else:
        answers.append(("end", "At the end"))
        question = (
            f"Record {where}, where the line goes on: enter the new moves as a variation,"
            " cut the rest of the line, or go on at its end? (esc: cancel)"
        )
    return Confirm(question, answers)


def _line_ended(timeline: Timeline, path: Path) -> bool:
    """Whether the end of line ``path`` takes nothing more: the game won there, or the main
    line ended by its Termination tag."""
    if path == MAIN:
        return has_ended(timeline.game, timeline.report.outcome)
    line = timeline.line(path)
    return line.frames[line.last].position.winner is not None


class RecordingHere(ReplayView):
    """Opens the record screen on the game shown (r), and takes the game back after it.

    ``practice``: the game (its index) whose main line is played against the
    engine, and how (``aceynote play``); the record screen for the others.
    """

    practice: tuple[int, Practice] | None = None
    left: Recording | None = None
    """The recording last left by Esc: r at the same line's end goes on with its undo history."""

    def action_record(self) -> None:
        """Enter what follows: at the end of the line, or from the segment shown."""
        timeline = self.timeline
        if timeline is None or not self.annotator.can_edit():
            return
        frame = self.view.frame
        path = frame.replay.line if frame.replay is not None else self.view.cursor.path
        game = timeline.game
        refusal = errors_refusal(game, timeline.report, path)
        if refusal is not None:
            self.notify(
                f"{sentence_start(refusal)} (n goes to the first).",
                severity="warning",
                timeout=5,
            )
            return
        branch = find_branch(game, path, frame.segment)
        if branch.at_end(game) or not line_turns(game, path):
            self.record_at_end(path)
            return
        where = (
            f"after {segment_label(frame.turn, frame.segment)}"
            if frame.turn is not None and frame.segment is not None
            else "from the start"
        )

        def answer(choice: str | None) -> None:
            if choice == "end":
                self.record_at_end(path)
                return
            was_edited = self.game_index in self.record.edited
            if choice not in ("cut", "variation") or self.annotator.editable_game() is None:
                return
            if choice == "cut":
                cut = cut_after(game, branch)
                self.notify(
                    f"Cut {counted(cut, 'segment')} {where}, to record on from there.", timeout=3
                )
                self.record_at_end(path)
            else:
                self.record_at_end(branch_after(game, branch), new_variation=was_edited)

        self.app.push_screen(_where_to_record(where, _line_ended(timeline, path)), answer)

    def action_record_refused(self) -> None:
        """r where the footer does not offer it: :meth:`action_record` says why not."""
        self.action_record()

    def action_play_on(self) -> None:
        """r in the game played against the engine: the footer says Play, not Record."""
        self.action_record()

    def practice_shown(self) -> Practice | None:
        """How the game shown is played against the engine, when it is that game (``play``)."""
        practice = self.practice
        return practice[1] if practice is not None and practice[0] == self.game_index else None

    def record_at_end(
        self, path: Path = MAIN, first: Side | None = None, new_variation: bool | None = None
    ) -> None:
        """Open the record screen at the end of line ``path`` (``first``: who starts a new game).

        ``new_variation`` (whether the game was edited before) when ``path`` is a
        variation just added to record into. A variation left empty is taken
        away again, this one or one whose entries were all taken back (ctrl+z).
        """
        if self.timeline is None:
            return
        game = self.timeline.game
        index = self.game_index

        def leave_unused() -> None:
            """Back with nothing entered: a variation left empty (a new one, or one whose every
            entry was taken back) is taken away again, and the board goes back to the turn it
            replaces, where leaving a variation goes (Esc)."""
            if path == MAIN or line_turns(game, path):
                self._revalidate_at_end(path)
                return
            replaced = line_turns(game, path[:-2])[path[-2]]
            drop_variation(game, path)
            if new_variation is False:  # added to a game not edited before
                self.record.edited.pop(index, None)
            self.refresh_header()
            self._revalidate_at_turn(path[:-2], replaced)

        try:
            recording = Recording.at_end(game, path, first=first)
        except RecordingError as error:
            self.notify(f"Cannot record here: {error}.", severity="warning", timeout=5)
            leave_unused()
            return
        carry_history(self.left, recording)
        if recording.over:
            self.notify(
                f"{recording.prompt()}: nothing more can be entered. To play on from"
                " an earlier turn, go there and press r (a variation, or cut the rest).",
                timeout=6,
            )
            self._revalidate_at_end(path)
            return
        was_edited = self.game_index in self.record.edited

        def back(_: None) -> None:
            self.left = recording
            # The board as it was left: play's is seen from the person's side.
            self.view.viewer = screen.viewer
            if recording.done:
                self._revalidate_at_end(recording.path)
            else:
                leave_unused()

        practice = self.practice_shown()
        screen: RecordScreen
        if practice is not None and path == MAIN:
            screen = PlayScreen(self.record, index, recording, practice, was_edited)
        else:
            screen = RecordScreen(self.record, index, recording, self.view.viewer, was_edited)
        self.app.push_screen(screen, back)
