"""The ``check`` command: run scenario files against the engine and print PASS or FAIL for every check."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TextIO

from railroad_canasta.cli.options import add_rules_argument, rules_overrides
from railroad_canasta.core.errors import RailroadCanastaError
from railroad_canasta.scenarios import ScenarioError, load_scenario, run_scenario
from railroad_canasta.scenarios import scenario_files as find_scenario_files
from railroad_canasta.scenarios.runner import overrides_line, summary_line
from railroad_canasta.variants.railroad.rules import Rules

__all__ = ["HELP", "check", "configure", "run"]


#: The command's line in the command line's help.
HELP = "check scenario files against the engine"


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the ``check`` command's arguments to its parser."""
    parser.add_argument(
        "paths", nargs="+", metavar="FILE_OR_DIR", help="scenario files, or directories searched for *.toml"
    )
    add_rules_argument(parser, "for every file")


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Run the ``check`` command the arguments describe; returns the exit status."""
    return check(args.paths, args.rules, out)


def check(paths: Sequence[str], rules_texts: Sequence[str], out: TextIO) -> int:
    """Run scenario files and directories and write the report to ``out``.

    ``rules_texts`` are ``option=value`` texts applied on top of each file's ``[rules]`` (expectations
    that pin an option keep their pin). Returns 0 when every check passes, 1 when one fails, and 2 when a
    file cannot be read or describes an impossible position (its ``ERROR`` line is in the report). Raises
    :class:`~railroad_canasta.core.errors.RailroadCanastaError` for a mistake on the command line: an
    invalid override, or paths that hold no scenario file.
    """
    overrides = rules_overrides(rules_texts, Rules)
    try:
        # An override no rules accept (players=99) is a mistake on the command line, not in the files.
        Rules().replace(**dict(overrides))
    except RailroadCanastaError as exc:
        raise RailroadCanastaError(f"--rules {exc}") from None
    files = find_scenario_files(paths)
    if not files:
        raise RailroadCanastaError(f"no scenario files in {', '.join(paths)}")
    checks = failed = errors = 0
    for path in files:
        try:
            report = run_scenario(load_scenario(path), overrides)
        except ScenarioError as exc:
            errors += 1
            out.write("".join(f"ERROR {each}\n" for each in getattr(exc, "errors", (exc,))))
            continue
        checks += len(report.results)
        failed += len(report.failures)
        out.write("".join(f"{line}\n" for line in report.lines()))
    if overrides:
        out.write(overrides_line(overrides) + "\n")
    out.write(summary_line(len(files), checks, failed, errors) + "\n")
    return 2 if errors else 1 if failed else 0
