"""Engine tests of going out and the three ends of a round.

Clauses: R-OUT-1..3, R-END-1..3, R-DEC-15, R-DEC-16.
"""

from __future__ import annotations

import pytest

from builders import FOUR_CANASTAS, clause_of, counts, legal_texts, make_state
from railroad_canasta import RAILROAD, Phase, RoundEnd, Rules, apply, legal_moves


@pytest.mark.clause("R-OUT-1")
@pytest.mark.parametrize("missing", range(4))
def test_going_out_needs_every_kind_of_canasta(missing: int) -> None:
    """Lacking any one of the four canasta kinds, the last card may not be discarded."""
    melds = [m for i, m in enumerate(FOUR_CANASTAS) if i != missing]
    state = make_state(hands=["4", "6 6"], melds={0: melds})
    assert clause_of(state, "discard 4") == "R-OUT-1"
    assert legal_texts(state) == {"end-round"}


@pytest.mark.clause("R-OUT-1", "R-END-1")
def test_going_out_with_all_four_canastas() -> None:
    """With a canasta of every kind, discarding the last card goes out and ends the round."""
    state = make_state(hands=["4", "6 6"], melds={0: list(FOUR_CANASTAS)})
    after = apply(state, "discard 4")
    assert after.phase is Phase.ROUND_OVER
    assert after.history[-1].end is RoundEnd.WENT_OUT
    assert after.history[-1].went_out == 0
    assert after.players[0].hand == counts("")


@pytest.mark.clause("R-OUT-2")
def test_meld_all_but_one_then_discard() -> None:
    """A going-out player melds down to one card, then discards it to go out."""
    state = make_state(hands=["K K K K 4", "6 6"], melds={0: list(FOUR_CANASTAS)})
    state = apply(apply(state, "meld K K K"), "add K K")
    assert state.players[0].hand == counts("4")
    after = apply(state, "discard 4")
    assert after.history[-1].went_out == 0


@pytest.mark.clause("R-OUT-2")
def test_final_discard_may_not_be_a_seven() -> None:
    """The discard that goes out may not be a 7, even when every player has a sevens canasta."""
    state = make_state(hands=["7", "6 6"], melds=[list(FOUR_CANASTAS), ["7 7 7 7 7 7 7"]])
    assert state.sevens_discardable()
    assert clause_of(state, "discard 7") == "R-OUT-2"
    assert legal_texts(state) == {"end-round"}
    two = make_state(hands=["7 4", "6 6"], melds=[list(FOUR_CANASTAS), ["7 7 7 7 7 7 7"]])
    assert apply(two, "discard 7").players[0].hand == counts("4")


@pytest.mark.clause("R-OUT-3", "R-DEC-10")
def test_going_out_ends_the_round_before_the_kitty() -> None:
    """A player who may take their kitty and goes out gets no kitty phase; the untaken kitty is subtracted."""
    state = make_state(hands=["4", "6 6"], melds={0: list(FOUR_CANASTAS)}, kitties={0: "A K"})
    assert state.players[0].may_look_kitty
    after = apply(state, "discard 4")
    assert after.phase is Phase.ROUND_OVER
    assert not after.players[0].kitty_taken
    assert after.history[-1].breakdowns[0].kitty_penalty == -30
    assert after.to_move == 0


@pytest.mark.clause("R-DEC-15")
def test_melding_the_last_card_is_not_going_out_by_default() -> None:
    """Default: a going-out player may not meld their last cards; a final discard is needed."""
    state = make_state(hands=["K K K", "6 6"], melds={0: list(FOUR_CANASTAS)})
    assert clause_of(state, "meld K K K") == "R-DEC-15"
    assert legal_texts(state) == {"discard K"}


