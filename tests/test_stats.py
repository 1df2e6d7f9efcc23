"""The figures of ``aceynote stats`` against small files counted by hand (aceynote.corpus.stats)."""

from __future__ import annotations

import math
import statistics
from collections import Counter

import pytest
from stats_records import CLUB, HAND_COUNTED, OPENINGS, short_game

from aceynote.corpus.stats import Figures, counted_game, figures
from aceynote.corpus.stats.chisquare import chi_square_p_value, upper_gamma_q
from aceynote.corpus.stats.counted_game import ROLLS
from aceynote.corpus.stats.dice import DiceCounts
from aceynote.corpus.stats.lengths import lengths
from aceynote.notation import parse_games
from aceynote.rules import Side
from aceynote.validation import validate


def figures_of(text: str, by: str = "player") -> Figures:
    games = [
        counted_game(validate(game), "club.acey", number)
        for number, game in enumerate(parse_games(text), start=1)
    ]
    return figures(games, by)


# -- the chi-square p-value ------------------------------------------------------------------

# scipy.stats.chi2.sf(x, df), scipy 1.17.1 (the system Python's), looked up on 2026-12-02.
SCIPY_SF = [
    (31.410, 20, 0.05000523920231515),
    (37.566, 20, 0.010000655237010807),
    (3.841, 1, 0.050013683763956804),
    (10.0, 20, 0.9681719426937951),
    (20.0, 20, 0.4579297144718523),
    (45.0, 20, 0.0011034692430283482),
    (100.0, 20, 1.2596084591660847e-12),
    (200.0, 20, 1.1253473960842808e-31),
    (0.5, 3, 0.9188914116546758),
    (7.0, 5, 0.22064030793671066),
    (15.0, 10, 0.1320618562877206),
]


@pytest.mark.parametrize(("statistic", "degrees", "expected"), SCIPY_SF)
def test_p_value_agrees_with_scipy(statistic: float, degrees: int, expected: float) -> None:
    assert chi_square_p_value(statistic, degrees) == pytest.approx(expected, rel=1e-9)


def test_p_value_at_the_critical_values_of_the_tables() -> None:
    # NIST/SEMATECH e-Handbook of Statistical Methods, 1.3.6.7.4, "Critical
    # values of the chi-square distribution": 20 degrees, upper tail 0.05 at
    # 31.410 and 0.01 at 37.566; 1 degree, 0.05 at 3.841.
    assert chi_square_p_value(31.410, 20) == pytest.approx(0.05, abs=1e-4)
    assert chi_square_p_value(37.566, 20) == pytest.approx(0.01, abs=1e-4)
    assert chi_square_p_value(3.841, 1) == pytest.approx(0.05, abs=1e-4)


@pytest.mark.parametrize("x", [0.01, 0.7, 2.0, 5.5, 30.0, 90.0])
def test_p_value_in_closed_forms(x: float) -> None:
    # Two degrees of freedom: the tail is e^(-x/2); one degree: erfc(sqrt(x/2)).
    assert chi_square_p_value(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-12)
    assert chi_square_p_value(x, 1) == pytest.approx(math.erfc(math.sqrt(x / 2)), rel=1e-10)


def test_upper_gamma_at_its_ends() -> None:
    assert upper_gamma_q(10, 0) == 1.0
    assert upper_gamma_q(10, 1e4) == 0.0
    for a, x in ((0, 1), (1, -1)):
        with pytest.raises(ValueError):
            upper_gamma_q(a, x)
    with pytest.raises(ValueError):
        chi_square_p_value(1.0, 0)


# -- players, dice, lengths ------------------------------------------------------------------


def test_players_counted_by_hand() -> None:
    found = figures_of(HAND_COUNTED)
    (group,) = found.groups
    ann, bob = group.players
    assert (ann.name, ann.rank, bob.name, bob.rank) == ("Ann", 1, "Bob", 2)
    assert (ann.record.games, ann.record.wins, ann.record.losses) == (2, 2, 0)
    assert (ann.record.points_for, ann.record.points_against) == (5, 0)  # 3-0 and 2-0
    assert ann.average_win == 2.5
    assert ann.longest == bob.longest == 4  # 2. White's turn and Black's: 4 turns
    assert (bob.record.wins, bob.record.losses, bob.record.points_against) == (0, 2, 5)
    assert bob.average_win is None
    assert found.games == 2 and found.turns == 5


