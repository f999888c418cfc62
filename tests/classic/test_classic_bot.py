"""The classic heuristic bot: legal, deterministic, plays from the view only, explained, beats greedy."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

import railroad_canasta as rc
from railroad_canasta import Move
from railroad_canasta.bots import (
    ClassicHeuristicBot,
    ExplainingBot,
    GreedyBot,
    RandomBot,
    SearchBot,
    bot_named,
    play_game,
)
from railroad_canasta.core.moves import AnswerGoOut, AskGoOut
from railroad_canasta.variants.classic.rules import CLASSIC
from railroad_canasta.variants.classic.state import ClassicState, Phase
from railroad_canasta.variants.classic.views import ClassicView

_PLAYING = (Phase.DRAW, Phase.MELD, Phase.ANSWER)


@pytest.mark.clause("R-CL-TRN-1", "R-CL-PLY-1")
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_the_bot_never_makes_an_illegal_move(players: int) -> None:
    """Over seeded games at every player count, against itself, greedy and random, every move is legal."""
    played = [0]

    def check(before: ClassicState, move: Move, after: ClassicState) -> None:
        assert move in rc.legal_moves(before) and rc.why_illegal(before, move) is None
        played[0] += 1

    for seed in range(9):
        others = (ClassicHeuristicBot(seed), GreedyBot(), RandomBot(seed))[seed % 3]
        bots = [ClassicHeuristicBot(seed) if seat % 2 == 0 else others for seat in range(players)]
        final = play_game(CLASSIC.replace(players=players, max_rounds=2), seed, bots, on_move=check)
        assert final.is_over
    assert played[0] > 1000


def _decisions(players: int, seed: int, count: int) -> list[ClassicState]:
    """The states of a seeded game between heuristic bots, up to ``count`` decisions in play."""
    state = rc.new_game(CLASSIC.replace(players=players), seed=seed)
    bot = ClassicHeuristicBot()
    out: list[ClassicState] = []
    while len(out) < count and state.phase in _PLAYING:
        out.append(state)
        state = rc.apply(state, bot.choose(rc.view(state, state.to_move), rc.legal_moves(state)))
    return out


@pytest.mark.clause("R-CL-PLY-1")
@pytest.mark.parametrize("players", [2, 4, 6])
def test_swapping_the_hidden_cards_does_not_change_the_move(players: int) -> None:
    """The bot plays from the mover's view: the hidden cards dealt otherwise, the choice is the same."""
    bot = ClassicHeuristicBot()
    rng = random.Random(players)
    changed = 0
    states = _decisions(players, seed=players, count=120)
    assert len(states) >= 60
    for state in states:
        mover = state.to_move
        other = rc.sample_state(rc.view(state, mover), rng)
        # (the hidden cards dealt otherwise: a hand known whole to the table (R-CL-VIS-1) stays as it is,
        # the stock's order changes)
        changed += other.hands != state.hands or other.stock != state.stock
        assert rc.legal_moves(other) == rc.legal_moves(state)
        mine = bot.choose(rc.view(state, mover), rc.legal_moves(state))
        assert bot.choose(rc.view(other, mover), rc.legal_moves(other)) == mine
    assert changed >= len(states) - 5


def test_the_same_seed_plays_the_same_game() -> None:
    """Given its seed (and the game's), the bot plays the same moves; it draws no random number."""

    def moves(seed: int) -> list[str]:
        out: list[str] = []
        bots = [ClassicHeuristicBot(seed) if s % 2 == 0 else GreedyBot() for s in range(4)]
        play_game(CLASSIC.replace(max_rounds=1), 5, bots, on_move=lambda b, m, a: out.append(str(m)))
        return out

    first = moves(1)
    assert len(first) > 50 and first == moves(1) == moves(2)


def test_every_choice_is_explained_in_one_line() -> None:
    """explain answers the move choose plays, with one line that starts with the move's text."""
    bot = ClassicHeuristicBot()
    assert isinstance(bot, ExplainingBot)
    lines: list[str] = []

    class Checking:
        def choose(self, seen: ClassicView, moves: Sequence[Move]) -> Move:
            move, why = bot.explain(seen, moves)
            assert move == bot.choose(seen, moves) == bot.ranked(seen, moves)[0] and move in moves
            assert why.startswith(f"{move}: ") and "\n" not in why and len(why) > len(str(move)) + 3
            lines.append(why)
            return move

    play_game(CLASSIC.replace(max_rounds=1), 2, [Checking() for _ in range(4)])
    assert len(lines) > 50
    assert any("canasta" in line for line in lines) and any("requirement" in line for line in lines)


