"""The ``diff-rules`` command: the smallest position on which two readings of the rules part.

``diff-rules --rules OPTION=VALUE`` compares the variant's default rules with the rules given;
``--a``/``--b`` compare two option sets. It prints (or writes to ``--out``) a scenario file that ``check``
accepts, with one ``[[expect]]`` per reading; without a difference in the budget it says so in one line,
exit status 1 (see :func:`railroad_canasta.scenarios.lab.rules_diff`).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from railroad_canasta.cli.options import rules_overrides
from railroad_canasta.core.errors import RailroadCanastaError
from railroad_canasta.core.options import rules_from_mapping
from railroad_canasta.scenarios.lab import DEFAULT_BUDGET, differing_options, rules_diff
from railroad_canasta.scenarios.options import rules_type
from railroad_canasta.variants import VARIANTS

__all__ = ["HELP", "configure", "diff_rules", "run"]

#: The command's line in the command line's help.
HELP = "find the smallest position on which two readings of the rules part"


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the ``diff-rules`` command's arguments to its parser."""
    for flag, what in (("--rules", "against the defaults"), ("--a", "of reading a"), ("--b", "of reading b")):
        parser.add_argument(
            flag,
            action="append",
            default=[],
            metavar="OPTION=VALUE",
            help=f"a rules option {what}, e.g. kitty_timing=same-turn (repeatable)",
        )
    parser.add_argument(
        "--variant", choices=tuple(VARIANTS), default="railroad", help="the variant (default railroad)"
    )
    parser.add_argument("--out", metavar="FILE", help="write the scenario file here instead of printing it")
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET, help="positions tried at most")
    parser.add_argument("--seed", type=int, default=0, help="the seed of the search")


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Run the ``diff-rules`` command the arguments describe; returns the exit status."""
    return diff_rules(args.variant, args.rules, args.a, args.b, out, args.out, args.budget, args.seed)


def diff_rules(
    variant: str,
    rules_texts: Sequence[str],
    a_texts: Sequence[str],
    b_texts: Sequence[str],
    out: TextIO,
    out_file: str | None = None,
    budget: int = DEFAULT_BUDGET,
    seed: int = 0,
) -> int:
    """Search the smallest scenario on which the two readings part; write it to ``out`` or ``out_file``.

    Returns 0 with a scenario, 1 when none is found within ``budget`` positions. Raises
    :class:`~railroad_canasta.core.errors.RailroadCanastaError` for a mistake on the command line.
    """
    if rules_texts and (a_texts or b_texts):
        raise RailroadCanastaError("give --rules (against the defaults) or --a/--b, not both")
    if not (rules_texts or a_texts or b_texts):
        raise RailroadCanastaError("give the rules to compare: --rules OPTION=VALUE, or --a and --b")
    if budget < 1:
        raise RailroadCanastaError(f"--budget must be 1 or more, not {budget}")
    cls = rules_type(variant)
    sides = []
    for flag, texts in (("--a", a_texts), ("--rules" if rules_texts else "--b", rules_texts or b_texts)):
        options = rules_overrides(texts, cls, flag)
        try:
            sides.append(rules_from_mapping(cls, dict(options), path=""))
        except RailroadCanastaError as exc:
            raise RailroadCanastaError(f"{flag} {exc}") from None
    if not differing_options(sides[0], sides[1]):
        out.write("no difference found: the two rule sets are the same (0 positions tried, 0.0 s)\n")
        return 1
    started = time.process_time()
    found = rules_diff(sides[0], sides[1], budget=budget, seed=seed)
    seconds = time.process_time() - started
    if found is None:
        out.write(f"no difference found: {budget} positions tried in {seconds:.1f} s of CPU time\n")
        return 1
    if out_file is None:
        out.write(found.text)
        return 0
    try:
        Path(out_file).write_text(found.text, encoding="utf-8")
    except OSError as exc:
        raise RailroadCanastaError(f"--out {out_file}: cannot be written: {exc.strerror or exc}") from None
    out.write(f"{out_file}: {found.size} (after {found.tried} positions, {seconds:.1f} s of CPU time)\n")
    return 0
