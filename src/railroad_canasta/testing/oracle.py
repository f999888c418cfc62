"""A brute-force oracle for the move generator of each variant (Railroad's, then classic's).

:func:`plausible_moves` lists every move of the vocabulary that could make
sense in any state with the given hand sizes, whatever the phase; filtering it
with :func:`~railroad_canasta.variants.railroad.legal.why_illegal` must give exactly the legal
moves, and :func:`~railroad_canasta.variants.railroad.transitions.apply` must reject the rest.
"""

from __future__ import annotations

from railroad_canasta.core.moves import Move
from railroad_canasta.variants.classic.guards import why_illegal as classic_why_illegal
from railroad_canasta.variants.classic.legal import plausible_moves as classic_plausible_moves
from railroad_canasta.variants.classic.state import ClassicState
from railroad_canasta.variants.railroad.legal import plausible_moves, why_illegal
from railroad_canasta.variants.railroad.state import GameState

__all__ = ["classic_oracle_legal_moves", "oracle_legal_moves", "plausible_moves"]


def oracle_legal_moves(state: GameState) -> set[Move]:
    """The moves of :func:`plausible_moves` that the clause-by-clause validator accepts."""
    return {move for move in plausible_moves(state) if why_illegal(state, move) is None}


def classic_oracle_legal_moves(state: ClassicState) -> set[Move]:
    """The moves of classic's :func:`~railroad_canasta.variants.classic.legal.plausible_moves` that the
    clause-by-clause guards accept.
    """
    return {move for move in classic_plausible_moves(state) if classic_why_illegal(state, move) is None}
