"""Engine tests of the kitty: the right to look, taking it after the discard, and its timing.

Clauses: R-KIT-1, R-KIT-2, R-DEC-10.
"""

from __future__ import annotations

import pytest

from builders import FOUR_CANASTAS, clause_of, counts, legal_texts, make_state
from railroad_canasta import Kind, KittyTiming, Phase, Rules, StartMeld, apply

SAME_TURN = Rules(kitty_timing=KittyTiming.SAME_TURN)


@pytest.mark.clause("R-KIT-1")
@pytest.mark.parametrize(
    ("meld", "add", "looks"),
    [
        ("Q Q Q Q Q Q", "add Q Q", True),
        ("JK 2 2 2 2 2", "add wild 2", True),
        ("7 7 7 7 7 7", "add 7 7", True),
        ("Q Q Q Q Q 2", "add Q Q", False),
    ],
)
def test_completing_a_non_black_canasta_opens_the_kitty(meld: str, add: str, looks: bool) -> None:
    """A red, wild or sevens canasta gives the right to look at the kitty; a black canasta does not."""
    state = make_state(hands=["Q 2 7 4 5", "6 6"], melds={0: [meld]}, kitties={0: "A K"})
    assert not state.players[0].may_look_kitty
    after = apply(state, add)
    assert after.players[0].melds[0].is_complete
    assert after.players[0].may_look_kitty is looks
    assert after.turn_canasta is looks


@pytest.mark.clause("R-KIT-1")
def test_the_black_three_meld_gives_no_look() -> None:
    """Melding black 3s (never a canasta) does not grant the look, nor count as a canasta this turn."""
    state = make_state(hands=["B3 B3 B3 B3 B3 B3 B3 4", "6 6"], melds={0: list(FOUR_CANASTAS)})
    after = apply(state, StartMeld(Kind.BLACK_THREE, 7))
    assert after.players[0].melds[-1].canasta_kind is None
    assert after.players[0].canastas == state.players[0].canastas
    assert not after.turn_canasta


@pytest.mark.clause("R-KIT-2")
def test_kitty_is_taken_after_the_discard() -> None:
    """After the canasta turn's discard: take-kitty or end-turn; take-kitty moves the kitty to the hand."""
    state = make_state(hands=["Q 4 5", "6 6"], melds={0: ["Q Q Q Q Q Q"]}, kitties={0: "A K J"})
    state = apply(state, "add Q Q")
    state = apply(state, "discard 4")
    assert state.phase is Phase.KITTY and state.to_move == 0
    assert legal_texts(state) == {"take-kitty", "end-turn"}
    assert clause_of(state, "draw") == "R-TRN-2"
    after = apply(state, "take-kitty")
    player = after.players[0]
    assert player.hand == counts("5 A K J")
    assert player.kitty == counts("") and player.kitty_taken
    assert after.to_move == 1 and after.phase is Phase.DRAW


@pytest.mark.clause("R-KIT-2")
def test_kitty_may_be_declined_and_is_taken_once_only() -> None:
    """`end-turn` keeps the kitty for later; once taken, later discards go straight to the next player."""
    state = make_state(
        hands=["4 5 6", "6 6"], melds={0: ["Q Q Q Q Q Q Q"]}, kitties={0: "A K"}, phase=Phase.KITTY
    )
    declined = apply(state, "end-turn")
    assert declined.players[0].kitty == counts("A K") and not declined.players[0].kitty_taken
    assert declined.to_move == 1
    taken = make_state(hands=["4 5 6", "6 6"], melds={0: ["Q Q Q Q Q Q Q"]}, kitty_taken={0: True})
    after = apply(taken, "discard 4")
    assert after.phase is Phase.DRAW and after.to_move == 1


@pytest.mark.clause("R-KIT-2")
def test_no_kitty_without_the_right_to_look() -> None:
    """A player who has completed no non-black canasta goes straight to the next player after discarding."""
    state = make_state(hands=["4 5 6", "6 6"], melds={0: ["Q Q Q Q Q 2 2"]}, kitties={0: "A K"})
    after = apply(state, "discard 4")
    assert after.phase is Phase.DRAW and after.to_move == 1


@pytest.mark.clause("R-DEC-10")
def test_kitty_may_be_taken_in_a_later_turn_by_default() -> None:
    """Default: a canasta from an earlier turn still lets the player take the kitty after a discard."""
    state = make_state(hands=["4 5 6", "6 6"], melds={0: ["Q Q Q Q Q Q Q"]}, kitties={0: "A K"})
    assert not state.turn_canasta and state.players[0].may_look_kitty
    after = apply(state, "discard 4")
    assert after.phase is Phase.KITTY
    assert "take-kitty" in legal_texts(after)


@pytest.mark.clause("R-DEC-10")
def test_kitty_only_in_the_canasta_turn_in_the_alternative() -> None:
    """With kitty_timing=SAME_TURN the kitty is offered in the canasta turn only."""
    later = make_state(
        rules=SAME_TURN, hands=["4 5 6", "6 6"], melds={0: ["Q Q Q Q Q Q Q"]}, kitties={0: "A K"}
    )
    after = apply(later, "discard 4")
    assert after.phase is Phase.DRAW and after.to_move == 1
    same = make_state(
        rules=SAME_TURN, hands=["Q 4 5 6", "6 6"], melds={0: ["Q Q Q Q Q Q"]}, kitties={0: "A K"}
    )
    after = apply(apply(same, "add Q Q"), "discard 4")
    assert after.phase is Phase.KITTY
    assert apply(after, "take-kitty").players[0].hand == counts("5 6 A K")
