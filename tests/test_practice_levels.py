"""``aceynote play --level``: the engine's levels, their seeded errors, and their names."""

from __future__ import annotations

import random

import pytest

from aceynote.analysis.marks import game_value
from aceynote.analysis.practice import LEVELS, NoisyPlayer, Practice, level_player
from aceynote.analysis.run import search_for
from aceynote.cli import build_parser
from aceynote.engine.bots import NetPlayer
from aceynote.engine.decisions import Choice, Decision, choices
from aceynote.rules import Position, SegmentKind, Side, TurnState, parse_rules, play_text
from aceynote.rules.randomgame import play_random_game

RULES = parse_rules("bgammon")


def decisions(count: int) -> list[tuple[Decision, list[Choice]]]:
    """Decisions with several choices, from a generated game's positions, and a roll each."""
    rng = random.Random(5)
    game = play_random_game(random.Random(2), RULES)
    found = []
    for turn in game.turns:
        position = turn.segments[0].play.result.with_turn(turn.side.opponent)
        decision = Decision(position, SegmentKind.ROLL)
        options = choices(decision, rng.randint(1, 6), rng.randint(1, 6), RULES)
        if len(options) > 2 and position.winner is None:
            found.append((decision, options))
    return found[:count]


def mean_loss(player: NetPlayer | NoisyPlayer, cases: list[tuple[Decision, list[Choice]]]) -> float:
    """The 0-ply equity a player's choices lose, on average, against the 0-ply best."""
    search = search_for(RULES)
    lost = 0.0
    for decision, options in cases:
        _, equities = search.evaluator.choices(options)
        chosen = player.choose(options, decision)
        lost += float(max(equities)) - float(equities[options.index(chosen)])
    return lost / len(cases)


def test_the_levels_are_gnubgs_noise_and_expert_is_the_1_ply_engine() -> None:
    assert list(LEVELS) == ["beginner", "casual", "intermediate", "advanced", "expert"]
    assert [level.noise for level in LEVELS.values()] == [0.060, 0.050, 0.040, 0.015, 0.0]
    expert = level_player(search_for(RULES), LEVELS["expert"], random.Random(1))
    assert isinstance(expert, NetPlayer) and expert.depth == 1
    noisy = level_player(search_for(RULES), LEVELS["casual"], random.Random(1))
    assert isinstance(noisy, NoisyPlayer)
    assert noisy.spread == pytest.approx(0.050 * game_value(RULES))


def test_the_errors_are_seeded_and_grow_with_the_level() -> None:
    cases = decisions(60)
    assert len(cases) == 60
    search = search_for(RULES)

    def picks(name: str, seed: int) -> list[str]:
        player = level_player(search, LEVELS[name], random.Random(seed))
        return [play_text(player.choose(options, d).play.steps) for d, options in cases]

    assert picks("beginner", 3) == picks("beginner", 3)
    assert picks("beginner", 3) != picks("beginner", 4)
    losses = {
        name: mean_loss(level_player(search, LEVELS[name], random.Random(7)), cases)  # type: ignore[arg-type]
        for name in ("beginner", "advanced")
    }
    exact = mean_loss(NetPlayer(search, 0), cases)
    assert exact == 0.0 < losses["advanced"] < losses["beginner"]


def test_an_opponent_at_a_level_names_it_and_plays_legally() -> None:
    practice = Practice(
        Side.WHITE, 0, random.Random(1), level=LEVELS["casual"], errors=random.Random(2)
    )
    opponent = practice.opponent(RULES)
    assert opponent.name == "aceynote engine, casual"
    state = TurnState.begin(Position.initial(Side.WHITE), RULES)
    entry = opponent.entry(state)
    assert entry[:2].isdigit() and ":" in entry
    assert Practice(Side.WHITE, 1, random.Random(1)).opponent(RULES).name == (
        "aceynote engine, 1-ply"
    )


def test_play_takes_a_level_or_a_depth(capsys: pytest.CaptureFixture[str]) -> None:
    words = ["play", "x.acey", "--level", "casual"]
    assert build_parser(words).parse_args(words).level == "casual"
    for depth in ("0", "1"):  # 1 was the default, which argparse let through
        with pytest.raises(SystemExit):
            build_parser(words).parse_args([*words, "--depth", depth])
        assert "not allowed with" in capsys.readouterr().err
    for name in LEVELS:
        assert build_parser(words).parse_args(["play", "x.acey", "--level", name]).level == name
