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
