"""The Ray backend of a simulation: one task per batch of games, a few in flight per CPU, results as they
finish, each with the id of the node that played it.

``address`` joins a running cluster (``auto``, ``host:6379`` or ``ray://host:10001``); without it a local
Ray instance is started with ``jobs`` CPUs and stopped at the end. A task lost with its node is run
again by Ray (up to :data:`MAX_RETRIES` times); a batch is a function of the plan and its games only, so
the lines are the same. Ray is the optional extra ``[ray]``.

An address where nothing answers is refused at once with a :class:`ClusterError` (Ray itself would try
again for ever), as is an address Ray cannot join (``auto`` with no cluster running, ``ray://`` without
the Ray Client installed).
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import threading
from collections.abc import Iterator
from typing import Any

from railroad_canasta.core.errors import RailroadCanastaError, missing_extra
from railroad_canasta.simulation.plan import GameRecordLine, Plan, batch_spans, in_flight, play_batch

__all__ = ["MAX_RETRIES", "PROBE_SECONDS", "ClusterError", "ensure_ray", "probe", "run_ray"]

#: How many times Ray runs again a task whose worker or node was lost.
MAX_RETRIES = 3

#: How long :func:`probe` waits for a cluster's address to answer.
PROBE_SECONDS = 5.0


class ClusterError(RailroadCanastaError):
    """A Ray cluster that cannot be joined at the address given."""


def probe(address: str, seconds: float = PROBE_SECONDS) -> None:
    """Check that something answers at ``address`` (``host:port`` or ``ray://host:port``) within ``seconds``;
    :class:`ClusterError` naming the address otherwise. ``auto``, and an address without a port, are left
    to Ray.

    >>> probe("auto")
    """
    host, colon, port = address.removeprefix("ray://").rpartition(":")
    if address == "auto" or not colon or not port.isdigit():
        return
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=seconds).close()
    except OSError as exc:
        reason = exc.strerror or "no answer"
        raise ClusterError(
            f"cannot join the Ray cluster at {address}: cannot reach {host}:{port} ({reason}); is the "
            "cluster's head running (ray start --head)?"
        ) from None


@contextlib.contextmanager
def _sigterm_kept() -> Iterator[None]:
    """Keep the ``SIGTERM`` handler its caller set (``simulate``'s, which stops a run as Ctrl-C does) over
    the one ``ray.init`` installs (which exits at once, with status 15 and no summary). A default handler
    is left to Ray."""
    kept = signal.getsignal(signal.SIGTERM) if threading.current_thread() is threading.main_thread() else None
    try:
        yield
    finally:
        if callable(kept):
            signal.signal(signal.SIGTERM, kept)


def _join(ray: Any, address: str) -> None:
    probe(address)
    try:
        ray.init(address=address, log_to_driver=False, configure_logging=False)
    except (ConnectionError, ValueError, RuntimeError) as exc:
        reason = " ".join(str(exc).split())
        if "Failed to connect" in reason and os.environ.get("RAY_AUTH_MODE") != "token":
            # (what Ray says of a cluster with token authentication, after its own warnings)
            reason += (
                " (a cluster with token authentication needs RAY_AUTH_MODE=token and its token here too)"
            )
        raise ClusterError(f"cannot join the Ray cluster at {address}: {reason}") from None


def ensure_ray() -> Any:
    """The ``ray`` module (``ImportError`` naming the ``[ray]`` extra when it is missing)."""
    try:
        import ray
    except ImportError as exc:
        raise missing_extra("railroad_canasta.simulation.ray_backend", "Ray", "ray") from exc
    return ray


def play_on_node(plan: Plan, start: int, stop: int) -> tuple[list[GameRecordLine], str]:
    """Games ``start`` to ``stop - 1`` of ``plan``, and the id of the Ray node that played them."""
    return play_batch(plan, start, stop), ensure_ray().get_runtime_context().get_node_id()


def run_ray(
    plan: Plan,
    jobs: int | None,
    *,
    address: str | None = None,
    batch_size: int | None = None,
    start: int = 0,
) -> Iterator[tuple[list[GameRecordLine], str | None]]:
    """Play games ``start`` on of ``plan`` as Ray tasks, one per batch, two per worker in flight; yield
    each batch's lines and node as its task finishes.

    ``jobs``: the CPUs of a local instance started here (default 1), or the workers counted on a cluster
    (default: its CPUs).
    """
    ray = ensure_ray()
    started_here = not ray.is_initialized()
    if started_here:
        with _sigterm_kept():
            if address is None:
                # ("local": a new instance even when ``ray start`` left a cluster on this machine, which
                # ray.init would join, and refuse with num_cpus)
                ray.init(
                    address="local",
                    num_cpus=jobs or 1,
                    include_dashboard=False,
                    log_to_driver=False,
                    configure_logging=False,
                )
            else:
                _join(ray, address)
    try:
        workers = jobs or max(1, int(ray.cluster_resources().get("CPU", 1)))
        task = ray.remote(max_retries=MAX_RETRIES, scheduling_strategy="SPREAD")(play_on_node)
        shared = ray.put(plan)

        def submit(first: int, stop: int) -> Any:
            return task.remote(shared, first, stop)

        def first_done(pending: list[Any]) -> tuple[list[Any], list[Any]]:
            done, rest = ray.wait(pending, num_returns=1)
            return list(done), list(rest)

        def cancel(ref: Any) -> None:
            # A run that started (or joined) Ray here ends its tasks with ray.shutdown below: cancelling
            # them too races with a task finishing meanwhile, which crashes Ray's core worker ("Tried to
            # complete task that was not pending", about 1 stop in 4). Tasks of a Ray the caller started
            # are cancelled, as nothing else would end them.
            if not started_here:
                ray.cancel(ref, force=True)

        spans = batch_spans(plan.games, workers, batch_size, start=start)
        with contextlib.closing(in_flight(spans, 2 * workers, submit, first_done, cancel)) as finished:
            for ref in finished:
                lines, node = ray.get(ref)
                yield lines, node
    finally:
        if started_here:
            ray.shutdown()
