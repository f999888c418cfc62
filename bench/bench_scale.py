"""How simulate scales: games/s with 1 and 2 jobs and 1 and 2 Ray workers in one run (with the load
average); peak memory of a run writing to a file, by its number of games; what one game line costs.

    python bench/bench_scale.py [--games 1000] [--repeats 3]        # the scaling table
    python bench/bench_scale.py --memory 10000 100000 [--tree SRC]  # peak RSS by games (fresh processes)
    python bench/bench_scale.py --line-cost [--games 2000]           # bytes and driver time per game line

1. The same seeded plan (greedy against random, one round a game, or ``--rounds N``; 0: whole games)
   runs with ``--jobs 1`` and ``--jobs 2`` (local processes) and on a local Ray instance of 1 and then
   2 CPUs; the local rows are repeated beside each Ray instance, alternated. It prints the median games
   and decisions per second of each row (wall time, Ray started and warmed before it is timed), the
   ratios to one job, and the load average before, between and after. Without the ``[ray]`` extra the
   Ray rows are left out.
2. ``--memory N ...``: each N runs in a fresh process, ``simulate --games N --bots random --max-rounds 1
   --jobs 2 --out FILE``, and prints the peak resident memory (``ru_maxrss``) of the driver and of its
   largest worker. ``--tree SRC`` runs the package found in SRC (another checkout's ``src``).
3. ``--line-cost``: the bytes of a game line, gzip's ratio over the file, and the driver's time per line
   (encode, count into the summary, write), which bounds the games/s one driver can take in.
"""

from __future__ import annotations

import argparse
import gzip
import io
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from railroad_canasta.simulation import Plan, simulate
from railroad_canasta.simulation.lines import encode
from railroad_canasta.simulation.plan import play_one
from railroad_canasta.simulation.summary import Tally


def _load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} (cores: {os.cpu_count()})"


def _rate(plan: Plan, backend: str, jobs: int) -> tuple[float, float]:
    summary = simulate(plan, jobs=jobs, backend=backend)
    assert summary.seconds is not None
    return summary.games / summary.seconds, summary.decisions / summary.seconds


def _plan(games: int, rounds: int) -> Plan:
    """Greedy against random: games of ``rounds`` rounds (0: whole games)."""
    return Plan("railroad", None, ("greedy", "random"), games, seed=1, max_rounds=rounds or None)


def _what(games: int, rounds: int) -> str:
    kind = f"of {rounds} round{'s' * (rounds > 1)}" if rounds else "played to the end"
    return f"{games} games {kind}, greedy against random"


def scaling(games: int, repeats: int, rounds: int) -> None:
    """Print games/s of 1 and 2 jobs and of 1 and 2 Ray workers, medians of alternated repeats."""
    plan = _plan(games, rounds)
    rows: dict[str, list[tuple[float, float]]] = {}
    print(f"simulate: {_what(games, rounds)}; {repeats} repeats, alternated")
    print(_load())
    try:
        import ray
    except ImportError:
        ray = None
        print("Ray rows left out: pip install 'railroad-canasta[ray]'")
    for workers in (1, 2) if ray is not None else (0,):
        if ray is not None:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False, configure_logging=False)
            simulate(_plan(4 * workers, 1), backend="ray")
        for _ in range(repeats):
            for name, backend, jobs in (("jobs 1", "local", 1), ("jobs 2", "local", 2)):
                rows.setdefault(name, []).append(_rate(plan, backend, jobs))
            if ray is not None:
                rows.setdefault(f"Ray workers {workers}", []).append(_rate(plan, "ray", workers))
        if ray is not None:
            ray.shutdown()
            print(f"after Ray workers {workers}: {_load()}")
    print(f"{'':>13} | {'games/s':>7} | {'decisions/s':>11} | {'/ jobs 1':>8} | runs")
    base = statistics.median(g for g, _ in rows["jobs 1"])
    for name, rates in rows.items():
        speed = statistics.median(g for g, _ in rates)
        decisions = statistics.median(d for _, d in rates)
        print(f"{name:>13} | {speed:7.1f} | {decisions:11.0f} | {speed / base:8.2f} | {len(rates)}")
    print(_load())


def memory(counts: list[int], tree: str | None) -> None:
    """Print the peak RSS of the driver and its largest worker of a run of each number of games."""
    env = dict(os.environ, PYTHONPATH=tree or str(Path(__file__).resolve().parents[1] / "src"))
    probe = (
        "import resource, sys\n"
        "from railroad_canasta.cli import main\n"
        "status = main(sys.argv[1:])\n"
        "print(status, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,"
        " resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    )
    command = "simulate --bots random --max-rounds 1 --jobs 2 --out FILE"
    print(f"peak resident memory of {command} ({env['PYTHONPATH']})")
    print(_load())
    print(f"{'games':>8} | {'driver MiB':>10} | {'worker MiB':>10} | {'seconds':>7} | {'file MB':>7}")
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "games.jsonl"
        for games in counts:
            argv = ["--games", str(games), "--bots", "random", "--max-rounds", "1", "--jobs", "2"]
            started = time.perf_counter()
            done = subprocess.run(
                [sys.executable, "-c", probe, "simulate", *argv, "--no-progress", "--out", str(out)],
                env=env,
                capture_output=True,
                text=True,
                check=True,
            )
            seconds = time.perf_counter() - started
            status, driver, worker = done.stdout.split()[-3:]
            assert status == "0", done.stderr
            size = out.stat().st_size / 1e6
            mib = f"{int(driver) / 1024:10.1f} | {int(worker) / 1024:10.1f}"
            print(f"{games:>8} | {mib} | {seconds:7.1f} | {size:7.1f}")
    print(_load())


def line_cost(games: int, rounds: int) -> None:
    """Print bytes per game line, gzip's ratio, and the driver's time per line."""
    plan = _plan(games, rounds)
    lines = [play_one(plan, index) for index in range(games)]
    text = "".join(encode(line) for line in lines)
    size = len(text.encode())
    print(_what(games, rounds))
    ratio = size / len(gzip.compress(text.encode(), 9))
    print(f"bytes per game line: {size / games:.1f}; gzip -9 ratio {ratio:.1f}")
    times = []
    for _ in range(5):
        sink, tally = io.StringIO(), Tally()
        started = time.perf_counter()
        for line in lines:
            sink.write(encode(line))
            tally.add(line)
        times.append((time.perf_counter() - started) / games)
    per_line = statistics.median(times)
    print(f"driver time per line (encode, count, write; median of 5): {per_line * 1e6:.1f} µs")
    print(f"so one driver takes in at most {1 / per_line:,.0f} games/s")


def main() -> None:
    """Run the measurement the arguments ask for (by default the scaling table)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per run (default 1000)")
    parser.add_argument("--repeats", type=int, default=3, help="alternated repeats (default 3)")
    parser.add_argument("--rounds", type=int, default=1, help="rounds a game (default 1; 0: whole games)")
    parser.add_argument("--memory", type=int, nargs="+", metavar="N", help="peak RSS of runs of N games")
    parser.add_argument("--tree", default=None, help="the src folder to measure --memory of")
    parser.add_argument("--line-cost", action="store_true", help="bytes and driver time per game line")
    args = parser.parse_args()
    if args.memory:
        memory(args.memory, args.tree)
    elif args.line_cost:
        line_cost(args.games, args.rounds)
    else:
        scaling(args.games, args.repeats, args.rounds)


if __name__ == "__main__":
    main()
