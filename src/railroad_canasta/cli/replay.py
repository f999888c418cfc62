"""The ``replay`` command: step through a saved game record forwards and backwards.

With ``--at N`` (and no terminal app) it prints the table after ``N`` moves and exits: ``str`` of the
state, every hand shown (a record holds them all).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TextIO

from railroad_canasta.cli.play import CommandError, needs
from railroad_canasta.core.errors import RailroadCanastaError
from railroad_canasta.session import Replay

__all__ = ["HELP", "configure", "run"]

#: The command's line in the command line's help.
HELP = "step through a saved game record (the terminal app needs extra [play])"


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the ``replay`` command's arguments to its parser."""
    parser.add_argument("file", type=Path, help="a JSON game record of either variant (as saved by play)")
    parser.add_argument(
        "--at",
        type=int,
        default=None,
        help="print the table after this many moves and exit (no terminal app)",
    )


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Replay the record; returns the exit status."""
    try:
        replay = Replay.load(args.file)
    except OSError as exc:
        raise CommandError(f"cannot read {args.file}: {exc.strerror}") from exc
    except RailroadCanastaError as exc:
        # (a record's own error says where in the record, not which file)
        raise CommandError(f"{args.file}: {exc}") from None
    if args.at is not None:
        moves = len(replay.states) - 1
        if not 0 <= args.at <= moves:
            raise CommandError(f"--at must be from 0 to {moves} (the record's moves), not {args.at}")
        state = replay.go(args.at)
        move = replay.last_move
        out.write(
            f"move {replay.index} of {len(replay.states) - 1}" + (f": {move}\n" if move else " (the deal)\n")
        )
        out.write(str(state) + "\n")
        return 0
    needs("textual", "play")
    from railroad_canasta.tui import ReplayApp

    ReplayApp(replay).run()
    return 0
