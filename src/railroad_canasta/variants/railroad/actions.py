"""Railroad Canasta's action space: the finite move vocabulary, numbered once per version.

A turn is a sequence of atomic moves (R-TRN-4), so every move any position of any
:class:`~railroad_canasta.Rules` can allow is in this list; the number of a move is
its place in it. :data:`ACTIONS_VERSION` names the numbering: it changes only when
a number would (a new kind of move, a wider range), never with the package.

The blocks, in order (``docs/actions.md`` prints the whole table):

========================  =====  =====================================================================
block                     count  moves
========================  =====  =====================================================================
turn                      6      ``draw``, ``take-top``, ``take-kitty``, ``end-turn``, ``end-round``,
                                 ``next-round``
take the pile             11     ``take-pile R`` for R = 4 … A
discard                   15     ``discard K`` for every kind K (JK, 2, R3, B3, 4 … A)
add to a meld             35     ``add R R``, ``add R JK``, ``add R 2`` for R = 4 … A; ``add wild JK``,
                                 ``add wild 2``
start a natural meld      33     ``meld R R R``, ``meld R R JK``, ``meld R R 2`` for R = 4 … A
start a wild meld         12     3 wild cards (0 to 3 jokers, R-DEC-9), then 7 (0 to 7 jokers)
meld black 3s             64     n black 3s, ``meld B3 …``, n = 1 … 64, the most black 3s any rules deal
========================  =====  =====================================================================

>>> len(ACTIONS.moves), ACTIONS.version
(176, 'railroad-actions-1')
>>> ACTIONS.action_of(Move.from_text("discard 4")), ACTIONS.move_of(67)
(21, Move.from_text('meld 4 4 4'))
"""

from __future__ import annotations

from railroad_canasta.core.actions import ActionSpace
from railroad_canasta.core.cards import NATURAL_KINDS, Kind, pack_counts
from railroad_canasta.core.moves import (
    DRAW,
    END_ROUND,
    END_TURN,
    NEXT_ROUND,
    TAKE_KITTY,
    TAKE_TOP,
    Move,
    add_to_meld,
    discard,
    start_meld,
    take_pile,
)
from railroad_canasta.variants.railroad.rules import CANASTA_SIZE, MIN_MELD

__all__ = ["ACTIONS", "ACTIONS_VERSION", "MAX_BLACK_THREES", "vocabulary"]

#: The name of the numbering below.
ACTIONS_VERSION = "railroad-actions-1"

#: The most black 3s any rules put in the pack (8 players, 4 decks each): a black-3 meld holds at most these.
MAX_BLACK_THREES = pack_counts(8, 4, 0)[Kind.BLACK_THREE]


def vocabulary() -> tuple[Move, ...]:
    """Every move of Railroad Canasta, in the fixed order of :data:`ACTIONS_VERSION`."""
    out: list[Move] = [DRAW, TAKE_TOP, TAKE_KITTY, END_TURN, END_ROUND, NEXT_ROUND]
    out += [take_pile(rank) for rank in NATURAL_KINDS]
    out += [discard(kind) for kind in Kind]
    for rank in NATURAL_KINDS:
        out += [add_to_meld(rank, rank), add_to_meld(rank, Kind.JOKER), add_to_meld(rank, Kind.TWO)]
    out += [add_to_meld(Kind.JOKER, Kind.JOKER), add_to_meld(Kind.JOKER, Kind.TWO)]
    for rank in NATURAL_KINDS:
        out += [start_meld(rank, 3), start_meld(rank, 2, 1, 0), start_meld(rank, 2, 0, 1)]
    # rule: R-DEC-9
    for size in (MIN_MELD, CANASTA_SIZE):
        out += [start_meld(Kind.JOKER, 0, jokers, size - jokers) for jokers in range(size + 1)]
    # rule: R-DEC-21
    out += [start_meld(Kind.BLACK_THREE, n) for n in range(1, MAX_BLACK_THREES + 1)]
    return tuple(out)


#: Railroad Canasta's action space.
ACTIONS = ActionSpace(ACTIONS_VERSION, vocabulary())
