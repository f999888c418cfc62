"""Running a plan: batches of games in this process, in local worker processes, or as Ray tasks.

Every backend yields batches of result lines in the order they finish; :func:`simulate` writes the lines
in game order (holding back a batch that finishes early), feeds a progress callback as batches finish,
and summarises. Interrupted (Ctrl-C), it stops the pending batches, writes and summarises the games that
finished, and marks the summary interrupted.

>>> import io
>>> from railroad_canasta.simulation.plan import Plan
>>> plan = Plan(variant="railroad", rules=None, bots=("greedy", "random"), games=3, seed=5, max_rounds=1)
>>> out = io.StringIO()
>>> summary = simulate(plan, jobs=1, out=out)
>>> summary.games, len(out.getvalue().splitlines())
(3, 3)
"""

from __future__ import annotations

import json
import os
import signal
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from typing import TextIO

from railroad_canasta.simulation.plan import GameRecordLine, Plan, batch_spans, play_batch
from railroad_canasta.simulation.summary import Summary, summarise

__all__ = ["BACKENDS", "run_local", "simulate"]

#: The backends by name.
BACKENDS = ("local", "ray")


def _ignore_interrupt() -> None:
    # Workers leave Ctrl-C to the parent, which stops them.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_local(plan: Plan, jobs: int, batch_size: int | None = None) -> Iterator[list[GameRecordLine]]:
    """Play ``plan`` in this process (``jobs == 1``) or in ``jobs`` worker processes; batches as they end.

    ``jobs`` is capped at the games and at the CPUs: no worker is started that would have nothing to do.
    """
    jobs = max(1, min(jobs, plan.games, os.cpu_count() or 1))
    spans = batch_spans(plan.games, jobs, batch_size)
    if jobs == 1:
        for start, stop in spans:
            yield play_batch(plan, start, stop)
        return
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_ignore_interrupt)
    futures: list[Future[list[GameRecordLine]]] = []
    try:
        futures = [pool.submit(play_batch, plan, start, stop) for start, stop in spans]
        for future in as_completed(futures):
            yield future.result()
    finally:
        for future in futures:
            future.cancel()
        pool.shutdown(wait=True, cancel_futures=True)


def _backend(
    plan: Plan, backend: str, jobs: int, address: str | None, batch_size: int | None
) -> Iterator[list[GameRecordLine]]:
    if backend == "local":
        return run_local(plan, jobs, batch_size)
    if backend == "ray":
        from railroad_canasta.simulation.ray_backend import run_ray

        return run_ray(plan, max(1, min(jobs, plan.games)), address=address, batch_size=batch_size)
    raise ValueError(f"unknown backend {backend!r} (known: {', '.join(BACKENDS)})")


def simulate(
    plan: Plan,
    *,
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
    batch_size: int | None = None,
    out: TextIO | None = None,
    progress: Callable[[int], None] | None = None,
) -> Summary:
    """Play ``plan``, write each game's line to ``out`` in game order, and return the summary.

    ``progress(n)`` is called with the number of games of each batch as it finishes.
    """
    finished: dict[int, GameRecordLine] = {}
    written = 0
    interrupted = False
    started = time.perf_counter()
    batches = _backend(plan, backend, jobs, address, batch_size)
    try:
        for batch in batches:
            for line in batch:
                finished[line["game"]] = line
            while written in finished:
                if out is not None:
                    out.write(json.dumps(finished[written], separators=(",", ":")) + "\n")
                written += 1
            if progress is not None:
                progress(len(batch))
    except KeyboardInterrupt:
        interrupted = True
        close = getattr(batches, "close", None)
        if close is not None:
            close()
    seconds = time.perf_counter() - started
    late = sorted(index for index in finished if index >= written)
    if out is not None:
        for index in late:
            out.write(json.dumps(finished[index], separators=(",", ":")) + "\n")
        out.flush()
    lines = [finished[index] for index in sorted(finished)]
    return summarise(lines, seconds=seconds, interrupted=interrupted)
