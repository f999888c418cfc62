"""The simple bots: a seeded random bot and a greedy one, which show the rules work but do not plan.

>>> from railroad_canasta import RAILROAD
>>> from railroad_canasta.bots import play_game
>>> final = play_game(RAILROAD.replace(max_rounds=1), seed=3, bots=[RandomBot(1), GreedyBot()])
>>> final.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from railroad_canasta.bots.base import SeenPosition
from railroad_canasta.core.cards import KIND_POINTS, Kind
from railroad_canasta.core.moves import (
    AddToMeld,
    AnswerGoOut,
    AskGoOut,
    Discard,
    Draw,
    EndRound,
    Move,
    StartMeld,
    TakeKitty,
    TakePile,
    TakePileMixed,
    TakeTop,
)
from railroad_canasta.variants.classic.views import ClassicView
from railroad_canasta.variants.railroad.views import PlayerView

__all__ = ["GreedyBot", "RandomBot"]


class RandomBot:
    """Picks a legal move uniformly at random from its own seeded generator."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, seen: SeenPosition, moves: Sequence[Move]) -> Move:
        """A uniformly random legal move."""
        return moves[self._rng.randrange(len(moves))]

    def __repr__(self) -> str:
        return f"RandomBot({self.seed})"


class GreedyBot:
    """Melds what it can, keeps its wild cards, takes big piles and goes for the kitty.

    It scores each legal move by a fixed heuristic and plays the best one;
    ties go to the first in the legal order, so it is deterministic.
    """

    def choose(self, seen: SeenPosition, moves: Sequence[Move]) -> Move:
        """The legal move with the best heuristic score."""
        best = moves[0]
        best_score = -1e9
        for move in moves:
            score = self._score(seen, move)
            if score > best_score:
                best, best_score = move, score
        return best

    def _score(self, seen: SeenPosition, move: Move) -> float:
        if isinstance(seen, ClassicView):
            return _classic_score(seen, move)
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


def _classic_score(seen: ClassicView, move: Move) -> float:
    """The greedy heuristic for classic Canasta: meld, take big piles, keep wilds, never ask."""
    hand = seen.hand
    side = seen.mover_side
    if isinstance(move, TakePile | TakePileMixed | TakeTop):
        return 2.0 * len(seen.pile) + 5.0
    if isinstance(move, EndRound | AskGoOut):
        return -1000.0
    if isinstance(move, AnswerGoOut):
        return 1.0 if move.allow else 0.0
    if isinstance(move, StartMeld):
        return 1000.0 if move.rank is Kind.BLACK_THREE else 30.0 - 12.0 * (move.jokers + move.twos)
    if isinstance(move, AddToMeld):
        meld = side.meld(move.rank)
        completes = meld is not None and meld.size == 6
        if move.card.is_wild:
            return 50.0 if completes else -20.0
        return 40.0 + (20.0 if completes else 0.0)
    if isinstance(move, Discard):
        card = move.card
        if card is Kind.BLACK_THREE:
            return -1.0
        keep = (200.0 if card.is_wild else 0.0) + (15.0 * hand[card] if hand[card] >= 2 else 0.0)
        return -(10.0 + keep + KIND_POINTS[card] / 10.0)
    return 0.0
