"""Engine tests of the discard pile: 7s, freezing, stopping and the two pickups.

Clauses: R-PIL-1..6, R-DEC-1, R-DEC-2, R-DEC-18.
"""

from __future__ import annotations

import pytest

from builders import clause_of, counts, legal_texts, make_state
from railroad_canasta import (
    CanastaKind,
    IllegalMoveError,
    Kind,
    Phase,
    Rules,
    TableMeld,
    TakePile,
    apply,
    why_illegal,
)


@pytest.mark.clause("R-PIL-1")
def test_sevens_may_not_be_discarded_until_everyone_has_a_sevens_canasta() -> None:
    """A 7 may not be discarded while any player, the discarder included, lacks a sevens canasta."""
    nobody = make_state(hands=["7 4 5", "6 6"], melds={0: ["K K K"]})
    assert clause_of(nobody, "discard 7") == "R-PIL-1"
    others = make_state(hands=["7 4 5", "6 6"], melds={0: ["K K K"], 1: ["7 7 7 7 7 7 7"]})
    assert clause_of(others, "discard 7") == "R-PIL-1"
    mine = make_state(hands=["7 4 5", "6 6"], melds={0: ["7 7 7 7 7 7 7"]})
    assert clause_of(mine, "discard 7") == "R-PIL-1"
    everyone = make_state(hands=["7 4 5", "6 6"], melds=[["7 7 7 7 7 7 7"], ["7 7 7 7 7 7 7"]])
    assert "discard 7" in legal_texts(everyone)
    assert apply(everyone, "discard 7").pile[-1] is Kind.SEVEN


@pytest.mark.clause("R-PIL-2")
def test_a_discarded_wild_freezes_the_pile_until_taken() -> None:
    """Discarding a joker or a 2 freezes the pile, and later natural discards leave it frozen."""
    for wild in ("JK", "2"):
        state = make_state(hands=[f"{wild} 4 5", "8 8 6"])
        state = apply(state, f"discard {wild}")
        assert state.pile_frozen
        state = apply(apply(state, "draw"), "discard 6")
        assert state.pile_frozen and state.pile[-1] is Kind.SIX


@pytest.mark.clause("R-PIL-2", "R-PIL-5")
def test_a_frozen_pile_refuses_the_top_card_pickup() -> None:
    """A frozen pile cannot be taken onto an own meld, only with a natural pair."""
    state = make_state(
        hands=["9 9 4 5", "6 6"], melds={0: ["9 9 9"]}, phase=Phase.DRAW, pile="JK 9", pile_frozen=True
    )
    assert clause_of(state, "take-top") == "R-PIL-5"
    assert legal_texts(state) == {"draw", "take-pile 9"}


@pytest.mark.clause("R-PIL-3")
def test_a_black_three_on_top_stops_the_pile() -> None:
    """With a black 3 on top nobody may take the pile, not even with a pair or onto a meld."""
    state = make_state(hands=["9 9 4 5", "6 6"], melds={0: ["9 9 9 9"]}, phase=Phase.DRAW, pile="9 B3")
    assert state.pile_stopped
    assert clause_of(state, "take-top") == "R-PIL-3"
    problem = why_illegal(state, TakePile(Kind.NINE))
    assert problem is not None and problem.clause == "R-PIL-3"
    assert legal_texts(state) == {"draw"}


@pytest.mark.clause("R-PIL-3")
def test_the_stop_ends_when_covered_and_leaves_no_trace() -> None:
    """Discarding a black 3 does not freeze; covering it restores the pile as it was, frozen or not."""
    for frozen in (False, True):
        state = make_state(hands=["B3 4 5", "9 9 6 8"], pile="K 9", pile_frozen=frozen)
        state = apply(state, "discard B3")
        assert state.pile_stopped and state.pile_frozen is frozen
        state = apply(apply(state, "draw"), "discard 8")
        assert not state.pile_stopped and state.pile_frozen is frozen
        assert state.pile == (Kind.KING, Kind.NINE, Kind.BLACK_THREE, Kind.EIGHT)


@pytest.mark.clause("R-PIL-4")
def test_natural_pair_takes_a_frozen_pile() -> None:
    """Two natural 9s take a frozen pile topped by a 9: `9 9 9` is melded and the rest goes to hand."""
    state = make_state(
        hands=["9 9 4 5", "6 6"], phase=Phase.DRAW, pile="JK K 4 9", pile_frozen=True, opened=[True, False]
    )
    assert "take-pile 9" in legal_texts(state)
    after = apply(state, "take-pile 9")
    player = after.players[0]
    assert player.melds == (TableMeld(Kind.NINE, 3),)
    assert player.hand == counts("JK K 4 4 5")
    assert after.phase is Phase.MELD


