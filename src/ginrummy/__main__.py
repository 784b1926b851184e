"""``python -m ginrummy``: the command line."""

import sys

try:
    from ginrummy.cli.commands import main
except KeyboardInterrupt:  # Ctrl-C while the modules load
    print("ginrummy: interrupted", file=sys.stderr)
    sys.exit(130)

sys.exit(main())
