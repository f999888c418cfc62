"""The one invariants module: every invariant tagged by a clause, used by the loaders and the tests."""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings

import railroad_canasta as rc
from railroad_canasta import RAILROAD, GameState, Phase, apply, legal_moves, new_game
from railroad_canasta.core.invariants import Invariant, InvariantError, Problem, check, first_breach
from railroad_canasta.testing import invariants as testing_invariants
from railroad_canasta.testing import strategies as strat
from railroad_canasta.variants.railroad.invariants import (
    PUBLIC_INVARIANTS,
    RESULT_INVARIANTS,
    STATE_INVARIANTS,
    VIEW_INVARIANTS,
    validate,
    validate_view,
)
from railroad_canasta.variants.railroad.views import view

SPEC = Path(__file__).resolve().parents[2] / "spec"
CLAUSE = re.compile(r"^### \[(R-[A-Z]+-\d+)\] (.*)$", re.MULTILINE)


def _live_clauses() -> set[str]:
    found: set[str] = set()
    for path in SPEC.glob("*.md"):
        for clause, title in CLAUSE.findall(path.read_text("utf-8")):
            if not title.startswith("Withdrawn"):
                found.add(clause)
    return found


def _first_meld_phase(seed: int = 3) -> GameState:
    state = new_game(RAILROAD, seed=seed)
    while state.phase is not Phase.MELD:
        state = apply(state, legal_moves(state)[0])
    return state


def test_every_invariant_names_live_clauses_and_says_what_holds() -> None:
    """Each row of every table is tagged by clauses of the spec and states its fact in words."""
    live = _live_clauses()
    tables = (STATE_INVARIANTS, VIEW_INVARIANTS, RESULT_INVARIANTS, testing_invariants.PLAY_INVARIANTS)
    for table in tables:
        for row in table:
            assert set(row.clauses) <= live, row
            assert row.rule and row.scope in ("position", "game")
    assert STATE_INVARIANTS[: len(PUBLIC_INVARIANTS)] == PUBLIC_INVARIANTS
    assert VIEW_INVARIANTS[: len(PUBLIC_INVARIANTS)] == PUBLIC_INVARIANTS


@settings(max_examples=40)
@given(strat.states_with_viewer(max_moves=300))
def test_property_reachable_states_and_views_break_no_invariant(case: tuple[GameState, int]) -> None:
    """validate and validate_view accept every state the rules reach and every view of it."""
    state, seat = case
    rc.validate(state)
    validate_view(view(state, seat))
    testing_invariants.check_state(state, scope="game")


@pytest.mark.clause("R-PIL-2")
def test_a_broken_invariant_names_its_clause_and_field() -> None:
    """The error is a typed ValueError carrying the clause, every clause of the row, the path and a reason."""
    state = new_game(RAILROAD, seed=7)
    with pytest.raises(InvariantError) as info:
        validate(state.replace(pile_frozen=not state.pile_frozen))
    error = info.value
    assert (error.clause, error.clauses, error.path) == ("R-PIL-2", ("R-PIL-2", "R-SET-5"), "pile_frozen")
    assert isinstance(error, rc.RailroadCanastaError) and isinstance(error, ValueError)
    assert str(error) == f"pile_frozen: {error.reason} [R-PIL-2, R-SET-5]"
    assert rc.InvariantError is InvariantError


@pytest.mark.clause("R-CAN-1")
def test_the_first_row_broken_is_reported_in_table_order() -> None:
    """A wrong canasta mask is R-CAN-1 at the player's canastas, before anything checked later."""
    state = _first_meld_phase()
    players = list(state.players)
    players[0] = players[0].replace(canastas=2)
    with pytest.raises(InvariantError) as info:
        validate(state.replace(players=tuple(players)))
    assert (info.value.clause, info.value.path) == ("R-CAN-1", "players[0].canastas")


@pytest.mark.clause("R-MLD-4")
def test_a_meld_row_names_the_clause_the_meld_breaks() -> None:
    """The row of meld forms reports the clause of the broken meld rule, not its own first clause."""
    state = _first_meld_phase()
    players = list(state.players)
    players[1] = players[1].replace(melds=(rc.TableMeld(rc.Kind.NINE, 2, 2, 2),), opened=True)
    with pytest.raises(InvariantError) as info:
        validate(state.replace(players=tuple(players)))
    assert (info.value.clause, info.value.path) == ("R-MLD-4", "players[1].melds[0]")


