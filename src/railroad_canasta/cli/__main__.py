"""``python -m railroad_canasta.cli``: the command line, as the ``railroad-canasta`` script runs it."""

from railroad_canasta.cli import main

raise SystemExit(main())