@pytest.mark.clause("R-PIL-4")
def test_one_natural_is_not_enough() -> None:
    """Holding one 9 (plus a wild), taking the frozen pile raises R-PIL-4: you need two natural 9s."""
    state = make_state(hands=["9 JK 4 5", "6 6"], phase=Phase.DRAW, pile="JK 9", pile_frozen=True)
    with pytest.raises(IllegalMoveError) as caught:
        apply(state, "take-pile 9")
    assert caught.value.clause == "R-PIL-4"
    assert "you need two natural 9s" in caught.value.reason


@pytest.mark.clause("R-PIL-4")
def test_the_pair_must_match_a_natural_top_card() -> None:
    """A pair of another rank, or a wild top card, gives no pickup."""
    state = make_state(hands=["9 9 K K 4", "6 6"], phase=Phase.DRAW, pile="9 K", opened=[True, False])
    assert clause_of(state, "take-pile 9") == "R-PIL-4"
    assert "take-pile K" in legal_texts(state)
    wild_top = make_state(hands=["9 9 4 5", "6 6"], phase=Phase.DRAW, pile="9 2", pile_frozen=True)
    assert clause_of(wild_top, "take-pile 9") == "R-PIL-4"
    assert legal_texts(wild_top) == {"draw"}


@pytest.mark.clause("R-PIL-5")
def test_top_card_goes_onto_own_unfinished_meld() -> None:
    """On an unfrozen pile, the top J joins the player's `J J J 2`, making `J J J J 2`."""
    state = make_state(hands=["4 5", "6 6"], melds={0: ["J J J 2"]}, phase=Phase.DRAW, pile="8 J")
    after = apply(state, "take-top")
    assert after.players[0].melds == (TableMeld(Kind.JACK, 4, 0, 1),)
    assert after.phase is Phase.MELD


@pytest.mark.clause("R-PIL-5")
def test_no_top_card_pickup_without_an_unfinished_meld_of_the_rank() -> None:
    """Without an unfinished meld of the top card's rank, the top-card pickup is refused."""
    none = make_state(hands=["J 4 5", "6 6"], melds={0: ["K K K"]}, phase=Phase.DRAW, pile="8 J")
    assert clause_of(none, "take-top") == "R-PIL-5"
    theirs = make_state(
        hands=["4 5", "6 6"], melds={0: ["K K K"], 1: ["J J J"]}, phase=Phase.DRAW, pile="8 J"
    )
    assert clause_of(theirs, "take-top") == "R-PIL-5"


@pytest.mark.clause("R-PIL-6")
def test_taking_the_pile_empties_it_and_clears_the_freeze() -> None:
    """After a natural-pair pickup the pile is empty and unfrozen; the next wild discard freezes it anew."""
    state = make_state(
        hands=["9 9 2 4 5", "6 6"], phase=Phase.DRAW, pile="JK 9", pile_frozen=True, opened=[True, False]
    )
    state = apply(state, "take-pile 9")
    assert state.pile == () and not state.pile_frozen
    state = apply(state, "discard 4")
    assert state.pile == (Kind.FOUR,) and not state.pile_frozen
    top = make_state(hands=["4 5", "6 6"], melds={0: ["J J J"]}, phase=Phase.DRAW, pile="8 K J")
    assert apply(top, "take-top").pile == ()


@pytest.mark.clause("R-PIL-6")
def test_an_empty_pile_cannot_be_taken() -> None:
    """Facing an empty pile the player must draw."""
    state = make_state(hands=["9 9 4 5", "6 6"], melds={0: ["9 9 9"]}, phase=Phase.DRAW, pile="")
    assert legal_texts(state) == {"draw"}
    assert clause_of(state, "take-top") == "R-PIL-5"
    assert clause_of(state, "take-pile 9") == "R-PIL-4"


@pytest.mark.clause("R-DEC-1")
def test_frozen_pile_taken_with_a_pair_by_default() -> None:
    """Default: a natural pair takes a frozen pile."""
    state = make_state(
        hands=["9 9 4 5", "6 6"], phase=Phase.DRAW, pile="2 9", pile_frozen=True, opened=[True, False]
    )
    assert "take-pile 9" in legal_texts(state)


