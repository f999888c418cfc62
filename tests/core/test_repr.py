"""Every public object's repr is Python that rebuilds it, using only names exported by the package."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

import railroad_canasta as rc
from railroad_canasta.testing.strategies import reachable_states
from railroad_canasta.variants.railroad.state import GameState

NAMESPACE: dict[str, object] = dict(vars(rc))


@pytest.mark.clause("R-CRD-6")
@settings(max_examples=30, deadline=None)
@given(reachable_states(max_moves=600))
def test_state_and_view_reprs_rebuild_them(state: GameState) -> None:
    """eval(repr(x)) == x for a reachable state, the view of the player to move, and its legal moves."""
    assert eval(repr(state), NAMESPACE) == state
    seen = rc.view(state, state.to_move)
    assert eval(repr(seen), NAMESPACE) == seen
    for move in rc.legal_moves(state):
        assert eval(repr(move), NAMESPACE) == move
    assert eval(repr(state.rules), NAMESPACE) == state.rules
