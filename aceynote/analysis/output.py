"""An analysis as JSON (the form every front end and worker shares) and as text.

The JSON form is described by ``analysis.schema.json`` beside this module and
in docs/engine.md. Equities are in the rules' points for the side named,
rounded to 4 places; ``win`` is a probability.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from ..engine.api import KINDS
from ..notation.writer import named_double_text, roll_text, turn_number
from ..rules import Side
from ..terminal_text import shown, signed
from .judge import DecisionReport, GameAnalysis, Option
from .marks import Mark, thresholds
from .summary import PlayerSummary, summarize

FORMAT = "aceynote-analysis"
VERSION = 1
_KIND_WORDS = {kind: word for word, kind in KINDS.items()}  # the API's words for them


def _round(value: float) -> float:
    return round(value, 4)


def _option_json(option: Option) -> dict[str, Any]:
    found: dict[str, Any] = {
        "play": option.play,
        "win": _round(option.win),
        "equity": _round(option.equity),
        "diff": _round(option.diff),
    }
    if option.double:
        found["double"] = option.double
    return found


def _decision_json(decision: DecisionReport) -> dict[str, Any]:
    high, low = decision.dice
    return {
        "ply": decision.ply,
        "turn": decision.turn.number,
        "number": turn_number(decision.turn),
        "side": decision.side.name.lower(),
        "kind": _KIND_WORDS[decision.kind],
        "roll": f"{high}{low}",
        "played": decision.played,
        "equity": _round(decision.equity),
        "loss": _round(decision.loss),
        "mark": None if decision.mark is None else decision.mark.value,
        "forced": decision.forced,
        "luck": None if decision.luck is None else _round(decision.luck),
        "white_win_after": _round(decision.win_after),
        "phase": decision.phase,
        "best": [_option_json(option) for option in decision.best],
        "reason": None if decision.reason is None else decision.reason.as_dict(),
    }


def _player_json(player: PlayerSummary) -> dict[str, Any]:
    return {
        "decisions": player.decisions,
        "unforced": player.unforced,
        "error_total": _round(player.error_total),
        "error_rate": _round(player.error_rate),
        "marks": {mark.value: player.marks[mark] for mark in Mark},
        "luck": _round(player.luck),
        "result": player.result,
        "luck_adjusted": None if player.luck_adjusted is None else _round(player.luck_adjusted),
    }


def analysis_json(number: int, analysis: GameAnalysis) -> dict[str, Any]:
    """One game's analysis as plain data (``number`` counts the file's games from 1)."""
    report = analysis.report
    game = report.game
    stopped = analysis.stopped_at
    players = summarize(analysis)
    return {
        "game": number,
        "white": game.tag("White"),
        "black": game.tag("Black"),
        "event": game.tag("Event"),
        "rules": report.rules.to_tag(),
        "depth": analysis.depth,
        "thresholds": dict(
            zip((mark.value for mark in Mark), thresholds(report.rules), strict=True)
        ),
        "stopped": None
        if stopped is None
        else {
            "line": stopped.span.line,
            "column": stopped.span.column,
            "code": stopped.code.code,
            "message": stopped.message,
        },
        "decisions": [_decision_json(decision) for decision in analysis.decisions],
        "players": {side.name.lower(): _player_json(players[side]) for side in Side},
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


# -- text ------------------------------------------------------------------------


def option_play(option: dict[str, Any]) -> str:
    """One of the best plays as the record writes it: ``=66: 24/18(4)`` for a chosen double."""
    return named_double_text(option.get("double", 0), str(option["play"]))


def _decision_lines(decision: dict[str, Any]) -> list[str]:
    high, low = (int(die) for die in decision["roll"])
    roll = roll_text(KINDS[decision["kind"]], high, low)
    mark = f" {decision['mark']}" if decision["mark"] else ""
    head = f"{decision['number']} {decision['side'].capitalize()} {roll}: "
    head += decision["played"] + mark
    if decision["forced"]:
        return [f"{head}   (forced)"]
    lost = f"   lost {decision['loss']:.3f}" if decision["loss"] > 0 else ""
    lines = [head + lost]
    if decision.get("reason"):
        lines.append(f"    why: {decision['reason']['text']}")
    for rank, option in enumerate(decision["best"], start=1):
        play = option_play(option)
        diff = "" if rank == 1 else f"  {signed(option['diff'])}"
        lines.append(
            f"    {rank}. {play:<30} equity {signed(option['equity'])}  "
            f"win {100 * option['win']:5.1f}%{diff}"
        )
    return lines


_ROWS = (
    ("decisions", "decisions", str),
    ("unforced decisions", "unforced", str),
    ("error total", "error_total", "{:.3f}".format),
    ("error rate", "error_rate", "{:.3f}".format),
    ("luck", "luck", signed),
    ("result", "result", "{:+d}".format),
    ("luck-adjusted result", "luck_adjusted", signed),
)


def _summary_lines(game: dict[str, Any]) -> list[str]:
    white, black = game["players"]["white"], game["players"]["black"]
    lines = [f"  {'':<22}{'White':>12}{'Black':>12}"]
    for label, key, form in _ROWS:
        cells = ["-" if p[key] is None else form(p[key]) for p in (white, black)]
        lines.append(f"  {label:<22}{cells[0]:>12}{cells[1]:>12}")
    for mark in Mark:
        label = f"{mark.word} {mark.value}"
        counts = [str(p["marks"][mark.value]) for p in (white, black)]
        lines.append(f"  {label:<22}{counts[0]:>12}{counts[1]:>12}")
    return lines


def analysis_text(game: dict[str, Any]) -> str:
    """A game's analysis for reading: each decision with the best plays, then the figures."""
    names = f"{shown(game['white'] or 'White')} (White) v {shown(game['black'] or 'Black')} (Black)"
    lines = [f"Game {game['game']}: {names}, rules {game['rules']}, {game['depth']}-ply"]
    for decision in game["decisions"]:
        lines += _decision_lines(decision)
    stopped = game["stopped"]
    if stopped is not None:
        lines.append(
            f"analysis stops at line {stopped['line']}, column {stopped['column']}: "
            f"{shown(stopped['message'])}"
        )
    lines.append("")
    lines += _summary_lines(game)
    return "\n".join(lines) + "\n"
