"""``python -m aceynote`` runs the ``aceynote`` command."""

import sys

from .cli import main

sys.exit(main())
