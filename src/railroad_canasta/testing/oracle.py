"""A brute-force oracle for :func:`~railroad_canasta.variants.railroad.legal.legal_moves`.

:func:`plausible_moves` lists every move of the vocabulary that could make
sense in any state with the given hand sizes, whatever the phase; filtering it
with :func:`~railroad_canasta.variants.railroad.legal.why_illegal` must give exactly the legal
moves, and :func:`~railroad_canasta.variants.railroad.transitions.apply` must reject the rest.
"""

from __future__ import annotations

from railroad_canasta.core.cards import Kind
from railroad_canasta.core.moves import (
    AddToMeld,
    Discard,
    Draw,
    EndRound,
    EndTurn,
    Move,
    NextRound,
    StartMeld,
    TakeKitty,
    TakePile,
    TakeTop,
)
from railroad_canasta.variants.railroad.legal import why_illegal
from railroad_canasta.variants.railroad.state import GameState, Table

__all__ = ["oracle_legal_moves", "plausible_moves"]


def plausible_moves(state: Table) -> list[Move]:
    """Every move of the vocabulary with card counts up to what a hand in ``state`` could hold."""
    most = max(p.hand_size for p in state.players) + 1
    out: list[Move] = [Draw(), TakeTop(), TakeKitty(), EndTurn(), EndRound(), NextRound()]
    for kind in Kind:
        out.append(TakePile(kind))
        out.append(Discard(kind))
        for card in Kind:
            out.append(AddToMeld(kind, card))
        for naturals in range(0, 4):
            for jokers in range(0, 4):
                for twos in range(0, 4):
                    out.append(StartMeld(kind, naturals, jokers, twos))
    for naturals in range(4, most + 1):
        out.append(StartMeld(Kind.BLACK_THREE, naturals, 0, 0))
    for jokers in range(0, 8):
        # The wild canasta put down whole (R-DEC-9's alternative reading).
        out.append(StartMeld(Kind.JOKER, 0, jokers, 7 - jokers))
    return out


def oracle_legal_moves(state: GameState) -> set[Move]:
    """The moves of :func:`plausible_moves` that the clause-by-clause validator accepts."""
    return {move for move in plausible_moves(state) if why_illegal(state, move) is None}
