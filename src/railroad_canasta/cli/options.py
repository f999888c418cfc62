"""The ``--rules OPTION=VALUE`` argument that several commands share: one way to add and read it."""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from typing import Any

from railroad_canasta.core.errors import RailroadCanastaError, excerpt
from railroad_canasta.core.seed import MAX_SEED_BITS, check_seed
from railroad_canasta.scenarios.model import RuleValue
from railroad_canasta.scenarios.options import parse_rules_override

__all__ = ["add_rules_argument", "rules_overrides", "seed_argument", "seed_of"]


def add_rules_argument(parser: argparse.ArgumentParser, what: str) -> None:
    """Add the repeatable ``--rules OPTION=VALUE`` argument; ``what`` says what the option is set for."""
    parser.add_argument(
        "--rules",
        action="append",
        default=[],
        metavar="OPTION=VALUE",
        help=f"set a rules option {what}, e.g. kitty_timing=same-turn (repeatable)",
    )


def rules_overrides(
    texts: Iterable[str], rules_cls: type[Any], flag: str = "--rules"
) -> tuple[tuple[str, RuleValue], ...]:
    """The ``option=value`` texts of ``flag`` (``--rules``) read as options of ``rules_cls``.

    Raises :class:`~railroad_canasta.core.errors.RailroadCanastaError` naming ``flag`` for an unknown
    option or an unfit value (the command line reports it as one line, exit status 2).
    """
    try:
        return tuple(parse_rules_override(text, rules_cls) for text in texts)
    except RailroadCanastaError as exc:
        raise RailroadCanastaError(f"{flag} {exc}") from None


def seed_argument(text: str) -> int:
    """A ``--seed`` value: a decimal int of at most :data:`MAX_SEED_BITS` bits (else one usage line)."""
    try:
        return check_seed(int(text))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"invalid seed {excerpt(text)}: a whole number of at most {MAX_SEED_BITS} bits"
        ) from None


def seed_of(seed: int | None) -> int:
    """``seed``, or a fresh secret seed (:func:`~railroad_canasta.game.new_seed`) when none was given."""
    from railroad_canasta.game import new_seed

    return new_seed() if seed is None else seed
