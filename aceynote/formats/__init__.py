"""The file formats games are read from and written to."""
