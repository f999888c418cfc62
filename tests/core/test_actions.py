"""The action space of every variant: a fixed numbering, round trips, masks, and the documented table."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given

from railroad_canasta import legal_moves
from railroad_canasta.core.actions import ActionError, ActionSpace
from railroad_canasta.core.cards import Kind
from railroad_canasta.core.moves import DRAW, Move, start_meld
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


def test_copies_of_the_vocabulary_s_moves_are_numbered_by_value() -> None:
    """A move that is not the vocabulary's own instance (an equal copy) still gets its action, in order or
    sorted: the identity lookup is only the fast way."""
    moves = [ACTIONS.move_of(action) for action in (67, 0, 21)]
    copies = [copy.copy(move) for move in moves]
    assert all(c == m and c is not m for c, m in zip(copies, moves, strict=True))
    assert ACTIONS.actions_in_order(copies) == [67, 0, 21]
    assert ACTIONS.actions_of(copies) == [0, 21, 67] == ACTIONS.actions_of(moves)


def test_one_meld_move_however_its_counts_are_passed() -> None:
    """``start_meld`` gives one shared instance whether the counts left at 0 are passed or not, and the
    notation reads to it: classic listed ``meld 4 4 JK`` as a copy before."""
    shared = start_meld(Kind.FOUR, 2, 1)
    assert shared is start_meld(Kind.FOUR, 2, 1, 0) is Move.from_text("meld 4 4 JK")
    assert start_meld(Kind.BLACK_THREE, 3) is start_meld(Kind.BLACK_THREE, 3, 0, 0)


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
