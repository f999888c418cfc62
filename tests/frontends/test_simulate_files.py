"""Big runs: lines written as games finish and nothing else held, a stopped run resumed to the same bytes,
the summary of a file."""

from __future__ import annotations

import io
import itertools
from collections.abc import Sequence
from pathlib import Path

import pytest

from railroad_canasta.cli import main
from railroad_canasta.simulation import Plan, simulate
from railroad_canasta.simulation.lines import encode, read_all, read_held
from railroad_canasta.simulation.plan import batch_spans, in_flight, play_one
from railroad_canasta.simulation.summary import summarise

ARGS = ["simulate", "--games", "10", "--max-rounds", "1", "--no-progress", "--seed", "8"]
PLAN = Plan(variant="railroad", rules=None, bots=("greedy", "random"), games=10, seed=8, max_rounds=1)


@pytest.fixture(scope="module")
def whole(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The file of the run never stopped."""
    path = tmp_path_factory.mktemp("whole") / "games.jsonl"
    assert main([*ARGS, "--out", str(path)], out=io.StringIO()) == 0
    return path.read_bytes()


def _resume(path: Path, *extra: str) -> tuple[int, str]:
    out = io.StringIO()
    status = main([*ARGS, "--out", str(path), "--resume", *extra], out=out)
    return status, out.getvalue()


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("cut", [0.0, 0.05, 0.33, 0.5, 0.77, 0.999, 1.0])
def test_a_resumed_file_is_the_run_never_stopped(whole: bytes, cut: float, jobs: str, tmp_path: Path) -> None:
    """A file cut anywhere (inside a line, at a line's end, empty, whole) is completed to the same bytes."""
    path = tmp_path / "games.jsonl"
    path.write_bytes(whole[: round(cut * len(whole))])
    kept = path.read_bytes().count(b"\n")
    status, said = _resume(path, "--jobs", jobs)
    assert status == 0 and path.read_bytes() == whole
    total = read_all(io.BytesIO(whole), name="whole").tally.decisions
    head = said.splitlines()[0]
    if kept:
        assert head.startswith(
            f"10 games, {total} decisions ({kept} games already written; {10 - kept} played, "
        )
    else:
        assert head.startswith(f"10 games, {total} decisions in ")


def test_a_missing_file_is_a_run_from_the_start(whole: bytes, tmp_path: Path) -> None:
    path = tmp_path / "new.jsonl"
    assert _resume(path)[0] == 0 and path.read_bytes() == whole


def test_an_interrupted_run_resumed_is_the_run_never_stopped(whole: bytes, tmp_path: Path) -> None:
    """Ctrl-C in a run of two workers, then --resume: the bytes of the run never stopped."""
    path = tmp_path / "games.jsonl"
    calls: list[int] = []

    def progress(n: int) -> None:
        calls.append(n)
        if len(calls) == 3:
            raise KeyboardInterrupt

    with path.open("w", encoding="utf-8") as out:
        summary = simulate(PLAN, jobs=2, batch_size=2, out=out, progress=progress)
    assert summary.interrupted and summary.games < 10
    assert _resume(path, "--jobs", "2", "--batch-size", "3")[0] == 0 and path.read_bytes() == whole


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (["--seed", "9"], "line 1 is not game 0 of this run"),
        (["--bots", "random,greedy"], "line 1 is not game 0 of this run"),
        (["--rules", "hand_size=9"], "game 5 played again differs"),
        (["--games", "3"], "holds more than the 3 games of the run"),
    ],
)
def test_resuming_another_run_s_file_is_refused(
    whole: bytes, change: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Another seed, other bots, other rules or fewer games: one line, status 2, the file untouched."""
    path = tmp_path / "games.jsonl"
    half = whole[: whole.index(b"\n", len(whole) // 2) + 1]
    path.write_bytes(half)
    assert _resume(path, *change)[0] == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
    assert path.read_bytes() == half


def test_summarize_prints_the_run_s_table(whole: bytes, tmp_path: Path) -> None:
    """simulate summarize FILE: the table the run printed; a last line cut short is said and not counted."""
    path = tmp_path / "games.jsonl"
    path.write_bytes(whole)
    ran, read = io.StringIO(), io.StringIO()
    assert main([*ARGS, "--out", str(tmp_path / "again.jsonl")], out=ran) == 0
    assert main(["simulate", "summarize", str(path)], out=read) == 0
    decisions = sum(play_one(PLAN, i)["decisions"] for i in range(10))
    assert read.getvalue().splitlines()[0] == f"10 games, {decisions} decisions"
    assert read.getvalue().splitlines()[1:] == ran.getvalue().splitlines()[1:]
    path.write_bytes(whole[:-7])
    cut = io.StringIO()
    assert main(["simulate", "summarize", str(path)], out=cut) == 0
    first, *_, last = cut.getvalue().splitlines()
    assert first.startswith("9 games,") and last.endswith(
        "the last line is cut short ("
        + str(len(whole) - 7 - whole.rindex(b"\n", 0, len(whole) - 7) - 1)
        + " bytes), not counted"
    )


def test_the_summary_does_not_depend_on_the_order_of_the_lines() -> None:
    """Sums of integers: the same summary whatever order the lines are counted in."""
    lines = [play_one(PLAN, i) for i in range(6)]
    assert summarise(lines, seconds=None) == summarise(lines[::-1], seconds=None)


def test_held_says_where_the_whole_lines_end() -> None:
    text = "".join(encode(play_one(PLAN, i)) for i in range(3))
    held = read_held(io.BytesIO(text.encode() + b'{"game":3,'), PLAN, name="f")
    assert (held.tally.games, held.size, held.cut) == (3, len(text), 10)


def test_batches_are_made_one_at_a_time() -> None:
    """The batches of a run of 10^12 games are not listed up front."""
    spans = batch_spans(10**12, 2, start=10**12 - 400)
    assert next(spans) == (10**12 - 400, 10**12 - 390)


@pytest.mark.parametrize("order", [[0, 1, 2, 3], [3, 2, 1, 0], [1, 3, 0, 2]])
def test_no_more_than_the_window_is_in_flight(order: Sequence[int]) -> None:
    """in_flight submits at most `window` batches at once, whatever order they finish in, and cancels those
    pending when stopped."""
    submitted: list[tuple[int, int]] = []
    pending_sizes: list[int] = []
    cancelled: list[tuple[int, int]] = []

    def wait(pending: list[tuple[int, int]]) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        pending_sizes.append(len(pending))
        pick = pending[order[len(pending_sizes) % len(order)] % len(pending)]
        return [pick], [p for p in pending if p != pick]

    def submit(first: int, stop: int) -> tuple[int, int]:
        submitted.append((first, stop))
        return first, stop

    finished = in_flight(batch_spans(40, 1, batch_size=2), 3, submit, wait, cancelled.append)
    done = list(itertools.islice(finished, 12))
    finished.close()
    assert max(pending_sizes) == 3 and len(submitted) == 15 and len(done) == 12
    assert sorted(done + cancelled) == submitted
