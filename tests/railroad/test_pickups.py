"""The generator's answer for a pair pickup before opening (``pair_pickup_reaches``) against the R-DEC-12
row of the take-pile table, on positions built around the requirement's edge."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings

from builders import make_state
from railroad_canasta import RAILROAD, Kind, Phase, TakePile
from railroad_canasta.testing.strategies import reachable_states
from railroad_canasta.variants.railroad.guards import TAKE_PILE_GUARDS, PickupContext
from railroad_canasta.variants.railroad.requirement import pair_pickup_reaches
from railroad_canasta.variants.railroad.state import GameState

#: The row the fast answer stands for.
_ROW = TAKE_PILE_GUARDS[-1]
_RULES = (
    RAILROAD,
    RAILROAD.replace(pile_counts_for_requirement=False),
    RAILROAD.replace(requirement_counts_bonuses=True),
    RAILROAD.replace(keep_two_cards=False),
)


def _row_passes(state: GameState, rank: Kind) -> bool:
    return _ROW.check(PickupContext(state, TakePile(rank))) is None


def test_the_row_is_the_requirement_row() -> None:
    """The row compared here is R-DEC-12's, the last of the take-pile table."""
    assert _ROW.clause == "R-DEC-12"


@pytest.mark.clause("R-PIL-4", "R-DEC-12", "R-REQ-4", "R-DEC-11")
def test_the_fast_answer_is_the_rows_where_it_gives_one() -> None:
    """Where ``pair_pickup_reaches`` answers, the row says the same; it answers yes, no, and leaves some
    positions (a canasta completed, a plan the plain one misses) to the row."""
    seen: set[bool | None] = set()
    hands = [
        "9 9",
        "9 9 K",
        "9 9 4 4 4",
        "9 9 4 4 4 4",  # (a bound of exactly the need's rest: 20)
        "9 9 K K K",
        "9 9 A A A JK 2",
        "9 9 7 7 7",
        "9 9 4 4 JK",
        "9 9 K K JK JK 2 2",
    ]
    piles = ["9", "K 9", "K Q 9", "A A A JK 9", "R3 9", "7 7 9"]
    melds: list[list[str]] = [[], ["9 9 9 9"], ["9 9 JK"]]
    for rules, hand, pile, score, own in itertools.product(_RULES, hands, piles, [-10, 0, 5000], melds):
        state = make_state(
            rules=rules,
            hands=[hand, "4 4 5 5"],
            phase=Phase.DRAW,
            pile=pile,
            melds=[own, []],
            scores=[score, 0],
        )
        fast = pair_pickup_reaches(state, Kind.NINE)
        seen.add(fast)
        if fast is not None:
            assert fast is _row_passes(state, Kind.NINE), (rules, hand, pile, score, own)
    assert seen == {True, False, None}


@pytest.mark.clause("R-PIL-4", "R-DEC-12", "R-REQ-4")
@settings(max_examples=settings().max_examples if settings().max_examples > 100 else 60, deadline=None)
@given(reachable_states(max_moves=300))
def test_the_fast_answer_agrees_with_the_row_in_reachable_states(state: GameState) -> None:
    """In reachable draw phases where the mover holds a pair of a natural top card, the fast answer (when
    it gives one) is the row's."""
    top = state.top
    if state.phase is not Phase.DRAW or top is None or top < Kind.FOUR or state.mover.hand[top] < 2:
        return
    fast = pair_pickup_reaches(state, top)
    if fast is not None:
        assert fast is _row_passes(state, top)
