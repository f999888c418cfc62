"""The ``serve`` command: the web table on 127.0.0.1 (needs the ``web`` extra: Starlette, Uvicorn)."""

from __future__ import annotations

import argparse
import socket
from typing import TextIO

from railroad_canasta.cli.play import CommandError, add_table_arguments, needs, rules_of

__all__ = ["HELP", "configure", "run"]

#: The command's line in the command line's help.
HELP = "serve the web table on 127.0.0.1 (extra [web])"


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the ``serve`` command's arguments to its parser."""
    add_table_arguments(parser)
    parser.add_argument("--port", type=int, default=8000, help="the port on 127.0.0.1 (default 8000)")
    parser.add_argument(
        "--humans",
        type=int,
        default=1,
        help="people at the table, each with their own link (default 1); bots take the other seats",
    )


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Serve until interrupted; returns the exit status."""
    if not 0 < args.port < 65536:
        raise CommandError(f"--port must be from 1 to 65535, not {args.port}")
    rules = rules_of(args)
    if not 1 <= args.humans <= rules.players:
        raise CommandError(f"--humans must be from 1 to {rules.players} (the players), not {args.humans}")
    needs("starlette", "web")
    needs("uvicorn", "web")
    import uvicorn

    from railroad_canasta.web.app import links, make_app

    # no --seed: each game from a fresh secret seed
    app = make_app(rules, seed=args.seed, bot=args.bots, humans=args.humans)
    # The port is bound here, so a busy one is one line (exit status 2) before the links are announced.
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.bind(("127.0.0.1", args.port))
    except OSError as exc:
        sock.close()
        raise CommandError(f"cannot serve on 127.0.0.1:{args.port}: {exc.strerror}") from None
    with sock:
        out.write(f"web table on 127.0.0.1:{args.port}, one link per seat (ctrl+c stops):\n")
        for line in links(app.state.table, f"http://127.0.0.1:{args.port}"):
            out.write(f"  {line}\n")
        out.flush()
        config = uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=2)
        uvicorn.Server(config).run(sockets=[sock])
    return 0
