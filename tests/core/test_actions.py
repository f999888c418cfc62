"""The action space of every variant: a fixed numbering, round trips, masks, and the documented table."""

from __future__ import annotations

import pytest
from hypothesis import given

from railroad_canasta import legal_moves
from railroad_canasta.core.actions import ActionError, ActionSpace
from railroad_canasta.core.moves import DRAW, Move
from railroad_canasta.testing.strategies import reachable_states
from railroad_canasta.variants.railroad.actions import ACTIONS, ACTIONS_VERSION, vocabulary
from railroad_canasta.variants.railroad.state import GameState


@pytest.mark.clause("R-TRN-4")
@given(reachable_states())
def test_every_legal_move_round_trips(state: GameState) -> None:
    """Every legal move of a random state (random rules too) has an action that numbers it back."""
    for move in legal_moves(state):
        action = ACTIONS.action_of(move)
        assert 0 <= action < ACTIONS.num_distinct_actions
        assert ACTIONS.move_of(action) == move


@given(reachable_states())
def test_the_mask_is_the_legal_moves(state: GameState) -> None:
    """The mask marks exactly the actions of the legal moves, and the listed actions are sorted."""
    moves = legal_moves(state)
    mask = ACTIONS.mask(moves)
    assert len(mask) == ACTIONS.num_distinct_actions
    marked = [action for action, bit in enumerate(mask) if bit]
    assert marked == ACTIONS.actions_of(moves)
    assert {ACTIONS.move_of(a) for a in marked} == set(moves)


def test_every_number_is_one_move() -> None:
    """No move is listed twice, and every number in range names a move."""
    moves = vocabulary()
    assert len(set(moves)) == len(moves) == ACTIONS.num_distinct_actions == 176
    assert [ACTIONS.action_of(ACTIONS.move_of(a)) for a in range(len(moves))] == list(range(len(moves)))


@pytest.mark.parametrize("bad", [-1, 176, 1.0, True, "0"])
def test_a_number_out_of_range_is_refused(bad: object) -> None:
    """An integer outside the range, or a non-integer, raises ActionError naming the range."""
    with pytest.raises(ActionError, match="from 0 to 175"):
        ACTIONS.move_of(bad)  # type: ignore[arg-type]


def test_a_duplicate_move_is_refused() -> None:
    """A vocabulary that lists a move twice cannot be numbered."""
    with pytest.raises(ValueError, match="listed twice"):
        ActionSpace("bad-1", (DRAW, Move.from_text("draw")))


def test_the_numbering_is_pinned() -> None:
    """The numbering of this version never changes: some numbers pinned, and the version named."""
    assert ACTIONS_VERSION == "railroad-actions-1"
    pinned = {0: "draw", 5: "next-round", 6: "take-pile 4", 21: "discard 4", 65: "add wild JK"}
    pinned |= {
        67: "meld 4 4 4",
        100: "meld 2 2 2",
        103: "meld JK JK JK",
        104: "meld 2 2 2 2 2 2 2",
        112: "meld B3",
    }
    assert {a: str(ACTIONS.move_of(a)) for a in pinned} == pinned
    assert str(ACTIONS.move_of(175)) == "meld " + " ".join(["B3"] * 64)
