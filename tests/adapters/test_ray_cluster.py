"""simulate on a Ray cluster of two nodes (Ray's own multi-node test cluster, on this one machine): the
lines of a local run, the games each node played, and a node lost in the middle of a run.

Each node is a raylet of its own with one CPU; the test process is the driver, joining with --address.
The cluster is torn down at the end of the module.
"""

from __future__ import annotations

import io
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import ray
from ray.cluster_utils import Cluster

from railroad_canasta.cli import main
from railroad_canasta.simulation import Plan, simulate
from railroad_canasta.simulation.lines import encode
from railroad_canasta.simulation.ray_backend import run_ray

ARGS = [
    "simulate",
    "--games",
    "120",
    "--max-rounds",
    "1",
    "--no-progress",
    "--seed",
    "12",
    "--batch-size",
    "2",
]


@pytest.fixture(scope="module")
def cluster() -> Iterator[tuple[Cluster, Any]]:
    """A head node and a worker node, one CPU each; the worker node is returned with the cluster."""
    started = time.perf_counter()
    # A lost node is noticed after 2 missed health checks half a second apart (Ray's defaults: 5 of 3 s).
    checks = {"health_check_period_ms": 500, "health_check_failure_threshold": 2}
    head = {"num_cpus": 1, "include_dashboard": False, "_system_config": checks}
    two = Cluster(initialize_head=True, head_node_args=head)
    try:
        worker = two.add_node(num_cpus=1)
        two.wait_for_nodes()
        _warm_up(two.address)
        _say(f"two-node Ray cluster at {two.address} up in {time.perf_counter() - started:.1f} s")
        yield two, worker
    finally:
        if ray.is_initialized():
            ray.shutdown()
        two.shutdown()


def _node_id() -> str:
    return str(ray.get_runtime_context().get_node_id())


def _warm_up(address: str) -> None:
    """Run a task on each node (their first Python workers start slowly), so that both are ready to play."""
    from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

    ray.init(address=address, log_to_driver=False, configure_logging=False)
    try:
        task = ray.remote(_node_id)
        nodes = [node["NodeID"] for node in ray.nodes() if node["Alive"]]
        pinned = [NodeAffinitySchedulingStrategy(node, soft=False) for node in nodes]
        assert sorted(ray.get([task.options(scheduling_strategy=p).remote() for p in pinned])) == sorted(
            nodes
        )
    finally:
        ray.shutdown()


#: The cluster session's figures, printed to the session's log by the tests (whatever pytest captures).
LOG: list[str] = []


def _say(text: str, capsys: pytest.CaptureFixture[str] | None = None) -> None:
    LOG.append(text)
    if capsys is not None:
        with capsys.disabled():
            print("".join(f"\n[ray cluster] {line}" for line in LOG))
        LOG.clear()


def test_both_nodes_play_and_the_lines_are_those_of_a_local_run(
    cluster: tuple[Cluster, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """simulate --backend ray --address: the bytes of a local run; the summary says what each node played."""
    two, _ = cluster
    on_cluster, local = tmp_path / "cluster.jsonl", tmp_path / "local.jsonl"
    said = io.StringIO()
    started = time.perf_counter()
    assert (
        main([*ARGS, "--backend", "ray", "--address", two.address, "--out", str(on_cluster)], out=said) == 0
    )
    seconds = time.perf_counter() - started
    assert main([*ARGS, "--out", str(local)], out=io.StringIO()) == 0
    assert on_cluster.read_bytes() == local.read_bytes()
    per_node = said.getvalue().splitlines()[-1]
    assert per_node.startswith("games per Ray node: ")
    counts = [int(part.split()[1]) for part in per_node.removeprefix("games per Ray node: ").split(", ")]
    assert len(counts) == 2 and min(counts) > 0 and sum(counts) == 120
    _say(f"120 games in {seconds:.1f} s (the driver joining included); {per_node}", capsys)


def test_a_node_lost_in_the_middle_of_a_run_changes_no_line(
    cluster: tuple[Cluster, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    """The worker node is killed as soon as it has finished a batch: Ray runs its lost batches again on the
    head node, and the run's lines are those of a local run."""
    two, worker = cluster
    plan = Plan(variant="railroad", rules=None, bots=("greedy", "random"), games=40, seed=3, max_rounds=1)
    local = io.StringIO()
    simulate(plan, out=local)
    ray.init(address=two.address, log_to_driver=False, configure_logging=False)
    head = ray.get_runtime_context().get_node_id()
    lines: dict[int, str] = {}
    nodes: list[str] = []
    removed_after = None
    try:
        for batch, node in run_ray(plan, None, batch_size=2):
            nodes.append(str(node))
            lines.update((line["game"], encode(line)) for line in batch)
            if node != head and removed_after is None:
                removed_after = len(lines)
                two.remove_node(worker, allow_graceful=False)
    finally:
        ray.shutdown()
    assert removed_after is not None and removed_after < 40
    assert nodes[-1] == head and sorted(lines) == list(range(40))
    assert "".join(lines[i] for i in range(40)) == local.getvalue()
    _say(f"worker node killed after {removed_after} of 40 games; the run finished on the head node", capsys)
