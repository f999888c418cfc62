"""Fuzz the public API, the command line and the web table (issue 24's harness), offline and at volume.

    PYTHONPATH=src python tools/fuzz_api.py --calls 100000 --cli 1000 --web 5000 --seed 1

Prints each fuzzer's report: calls, what came back, each distinct documented error with its count, and
every escape (an exception the library did not raise on purpose). Exit status 1 when something escaped.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from fuzzing import FuzzReport, fuzz_api, fuzz_cli, fuzz_web  # noqa: E402  (a helper of the tests)


def main() -> int:
    """Run the fuzzers the arguments ask for; 1 if anything escaped."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=100_000, help="calls of public functions")
    parser.add_argument("--cli", type=int, default=500, help="command lines run")
    parser.add_argument("--web", type=int, default=2000, help="requests to the web table")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    escaped = 0
    files = (
        str(ROOT / "spec" / "scenarios"),
        str(ROOT / "README.md"),
        "/nonexistent",
        str(ROOT / "pyproject.toml"),
    )
    runs: tuple[tuple[str, Callable[[], FuzzReport]], ...] = (
        ("public API", lambda: fuzz_api(args.calls, seed=args.seed)),
        ("command line", lambda: fuzz_cli(args.cli, seed=args.seed, files=files)),
        ("web table", lambda: fuzz_web(args.web, seed=args.seed)),
    )
    for title, run in runs:
        started = time.perf_counter()
        report = run()
        print(f"== {title} ({time.perf_counter() - started:.1f} s)")
        print(report.text())
        escaped += len(report.escapes)
    return 1 if escaped else 0


if __name__ == "__main__":
    sys.exit(main())
