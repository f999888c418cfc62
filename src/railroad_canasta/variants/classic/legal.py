"""The move generator of classic Canasta: candidates of the phase, kept by the guard tables.

Every move listed passes its guard table, and every move that passes is listed
(the oracle tests check both against the tables).

>>> from railroad_canasta.variants.classic.transitions import new_game
>>> from railroad_canasta.variants.classic.rules import CLASSIC
>>> "draw" in [str(m) for m in legal_moves(new_game(CLASSIC, seed=3))]
True
"""

from __future__ import annotations

from collections.abc import Sequence

from railroad_canasta.core.cards import KIND_COUNT, Kind
from railroad_canasta.core.moves import (
    ANSWER_NO,
    ANSWER_YES,
    ASK_GO_OUT,
    DRAW,
    END_ROUND,
    NEXT_ROUND,
    TAKE_TOP,
    Move,
    discard,
    take_pile,
    take_pile_mixed,
)
from railroad_canasta.variants.classic.guards import why_illegal
from railroad_canasta.variants.classic.state import Phase, Position
from railroad_canasta.variants.classic.steps import meld_candidates

__all__ = ["candidates", "legal_moves"]


def candidates(position: Position) -> list[Move]:
    """The moves of the phase worth asking the guards about."""
    phase = position.phase
    if phase is Phase.DRAW:
        out: list[Move] = [DRAW]
        top = position.top
        if top is not None and top.is_natural:
            out += [
                take_pile(top),
                take_pile_mixed(top, Kind.JOKER),
                take_pile_mixed(top, Kind.TWO),
                TAKE_TOP,
            ]
        out.append(END_ROUND)
        return out
    if phase is Phase.MELD:
        hand = position.mover_hand
        out = meld_candidates(position)
        out += [discard(Kind(k)) for k in range(KIND_COUNT - 1, -1, -1) if hand[k]]
        out.append(ASK_GO_OUT)
        return out
    if phase is Phase.ANSWER:
        return [ANSWER_YES, ANSWER_NO]
    if phase is Phase.ROUND_OVER:
        return [NEXT_ROUND]
    return []


def legal_moves(position: Position) -> Sequence[Move]:
    """Every legal move, each once, in a fixed order (simplest first), as a tuple."""
    return tuple(m for m in candidates(position) if why_illegal(position, m) is None)
