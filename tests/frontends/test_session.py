"""One person against bots (railroad_canasta.session) and the play, replay and serve commands' errors.

The front ends themselves (Textual, Starlette, Chromium) are tested by tests_ui/ in `nox -s ui`.
"""

from __future__ import annotations

import argparse
import importlib.util
import io
from collections.abc import Sequence
from pathlib import Path

import pytest

import railroad_canasta as rc
from railroad_canasta.bots import GreedyBot
from railroad_canasta.cli import build_parser, main
from railroad_canasta.cli.play import rules_of, session_of
from railroad_canasta.core.guards import Violation
from railroad_canasta.session import GameSession, Replay, make_bot


def test_the_person_sees_their_view_and_plays_only_in_turn() -> None:
    game = GameSession(rc.Rules(players=3), seed=5, human=1)
    assert game.seen() == rc.view(game.state, 1)
    lines = game.run_bots()
    assert game.waiting and game.state.to_move == 1
    assert all(line.split(":")[0] in game.names for line in lines)
    assert list(game.legal()) == list(rc.legal_moves(game.seen()))
    assert game.completions("dr") == ["draw"]
    assert game.play("draw") is None
    assert game.moves[-1] == rc.Move.from_text("draw")


@pytest.mark.clause("R-TRN-2")
def test_an_illegal_or_unreadable_move_is_answered_not_raised() -> None:
    game = GameSession(rc.Rules(players=2), seed=7)
    game.run_bots()
    before = len(game.moves)
    problem = game.play("take-kitty")
    assert problem is not None and problem.clause == "R-TRN-2"
    unreadable = game.play("meld banana")
    assert unreadable is not None and unreadable.clause == "notation"
    assert len(game.moves) == before  # the refusals played nothing
    game.play("draw")
    assert len(game.moves) == before + 1


def test_a_bots_draw_shows_no_card() -> None:
    """The log line of a bot's move is its notation: a draw names no card of the bot's hand."""
    game = GameSession(rc.Rules(players=2), seed=7, human=0)
    lines = game.run_bots()
    draws = [line for line in lines if line.endswith(": draw")]
    assert draws and all(line == "bot 1: draw" for line in draws)


def test_save_resume_and_replay(tmp_path: Path) -> None:
    game = GameSession(rc.Rules(players=2), seed=9)
    for _ in range(15):
        game.run_bots()
        game.play(game.legal()[-1])
    path = tmp_path / "g.json"
    game.save(path)
    again = GameSession.resume(path)
    assert again.state == game.state and again.names == game.names
    steps = Replay.load(path)
    assert steps.go(len(game.moves)) == game.state
    assert steps.back(3) == Replay(game.record()).go(len(game.moves) - 3)
    assert steps.go(-5) == rc.new_game(rc.Rules(players=2), seed=9) and steps.last_move is None


def test_a_record_with_an_illegal_move_names_it() -> None:
    record = rc.GameRecord(rc.Rules(players=2), 7, ("a", "b"), (rc.Move.from_text("take-kitty"),))
    with pytest.raises(rc.ReplayError) as info:
        Replay(record)
    assert info.value.clause == "R-TRN-2" and info.value.index == 0


def test_bad_seat_and_bot_names_are_refused() -> None:
    with pytest.raises(ValueError, match="seat must be from 0 to 1"):
        GameSession(rc.Rules(players=2), seed=1, human=2)
    with pytest.raises(ValueError, match="bot must be one of greedy, random"):
        make_bot("clever", 1)


def test_replay_at_prints_the_table(tmp_path: Path) -> None:
    game = GameSession(rc.Rules(players=2), seed=4)
    game.run_bots()
    game.play("draw")
    path = tmp_path / "g.json"
    game.save(path)
    out = io.StringIO()
    assert main(["replay", str(path), "--at", "2"], out=out) == 0
    text = out.getvalue()
    assert text.startswith(f"move 2 of {len(game.moves)}: {game.moves[1]}\n")
    assert str(Replay(game.record()).go(2)) in text


