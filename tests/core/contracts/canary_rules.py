"""CrossHair canary 2: a plausible rule bug that the contracts of the real rule must catch.

``canary_meld_form_problem`` is :func:`~railroad_canasta.variants.railroad.rules.meld_form_problem` with a
bug a programmer could write: a mixed meld may hold four wild cards (``> 4`` for ``> MAX_WILDS``). It
carries the rule's own contract about wild cards; ``crosshair check`` must refute it (exit 1), which
shows that the contracts check the rules and not only the arithmetic.
"""

from __future__ import annotations

from railroad_canasta.core.cards import Kind  # noqa: F401 - read by the contract
from railroad_canasta.core.melds import Meld
from railroad_canasta.variants.railroad.rules import meld_form_problem


def canary_meld_form_problem(
    meld: Meld, sevens_natural_only: bool, wild_melds: bool, black_three_needs_three: bool
) -> tuple[str, str] | None:
    """The meld rule with four wild cards allowed in a mixed meld.

    post: __return__ is not None or meld.rank in (Kind.JOKER, Kind.BLACK_THREE) or meld.wilds <= 3
    """
    found = meld_form_problem(meld, sevens_natural_only, wild_melds, black_three_needs_three)
    if found is not None and found[1] == "a meld holds at most 3 wild cards" and meld.wilds == 4:
        return None
    return found
