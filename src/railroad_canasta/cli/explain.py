"""The ``explain`` command: the decision for one move in a scenario's position, with the engine's guards."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TextIO

from railroad_canasta.cli.options import add_rules_argument, rules_overrides
from railroad_canasta.core.errors import NotationError, RailroadCanastaError
from railroad_canasta.core.moves import Move, parse_move
from railroad_canasta.scenarios import explain_scenario, load_scenario, rules_for
from railroad_canasta.scenarios.explain import entry_moves
from railroad_canasta.scenarios.options import rules_type

__all__ = ["HELP", "configure", "explain", "run"]


#: The command's line in the command line's help.
HELP = "explain the decision for one move in a scenario's position"


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the ``explain`` command's arguments to its parser."""
    parser.add_argument("file", metavar="FILE", help="a scenario file")
    parser.add_argument(
        "move",
        nargs="*",
        metavar="MOVE",
        help="a move, e.g. take-pile 9; 'a; b' plays a first (default with --expect: the entry's move)",
    )
    parser.add_argument(
        "--expect",
        type=int,
        metavar="N",
        help="in the position of the file's N-th [[expect]] entry: its set, its rules, after its moves",
    )
    add_rules_argument(parser, "over the file's")


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Run the ``explain`` command the arguments describe; returns the exit status."""
    return explain(args.file, " ".join(args.move), out, args.rules, args.expect)


def _moves(text: str, default: Sequence[Move] = ()) -> list[Move]:
    moves = []
    for part in text.split(";"):
        if not part.strip():
            continue
        try:
            moves.append(parse_move(part.strip()))
        except NotationError as exc:
            raise RailroadCanastaError(f"{part.strip()!r} is not a move: {exc.reason}") from None
    if not moves and len(default) == 1:
        return list(default)
    if not moves:
        raise RailroadCanastaError(
            "no move given" + (": the entry asks about several, name one" if default else "")
        )
    return moves


def explain(
    file: str, move_text: str, out: TextIO, rules_texts: Sequence[str] = (), entry: int | None = None
) -> int:
    """Write the decision for a move in the position of scenario ``file`` to ``out``.

    ``move_text`` is one move in move notation; several moves separated by ``;`` are played in turn and the
    last one is explained. ``rules_texts`` are ``option=value`` texts laid over the file's ``[rules]``.
    ``entry`` (from 1) explains in the position of that ``[[expect]]`` entry: its ``set`` table, its
    ``rules`` pins (over the overrides, as ``check`` lays them) and its ``after`` moves played first; with
    no move given, the move its ``legal`` or ``illegal`` check asks about. Returns 0 when the move is legal
    and 1 when it is illegal. Raises :class:`~railroad_canasta.core.errors.RailroadCanastaError` when the
    file, the move, the entry or an override cannot be read, the position cannot exist, or a move before
    the last is illegal.
    """
    scenario = load_scenario(file)
    overrides = rules_overrides(rules_texts, rules_type(scenario.variant))
    if entry is None:
        moves = _moves(move_text)
        explanation = explain_scenario(scenario, moves, rules_for(scenario, overrides))
    else:
        expectation, asked = entry_moves(scenario, entry)
        moves = _moves(move_text, asked)
        rules = rules_for(scenario, overrides, expectation.rules)
        explanation = explain_scenario(scenario, moves, rules, expectation)
    out.write("".join(f"{line}\n" for line in explanation.lines()))
    return 0 if explanation.legal else 1
