#!/usr/bin/env python3
"""Guard ablation: every guard row switched off in turn must be noticed; every decision flipped must matter.

Usage: ``python tools/ablate.py [--jobs N] [--tests always|fallback] [--plant] [--only KEY ...]``

For every distinct row of every registered variant's guard tables
(``ablation.ablation_rows``, ``tools/ablation.py``), the row is switched off (``ablation.ablated``: its
check always holds, and every declared restatement of its clause is off, so the generator asks the tables)
and the move generator must still list what the tables accept over sampled positions (a restatement of the
clause that is not declared fails here); then the conformance scenarios of ``spec/scenarios`` are run; a row
no scenario notices is
then tried against the tests citing its clause (pytest in a subprocess, the row off, ``--ablate-clause``).
A row nobody notices is reported with its clause and the check fails (exit 1). ``--tests always`` runs
the clause's tests for every row.

For every decision option (``Option: `Rules.name``` of a ``R-DEC-n`` clause of ``spec/*.md``), every
scenario is run again with the option flipped in every expectation (a bool negated, an enum set to each
other member); at least one scenario's outcome must change, or the check fails.

``--plant`` adds a guard that refuses nothing real and that no test cites, to prove that the check is not
vacuous: the run must then fail naming it (``nox -s ablation`` requires that).
"""

from __future__ import annotations

import argparse
import enum
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import attrs

from railroad_canasta.scenarios.model import Scenario
from railroad_canasta.scenarios.options import rules_for
from railroad_canasta.scenarios.reader import load_scenario
from railroad_canasta.scenarios.runner import run_scenario, scenario_files
from railroad_canasta.variants import VARIANTS

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ablation import (
    PLANTED_CLAUSE,
    AblationRow,
    ablated,
    ablation_rows,
    generator_disagreements,
    plant,
    sample_positions,
)

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "spec" / "scenarios"
OPTION_LINE = re.compile(r"^Option: `\w*Rules\.(\w+)`")
DECISION_HEADING = re.compile(r"^### \[(R-(?:[A-Z]+-)?DEC-\d+)\]")
FAILED_LINE = re.compile(r"^(?:FAILED|ERROR) (\S+)")


def load_scenarios() -> list[Scenario]:
    """Every scenario of ``spec/scenarios``."""
    return [load_scenario(p) for p in scenario_files([SCENARIOS])]


def _relative(file: str) -> str:
    path = Path(file)
    return str(path.relative_to(ROOT)) if path.is_absolute() and path.is_relative_to(ROOT) else file


def failing_scenarios(scenarios: Iterable[Scenario]) -> list[str]:
    """The files of the scenarios that fail (or raise) with the engine as it is now."""
    out: list[str] = []
    for scenario in scenarios:
        try:
            report = run_scenario(scenario)
        except Exception as exc:  # an engine that breaks under an ablation noticed it too
            out.append(f"{_relative(scenario.file)} ({type(exc).__name__})")
            continue
        if not all(r.passed for r in report.results):
            out.append(_relative(scenario.file))
    return out


def failing_tests(row: AblationRow) -> list[str]:
    """The tests citing the row's clause that fail with the row off: the engine tests first, then the rest.

    The engine tests (``tests/**/test_*engine*.py``, every variant's) are quick; the property and stateful
    tests run only when none of them notices, since the generator answering from the tables alone makes
    them slow.
    """
    engine = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests").rglob("test_*engine*.py"))
    return _pytest_failures(row, engine) or _pytest_failures(
        row, ["tests", *(f"--ignore={e}" for e in engine)]
    )


