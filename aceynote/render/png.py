"""Board diagrams as PNG: the SVG drawing rendered to pixels by resvg.

resvg (the ``resvg-py`` wheel, the optional extra ``aceynote[png]``) renders
the SVG that :mod:`.svg` draws, at its own width and height, with no system
library: fonts are the system's (the drawing asks for DejaVu Sans, then any
sans-serif). It is imported only when a PNG is asked for.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from ..extras import install_command

EXTRA = "png"
"""The optional extra that installs the renderer: ``pip install 'aceynote[png]'``."""

SIGNATURE = b"\x89PNG\r\n\x1a\n"
"""The eight bytes every PNG file starts with."""


class PngUnavailable(Exception):
    """PNG cannot be written here: the renderer is not installed (the message says how)."""


def available() -> bool:
    """Whether the renderer is installed (without saying why not)."""
    try:
        renderer()
    except PngUnavailable:
        return False
    return True


def png(svg_text: str) -> bytes:
    """The PNG picture of an SVG drawing, at the drawing's own size in pixels."""
    rendered = renderer().svg_to_bytes(svg_string=svg_text)
    return bytes(rendered)


def renderer() -> ModuleType:
    """The renderer's module, or :class:`PngUnavailable` saying how to install it."""
    try:
        return importlib.import_module("resvg_py")
    except ImportError as error:
        raise PngUnavailable(
            f"PNG needs the renderer of the '{EXTRA}' extra: {install_command(EXTRA)}"
        ) from error
