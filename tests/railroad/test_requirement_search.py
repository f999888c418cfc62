"""The requirement search (R-REQ-4) is exact and polynomial: ``can_reach`` against the exhaustive step search.

Issue 11, finding 1: with ``requirement_table=((0, N),)`` and a 48-card hand the step search took 3.8 s at
N=480, 11 s at 490 and more than a minute at 500; a 28-card hand whose only way to the need was melding the
last card (R-DEC-15's alternative) took 2.5 s. The knapsack and the empty-hand ending now decide every
position; the exhaustive search (``search``) stays as the reference they are checked against.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from railroad_canasta.core.cards import KIND_COUNT, Counts, Kind
from railroad_canasta.variants.railroad.candidates import step_candidates
from railroad_canasta.variants.railroad.ending import empty_ending_best
from railroad_canasta.variants.railroad.floor import floor_holds
from railroad_canasta.variants.railroad.plan import PLAN_STEP_BITS, first_look, plain_plan
from railroad_canasta.variants.railroad.requirement import best_gains, can_reach, search
from railroad_canasta.variants.railroad.rules import (
    Rules,
    TableMeld,
    canasta_bonus,
    canasta_mask,
    kitty_after,
)
from railroad_canasta.variants.railroad.steps import StepContext

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
    """Near the most the hand can meld (485), the knapsack decides, the reported N=490 among the needs."""
    gains = best_gains(REPORTED, (), 0, 0, False, REPORTED_RULES)
    assert (gains.sure, gains.at_most) == (485, 485)
    assert can_reach(REPORTED, (), 0, need, 0, False, REPORTED_RULES) is (need <= 485)


#: The constructed worst case: 28 cards that make exactly the four kinds of canasta (4 jokers, 5 twos,
#: seven 7s, seven 9s, five 10s), under rules where melding the last card goes out (R-DEC-15's alternative).
CONSTRUCTED = (4, 5, 0, 0, 0, 0, 0, 7, 0, 7, 5, 0, 0, 0, 0)
CONSTRUCTED_RULES = Rules(
    players=6, requirement_negative=500, hand_size=12, kitty_size=37, going_out_requires_discard=False
)


@pytest.mark.clause("R-REQ-4", "R-DEC-15", "R-END-3")
@pytest.mark.parametrize(("need", "reached"), [(440, True), (441, False), (455, False)])
def test_the_constructed_empty_hand_case_is_decided_by_its_tail(need: int, reached: bool) -> None:
    """Keeping a card, 440 is the most; melding all 28 (455) would need the four kinds completed before the
    last step and a hand of one card before it that R-DEC-19 refuses, so 441 and 455 are out of reach (the
    exhaustive search took 2.5 s to say so)."""
    gains = best_gains(CONSTRUCTED, (), 0, 0, False, CONSTRUCTED_RULES)
    assert (gains.sure, gains.at_most) == (440, 455)
    assert empty_ending_best(CONSTRUCTED, (), 0, False, CONSTRUCTED_RULES) == -1
    assert can_reach(CONSTRUCTED, (), 0, need, 0, False, CONSTRUCTED_RULES) is reached


def _exact_best(
    hand: Counts, melds: tuple[TableMeld, ...], extra: int, others: bool, rules: Rules, kitty: int
) -> int:
    """The most value the exhaustive step search can meld (by bisection on the need)."""
    low, high = 0, 20_000 if rules.requirement_counts_bonuses else 3_000
    mask = canasta_mask(melds)
    while low < high:
        middle = (low + high + 1) // 2
        if search(hand, melds, mask, middle, extra, others, rules, kitty):
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


@st.composite
def empty_hand_positions(draw: st.DrawFn) -> tuple[Counts, tuple[TableMeld, ...], int, bool, Rules, int]:
    """Hands that can often be melded away: 7s, wild cards and one other rank, next to canastas of most kinds
    (so that going out by melding, R-DEC-15's alternative, and the hand-of-7s end are in reach)."""
    rules = Rules().replace(**{flag: draw(st.booleans()) for flag in _FLAGS})
    other = draw(st.sampled_from([k for k in _NATURALS if k is not Kind.SEVEN]))
    hand = [0] * KIND_COUNT
    kinds = [Kind.SEVEN, Kind.SEVEN, Kind.JOKER, Kind.TWO, other]
    for kind in draw(st.lists(st.sampled_from(kinds), min_size=1, max_size=10)):
        hand[kind] += 1
    complete = {Kind.FOUR: (5, 1, 1), Kind.SEVEN: (7, 0, 0), Kind.JOKER: (0, 4, 3), Kind.KING: (7, 0, 0)}
    melds = [
        TableMeld(k, *complete[k]) for k in draw(st.sets(st.sampled_from(sorted(complete)))) if k is not other
    ]
    for rank in draw(st.sets(st.sampled_from([Kind.SEVEN, other]))):
        plain = rank is Kind.SEVEN and rules.sevens_natural_only
        wilds = 0 if plain else draw(st.integers(0, 3))
        naturals = draw(st.integers(max(2, 3 - wilds), 6 - wilds))
        jokers = draw(st.integers(0, wilds))
        melds.append(TableMeld(rank, naturals, jokers, wilds - jokers))
    kitty = 0 if rules.keep_two_cards else draw(st.sampled_from([0, 1, 2]))
    return tuple(hand), tuple(melds), 0, draw(st.booleans()), rules, kitty


def _check_against_search(position: tuple[Counts, tuple[TableMeld, ...], int, bool, Rules, int]) -> None:
    hand, melds, extra, others, rules, kitty = position
    mask = canasta_mask(melds)
    gains = best_gains(hand, melds, mask, extra, others, rules, kitty)
    exact = _exact_best(hand, melds, extra, others, rules, kitty)
    assert gains.sure <= exact <= gains.at_most
    for need in (exact, exact + 1):
        if need > 0:
            assert can_reach(hand, melds, mask, need, extra, others, rules, kitty) is (need <= exact)


@pytest.mark.clause("R-REQ-4", "R-DEC-15", "R-DEC-16", "R-DEC-19", "R-END-3")
@settings(max_examples=max(settings().max_examples, 100), deadline=None)
@given(empty_hand_positions())
def test_the_empty_hand_ending_agrees_with_the_exhaustive_search(
    position: tuple[Counts, tuple[TableMeld, ...], int, bool, Rules, int],
) -> None:
    """Where melding every card is in reach, ``can_reach`` answers as the exhaustive search, at the most the
    hand can meld and just above it."""
    _check_against_search(position)


@pytest.mark.clause("R-REQ-4", "R-DEC-16", "R-DEC-19", "R-END-3", "R-DEC-15")
@settings(max_examples=max(settings().max_examples, 150), deadline=None)
@given(positions())
def test_can_reach_agrees_with_the_exhaustive_search(
    position: tuple[Counts, tuple[TableMeld, ...], int, bool, Rules, int],
) -> None:
    """At the most the hand can meld and just above it, ``can_reach`` answers as the exhaustive search."""
    _check_against_search(position)


def _step_keeps_reach(context: StepContext, need: int) -> bool:
    """Whether a step passes the floor guards and keeps ``need`` within reach, by the exhaustive search."""
    if not floor_holds(context):
        return False
    after, melds, gained, mask, completed = context.step
    if context.rules.requirement_counts_bonuses and completed is not None:
        gained += canasta_bonus(completed, context.rules)
    kitty = kitty_after(context.kitty, completed)
    rules, extra, others = context.rules, context.extra, context.others_sevens
    return gained >= need or search(after, melds, mask, need - gained, extra, others, rules, kitty)


@st.composite
def plan_positions(draw: st.DrawFn) -> tuple[Counts, tuple[TableMeld, ...], int, bool, Rules, int]:
    """Positions of :func:`positions` with hands of several pairs and triples and a few wild cards, where the
    plain plan chooses which pairs get a wild card and where the wild cards go."""
    _hand, melds, extra, others, rules, kitty = draw(positions())
    hand = [0] * KIND_COUNT
    for rank in draw(st.lists(st.sampled_from(_NATURALS), min_size=2, max_size=4, unique=True)):
        hand[rank] = draw(st.sampled_from([2, 2, 2, 3, 3, 1, 4]))
    hand[Kind.JOKER] = draw(st.sampled_from([1, 0, 0, 2, 3]))
    hand[Kind.TWO] = draw(st.sampled_from([0, 1, 1, 2, 3]))
    return tuple(hand), melds, extra, others, rules, kitty


@pytest.mark.clause("R-REQ-4", "R-HND-1", "R-DEC-16", "R-DEC-19")
@settings(max_examples=max(settings().max_examples, 400), deadline=None)
@given(st.one_of(positions(), plan_positions()), st.integers(1, 200))
def test_the_plain_plan_decides_steps_as_the_exhaustive_search(
    position: tuple[Counts, tuple[TableMeld, ...], int, bool, Rules, int], drawn: int
) -> None:
    """The steps ``plain_plan`` knows pass the floor guards and keep the need within reach, by the exhaustive
    search, and those it refuses do not; where its bound is short of the need, no step does. Needs at the
    plan's value and the bound, just above them, below the plan's value (where its variants may reach them),
    and one drawn."""
    hand, melds, extra, others, rules, kitty = position
    mask = canasta_mask(melds)
    bound, value = first_look(hand, melds, extra, rules)
    for need in {n for n in (value, value + 1, value - 10, value - 30, bound, bound + 1, drawn) if n > 0}:
        bound, known, refused = plain_plan(hand, melds, extra, rules, need)
        hopeless = bound < need and not rules.requirement_counts_bonuses
        assert not (hopeless and known) and not known & refused
        for move, _used in step_candidates(hand, melds, rules):
            bit = PLAN_STEP_BITS.get(id(move), 0)
            if known & bit or refused & bit or hopeless:
                context = StepContext(hand, melds, mask, move, rules, others, extra, None, kitty)
                assert _step_keeps_reach(context, need) is bool(known & bit), (move, need)


@pytest.mark.clause("R-REQ-4")
def test_the_plain_plan_keeps_back_a_pair_for_a_good_ending() -> None:
    """Three whole melds and two pairs with their 2s would keep only a 9: the plan keeps the cheaper pair
    (Q Q) and its 2 instead, worth 120 (5s and 7s 15 each, 8s 30, A A 2 60), so ``can_reach`` answers
    without the knapsack; the bound counts every card that could be melded (160)."""
    hand = [0] * KIND_COUNT
    for kind, count in ((Kind.FIVE, 3), (Kind.SEVEN, 3), (Kind.EIGHT, 3), (Kind.NINE, 1), (Kind.QUEEN, 2)):
        hand[kind] = count
    hand[Kind.ACE], hand[Kind.TWO] = 2, 2
    rules = Rules(sevens_natural_only=True)
    assert first_look(tuple(hand), (), 0, rules) == (160, 120)
