"""``python -m ginrummy``: the command line."""

import sys

from ginrummy.cli import main

sys.exit(main())
