"""A heuristic bot for classic Canasta that plays for its side: the canastas to go out, then going out.

It scores each legal move from the mover's view with a plan, and plays the best (ties go to the first in
the legal order, so it is deterministic; it draws no random number). The melds, red 3s and opening are the
side's (R-CL-PLY-1), so the partner's melds count as its own. The plan, in order of weight:

- go out as soon as the side may (R-CL-OUT-1): every meld step, then the last discard; with
  ``ask_partner`` (R-CL-DEC-1) it asks first when it can go out and the partner holds many cards, and
  answers yes unless its own hand would lose much and most of it could be melded next turn;
- meet the initial meld requirement early (R-CL-REQ-1), with natural cards first;
- take the pile when it pays: more cards than a draw brings (two with two players), the wild cards in it,
  and whenever it opens the side;
- build the canastas the side needs: naturals added to the side's melds, melds of three naturals started;
  wild cards kept for finishing canastas (a wild spent elsewhere spoils a natural canasta);
- discard to deny the next player (the left-hand opponent): a black 3 stops the pile (R-CL-PIL-3); else
  the card whose risk (the chance the next player takes the pile with it: a rank their side has melded
  while the pile is not frozen, or a pair their hand may hold, counted from the cards not seen) times the
  pile's size, plus what the card is worth to the side (pairs, its melds), is least; a wild card freezes
  a large pile the opponents could take (R-CL-PIL-2).

>>> from railroad_canasta.variants.classic.rules import CLASSIC
>>> from railroad_canasta import legal_moves, new_game, view
>>> state = new_game(CLASSIC, seed=7)
>>> move, why = ClassicHeuristicBot().explain(view(state, state.to_move), legal_moves(state))
>>> str(move), why
('draw', 'draw: the pile (1 card) may not be taken')
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from railroad_canasta.bots.base import PlanningBot
from railroad_canasta.core.cards import (
    COPIES_PER_DECK,
    JOKER_POINTS,
    KIND_COUNT,
    KIND_POINTS,
    TWO_POINTS,
    Counts,
    Kind,
)
from railroad_canasta.core.melds import Meld
from railroad_canasta.core.moves import (
    AddToMeld,
    AnswerGoOut,
    AskGoOut,
    Discard,
    Draw,
    EndRound,
    Move,
    StartMeld,
    TakePile,
    TakePileMixed,
    TakeTop,
)
from railroad_canasta.variants.classic.arithmetic import wild_room
from railroad_canasta.variants.classic.state import CANASTA_SIZE
from railroad_canasta.variants.classic.switches import SWITCHES
from railroad_canasta.variants.classic.views import ClassicView

__all__ = ["ClassicHeuristicBot"]

_WILDS = (Kind.JOKER, Kind.TWO)
#: A pile of this many cards is frozen with a wild card when the next side could take it.
_FREEZE_AT = 10
#: Below every discard: a step the plan does not want.
_UNWANTED = -1e4


def _points(hand: Counts) -> int:
    return sum(n * KIND_POINTS[k] for k, n in enumerate(hand) if n and k != Kind.RED_THREE)


#: The pile rules as the classic bot's estimate of the next player's pickup restates them.
TAKEN_WITH = SWITCHES.declare("bots.classic._taken_with", "R-CL-PIL-1", "R-CL-PIL-2", "R-CL-PIL-3")


class ClassicHeuristicBot(PlanningBot[ClassicView]):
    """Plays for its side toward the canastas it needs and goes out (see the module's documentation).

    ``seed`` is accepted for a uniform constructor (the bot is deterministic without it).
    """

    def plan(self, seen: ClassicView, moves: Sequence[Move]) -> Callable[[Move], tuple[float, str]]:
        """The score and reason of each move under the plan read from ``seen``."""
        return _Plan(seen, moves).score


class _Plan:
    """What the mover's side needs, read once from the view, and the score of each move under it."""

    def __init__(self, seen: ClassicView, moves: Sequence[Move]) -> None:
        self.seen = seen
        self.moves = moves
        rules = seen.rules
        self.hand = seen.hand
        self.held = sum(seen.hand)
        n = rules.players
        me = seen.viewer
        self.side = seen.sides[seen.side_of(me)]
        self.needed = rules.canastas_to_go_out
        self.may_out = self.side.canastas >= self.needed
        self.partners = [s for s in rules.sides[seen.side_of(me)] if s != me]
        nxt = (me + 1) % n
        self.next_side = seen.sides[seen.side_of(nxt)]
        self.next_melded = {m.rank for m in self.next_side.melds}
        self.next_opened = self.next_side.opened
        self.next_hand = seen.hand_sizes[nxt]
        self.unseen = sum(seen.hand_sizes) - self.held + seen.stock_size
        others = [s for s in range(len(seen.sides)) if s != seen.side_of(me)]
        # The opponents may go out (a side with its canastas): cards held may soon count against the side.
        self.threat = any(seen.sides[s].canastas >= self.needed for s in others)
        # Going out as soon as the side may did as well as waiting for a lead (bench/tournament.py).
        self.going_out = seen.answer is True or (self.may_out and seen.answer is not False)

    # -- what the hand can do ----------------------------------------------------------------------------

    def _room(self, meld: Meld) -> int:
        """Wild cards ``meld`` may still take (at most 3, never more wilds than naturals)."""
        return max(0, wild_room(meld.naturals, meld.wilds))

    def _leftover(self) -> int:
        """Cards that would stay in hand if the side melded all it could this turn (an estimate)."""
        hand = self.hand
        wilds = hand[Kind.JOKER] + hand[Kind.TWO]
        left = 0
        room = 0
        for k in range(KIND_COUNT):
            kind = Kind(k)
            n = hand[k]
            if kind in _WILDS or kind is Kind.RED_THREE:
                continue
            meld = self.side.meld(kind)
            if meld is not None:
                room += self._room(meld)
                continue
            if not n:
                continue
            if n >= 3:
                # A meld of black 3s takes no wild card (R-CL-MLD-2).
                room += 0 if kind is Kind.BLACK_THREE else wild_room(n, 0)
            elif kind is not Kind.BLACK_THREE and n == 2 and wilds:
                wilds -= 1
                room += wild_room(2, 1)
            else:
                left += n
        return left + max(0, wilds - room)

    # -- scores --------------------------------------------------------------------------------------------

    def score(self, move: Move) -> tuple[float, str]:
        if isinstance(move, Draw):
            size = len(self.seen.pile)
            taking = any(isinstance(m, TakePile | TakeTop | TakePileMixed) for m in self.moves)
            why = "is not worth taking" if taking else "may not be taken"
            # A card from the stock is worth about as much as one from the pile, and may be a red 3.
            return 4.0 * self.seen.rules.draw_count + 2.0, (
                f"the pile ({size} card{'s' if size != 1 else ''}) {why}"
            )
        if isinstance(move, TakePile | TakeTop | TakePileMixed):
            return self._pile(move)
        if isinstance(move, EndRound):
            return -1e6, "the stock is empty and the pile cannot be taken"
        if isinstance(move, AskGoOut):
            return self._ask()
        if isinstance(move, AnswerGoOut):
            return self._answer(move.allow)
        if isinstance(move, StartMeld):
            return self._start(move)
        if isinstance(move, AddToMeld):
            return self._add(move)
        if isinstance(move, Discard):
            return self._discard(move.card)
        return 0.0, "no opinion"

    def _pile(self, move: Move) -> tuple[float, str]:
        pile = self.seen.pile
        wilds = sum(1 for k in pile if k in _WILDS)
        score = 4.0 * len(pile) + 6.0 * wilds + 1.0
        if not self.side.opened:
            score += 60.0
        why = f"the pile pays: {len(pile)} card{'s' if len(pile) != 1 else ''}, {wilds} wild"
        if isinstance(move, TakePileMixed):
            # A wild card goes with the top card into a new meld: worth it for a pile of some size.
            score -= 18.0
            why += f", for a {move.wild}"
        if not self.side.opened:
            why += "; it opens the side"
        return score, why

    def _ask(self) -> tuple[float, str]:
        partner_cards = sum(self.seen.hand_sizes[p] for p in self.partners)
        if self.going_out and partner_cards >= 5 and self._leftover() <= 1:
            return 5e5, f"I can go out: my partner holds {partner_cards} cards, so I ask first"
        return _UNWANTED, "I do not mean to go out now"

    def _answer(self, allow: bool) -> tuple[float, str]:
        mine = _points(self.hand)
        meldable = self.held - self._leftover()
        # Say no when my hand would lose much and I could meld most of it next turn (and no opponent is near).
        refuse = not self.threat and mine > 100 + self.seen.rules.going_out_bonus and meldable >= 3
        if allow != refuse:
            return 1.0, f"my hand holds {mine} points" + ("" if allow else f", {meldable} cards I can meld")
        return 0.0, "the other answer is better"

    def _opening(self, points: int, wilds: int) -> tuple[float, str]:
        return 200.0 + points - 15.0 * wilds, "open: meet the requirement early"

    def _start(self, move: StartMeld) -> tuple[float, str]:
        rank = move.rank
        wilds = move.jokers + move.twos
        cards = move.naturals + wilds
        if rank is Kind.BLACK_THREE:
            return 5e5, "the black 3s go down as I go out"
        if self.going_out:
            return 4e5 + cards, "my side may go out: meld everything"
        if not self.side.opened:
            points = move.naturals * KIND_POINTS[rank] + JOKER_POINTS * move.jokers + TWO_POINTS * move.twos
            return self._opening(points, wilds)
        left = self.held - cards
        if left < 2:
            return _UNWANTED, "keep cards in hand"
        if wilds:
            if self.threat:
                return 20.0 - wilds, "the opponents may go out: wild cards melded, not caught in hand"
            return _UNWANTED + 10 - wilds, "wild cards are kept for canastas"
        return 60.0 + 5.0 * move.naturals, f"a meld of {rank} toward a canasta"

    def _add(self, move: AddToMeld) -> tuple[float, str]:
        rank, card = move.rank, move.card
        meld = self.side.meld(rank)
        size = meld.size if meld is not None else 0
        completes = size == CANASTA_SIZE - 1
        if self.going_out:
            return 4e5, "my side may go out: meld everything"
        if not self.side.opened:
            return self._opening(KIND_POINTS[card], int(card in _WILDS))
        if self.held <= 2:
            return _UNWANTED, "keep cards in hand"
        if card in _WILDS:
            needs = self.side.canastas < self.needed
            mixed = meld is not None and meld.wilds > 0
            if completes and (needs or mixed):
                return 150.0, "a wild card finishes a canasta my side needs"
            if needs and size >= 5:
                return 20.0, "a wild card brings the canasta my side needs closer"
            if self.threat:
                return 30.0, "the opponents may go out: a wild card melded, not caught in hand"
            return _UNWANTED, "wild cards are kept for canastas"
        if completes:
            return 180.0, "completes a canasta"
        return 80.0 + 3.0 * size, f"the meld of {rank} grows"

    def _unseen(self, card: Kind) -> int:
        """Copies of ``card`` the viewer cannot see: in the other hands or the stock."""
        seen = self.seen
        melded = sum(m.naturals for side in seen.sides for m in side.melds if m.rank is card)
        return max(0, COPIES_PER_DECK * seen.rules.decks - self.hand[card] - melded - seen.pile.count(card))

    # Declared (``TAKEN_WITH``): the rules of taking the pile, restated for an estimate. It decides no move's
    # legality (the bot chooses among legal moves), so its switch changes nothing the tables judge.
    def _taken_with(self, card: Kind) -> float:
        """The chance that the next player may take the pile with ``card`` on top (its hand drawn at random).

        A natural pair takes any pile (R-CL-PIL-1); an unfrozen pile also goes to their side's meld of the
        rank, or to one natural with a wild card once their side has opened.
        """
        if card is Kind.BLACK_THREE or card in _WILDS:
            return 0.0
        frozen = self.seen.pile_frozen
        if not frozen and self.next_opened and card in self.next_melded:
            return 1.0
        copies, unseen, held = self._unseen(card), self.unseen, self.next_hand
        if unseen <= 0 or held <= 0:
            return 0.0
        p0 = math.comb(unseen - copies, held) / math.comb(unseen, held)
        p1 = copies * math.comb(unseen - copies, held - 1) / math.comb(unseen, held)
        mixed = 0.0 if frozen or not self.next_opened else 0.6 * p1
        return max(0.0, 1.0 - p0 - p1) + mixed

    def _discard(self, card: Kind) -> tuple[float, str]:
        if self.held == 1:
            return 1e6, "goes out"
        seen = self.seen
        pile = len(seen.pile)
        if card is Kind.BLACK_THREE:
            return -1.0, "a black 3 stops the next player taking the pile"
        if card in _WILDS:
            # A wild card freezes the pile: worth it when the opponents could take a large one.
            if not seen.pile_frozen and self.next_opened and pile >= _FREEZE_AT:
                return -20.0 - KIND_POINTS[card] / 10.0, "a wild card freezes a large pile against them"
            return -900.0 - KIND_POINTS[card], "a wild card I can spare"
        count = self.hand[card]
        keep = 25.0 * count if count >= 2 else 0.0
        if self.side.meld(card) is not None:
            keep += 30.0
        # Danger: the next player takes the pile (its cards, and the card itself) with it.
        chance = self._taken_with(card)
        keep += chance * 25.0 * (pile + 1)
        if chance >= 0.5:
            why = f"the least bad card, though the next player may take the pile with it ({chance:.0%})"
        elif count == 1:
            why = "a single card I need least"
        else:
            why = "the card I need least"
        return -(50.0 + keep - KIND_POINTS[card] / 5.0), why
