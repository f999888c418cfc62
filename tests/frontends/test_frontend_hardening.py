"""Regression tests of issue 24, findings 1, 4 and 5: the front ends keep the seed secret, the web table
refuses foreign requests, and every command-line mistake is one line with exit status 2 (130 for Ctrl-C).
"""

from __future__ import annotations

import argparse
import io
import socket
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from railroad_canasta import ClassicRules, Rules, new_game
from railroad_canasta.cli import main
from railroad_canasta.cli import play as play_cmd
from railroad_canasta.cli import serve as serve_cmd
from railroad_canasta.session import read_record
from railroad_canasta.web import make_app
from railroad_canasta.web.guard import LOOPBACK_HOSTS, host_allowed, origin_allowed


def _seat(app: object) -> str:
    """The path of seat 0's link (the table's pages and forms live under it)."""
    return f"/t/{app.state.table.token_of(0)}"  # type: ignore[attr-defined]


def _parse(command: str, *argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    module = play_cmd if command == "play" else serve_cmd
    module.configure(parser)
    return parser.parse_args(list(argv))


# ------------------------------------------------------------------------ 1. the seed stays secret


def test_play_and_serve_default_to_a_fresh_secret_seed() -> None:
    for command in ("play", "serve"):
        assert _parse(command).seed is None
        assert _parse(command, "--seed", "7").seed == 7
    sessions = [play_cmd.session_of(_parse("play")) for _ in range(3)]
    seeds = {s.seed for s in sessions}
    assert len(seeds) == 3 and all(seed.bit_length() > 64 for seed in seeds)
    assert play_cmd.session_of(_parse("play", "--seed", "7")).seed == 7


@pytest.mark.parametrize("rules", [Rules(players=2), ClassicRules(players=4)])
def test_the_web_page_never_shows_the_seed_during_play_and_each_new_game_has_a_fresh_one(
    rules: Rules | ClassicRules,
) -> None:
    app = make_app(rules)
    table = app.state.table
    client = TestClient(app)
    seat = _seat(app)
    seeds = []
    for _ in range(3):
        seeds.append(table.seed)
        page = client.get(seat).text
        assert str(table.seed) not in page and "seed" not in page.lower()
        assert client.post(f"{seat}/new", follow_redirects=False).status_code == 303
    assert len(set(seeds)) == 3 and table.seed not in seeds
    # A demo's --seed is reproducible: the next game takes the next seed.
    demo = make_app(rules, seed=7)
    TestClient(demo).post(f"{_seat(demo)}/new")
    assert demo.state.table.seed == 8


def test_the_seed_is_shown_once_the_game_is_over() -> None:
    app = make_app(Rules(players=2), seed=5)
    table = app.state.table
    while not table.session.over:
        table.play(str(table.session.legal()[-1]))
    assert "seed 5" in TestClient(app).get(_seat(app)).text


def test_the_terminal_log_does_not_show_the_seed() -> None:
    source = (Path(play_cmd.__file__).parents[1] / "tui" / "app.py").read_text()
    assert "; seed {self.session.seed}" not in source
    assert "The game is over (seed {session.seed})" in source


# -------------------------------------------------------------------------------- 4. the web table


def test_a_foreign_host_is_refused_and_the_loopback_names_are_served() -> None:
    app = make_app(Rules(players=2), seed=1)
    client, seat = TestClient(app), _seat(app)
    for host in ("evil.example", "evil.example:8000", "127.0.0.1.evil.example", ""):
        assert client.get(seat, headers={"host": host}).status_code == 400
    for host in ("127.0.0.1:8000", "localhost:8000", "[::1]:8000", "127.0.0.1"):
        assert client.get(seat, headers={"host": host}).status_code == 200
    assert host_allowed(b"LOCALHOST", LOOPBACK_HOSTS) and not host_allowed(None, LOOPBACK_HOSTS)


def test_a_post_from_another_site_is_refused_and_changes_nothing() -> None:
    app = make_app(Rules(players=2), seed=1)
    client, seat = TestClient(app), _seat(app)
    before = app.state.table.session.state
    for headers in (
        {"origin": "https://evil.example"},
        {"origin": "null"},
        {"sec-fetch-site": "cross-site"},
    ):
        assert client.post(f"{seat}/move", data={"move": "draw"}, headers=headers).status_code == 403
        assert client.post(f"{seat}/new", headers=headers).status_code == 403
    assert app.state.table.session.state is before
    ok = client.post(
        f"{seat}/move", data={"move": "draw"}, headers={"origin": "http://testserver"}, follow_redirects=False
    )
    assert ok.status_code == 303 and app.state.table.session.state is not before
    assert origin_allowed(b"http://127.0.0.1:8000", b"127.0.0.1:8000")
    assert not origin_allowed(b"http://127.0.0.1:8001", b"127.0.0.1:8000")


def test_a_long_body_is_refused_and_an_echoed_move_is_cut_to_the_excerpt() -> None:
    app = make_app(Rules(players=2), seed=1)
    client, seat = TestClient(app), _seat(app)
    body = b"move=" + b"9" * 50_000
    headers = {"content-type": "application/x-www-form-urlencoded"}
    assert client.post(f"{seat}/move", content=body, headers=headers).status_code == 413
    # (chunked, without a length: still refused)
    chunked = iter([body[:3000], body[3000:]])
    assert client.post(f"{seat}/move", content=chunked, headers=headers).status_code == 413
    page = client.post(f"{seat}/move", data={"move": "x" * 2000}).text
    assert "x" * 41 not in page and "(2000 characters)" in page
    assert "x" * 41 not in app.state.table.problems[0]


def test_a_busy_port_is_one_line_and_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        out = io.StringIO()
        assert main(["serve", "--port", str(port)], out=out) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"127.0.0.1:{port}" in err and "Traceback" not in err
    assert out.getvalue() == ""


# ------------------------------------------------------------------------------ 5. the command line


@pytest.mark.parametrize(
    "argv",
    [
        ["demo", "--seed", "9" * 85],
        ["demo", "--seed", "9" * 5000],
        ["simulate", "--games", "1", "--bots", "os:system"],
        ["simulate", "--games", "1", "--bots", "builtins:int"],
        ["simulate", "--games", "1", "--seed", "9" * 85],
        ["play", "--seed", "x"],
    ],
)
def test_a_mistake_is_one_line_and_status_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv, out=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err and len(err) < 400


@pytest.mark.parametrize("command", ["check", "explain"])
def test_a_toml_file_nested_5000_deep_is_one_line_and_status_2(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "deep.toml"
    path.write_text("x = " + "[" * 5000 + "]" * 5000 + "\n")
    argv = [command, str(path)] + (["draw"] if command == "explain" else [])
    out = io.StringIO()
    status = main(argv, out=out)
    # (explain: one line on stderr; check: the file's ERROR line in its report)
    said = capsys.readouterr().err + out.getvalue()
    assert status == 2 and "nested too deep" in said and "Traceback" not in said
    assert [line for line in said.splitlines() if "nested too deep" in line] == [said.strip().splitlines()[0]]


@pytest.mark.parametrize("command", [["demo"], ["check", "spec/scenarios"]])
def test_ctrl_c_is_one_line_and_status_130(
    command: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import railroad_canasta.cli as cli

    def interrupted(args: argparse.Namespace, out: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli._MODULES[command[0]], "run", interrupted)
    assert main(command, out=io.StringIO()) == 130
    assert capsys.readouterr().err == "railroad-canasta: interrupted\n"


def test_simulate_jobs_are_capped_by_the_games_and_the_cpus() -> None:
    started = time.perf_counter()
    out = io.StringIO()
    assert (
        main(["simulate", "--games", "1", "--jobs", "10000", "--no-progress", "--max-rounds", "1"], out=out)
        == 0
    )
    assert time.perf_counter() - started < 30
    assert "1 game" in out.getvalue()


def test_new_game_refuses_a_seed_over_256_bits_in_both_games() -> None:
    for rules in (Rules(players=2), ClassicRules(players=4)):
        with pytest.raises(ValueError, match="at most 256 bits"):
            new_game(rules, seed=2**4000)
        with pytest.raises(TypeError, match="seed must be an int"):
            new_game(rules, seed="7")  # type: ignore[call-overload]
        assert new_game(rules, seed=2**256 - 1).seed == 2**256 - 1


# ----------------------------------------------------------- issue 25: a web game saved and resumed


def test_a_web_game_is_saved_as_it_is_played_and_resumed_with_new_links(tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    app = make_app(Rules(players=3), seed=11, humans=2, save_to=path)
    table = app.state.table
    client = TestClient(app)
    for _ in range(6):  # the people's moves through their links; the bot's in between
        seat = table.session.state.to_move
        legal = table.session.legal(seat)
        client.post(f"/t/{table.token_of(seat)}/move", data={"move": str(legal[-1])})
        assert read_record(path.read_bytes()).moves == tuple(table.session.moves)
    played = tuple(table.session.moves)
    assert len(played) > 6 and not list(tmp_path.glob("*.part"))
    again_app = make_app(humans=2, resume=read_record(path.read_bytes()), save_to=path)
    again = again_app.state.table
    assert again.session.state == table.session.state and again.session.seed == 11
    assert not set(again.tokens) & set(table.tokens)
    seat = again.session.state.to_move
    assert "Your move." in TestClient(again_app).get(f"/t/{again.token_of(seat)}").text
    again.play(str(again.session.legal(seat)[0]), seat)
    assert read_record(path.read_bytes()).moves[: len(played)] == played
    assert len(read_record(path.read_bytes()).moves) > len(played)


def test_serve_resume_mistakes_are_one_line_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"schema": "railroad-canasta/record/1", "moves": 5}')
    for argv in (
        ["serve", "--resume", str(tmp_path / "missing.json")],
        ["serve", "--resume", str(bad)],
        ["serve", "--resume", str(bad), "--players", "3"],
    ):
        assert main(argv, out=io.StringIO()) == 2, argv
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "Traceback" not in err, err


def test_serve_save_to_a_file_that_cannot_be_written_is_one_line_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A folder, a file in a missing folder, a file in a folder it may not write: one line, status 2, no
    ``.part`` left anywhere (before the port is bound or a link printed)."""
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    cases = [tmp_path, tmp_path / "missing" / "game.json"]
    try:
        probe = locked / "probe"
        probe.touch()  # (root may write anywhere: the locked folder is only a case where it cannot)
        probe.unlink()
    except OSError:
        cases.append(locked / "game.json")
    try:
        for path in cases:
            out = io.StringIO()
            assert main(["serve", "--save", str(path), "--port", "1"], out=out) == 2, path
            err = capsys.readouterr().err
            assert err.count("\n") == 1 and "Traceback" not in err and "--save" in err, err
            assert "http" not in out.getvalue()
        assert not list(tmp_path.parent.glob("*.part")) and not list(tmp_path.rglob("*.part"))
    finally:
        locked.chmod(0o700)


def test_a_save_that_fails_during_the_game_is_a_log_line_not_an_error(tmp_path: Path) -> None:
    """The record's file turned into a folder mid-game: the move is played, the page answers (no 500),
    every page's log says the game was not saved, and no ``.part`` is left."""
    path = tmp_path / "table.json"
    app = make_app(Rules(players=2), seed=3, humans=1, save_to=path)
    table = app.state.table
    path.unlink()
    path.mkdir()
    seat = table.session.state.to_move
    before = len(table.session.moves)
    move = str(table.session.legal(seat)[0])
    response = TestClient(app).post(f"/t/{table.token_of(seat)}/move", data={"move": move})
    assert response.status_code < 500
    assert len(table.session.moves) > before
    assert any("could not be saved" in line for line in table.log)
    assert not list(tmp_path.glob("*.part"))
