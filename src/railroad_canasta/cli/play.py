"""The ``play`` command: a game in the terminal against bots (needs the ``play`` extra, Textual)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TextIO

from railroad_canasta.cli.options import add_rules_argument, rules_overrides, seed_argument, seed_of
from railroad_canasta.core.errors import RailroadCanastaError
from railroad_canasta.core.options import rules_from_mapping
from railroad_canasta.game import AnyRules
from railroad_canasta.session import BOTS, GameSession
from railroad_canasta.variants import VARIANTS, variant_named
from railroad_canasta.variants.railroad.rules import Rules

__all__ = ["HELP", "CommandError", "add_table_arguments", "configure", "needs", "rules_of", "run"]

#: The command's line in the command line's help.
HELP = "play a game in the terminal against bots (extra [play])"


class CommandError(RailroadCanastaError):
    """A command cannot run as asked: an optional extra is missing, a file cannot be read..."""


def missing(module: str, extra: str, what: str = "this command") -> CommandError:
    """The error that says ``what`` needs ``extra``, whose ``module`` is not installed."""
    return CommandError(
        f"{what} needs the '{extra}' extra ({module} is not installed): "
        f"pip install 'railroad-canasta[{extra}]'"
    )


def needs(module: str, extra: str) -> None:
    """Raise :func:`missing`'s error when ``module`` cannot be imported."""
    import importlib.util

    if importlib.util.find_spec(module) is None:
        raise missing(module, extra)


def add_table_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of a table against bots (``play`` and ``serve``): variant, players, seed, bots."""
    parser.add_argument(
        "--variant",
        choices=tuple(VARIANTS),
        default=Rules.variant,
        help=f"the rule set played (default {Rules.variant})",
    )
    parser.add_argument(
        "--players",
        type=int,
        default=None,
        help="number of players: railroad 2 to 8 (default 2), classic 2, 3, 4 or 6 (default 4)",
    )
    parser.add_argument(
        "--seed",
        type=seed_argument,
        default=None,
        help="the game seed, for a reproducible demo (default: a fresh secret seed, shown at the end)",
    )
    parser.add_argument("--bots", choices=BOTS, default="greedy", help="which bots play (default greedy)")
    add_rules_argument(parser, "of the game")


def rules_of(args: argparse.Namespace) -> AnyRules:
    """The rules the arguments name: the variant's, ``--players`` (or the default number) and ``--rules``."""
    variant = variant_named(args.variant)
    options = dict(rules_overrides(args.rules, variant.rules_type))
    if args.players is not None:
        options["players"] = args.players
    rules: AnyRules = rules_from_mapping(variant.rules_type, options, path="rules")
    return rules


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the ``play`` command's arguments to its parser."""
    add_table_arguments(parser)
    parser.add_argument("--seat", type=int, default=0, help="your seat, from 0 (default 0)")
    parser.add_argument("--save", type=Path, default=None, help="where ctrl+s saves the game (a JSON record)")
    parser.add_argument("--resume", type=Path, default=None, help="play on from a saved game record")


def session_of(args: argparse.Namespace) -> GameSession:
    """The game the arguments describe: a new one, or the one saved in ``--resume``."""
    if args.resume is not None:
        try:
            return GameSession.resume(args.resume, human=args.seat, bot=args.bots)
        except OSError as exc:
            raise CommandError(f"cannot read {args.resume}: {exc.strerror}") from exc
    rules = rules_of(args)
    if not 0 <= args.seat < rules.players:
        raise CommandError(f"--seat must be from 0 to {rules.players - 1}, not {args.seat}")
    return GameSession(rules, seed_of(args.seed), human=args.seat, bot=args.bots)


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Play in the terminal; returns the exit status."""
    session = session_of(args)
    needs("textual", "play")
    from railroad_canasta.tui import PlayApp

    PlayApp(session, save_to=args.save).run()
    return 0
