"""CrossHair canary 3: a plausible classic rule bug that the contracts of the real rule must catch.

``canary_wild_room`` is :func:`~railroad_canasta.variants.classic.arithmetic.wild_room` with a bug a
programmer porting Railroad's rule could write: it forgets "never more wild cards than natural ones", so
a meld of two naturals gets room for three wild cards. It carries the real rule's contract;
``crosshair check`` must refute it (exit 1).
"""

from __future__ import annotations

from railroad_canasta.variants.classic.arithmetic import MAX_WILDS


def canary_wild_room(naturals: int, wilds: int) -> int:
    """The wild-card room of a classic meld, with the natural-cards limit forgotten.

    pre: naturals >= 0 and wilds >= 0
    post: wilds + __return__ <= 3
    post: wilds + __return__ <= naturals
    """
    return MAX_WILDS - wilds
