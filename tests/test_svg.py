"""Board diagrams: the SVG shows what the position holds, escapes what it is given, and scales."""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aceynote.notation.generate import generate_games
from aceynote.render import geometry, svg
from aceynote.rules import BAR, OFF, POOL, Position, RuleSet, Side, Step, opposite_point
from aceynote.validation import SegmentReplay, validate

NS = {"svg": svg.SVG_NAMESPACE}
SVG = "{" + svg.SVG_NAMESPACE + "}"


@cache
def generated_replays() -> tuple[SegmentReplay, ...]:
    """Every segment of a few random games: every kind of position turns up."""
    games = generate_games(3, seed=13, rules=RuleSet())
    return tuple(replay for game in games for replay in validate(game).segments)


def sample_replays(step: int = 7) -> list[SegmentReplay]:
    return list(itertools.islice(generated_replays(), 0, None, step))


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == SVG + "svg"
    return root


def by_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


def shown_count(group: ET.Element) -> int:
    """What a stack says: its count label if it has one, else the checkers drawn."""
    counts = [e.text for e in group.iter(SVG + "text") if "count" in (e.get("class") or "")]
    circles = len(list(group.iter(SVG + "circle")))
    if counts:
        assert circles == geometry.SHOWN or group.get("class", "").startswith("bar")
        return int(counts[0] or "0")
    return circles


def _classes(element: ET.Element) -> list[str]:
    return (element.get("class") or "").split()


def stacks(root: ET.Element) -> dict[int, tuple[str, int]]:
    """Point (viewer's numbering) -> (colour, checkers), read from the drawing."""
    found: dict[int, tuple[str, int]] = {}
    for group in by_class(root, "stack"):
        point = int(group.get("data-point", "0"))
        assert point not in found
        colour = "white" if "white" in group.get("class", "") else "black"
        found[point] = (colour, shown_count(group))
    return found


def expected_stacks(position: Position, viewer: Side) -> dict[int, tuple[str, int]]:
    """The same, from the position: the viewer's point p is the other side's 25-p."""
    found: dict[int, tuple[str, int]] = {}
    for point in range(1, 25):
        own = position.checkers(viewer)[point]
        other = position.checkers(viewer.opponent)[opposite_point(point)]
        assert not (own and other)
        if own:
            found[point] = (viewer.name.lower(), own)
        elif other:
            found[point] = (viewer.opponent.name.lower(), other)
    return found


def tray_count(root: ET.Element, place: str, side: Side) -> tuple[int, int, int]:
    """A tray column's data-count, its label and the checkers drawn in it (edge-on bars)."""
    (group,) = [
        g
        for g in by_class(root, "tray")
        if {place, side.name.lower()} <= set(g.get("class", "").split())
    ]
    label = int(next(group.iter(SVG + "text")).text or "")
    paths = list(group.iter(SVG + "path"))
    drawn = len(re.findall("M", paths[0].get("d", ""))) if paths else 0
    return int(group.get("data-count", "-1")), label, drawn


@pytest.mark.parametrize("flip", [False, True])
def test_checkers_on_every_point_are_the_positions(flip: bool) -> None:
    viewer = Side.BLACK if flip else Side.WHITE
    for replay in sample_replays():
        root = parse(svg.replay_board(replay, flip=flip))
        assert stacks(root) == expected_stacks(replay.after, viewer), replay.after


def test_bar_pool_and_borne_off_checkers_are_counted() -> None:
    for replay in sample_replays(5):
        position = replay.after
        root = parse(svg.board(position))
        for side in Side:
            counts = position.checkers(side)
            for place, name in ((POOL, "in"), (OFF, "off")):
                assert tray_count(root, name, side) == (counts[place], counts[place], counts[place])
            bars = [g for g in by_class(root, "bar") if side.name.lower() in g.get("class", "")]
            assert (shown_count(bars[0]) if bars else 0) == counts[BAR]


def test_a_tall_stack_shows_its_count() -> None:
    position = Position.from_setup("W 13:12 6:3 / B 1:15 / W")
    root = parse(svg.board(position))
    assert stacks(root) == {13: ("white", 12), 6: ("white", 3), 24: ("black", 15)}
    labels = sorted(e.text or "" for e in root.iter(SVG + "text") if e.get("class") == "count")
    assert labels == ["12", "15"]
    # The black stack of 15 shows 5 checkers and its count too.
    black = next(g for g in by_class(root, "stack") if g.get("data-point") == "24")
    assert len(list(black.iter(SVG + "circle"))) == geometry.SHOWN
    assert [e.text for e in black.iter(SVG + "text")] == ["15"]


