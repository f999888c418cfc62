"""Benchmark two source trees side by side in one run: ``bench.py`` alternately on each.

Run: ``python bench/compare_trees.py OLD_SRC NEW_SRC [--repeats 3] [--rounds 30] [--players 2 4 8]
[--classic 4 2]``, where each ``*_SRC`` is a ``src`` folder (e.g. of a ``git worktree`` of the old
commit). The runs alternate (old, new, old, new, ...) so that a change in the machine's load hits both;
the table gives, per engine and player count (Railroad's, then classic's with ``--classic``), the median
and the mean of the per-run figures (CPU time per decision, from this tree's ``bench.py``, so both trees
are timed the same way) and the ratio new / old of each; a second table gives the tail: the median over
the runs of the p99 and of the slowest 1% over the mean.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

BENCH = Path(__file__).with_name("bench.py")


def run(
    src: str, rounds: int, players: list[int], bench: Path = BENCH, classic: list[int] | None = None
) -> list[dict[str, float]]:
    """One run of this tree's bench.py (CPU time per decision) against the package in ``src``."""
    env = dict(os.environ, PYTHONPATH=src)
    out = subprocess.run(
        [
            sys.executable,
            str(bench),
            "--json",
            "--rounds",
            str(rounds),
            "--players",
            *map(str, players),
            "--peer-games",
            "0",
            "--classic",
            *map(str, classic or []),
        ],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    results: list[dict[str, float]] = json.loads(out)["results"]
    # Railroad's rows, then classic's when asked (a tree without classic Canasta names no engine).
    return [r for r in results if classic or str(r.get("engine", "railroad")).startswith("railroad")]


def main() -> None:
    """Alternate the two trees and print the side-by-side table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 4, 8])
    parser.add_argument("--classic", type=int, nargs="*", default=[], help="classic player counts too")
    args = parser.parse_args()
    figures: dict[str, dict[str, dict[str, list[float]]]] = {"old": {}, "new": {}}
    rows: list[str] = []
    for _ in range(args.repeats):
        for name in ("old", "new"):
            for r in run(getattr(args, name), args.rounds, args.players, classic=args.classic):
                row = str(r.get("engine", f"railroad {int(r['players'])}p"))
                if row not in rows:
                    rows.append(row)
                per = figures[name].setdefault(row, {"median": [], "mean": [], "p99": [], "tail": []})
                per["median"].append(float(r["median_us"]))
                per["mean"].append(float(r["mean_us"]))
                per["p99"].append(float(r["p99_us"]))
                per["tail"].append(float(r["worst_1pct_mean_over_mean"]))
    # (figure, how the runs' figures combine, its heading, with the ratio new / old): the mean and median
    # per decision, then the tail (each run's p99, and its slowest 1% over its mean).
    columns: list[tuple[str, Callable[[list[float]], float], str, bool]] = [
        ("median", statistics.median, "median µs", True),
        ("mean", statistics.fmean, "mean µs", True),
        ("p99", statistics.median, "p99 µs", True),
        ("tail", statistics.median, "slowest 1% / mean", False),
    ]
    for part in (columns[:2], columns[2:]):
        heads = [f"old {h} | new {h}" + (" | new/old" if ratio else "") for _k, _c, h, ratio in part]
        print(f"\n| engine | {' | '.join(heads)} |")
        print("|---" * (1 + sum(3 if ratio else 2 for *_x, ratio in part)) + "|")
        for row in rows:
            cells = []
            for key, combine, _head, ratio in part:
                old, new = combine(figures["old"][row][key]), combine(figures["new"][row][key])
                cells += [f"{old:.2f}", f"{new:.2f}"] + ([f"{new / old:.3f}"] if ratio else [])
            print(f"| {row} | {' | '.join(cells)} |")


if __name__ == "__main__":
    main()
