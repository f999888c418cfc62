"""``simulate`` stopped from outside: ``SIGTERM`` stops it as Ctrl-C does, and a driver killed outright
leaves no worker behind (none holds the caller's pipes open, so a caller reading them is not left waiting).

Each test runs the command line in a session of its own, so that every process it starts (the driver and
its workers) shares one process group, and checks that the group is empty at the end.
"""

from __future__ import annotations

import contextlib
import io
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from railroad_canasta.cli import main
from railroad_canasta.cli.status import TERMINATED

pytestmark = pytest.mark.skipif(not hasattr(os, "killpg"), reason="process groups are POSIX")

#: A run far longer than any test waits: it is always stopped from outside.
_ARGS = ["simulate", "--games", "100000", "--jobs", "2", "--batch-size", "2", "--max-rounds", "1"]
_ARGS += ["--seed", "9", "--no-progress"]


def _group_alive(group: int) -> bool:
    """Whether a process of ``group`` still runs (a zombie left for a container's init to reap does not)."""
    proc = Path("/proc")
    if not proc.is_dir():
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return False
        return True
    for stat in proc.glob("[0-9]*/stat"):
        try:
            # pid (comm) state ppid pgrp ...: comm may hold spaces, so split after its closing parenthesis
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:
            continue
        if fields[2] == str(group) and fields[0] != "Z":
            return True
    return False


def _wait_until(condition: object, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if callable(condition) and condition():
            return True
        time.sleep(0.05)
    return False


@pytest.fixture
def started(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[bytes], Path]]:
    """The command running in a session of its own, writing to a file; once it has written six games."""
    out = tmp_path / "games.jsonl"
    command = [sys.executable, "-m", "railroad_canasta.cli", *_ARGS, "--out", str(out)]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True
    )
    try:

        def six_games() -> bool:
            return out.exists() and out.read_bytes().count(b"\n") >= 6

        assert _wait_until(six_games, 120), "the run wrote no games"
        yield process, out
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.communicate()


def _first_games(count: int) -> bytes:
    """The lines of the first ``count`` games of the same run, played here."""
    stream = io.StringIO()
    args = [*_ARGS, "--games", str(count), "--jobs", "1", "--out", "-"]
    assert main(args, out=stream) == 0
    return stream.getvalue().encode()


def test_sigterm_stops_the_run_as_ctrl_c_does(started: tuple[subprocess.Popen[bytes], Path]) -> None:
    """SIGTERM: status 143, the summary of the games written, which are the first of the run in order, and
    every worker gone with the driver."""
    process, out = started
    process.send_signal(signal.SIGTERM)
    stdout, stderr = process.communicate(timeout=60)
    assert process.returncode == TERMINATED, stderr.decode()
    written = out.read_bytes()
    games = written.count(b"\n")
    assert stdout.decode().startswith(f"interrupted: {games} games"), stdout.decode()
    assert written == _first_games(games)
    assert _wait_until(lambda: not _group_alive(process.pid), 10), "a worker outlived the driver"


def test_a_killed_driver_leaves_no_worker(started: tuple[subprocess.Popen[bytes], Path]) -> None:
    """SIGKILL to the driver alone: its workers exit on their own within seconds, and the caller reading
    the command's output reaches its end instead of waiting for ever."""
    process, _ = started
    os.kill(process.pid, signal.SIGKILL)
    # (communicate returns once nobody holds the pipes: before the fix the workers held them for ever)
    process.communicate(timeout=30)
    assert process.returncode == -signal.SIGKILL
    assert _wait_until(lambda: not _group_alive(process.pid), 10), "a worker outlived the driver"


def test_a_stop_does_not_wait_for_the_batches_running(tmp_path: Path) -> None:
    """With batches of minutes (1,000 whole games each), SIGTERM ends the run within seconds, the workers
    ended mid-batch (they were waited for, then their games thrown away: a stopped run writes in order);
    stopped before its first line, the run leaves an earlier ``--out`` file as it was."""
    out = tmp_path / "games.jsonl"
    out.write_text("an earlier run's line\n")
    command = [sys.executable, "-m", "railroad_canasta.cli", "simulate", "--games", "4000", "--jobs", "2"]
    command += ["--batch-size", "1000", "--no-progress", "--out", str(out)]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True
    )
    try:
        time.sleep(3)  # (the workers started and in their first batch, which takes about 15 s a CPU)
        assert process.poll() is None
        signalled = time.monotonic()
        process.send_signal(signal.SIGTERM)
        stdout, stderr = process.communicate(timeout=60)
        took = time.monotonic() - signalled
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
    assert process.returncode == TERMINATED, stderr.decode()
    assert took < 5, f"the stop took {took:.1f} s"
    assert stdout.decode().startswith("interrupted: 0 games")
    # (stopped before its first line, the run leaves the file as it was)
    assert out.read_text() == "an earlier run's line\n"
    assert _wait_until(lambda: not _group_alive(process.pid), 10), "a worker outlived the driver"