def test_pip_counts_and_the_side_to_roll() -> None:
    for replay in sample_replays(11):
        position = replay.after
        root = parse(svg.board(position, flip=True))
        for side in Side:
            (pips,) = [e for e in by_class(root, "pips") if side.name.lower() in _classes(e)]
            assert pips.text == str(position.pip_count(side))
        (to_roll,) = by_class(root, "to-roll")
        winner = position.winner
        expected = f"{winner.title} has won" if winner else f"{position.turn.title} to roll"
        assert to_roll.text == expected


def test_the_band_says_the_words_it_is_given_else_who_is_to_roll() -> None:
    position = Position.from_setup("W 19:1 in:14 / B in:15 / W")  # 65 half played: 19/14 next
    steps = (Step(POOL, 19, 6),)
    band = "White move 1/2"
    playing = parse(svg.board(position, last_steps=steps, mover=Side.WHITE, dice=(6, 5), band=band))
    assert [e.text for e in by_class(playing, "to-roll")] == [band]
    title = playing.find(SVG + "title")
    assert title is not None and f"{band};" in (title.text or "")
    done = parse(svg.board(position, dice=(6, 5)))
    assert [e.text for e in by_class(done, "to-roll")] == ["White to roll"]


def test_a_diagram_of_the_app_says_what_its_board_says() -> None:
    """The app's d: the middle band's words are the screen's (docs/replay.md: the board as
    on screen), where the diagram command says who is to roll next."""
    from aceynote.notation import parse_game
    from aceynote.render.step_diagram import frame_svg
    from aceynote.validation import validate
    from aceynote.validation.timeline import Timeline

    game = parse_game("1. 64: in/19 in/21\n1... 53: in/20 in/22\n*\n")
    frames = Timeline(validate(game)).main.frames
    said = [
        [e.text for e in by_class(parse(frame_svg(game, frame, Side.WHITE)), "to-roll")]
        for frame in frames
    ]
    assert said == [
        ["White to roll"],
        ["White to play"],
        ["White move 1/2"],
        ["White played"],
        ["Black to play"],
        ["Black move 1/2"],
        ["Black played"],
    ]


def test_points_are_numbered_from_the_viewers_side() -> None:
    position = Position.from_setup("W 6:2 in:13 / B 6:1 in:14 / W")
    for flip in (False, True):
        root = parse(svg.board(position, flip=flip))
        labels = [e for g in by_class(root, "labels") for e in g.iter(SVG + "text")]
        numbers = [(float(e.get("x", "0")), float(e.get("y", "0")), e.text) for e in labels]
        top = sorted((x, text) for x, y, text in numbers if y < 100 and text and text.isdigit())
        bottom = sorted((x, text) for x, y, text in numbers if y > 700 and text and text.isdigit())
        assert [text for _, text in top] == [str(p) for p in range(13, 25)]
        assert [text for _, text in bottom] == [str(p) for p in range(12, 0, -1)]
        # The viewer's checkers on its own 6 (bottom right), the other side's on 19 (top).
        viewer = "black" if flip else "white"
        other = "white" if flip else "black"
        assert stacks(root)[6][0] == viewer
        assert stacks(root)[19][0] == other


def test_the_last_moves_are_marked_and_the_dice_drawn() -> None:
    position = Position.from_setup("W 19:1 14:1 in:13 / B in:15 / B")
    steps = (Step(POOL, 19, 6), Step(19, 14, 5))
    root = parse(svg.board(position, last_steps=steps, mover=Side.WHITE, dice=(6, 5)))
    marked = {int(e.get("data-point", "0")) for g in by_class(root, "marked") for e in g}
    assert marked == {19, 14}
    (moves,) = by_class(root, "moves")
    assert len(list(moves.iter(SVG + "line"))) == 2
    (dice,) = by_class(root, "dice")
    assert dice.get("data-dice") == "65"
    assert len(list(dice.iter(SVG + "circle"))) == 11
    # Seen from Black's side the same steps mark Black's 6 and 11.
    flipped = parse(svg.board(position, last_steps=steps, mover=Side.WHITE, flip=True))
    marked = {int(e.get("data-point", "0")) for g in by_class(flipped, "marked") for e in g}
    assert marked == {6, 11}


def test_steps_need_their_mover() -> None:
    with pytest.raises(ValueError, match="mover"):
        svg.board(Position.initial(), last_steps=(Step(POOL, 19, 6),))


def test_the_title_is_escaped() -> None:
    hostile = "</title><script>alert(\"x\")</script> & <b>Moss</b> 'quoted'"
    text = svg.board(Position.initial(), title=hostile)
    root = parse(text)
    assert root.find("svg:title", NS) is not None
    assert root.find("svg:title", NS).text == hostile  # type: ignore[union-attr]
    assert not list(root.iter(SVG + "script"))
    assert "<script>" not in text
    assert root.find("svg:desc", NS).text.startswith("Acey-deucey board")  # type: ignore[union-attr]