def _pytest_failures(row: AblationRow, paths: Sequence[str]) -> list[str]:
    cmd = [
        sys.executable,
        "-m",
        "pytest",
        *paths,
        "-p",
        "ablation",
        f"--ablate={row.key}",
        f"--ablate-clause={row.clause}",
        *(["--ablate-plant"] if row.clause == PLANTED_CLAUSE else []),
        "-q",
        "--tb=no",
        "-rfE",
        "--maxfail=3",
        "-p",
        "no:cacheprovider",
    ]
    tools = str(ROOT / "tools")
    path = os.pathsep.join(p for p in (tools, os.environ.get("PYTHONPATH", "")) if p)
    env = {**os.environ, "HYPOTHESIS_PROFILE": os.environ.get("HYPOTHESIS_PROFILE", "ci"), "PYTHONPATH": path}
    done = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    failed = [m.group(1) for line in done.stdout.splitlines() if (m := FAILED_LINE.match(line))]
    if done.returncode not in (0, 1, 5) or (done.returncode == 1 and not failed):
        raise RuntimeError(
            f"pytest failed to run for {row.key}:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
        )
    return failed


@attrs.frozen
class Outcome:
    """What noticed one ablation."""

    row: AblationRow
    scenarios: tuple[str, ...]
    tests: tuple[str, ...]
    tests_run: bool
    #: Where the generator disagreed with the tables under the ablation (an undeclared restatement).
    undeclared: tuple[str, ...] = ()

    @property
    def caught(self) -> bool:
        return bool(self.scenarios or self.tests)


def ablate_row(
    row: AblationRow, scenarios: Sequence[Scenario], always_tests: bool, positions: Sequence[object] = ()
) -> Outcome:
    """Switch ``row`` off, compare the generator with the tables over ``positions``, run the scenarios (and
    the clause's tests when needed)."""
    undeclared = generator_disagreements(row, positions)
    own = [s for s in scenarios if s.variant == row.variant]
    with ablated(row):
        caught = failing_scenarios(own)
    tests: list[str] = []
    run_tests = always_tests or not caught
    if run_tests:
        tests = failing_tests(row)
    return Outcome(row, tuple(caught), tuple(tests), run_tests, tuple(undeclared))


_WORKER: dict[str, object] = {}


def _work(args: tuple[str, bool, bool]) -> Outcome:
    key, always, planted = args
    if "scenarios" not in _WORKER:
        if planted and not any(r.clause == PLANTED_CLAUSE for r in ablation_rows()):
            plant()
        _WORKER["scenarios"] = load_scenarios()
    rows = {r.key: r for r in ablation_rows()}
    row = rows[key]
    positions = _WORKER.get(row.variant)
    if positions is None:
        positions = _WORKER[row.variant] = sample_positions(row.variant)
    return ablate_row(row, _WORKER["scenarios"], always, positions)  # type: ignore[arg-type]


# ------------------------------------------------------------------------------------------ decisions


def decision_options(spec: Path = ROOT / "spec") -> list[tuple[str, str]]:
    """``(clause, option)`` of every decision clause of ``spec/**/*.md`` (every variant's spec)."""
    out: list[tuple[str, str]] = []
    for path in sorted(spec.rglob("*.md")):
        clause = None
        for line in path.read_text(encoding="utf-8").splitlines():
            if m := DECISION_HEADING.match(line):
                clause = m.group(1)
            elif (m := OPTION_LINE.match(line)) and clause is not None:
                out.append((clause, m.group(1)))
    return out


def alternatives(value: object) -> list[object]:
    """The other readings of an option's value: a bool negated, each other member of an enum."""
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, enum.Enum):
        return [m for m in type(value) if m is not value]
    return []


def flipped(scenario: Scenario, option: str, pick: int) -> Scenario | None:
    """``scenario`` with ``option`` pinned to its ``pick``-th other reading in every expectation."""
    expectations = []
    changed = False
    for exp in scenario.expectations:
        try:
            value = getattr(rules_for(scenario, exp.rules), option)
        except Exception:
            return None
        others = alternatives(value)
        if pick >= len(others):
            expectations.append(exp)
            continue
        changed = True
        pins = (*(p for p in exp.rules if p[0] != option), (option, others[pick]))
        expectations.append(attrs.evolve(exp, rules=pins))
    return attrs.evolve(scenario, expectations=tuple(expectations)) if changed else None


