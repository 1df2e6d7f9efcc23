"""The game page in a real browser: Playwright driving headless Chromium (Debian's package).

Nothing here is skipped: .ci/run installs chromium when it is missing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Protocol

import pytest
from conftest import SAMPLES
from playwright.sync_api import Browser, Page, expect, sync_playwright

from aceynote.notation import Game, parse_game, parse_games
from aceynote.notation.generate import generate_games
from aceynote.render import geometry
from aceynote.render.html import page
from aceynote.rules import Position, RuleSet
from aceynote.validation import validate
from aceynote.validation.frames import GameFrames

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    # launch() gives the browser a fresh profile of its own, removed when it closes.
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


class Opened:
    """A page open in the browser, with what it printed, asked for and popped up."""

    def __init__(self, tab: Page) -> None:
        self.tab = tab
        self.errors: list[str] = []
        self.dialogs: list[str] = []
        self.requests: list[str] = []
        tab.on("pageerror", lambda error: self.errors.append(str(error)))
        tab.on("dialog", self._dialog)
        tab.on("request", lambda request: self.requests.append(request.url))

    def _dialog(self, dialog: object) -> None:
        self.dialogs.append(str(getattr(dialog, "message", "")))
        dialog.dismiss()  # type: ignore[attr-defined]

    def text(self, selector: str) -> str:
        return self.tab.text_content(selector) or ""

    def follows_to(self, label: str) -> None:
        """Assert that the page comes to show the segment ``label``: a link clicked changes
        the address at once, and the page follows on its hashchange event a moment later."""
        expect(self.tab.locator("#current")).to_have_text(label)

    @property
    def fragment(self) -> str:
        # From the page itself: Playwright's page.url follows history.replaceState a moment later.
        return str(self.tab.evaluate("location.hash")).removeprefix("#")

    def press(self, key: str) -> None:
        self.tab.keyboard.press(key)


Opener = Callable[..., Opened]


class FileOpener(Protocol):
    def __call__(self, path: Path, fragment: str = "", size: tuple[int, int] = ...) -> Opened: ...


@pytest.fixture(name="open_file")
def open_file_fixture(browser: Browser) -> Iterator[FileOpener]:
    """Open a page file in a fresh browser context, at ``fragment`` ("#12", or ""), in a window
    of ``size`` pixels (Playwright's 1280 x 720 unless told)."""
    contexts = []

    def opener(path: Path, fragment: str = "", size: tuple[int, int] = (1280, 720)) -> Opened:
        context = browser.new_context(viewport={"width": size[0], "height": size[1]})
        contexts.append(context)
        opened = Opened(context.new_page())
        opened.tab.goto(path.as_uri() + fragment)
        return opened

    yield opener
    for context in contexts:
        context.close()


@pytest.fixture
def open_page(open_file: FileOpener, tmp_path: Path) -> Opener:
    def opener(games: list[Game], fragment: str = "", name: str = "game.html") -> Opened:
        path = tmp_path / name
        path.write_text(page(games).text, encoding="utf-8")
        return open_file(path, fragment)

    return opener


def expected_setup(position: Position) -> str:
    return "" if position.winner is not None else position.to_setup()


@pytest.fixture(scope="module")
def generated() -> Game:
    (game,) = generate_games(1, seed=7, rules=RuleSet())
    return game


def test_setup_at_every_segment_is_the_validators(open_page: Opener, generated: Game) -> None:
    report = validate(generated)
    main_line = [replay for replay in report.segments if replay.line == ()]
    assert report.start is not None and len(main_line) > 20
    opened = open_page([generated])
    assert opened.text("#setup") == report.start.to_setup()
    assert opened.text("#current") == "start"
    for index, replay in enumerate(main_line, start=1):
        opened.press("ArrowRight")
        setup, fragment = opened.tab.evaluate(
            "[document.getElementById('setup').textContent, location.hash]"
        )
        assert setup == expected_setup(replay.after), index
        if setup:
            # A string a Setup tag takes with the same meaning, naming the side to roll next.
            assert Position.from_setup(setup) == replay.after
        assert fragment == f"#{index}"
    # The game was played to its end: no Setup there, and the page says why.
    assert main_line[-1].after.winner is not None
    assert "game is over" in opened.text("#setup-note")
    opened.press("ArrowRight")  # nothing after the end
    assert opened.fragment == str(len(main_line))
    assert not opened.errors


def test_keys_step_back_and_jump(open_page: Opener) -> None:
    game = parse_game((SAMPLES / "annotated.acey").read_text())
    frames = GameFrames(validate(game))
    opened = open_page([game])
    for _ in range(3):
        opened.press("ArrowRight")
    assert opened.fragment == "3"
    assert opened.text("#current") == frames.frames["3"].label
    opened.press("ArrowLeft")
    assert opened.fragment == "2"
    assert opened.text("#current") == frames.frames["2"].label == "1... 61: in/19 19/18"
    opened.press("End")
    assert opened.fragment == frames.end
    assert opened.text("#current") == "40. 21: 1/off"
    assert opened.text("#setup") == ""
    opened.press("Home")
    assert opened.fragment == "0"
    assert opened.text("#setup") == frames.frames["0"].setup
    opened.press("ArrowLeft")  # nothing before the start
    assert opened.fragment == "0"
    assert opened.tab.is_disabled("#previous")
    assert not opened.errors


def test_clicking_a_move_goes_there(open_page: Opener) -> None:
    game = parse_game((SAMPLES / "annotated.acey").read_text())
    frames = GameFrames(validate(game))
    opened = open_page([game])
    opened.tab.click("a.move[data-key='12']")
    assert opened.fragment == "12"
    opened.follows_to(frames.frames["12"].label)
    assert opened.text("#setup") == frames.frames["12"].setup
    assert opened.tab.get_attribute("a.move[data-key='12']", "aria-current") == "step"
    # Into the variation (4. 32: 20/17 in/23) and back out with ArrowLeft.
    opened.tab.click("a.move[data-key='v1']")
    opened.follows_to("4. 32: 20/17 in/23")
    assert opened.text("#setup") == frames.frames["v1"].setup
    opened.press("ArrowLeft")
    assert opened.fragment == frames.frames["v1"].previous
    # The buttons step too: on along the main line.
    before = frames.frames[opened.fragment]
    opened.tab.click("#next")
    assert before.next is not None
    assert opened.text("#current") == frames.frames[before.next].label
    assert not opened.errors


def test_a_fragment_opens_at_its_segment(open_page: Opener) -> None:
    game = parse_game((SAMPLES / "annotated.acey").read_text())
    frames = GameFrames(validate(game))
    opened = open_page([game], "#17")
    assert opened.text("#current") == frames.frames["17"].label
    assert opened.text("#setup") == frames.frames["17"].setup
    # A link followed within the page: the address changes, the board follows.
    opened.tab.evaluate("window.location.hash = '#30'")
    opened.follows_to(frames.frames["30"].label)
    # A fragment that names nothing opens at the start.
    other = open_page([game], "#999", name="other.html")
    assert other.text("#current") == "start"
    assert not opened.errors and not other.errors


def test_the_board_is_drawn_for_each_position(open_page: Opener) -> None:
    game = parse_game((SAMPLES / "annotated.acey").read_text())
    report = validate(game)
    frames = GameFrames(report)
    opened = open_page([game], "#12")
    position = frames.frames["12"].position
    count = opened.tab.evaluate("document.querySelectorAll('#board svg .stack circle').length")
    assert count > 0
    pips = opened.tab.evaluate(
        "[...document.querySelectorAll('#board svg .pips')].map(e => e.textContent)"
    )
    assert sorted(pips) == sorted(
        str(position.pip_count(side)) for side in (position.turn, position.turn.opponent)
    )
    assert opened.tab.evaluate("document.querySelectorAll('#board svg').length") == 1
    assert opened.tab.evaluate("document.querySelectorAll('#board svg .base').length") == 1
    box = opened.tab.locator("#board svg").bounding_box()
    assert box is not None and box["width"] > 250


def test_record_text_runs_no_script(open_page: Opener) -> None:
    hostile = "</script><script>window.pwned = 1; alert(1)</script>"
    game = parse_game(
        f'[White "<img src=x onerror=alert(2)>"]\n[Black "B"]\n\n{{{hostile}}}\n'
        f"1. 64: in/19 in/21 {{{hostile}}} 43: in/21 in/22\n*\n"
    )
    opened = open_page([game], "#1")
    assert opened.tab.evaluate("window.pwned") is None
    assert not opened.dialogs
    assert hostile in opened.text(".movetext")
    assert "<img src=x onerror=alert(2)>" in opened.text("h1")
    assert opened.tab.evaluate("document.querySelectorAll('img').length") == 0
    assert all(url.startswith("file://") for url in opened.requests), opened.requests
    assert not opened.errors


def test_a_page_of_several_games(open_page: Opener) -> None:
    games = parse_games((SAMPLES / "match.acey").read_text())
    assert len(games) > 1
    second = GameFrames(validate(games[1]))
    opened = open_page(games, "#g2-3")
    assert opened.text("#setup") == second.frames["3"].setup
    assert opened.tab.is_visible("#game-2") and not opened.tab.is_visible("#game-1")
    opened.press("ArrowRight")
    assert opened.fragment == "g2-4"
    opened.tab.click("#games a[data-game='1']")
    assert opened.fragment.startswith("g1-")
    expect(opened.tab.locator("#game-1")).to_be_visible()  # on the hashchange, a moment later
    assert not opened.errors


# The gap between the texts of each two neighbouring elements a selector finds.
TEXT_GAPS = """(selector) => {
  const text = (element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return range.getBoundingClientRect();
  };
  const found = [...document.querySelectorAll(selector)];
  return found.slice(1).map((element, index) => text(element).left - text(found[index]).right);
}"""


def test_unplayed_segments_are_spaced_as_played_ones(open_page: Opener) -> None:
    """The segments a page cannot replay (here its Setup cannot be used) are no links, and
    ran together: `21: 2/off 1/off=66: 1/off`."""
    game = parse_game('[Setup "W 6:16 / B 1:1 / W"]\n\n1. 21: 2/off 1/off =66: 1/off\n*\n')
    opened = open_page([game])
    assert opened.tab.locator("span.move.unplayed").count() == 2
    played = open_page([parse_game((SAMPLES / "annotated.acey").read_text())], name="p.html")
    (unplayed_gap,) = opened.tab.evaluate(TEXT_GAPS, "span.move.unplayed")
    played_gap = played.tab.evaluate(TEXT_GAPS, "a.move[data-key='5'], a.move[data-key='6']")
    assert unplayed_gap == pytest.approx(played_gap[0], abs=0.5) and unplayed_gap > 5


def test_a_variation_closes_right_after_its_last_word(open_page: Opener) -> None:
    """A variation's `)` stood apart from its last word (`down  )`): the last turn's margin
    and its comment's stood before it."""
    opened = open_page([parse_game((SAMPLES / "annotated.acey").read_text())])
    gaps = opened.tab.evaluate(
        """() => [...document.querySelectorAll('.variation')].map((box) => {
          const edges = (element) => {
            const range = document.createRange();
            range.selectNodeContents(element);
            return [...range.getClientRects()];
          };
          const [open, close] = box.querySelectorAll(':scope > .paren');
          const before = edges(close.previousElementSibling).at(-1);
          const after = edges(open.nextElementSibling)[0];
          return [after.left - edges(open)[0].right, edges(close)[0].left - before.right];
        })"""
    )
    assert gaps == [[pytest.approx(0, abs=1), pytest.approx(0, abs=1)]]


@pytest.mark.parametrize("width", [390, 324])
def test_no_text_on_the_board_is_under_10_pixels_on_a_phone(open_page: Opener, width: int) -> None:
    """docs/share.md: from 300 pixels wide up no text on a board is under 10 pixels. The page
    drew its boards' text for 400 pixels, about 9 on a phone's 366 (and 7.5 on 300)."""
    game = parse_game((SAMPLES / "annotated.acey").read_text())
    opened = open_page([game], "#12")
    opened.tab.set_viewport_size({"width": width, "height": 844})
    shown, sizes = opened.tab.evaluate(
        """() => {
          const board = document.querySelector('#board svg');
          const scale = board.getBoundingClientRect().width / board.viewBox.baseVal.width;
          const texts = [...board.querySelectorAll('text')];
          return [board.getBoundingClientRect().width,
                  texts.map((text) => parseFloat(getComputedStyle(text).fontSize) * scale)];
        }"""
    )
    assert shown >= 300 and len(sizes) > 30
    assert min(sizes) >= 10


def test_after_a_1_2_played_in_full_the_page_says_the_side_names_a_double(
    open_page: Opener,
) -> None:
    """The board's band said `White to roll`, and the Setup `... / W` (docs/notation.md choice
    14: the same side rolls next) went unexplained; White names a double next."""
    opened = open_page([parse_game((SAMPLES / "setup-bearoff.acey").read_text())], "#5")
    assert opened.text("#current") == "3. 21: 2/off 1/off"
    assert opened.text("#board .to-roll") == "White names a double"
    left, right = opened.tab.evaluate(
        "(() => { const box = document.querySelector('#board .to-roll').getBBox();"
        " return [box.x, box.x + box.width]; })()"
    )
    assert left >= geometry.LEFT and right <= geometry.BAR_X  # in the left half of the board
    assert opened.text("#setup").endswith(" / W")
    assert opened.text("#setup-note") == (
        "White names a double next, which a Setup cannot say: it names White to roll"
        " (docs/notation.md choice 14)."
    )
    opened.press("ArrowLeft")  # Black's 61 ends its turn: White rolls
    assert opened.text("#board .to-roll") == "White to roll"
    assert opened.text("#setup-note") == ""
    assert not opened.errors


def test_without_javascript_the_page_shows_the_start_and_says_what_it_needs(
    browser: Browser, open_file: FileOpener, tmp_path: Path
) -> None:
    """With JavaScript off the page showed an empty board, buttons that did nothing, an empty
    Setup line and no word of why."""
    game = parse_game((SAMPLES / "annotated.acey").read_text())
    path = tmp_path / "game.html"
    path.write_text(page([game]).text, encoding="utf-8")
    start = validate(game).start
    assert start is not None
    context = browser.new_context(java_script_enabled=False)
    tab = context.new_page()
    tab.goto(path.as_uri() + "#12")
    assert tab.get_attribute("#board svg .tray.in.white", "data-count") == "15"
    assert tab.text_content("#current") == "start"
    assert tab.text_content("#setup") == start.to_setup()
    assert tab.is_visible(".no-script")
    assert "JavaScript is off" in (tab.text_content(".no-script") or "")
    buttons = ("#first", "#previous", "#next", "#last", "#copy")
    assert all(tab.is_disabled(button) for button in buttons)
    context.close()
    opened = open_file(path, "#12")  # the script on: it steps, and the note is not shown
    assert not opened.tab.is_visible(".no-script")
    assert [opened.tab.is_disabled(button) for button in buttons] == [False] * 5
    assert opened.tab.locator("#board svg").count() == 1
    assert not opened.errors


PHONE, DESKTOP = (390, 844), (1200, 900)
# Whether the board and the current move are each wholly in the window.
IN_VIEW = """() => [document.querySelector('#board svg'), document.querySelector('a.move.current')]
  .map((element) => {
    const place = element.getBoundingClientRect();
    return place.top >= 0 && place.bottom <= window.innerHeight;
  })"""


@pytest.mark.parametrize("size", [PHONE, DESKTOP])
def test_a_link_to_a_moment_shows_its_board_and_its_move(
    open_file: FileOpener, tmp_path: Path, size: tuple[int, int]
) -> None:
    """On a phone the moves stood below the Setup and the help, and a link to `#80` showed the
    board but its move 1016 pixels down a window of 844; ArrowRight kept it there."""
    path = tmp_path / "game.html"
    path.write_text(page([parse_game((SAMPLES / "annotated.acey").read_text())]).text)
    opened = open_file(path, "#80", size)
    assert opened.tab.evaluate(IN_VIEW) == [True, True]
    for key in ("81", "82", "83", "84", "85", "86"):
        opened.press("ArrowRight")
        assert opened.fragment == key and opened.tab.evaluate(IN_VIEW) == [True, True], key
    for _ in range(12):
        opened.press("ArrowLeft")
    assert opened.fragment == "74" and opened.tab.evaluate(IN_VIEW) == [True, True]
    assert not opened.errors


@pytest.fixture(scope="module")
def twenty_games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("club") / "club.html"
    path.write_text(page(list(generate_games(20, seed=3, rules=RuleSet()))).text)
    return path


@pytest.mark.parametrize("size", [PHONE, DESKTOP])
def test_a_link_into_a_page_of_twenty_games_shows_its_board_and_its_move(
    open_file: FileOpener, twenty_games: Path, size: tuple[int, int]
) -> None:
    """On a phone the list of the 20 games took 575 pixels of 844, and the board of `#g20-10`
    was half in view, its move out of it: the list is folded there, naming the game shown."""
    opened = open_file(twenty_games, "#g20-10", size)
    assert opened.tab.evaluate(IN_VIEW) == [True, True]
    folded = size == PHONE
    assert opened.tab.evaluate("document.getElementById('games').open") is not folded
    assert opened.tab.is_visible("#game-shown") is folded
    assert opened.text("#game-shown") == opened.text("#games a[data-game='20']")
    if folded:  # open the list, choose a game: it folds again, and its board shows
        opened.tab.click("#games summary")
    opened.tab.click("#games a[data-game='3']")
    opened.follows_to("start")
    assert opened.fragment == "g3-0"
    assert opened.tab.evaluate("document.getElementById('games').open") is not folded
    assert opened.text("#game-shown") == opened.text("#games a[data-game='3']")
    assert opened.tab.evaluate(IN_VIEW)[0]
    assert not opened.errors