@pytest.mark.clause("R-CL-DEC-1")
def test_the_bot_asks_its_partner_only_when_it_then_goes_out() -> None:
    """Over seeded games the bot asks "may I go out?"; after a yes it goes out in that turn."""
    asked = outs = 0
    pending: list[int] = []
    for seed in range(12):

        def watch(before: ClassicState, move: Move, after: ClassicState) -> None:
            nonlocal asked, outs
            if isinstance(move, AskGoOut):
                asked += 1
                assert sum(before.hands[before.to_move]) >= 2
            if isinstance(move, AnswerGoOut) and move.allow:
                pending.append(after.to_move)
            if after.history and len(after.history) > len(before.history) and pending:
                assert after.history[-1].went_out == pending.pop()
                outs += 1

        bots = [ClassicHeuristicBot(seed) for _ in range(4)]
        play_game(CLASSIC.replace(max_rounds=1), seed, bots, on_move=watch)
        assert not pending
    assert asked >= 1 and outs >= 1


@pytest.mark.clause("R-CL-OUT-1")
def test_the_bot_outscores_the_greedy_bot_at_four_players() -> None:
    """With fixed seeds the heuristic side outscores the greedy side in most one-round four-player games."""
    wins = 0
    games = 24
    for seed in range(games):
        names = ["heuristic", "greedy"] if seed % 2 == 0 else ["greedy", "heuristic"]
        bots = [bot_named(names[seat % 2], seed=seed, variant="classic") for seat in range(4)]
        final = play_game(CLASSIC.replace(max_rounds=1), seed, bots)
        mine = names.index("heuristic")
        wins += final.scores[mine] > final.scores[1 - mine]
    assert wins >= 15


def test_bots_by_name_for_classic() -> None:
    """``heuristic`` names the classic bot for the classic variant; ``search`` searches over its rollouts."""
    bot = bot_named("heuristic", seed=4, variant="classic")
    assert isinstance(bot, ClassicHeuristicBot) and bot.seed == 4
    state = rc.new_game(CLASSIC, seed=1)
    assert bot.choose(rc.view(state, state.to_move), rc.legal_moves(state)) in rc.legal_moves(state)
    search = bot_named("search", seed=4, variant="classic")
    assert isinstance(search, SearchBot) and search.policy is ClassicHeuristicBot
    search.seconds, search.rollouts = None, 12
    for seed in range(4):
        state = rc.apply(rc.new_game(CLASSIC, seed=seed), "draw")
        assert search.choose(rc.view(state, state.to_move), rc.legal_moves(state)) in rc.legal_moves(state)


def test_the_classic_demo_explains_the_heuristic_bot(capsys: pytest.CaptureFixture[str]) -> None:
    """`demo --variant classic --bot heuristic --explain` writes each choice's reason and names the winner."""
    import io

    from railroad_canasta.cli import main

    out = io.StringIO()
    args = [
        "demo",
        "--variant",
        "classic",
        "--players",
        "4",
        "--seed",
        "3",
        "--bot",
        "heuristic",
        "--explain",
    ]
    assert main(args, out=out) == 0
    lines = out.getvalue().splitlines()
    assert lines[2].startswith("Round 1:") and lines[-1].startswith("Side P")
    assert sum(" why " in line for line in lines) > 100


def test_a_session_plays_against_the_classic_heuristic_bots() -> None:
    """`play --variant classic --bots heuristic`: the session's bots are the classic heuristic bot."""
    from railroad_canasta.session import GameSession

    game = GameSession(CLASSIC, seed=3, human=0, bot="heuristic")
    assert all(isinstance(b, ClassicHeuristicBot) for b in game.bots.values()) and len(game.bots) == 3
    while not game.over:
        game.run_bots()
        if not game.over:
            game.play(str(rc.legal_moves(game.state)[0]))
    assert game.state.is_over
