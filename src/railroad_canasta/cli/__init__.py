"""The ``railroad-canasta`` command line: one module per command.

``demo`` (:mod:`~railroad_canasta.cli.demo`) plays a narrated bot game; ``check``
(:mod:`~railroad_canasta.cli.check`) runs scenario files; ``explain`` (:mod:`~railroad_canasta.cli.explain`)
says why a move is legal or not in a scenario's position, guard by guard; ``play``
(:mod:`~railroad_canasta.cli.play`) is a game in the terminal against bots, ``replay``
(:mod:`~railroad_canasta.cli.replay`) steps through a saved game, ``serve``
(:mod:`~railroad_canasta.cli.serve`) serves the web table on 127.0.0.1, ``simulate``
(:mod:`~railroad_canasta.cli.simulate`) plays many seeded games between bots and summarises them. Each
module adds its subcommand to the parser and runs it; :func:`main` wires them.

A mistake on the command line (an unknown option, a bad value, a file or move that cannot be read) is one
line on stderr and exit status 2; Ctrl-C ends a command with one line and status 130. Output cut
short by its reader (``demo | head``) ends the command quietly
with status 141. The core library never imports this package.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Sequence
from typing import NoReturn, Protocol, TextIO

from railroad_canasta import __version__
from railroad_canasta.cli import check, demo, diff_rules, explain, play, replay, serve, simulate
from railroad_canasta.cli.status import BROKEN_PIPE, INTERRUPTED, USAGE
from railroad_canasta.core.errors import RailroadCanastaError, RulesError, closest, did_you_mean
from railroad_canasta.variants.railroad.rules import RULES_VERSION

__all__ = ["build_parser", "main"]

PROG = "railroad-canasta"


class _Command(Protocol):
    """What each command module supplies."""

    #: The command's line in the help.
    HELP: str

    def configure(self, parser: argparse.ArgumentParser) -> None:
        """Add the command's arguments to its parser."""

    def run(self, args: argparse.Namespace, out: TextIO) -> int:
        """Run the command; return the exit status."""


#: The command modules, by command name.
_MODULES: dict[str, _Command] = {
    "demo": demo,
    "check": check,
    "explain": explain,
    "play": play,
    "replay": replay,
    "serve": serve,
    "simulate": simulate,
    "diff-rules": diff_rules,
}


class _UsageError(Exception):
    """A mistake in the arguments, reported by :func:`main` as one line."""

    def __init__(self, prog: str, message: str) -> None:
        self.prog = prog
        command = prog.removeprefix(PROG).strip()
        super().__init__(f"{command}: {message}" if command else message)


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (no usage block), reported by :func:`main`."""

    def error(self, message: str) -> NoReturn:
        # argparse's "invalid choice: 'X' (choose from 'a', 'b')" (the quotes vary with Python's version)
        choice = re.search(r"invalid choice: '([^']*)' \(choose from (.*)\)$", message)
        if choice:
            message += did_you_mean(choice[1], (c.strip("'") for c in choice[2].split(", ")))
        raise _UsageError(self.prog, message)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the command line."""
    parser = _Parser(prog=PROG, description="Railroad Canasta rules engine.")
    parser.add_argument(
        "--version", action="version", version=f"%(prog)s {__version__} (rules {RULES_VERSION})"
    )
    sub = parser.add_subparsers(dest="command")
    for name, module in _MODULES.items():
        command = sub.add_parser(name, help=module.HELP)
        module.configure(command)
        # (so that a word it does not know is reported by the command's parser, with its help)
        command.set_defaults(command_parser=command)
    return parser


def _refuse_unknown(parser: argparse.ArgumentParser, words: list[str]) -> NoReturn:
    """A usage error for the arguments ``parser`` (a command's) did not recognise, suggesting the option
    that an option among them was probably meant to be."""
    known = re.findall(r"--[a-z][a-z0-9-]*", parser.format_usage())
    meant = [
        close for word in words if word.startswith("--") and (close := closest(word.partition("=")[0], known))
    ]
    hint = f"; did you mean {', '.join(meant)}?" if meant else ""
    parser.error(f"unrecognized arguments: {' '.join(words)}{hint}")


def _as_given(exc: RulesError, args: argparse.Namespace) -> str:
    """A rules error said of the flag it came from: ``--rules players: …`` for a value given there, else
    ``--players: must be from 2 to 8, not 9`` when the command has a flag of its own for the option."""
    flag = "--" + exc.option.replace("_", "-")
    words: list[str] = getattr(args, "words", [])
    by_flag = any(word == flag or word.startswith(flag + "=") for word in words)
    by_rules = any(
        text.partition("=")[0].strip() == exc.option for text in getattr(args, "rules", None) or []
    )
    if by_rules:
        return f"--rules {exc.option}: {exc.reason}"
    return f"{flag}: {exc.reason}" if by_flag else str(exc)


def _fail(message: str) -> int:
    print(f"{PROG}: error: {message}", file=sys.stderr)
    return USAGE


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status (``--help`` and ``--version`` exit by SystemExit 0)."""
    parser = build_parser()
    try:
        args, unknown = parser.parse_known_args(argv)
        if unknown:
            _refuse_unknown(getattr(args, "command_parser", parser), unknown)
    except _UsageError as exc:
        return _fail(f"{exc} (see {exc.prog} --help)")
    stream = out if out is not None else sys.stdout
    # (the words after the command, for a command that asks which options were given, not only their values)
    words = list(sys.argv[1:] if argv is None else argv)
    args.words = words[words.index(args.command) + 1 :] if args.command in words else []
    if args.command is None:
        parser.print_help(stream)
        return 0
    try:
        return _MODULES[args.command].run(args, stream)
    except RulesError as exc:
        return _fail(" ".join(_as_given(exc, args).split()))
    except RailroadCanastaError as exc:
        return _fail(" ".join(str(exc).split()))
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:
        # The reader went away (``demo | head``): stop quietly, as a program killed by SIGPIPE would.
        if out is None:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        return BROKEN_PIPE