def flip_decision(option: str, scenarios: Sequence[Scenario]) -> list[tuple[str, list[str]]]:
    """For each other reading of ``option``: its name and the scenarios whose outcome it changes."""
    readings: list[tuple[str, list[str]]] = []
    for pick in range(8):
        variants = [f for s in scenarios if (f := flipped(s, option, pick)) is not None]
        if not variants:
            break
        label = "other reading" if pick == 0 else f"reading {pick + 1}"
        enums = [v for s in scenarios for v in [_first_alt(s, option, pick)] if v is not None]
        if enums:
            label = str(enums[0])
        readings.append((label, failing_scenarios(variants)))
    return readings


def _first_alt(scenario: Scenario, option: str, pick: int) -> str | None:
    for exp in scenario.expectations:
        try:
            others = alternatives(getattr(rules_for(scenario, exp.rules), option))
        except Exception:
            return None
        if pick < len(others):
            value = others[pick]
            return f"{value.name}" if isinstance(value, enum.Enum) else str(value)
    return None


# ------------------------------------------------------------------------------------------- report


def _cell(items: Sequence[str], most: int = 2) -> str:
    shown = ", ".join(items[:most])
    return shown + (f" (+{len(items) - most})" if len(items) > most else "")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--tests", choices=("fallback", "always"), default="fallback")
    parser.add_argument("--plant", action="store_true", help="plant an uncited guard (the run must fail)")
    parser.add_argument("--only", nargs="*", default=None, help="only these row keys (and no decisions)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    if args.plant:
        plant()
    rows = [r for r in ablation_rows() if args.only is None or r.key in args.only or r.clause in args.only]
    work = [(r.key, args.tests == "always", args.plant) for r in rows]
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            outcomes = list(pool.map(_work, work))
    else:
        outcomes = [_work(w) for w in work]

    print("| row | clause | what must hold | caught by |")
    print("| --- | --- | --- | --- |")
    for o in outcomes:
        by = _cell(list(o.scenarios)) if o.scenarios else ""
        if o.tests:
            by = (by + "; " if by else "") + "tests: " + _cell(list(o.tests))
        print(f"| {o.row.key} | {o.row.clause} | {o.row.rule} | {by or '**NOBODY**'} |")
    uncaught = [o for o in outcomes if not o.caught]
    by_scenarios = sum(1 for o in outcomes if o.scenarios)
    by_tests_only = sum(1 for o in outcomes if o.tests and not o.scenarios)
    tables = sum(len(v.tables) for v in VARIANTS.values())
    print(
        f"\nablation: {len(outcomes)} guard rows of {tables} tables in {len(VARIANTS)} variant(s) "
        "switched off, "
        f"{len(outcomes) - len(uncaught)} caught ({by_scenarios} by the scenarios, {by_tests_only} by tests "
        f"only), {len(uncaught)} uncaught"
    )
    failures = [
        f"row {o.row.key} [{o.row.clause}] {o.row.rule!r}: nobody noticed its removal" for o in uncaught
    ]
    undeclared = [o for o in outcomes if o.undeclared]
    print(
        f"generator: {len(outcomes) - len(undeclared)} rows switched off with the generator still the tables'"
    )
    failures += [
        f"row {o.row.key} [{o.row.clause}]: the generator restates it undeclared "
        f"({len(o.undeclared)} positions, e.g. {o.undeclared[0]})"
        for o in undeclared
    ]

    if args.only is None:
        scenarios = load_scenarios()
        print("\n| decision | option | reading flipped to | scenarios changed |")
        print("| --- | --- | --- | --- |")
        flips = changed = 0
        for clause, option in decision_options():
            readings = flip_decision(option, scenarios)
            if not readings:
                print(f"| {clause} | {option} | (not a two-way option: fixed by each position) | |")
                continue
            for label, files in readings:
                flips += 1
                changed += bool(files)
                print(f"| {clause} | {option} | {label} | {_cell(files) if files else '**NONE**'} |")
                if not files:
                    failures.append(f"{clause} {option}={label}: no scenario's outcome changes")
        print(f"\ndecisions: {flips} readings flipped, {changed} changed at least one scenario's outcome")
    print(f"ablation took {time.perf_counter() - start:.1f} s")
    for line in failures:
        print(f"FAIL: {line}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
