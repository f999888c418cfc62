"""The Ray backend: a local Ray instance plays the same games as local processes, line for line."""

from __future__ import annotations

import io
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import ray

from railroad_canasta.cli import main
from railroad_canasta.simulation import Plan, simulate


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """One local Ray instance for the module (starting one takes seconds)."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield
    ray.shutdown()


@pytest.mark.usefixtures("local_ray")
def test_ray_and_local_runs_give_identical_lines() -> None:
    """The same plan on Ray (tasks finishing in any order) and in local processes: the same JSON Lines."""
    plan = Plan(variant="railroad", rules=None, bots=("greedy", "random"), games=16, seed=11, max_rounds=1)
    finished: list[int] = []
    on_ray, local = io.StringIO(), io.StringIO()
    summary = simulate(plan, jobs=2, backend="ray", batch_size=3, out=on_ray, progress=finished.append)
    simulate(plan, jobs=2, backend="local", out=local)
    assert on_ray.getvalue() == local.getvalue()
    assert len(on_ray.getvalue().splitlines()) == summary.games == 16
    assert sorted(finished) == [1, 3, 3, 3, 3, 3]


@pytest.mark.usefixtures("local_ray")
def test_the_command_runs_on_ray() -> None:
    """simulate --backend ray writes the same lines as a local run of the same seed."""
    args = ["simulate", "--games", "6", "--max-rounds", "1", "--no-progress", "--seed", "5", "--out", "-"]
    on_ray, local = io.StringIO(), io.StringIO()
    assert main([*args, "--backend", "ray", "--jobs", "2"], out=on_ray) == 0
    assert main(args, out=local) == 0
    assert on_ray.getvalue() == local.getvalue() and len(local.getvalue().splitlines()) == 6


@pytest.mark.usefixtures("local_ray")
def test_a_file_cut_short_is_resumed_on_ray_to_the_bytes_of_a_local_run(tmp_path: Path) -> None:
    """--resume on Ray: the games held are kept, the rest played by Ray tasks; the file is a local run's."""
    args = ["simulate", "--games", "9", "--max-rounds", "1", "--no-progress", "--seed", "6"]
    local, resumed = tmp_path / "local.jsonl", tmp_path / "resumed.jsonl"
    assert main([*args, "--out", str(local)], out=io.StringIO()) == 0
    whole = local.read_bytes()
    resumed.write_bytes(whole[: len(whole) // 2])
    said = io.StringIO()
    assert main([*args, "--out", str(resumed), "--resume", "--backend", "ray", "--jobs", "2"], out=said) == 0
    assert resumed.read_bytes() == whole
    assert "already written" in said.getvalue() and "games per Ray node: " in said.getvalue()


def test_a_cluster_address_where_nothing_answers_is_one_line_and_status_2(tmp_path: Path) -> None:
    """--address to a closed port: one line naming the address, status 2, in seconds (Ray alone tries again
    for ever), and the --out file left as it was (a new run empties it at its first line)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    out = tmp_path / "games.jsonl"
    out.write_text("kept\n")
    command = [sys.executable, "-m", "railroad_canasta.cli", "simulate", "--games", "2", "--no-progress"]
    command += ["--backend", "ray", "--address", f"127.0.0.1:{port}", "--out", str(out)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith(
        f"railroad-canasta: error: cannot join the Ray cluster at 127.0.0.1:{port}:"
    )
    assert done.stderr.count("\n") == 1
    assert out.read_text() == "kept\n"


@pytest.mark.parametrize("attempt", range(3))
def test_sigterm_stops_a_ray_run_as_ctrl_c_does(attempt: int, tmp_path: Path) -> None:
    """SIGTERM to a run on a Ray instance it started: status 143 and the summary of the games written, as
    locally (ray.init's own handler, which exits with status 15 and no summary, is not kept). Three times:
    cancelling the tasks as well as shutting Ray down crashed Ray's core worker about one stop in four."""
    out = tmp_path / "games.jsonl"
    command = [sys.executable, "-m", "railroad_canasta.cli", "simulate", "--games", "100000", "--jobs", "2"]
    command += ["--max-rounds", "1", "--backend", "ray", "--no-progress", "--out", str(out)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while not (out.exists() and out.read_bytes().count(b"\n") >= 4):
            assert time.monotonic() < deadline and process.poll() is None, "the run wrote no games"
            time.sleep(0.01)
        process.send_signal(signal.SIGTERM)
        stdout, stderr = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 143, stderr
    games = out.read_bytes().count(b"\n")
    assert stdout.startswith(f"interrupted: {games} games"), stdout
