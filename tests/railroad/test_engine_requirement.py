"""Engine tests of the meld requirement of the round.

Clauses: R-REQ-1..4, R-DEC-11, R-DEC-12.
"""

from __future__ import annotations

import pytest

from builders import clause_of, counts, legal_texts, make_state
from railroad_canasta import RAILROAD, Kind, Phase, Rules, TableMeld, apply


@pytest.mark.clause("R-REQ-1")
def test_requirement_is_checked_over_the_whole_turn() -> None:
    """Requirement 50: `meld Q Q Q` (30) then `meld 5 5 2` (30) in one turn meet it (the spec example)."""
    state = make_state(hands=["Q Q Q 5 5 2 8 9", "6 6"])
    state = apply(state, "meld Q Q Q")
    assert not state.players[0].opened
    assert state.turn_points == 30
    state = apply(state, "meld 5 5 2")
    assert state.players[0].opened
    assert state.turn_points == 60
    after = apply(state, "discard 8")
    assert after.to_move == 1


@pytest.mark.clause("R-REQ-1")
def test_a_single_meld_may_meet_the_requirement() -> None:
    """`meld A A A` (60) alone meets 50 and opens the player at once."""
    state = apply(make_state(hands=["A A A 4 5", "6 6"]), "meld A A A")
    assert state.players[0].opened
    assert "discard 4" in legal_texts(state)


@pytest.mark.clause("R-REQ-2")
@pytest.mark.parametrize(
    ("score", "need"),
    [
        (-5, 15),
        (-1000, 15),
        (0, 50),
        (4995, 50),
        (5000, 90),
        (9995, 90),
        (10000, 120),
        (14995, 120),
        (15000, 150),
    ],
)
def test_requirement_by_cumulative_score(score: int, need: int) -> None:
    """The rules' requirement table gives the amount for each score band."""
    assert RAILROAD.requirement(score) == need


@pytest.mark.clause("R-REQ-2")
def test_score_5000_needs_90() -> None:
    """`meld K K K` with 60 reachable is legal at score 4,995 (needs 50) but not at 5,000 (needs 90)."""
    hand = "K K K Q Q Q 4 5"
    low = make_state(hands=[hand, "6 6"], scores=[4995, 0])
    assert "meld K K K" in legal_texts(low)
    high = make_state(hands=[hand, "6 6"], scores=[5000, 0])
    assert clause_of(high, "meld K K K") == "R-REQ-4"
    enough = make_state(hands=["K K K Q Q Q A A A 4 5", "6 6"], scores=[5000, 0])
    state = apply(apply(enough, "meld K K K"), "meld Q Q Q")
    assert not state.players[0].opened
    state = apply(state, "meld A A A")
    assert state.players[0].opened and state.turn_points == 120


@pytest.mark.clause("R-REQ-2")
def test_negative_score_needs_15() -> None:
    """A player with a negative score opens with `meld 4 4 4` (15)."""
    state = make_state(hands=["4 4 4 5 6", "6 6"], scores=[-5, 0])
    after = apply(state, "meld 4 4 4")
    assert after.players[0].opened


@pytest.mark.clause("R-REQ-2")
@pytest.mark.parametrize(
    ("score", "ok", "short"),
    [(10000, "A A A K K K Q Q Q", "A A A K K K Q Q"), (15000, "A A A A A A 8 8 8", "A A A A A A 8 8")],
)
def test_high_bands_need_120_and_150(score: int, ok: str, short: str) -> None:
    """At 10,000 melds worth 120 may open and 90 may not; at 15,000 likewise 150 but not 120."""
    first = "meld A A A"
    good = make_state(hands=[f"{ok} 4 5", "6 6"], scores=[score, 0])
    assert first in legal_texts(good)
    bad = make_state(hands=[f"{short} 4 5", "6 6"], scores=[score, 0])
    assert clause_of(bad, first) == "R-REQ-4"


@pytest.mark.clause("R-REQ-3")
def test_requirement_stays_met_for_the_round() -> None:
    """After opening, later melds of any value are legal, in the same turn and in later turns."""
    state = apply(make_state(hands=["A A A 4 4 4 5 6 8", "6 6"]), "meld A A A")
    assert "meld 4 4 4" in legal_texts(state)
    state = apply(state, "meld 4 4 4")
    assert state.players[0].opened
    later = make_state(hands=["4 4 4 5 6", "6 6"], melds={0: ["A A A"]})
    assert later.players[0].opened
    after = apply(later, "meld 4 4 4")
    assert after.players[0].melds[-1] == TableMeld(Kind.FOUR, 3)


@pytest.mark.clause("R-REQ-3")
def test_requirement_is_met_again_each_round() -> None:
    """After `next-round` no player has met the requirement, whatever they had met before."""
    state = make_state(hands=["4 5", "6 6"], melds=[["A A A"], ["K K K"]], phase=Phase.ROUND_OVER)
    assert all(p.opened for p in state.players)
    after = apply(state, "next-round")
    assert not any(p.opened for p in after.players)
    assert after.turn_points == 0


