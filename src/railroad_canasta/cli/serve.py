"""The ``serve`` command: the web table on 127.0.0.1 (needs the ``web`` extra: Starlette, Uvicorn)."""

from __future__ import annotations

import argparse
import socket
from pathlib import Path
from typing import TextIO

from railroad_canasta.cli.play import CommandError, add_table_arguments, needs, rules_of
from railroad_canasta.session import read_record

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
    parser.add_argument(
        "--save",
        type=Path,
        default=None,
        metavar="FILE",
        help="write the game to FILE as a JSON record after every move (it holds the seed: keep it private)",
    )
    parser.add_argument(
        "--resume",
        type=Path,
        default=None,
        metavar="FILE",
        help="play on the game saved in FILE (its rules and seed; new links are printed)",
    )


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Serve until interrupted; returns the exit status."""
    if not 0 < args.port < 65536:
        raise CommandError(f"--port must be from 1 to 65535, not {args.port}")
    resume = None
    if args.resume is not None:
        if args.players is not None or args.seed is not None or args.rules:
            raise CommandError(
                "--resume takes the rules and seed from the record: drop --players, --seed, --rules"
            )
        try:
            resume = read_record(args.resume.read_bytes())
        except OSError as exc:
            raise CommandError(f"cannot read {args.resume}: {exc.strerror}") from None
    rules = rules_of(args) if resume is None else resume.rules
    if not 1 <= args.humans <= rules.players:
        raise CommandError(f"--humans must be from 1 to {rules.players} (the players), not {args.humans}")
    needs("starlette", "web")
    needs("uvicorn", "web")
    import uvicorn

    from railroad_canasta.web.app import links, make_app

    # no --seed: each game from a fresh secret seed
    app = make_app(rules, seed=args.seed, bot=args.bots, humans=args.humans, save_to=args.save, resume=resume)
    if args.save is not None:
        # The first save, before the links are announced: a file that cannot be written is one line.
        try:
            app.state.table.session.save(args.save)
        except OSError as exc:
            raise CommandError(f"--save {args.save}: cannot write it: {exc.strerror or exc}") from None
    # The port is bound here, so a busy one is one line (exit status 2) before the links are announced.
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.bind(("127.0.0.1", args.port))
    except OSError as exc:
        sock.close()
        raise CommandError(f"cannot serve on 127.0.0.1:{args.port}: {exc.strerror}") from None
    with sock:
        out.write(f"web table on 127.0.0.1:{args.port}, one link per seat (ctrl+c stops):\n")
        if args.save is not None:
            out.write(f"  the game is saved to {args.save} after every move\n")
        for line in links(app.state.table, f"http://127.0.0.1:{args.port}"):
            out.write(f"  {line}\n")
        out.flush()
        config = uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=2)
        uvicorn.Server(config).run(sockets=[sock])
    return 0
