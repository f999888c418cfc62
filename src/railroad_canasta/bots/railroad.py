"""A heuristic bot for Railroad Canasta that plays toward the goal: four kinds of canasta, then going out.

It scores each legal move from the mover's view with a plan, and plays the best (ties go to the first in
the legal order, so it is deterministic; it draws no random number). The plan, in order of weight:

- go out as soon as it may (R-OUT-1, R-OUT-2): every meld step, then the last discard;
- meet the requirement early (R-REQ-1): any meld is worth more before the player has opened;
- the canasta kinds still missing (R-CAN-2..5): the wild canasta keeps the wild cards for the wild meld,
  adding a wild to a natural meld only to finish a black canasta it lacks; 7s are collected and melded
  (they cannot be discarded, R-PIL-1); a meld of naturals is finished as a red canasta;
- takes the pile when it pays (its size, the wild cards and 7s in it), and the kitty when it may (R-KIT-2);
- discards what it needs least, denying the next player the ranks of their unfinished melds and
  preferring a black 3, which stops the pile (R-PIL-3).

>>> from railroad_canasta import RAILROAD, legal_moves, new_game, view
>>> state = new_game(RAILROAD, seed=7)
>>> move, why = RailroadHeuristicBot().explain(view(state, state.to_move), legal_moves(state))
>>> str(move), why
('draw', 'draw: the pile (1 card) is not worth taking')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from railroad_canasta.bots.base import PlanningBot
from railroad_canasta.core.cards import KIND_POINTS, Kind
from railroad_canasta.core.moves import (
    AddToMeld,
    Discard,
    Draw,
    EndRound,
    EndTurn,
    Move,
    StartMeld,
    TakeKitty,
    TakePile,
    TakeTop,
)
from railroad_canasta.variants.railroad.rules import ALL_CANASTAS, CanastaKind
from railroad_canasta.variants.railroad.scoring import canasta_bonuses, hand_value, melds_value
from railroad_canasta.variants.railroad.views import PlayerView

__all__ = ["RailroadHeuristicBot"]

_WILDS = (Kind.JOKER, Kind.TWO)


class RailroadHeuristicBot(PlanningBot[PlayerView]):
    """Plans the canasta kinds it still needs and goes out when it can (see the module's documentation).

    ``seed`` is accepted for a uniform constructor (the bot is deterministic without it).
    """

    def __init__(self, seed: int = 0, *, patient: bool = True) -> None:
        super().__init__(seed)
        self.patient = patient

    def plan(self, seen: PlayerView, moves: Sequence[Move]) -> Callable[[Move], tuple[float, str]]:
        """The score and reason of each move under the plan read from ``seen``."""
        return _Plan(seen, self.patient).score


def _lead(seen: PlayerView) -> float:
    """The viewer's round score if the round ended now, less the best other player's (hands guessed)."""
    rules = seen.rules

    def table(seat: int, hand: float) -> float:
        p = seen.players[seat]
        return (
            melds_value(p.melds)
            + canasta_bonuses(p.melds, rules)
            + rules.red_three_bonus * p.red_threes
            - hand
        )

    mine = table(seen.viewer, hand_value(seen.hand))
    # An unseen card is worth about 8 points in hand.
    others = [table(seat, 8.0 * p.hand_size) for seat, p in enumerate(seen.players) if seat != seen.viewer]
    return mine - max(others)


class _Plan:
    """What the mover needs, read once from the view, and the score of each move under it."""

    def __init__(self, seen: PlayerView, patient: bool) -> None:
        self.seen = seen
        me = seen.players[seen.viewer]
        self.me = me
        self.hand = seen.hand
        self.missing = ALL_CANASTAS & ~me.canastas
        self.out = me.may_go_out and (not patient or _lead(seen) >= 0)
        self.wilds = self.hand[Kind.JOKER] + self.hand[Kind.TWO]
        nxt = seen.players[(seen.viewer + 1) % len(seen.players)]
        self.next_unfinished = {m.rank for m in nxt.melds if not m.is_complete}

    def needs(self, kind: CanastaKind) -> bool:
        return bool(self.missing & kind)

    def score(self, move: Move) -> tuple[float, str]:
        if isinstance(move, Draw):
            size = len(self.seen.pile)
            return 0.0, f"the pile ({size} card{'s' if size != 1 else ''}) is not worth taking"
        if isinstance(move, TakePile):
            return self._pile()
        if isinstance(move, TakeTop):
            return 4.0, "the top card goes straight onto my meld"
        if isinstance(move, TakeKitty):
            return 100.0, "the kitty's cards make more melds"
        if isinstance(move, EndTurn):
            return 0.0, "nothing better to do"
        if isinstance(move, EndRound):
            return -1e6, "no legal discard is left"
        if isinstance(move, StartMeld):
            return self._start(move)
        if isinstance(move, AddToMeld):
            return self._add(move)
        if isinstance(move, Discard):
            return self._discard(move)
        return 0.0, "no opinion"

    def _pile(self) -> tuple[float, str]:
        pile = self.seen.pile
        wilds = sum(1 for k in pile if k in _WILDS)
        sevens = sum(1 for k in pile if k is Kind.SEVEN)
        score = 3.0 * len(pile) - 4.0
        if self.needs(CanastaKind.WILD):
            score += 4.0 * wilds
        if self.needs(CanastaKind.SEVENS):
            score += 4.0 * sevens
        return score, f"the pile pays: {len(pile)} cards, {wilds} wild, {sevens} sevens"

    def _start(self, move: StartMeld) -> tuple[float, str]:
        rank = move.rank
        opening = 0.0 if self.me.opened else 40.0
        if self.out:
            return 500.0 + move.naturals + move.jokers + move.twos, "I may go out: meld everything"
        if rank is Kind.BLACK_THREE:
            return 400.0, "the black 3s go down to go out"
        wilds = move.jokers + move.twos
        if rank is Kind.JOKER:
            if self.needs(CanastaKind.WILD):
                return 30.0 + opening + 6.0 * wilds, "start the wild meld toward a wild canasta"
            return 5.0 + opening, "wild cards melded for their points"
        if rank is Kind.SEVEN:
            if self.needs(CanastaKind.SEVENS):
                return 45.0 + opening + 3.0 * move.naturals, "collect the 7s toward a sevens canasta"
            return 15.0 + opening, "7s I cannot discard go down"
        why = (
            "open: meet the requirement early" if not self.me.opened else f"a meld of {rank} toward a canasta"
        )
        if wilds and self.needs(CanastaKind.WILD):
            # Below every discard: a wild card spent here is missing from the wild canasta.
            return -200.0 - 10.0 * wilds + (40.0 if not self.me.opened else 0.0), why + ", with wild cards"
        return 30.0 + opening + 2.0 * move.naturals - 10.0 * wilds, why

    def _add(self, move: AddToMeld) -> tuple[float, str]:
        rank, card = move.rank, move.card
        meld = self.me.unfinished_meld(rank)
        size = meld.size if meld is not None else 0
        completes = size == 6
        if self.out:
            return 500.0, "I may go out: meld everything"
        if rank is Kind.JOKER:
            if self.needs(CanastaKind.WILD):
                return (120.0 if completes else 45.0), "the wild meld grows toward a wild canasta"
            return 2.0, "wild cards melded for their points"
        if rank is Kind.SEVEN:
            if completes and self.needs(CanastaKind.SEVENS):
                return 150.0, "completes the sevens canasta"
            return 50.0, "the 7s meld grows"
        mixed = meld is not None and meld.wilds > 0
        if card in _WILDS:
            if completes and self.needs(CanastaKind.BLACK):
                return 110.0, "a wild card finishes the black canasta I lack"
            if self.needs(CanastaKind.WILD):
                return -300.0, "a wild card spent outside the wild meld"
            if mixed and self.needs(CanastaKind.BLACK) and size >= 4 and meld is not None and meld.wilds < 3:
                return 8.0, "a wild card brings the black canasta closer"
            return -5.0, "a wild card I can spare"
        if completes:
            if mixed:
                return (110.0 if self.needs(CanastaKind.BLACK) else 55.0), "completes a black canasta"
            return (130.0 if self.needs(CanastaKind.RED) else 60.0), "completes a red canasta"
        return 40.0 + 2.0 * size, f"the meld of {rank} grows"

    def _discard(self, move: Discard) -> tuple[float, str]:
        card = move.card
        left = sum(self.hand) - 1
        if left == 0:
            return 1e6, "goes out"
        if card is Kind.BLACK_THREE:
            return -1.0, "a black 3 stops the pile"
        keep = 0.0
        why = "the card I need least"
        if card in _WILDS:
            keep += 300.0
        count = self.hand[card]
        if self.me.unfinished_meld(card) is not None:
            keep += 40.0
        if count >= 2:
            keep += 12.0 * count
        if card in self.next_unfinished:
            keep += 35.0
            why = "the card I need least, though the next player melds this rank"
        elif count == 1:
            why = "a single card I need least"
        return -(10.0 + keep - KIND_POINTS[card] / 20.0), why
