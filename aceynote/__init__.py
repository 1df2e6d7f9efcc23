"""aceynote: record, check, replay and share acey-deucey game records."""

__version__ = "0.1.0"
