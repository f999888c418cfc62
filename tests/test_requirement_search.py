"""The requirement search (R-REQ-4) is exact and bounded: the knapsack against the exhaustive step search.

Issue 11, finding 1: with ``requirement_table=((0, N),)`` and a 48-card hand the step search took 3.8 s at
N=480, 11 s at 490 and more than a minute at 500. The knapsack (``best_gains``) now decides such positions;
the exhaustive search stays as the reference it is checked against.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from railroad_canasta.core.cards import KIND_COUNT, Counts, Kind
from railroad_canasta.variants.railroad.melds import TableMeld, canasta_mask
from railroad_canasta.variants.railroad.requirement import SEARCH_BUDGET, best_gains, can_reach, search
from railroad_canasta.variants.railroad.rules import Rules

#: The reported hand (6 players, 47 cards after its red 3 went down): at most 485 can be melded.
REPORTED = (0, 3, 0, 0, 2, 2, 5, 5, 3, 4, 4, 6, 5, 1, 7)
REPORTED_RULES = Rules(
    players=6, requirement_negative=500, hand_size=12, kitty_size=37, requirement_table=((0, 500),)
)
_FLAGS = (
    "sevens_natural_only",
    "wild_melds",
    "requirement_counts_bonuses",
    "going_out_requires_discard",
    "allow_hand_of_sevens",
    "keep_two_cards",
)


@pytest.mark.clause("R-REQ-4")
@pytest.mark.parametrize("need", [480, 485, 486, 490, 500])
def test_the_reported_hang_is_decided_by_the_knapsack(need: int) -> None:
    """Near the most the hand can meld, the knapsack decides; the step search alone runs out of budget."""
    gains = best_gains(REPORTED, (), 0, 0, False, REPORTED_RULES)
    assert (gains.sure, gains.at_most) == (485, 485)
    assert can_reach(REPORTED, (), 0, need, 0, False, REPORTED_RULES) is (need <= 485)
    if need == 490:
        assert search(REPORTED, (), 0, need, 0, False, REPORTED_RULES, budget=SEARCH_BUDGET) is None


def _exact_best(
    hand: Counts, melds: tuple[TableMeld, ...], extra: int, others: bool, rules: Rules, kitty: int
) -> int:
    """The most value the exhaustive step search can meld (by bisection on the need)."""
    low, high = 0, 20_000 if rules.requirement_counts_bonuses else 3_000
    mask = canasta_mask(melds)
    while low < high:
        middle = (low + high + 1) // 2
        if search(hand, melds, mask, middle, extra, others, rules, kitty, budget=None):
            low = middle
        else:
            high = middle - 1
    return low


_NATURALS = [k for k in Kind if k >= Kind.FOUR]
_KINDS = [Kind.JOKER, Kind.TWO, Kind.BLACK_THREE, *_NATURALS]


@st.composite
def positions(draw: st.DrawFn) -> tuple[Counts, tuple[TableMeld, ...], int, bool, Rules, int]:
    """Small hands (so that the exhaustive search is quick), some melds, any of the options that matter."""
    rules = Rules().replace(**{flag: draw(st.booleans()) for flag in _FLAGS})
    focus = draw(st.lists(st.sampled_from(_KINDS), min_size=1, max_size=4, unique=True))
    hand = [0] * KIND_COUNT
    for kind in draw(st.lists(st.sampled_from(focus), min_size=1, max_size=11)):
        hand[kind] += 1
    melds: list[TableMeld] = []
    for rank in draw(st.lists(st.sampled_from(_NATURALS), max_size=3, unique=True)):
        plain = rank is Kind.SEVEN and rules.sevens_natural_only
        wilds = 0 if plain else draw(st.integers(0, 3))
        naturals = draw(st.integers(max(2, 3 - wilds), 6 - wilds))
        jokers = draw(st.integers(0, wilds))
        melds.append(TableMeld(rank, naturals, jokers, wilds - jokers))
    for kind in draw(st.lists(st.sampled_from([Kind.FOUR, Kind.SEVEN, Kind.JOKER]), max_size=2, unique=True)):
        complete = {Kind.JOKER: (0, 4, 3), Kind.SEVEN: (7, 0, 0), Kind.FOUR: (5, 1, 1)}[kind]
        melds.append(TableMeld(kind, *complete))
    if rules.wild_melds and draw(st.booleans()):
        melds.append(TableMeld(Kind.JOKER, 0, 2, 1))
    unfinished = [m.rank for m in melds if not m.is_complete]
    if len(unfinished) != len(set(unfinished)):
        melds = [m for m in melds if m.is_complete or m.rank is not Kind.JOKER]
    extra = draw(st.sampled_from([0, 0, 0, 1, 2]))
    kitty = 0 if rules.keep_two_cards else draw(st.sampled_from([0, 1, 2]))
    return tuple(hand), tuple(melds), extra, draw(st.booleans()), rules, kitty


@pytest.mark.clause("R-REQ-4", "R-DEC-16", "R-DEC-19", "R-END-3", "R-DEC-15")
@settings(max_examples=max(settings().max_examples, 150), deadline=None)
@given(positions())
def test_the_knapsack_brackets_the_exhaustive_search(
    position: tuple[Counts, tuple[TableMeld, ...], int, bool, Rules, int],
) -> None:
    """What the knapsack calls sure is reachable, and nothing beyond what it calls possible is."""
    hand, melds, extra, others, rules, kitty = position
    gains = best_gains(hand, melds, canasta_mask(melds), extra, others, rules, kitty)
    exact = _exact_best(hand, melds, extra, others, rules, kitty)
    assert gains.sure <= exact <= gains.at_most
    # The common case: the knapsack decides by itself (the search without budget is left for the rest).
    if gains.sure == gains.at_most:
        assert exact == gains.sure
