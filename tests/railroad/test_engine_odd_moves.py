"""Engine tests of moves that the text notation cannot write, so no scenario can ask about them.

Each refuses a move object built directly: something that is not a move, a meld taking a negative
number of cards, a wild meld holding a natural card, a black-3 meld with no black 3. The guard ablation
(``tools/ablate.py``) found that nothing noticed these rows switched off.
"""

from __future__ import annotations

import pytest

from builders import FOUR_CANASTAS, make_state
from railroad_canasta import RAILROAD, Kind, StartMeld, Violation, legal_moves, why_illegal
from railroad_canasta.variants.railroad.guards import why_illegal as table_why_illegal


@pytest.mark.clause("R-TRN-2")
def test_something_that_is_not_a_move_is_refused() -> None:
    """A text or any other object is not a move: the engine's table says so, naming R-TRN-2."""
    state = make_state(hands=["9 9 4", "6 6"])
    for thing in ("discard 4", None, 4):
        problem = table_why_illegal(state, thing)  # type: ignore[arg-type]
        assert problem is not None and problem.clause == "R-TRN-2"
        assert problem.reason == f"{thing!r} is not a move"


@pytest.mark.clause("R-TRN-4")
def test_a_meld_takes_no_negative_number_of_cards() -> None:
    """Three cards counted with a negative joker are no meld: R-TRN-4 refuses before anything else."""
    state = make_state(hands=["9 9 9 9 4", "6 6"], melds={0: ["8 8 8"]})
    # StartMeld refuses negative counts when built; the guard row defends against one changed afterwards.
    move = StartMeld(Kind.NINE, 4, 0, 0)
    object.__setattr__(move, "jokers", -1)
    assert why_illegal(state, move) == Violation("R-TRN-4", "a meld cannot take a negative number of cards")
    assert move not in legal_moves(state)


@pytest.mark.clause("R-DEC-9")
def test_a_wild_meld_starts_without_natural_cards() -> None:
    """A wild meld of three wild cards may not also take a natural card (R-DEC-9)."""
    state = make_state(hands=["JK JK 2 9 9 4", "6 6"], melds={0: ["8 8 8"]})
    assert why_illegal(state, StartMeld(Kind.JOKER, 0, 2, 1)) is None
    move = StartMeld(Kind.JOKER, 1, 2, 1)
    assert why_illegal(state, move) == Violation("R-DEC-9", "a wild meld holds only wild cards")


@pytest.mark.clause("R-MLD-5", "R-DEC-21")
def test_a_black_three_meld_takes_at_least_one_black_three() -> None:
    """Where one black 3 is a meld (R-DEC-21's alternative), a meld of none is still refused (R-MLD-5)."""
    rules = RAILROAD.replace(black_three_meld_needs_three=False)
    state = make_state(
        rules=rules, hands=["B3 9", "6 6"], melds={0: FOUR_CANASTAS}, kitty_taken=[True, False]
    )
    assert why_illegal(state, StartMeld(Kind.BLACK_THREE, 1)) is None
    problem = why_illegal(state, StartMeld(Kind.BLACK_THREE, 0))
    assert problem == Violation("R-MLD-5", "a meld of black 3s takes at least one black 3")