@pytest.mark.clause("R-DEC-15", "R-SCO-4")
def test_melding_the_last_card_goes_out_in_the_alternative() -> None:
    """With going_out_requires_discard=False melding the last card goes out, with the 100 bonus."""
    rules = Rules(going_out_requires_discard=False)
    state = make_state(rules=rules, hands=["K K K", "6 6"], melds={0: list(FOUR_CANASTAS)})
    after = apply(state, "meld K K K")
    assert after.phase is Phase.ROUND_OVER
    assert after.history[-1].end is RoundEnd.WENT_OUT
    assert after.history[-1].went_out == 0
    assert after.history[-1].breakdowns[0].going_out == 100


@pytest.mark.clause("R-END-1")
def test_going_out_ends_the_round_and_nobody_else_moves() -> None:
    """After a player goes out the only move is `next-round`."""
    state = make_state(hands=["4", "6 6"], melds={0: list(FOUR_CANASTAS)})
    after = apply(state, "discard 4")
    assert [str(m) for m in legal_moves(after)] == ["next-round"]
    assert len(after.history) == 1


@pytest.mark.clause("R-END-2")
def test_draw_from_an_empty_stock_ends_the_round() -> None:
    """A draw from an empty stock ends the round at once, with nobody going out."""
    state = make_state(hands=["4 5", "6 6"], phase=Phase.DRAW, stock=0)
    after = apply(state, "draw")
    assert after.phase is Phase.ROUND_OVER
    assert after.history[-1].end is RoundEnd.STOCK_EMPTY
    assert after.history[-1].went_out is None
    assert all(b.going_out == 0 for b in after.history[-1].breakdowns)


@pytest.mark.clause("R-END-2")
def test_empty_stock_alone_does_not_end_the_round() -> None:
    """With an empty stock, play goes on while the player to move takes the pile."""
    state = make_state(hands=["9 9 5 6", "6 8"], phase=Phase.DRAW, stock=0, pile="4 9", opened=[True, False])
    assert legal_texts(state) == {"draw", "take-pile 9"}
    state = apply(state, "take-pile 9")
    assert state.phase is Phase.MELD
    state = apply(state, "discard 5")
    assert state.phase is Phase.DRAW and state.to_move == 1 and state.history == ()
    after = apply(state, "draw")
    assert after.history[-1].end is RoundEnd.STOCK_EMPTY


@pytest.mark.clause("R-END-3")
def test_hand_of_sevens_ends_the_round() -> None:
    """A player holding only 7s while someone lacks a sevens canasta has no discard and ends the round."""
    state = make_state(hands=["7 7", "6 6"], melds={0: ["K K K"]})
    assert legal_texts(state) == {"end-round"}
    after = apply(state, "end-round")
    assert after.phase is Phase.ROUND_OVER
    assert after.history[-1].end is RoundEnd.NO_DISCARD
    assert after.history[-1].went_out is None


@pytest.mark.clause("R-END-3", "R-HND-1", "R-DEC-19")
def test_hand_of_sevens_may_be_melded_first() -> None:
    """With only 7s in hand the player may meld all of them, then end the round."""
    state = make_state(hands=["7 7 7 7", "6 6"], melds={0: ["K K K"]})
    assert legal_texts(state) == {"end-round", "meld 7 7 7"}
    state = apply(state, "meld 7 7 7")
    state = apply(state, "add 7 7")
    assert state.players[0].hand == counts("")
    assert legal_texts(state) == {"end-round"}
    after = apply(state, "end-round")
    assert after.history[-1].end is RoundEnd.NO_DISCARD
    assert after.history[-1].breakdowns[0].melded == 30 + 20


@pytest.mark.clause("R-END-3")
def test_end_round_is_refused_while_a_discard_is_legal() -> None:
    """A player who can discard may not end the round."""
    state = make_state(hands=["7 4", "6 6"], melds={0: ["K K K"]})
    assert clause_of(state, "end-round") == "R-END-3"


@pytest.mark.clause("R-END-3", "R-RED-1", "R-DEC-22")
def test_single_card_after_drawing_two_red_threes() -> None:
    """Holding one K and unable to go out, a player draws the last two cards, `R3 R3`: both go down, nothing
    is left to replace them, and they must end the round."""
    state = make_state(hands=["K", "6 6"], melds={0: ["Q Q Q"]}, phase=Phase.DRAW, stock="R3 R3")
    state = apply(state, "draw")
    assert state.players[0].red_threes == 2
    assert state.players[0].hand == counts("K")
    assert legal_texts(state) == {"end-round"}
    after = apply(state, "end-round")
    assert after.history[-1].end is RoundEnd.NO_DISCARD


