"""The Ray backend of a simulation: one task per batch of games, results in the order they finish.

``address`` joins a running cluster (``ray://host:10001`` or ``auto``); without it a local Ray instance
is started with ``jobs`` CPUs and stopped at the end. Ray is the optional extra ``[ray]``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from railroad_canasta.core.errors import missing_extra
from railroad_canasta.simulation.plan import GameRecordLine, Plan, batch_spans, play_batch

__all__ = ["ensure_ray", "run_ray"]


def ensure_ray() -> Any:
    """The ``ray`` module (``ImportError`` naming the ``[ray]`` extra when it is missing)."""
    try:
        import ray
    except ImportError as exc:
        raise missing_extra("railroad_canasta.simulation.ray_backend", "Ray", "ray") from exc
    return ray


def run_ray(
    plan: Plan, jobs: int, *, address: str | None = None, batch_size: int | None = None
) -> Iterator[list[GameRecordLine]]:
    """Play ``plan`` as Ray tasks, one per batch; yield each batch's lines as its task finishes."""
    ray = ensure_ray()
    started_here = not ray.is_initialized()
    if started_here:
        if address is None:
            ray.init(num_cpus=jobs, include_dashboard=False, log_to_driver=False, configure_logging=False)
        else:
            ray.init(address=address, log_to_driver=False, configure_logging=False)
    task = ray.remote(play_batch)
    shared = ray.put(plan)
    pending = [task.remote(shared, start, stop) for start, stop in batch_spans(plan.games, jobs, batch_size)]
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield ray.get(done[0])
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
        if started_here:
            ray.shutdown()