@pytest.mark.clause("R-DEC-1")
def test_frozen_pile_cannot_be_taken_in_the_alternative() -> None:
    """With frozen_pile_pair_pickup=False a frozen pile cannot be taken at all; an unfrozen one still can."""
    rules = Rules(frozen_pile_pair_pickup=False)
    state = make_state(
        rules=rules,
        hands=["9 9 4 5", "6 6"],
        phase=Phase.DRAW,
        pile="2 9",
        pile_frozen=True,
        opened=[True, False],
    )
    assert clause_of(state, "take-pile 9") == "R-DEC-1"
    assert legal_texts(state) == {"draw"}
    unfrozen = make_state(
        rules=rules, hands=["9 9 4 5", "6 6"], phase=Phase.DRAW, pile="8 9", opened=[True, False]
    )
    assert "take-pile 9" in legal_texts(unfrozen)


@pytest.mark.clause("R-DEC-2")
def test_top_card_pickup_takes_the_rest_of_the_pile_by_default() -> None:
    """Default: the top card goes onto the meld and the rest of the pile joins the hand."""
    state = make_state(hands=["4 5", "6 6"], melds={0: ["J J J"]}, phase=Phase.DRAW, pile="8 K J")
    after = apply(state, "take-top")
    assert after.players[0].hand == counts("4 5 8 K")
    assert after.players[0].melds == (TableMeld(Kind.JACK, 4),)
    assert after.pile == ()


@pytest.mark.clause("R-DEC-2")
def test_top_card_pickup_takes_only_the_top_card_in_the_alternative() -> None:
    """With top_card_pickup_takes_pile=False only the top card moves; the rest stays as the pile."""
    rules = Rules(top_card_pickup_takes_pile=False)
    state = make_state(
        rules=rules, hands=["4 5", "6 6"], melds={0: ["J J J"]}, phase=Phase.DRAW, pile="8 K J"
    )
    after = apply(state, "take-top")
    assert after.players[0].hand == counts("4 5")
    assert after.players[0].melds == (TableMeld(Kind.JACK, 4),)
    assert after.pile == (Kind.EIGHT, Kind.KING)
    assert not after.pile_frozen


@pytest.mark.clause("R-DEC-18")
def test_pair_pickup_joins_the_unfinished_meld_by_default() -> None:
    """Default: with `9 9 9` on the table, a pickup with `9 9` makes one 6-card meld, not a second one."""
    state = make_state(hands=["9 9 4 5", "6 6"], melds={0: ["9 9 9"]}, phase=Phase.DRAW, pile="8 9")
    after = apply(state, "take-pile 9")
    assert after.players[0].melds == (TableMeld(Kind.NINE, 6),)
    assert after.players[0].hand == counts("4 5 8")


@pytest.mark.clause("R-DEC-18", "R-KIT-1")
def test_pair_pickup_may_complete_the_meld_by_default() -> None:
    """Default: a pair pickup onto a 4-card meld completes a 7-card canasta."""
    state = make_state(hands=["9 9 4 5", "6 6"], melds={0: ["9 9 9 9"]}, phase=Phase.DRAW, pile="8 9")
    after = apply(state, "take-pile 9")
    assert after.players[0].melds == (TableMeld(Kind.NINE, 7),)
    assert after.players[0].canastas == CanastaKind.RED
    assert after.players[0].may_look_kitty


@pytest.mark.clause("R-DEC-18")
def test_pair_pickup_beside_an_unfinished_meld_is_refused_in_the_alternative() -> None:
    """With pair_pickup_joins_meld=False the pair pickup is refused; the top-card pickup remains."""
    rules = Rules(pair_pickup_joins_meld=False)
    state = make_state(
        rules=rules, hands=["9 9 4 5", "6 6"], melds={0: ["9 9 9"]}, phase=Phase.DRAW, pile="8 9"
    )
    assert clause_of(state, "take-pile 9") == "R-DEC-18"
    assert legal_texts(state) == {"draw", "take-top"}
    done = make_state(
        rules=rules, hands=["9 9 4 5", "6 6"], melds={0: ["9 9 9 9 9 9 9"]}, phase=Phase.DRAW, pile="8 9"
    )
    assert apply(done, "take-pile 9").players[0].melds[-1] == TableMeld(Kind.NINE, 3)
