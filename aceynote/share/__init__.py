"""Showing games to people who have no aceynote: self-contained web pages.

:func:`page` writes one HTML file (the board drawings of :mod:`aceynote.svg`,
the CSS and the JavaScript inline) that steps through a game in any browser.
"""

from .frames import Frame, GameFrames
from .html import Page, page

__all__ = ["Frame", "GameFrames", "Page", "page"]
