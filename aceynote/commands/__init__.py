"""The subcommands of ``aceynote``: each module registers its parser and runs it."""
