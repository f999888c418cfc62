"""The ``explain`` command: the decision for one move in a scenario's position, with the engine's guards."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TextIO

from railroad_canasta.cli.options import add_rules_argument, rules_overrides
from railroad_canasta.core.errors import NotationError, RailroadCanastaError
from railroad_canasta.core.moves import Move, parse_move
from railroad_canasta.scenarios import explain_scenario, load_scenario, rules_for
from railroad_canasta.scenarios.options import rules_type

__all__ = ["HELP", "configure", "explain", "run"]


#: The command's line in the command line's help.
HELP = "explain the decision for one move in a scenario's position"


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the ``explain`` command's arguments to its parser."""
    parser.add_argument("file", metavar="FILE", help="a scenario file")
    parser.add_argument(
        "move", nargs="+", metavar="MOVE", help="a move, e.g. take-pile 9; 'a; b' plays a first"
    )
    add_rules_argument(parser, "over the file's")


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Run the ``explain`` command the arguments describe; returns the exit status."""
    return explain(args.file, " ".join(args.move), out, args.rules)


def _moves(text: str) -> list[Move]:
    moves = []
    for part in text.split(";"):
        if not part.strip():
            continue
        try:
            moves.append(parse_move(part.strip()))
        except NotationError as exc:
            raise RailroadCanastaError(f"{part.strip()!r} is not a move: {exc.reason}") from None
    if not moves:
        raise RailroadCanastaError("no move given")
    return moves


def explain(file: str, move_text: str, out: TextIO, rules_texts: Sequence[str] = ()) -> int:
    """Write the decision for a move in the position of scenario ``file`` to ``out``.

    ``move_text`` is one move in move notation; several moves separated by ``;`` are played in turn and the
    last one is explained. ``rules_texts`` are ``option=value`` texts laid over the file's ``[rules]``.
    Returns 0 when the move is legal and 1 when it is illegal. Raises
    :class:`~railroad_canasta.core.errors.RailroadCanastaError` when the file, the move or an override
    cannot be read, the position cannot exist, or a move before the last is illegal.
    """
    moves = _moves(move_text)
    scenario = load_scenario(file)
    overrides = rules_overrides(rules_texts, rules_type(scenario.variant))
    explanation = explain_scenario(scenario, moves, rules_for(scenario, overrides))
    out.write("".join(f"{line}\n" for line in explanation.lines()))
    return 0 if explanation.legal else 1
