"""The look of a drawn board: its colour themes, and the text sizes for the size asked."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from ..rules import Side
from .geometry import MIN_PIXELS, WIDTH

Theme = Literal["light", "dark"]
SIZE_RANGE = (120, 4000)


@dataclass(frozen=True, slots=True)
class Palette:
    """The colours of one theme."""

    background: str
    frame: str
    felt: str
    points: tuple[str, str]
    label: str
    white: str
    white_edge: str
    black: str
    black_edge: str
    mark: str
    tray: str


THEMES: dict[str, Palette] = {
    "light": Palette(
        background="#fbf8f1",
        frame="#6b4a2b",
        felt="#efe4cc",
        points=("#b4533c", "#3d6b7a"),
        label="#3a2c1e",
        white="#fdfcf7",
        white_edge="#5b5348",
        black="#2b2b2e",
        black_edge="#0d0d0f",
        mark="#e6a100",
        tray="#dccfb3",
    ),
    "dark": Palette(
        background="#16181d",
        frame="#3a3f4a",
        felt="#22262d",
        points=("#9a4a39", "#3f6e7d"),
        label="#d8dbe2",
        white="#e9e6dc",
        white_edge="#9d9788",
        black="#0b0c0e",
        black_edge="#8a93a3",
        mark="#f2c14e",
        tray="#1b1e24",
    ),
}


@dataclass(frozen=True, slots=True)
class Style:
    """What one drawing needs besides the position: the viewer, colours and text sizes."""

    viewer: Side
    palette: Palette
    label_size: float
    count_size: float

    def fill(self, side: Side) -> str:
        return self.palette.white if side is Side.WHITE else self.palette.black

    def edge(self, side: Side) -> str:
        return self.palette.white_edge if side is Side.WHITE else self.palette.black_edge

    def ink(self, side: Side) -> str:
        """Text on a checker of ``side``."""
        return self.palette.black if side is Side.WHITE else self.palette.white

    def top(self) -> Side:
        return self.viewer.opponent


def _tenths_up(value: float) -> float:
    """Rounded up to tenths, as it is written: never smaller than asked for."""
    return math.ceil(value * 10 - 1e-9) / 10


def style_for(flip: bool, size: int, theme: str) -> Style:
    if theme not in THEMES:
        raise ValueError(f"unknown theme '{theme}'; use one of {', '.join(THEMES)}")
    low, high = SIZE_RANGE
    if not low <= size <= high:
        raise ValueError(f"size {size} is outside {low}..{high} pixels")
    units_per_pixel = WIDTH / size
    return Style(
        viewer=Side.BLACK if flip else Side.WHITE,
        palette=THEMES[theme],
        label_size=_tenths_up(min(36.0, max(22.0, MIN_PIXELS * units_per_pixel))),
        count_size=_tenths_up(min(34.0, max(28.0, MIN_PIXELS * units_per_pixel))),
    )
