"""The move generator against a brute-force oracle: complete, sound, and every other move rejected."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from railroad_canasta import IllegalMoveError, Kind, Phase, TakePile, TakeTop, apply, legal_moves, why_illegal
from railroad_canasta.core.guards import first_violation
from railroad_canasta.testing.oracle import oracle_legal_moves, plausible_moves
from railroad_canasta.testing.strategies import reachable_states
from railroad_canasta.variants.railroad.candidates import step_candidates
from railroad_canasta.variants.railroad.floor import FLOOR_GUARDS, floor_holds
from railroad_canasta.variants.railroad.guards import (
    TABLES,
    TAKE_PILE_GUARDS,
    TAKE_TOP_GUARDS,
    PickupContext,
    meld_violation,
    pair_pickup_plain,
    top_pickup_plain,
)
from railroad_canasta.variants.railroad.legal import candidate_legal
from railroad_canasta.variants.railroad.state import GameState, others_sevens
from railroad_canasta.variants.railroad.steps import StepContext, step_table

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


@pytest.mark.clause("R-PIL-4", "R-PIL-5", "R-DEC-1", "R-DEC-18", "R-HND-1", "R-DEC-19")
@settings(max_examples=settings().max_examples if _SOAK else 60, deadline=None)
@given(reachable_states(max_moves=300))
def test_the_plain_pickup_prefilters_agree_with_the_tables(state: GameState) -> None:
    """Where the generator calls a pickup plainly legal (or a pair pickup plainly illegal) without its
    table, the table agrees."""
    top = state.top
    if state.phase is not Phase.DRAW or top is None or top < Kind.FOUR:
        return
    if state.mover.hand[top] >= 2:
        plain = pair_pickup_plain(state, top, state.mover.unfinished_meld(top))
        if plain is not None:
            assert (first_violation(TAKE_PILE_GUARDS, PickupContext(state, TakePile(top))) is None) is plain
    meld = None if state.pile_frozen else state.mover.unfinished_meld(top)
    if meld is not None and top_pickup_plain(state, meld):
        assert first_violation(TAKE_TOP_GUARDS, PickupContext(state, TakeTop())) is None


@pytest.mark.clause("R-REQ-4", "R-HND-1", "R-DEC-19")
@settings(max_examples=settings().max_examples if _SOAK else 60, deadline=None)
@given(reachable_states(max_moves=300))
def test_step_candidates_fail_only_floor_guards(state: GameState) -> None:
    """Of a candidate's table only the floor rows and the requirement row can fail, so the requirement search
    (floor rows) and the generator's ``candidate_legal`` (floor rows, requirement row) answer as the table."""
    if state.phase is not Phase.MELD:
        return
    player = state.mover
    others = others_sevens(state)
    extra = sum(state.pending) if state.pending is not None else 0
    for table in TABLES.values():
        if table and table[-1].clause == "R-REQ-4":
            assert table[-1] is TABLES["add"][-1]
    for move, _used in step_candidates(player.hand, player.melds, state.rules):
        context = StepContext(player.hand, player.melds, player.canastas, move, state.rules, others, 0)
        rows = [g for g in step_table(move) if g not in FLOOR_GUARDS]
        assert first_violation(rows, context) is None, move
        assert floor_holds(context) == (first_violation(FLOOR_GUARDS, context) is None)
        full = meld_violation(state, move, others, extra) is None
        assert candidate_legal(state, move, others, extra) == full, move
