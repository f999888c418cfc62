"""The exhaustive opening oracle against the engine: every sequence of the turn's steps, small hands.

The oracle (``railroad_canasta.testing.classic_opening``) tries every sequence of meld steps of an
opening turn; the move generator (with its fast paths: ``_unopened_steps``, ``reach_after_start``,
``direct_from``) and the guard tables must agree with it on every meld step and pair pickup.
``tools/classic_opening_oracle.py`` runs it offline on many more examples.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from railroad_canasta.core.cards import Kind
from railroad_canasta.testing.classic_opening import compare, opening_position, opening_states, opening_steps
from railroad_canasta.variants.classic.rules import ClassicRules
from railroad_canasta.variants.classic.state import ClassicState


@pytest.mark.clause("R-CL-REQ-1", "R-CL-REQ-2", "R-CL-OUT-1")
@settings(max_examples=300, deadline=None)
@given(opening_states())
def test_the_engine_agrees_with_the_exhaustive_opening_oracle(state: ClassicState) -> None:
    """Every meld step and pair pickup of a side not yet opened: oracle, generator and tables agree."""
    wrong, _explored = compare(state)
    assert wrong == []


@pytest.mark.clause("R-CL-REQ-2")
def test_the_oracle_counts_the_cards_held_aside() -> None:
    """The oracle is not the engine's figure: with two cards aside the hand may be melded whole."""
    hand = (Kind.KING, Kind.KING, Kind.JOKER, Kind.FIVE)
    state = opening_position(ClassicRules(), hand, -10, aside=(Kind.NINE, Kind.NINE))
    steps, explored = opening_steps(state.mover_hand, (), 15, 2, 1)
    assert [str(m) for m in steps] == ["meld K K JK"] and explored >= 1
    assert opening_steps(state.mover_hand, (), 15, 0, 1)[0] == []
    assert compare(state)[0] == []
