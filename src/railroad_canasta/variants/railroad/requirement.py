"""The meld requirement within a turn: can the rest of a hand still reach it (R-REQ-4)?

Before a player has met the requirement of the round, a meld step is legal only
if the requirement can still be reached that turn, so that no play leads into a
position with no legal discard. :func:`can_reach` answers by an exact search
over the same step guards as the moves themselves.
"""

from __future__ import annotations

import functools

from railroad_canasta.core.cards import KIND_POINTS, NATURAL_KINDS, Counts, Kind
from railroad_canasta.variants.railroad.facts import NO_KITTY, kitty_after
from railroad_canasta.variants.railroad.melds import TableMeld, canasta_bonus
from railroad_canasta.variants.railroad.rules import Rules
from railroad_canasta.variants.railroad.steps import StepContext, floor_holds, step_candidates

__all__ = ["can_reach"]

_J = Kind.JOKER
_T = Kind.TWO
_SEVEN = Kind.SEVEN


def _meld_key(meld: TableMeld) -> tuple[int, int, int, int]:
    return meld.rank, meld.naturals, meld.jokers, meld.twos


@functools.lru_cache(maxsize=1 << 16)
def can_reach(
    hand: Counts,
    melds: tuple[TableMeld, ...],
    mask: int,
    need: int,
    extra: int,
    others_sevens: bool,
    rules: Rules,
    kitty: int = NO_KITTY,
) -> bool:
    """Whether meld steps from this position can add ``need`` more card values (R-REQ-4).

    ``kitty`` is the kitty code of the position (R-DEC-19's alternative), kept up to date along the steps.
    """
    # A quick bound: every card that could possibly be melded (a pair needs a wild, 7s may refuse one).
    bound = 0
    open_ranks = {m.rank for m in melds if not m.is_complete}
    wild_use = hand[_J] + hand[_T]
    for rank in NATURAL_KINDS:
        count = hand[rank]
        pair_ok = count == 2 and wild_use and not (rank is _SEVEN and rules.sevens_natural_only)
        if count >= 3 or pair_ok or (count and rank in open_ranks):
            bound += count * KIND_POINTS[rank]
    bound += 50 * hand[_J] + 20 * hand[_T] if wild_use else 0
    if rules.requirement_counts_bonuses:
        bound += 10_000
    if bound < need:
        return False
    for move, _used in step_candidates(hand, melds, rules):
        # The candidates are well formed and in hand: of their table, only the floor guards can fail
        # (tests/test_oracle.py checks this pre-filter against the whole table).
        context = StepContext(hand, melds, mask, move, rules, others_sevens, extra, None, kitty)
        if not floor_holds(context):
            continue
        after, new_melds, gained, new_mask, completed = context.step
        if rules.requirement_counts_bonuses and completed is not None:
            gained += canasta_bonus(completed, rules)
        # The order in which melds were started does not matter: sort them, so that the cache
        # meets each set of melds once, whatever order the steps came in.
        if gained >= need or can_reach(
            after,
            tuple(sorted(new_melds, key=_meld_key)),
            new_mask,
            need - gained,
            extra,
            others_sevens,
            rules,
            kitty_after(kitty, completed),
        ):
            return True
    return False