def test_replay_refuses_a_move_outside_the_record_and_names_a_file_it_cannot_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--at`` past the record's end or below 0 is one line (it was clamped, silently); a file that is not
    a record is named in its error."""
    game = GameSession(rc.Rules(players=2), seed=4)
    game.run_bots()
    path = tmp_path / "g.json"
    game.save(path)
    moves = len(game.moves)
    for at in (moves + 1, -1):
        assert main(["replay", str(path), "--at", str(at)], out=io.StringIO()) == 2
        assert f"--at must be from 0 to {moves} (the record's moves), not {at}\n" in capsys.readouterr().err
    assert main(["replay", str(path), "--at", str(moves)], out=io.StringIO()) == 0
    lines = tmp_path / "games.jsonl"
    lines.write_text('{"game": 0}\n{"game": 1}\n', encoding="utf-8")
    assert main(["replay", str(lines), "--at", "0"], out=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"railroad-canasta: error: {lines}: ") and err.count("\n") == 1


@pytest.mark.parametrize(
    ("argv", "extra"),
    [(["play"], "play"), (["serve"], "web"), (["replay", "FILE"], "play")],
)
def test_a_missing_extra_is_one_line_naming_it(
    argv: list[str],
    extra: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    record = tmp_path / "g.json"
    GameSession(rc.Rules(players=2), seed=4).save(record)
    argv = [str(record) if a == "FILE" else a for a in argv]
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util,
        "find_spec",
        lambda name, *a: None if name in ("textual", "starlette") else real(name, *a),
    )
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"pip install 'railroad-canasta[{extra}]'" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "--seat", "3"], "--seat must be from 0 to 1, not 3"),
        (["play", "--resume", "/nonexistent/g.json"], "cannot read /nonexistent/g.json"),
        (["replay", "/nonexistent/g.json"], "cannot read /nonexistent/g.json"),
        (["serve", "--port", "0"], "--port must be from 1 to 65535, not 0"),
        (["serve", "--humans", "3"], "--humans must be from 1 to 2 (the players), not 3"),
        (
            ["serve", "--variant", "classic", "--humans", "0"],
            "--humans must be from 1 to 4 (the players), not 0",
        ),
    ],
)
def test_command_mistakes_are_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err


# -- classic Canasta -----------------------------------------------------------------------------------


class _Asks:
    """Greedy, but asks "may I go out?" whenever it may."""

    def choose(self, seen: rc.PlayerView | rc.ClassicView, moves: Sequence[rc.Move]) -> rc.Move:
        ask = rc.Move.from_text("ask-out")
        return ask if ask in moves else GreedyBot().choose(seen, moves)


@pytest.mark.clause("R-CL-PLY-1")
def test_a_classic_game_seats_the_partner_opposite_and_shows_only_the_view() -> None:
    game = GameSession(rc.ClassicRules(players=4), seed=3, human=1)
    assert game.partners == (3,) and game.names == ("bot 1", "you", "bot 2", "bot 3")
    lines = game.run_bots()
    assert game.waiting and game.state.to_move == 1
    assert lines and all(line.split(":")[0] in ("bot 1", "bot 2", "bot 3") for line in lines)
    assert game.seen() == rc.view(game.state, 1)
    assert list(game.legal()) == list(rc.legal_moves(game.seen()))
    problem = game.play("take-pile 9 JK")  # a draw-phase move the pile forbids here
    assert problem is not None and problem.clause.startswith("R-CL-")
    assert game.play("draw") is None
    assert "P2 & P4" not in rc.render.text(game.seen(), game.names)
    assert " you & bot 3: red 3s" in rc.render.text(game.seen(), game.names)
    assert GameSession(rc.ClassicRules(players=2), seed=1).partners == ()


@pytest.mark.clause("R-CL-DEC-1")
def test_a_bot_partner_asks_the_person_who_answers() -> None:
    """The person's partner asks "may I go out?": the person is to move, shown the question, answers."""
    game = GameSession(rc.ClassicRules(players=4), seed=2, human=0)
    game.bots[2] = _Asks()
    bot = GreedyBot()
    while not (game.waiting and game.state.phase.value == "answer"):
        assert not game.state.history, "the partner never asked"
        game.run_bots()
        if game.waiting and game.state.phase.value != "answer":
            game.play(bot.choose(game.seen(), game.legal()))
    assert [str(m) for m in game.legal()] == ["answer-out yes", "answer-out no"]
    assert "bot 2 asks you: may I go out?" in rc.render.text(game.seen(), game.names)
    assert game.play("answer-out no") is None
    assert game.moves[-1] == rc.Move.from_text("answer-out no") and game.state.to_move == 2
    assert "bot 2 asked to go out: may not go out this turn" in rc.render.text(game.seen(), game.names)
    assert game.run_bots()[0].startswith("bot 2: ")