def test_the_rolls_that_count() -> None:
    dice = {counts.player: counts for counts in figures_of(HAND_COUNTED).dice}
    # Ann: 64, 21, the extra roll 52 and 31; the chosen double 55 is no roll.
    ann = dice["Ann"]
    assert ann.rolls == 4
    assert [roll for roll in ROLLS if ann.count(roll)] == [(2, 1), (3, 1), (5, 2), (6, 4)]
    assert ann.count((5, 5)) == 0
    assert (ann.doubles, ann.acey_deuceys) == (0, 1)
    bob = dice["Bob"]
    assert (bob.rolls, bob.count((5, 3)), bob.count((3, 3)), bob.doubles) == (2, 1, 1, 1)
    everybody = dice[None]
    assert everybody.rolls == 6 and not everybody.enough
    # By hand, 6 rolls: a double is expected 1/6 times, another roll 1/3. The
    # five doubles never rolled give 5 * (1/6) and 33 (once) gives (5/6)² * 6
    # = 25/6; the five other rolls seen once 5 * (2/3)² * 3 = 20/3 and the ten
    # never seen 10 * 1/3: 5/6 + 25/6 + 20/3 + 10/3 = 15.
    assert everybody.chi_square == pytest.approx(15.0)
    assert everybody.p_value == pytest.approx(0.7764, abs=1e-4)  # scipy.stats.chi2.sf(15, 20)


def test_fair_counts_have_no_statistic() -> None:
    # 36 rolls, each as often as fair dice give it: the statistic is 0, the p-value 1.
    counts = DiceCounts(None, tuple(1 if high == low else 2 for high, low in ROLLS))
    assert (counts.rolls, counts.doubles, counts.acey_deuceys) == (36, 6, 2)
    assert counts.chi_square == pytest.approx(0.0)
    assert counts.p_value == pytest.approx(1.0)
    assert DiceCounts("nobody", (0,) * 21).p_value is None


def test_lengths_margins_and_results() -> None:
    games = figures_of(CLUB + HAND_COUNTED).game_figures
    # The club's five games have 1 turn each; the hand-counted ones 4 and 1.
    lengths = games.lengths
    assert (lengths.games, lengths.shortest, lengths.longest) == (7, 1, 4)
    assert lengths.mean == pytest.approx(10 / 7)
    assert lengths.median == 1
    assert [(b.low, b.high, b.games) for b in lengths.bins] == [(0, 9, 7)]
    # Wins by the winner's points: White 3 (Ann), 4 (Ann), 1 (Cid), 3, 2;
    # Black 2 (Cid). One game unfinished.
    assert [(m.points, m.white, m.black) for m in games.margins] == [
        (1, 1, 0),
        (2, 1, 1),
        (3, 2, 0),
        (4, 1, 0),
    ]
    assert games.unfinished == 1


def test_histogram_bins_include_the_empty_ones() -> None:
    found = lengths(Counter([5, 31, 12]))
    assert [(b.low, b.high, b.games) for b in found.bins] == [
        (0, 9, 1),
        (10, 19, 1),
        (20, 29, 0),
        (30, 39, 1),
    ]
    assert (found.mean, found.median) == (16, 12)
    assert lengths(Counter()).mean is None and lengths(Counter()).bins == ()


@pytest.mark.parametrize("turns", [[4], [4, 9], [3, 3, 8, 20], [7, 7, 7], [1, 2, 2, 5, 40]])
def test_lengths_from_counts_agree_with_the_games_one_by_one(turns: list[int]) -> None:
    found = lengths(Counter(turns))
    median = statistics.median(turns)
    assert (found.mean, found.median, type(found.median)) == (
        statistics.fmean(turns),
        median,
        type(median),
    )


def test_first_move_and_opening_tree() -> None:
    found = figures_of(OPENINGS + HAND_COUNTED)  # the Setup games are no openings
    white, black = found.game_figures.first_moves
    assert (white.side, white.games, white.wins, white.unfinished) == (Side.WHITE, 1, 0, 1)
    assert (black.side, black.games, black.wins, black.losses) == (Side.BLACK, 1, 1, 0)
    (first,) = found.openings.first
    assert (first.roll, first.games) == ("64", 2)
    (play,) = first.plays  # in/19 in/21 and in/21 in/19 are one play
    assert (play.games, play.wins, play.losses, play.unfinished) == (2, 1, 0, 1)
    assert play.score == 1.0  # Black won the one finished game it moved first in
    (reply,) = found.openings.reply
    assert (reply.roll, reply.plays[0].play, reply.plays[0].score) == ("52", "in/20 in/23", 0.0)


# -- standings, crosstable, events -----------------------------------------------------------


