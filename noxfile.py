"""Development sessions: `nox` runs the default list, `nox -s NAME` one session, `nox -R` reuses venvs."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import nox

# Flip to True once the engine cites every clause: then a clause with no `# rule:` citation fails `trace`.
STRICT_PENDING = True

ROOT = Path(__file__).parent
PYPROJECT = nox.project.load_toml(ROOT / "pyproject.toml")
# Python 3.11 when it is on PATH, else the interpreter running nox (uv cannot download one here).
PYTHON: str | None = "3.11" if shutil.which("python3.11") else None
PACKAGE_DEPS: list[str] = PYPROJECT["project"]["dependencies"]
# Modules carrying PEP 316 `pre:`/`post:` contracts, checked by CrossHair.
CONTRACT_MODULES = [
    "core/cards.py",
    "variants/railroad/rules.py",
    "variants/railroad/scoring.py",
    "variants/railroad/floor.py",
    "variants/railroad/steps.py",
    "variants/railroad/requirement.py",
    "variants/classic/arithmetic.py",
]
CROSSHAIR_FLAGS = ["--analysis_kind=PEP316", "--per_condition_timeout=10", "--per_path_timeout=2"]
# Each canary must make CrossHair exit 1 naming its function: an arithmetic slip, and two rule bugs that
# the rule's own contract catches (a Railroad meld allowed four wild cards; a classic meld of two naturals
# allowed three wild cards).
CANARIES = {
    "tests/core/contracts/canary.py": "canary_clamp",
    "tests/core/contracts/canary_rules.py": "canary_meld_form_problem",
    "tests/core/contracts/canary_classic.py": "canary_wild_room",
}
# Branch coverage floors (percent) of `nox -s tests` by part of src/railroad_canasta ("": all of it but
# ELSEWHERE); measured on 30 November 2026 at the second pass: core 98.3, variants 97.0, the rest 95.1.
COVERAGE_FLOORS = {"core": 95.0, "variants": 95.0, "": 90.0}
# Parts whose tests need an extra and run in their own session (openspiel, pettingzoo, ray, ui), not here.
ELSEWHERE = ["adapters/openspiel.py", "adapters/pettingzoo.py", "simulation/ray_backend.py", "tui/*", "web/*"]
# State-machine steps per CI run (the volume walk of `nox -s tests`) and per `nox -s soak`.
VOLUME_STEPS = 100_000
SOAK_STEPS = 10_000_000
LINT_PATHS = ["src", "tests", "tests_ui", "tools", "noxfile.py", "docs/conf.py", "examples", "bench"]
# The browser of the UI session: Debian's package (Playwright cannot download its own browsers here).
CHROMIUM = Path("/usr/bin/chromium")

nox.options.default_venv_backend = "uv|virtualenv"
nox.options.sessions = [
    "lint", "typecheck", "tests", "contracts", "docs", "trace", "ui", "openspiel", "pettingzoo", "ray",
    "ablation", "decision_examples",
]  # fmt: skip
nox.options.reuse_venv = "yes"
nox.options.error_on_missing_interpreters = True


def group(name: str) -> list[str]:
    """The requirements of a PEP 735 dependency group of pyproject.toml."""
    return list(nox.project.dependency_groups(PYPROJECT, name))


def install_project(session: nox.Session, *groups: str) -> None:
    """Install the groups' tools, the package's dependencies, and the package itself (rebuilt each run).

    The package is a real (non-editable) install, so tests see what a user gets; it is reinstalled every
    time because a reused venv would otherwise keep a stale build of an unchanged version number.
    """
    session.install(*PACKAGE_DEPS, *(req for g in groups for req in group(g)))
    if session.venv_backend == "uv":
        session.install("--no-deps", "--reinstall-package", "railroad-canasta", ".")
    else:
        session.install("--no-deps", "--force-reinstall", ".")


@nox.session(python=PYTHON)
def lint(session: nox.Session) -> None:
    """ruff check and ruff format --check."""
    session.install(*group("lint"))
    paths = [p for p in LINT_PATHS if (ROOT / p).exists()]
    session.run("ruff", "check", *paths)
    session.run("ruff", "format", "--check", *paths)


@nox.session(python=PYTHON)
def typecheck(session: nox.Session) -> None:
    """mypy --strict over src, tests and tools (the package is checked from src, not installed)."""
    session.install(*PACKAGE_DEPS, *group("typecheck"))
    session.run("mypy", "--strict", "src", "tests", "tools", *session.posargs)
    # A second run: tests_ui/ has its own conftest module.
    session.run("mypy", "--strict", "tests_ui", *session.posargs)


@nox.session(python=PYTHON)
def tests(session: nox.Session) -> None:
    """pytest (with the doctests of src) under the repeatable Hypothesis `ci` profile, with branch coverage
    and its floors; then the volume walk (VOLUME_STEPS random legal moves, every state checked)."""
    install_project(session, "test", "coverage")
    session.run("coverage", "erase")
    session.run("coverage", "run", "-m", "pytest", *session.posargs, env={"HYPOTHESIS_PROFILE": "ci"})
    session.run("coverage", "combine", "-q")
    session.run("coverage", "report", "--skip-covered", "--sort=cover")
    for part, floor in COVERAGE_FLOORS.items():
        include = (
            [f"--include=*/railroad_canasta/{part}/*"]
            if part
            else ["--omit=" + ",".join(f"*/railroad_canasta/{p}" for p in ELSEWHERE)]
        )
        out = str(session.run("coverage", "report", *include, silent=True) or "")
        total = float(next(ln for ln in out.splitlines() if ln.startswith("TOTAL")).split()[-1].rstrip("%"))
        where = (
            f"src/railroad_canasta/{part}"
            if part
            else "src/railroad_canasta, less the parts tested in their own sessions"
        )
        session.log(f"branch coverage of {where}: {total}% (floor {floor}%)")
        if total < floor:
            session.error(f"branch coverage of {where} is {total}%, below its floor of {floor}%")
    session.run("python", "-m", "railroad_canasta.testing.volume", str(VOLUME_STEPS))


def run_with_extra(session: nox.Session, extra: str, *paths: str) -> None:
    """Install the package with an optional extra and run its tests and doctests (nothing left out)."""
    install_project(session, "test")
    session.install(*PYPROJECT["project"]["optional-dependencies"][extra])
    env = {"HYPOTHESIS_PROFILE": "ci", "RAILROAD_CANASTA_EXTRAS": "1"}
    session.run("pytest", *paths, *session.posargs, env=env)


@nox.session(python=PYTHON)
def openspiel(session: nox.Session) -> None:
    """The OpenSpiel games: pyspiel.random_sim_test for every variant, OpenSpiel's bots, the docs page."""
    run_with_extra(
        session, "openspiel", "tests/adapters/test_openspiel.py", "src/railroad_canasta/adapters/openspiel.py"
    )


