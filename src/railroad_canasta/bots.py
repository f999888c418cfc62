"""Seeded bots that choose among the legal moves from their player's view, and a loop to play a game.

>>> from railroad_canasta import RAILROAD
>>> final = play_game(RAILROAD.replace(max_rounds=1), seed=3, bots=[RandomBot(1), GreedyBot()])
>>> final.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from railroad_canasta.core.cards import KIND_POINTS, Kind
from railroad_canasta.core.moves import (
    AddToMeld,
    Discard,
    Draw,
    EndRound,
    Move,
    StartMeld,
    TakeKitty,
    TakePile,
    TakeTop,
)
from railroad_canasta.variants.railroad.legal import legal_moves
from railroad_canasta.variants.railroad.rules import Rules
from railroad_canasta.variants.railroad.state import GameState, Phase
from railroad_canasta.variants.railroad.transitions import apply, new_game
from railroad_canasta.variants.railroad.views import PlayerView, view

__all__ = ["Bot", "GreedyBot", "RandomBot", "play_game"]


class Bot(Protocol):
    """Anything that picks one of the legal moves, seeing only its player's view."""

    def choose(self, seen: PlayerView, moves: Sequence[Move]) -> Move:
        """Return one element of ``moves``, the legal moves of ``seen`` (the mover's view)."""
        ...


class RandomBot:
    """Picks a legal move uniformly at random from its own seeded generator."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, seen: PlayerView, moves: Sequence[Move]) -> Move:
        """A uniformly random legal move."""
        return moves[self._rng.randrange(len(moves))]

    def __repr__(self) -> str:
        return f"RandomBot({self.seed})"


class GreedyBot:
    """Melds what it can, keeps its wild cards, takes big piles and goes for the kitty.

    It scores each legal move by a fixed heuristic and plays the best one;
    ties go to the first in the legal order, so it is deterministic.
    """

    def choose(self, seen: PlayerView, moves: Sequence[Move]) -> Move:
        """The legal move with the best heuristic score."""
        best = moves[0]
        best_score = -1e9
        for move in moves:
            score = self._score(seen, move)
            if score > best_score:
                best, best_score = move, score
        return best

    def _score(self, seen: PlayerView, move: Move) -> float:
        score = self._base_score(seen, move)
        sevens_ok = seen.sevens_discardable()
        if isinstance(move, StartMeld | AddToMeld | Discard) and not sevens_ok:
            # Avoid ending up with only 7s in hand: that would end the round with nothing to discard.
            hand = list(seen.hand)
            if isinstance(move, Discard | AddToMeld):
                hand[move.card] -= 1
            else:
                hand[move.rank] -= move.naturals
                hand[Kind.JOKER] -= move.jokers
                hand[Kind.TWO] -= move.twos
            left = sum(hand)
            if left and hand[Kind.SEVEN] == left:
                score -= 500.0
        return score

    def _base_score(self, seen: PlayerView, move: Move) -> float:
        hand = seen.hand
        if isinstance(move, Draw):
            return 0.0
        if isinstance(move, TakePile | TakeTop):
            # A pile is worth taking when it holds several cards.
            return 2.0 * len(seen.pile) - 1.0
        if isinstance(move, TakeKitty):
            return 10.0
        if isinstance(move, EndRound):
            return -100.0
        if isinstance(move, StartMeld | AddToMeld):
            rank = move.rank
            meld = seen.me.unfinished_meld(rank)
            size = meld.size if meld is not None else 0
            if isinstance(move, StartMeld):
                wilds = move.jokers + move.twos
                if rank is Kind.BLACK_THREE:
                    return 1000.0
                score = 30.0 - 12.0 * wilds
                if rank is Kind.JOKER:
                    # A wild meld only once the player holds wilds to spare.
                    score = 5.0 if hand[Kind.JOKER] + hand[Kind.TWO] >= 5 else -5.0
                return score
            card = move.card
            completes = size == 6
            if card.is_wild:
                if rank is Kind.JOKER:
                    return 60.0 if completes else 15.0
                # Spend a wild only to finish a canasta, and then the cheaper 2 first.
                return (50.0 if completes else -20.0) - (1.0 if card is Kind.JOKER else 0.0)
            return 40.0 + (20.0 if completes else 0.0)
        if isinstance(move, Discard):
            card = move.card
            if card is Kind.BLACK_THREE:
                return -1.0
            count = hand[card]
            keep = 0.0
            if card.is_wild:
                keep += 200.0
            if seen.me.unfinished_meld(card) is not None:
                keep += 30.0
            if count >= 2:
                keep += 15.0 * count
            return -(10.0 + keep + KIND_POINTS[card] / 10.0)
        return 0.0

    def __repr__(self) -> str:
        return "GreedyBot()"


def play_game(
    rules: Rules,
    seed: int,
    bots: Sequence[Bot],
    *,
    on_move: Callable[[GameState, Move, GameState], None] | None = None,
    max_decisions: int = 2_000_000,
) -> GameState:
    """Play a game between ``bots`` (one per seat) and return the final state.

    ``on_move(before, move, after)`` is called after every move.
    """
    if len(bots) != rules.players:
        raise ValueError(f"{rules.players} players need {rules.players} bots, not {len(bots)}")
    state = new_game(rules, seed=seed)
    for _ in range(max_decisions):
        if state.phase is Phase.GAME_OVER:
            return state
        moves = legal_moves(state)
        move = bots[state.to_move].choose(view(state, state.to_move), moves)
        after = apply(state, move)
        if on_move is not None:
            on_move(state, move, after)
        state = after
    raise RuntimeError(f"the game did not end within {max_decisions} decisions")
