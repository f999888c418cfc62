"""Classic Canasta under random play: the state machine, the oracle, the views and their leak property."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from railroad_canasta.core.cards import Kind
from railroad_canasta.core.errors import IllegalMoveError
from railroad_canasta.testing.oracle import classic_oracle_legal_moves as oracle_legal_moves
from railroad_canasta.testing.stateful import ClassicGameMachine
from railroad_canasta.testing.strategies import classic_states
from railroad_canasta.variants.classic.legal import legal_by_tables, legal_moves, plausible_moves
from railroad_canasta.variants.classic.state import ClassicState, Phase
from railroad_canasta.variants.classic.transitions import apply
from railroad_canasta.variants.classic.views import ClassicViewError, view

pytestmark = pytest.mark.clause("R-CL-TRN-1", "R-CL-PLY-1", "R-CL-MAT-1", "R-CL-OUT-1", "R-CL-REQ-1")

_EXAMPLES = 30 if settings().max_examples <= 100 else settings().max_examples
ClassicGameMachine.TestCase.settings = settings(
    ClassicGameMachine.TestCase.settings, max_examples=_EXAMPLES, stateful_step_count=150, deadline=None
)


class TestClassicStateful(ClassicGameMachine.TestCase):  # type: ignore[misc,valid-type]
    """Random legal classic play keeps every invariant, has no dead end and rejects unlisted moves."""


@settings(max_examples=40, deadline=None)
@given(classic_states())
def test_legal_moves_equal_the_oracle(state: ClassicState) -> None:
    """The generator lists exactly the moves of the vocabulary that the guard tables accept."""
    assert set(legal_moves(state)) == oracle_legal_moves(state)
    assert tuple(legal_moves(state)) == legal_by_tables(state)


@settings(max_examples=25, deadline=None)
@given(classic_states(), st.data())
def test_every_unlisted_move_is_rejected_with_a_clause(state: ClassicState, data: st.DataObject) -> None:
    """A move not listed raises IllegalMoveError naming a classic clause."""
    listed = set(legal_moves(state))
    move = data.draw(st.sampled_from([m for m in plausible_moves(state) if m not in listed]))
    with pytest.raises(IllegalMoveError) as caught:
        apply(state, move)
    assert caught.value.clause.startswith("R-CL-")


def _hidden_variant(state: ClassicState, viewer: int, rng: random.Random) -> ClassicState:
    """The same table with the cards the viewer cannot see (others' hands, the stock) dealt anew."""
    hidden: list[Kind] = list(state.stock)
    for seat, hand in enumerate(state.hands):
        if seat != viewer:
            hidden += [Kind(k) for k, n in enumerate(hand) for _ in range(n)]
    rng.shuffle(hidden)
    hands = []
    for seat, hand in enumerate(state.hands):
        if seat == viewer:
            hands.append(hand)
            continue
        size = sum(hand)
        cards, hidden = hidden[:size], hidden[size:]
        hands.append(tuple(cards.count(Kind(k)) for k in range(15)))
    return state.replace(hands=tuple(hands), stock=tuple(hidden), seed=state.seed + 1)


@settings(max_examples=40, deadline=None)
@given(classic_states(), st.data())
def test_property_views_do_not_leak_hidden_cards(state: ClassicState, data: st.DataObject) -> None:
    """Whatever the hidden cards are (the partner's hand too), a player's view is the same."""
    viewer = data.draw(st.integers(0, state.rules.players - 1))
    other = _hidden_variant(state, viewer, random.Random(data.draw(st.integers(0, 1000))))
    assert view(other, viewer) == view(state, viewer)


@settings(max_examples=40, deadline=None)
@given(classic_states())
def test_property_the_movers_view_lists_the_states_moves(state: ClassicState) -> None:
    """legal_moves of the mover's view equal those of the state."""
    assert legal_moves(view(state, state.to_move)) == legal_moves(state)


def test_a_view_hides_the_partners_hand() -> None:
    """The partner's hand is only a size; asking the view for another player's hand is refused."""
    from railroad_canasta.variants.classic.deal import new_game
    from railroad_canasta.variants.classic.rules import CLASSIC

    state = new_game(CLASSIC, seed=2)
    partner = (state.to_move + 2) % 4
    seen = view(state, partner)
    assert seen.hand == state.hands[partner] and seen.hand_sizes[state.to_move] == 11
    assert state.hands[state.to_move] not in (getattr(seen, f) for f in ("hand", "pending"))
    with pytest.raises(ClassicViewError):
        legal_moves(seen)
    assert state.phase is Phase.DRAW
