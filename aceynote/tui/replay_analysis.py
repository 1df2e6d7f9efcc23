"""The replay screen's analysis: a key runs the engine over the game shown, in the background.

The analysis runs in a thread worker over the validator's report of the game
(the engine is numpy and Python: a thread keeps the app answering keys); it
posts its progress, and the same key or esc cancels it (the engine stops
between two decisions). When it is done, the move list shows the marks, the
notes the engine's best plays for the segment shown, and the analysis line
the graph of White's chances. Another key explains the decision shown on
request (:func:`~aceynote.analysis.shown.explain_replay`: why its play is
worse than the best, or what the best leaves), and another shows each
player's figures over the game. The analysis is kept
(:class:`~aceynote.analysis.analysed.GameAnalysis`) by game, and shown while it still fits
the game (:func:`~aceynote.analysis.review.review_of_report`); saving may write its marks
into the record (:meth:`write_analysis_marks`, as ``aceynote analyze -o``).
"""

from __future__ import annotations

from dataclasses import dataclass

from textual import work
from textual.binding import Binding
from textual.message import Message
from textual.worker import get_current_worker

from ..analysis.analysed import AnalysedDecision, GameAnalysis
from ..analysis.annotate import annotate
from ..analysis.judge import AnalysisCancelled, decisions_to_judge, error_before, start_error
from ..analysis.review import GameReview, review_of_report
from ..analysis.run import analyze_report
from ..analysis.shown import explain_replay
from ..analysis.totals import figures_by_row, game_players
from ..files.record import RecordError, RecordFile
from ..notation.model import Mark
from ..terminal_text import counted, printable
from ..validation import Report
from ..validation.timeline import Place, Timeline
from .analysis_bar import AnalysisBar
from .dialogs import PlayChoices
from .replay_view import ReplayView
from .widgets import MoveList

EXPLAIN = Binding(
    "w",
    "explain",
    "Why",
    id="replay.explain",
    show=False,
    tooltip="why: the engine on the play shown, what it leaves beside the best play",
)
FIGURES = Binding(
    "F",
    "figures",
    "Figures",
    id="replay.figures",
    show=False,
    tooltip="each player's figures over the analysed game: errors, rating, marks, luck",
)


@dataclass
class AnalysisProgress(Message):
    """Run ``run`` of the analysis has judged ``done`` decisions."""

    run: int
    done: int


@dataclass
class AnalysisFinished(Message):
    """Run ``run`` is over: the analysis of game ``index``, or why there is none."""

    run: int
    index: int
    data: GameAnalysis | None
    problem: str = ""


@dataclass
class Explained(Message):
    """The decision of segment ``segment`` (its ``id``) judged with its reason, on request."""

    segment: int
    decision: AnalysedDecision | None
    problem: str = ""


@dataclass(frozen=True, slots=True)
class _Running:
    run: int
    index: int
    total: int