@pytest.mark.clause("R-SET-1", "R-SET-2")
def test_game_rows_are_left_out_of_the_position_scope() -> None:
    """A dealer the seed did not choose breaks the game scope only: a position built by hand may have it."""
    state = new_game(RAILROAD, seed=7)
    moved = state.replace(dealer=1 - state.dealer)
    validate(moved, scope="position")
    testing_invariants.check_state(moved)
    with pytest.raises(InvariantError) as info:
        validate(moved)
    assert (info.value.clause, info.value.path) == ("R-SET-1", "dealer")


def test_the_public_validate_dispatches_on_the_variant() -> None:
    """rc.validate takes a state or a view of any variant, and refuses anything else with a TypeError."""
    state = new_game(RAILROAD, seed=7)
    rc.validate(state)
    rc.validate(view(state, 1), scope="position")
    with pytest.raises(InvariantError):
        rc.validate(attrs.evolve(view(state, 0), kitty=state.players[0].hand))
    with pytest.raises(TypeError, match="validate expects a game state or a player's view"):
        rc.validate(None)  # type: ignore[arg-type]


def test_validate_does_not_crash_on_states_no_loader_would_build() -> None:
    """Seats off the table and negative counts are reported, not met with an IndexError."""
    state = new_game(RAILROAD, seed=7)
    with pytest.raises(InvariantError) as info:
        validate(state.replace(to_move=5))
    assert info.value.path == "to_move"
    players = list(state.players)
    players[0] = players[0].replace(hand=(-1, *players[0].hand[1:]))
    with pytest.raises(InvariantError) as info:
        validate(state.replace(players=tuple(players)))
    assert info.value.path == "players[0].hand"
    with pytest.raises(InvariantError) as info:
        validate(state.replace(players=state.players[:1]))
    assert info.value.path == "players"


@pytest.mark.clause("R-KIT-1")
def test_a_view_showing_a_kitty_its_viewer_may_not_see_is_refused() -> None:
    """validate_view names the kitty when it is shown to a viewer without a looking canasta."""
    seen = view(new_game(RAILROAD, seed=7), 0)
    with pytest.raises(InvariantError) as info:
        validate_view(attrs.evolve(seen, kitty=seen.hand))
    assert (info.value.clause, info.value.path) == ("R-KIT-1", "kitty")


@pytest.mark.clause("R-SCO-6")
def test_a_game_over_with_no_round_scored_is_refused_in_either_scope() -> None:
    """A state moved to game over without scoring its round breaks R-SCO-6 on the history."""
    over = attrs.evolve(new_game(RAILROAD, seed=7), phase=Phase.GAME_OVER)
    for scope in ("position", "game"):
        with pytest.raises(InvariantError) as info:
            testing_invariants.check_state(over, scope=scope)
        assert (info.value.clause, info.value.path) == ("R-SCO-6", "history")


def test_a_generic_table_runs_in_order_and_by_scope() -> None:
    """check stops at the first failing row; position scope skips the game rows; a Problem names a path."""
    rows: tuple[Invariant[int], ...] = (
        Invariant("X-1", "positive", lambda n: None if n > 0 else "not positive", "n"),
        Invariant("X-2", "small", lambda n: None if n < 5 else Problem("n.size", "too big"), scope="game"),
        Invariant("X-3", "odd", lambda n: None if n % 2 else Problem("n", "even", clause="X-9")),
    )
    check(rows, 3)
    error = first_breach(rows, 6)
    assert error is not None and (error.clause, error.path, error.reason) == ("X-2", "n.size", "too big")
    error = first_breach(rows, 6, scope="position")
    assert error is not None and (error.clause, error.clauses, error.path) == ("X-9", ("X-9",), "n")
    with pytest.raises(InvariantError, match=r"^n: not positive \[X-1\]$"):
        check(rows, -1)


@pytest.mark.clause("R-DEC-19", "R-HND-1", "R-KIT-2")
def test_a_discard_emptying_the_hand_before_the_kitty_is_a_valid_state() -> None:
    """Under R-DEC-19's alternative the last card may be discarded when the kitty follows: the kitty phase
    with an empty hand is reachable, so the invariants accept it.
    The volume walk (``railroad_canasta.testing.volume``) found the invariants refusing it.
    """
    from builders import make_state

    rules = RAILROAD.replace(keep_two_cards=False)
    state = make_state(rules=rules, hands=["9", "6 6 5"], melds={0: ["Q Q Q Q Q Q Q"]}, kitties=["4 4", ""])
    after = apply(state, "discard 9")
    assert after.phase is Phase.KITTY and after.players[0].hand_size == 0
    validate(after, scope="position")
    testing_invariants.check_state(after)
    with pytest.raises(InvariantError, match="R-HND-1"):
        validate(attrs.evolve(after, rules=RAILROAD), scope="position")