@nox.session(python=PYTHON)
def pettingzoo(session: nox.Session) -> None:
    """The PettingZoo environment: api_test and seed_test for every variant, whole games, the docs page."""
    run_with_extra(
        session,
        "pettingzoo",
        "tests/adapters/test_pettingzoo.py",
        "src/railroad_canasta/adapters/pettingzoo.py",
    )


@nox.session(python=PYTHON)
def ray(session: nox.Session) -> None:
    """simulate on a local Ray instance, then on a two-node Ray cluster on this machine (Ray's own test
    cluster, torn down at the end): the same JSON Lines as local processes, games per node, a node lost."""
    run_with_extra(session, "ray", "tests/adapters/test_ray.py", "tests/adapters/test_ray_cluster.py")


@nox.session(python=PYTHON, default=False)
def soak(session: nox.Session) -> None:
    """The volume walk over SOAK_STEPS steps (a progress line every 100,000), then long Hypothesis runs
    (profile `soak`) of the stateful, property and fuzz tests; not run by default."""
    install_project(session, "test")
    session.run("python", "-m", "railroad_canasta.testing.volume", str(SOAK_STEPS))
    # --hypothesis-show-statistics: how many examples each test ran; conftest adds the machine's steps.
    args = session.posargs or ["-k", "stateful or property or fuzz", "--hypothesis-show-statistics"]
    # Exit 5 (no test selected) is fine: the stateful/property tests may not exist yet.
    session.run("pytest", *args, env={"HYPOTHESIS_PROFILE": "soak"}, success_codes=[0, 5])


@nox.session(python=PYTHON, default=False)
def bench(session: nox.Session) -> None:
    """The benchmarks, side by side with the peers of the `bench` group (not run by default).

    `nox -s bench -- --rounds 60` passes its arguments to bench/bench.py; bench/bench_json.py follows (2 and
    8 players), then bench/bench_adapters.py (the OpenSpiel and PettingZoo adapters' cost beside the bare
    engine's, both variants) and bench/bench_scale.py (jobs 1 and 2 and Ray workers 1 and 2 with the load
    average; the cost of a line).
    """
    install_project(session, "bench")
    extras = PYPROJECT["project"]["optional-dependencies"]
    session.install(*extras["ray"], *extras["pettingzoo"])
    session.run("python", "bench/bench.py", *session.posargs)
    for players in ("2", "8"):
        session.run("python", "bench/bench_json.py", "--players", players)
    session.run("python", "bench/bench_adapters.py")
    session.run("python", "bench/bench_adapters.py", "--variant", "classic", "--players", "4")
    session.run("python", "bench/bench_scale.py")
    session.run("python", "bench/bench_scale.py", "--line-cost")


@nox.session(python=PYTHON)
def ablation(session: nox.Session) -> None:
    """Every guard row switched off in turn must fail a scenario or a test; every decision flipped must
    change a scenario (tools/ablate.py prints the table and the totals)."""
    install_project(session, "test")
    session.run("python", "tools/ablate.py", *session.posargs, env={"HYPOTHESIS_PROFILE": "ci"})


