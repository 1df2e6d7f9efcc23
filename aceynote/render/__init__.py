"""Showing games to people: board diagrams as SVG (:mod:`.svg`) and self-contained web pages (:mod:`.html`)."""