def test_a_classic_game_saves_resumes_and_replays(tmp_path: Path) -> None:
    game = GameSession(rc.ClassicRules(players=4), seed=5, human=2)
    bot = GreedyBot()
    while not game.state.history:
        game.run_bots()
        if game.waiting:
            game.play(bot.choose(game.seen(), game.legal()))
    lines = game.round_lines(0)
    assert lines[0] == "Round 1 is over (went-out)." and lines[1].split()[0] == "side"
    assert [line.split("|")[0].strip() for line in lines[3:5]] == ["bot 1 & you", "bot 2 & bot 3"]
    path = tmp_path / "classic.json"
    game.save(path)
    assert '"variant": "classic"' in path.read_text(encoding="utf-8")
    again = GameSession.resume(path, human=2)
    assert again.state == game.state and again.names == game.names
    steps = Replay.load(path)
    assert steps.go(len(game.moves)) == game.state
    assert steps.back(4) == Replay(game.record()).go(len(game.moves) - 4)
    out = io.StringIO()
    assert main(["replay", str(path), "--at", "3"], out=out) == 0
    assert out.getvalue().startswith(f"move 3 of {len(game.moves)}: {game.moves[2]}\nCanasta, round 1")


def test_play_and_serve_take_the_classic_variant(capsys: pytest.CaptureFixture[str]) -> None:
    args = argparse.Namespace(
        variant="classic", players=None, seed=4, bots="random", seat=3, resume=None, rules=[]
    )
    session = session_of(args)
    assert session.rules == rc.ClassicRules(players=4) and session.human == 3 and session.partners == (1,)
    railroad = argparse.Namespace(**{**vars(args), "variant": "railroad", "seat": 1})
    assert session_of(railroad).rules == rc.Rules()
    assert main(["play", "--variant", "classic", "--players", "5"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "players" in err
    assert main(["play", "--variant", "classic", "--seat", "4"]) == 2
    assert "--seat must be from 0 to 3, not 4" in capsys.readouterr().err


def test_play_and_serve_take_rules_options(capsys: pytest.CaptureFixture[str]) -> None:
    parse = build_parser().parse_args
    args = parse(["play", "--variant", "classic", "--rules", "ask_partner=false", "--rules", "players=2"])
    assert session_of(args).rules == rc.ClassicRules(players=2, ask_partner=False)
    # --players wins over a players option given with --rules.
    args = parse(["serve", "--players", "3", "--rules", "players=2", "--rules", "kitty_timing=same-turn"])
    assert rules_of(args) == rc.Rules(players=3).replace(kitty_timing=rc.KittyTiming.SAME_TURN)
    for bad, message in (("ask_partner=maybe", "--rules ask_partner"), ("no_such=1", "--rules no_such")):
        assert main(["play", "--variant", "classic", "--rules", bad]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and message in err


def test_several_people_each_play_only_from_their_seat() -> None:
    game = GameSession(rc.Rules(players=3), seed=11, humans=(2, 0))
    assert game.humans == (0, 2) and game.human == 0 and sorted(game.bots) == [1]
    assert game.names == ("player 1", "bot 1", "player 2")
    game.run_bots()
    mover = game.state.to_move
    other = 2 - mover
    assert mover in (0, 2) and game.waiting_for(mover) and not game.waiting_for(other)
    assert game.legal(other) == () and list(game.legal(mover)) == list(rc.legal_moves(game.seen(mover)))
    assert game.play("draw", other) == Violation("R-TRN-1", f"it is player {mover // 2 + 1}'s turn")
    assert game.seen(other) == rc.view(game.state, other)
    assert game.play("draw", mover) is None and len(game.moves) >= 1
    with pytest.raises(ValueError, match="at least one person"):
        GameSession(rc.Rules(players=2), seed=1, humans=())
    with pytest.raises(ValueError, match="seat must be from 0 to 1, not 2"):
        GameSession(rc.Rules(players=2), seed=1, humans=(0, 2))


@pytest.mark.clause("R-CL-TRN-1")
def test_a_classic_move_out_of_turn_cites_the_classic_clause_of_the_turn() -> None:
    game = GameSession(rc.ClassicRules(players=4), seed=5, humans=(0, 1))
    game.run_bots()
    mover = game.state.to_move
    other = 1 - mover
    assert mover in (0, 1)
    problem = game.play("draw", other)
    assert problem is not None and problem.clause == "R-CL-TRN-1", problem
