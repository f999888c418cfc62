"""Classic Canasta's action space: the finite move vocabulary, numbered once per version.

Blocks, in order (``docs/actions.md`` prints the whole table): the turn (``draw``, ``take-top``,
``end-round``, ``next-round``, ``ask-out``, ``answer-out yes``, ``answer-out no``); taking the pile with a
natural pair (``take-pile R``, R = 4 … A) and with a natural card and a wild card (``take-pile R JK``,
``take-pile R 2``); discards of every kind; adds to a meld (``add R R``, ``add R JK``, ``add R 2``); melds
of three (``meld R R R``, ``meld R R JK``, ``meld R R 2``); the black-3 going-out meld of 3 or 4.

>>> len(ACTIONS.moves), ACTIONS.version
(123, 'classic-actions-1')
>>> ACTIONS.move_of(7), ACTIONS.action_of(Move.from_text("ask-out"))
(Move.from_text('take-pile 4'), 4)
"""

from __future__ import annotations

from railroad_canasta.core.actions import ActionSpace
from railroad_canasta.core.cards import NATURAL_KINDS, Kind
from railroad_canasta.core.moves import (
    ANSWER_NO,
    ANSWER_YES,
    ASK_GO_OUT,
    DRAW,
    END_ROUND,
    NEXT_ROUND,
    TAKE_TOP,
    Move,
    add_to_meld,
    discard,
    start_meld,
    take_pile,
    take_pile_mixed,
)

__all__ = ["ACTIONS", "ACTIONS_VERSION", "vocabulary"]

#: The name of the numbering below.
ACTIONS_VERSION = "classic-actions-1"


def vocabulary() -> tuple[Move, ...]:
    """Every move of classic Canasta, in the fixed order of :data:`ACTIONS_VERSION`."""
    out: list[Move] = [DRAW, TAKE_TOP, END_ROUND, NEXT_ROUND, ASK_GO_OUT, ANSWER_YES, ANSWER_NO]
    out += [take_pile(rank) for rank in NATURAL_KINDS]
    out += [take_pile_mixed(rank, wild) for rank in NATURAL_KINDS for wild in (Kind.JOKER, Kind.TWO)]
    out += [discard(kind) for kind in Kind]
    for rank in NATURAL_KINDS:
        out += [add_to_meld(rank, rank), add_to_meld(rank, Kind.JOKER), add_to_meld(rank, Kind.TWO)]
    for rank in NATURAL_KINDS:
        out += [start_meld(rank, 3), start_meld(rank, 2, 1, 0), start_meld(rank, 2, 0, 1)]
    # rule: R-CL-OUT-2
    out += [start_meld(Kind.BLACK_THREE, n) for n in (3, 4)]
    return tuple(out)


#: Classic Canasta's action space.
ACTIONS = ActionSpace(ACTIONS_VERSION, vocabulary())
