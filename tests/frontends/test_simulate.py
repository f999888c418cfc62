"""Simulation: seeded games between named bots, the same lines whatever the jobs, Ctrl-C, the summary."""

from __future__ import annotations

import io
import json
import re
import socket
import sys
import time
import types
from pathlib import Path

import pytest

from railroad_canasta.bots import GreedyBot
from railroad_canasta.cli import main
from railroad_canasta.core.errors import RailroadCanastaError
from railroad_canasta.simulation import Plan, game_seed, make_bot, play_one, simulate
from railroad_canasta.simulation.ray_backend import ClusterError, probe
from railroad_canasta.simulation.summary import mean_interval, summarise, wilson_interval
from railroad_canasta.variants import VARIANTS


def _plan(
    games: int = 6, bots: tuple[str, ...] = ("greedy", "random"), seed: int = 3, variant: str = "railroad"
) -> Plan:
    return Plan(variant=variant, rules=None, bots=bots, games=games, seed=seed, max_rounds=1)


def _lines(plan: Plan, jobs: int, batch_size: int | None = None) -> str:
    out = io.StringIO()
    simulate(plan, jobs=jobs, out=out, batch_size=batch_size)
    return out.getvalue()


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_same_seed_gives_the_same_lines_whatever_the_jobs(variant: str) -> None:
    """One process, two processes and other batch sizes write the same lines, in game order."""
    plan = _plan(games=8, variant=variant)
    one = _lines(plan, jobs=1)
    assert _lines(plan, jobs=2) == one
    assert _lines(plan, jobs=2, batch_size=3) == one
    assert [json.loads(line)["game"] for line in one.splitlines()] == list(range(8))
    assert _lines(_plan(games=8, seed=4, variant=variant), jobs=1) != one


def test_a_line_says_what_the_game_was() -> None:
    """A line holds the game's seed, the bots by seat, the scores, winners, rounds and endings."""
    line = play_one(_plan(), 2)
    assert line["seed"] == game_seed(3, 2)
    assert line["bots"] == ["greedy", "random"]
    assert line["rounds"] == len(line["endings"]) == 1
    assert line["endings"][0] in ("went-out", "stock-empty", "no-discard")
    assert line["winners"] == []  # a game cut short by max_rounds has no winner (R-GAM-2)
    assert len(line["scores"]) == 2 and line["decisions"] > 0
    whole = play_one(Plan(variant="railroad", rules=None, bots=("greedy",), games=1, seed=1, players=2), 0)
    assert whole["winners"] and max(whole["scores"]) >= 20_000


def test_bots_by_name_or_import_path() -> None:
    """A registered name or an import path makes a bot; a class taking a seed gets one."""
    assert repr(make_bot("random", seed=5, variant="railroad")) == "RandomBot(5)"
    assert isinstance(make_bot("railroad_canasta.bots:GreedyBot", seed=1, variant="railroad"), GreedyBot)
    assert repr(make_bot("railroad_canasta.bots.RandomBot", seed=9, variant="railroad")) == "RandomBot(9)"
    for bad in (
        "clever",
        "no.such.module:Bot",
        "railroad_canasta.bots:Nothing",
        "railroad_canasta.bots:BOT_NAMES",
    ):
        with pytest.raises(RailroadCanastaError, match=bad.split(":")[0].split(".")[0]):
            make_bot(bad, seed=0, variant="railroad")


@pytest.mark.parametrize("jobs", [1, 2])
def test_an_interrupted_run_keeps_the_first_games_in_order(jobs: int) -> None:
    """Ctrl-C after the second batch: the games written are the first of the run, summarised and marked
    interrupted (a batch that finished past one still running is not written: resuming plays it)."""
    plan = _plan(games=12)
    calls = []

    def progress(n: int) -> None:
        calls.append(n)
        if len(calls) == 2:
            raise KeyboardInterrupt

    out = io.StringIO()
    summary = simulate(plan, jobs=jobs, batch_size=2, out=out, progress=progress)
    lines = out.getvalue().splitlines(keepends=True)
    assert summary.interrupted and summary.games == len(lines) <= 4
    assert "".join(lines) == "".join(_lines(plan, jobs=1).splitlines(keepends=True)[: len(lines)])
    if jobs == 1:
        assert len(lines) == 4


