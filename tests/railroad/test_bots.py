"""The bots choose only legal moves, deterministically from their seeds."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from railroad_canasta import RAILROAD, GameState, Move, PlayerView, legal_moves
from railroad_canasta.bots import GreedyBot, RandomBot, play_game


@pytest.mark.clause("R-TRN-2")
@pytest.mark.parametrize("players", [2, 5])
def test_bots_only_play_listed_moves(players: int) -> None:
    """Every move a bot plays is among the legal moves of the state it saw."""
    seen = [0]

    def check(before: GameState, move: Move, after: GameState) -> None:
        assert move in legal_moves(before)
        seen[0] += 1

    rules = RAILROAD.replace(players=players, max_rounds=1)
    bots = [RandomBot(i) if i % 2 else GreedyBot() for i in range(players)]
    final = play_game(rules, 9, bots, on_move=check)
    assert final.is_over and seen[0] > 20


@pytest.mark.clause("R-SET-3")
def test_same_seed_same_game() -> None:
    """The same seed and the same bots give the same game, move for move."""

    def run() -> list[str]:
        moves: list[str] = []
        play_game(
            RAILROAD.replace(max_rounds=1),
            4,
            [RandomBot(1), RandomBot(2)],
            on_move=lambda b, m, a: moves.append(str(m)),
        )
        return moves

    assert run() == run()


def test_wrong_number_of_bots_is_refused() -> None:
    """play_game wants exactly one bot per seat."""
    with pytest.raises(ValueError, match="need 2 bots"):
        play_game(RAILROAD, 1, [GreedyBot()])


@pytest.mark.clause("R-KIT-1")
def test_bots_see_only_the_movers_view() -> None:
    """A bot is handed the mover's PlayerView, whose legal moves equal those of the full state."""
    seen: list[PlayerView] = []

    class Spy:
        def choose(self, view: PlayerView, moves: Sequence[Move]) -> Move:
            seen.append(view)
            assert tuple(legal_moves(view)) == tuple(moves)
            return moves[0]

    play_game(RAILROAD.replace(max_rounds=1, players=3), 5, [Spy(), Spy(), Spy()], max_decisions=200_000)
    assert seen and all(isinstance(v, PlayerView) for v in seen)
    assert all(v.viewer == v.to_move for v in seen)
    assert not hasattr(seen[0], "stock") and not hasattr(seen[0], "seed")


# -- the heuristic bot, the search bot and bots by name ----------------------------------------------------


import railroad_canasta as rc  # noqa: E402
from railroad_canasta.bots import (  # noqa: E402
    BOT_NAMES,
    ExplainingBot,
    RailroadHeuristicBot,
    bot_named,
)


def _round_score_wins(a: str, b: str, games: int) -> int:
    """In one-round two-player games with alternating seats, how often ``a`` outscores ``b``."""
    wins = 0
    for seed in range(games):
        names = [a, b] if seed % 2 == 0 else [b, a]
        final = play_game(RAILROAD.replace(max_rounds=1), seed, [bot_named(n, seed=seed) for n in names])
        mine = names.index(a)
        wins += final.scores[mine] > final.scores[1 - mine]
    return wins


@pytest.mark.clause("R-OUT-1")
def test_the_heuristic_bot_outscores_the_greedy_bot() -> None:
    """With fixed seeds the heuristic bot wins most one-round games against the greedy bot."""
    assert _round_score_wins("heuristic", "greedy", 24) >= 15


@pytest.mark.clause("R-OUT-2")
def test_the_heuristic_bot_goes_out() -> None:
    """Playing itself, the heuristic bot ends some rounds by going out (the greedy bot hardly ever does)."""
    outs = 0
    for seed in range(8):
        final = play_game(
            RAILROAD.replace(max_rounds=1), seed, [RailroadHeuristicBot(), RailroadHeuristicBot()]
        )
        outs += final.history[-1].went_out is not None
    assert outs >= 2


def test_the_heuristic_bot_explains_each_choice_in_one_line() -> None:
    """explain answers the move choose plays and one line that starts with the move's text."""
    bot = RailroadHeuristicBot()
    assert isinstance(bot, ExplainingBot)
    seen_lines: list[str] = []

    class Checking:
        def choose(self, seen: PlayerView, moves: Sequence[Move]) -> Move:
            move, why = bot.explain(seen, moves)
            assert move == bot.choose(seen, moves) and move in moves
            assert why.startswith(f"{move}: ") and "\n" not in why and len(why) > len(str(move)) + 3
            seen_lines.append(why)
            return move

    play_game(RAILROAD.replace(max_rounds=1), 2, [Checking(), Checking()])
    assert any("canasta" in line for line in seen_lines)
    assert bot.ranked.__doc__ is not None


def test_bots_by_name() -> None:
    """Every name makes a bot that plays a legal move; an unknown name or variant is refused."""
    state = rc.new_game(RAILROAD, seed=1)
    seen, moves = rc.view(state, state.to_move), rc.legal_moves(state)
    for name in BOT_NAMES:
        assert bot_named(name, seed=2).choose(seen, moves) in moves
    with pytest.raises(
        ValueError, match=r"unknown bot 'clever' \(known: random, greedy, heuristic, search\)$"
    ):
        bot_named("clever")
    with pytest.raises(ValueError, match=r"unknown bot 'serch' \(known: [a-z, ]+\); did you mean search\?$"):
        bot_named("serch")
    with pytest.raises(rc.RulesError, match="unknown variant"):
        bot_named("heuristic", variant="bridge")