@nox.session(python=PYTHON)
def decision_examples(session: nox.Session) -> None:
    """The smallest example of each decision (docs/decisions/, docs/decision-examples.md) must be what the
    rules lab finds now: `nox -s decision_examples -- --write` regenerates them. In the default list: the
    search of all decisions takes about a minute of CPU time."""
    install_project(session)
    write = "--write" in session.posargs
    session.run("python", "tools/decision_examples.py", *([] if write else ["--check"]), "--table")


@nox.session(python=PYTHON, default=False)
def mutants(session: nox.Session) -> None:
    """Mutation testing (mutmut, pyproject's [tool.mutmut]) of the pure rule functions: meld kinds,
    bonuses, the requirement, scoring; prints the surviving mutants. Slow: not run by default."""
    session.install(*PACKAGE_DEPS, *group("test"), *group("mutants"))
    session.install("-e", ".")
    session.run("mutmut", "run", *session.posargs, env={"HYPOTHESIS_PROFILE": "ci"}, success_codes=[0, 1])
    session.run("mutmut", "results")


@nox.session(python=PYTHON)
def contracts(session: nox.Session) -> None:
    """CrossHair over the PEP 316 contracts; the canary must fail, proving CrossHair checks something."""
    install_project(session, "contracts")
    env = {"PYTHONHASHSEED": "0"}
    # Exit code 1 (a counterexample) is the only success for a canary.
    for canary, function in CANARIES.items():
        out = session.run(
            "crosshair", "check", canary, *CROSSHAIR_FLAGS, env=env, success_codes=[1], silent=True
        )
        if function not in str(out):
            session.error(f"crosshair exited 1 on {canary} without naming {function}:\n{out}")
        session.log(f"canary {canary}: crosshair found the planted counterexample (exit 1)")
    missing = [m for m in CONTRACT_MODULES if not (ROOT / "src/railroad_canasta" / m).exists()]
    if missing:
        session.error(f"contract modules missing from src/railroad_canasta: {missing}")
    modules = [f"src/railroad_canasta/{m}" for m in CONTRACT_MODULES]
    # --report_all: one line per condition (confirmed, not confirmed, or a counterexample), for the counts.
    # Exit 1 (a counterexample) is judged by the table below, which names the refuted condition.
    out = session.run(
        "crosshair",
        "check",
        *modules,
        *CROSSHAIR_FLAGS,
        "--report_all",
        *session.posargs,
        env=env,
        success_codes=[0, 1],
        silent=True,
    )
    report = ROOT / "build/contracts-report.txt"
    report.parent.mkdir(exist_ok=True)
    report.write_text(str(out), encoding="utf-8")
    # Per module: conditions confirmed, refuted, undecided, and unreported; fails on refuted or unreported.
    session.run("python", "tools/contract_report.py", str(report), *modules)


@nox.session(python=PYTHON)
def docs(session: nox.Session) -> None:
    """Sphinx HTML site (spec pages, API, traceability matrix); warnings are errors."""
    install_project(session, "docs")
    session.run("sphinx-build", "-W", "--keep-going", "-q", "-b", "html", "docs", "docs/_build/html")
    # The built pages' check (skipped by the tests session, which runs before any site is built).
    session.run(
        "pytest", "-q", "-p", "no:cacheprovider", "tests/project/test_docs_reprs.py", env={"DOCS_BUILT": "1"}
    )


@nox.session(python=PYTHON)
def ui(session: nox.Session) -> None:
    """The front ends, headless: the terminal game driven by Textual's Pilot, the web table and the docs
    site in Chromium (Playwright). Installs Debian's chromium when it is missing; screenshots are left in
    build/ui-artefacts/.
    """
    if not CHROMIUM.exists():
        sudo = [] if os.geteuid() == 0 else ["sudo"]
        session.run(*sudo, "apt-get", "update", "-qq", external=True)
        session.run(*sudo, "apt-get", "install", "-y", "-qq", "chromium", external=True)
    install_project(session, "ui", "docs")
    html = ROOT / "docs/_build/ui-html"
    session.run("sphinx-build", "-W", "--keep-going", "-q", "-b", "html", "docs", str(html))
    env = {"DOCS_HTML": str(html), "UI_ARTEFACTS": str(ROOT / "build/ui-artefacts")}
    session.run("pytest", "tests_ui", *session.posargs, env=env)


@nox.session(python=False)
def trace(session: nox.Session) -> None:
    """Spec <-> sources <-> code <-> tests traceability check; writes docs/_generated/trace-matrix.md.

    `nox -s trace -- strict` (or TRACE_STRICT=1, or STRICT_PENDING above) makes pending clauses errors.
    """
    strict = STRICT_PENDING or os.environ.get("TRACE_STRICT") == "1" or "strict" in session.posargs
    extra = [a for a in session.posargs if a != "strict"]
    # Standard library only: run it with the interpreter that runs nox (>= 3.11 for tomllib), no venv.
    session.run(
        sys.executable, "tools/trace.py", "--report", *(["--strict-pending"] if strict else []), *extra
    )