def test_the_summary_counts_wins_endings_and_intervals() -> None:
    """Wins per seat, round endings and the intervals come out of the lines."""
    lines = [json.loads(line) for line in _lines(_plan(games=6), jobs=1).splitlines()]
    summary = summarise(lines, seconds=1.0)
    assert summary.games == 6 and sum(bot.seats for bot in summary.bots.values()) == 12
    assert sum(summary.endings.values()) == sum(line["rounds"] for line in lines)
    assert summary.decisions == sum(line["decisions"] for line in lines)
    low, high = wilson_interval(3, 10)
    assert 0.0 < low < 0.3 < high < 1.0
    mean, m_low, m_high = mean_interval([1.0, 2.0, 3.0])
    assert (mean, round(m_high - mean, 3)) == (2.0, round(mean - m_low, 3))
    assert "win rate (95% interval)" in summary.text()
    empty = summarise([], seconds=1.0).text()
    assert empty == "0 games, 0 decisions in 1.0 s: 0.0 games/s, 0 decisions/s\nno game to summarise"


def test_the_command_writes_lines_and_a_summary(tmp_path: Path) -> None:
    """simulate --out FILE writes one line a game and prints the summary; same seed, same file."""
    out = io.StringIO()
    args = ["simulate", "--games", "4", "--max-rounds", "1", "--no-progress", "--seed", "2"]
    assert main([*args, "--out", str(tmp_path / "a.jsonl"), "--jobs", "2"], out=out) == 0
    assert main([*args, "--out", str(tmp_path / "b.jsonl")], out=io.StringIO()) == 0
    assert (tmp_path / "a.jsonl").read_text() == (tmp_path / "b.jsonl").read_text()
    assert len((tmp_path / "a.jsonl").read_text().splitlines()) == 4
    text = out.getvalue()
    assert text.startswith("4 games,") and "greedy" in text and "round endings:" in text


def test_rules_options_and_players_reach_the_games() -> None:
    """--rules and --players set the rules of every game."""
    out = io.StringIO()
    args = ["simulate", "--games", "2", "--max-rounds", "1", "--no-progress", "--players", "3", "--out", "-"]
    assert main([*args, "--rules", "hand_size=9", "--bots", "random"], out=out) == 0
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [len(line["bots"]) for line in lines] == [3, 3]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "clever"], "unknown bot 'clever'"),
        (
            ["--bots", "greedy,heuristc"],
            "unknown bot 'heuristc': use a name (random, greedy, heuristic, search) or",
        ),
        (["--bots", "heuristc"], "(package.module:Class); did you mean heuristic?"),
        (["--jobs", "0"], "--jobs must be at least 1"),
        (["--address", "auto"], "add --backend ray"),
        (["--rules", "nonsense=1"], "--rules nonsense: unknown option"),
        (["--players", "9"], "must be from 2 to 8"),
        (["--resume"], "--resume completes a file: add --out FILE"),
        (
            ["--resume", "--out", "-"],
            "--resume completes a file: --out - (standard output) cannot be resumed",
        ),
        (["summarize"], "summarize needs one FILE, not none"),
        (["summarize", "a.jsonl", "b.jsonl"], "summarize needs one FILE, not 'a.jsonl' 'b.jsonl'"),
        (["10"], "unexpected '10': the one action is summarize FILE\n"),
        (
            ["sumarize", "x.jsonl"],
            "unexpected 'sumarize': the one action is summarize FILE; did you mean summarize?",
        ),
        (["summarise", "README.md"], "README.md line 1: not a game's line"),
        (["--gmes", "10"], "simulate: unrecognized arguments: --gmes; did you mean --games? (see "),
        (["--frobnicate"], "unrecognized arguments: --frobnicate (see railroad-canasta simulate --help)"),
        (["summarize", "no/such/file.jsonl"], "summarize: cannot read no/such/file.jsonl"),
        (["summarize", "README.md"], "README.md line 1: not a game's line"),
        (
            ["--games", "10", "--seed", "3", "summarize", "README.md"],
            "summarize FILE reads a run and plays none: drop --games, --seed",
        ),
        (["summarize", "README.md", "--jobs", "2"], "summarize FILE reads a run and plays none: drop --jobs"),
        (["summarize", "README.md", "--seed", "0", "--gam", "100"], "plays none: drop --games, --seed"),
    ],
)
def test_mistakes_are_one_line_and_status_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bad bot, job count, address or option is one line on stderr and exit status 2."""
    assert main(["simulate", "--no-progress", *args], out=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_ray_missing_names_the_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without Ray, --backend ray says which extra to install, in one line."""
    monkeypatch.setitem(sys.modules, "ray", None)
    assert main(["simulate", "--games", "1", "--backend", "ray", "--no-progress"], out=io.StringIO()) == 2
    assert capsys.readouterr().err == (
        "railroad-canasta: error: --backend ray needs the 'ray' extra (ray is not installed): "
        "pip install 'railroad-canasta[ray]'\n"
    )


