"""Building the XML of drawings and pages: elements whose numbers are written short, and text."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Literal

from ..terminal_text import xml_text


def number_text(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def child(parent: ET.Element, tag: str, **attributes: object) -> ET.Element:
    """A child element; ``class_`` stands for ``class`` and ``_`` in names for ``-``."""
    attrib = {
        name.rstrip("_").replace("_", "-"): number_text(value)
        if isinstance(value, float | int) and not isinstance(value, bool)
        else str(value)
        for name, value in attributes.items()
    }
    return ET.SubElement(parent, tag, attrib)


def element(
    parent: ET.Element, tag: str, text: str | None = None, **attributes: object
) -> ET.Element:
    """A child element (named as :func:`child` names it) holding ``text``, if any."""
    made = child(parent, tag, **attributes)
    if text is not None:
        made.text = text
    return made


def text_at(parent: ET.Element, x: float, y: float, words: str, **attributes: object) -> ET.Element:
    """Text centred on ``x`` (the root sets text-anchor), ``y`` its baseline."""
    return element(parent, "text", words, x=x, y=y, **attributes)


def centred_text(
    parent: ET.Element, x: float, y: float, words: str, size: float, **attributes: object
) -> ET.Element:
    """Text whose middle is at ``y`` (about a third of the size below it is the baseline)."""
    return text_at(parent, x, y + size * 0.36, words, font_size=size, **attributes)


def markup(root: ET.Element, method: Literal["xml", "html"] = "xml") -> str:
    """The tree as text, every character XML cannot hold written as an escape.

    A name with a control character (``[White "a\\x01b"]``) would make the
    SVG ill-formed, and a browser would show nothing: it shows ``a\\x01b``.
    """
    for node in root.iter():
        if node.text:
            node.text = xml_text(node.text)
        if node.tail:
            node.tail = xml_text(node.tail)
        for name, value in node.attrib.items():
            node.attrib[name] = xml_text(value)
    return ET.tostring(root, encoding="unicode", method=method)
