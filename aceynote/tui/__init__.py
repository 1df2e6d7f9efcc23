"""The terminal replay app (Textual)."""
