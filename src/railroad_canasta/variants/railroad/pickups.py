"""Taking the pile with a pair before opening: does the requirement stay in reach (R-PIL-4, R-DEC-12)?

A player who has not opened may take the pile with a pair only if the pickup's meld, with the rest of
their hand (and the pile's cards, under R-DEC-12's default reading), can still reach the requirement this
turn (R-REQ-4). The guard row of :data:`~railroad_canasta.variants.railroad.guards.TAKE_PILE_GUARDS` asks
it through a pickup context and the requirement's reason; the move generator first asks
:func:`pair_pickup_reaches`, which answers most positions from the same facts without the context. Both
read the position the requirement sees from :func:`requirement_hand`.
"""

from __future__ import annotations

from collections.abc import Sequence

from railroad_canasta.core.cards import KIND_POINTS, Counts, Kind
from railroad_canasta.variants.railroad.facts import opening_facts
from railroad_canasta.variants.railroad.plan import first_answer
from railroad_canasta.variants.railroad.state import Table
from railroad_canasta.variants.railroad.steps import pickup_melds
from railroad_canasta.variants.railroad.switches import SWITCHES

__all__ = ["pair_pickup_reaches", "requirement_hand", "rest_of_pile"]

_R3 = Kind.RED_THREE


def rest_of_pile(pile: Sequence[Kind]) -> int:
    """Cards of the pile below the top that would join a hand (red 3s go down instead, R-RED-1)."""
    rest = pile[:-1]
    return len(rest) - rest.count(_R3)


def requirement_hand(state: Table, rank: Kind) -> tuple[Counts, int]:
    """The hand the requirement reads once the mover takes the pile with a pair of ``rank``, and the cards
    held besides it (``extra``, which count only as cards kept).

    The pair leaves the hand; the pile's cards below the top (red 3s go down instead, R-RED-1) join it, and
    count for the requirement under R-DEC-12's default reading, or else only as cards held.
    """
    hand = list(state.mover_hand)
    hand[rank] -= 2
    # rule: R-DEC-12
    if state.rules.pile_counts_for_requirement:
        for k in state.pile[:-1]:
            if k is not _R3:
                hand[k] += 1
        return tuple(hand), 0
    return tuple(hand), rest_of_pile(state.pile)


#: The requirement of a pair pickup answered from the plan's first look (called by ``pair_pickup_plain``
#: only, which is off whenever this is).
REACHES_FAST = SWITCHES.declare("railroad.pickups.pair_pickup_reaches", "R-REQ-4", "R-DEC-12")


def pair_pickup_reaches(state: Table, rank: Kind) -> bool | None:
    """Whether the mover, who has not opened, can still reach the requirement this turn once they take the
    pile with a pair of the top card ``rank`` (R-DEC-12's row passes), or ``None``: ask the row.

    Exact: the row's own question, on the row's facts. The pickup melds three cards of ``rank`` as a new
    meld or onto the unfinished meld of the rank (``pickup_melds``), worth their values (R-REQ-1); where it
    completes a canasta, whose bonus may count (R-DEC-11), the row is asked. The row passes when that meets
    the need; else it asks ``can_reach`` of the rest of the need from :func:`requirement_hand`, and
    ``can_reach`` first asks :func:`~railroad_canasta.variants.railroad.plan.first_answer` (its bound and
    its plain plan), which reads neither the canasta mask, nor the others' sevens canastas, nor the kitty:
    that step is taken here, and only a position it leaves open (rare: ``None``) goes to the row, with every
    fact.
    """
    need = opening_facts(state)[0]
    if need is None:  # (the mover has opened: the row passes)
        return True
    melds, _mask, completed = pickup_melds(state.mover, rank, 3)
    if completed is not None:
        return None
    # rule: R-REQ-4
    need -= 3 * KIND_POINTS[rank]
    if need <= 0:
        return True
    hand, extra = requirement_hand(state, rank)
    return first_answer(hand, melds, need, extra, state.rules)  # (can_reach's first step)