# Characters XML 1.0 cannot hold, and some it can, mixed into a title.
NOT_XML = "\x00\x01\x0b\x0c\x1b\x1f\ufffe\uffff"


def shown_escaped(character: str) -> str:
    if character not in NOT_XML:
        return character
    code = ord(character)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


@given(st.text(alphabet=st.sampled_from(NOT_XML + "ab<&\t é"), min_size=1, max_size=12))
def test_text_xml_cannot_hold_is_shown_escaped_and_the_svg_stays_well_formed(title: str) -> None:
    root = parse(svg.board(Position.initial(), title=title))  # parse fails on ill-formed XML
    shown = root.find("svg:title", NS)
    assert shown is not None
    assert shown.text == "".join(shown_escaped(character) for character in title)


@pytest.mark.parametrize("size", [300, 600, 1200])
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_size_sets_the_picture_and_text_stays_readable(size: int, theme: svg.Theme) -> None:
    replay = generated_replays()[40]
    root = parse(svg.replay_board(replay, size=size, theme=theme))
    assert root.get("width") == str(size)
    assert root.get("height") == str(round(size * 0.8))
    assert root.get("viewBox") == f"0 0 {geometry.WIDTH} {geometry.HEIGHT}"
    scale = size / geometry.WIDTH
    parents = {child: parent for parent in root.iter() for child in parent}
    texts = list(root.iter(SVG + "text"))
    assert texts
    for element in texts:
        size_units = _inherited(element, parents, "font-size")
        assert float(size_units) * scale >= geometry.MIN_PIXELS - 0.01, element.text


def _inherited(element: ET.Element, parents: dict[ET.Element, ET.Element], name: str) -> str:
    current: ET.Element | None = element
    while current is not None:
        if current.get(name) is not None:
            return current.get(name, "")
        current = parents.get(current)
    raise AssertionError(f"no {name} for {element.text}")


def test_themes_differ_and_are_checked() -> None:
    light = parse(svg.board(Position.initial(), theme="light"))
    dark = parse(svg.board(Position.initial(), theme="dark"))
    background = [r.get("fill") for r in (light, dark) for r in [next(r.iter(SVG + "rect"))]]
    assert background == [svg.THEMES["light"].background, svg.THEMES["dark"].background]
    with pytest.raises(ValueError, match="theme"):
        svg.board(Position.initial(), theme="sepia")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="size"):
        svg.board(Position.initial(), size=10)


def test_the_start_shows_every_checker_in_the_pools() -> None:
    root = parse(svg.board(Position.initial()))
    assert stacks(root) == {}
    for side in Side:
        assert tray_count(root, "in", side) == (15, 15, 15)
        assert tray_count(root, "off", side) == (0, 0, 0)
    assert not by_class(root, "dice")
    assert not by_class(root, "moves")


def test_a_hit_checker_is_ringed_on_the_bar() -> None:
    # White's 17/15* sent a Black checker (Black's 10) to the bar, where two already were.
    position = Position.from_setup("W 15:1 in:14 / B bar:3 in:12 / B")
    steps = (Step(17, 15, 2, hit=True),)
    root = parse(svg.board(position, last_steps=steps, mover=Side.WHITE, dice=(2, 1)))
    (hits,) = by_class(root, "hits")
    assert len(list(hits.iter(SVG + "circle"))) == 1
    (bar,) = by_class(root, "bar")
    assert "black" in _classes(bar) and shown_count(bar) == 3
    # No hit, no ring.
    quiet = parse(svg.board(position, last_steps=(Step(17, 15, 2),), mover=Side.WHITE))
    assert not by_class(quiet, "hits")


def test_after_a_1_2_played_in_full_the_band_says_the_side_names_a_double() -> None:
    """After a 1-2 played in full the same side acts next, naming a double: the band said
    `Black to roll`, as the Setup string does (it cannot say more: docs/notation.md choice
    14). After the chosen double the extra roll is a roll."""
    from conftest import SAMPLES

    from aceynote.notation import parse_game
    from aceynote.rules import SegmentKind

    replays = validate(parse_game((SAMPLES / "navy.acey").read_text())).segments
    for replay, following in itertools.zip_longest(replays, replays[1:]):
        root = parse(svg.replay_board(replay))
        doubles_next = following is not None and following.segment.kind is SegmentKind.CHOSEN_DOUBLE
        side = replay.after.turn.title
        words = f"{side} names a double" if doubles_next else f"{side} to roll"
        if replay.after.winner is not None:
            words = f"{replay.after.winner.title} has won"
        assert [e.text for e in by_class(root, "to-roll")] == [words]
        title = root.find(SVG + "title")
        assert title is not None and f": {words};" in (title.text or "")
    assert sum(r.segment.kind is SegmentKind.CHOSEN_DOUBLE for r in replays) >= 3