@pytest.mark.clause("R-DEC-16")
def test_steering_into_a_hand_of_sevens_is_allowed_in_the_alternative() -> None:
    """With allow_hand_of_sevens=True `meld 9 9 9` leaving `7 7` is legal; the round then ends (R-END-3)."""
    state = make_state(
        rules=Rules(allow_hand_of_sevens=True), hands=["9 9 9 7 7", "6 6"], opened=[True, False]
    )
    state = apply(state, "meld 9 9 9")
    assert legal_texts(state) == {"end-round"}


@pytest.mark.clause("R-DEC-16")
def test_meld_leaving_only_sevens_is_refused_by_default() -> None:
    """By default a meld or add that would leave only undiscardable 7s is refused."""
    rules = RAILROAD
    state = make_state(rules=rules, hands=["9 9 9 7 7", "6 6"], opened=[True, False])
    assert clause_of(state, "meld 9 9 9") == "R-DEC-16"
    adding = make_state(rules=rules, hands=["9 7 7", "6 6"], melds={0: ["9 9 9"]})
    assert clause_of(adding, "add 9 9") == "R-DEC-16"
    ok = make_state(rules=rules, hands=["9 9 9 7 7", "6 6"], melds=[["7 7 7 7 7 7 7"], ["7 7 7 7 7 7 7"]])
    assert "meld 9 9 9" in legal_texts(ok)


@pytest.mark.clause("R-DEC-16")
def test_pair_pickup_is_not_restricted() -> None:
    """By default (allow_hand_of_sevens=False) a natural-pair pickup leaving only 7s is still legal."""
    rules = RAILROAD
    state = make_state(
        rules=rules, hands=["9 9 7 7", "6 6"], phase=Phase.DRAW, pile="9", opened=[True, False]
    )
    assert "take-pile 9" in legal_texts(state)


@pytest.mark.clause("R-DEC-16")
def test_top_card_pickup_is_not_restricted() -> None:
    """By default a player holding only 7s may still take the top card onto a meld."""
    rules = RAILROAD
    state = make_state(rules=rules, hands=["7 7", "6 6"], melds={0: ["9 9 9"]}, phase=Phase.DRAW, pile="9")
    assert "take-top" in legal_texts(state)


@pytest.mark.clause("R-DEC-16")
def test_draw_into_a_hand_of_sevens_is_not_restricted() -> None:
    """By default a draw may still leave only 7s; the round then ends by R-END-3."""
    rules = RAILROAD
    state = make_state(rules=rules, hands=["7", "6 6"], melds={0: ["9 9 9"]}, phase=Phase.DRAW, stock="4 7 7")
    state = apply(state, "draw")
    assert state.players[0].hand == counts("7 7 7")
    assert "end-round" in legal_texts(state)


@pytest.mark.clause("R-OUT-2", "R-DEC-19")
def test_going_out_player_may_not_meld_down_to_a_single_seven() -> None:
    """By default a player with all four canastas may not meld down to a lone 7, which cannot be discarded."""
    state = make_state(hands=["K K K 7", "6 6"], melds={0: list(FOUR_CANASTAS)})
    assert "meld K K K" not in legal_texts(state)
    assert clause_of(state, "meld K K K") == "R-DEC-19"


@pytest.mark.clause("R-OUT-2", "R-DEC-19")
def test_going_out_player_may_not_meld_down_to_a_single_seven_in_the_alternative_either() -> None:
    """With keep_two_cards=False too: discarding the last card would be going out, so no kitty follows it."""
    state = make_state(
        rules=Rules(keep_two_cards=False), hands=["K K K 7", "6 6"], melds={0: list(FOUR_CANASTAS)}
    )
    assert clause_of(state, "meld K K K") == "R-DEC-19"