class Analysing(ReplayView):
    """a (analyse the game shown; again, or esc, to cancel) and what an analysis shows; w (why:
    the decision shown explained) and F (the players' figures)."""

    def __init__(self, record: RecordFile) -> None:
        super().__init__(record)
        self.analyses: dict[int, GameAnalysis] = {}  # by game index
        self.kept: set[int] = set()  # analyses saved with their marks, or without them
        self._runs = 0
        self._analysis_run: _Running | None = None

    @property
    def analysing(self) -> bool:
        return self._analysis_run is not None

    def _bar(self) -> AnalysisBar:
        return self.query_one(AnalysisBar)

    # -- running ---------------------------------------------------------------------
    def action_analyse(self) -> None:
        if self._analysis_run is not None:
            self.cancel_analysis()
            return
        timeline = self.timeline
        if timeline is None:
            return
        total = decisions_to_judge(timeline.report)
        if not total:
            self.notify("Nothing to analyse: the main line has no legal play.", timeout=4)
            return
        self._runs += 1
        self._analysis_run = _Running(self._runs, self.game_index, total)
        self._bar().show_progress(0, total, self.analysis_depth)
        self.refresh_bindings()
        self._analyse(self._runs, self.game_index, timeline.report, self.analysis_depth)

    def cancel_analysis(self) -> None:
        if self._analysis_run is None:
            return
        self.workers.cancel_group(self, "analysis")
        self._analysis_run = None
        self.refresh_bindings()
        self._show_analysis("analysis cancelled (a analyses again)")
        self.notify("Analysis cancelled.", timeout=2)

    @work(thread=True, exclusive=True, group="analysis", exit_on_error=False)
    def _analyse(self, run: int, index: int, report: Report, depth: int) -> None:
        worker = get_current_worker()

        def progress(done: int, _to_judge: int) -> None:  # the total is the run's, known
            self.post_message(AnalysisProgress(run, done))

        try:
            data = analyze_report(index + 1, report, depth, progress, lambda: worker.is_cancelled)
        except AnalysisCancelled:
            return
        except Exception as error:  # the engine's bug, said; the app goes on
            self.post_message(AnalysisFinished(run, index, None, repr(error)))
            return
        self.post_message(AnalysisFinished(run, index, data))

    def on_analysis_progress(self, message: AnalysisProgress) -> None:
        running = self._analysis_run
        if running is not None and message.run == running.run:
            self._bar().show_progress(message.done, running.total, self.analysis_depth)

    def on_analysis_finished(self, message: AnalysisFinished) -> None:
        running = self._analysis_run
        if running is None or message.run != running.run:
            return  # cancelled meanwhile
        self._analysis_run = None
        self.refresh_bindings()
        if message.data is None:
            self.notify(f"The analysis failed: {message.problem}", severity="error", timeout=8)
            self._show_analysis()
            return
        self.analyses[message.index] = message.data
        self.kept.discard(message.index)
        self._show_analysis()  # (the game shown may be another one by now)
        if message.index == self.game_index:
            self.view.show_again()  # the notes again, with the engine's word
        self.notify(_summary(message.data), timeout=6)

    # -- showing ---------------------------------------------------------------------
    def _set_timeline(self, timeline: Timeline) -> None:
        self.query_one(MoveList).analysis_marks = {}  # the rows are built anew
        self.view.explained = {}
        super()._set_timeline(timeline)
        self._show_analysis()

    def _show_analysis(self, note: str = "") -> None:
        """The analysis of the game shown, if it has one that still fits it, on screen."""
        timeline = self.timeline
        data = self.analyses.get(self.game_index)
        found = review_of_report(timeline.report, data) if data and timeline else None
        if data is not None and found is None:  # the moves or the rules changed
            del self.analyses[self.game_index]
            note = "the game changed since its analysis (a analyses it again)"
        self.view.analysed = found
        self.query_one(MoveList).show_marks(found.marks() if found else {})
        if self._analysis_run is None:
            self._bar().show_graph(found.white_wins if found else None, note)

    @property
    def analysed(self) -> GameReview | None:
        """The analysis of the game shown, when it has one (the game view shows it)."""
        return self.view.analysed

    # -- on request: why, and the players' figures --------------------------------------
    def action_explain(self) -> None:
        """Judge the segment shown with its reason, in a thread (1-ply takes a moment)."""
        timeline = self.timeline
        segment = self.view.frame.segment if timeline else None
        replay = timeline.report.replay_of(segment) if timeline and segment else None
        if timeline is None or replay is None or not replay.legal:
            self.notify(f"Nothing to explain here: {self._where_to_explain()}", timeout=4)
            return
        report = timeline.report
        error = start_error(report) if replay.line else error_before(report, replay)
        if error is not None:
            self.notify(
                f"Nothing to explain past the record's first error ({error.code.code} at"
                f" {error.span.line}:{error.span.column}): the replay there is not the game's.",
                timeout=5,
            )
            return
        if id(replay.segment) in self.view.explained:
            self.notify("Its why is in the notes below (tab scrolls them).", timeout=3)
            return
        depth = self.analysis_depth

        def explain() -> None:
            try:
                found = explain_replay(report, replay, depth)
            except Exception as error:  # the engine's bug, said; the app goes on
                self.post_message(Explained(id(replay.segment), None, repr(error)))
                return
            self.post_message(Explained(id(replay.segment), found))

        self.run_worker(explain, thread=True, group="explain", exit_on_error=False)

    def _where_to_explain(self) -> str:
        """Where a play the engine can explain is, if the game has one."""
        timeline = self.timeline
        if timeline is not None and any(replay.legal for replay in timeline.report.segments):
            return "go to a legal play (↓)."
        if timeline is None or not _may_hold_plays(timeline):
            return "this game has no play yet."
        return "this game has no legal play to explain (fix its first error, then come back)."

    def on_explained(self, message: Explained) -> None:
        if message.decision is None:
            self.notify(f"The engine could not explain it: {message.problem}", severity="error")
            return
        self.view.explained[message.segment] = message.decision
        self.view.show_again()  # the notes again, with the reason

    def action_figures(self) -> None:
        """Each player's figures over the game shown, as ``analyze --summary`` gives them."""
        analysis = self.analysed.analysis if self.analysed else None
        if analysis is None:
            self.notify("No figures yet: a analyses the game.", timeout=4)
            return
        lines = [printable(line) for line in figures_by_row(game_players(analysis))]
        title = f"Each player's figures over the game, {analysis.depth}-ply"
        self.app.push_screen(PlayChoices(title, lines))

    def on_analysis_bar_clicked(self, message: AnalysisBar.Clicked) -> None:
        if self.analysed is None or self.timeline is None:
            return
        found = self.timeline.place_of_segment(self.analysed.judged[message.ply].segment)
        if found is not None:
            self.view.cursor = Place(found.path, found.final)

    # -- keeping ---------------------------------------------------------------------
    def unwritten_analyses(self) -> list[int]:
        """The games whose analysis marks plays not yet written into the record."""
        return [
            index
            for index, data in sorted(self.analyses.items())
            if index not in self.kept and data.marked
        ]

    def write_analysis_marks(self) -> int:
        """Each mark as a glyph with a comment on its segment (as ``analyze -o``); how many."""
        written = 0
        for index in self.unwritten_analyses():
            try:
                self.record.mark_edited(index)
            except RecordError as error:
                self.notify(f"Game {index + 1}: {error}.", severity="error")
                continue
            written += annotate(self.record.load(index).game, self.analyses[index])
            self.kept.add(index)
        if self.timeline is not None:
            self.query_one(MoveList).load(self.timeline)
            self._show_analysis()
            self.refresh_header()
            self.view.show_again()
        return written

    def keep_analysis_out(self) -> None:
        """Saved without the marks: not asked again about these analyses."""
        self.kept.update(self.unwritten_analyses())


def _may_hold_plays(timeline: Timeline) -> bool:
    """Whether the game has plays written, or text that could not be read and may hold some
    (a tag's error alone hides none)."""
    game = timeline.game
    return bool(game.problems) or any(turn.segments for turn in game.turns)


def _summary(analysis: GameAnalysis) -> str:
    marks = [decision.mark for decision in analysis.marked]
    by_kind = ", ".join(f"{marks.count(mark)} {mark.value}" for mark in Mark if mark in marks)
    found = f"{counted(len(marks), 'play')} marked ({by_kind})" if marks else "no play marked"
    decisions = counted(len(analysis.decisions), "decision")
    stopped = analysis.stopped
    cut = (
        ""
        if stopped is None
        else f" up to its first error ({stopped.code} at {stopped.line}:{stopped.column})"
    )
    return f"Analysed game {analysis.number}{cut} at {analysis.depth}-ply: {decisions}, {found}."