@pytest.mark.clause("R-REQ-4")
def test_only_melds_that_can_still_reach_the_requirement_are_offered() -> None:
    """Requirement 50: `meld K K K` (30) is legal only if the rest of the hand can add 20 more."""
    stuck = make_state(hands=["K K K 4 5 6 8", "6 6"])
    assert clause_of(stuck, "meld K K K") == "R-REQ-4"
    assert not any(m.startswith("meld") for m in legal_texts(stuck))
    able = make_state(hands=["K K K Q Q JK 4 5", "6 6"])
    assert "meld K K K" in legal_texts(able)


@pytest.mark.clause("R-REQ-4")
def test_no_discard_before_reaching_the_requirement() -> None:
    """After `meld K K K` (30 of 50) neither a discard nor end-round is legal until the turn reaches 50."""
    state = apply(make_state(hands=["K K K Q Q JK 4 5", "6 6"]), "meld K K K")
    assert clause_of(state, "discard 4") == "R-REQ-4"
    assert clause_of(state, "end-round") == "R-REQ-4"
    assert legal_texts(state) == {"meld Q Q JK", "add K JK"}
    state = apply(state, "meld Q Q JK")
    assert "discard 4" in legal_texts(state)


@pytest.mark.clause("R-DEC-11")
def test_canasta_bonus_does_not_count_for_the_requirement_by_default() -> None:
    """Default: needing 150, seven 4s (35 in card values) cannot open although they make a red canasta."""
    state = make_state(hands=["4 4 4 4 4 4 4 5 8", "6 6"], scores=[15000, 0])
    assert clause_of(state, "meld 4 4 4") == "R-REQ-4"


@pytest.mark.clause("R-DEC-11")
def test_canasta_bonus_counts_for_the_requirement_in_the_alternative() -> None:
    """With requirement_counts_bonuses=True, completing a red canasta of 4s in the opening turn meets 150."""
    rules = Rules(requirement_counts_bonuses=True)
    state = make_state(rules=rules, hands=["4 4 4 4 4 4 4 5 8", "6 6"], scores=[15000, 0])
    state = apply(state, "meld 4 4 4")
    for _ in range(3):
        state = apply(state, "add 4 4")
        assert not state.players[0].opened
    state = apply(state, "add 4 4")
    assert state.players[0].opened
    assert state.turn_points == 35 + 500
    assert "discard 5" in legal_texts(state)


@pytest.mark.clause("R-DEC-12")
def test_pile_cards_do_not_count_for_the_requirement_by_default() -> None:
    """Default: taking the pile with `9 9` (30) is refused when only the pile's `K K K` could reach 50."""
    state = make_state(hands=["9 9 5 6", "6 6"], phase=Phase.DRAW, pile="K K K 9")
    assert clause_of(state, "take-pile 9") == "R-DEC-12"
    assert "take-pile 9" not in legal_texts(state)


@pytest.mark.clause("R-DEC-12", "R-REQ-4")
def test_pile_waits_until_the_requirement_is_met_by_default() -> None:
    """Default: the rest of the pile is held back until hand melds reach 50; then it joins the hand."""
    state = make_state(hands=["9 9 K K K 4", "6 6"], phase=Phase.DRAW, pile="4 5 6 9")
    state = apply(state, "take-pile 9")
    assert state.pending == counts("4 5 6")
    assert state.players[0].hand == counts("K K K 4")
    assert state.players[0].melds == (TableMeld(Kind.NINE, 3),)
    assert clause_of(state, "discard 4") == "R-REQ-4"
    state = apply(state, "meld K K K")
    assert state.players[0].opened
    assert state.pending is None
    assert state.players[0].hand == counts("4 4 5 6")


@pytest.mark.clause("R-DEC-12")
def test_pile_cards_count_for_the_requirement_in_the_alternative() -> None:
    """With pile_counts_for_requirement=True the pile goes to hand first and its `K K K` may meet 50."""
    rules = Rules(pile_counts_for_requirement=True)
    state = make_state(rules=rules, hands=["9 9 5 6", "6 6"], phase=Phase.DRAW, pile="K K K 9")
    state = apply(state, "take-pile 9")
    assert state.pending is None
    assert state.players[0].hand == counts("K K K 5 6")
    assert not state.players[0].opened
    assert clause_of(state, "discard 5") == "R-REQ-4"
    state = apply(state, "meld K K K")
    assert state.players[0].opened


@pytest.mark.clause("R-DEC-12", "R-REQ-1")
def test_pair_pickup_alone_may_meet_the_requirement() -> None:
    """Taking the pile with `A A` (60) meets 50 at once, and the rest of the pile joins the hand."""
    state = make_state(hands=["A A 5 6", "6 6"], phase=Phase.DRAW, pile="K 4 A")
    state = apply(state, "take-pile A")
    assert state.players[0].opened
    assert state.pending is None
    assert state.players[0].hand == counts("K 4 5 6")
