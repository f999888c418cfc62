"""Write your own bot and play it against the library's greedy bot.

A bot is any object with ``choose(view, moves) -> move``: it sees only its
player's view (its own hand, the table, the pile) and returns one of ``moves``.
Run: ``python examples/play_with_your_bot.py``.
"""

from __future__ import annotations

from collections.abc import Sequence

from railroad_canasta import RAILROAD, AddToMeld, Discard, Move, PlayerView, StartMeld, TakePile
from railroad_canasta.bots import GreedyBot, play_game


class PileHungryBot:
    """Takes the pile whenever it may, melds whatever it can, then discards its lowest natural card."""

    def choose(self, seen: PlayerView, moves: Sequence[Move]) -> Move:
        """Pick one of the legal moves."""
        for move in moves:
            if isinstance(move, TakePile):
                return move
        for move in moves:
            if isinstance(move, StartMeld | AddToMeld):
                return move
        discards = [m for m in moves if isinstance(m, Discard)]
        if discards:
            # The legal order lists discards from high ranks to low: the last is the cheapest natural.
            return discards[-1] if not discards[-1].card.is_wild else discards[0]
        return moves[0]


def main() -> None:
    """Play two rounds and print the score of each."""
    rules = RAILROAD.replace(max_rounds=2)
    final = play_game(rules, seed=2024, bots=[PileHungryBot(), GreedyBot()])
    for result in final.history:
        print(f"round {result.round}: {result.end.value}, scores {result.scores}")
    assert final.result is not None
    print("truncated" if final.result.truncated else f"winner: player {final.result.winners}")


if __name__ == "__main__":
    main()
