"""The move generator against a brute-force oracle: complete, sound, and every other move rejected."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from railroad_canasta import IllegalMoveError, apply, legal_moves, why_illegal
from railroad_canasta.testing.oracle import oracle_legal_moves, plausible_moves
from railroad_canasta.testing.strategies import reachable_states
from railroad_canasta.variants.railroad.state import GameState

# Modest counts in CI; the soak profile's own (larger) count otherwise.
_SOAK = settings().max_examples > 100


@pytest.mark.clause("R-TRN-2", "R-TRN-4", "R-REQ-4", "R-PIL-4", "R-PIL-5")
@settings(max_examples=settings().max_examples if _SOAK else 60, deadline=None)
@given(reachable_states(max_moves=300))
def test_legal_moves_equal_the_oracle(state: GameState) -> None:
    """legal_moves lists exactly the plausible moves that the clause-by-clause validator accepts."""
    listed = legal_moves(state)
    assert len(set(listed)) == len(listed)
    assert set(listed) == oracle_legal_moves(state)


@pytest.mark.clause("R-TRN-2")
@settings(max_examples=settings().max_examples if _SOAK else 25, deadline=None)
@given(reachable_states(max_moves=300))
def test_every_unlisted_move_is_rejected_with_a_clause(state: GameState) -> None:
    """apply raises IllegalMoveError, naming a clause, for every plausible move not listed as legal."""
    listed = set(legal_moves(state))
    for move in plausible_moves(state):
        if move in listed:
            continue
        with pytest.raises(IllegalMoveError) as info:
            apply(state, move)
        problem = why_illegal(state, move)
        assert problem is not None
        assert info.value.clause == problem.clause
        assert info.value.clause.startswith("R-")
