"""Running a plan: batches of games in this process, in local worker processes, or as Ray tasks.

Every backend keeps a few batches in flight and yields each as it finishes; :func:`simulate` writes the
lines in game order as soon as every game before them has finished (holding back only a batch that
finished early), counts them into the summary, and keeps nothing else: memory stays flat however many
games a run has. It feeds a progress callback as batches finish. Interrupted (Ctrl-C), it stops the
pending batches and summarises the games it wrote, which are the first games of the run in order, so
``resume`` (:mod:`~railroad_canasta.simulation.lines`) can complete the file. A worker process never
outlives the process that started it: killed outright (``SIGKILL``, no chance to stop them), the driver's
workers notice within :data:`PARENT_POLL` seconds and exit, so nothing holds the caller's pipes open.

>>> import io
>>> from railroad_canasta.simulation.plan import Plan
>>> plan = Plan(variant="railroad", rules=None, bots=("greedy", "random"), games=3, seed=5, max_rounds=1)
>>> out = io.StringIO()
>>> summary = simulate(plan, jobs=1, out=out)
>>> summary.games, len(out.getvalue().splitlines())
(3, 3)
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Protocol

from railroad_canasta.simulation.lines import encode
from railroad_canasta.simulation.plan import GameRecordLine, Plan, batch_spans, in_flight, play_batch
from railroad_canasta.simulation.summary import Summary, Tally

__all__ = ["BACKENDS", "PARENT_POLL", "Finished", "LineSink", "run_local", "simulate"]

#: The backends by name.
BACKENDS = ("local", "ray")


class LineSink(Protocol):
    """Where :func:`simulate` writes the game lines: a text file, ``sys.stdout``, ``io.StringIO`` or any
    object with these two methods."""

    def write(self, text: str, /) -> object:
        """Write ``text`` (whole lines)."""

    def flush(self) -> None:
        """Pass on what was written (after each batch of lines)."""


#: A finished batch: its lines, and the Ray node that played it (``None`` off Ray).
Finished = tuple[list[GameRecordLine], str | None]


#: Seconds between a worker's checks that the process that started it is still there.
PARENT_POLL = 0.5


def _watch_parent(parent: int) -> None:
    # The parent gone, the worker is adopted by another process: it exits at once, mid-game or not (its
    # batch would have nobody to go to).
    while os.getppid() == parent:
        time.sleep(PARENT_POLL)
    os._exit(1)


def _start_worker() -> None:
    # Workers leave Ctrl-C to the parent, which stops them; SIGTERM ends them (a forked worker would
    # otherwise inherit the handler ``simulate`` may have set, and go on to its next batch); and they exit
    # if the parent dies.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    threading.Thread(target=_watch_parent, args=(os.getppid(),), name="watch-parent", daemon=True).start()


def _first_done(
    pending: list[Future[list[GameRecordLine]]],
) -> tuple[Sequence[Future[list[GameRecordLine]]], list[Future[list[GameRecordLine]]]]:
    done, rest = wait(pending, return_when=FIRST_COMPLETED)
    return list(done), list(rest)


def run_local(plan: Plan, jobs: int, batch_size: int | None = None, *, start: int = 0) -> Iterator[Finished]:
    """Play games ``start`` on of ``plan`` in this process (``jobs == 1``) or in ``jobs`` worker
    processes, two batches per worker in flight; yield batches as they end.

    ``jobs`` is capped at the games and at the CPUs: no worker is started that would have nothing to do.
    """
    jobs = max(1, min(jobs, plan.games - start, os.cpu_count() or 1))
    spans = batch_spans(plan.games, jobs, batch_size, start=start)
    if jobs == 1:
        for first, stop in spans:
            yield play_batch(plan, first, stop), None
        return
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_start_worker)

    def submit(first: int, stop: int) -> Future[list[GameRecordLine]]:
        return pool.submit(play_batch, plan, first, stop)

    finished = False
    try:
        with contextlib.closing(in_flight(spans, 2 * jobs, submit, _first_done, Future.cancel)) as batches:
            for future in batches:
                yield future.result(), None
        finished = True
    finally:
        if not finished:
            _stop_workers(pool)
        pool.shutdown(wait=True, cancel_futures=True)


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """End the workers of a run that stops early at once, mid-batch: waiting for their batches would take
    as long as a batch (minutes with a large ``--batch-size``) for games a stopped run cannot write in
    order anyway (``--resume`` plays them)."""
    terminate = getattr(pool, "terminate_workers", None)  # (Python 3.14 on)
    if terminate is not None:
        terminate()
        return
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        process.terminate()


def _backend(
    plan: Plan, backend: str, jobs: int | None, address: str | None, batch_size: int | None, start: int
) -> Iterator[Finished]:
    if backend == "local":
        return run_local(plan, jobs or 1, batch_size, start=start)
    if backend == "ray":
        from railroad_canasta.simulation.ray_backend import run_ray

        capped = None if jobs is None else max(1, min(jobs, plan.games - start))
        return run_ray(plan, capped, address=address, batch_size=batch_size, start=start)
    raise ValueError(f"unknown backend {backend!r} (known: {', '.join(BACKENDS)})")


def simulate(
    plan: Plan,
    *,
    jobs: int | None = None,
    backend: str = "local",
    address: str | None = None,
    batch_size: int | None = None,
    out: LineSink | None = None,
    progress: Callable[[int], None] | None = None,
    held: Tally | None = None,
) -> Summary:
    """Play ``plan``, write each game's line to ``out`` in game order, and return the summary.

    ``jobs``: worker processes (default 1); on Ray, the batches run at once (default: 1 on a Ray instance
    started here, every CPU of a cluster joined at ``address``). ``progress(n)`` is called with the
    number of games of each batch as it finishes. ``held``: the tally of the first games of the plan,
    already written (:func:`~railroad_canasta.simulation.lines.read_held`); the run plays the rest, and
    the summary covers them all.
    """
    tally = Tally() if held is None else held
    resumed = (tally.games, tally.decisions)
    early: dict[int, GameRecordLine] = {}
    nodes: dict[str, int] = {}
    interrupted = False
    started = time.perf_counter()
    batches = _backend(plan, backend, jobs, address, batch_size, tally.games)
    try:
        for lines, node in batches:
            if node is not None:
                nodes[node] = nodes.get(node, 0) + len(lines)
            early.update((line["game"], line) for line in lines)
            while tally.games in early:
                line = early.pop(tally.games)
                if out is not None:
                    out.write(encode(line))
                tally.add(line)
            if out is not None:
                out.flush()
            if progress is not None:
                progress(len(lines))
    except KeyboardInterrupt:
        interrupted = True
        close = getattr(batches, "close", None)
        if close is not None:
            close()
    seconds = time.perf_counter() - started
    return tally.summary(seconds=seconds, interrupted=interrupted, resumed=resumed, nodes=nodes)
