"""Classic Canasta's entry checks: what ``test_hardening.py`` asks of Railroad (issue 11, findings 5 and 6).

A classic state or view that did not come from the engine (built with ``attrs.evolve`` or ``replace``) is
checked when it enters a public function, through the variant's ``check_entry``; ``validate`` checks it
whole; what is not a position at all is a ``TypeError`` with a sentence.
"""

from __future__ import annotations

import attrs
import pytest

import railroad_canasta as rc
from railroad_canasta import CLASSIC, ClassicState, InvariantError, Kind
from railroad_canasta.core.melds import Meld
from railroad_canasta.io import state_to_json, view_to_json
from railroad_canasta.variants.classic.state import Side


def _with_hand(state: ClassicState, seat: int, kind: Kind, count: int) -> ClassicState:
    hand = list(state.hands[seat])
    hand[kind] = count
    hands = list(state.hands)
    hands[seat] = tuple(hand)
    return attrs.evolve(state, hands=tuple(hands))


def _bad_states() -> list[tuple[str, ClassicState, str]]:
    state = rc.new_game(CLASSIC, seed=3)
    side = state.sides[0]
    return [
        ("300 jokers", _with_hand(state, 0, Kind.JOKER, 300), "R-CL-MAT-1"),
        ("a negative count", _with_hand(state, 1, Kind.NINE, -1), "R-CL-MAT-1"),
        ("to_move off the table", state.replace(to_move=9), "R-CL-PLY-1"),
        ("a negative dealer", state.replace(dealer=-1), "R-CL-PLY-1"),
        ("an asker off the table", state.replace(asker=4), "R-CL-PLY-1"),
        ("a hand missing", state.replace(hands=state.hands[:3]), "R-CL-PLY-1"),
        ("a side missing", state.replace(sides=state.sides[:1]), "R-CL-PLY-1"),
        (
            "negative red 3s",
            state.replace(sides=(attrs.evolve(side, red_threes=-2), *state.sides[1:])),
            "R-CL-MAT-1",
        ),
        (
            "a meld of four wilds",
            state.replace(sides=(attrs.evolve(side, melds=(Meld(Kind.NINE, 2, 4, 0),)), *state.sides[1:])),
            "R-CL-MLD-1",
        ),
    ]


@pytest.mark.clause("R-CL-MAT-1", "R-CL-PLY-1", "R-CL-MLD-1")
@pytest.mark.parametrize(("what", "bad", "clause"), _bad_states(), ids=[b[0] for b in _bad_states()])
def test_hand_built_classic_states_the_engine_cannot_act_on_are_refused(
    what: str, bad: ClassicState, clause: str
) -> None:
    """Each public function raises InvariantError naming the clause, never an error from inside."""
    with pytest.raises(InvariantError) as info:
        rc.apply(bad, "draw")
    assert info.value.clause == clause, what
    for call in (rc.legal_moves, rc.validate, lambda s: rc.view(s, 0), lambda s: rc.why_illegal(s, "draw")):
        with pytest.raises(InvariantError):
            call(bad)
    with pytest.raises(InvariantError):
        state_to_json(bad)


@pytest.mark.clause("R-CL-MAT-1", "R-CL-PLY-1")
def test_hand_built_classic_views_are_refused() -> None:
    """A view with a negative stock, a viewer off the table or more jokers than the pack is refused."""
    seen = rc.view(rc.new_game(CLASSIC, seed=3), 0)
    hand = list(seen.hand)
    hand[Kind.JOKER] = 9
    for bad, clause in (
        (attrs.evolve(seen, stock_size=-3), "R-CL-MAT-1"),
        (attrs.evolve(seen, viewer=7), "R-CL-PLY-1"),
        (attrs.evolve(seen, hand=tuple(hand)), "R-CL-MAT-1"),
        (attrs.evolve(seen, hand_sizes=(*seen.hand_sizes[:3], -1)), "R-CL-MAT-1"),
    ):
        with pytest.raises(InvariantError) as info:
            rc.legal_moves(bad)
        assert info.value.clause == clause
        with pytest.raises(InvariantError):
            rc.validate(bad)
        with pytest.raises(InvariantError):
            view_to_json(bad)


def test_classic_positions_that_are_well_formed_pass() -> None:
    """validate accepts the engine's states and views; an evolved copy is checked once and acts the same."""
    state = rc.new_game(CLASSIC, seed=5)
    rc.validate(state)
    rc.validate(rc.view(state, 2))
    copy = attrs.evolve(state)
    assert rc.legal_moves(copy) == rc.legal_moves(state)
    assert rc.apply(copy, "draw") == rc.apply(state, "draw")
    # Two sides of 6 players: the entry check reads the sides of the rules, not a count of 2.
    six = rc.new_game(CLASSIC.replace(players=6, six_player_sides=2), seed=1)
    assert rc.legal_moves(attrs.evolve(six)) == rc.legal_moves(six)
    assert len(six.sides) == 2 and isinstance(six.sides[0], Side)


def test_public_functions_refuse_what_is_not_a_classic_position_or_a_move() -> None:
    """A classic view is no state; numbers and None are no positions; a number is no move."""
    state = rc.new_game(CLASSIC, seed=1)
    with pytest.raises(TypeError, match="apply expects a game state, not a ClassicView"):
        rc.apply(rc.view(state, 0), "draw")  # type: ignore[call-overload]
    with pytest.raises(TypeError, match="legal_moves expects a game state or a player's view, not 42"):
        rc.legal_moves(42)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="validate expects a game state or a player's view, not None"):
        rc.validate(None)  # type: ignore[arg-type]
    for function in (rc.apply, rc.why_illegal, rc.is_legal, rc.explain_move):
        with pytest.raises(TypeError, match="expects a Move or its text"):
            function(state, 42)  # type: ignore[call-overload, arg-type]
