import sys

from .selfplay import main

sys.exit(main())
