"""An analysis as JSON (``analyze --format json``) and as text, both from its typed record.

The JSON form is described by ``analysis.schema.json`` beside this module and
in docs/engine.md. Equities are in the rules' points for the side named,
rounded to 4 places; ``win`` is a probability.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from ..engine.api import KINDS
from ..rules import Side
from ..terminal_text import shown, signed
from .analysed import AnalysedDecision, GameAnalysis, PlayerFigures, candidate_text
from .figures import ROWS, Over, json_of

FORMAT = "aceynote-analysis"
VERSION = 1
KIND_WORDS = {kind: word for word, kind in KINDS.items()}  # the API's words for them


def _decision_json(decision: AnalysedDecision) -> dict[str, Any]:
    return {
        "ply": decision.ply,
        "turn": decision.turn,
        "number": decision.number,
        "side": decision.side.name.lower(),
        "kind": KIND_WORDS[decision.kind],
        "roll": decision.roll,
        "played": decision.played,
        "equity": decision.equity,
        "loss": decision.loss,
        "mark": None if decision.mark is None else decision.mark.value,
        "forced": decision.forced,
        "luck": decision.luck,
        "white_win_after": decision.white_win_after,
        "phase": decision.phase,
        "best": [candidate.as_dict() for candidate in decision.best],
        "reason": None if decision.reason is None else decision.reason.as_dict(),
    }


def analysis_json(analysis: GameAnalysis) -> dict[str, Any]:
    """One game's analysis as plain data."""
    stopped = analysis.stopped
    where = analysis.record
    record = {} if where is None else {"record": {"file": where[0], "game": where[1]}}
    return {
        "game": analysis.number,
        **record,
        "white": analysis.white,
        "black": analysis.black,
        "event": analysis.event,
        "rules": analysis.rules,
        "depth": analysis.depth,
        "thresholds": {mark.value: limit for mark, limit in analysis.thresholds.items()},
        "stopped": None
        if stopped is None
        else {
            "line": stopped.line,
            "column": stopped.column,
            "code": stopped.code,
            "message": stopped.message,
        },
        "decisions": [_decision_json(decision) for decision in analysis.decisions],
        "players": {
            side.name.lower(): json_of(analysis.players[side], Over.ONE_GAME) for side in Side
        },
    }


def document(games: list[dict[str, Any]]) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "games": games}


def document_text(games: Iterable[dict[str, Any]]) -> Iterator[str]:
    """The JSON document of ``games`` as ``json.dumps(document(...), indent=1)`` writes it,
    and a newline, in parts: each game's as it comes, so that none waits for the rest.

    The document's head comes with the first game, so that a run failing
    before any game is analysed writes nothing.
    """
    head = json.dumps(document([]), indent=1)
    before = head[: head.rindex("[") + 1]  # everything up to the games' "["
    for game in games:
        yield before + "\n  " + json.dumps(game, indent=1).replace("\n", "\n  ")
        before = ","
    yield head + "\n" if before != "," else "\n ]\n}\n"


def reports_written(
    analyses: Iterable[GameAnalysis], form: str, write: Callable[[str], None]
) -> Iterator[GameAnalysis]:
    """Each analysis once its report, ``form`` text or json (the document in parts:
    :func:`document_text`), is given to ``write``, as the analyses come; the JSON document's
    end is given after the last."""
    done: deque[GameAnalysis] = deque()

    def taken() -> Iterator[GameAnalysis]:
        for analysis in analyses:
            done.append(analysis)
            yield analysis

    parts = (
        document_text(map(analysis_json, taken()))
        if form == "json"
        else (analysis_text(analysis) + "\n" for analysis in taken())
    )
    for part in parts:
        write(part)
        while done:
            yield done.popleft()


# -- text ------------------------------------------------------------------------


def decision_lines(decision: AnalysedDecision) -> list[str]:
    """One decision for reading: the play and its mark, what it lost, why, the best plays."""
    mark = f" {decision.mark.value}" if decision.mark else ""
    head = f"{decision.number} {decision.side.title} {decision.roll_written}: "
    head += decision.played + mark
    if decision.forced:
        return [f"{head}   (forced)"]
    lost = f"   lost {decision.loss:.3f}" if decision.loss > 0 else ""
    lines = [head + lost]
    if decision.reason is not None:
        lines.append(f"    why: {decision.reason.text}")
    for rank, option in enumerate(decision.best, start=1):
        play = candidate_text(option)
        diff = "" if rank == 1 else f"  {signed(option.diff)}"
        lines.append(
            f"    {rank}. {play:<30} equity {signed(option.equity)}  "
            f"win {100 * option.win:5.1f}%{diff}"
        )
    return lines


def figures_lines(players: dict[Side, PlayerFigures]) -> list[str]:
    """Both sides' figures over a game, a row a figure: the report's table, the app's too."""
    white, black = players[Side.WHITE], players[Side.BLACK]
    lines = [f"  {'':<22}{'White':>12}{'Black':>12}"]
    for figure in ROWS:
        cells = (figure.text(player) for player in (white, black))
        lines.append(f"  {figure.row:<22}" + "".join(f"{cell:>12}" for cell in cells))
    return lines


def analysis_text(analysis: GameAnalysis) -> str:
    """A game's analysis for reading: each decision with the best plays, then the figures."""
    white, black = shown(analysis.white or "White"), shown(analysis.black or "Black")
    where = analysis.record
    read = "" if where is None else f" ({shown(where[0])}, game {where[1]})"
    lines = [
        f"Game {analysis.number}{read}: {white} (White) v {black} (Black), "
        f"rules {analysis.rules}, {analysis.depth}-ply"
    ]
    for decision in analysis.decisions:
        lines += decision_lines(decision)
    stopped = analysis.stopped
    if stopped is not None:
        stops = "analysis stops at" if analysis.analysed else "not analysed, for the error at"
        lines.append(
            f"{stops} line {stopped.line}, column {stopped.column}: {shown(stopped.message)}"
        )
    lines.append("")
    lines += figures_lines(analysis.players)
    return "\n".join(lines) + "\n"