def test_club_standings_and_crosstable() -> None:
    (group,) = figures_of(CLUB).groups
    table = [
        (p.rank, p.name, p.record.points_for, p.record.wins, p.record.games) for p in group.players
    ]
    assert table == [(1, "Ann", 7, 2, 4), (2, "Cid", 3, 2, 3), (3, "Bob", 0, 0, 3)]
    ann = group.players[0].record
    assert (ann.losses, ann.unfinished, ann.points_against) == (1, 1, 1)
    cells = group.crosstable.cells
    assert group.crosstable.players == ("Ann", "Cid", "Bob")
    assert (cells[("Ann", "Bob")].games, cells[("Ann", "Bob")].wins) == (2, 1)
    assert (cells[("Ann", "Cid")].wins, cells[("Ann", "Cid")].losses) == (1, 1)
    assert (cells[("Cid", "Bob")].wins, cells[("Bob", "Cid")].losses) == (1, 1)
    assert ("Ann", "Ann") not in cells


def test_equal_players_share_a_rank() -> None:
    text = short_game("Dan", "Eve", "2-0") + short_game("Eve", "Dan", "2-0")
    text += short_game("Fay", "Dan", "0-1")
    ranks = [(p.name, p.rank) for p in figures_of(text).groups[0].players]
    # Dan 3 points (2 wins), Eve 2 (1 win), Fay 0
    assert ranks == [("Dan", 1), ("Eve", 2), ("Fay", 3)]
    tied = short_game("Dan", "Eve", "2-0") + short_game("Eve", "Dan", "2-0")
    tied += short_game("Fay", "Gus", "*")
    assert [p.rank for p in figures_of(tied).groups[0].players] == [1, 1, 3, 3]


def test_by_event() -> None:
    groups = figures_of(HAND_COUNTED + short_game("Cid", "Ann", "0-1"), by="event").groups
    assert [(g.event, g.games) for g in groups] == [("Spring", 1), ("Autumn", 1), ("?", 1)]
    spring = groups[0].players
    assert [(p.name, p.record.points_for) for p in spring] == [("Ann", 3), ("Bob", 0)]


# -- matches ---------------------------------------------------------------------------------


def test_a_match_tag_gives_the_running_score_and_the_winner() -> None:
    match_tags = ('[Match "Final"]', '[MatchLength "5"]')
    text = (
        short_game("Ann", "Bob", "3-0", *match_tags)
        + short_game("Bob", "Ann", "1-0", *match_tags)
        + short_game("Ann", "Bob", "2-0", *match_tags)
        + short_game("Ann", "Bob", "1-0")  # no Match tag: not part of it
    )
    (match,) = figures_of(text).matches
    assert (match.name, match.tagged, match.length, match.players) == (
        "Final",
        True,
        5,
        ("Ann", "Bob"),
    )
    assert [game.score for game in match.games] == [(3, 0), (3, 1), (5, 1)]
    assert match.score == (5, 1) and match.winner == "Ann"


def test_a_match_length_or_score_that_validate_cannot_read_is_none_here_either() -> None:
    """Ten digits are past what a record holds (validate's AD109): no length, no winner;
    a score with a sign is no score, so the game's own running score stands alone."""
    text = short_game("north", "south", "2-0", '[MatchLength "1234567890"]', '[MatchScore "0-1"]')
    text += short_game("north", "south", "2-0", '[MatchLength "3"]', '[MatchScore "+2-0"]')
    first, second = figures_of(text).matches
    assert (first.length, first.winner) == (None, None)
    assert first.games[0].stated == "0-1"
    assert second.length == 3 and second.games[0].stated == "+2-0"


def test_bgammon_matches_split_at_a_new_score_and_say_a_wrong_one() -> None:
    def game(white: str, black: str, result: str, score: str) -> str:
        return short_game(white, black, result, '[MatchLength "3"]', f'[MatchScore "{score}"]')

    text = (
        game("north", "south", "2-0", "0-0")
        + game("north", "south", "0-2", "2-0")
        + game("south", "north", "1-0", "1-2")  # White's first: south 2, north 2 in truth
        + game("north", "south", "1-0", "0-0")  # a new match
        + short_game("north", "south", "1-0", '[MatchLength "1"]')  # a single game, no match
    )
    first, second = figures_of(text).matches
    assert first.players == ("north", "south") and not first.tagged
    assert [(game.score, game.stated) for game in first.games] == [
        ((2, 0), None),
        ((2, 2), None),
        ((2, 3), "1-2"),
    ]
    assert first.winner == "south"
    assert second.score == (1, 0) and second.winner is None
