"""Benchmark two source trees side by side in one run: ``bench.py`` alternately on each.

Run: ``python bench/compare_trees.py OLD_SRC NEW_SRC [--repeats 3] [--rounds 30] [--players 2 4 8]``,
where each ``*_SRC`` is a ``src`` folder (e.g. of a ``git worktree`` of the old commit). The runs
alternate (old, new, old, new, ...) so that a change in the machine's load hits both; the table gives,
per player count, the median and the mean of the per-run figures (CPU time per decision, from this
tree's ``bench.py``, so both trees are timed the same way) and the ratio new / old of each; a second
table gives the tail: the median over the runs of the p99 and of the slowest 1% over the mean.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).with_name("bench.py")


def run(src: str, rounds: int, players: list[int], bench: Path = BENCH) -> list[dict[str, float]]:
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
        ],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    results: list[dict[str, float]] = json.loads(out)["results"]
    # Railroad's rows only: a tree that measures classic Canasta too lists it under the same player counts.
    return [r for r in results if str(r.get("engine", "railroad")).startswith("railroad")]


def main() -> None:
    """Alternate the two trees and print the side-by-side table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 4, 8])
    args = parser.parse_args()
    figures: dict[str, dict[int, dict[str, list[float]]]] = {"old": {}, "new": {}}
    for _ in range(args.repeats):
        for name in ("old", "new"):
            for r in run(getattr(args, name), args.rounds, args.players):
                per = figures[name].setdefault(
                    int(r["players"]), {"median": [], "mean": [], "p99": [], "tail": []}
                )
                per["median"].append(float(r["median_us"]))
                per["mean"].append(float(r["mean_us"]))
                per["p99"].append(float(r["p99_us"]))
                per["tail"].append(float(r["worst_1pct_mean_over_mean"]))
    print("| players | old median µs | new median µs | new/old | old mean µs | new mean µs | new/old |")
    print("|---|---|---|---|---|---|---|")
    for players in args.players:
        old, new = figures["old"][players], figures["new"][players]
        om, nm = statistics.median(old["median"]), statistics.median(new["median"])
        oa, na = statistics.fmean(old["mean"]), statistics.fmean(new["mean"])
        print(f"| {players} | {om:.2f} | {nm:.2f} | {nm / om:.3f} | {oa:.2f} | {na:.2f} | {na / oa:.3f} |")
    # The tail: the median over the runs of each run's p99 and of its slowest 1% over its mean.
    print("\n| players | old p99 µs | new p99 µs | new/old | old slowest 1% / mean | new slowest 1% / mean |")
    print("|---|---|---|---|---|---|")
    for players in args.players:
        old, new = figures["old"][players], figures["new"][players]
        op, np_ = statistics.median(old["p99"]), statistics.median(new["p99"])
        ot, nt = statistics.median(old["tail"]), statistics.median(new["tail"])
        print(f"| {players} | {op:.2f} | {np_:.2f} | {np_ / op:.3f} | {ot:.2f} | {nt:.2f} |")


if __name__ == "__main__":
    main()