def test_partners_share_their_side_s_score_and_win() -> None:
    """In classic partnership games a line gives both partners their side's score; winners are seats."""
    plan = Plan(variant="classic", rules=None, bots=("greedy", "random"), games=2, seed=1, players=4)
    line = play_one(plan, 0)
    scores = line["scores"]
    assert scores[0] == scores[2] and scores[1] == scores[3]
    assert line["winners"] in ([0, 2], [1, 3])


def _closed_port() -> int:
    """A local port where nothing listens (bound, then released)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_a_cluster_address_where_nothing_answers_is_refused_at_once() -> None:
    """The probe of --address: a closed port or an unknown host is a ClusterError naming the address within
    seconds (Ray alone retries for ever); a listening port, ``auto`` and an address without a port pass."""
    port = _closed_port()
    for address in (f"127.0.0.1:{port}", f"ray://127.0.0.1:{port}", "no-such-host.invalid:6379"):
        started = time.monotonic()
        with pytest.raises(ClusterError, match=f"cannot join the Ray cluster at {re.escape(address)}: "):
            probe(address, seconds=2)
        assert time.monotonic() - started < 10
    with socket.socket() as listening:
        listening.bind(("127.0.0.1", 0))
        listening.listen()
        probe(f"127.0.0.1:{listening.getsockname()[1]}")
    for left_to_ray in ("auto", "head-node"):
        probe(left_to_ray)


class _FakeRay(types.ModuleType):
    """A stand-in for the ``ray`` module that records ``init``'s arguments and refuses to start."""

    def __init__(self) -> None:
        super().__init__("ray")
        self.inits: list[dict[str, object]] = []

    def is_initialized(self) -> bool:
        return False

    def init(self, **options: object) -> None:
        self.inits.append(options)
        raise ConnectionError("Could not find any running Ray instance.")


def test_a_ray_run_that_cannot_start_leaves_the_out_file_as_it_was(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ray refusing to start (``auto`` with no cluster): one line naming the address, status 2, and the
    ``--out`` file of an earlier run untouched (it is emptied at the first line, not when opened); a local
    instance is asked for as ``address="local"`` (a new one even where ``ray start`` left a cluster)."""
    fake = _FakeRay()
    monkeypatch.setitem(sys.modules, "ray", fake)
    out = tmp_path / "games.jsonl"
    out.write_text("an earlier run's lines\n")
    args = ["simulate", "--games", "2", "--backend", "ray", "--out", str(out)]
    assert main([*args, "--address", "auto"], out=io.StringIO()) == 2
    assert capsys.readouterr().err == (
        "railroad-canasta: error: cannot join the Ray cluster at auto: Could not find any running Ray "
        "instance.\n"
    )
    assert out.read_text() == "an earlier run's lines\n"
    with pytest.raises(ConnectionError):
        main([*args, "--jobs", "2", "--no-progress"], out=io.StringIO())
    assert fake.inits[-1]["address"] == "local" and fake.inits[-1]["num_cpus"] == 2
    assert out.read_text() == "an earlier run's lines\n"


def test_a_new_run_replaces_the_out_file_even_without_games(tmp_path: Path) -> None:
    """The file of a new run is emptied at its first line, or at its end when it played no game."""
    out = tmp_path / "games.jsonl"
    for games, count in ((2, 2), (0, 0)):
        out.write_text("an earlier run's lines\n" * 5)
        args = ["simulate", "--games", str(games), "--max-rounds", "1", "--no-progress", "--out", str(out)]
        assert main(args, out=io.StringIO()) == 0
        assert out.read_text().count("\n") == count and "earlier" not in out.read_text()
