"""``python -m aceynote.engine.training`` trains the network by self-play (see selfplay)."""

import sys

from .selfplay import main

sys.exit(main())
