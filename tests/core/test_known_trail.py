"""The trail of known cards (``core.known.Trail``): states compare, hash, show, pickle and copy as the known
cards it gives, in both variants (R-VIS-1, R-CL-VIS-1); a malformed trail is refused by the entry check.

The transitions leave known cards as a trail of public moves, folded when read; the reference test of the
rule (``test_information_state.py::test_every_transition_keeps_the_known_cards_the_rule_gives``) checks
what every trail folds to. These tests check that no representation of a state depends on the moves
that made its known cards rather than on the cards.
"""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import attrs
import pytest

import railroad_canasta as rc
from railroad_canasta.core.known import folded, pack, trail_problem
from railroad_canasta.variants.classic import state as classic_state

AnyState = rc.GameState | rc.ClassicState
_PLAYING = {"draw", "meld", "kitty", "answer"}


def _trail_of(state: AnyState, seat: int | None = None) -> object:
    """The trail of ``state``'s hand at ``seat`` (Railroad; by default the first holding one), or the
    table's (classic)."""
    if isinstance(state, rc.GameState):
        if seat is None:
            seat = _seat(state)
        return state.players[seat].known_bits
    return state.known_bits


def _seat(state: rc.GameState) -> int:
    return next((i for i, p in enumerate(state.players) if type(p.known_bits) is tuple), 0)


def _depth(trail: object) -> int:
    depth = 0
    while type(trail) is tuple:
        depth, trail = depth + 1, trail[0]
    return depth


def _with_trail(variant: str, players: int, least: int) -> AnyState:
    """A state of random play whose trail has at least ``least`` steps."""
    rules: rc.Rules | rc.ClassicRules = (
        rc.Rules(players=players) if variant == "railroad" else rc.ClassicRules(players=players)
    )
    rng = random.Random(11)
    for seed in range(50):
        state: AnyState = rc.new_game(rules, seed=seed)
        while state.phase.value in _PLAYING:
            moves = rc.legal_moves(state)
            state = rc.apply(state, moves[rng.randrange(len(moves))])
            if _depth(_trail_of(state)) >= least:
                return state
    raise AssertionError(f"no {variant} trail of {least} steps in 50 rounds")


def _packed(state: AnyState) -> AnyState:
    """``state`` with every trail replaced by the packed bits it gives (what a loaded document holds)."""
    if isinstance(state, rc.GameState):
        players = tuple(p.replace(known_bits=folded(p.known_bits)) for p in state.players)
        return state.replace(players=players)
    return state.replace(known_bits=folded(state.known_bits))


CASES = [("railroad", 2), ("railroad", 8), ("classic", 4), ("classic", 6)]


@pytest.mark.clause("R-VIS-1", "R-CL-VIS-1")
@pytest.mark.parametrize(("variant", "players"), CASES)
def test_a_state_is_its_known_cards_not_the_moves_that_made_them(variant: str, players: int) -> None:
    state = _with_trail(variant, players, 20)
    packed = _packed(state)
    seat = _seat(state) if isinstance(state, rc.GameState) else None
    assert _depth(_trail_of(state, seat)) >= 20 and _depth(_trail_of(packed, seat)) == 0
    assert folded(_trail_of(state, seat)) == _trail_of(packed, seat)  # type: ignore[arg-type]
    assert state == packed and hash(state) == hash(packed)
    # A different count of known cards is a different state.
    if isinstance(packed, rc.GameState):
        other = list(packed.players)
        other[_seat(state)] = other[_seat(state)].replace(known_bits=folded(_trail_of(state)) + 1)  # type: ignore[arg-type]
        assert packed.replace(players=tuple(other)) != state
    else:
        assert packed.replace(known_bits=folded(_trail_of(state)) + 1) != state  # type: ignore[arg-type]
    # Pickles and copies hold the packed bits, and equal states.
    for again in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert again == state and _depth(_trail_of(again, seat)) == 0
    assert copy.copy(state) == state
    # The repr shows the packed bits: evaluated, it gives an equal state.
    assert "known_bits=(" not in repr(state)
    namespace = dict(vars(rc))
    if isinstance(state, rc.ClassicState):
        namespace.update(vars(classic_state))  # (classic's Side is not exported: its own module's)
    assert eval(repr(state), namespace) == state
    # attrs' own copy keeps the trail, and stays equal.
    assert attrs.evolve(state) == state


@pytest.mark.clause("R-VIS-1", "R-CL-VIS-1")
def test_a_trail_is_folded_in_a_loop_and_each_answer_remembered() -> None:
    """A trail far longer than the recursion limit folds; folded twice it gives the same bits."""
    from railroad_canasta.core.moves import Discard

    trail: object = pack((0, 0, 0, 0, 0, 5) + (0,) * 9)
    for _ in range(5000):
        trail = (trail, 0, Discard(rc.Kind.FIVE), None)
    assert folded(trail) == 0 == folded(trail)  # type: ignore[arg-type]
    assert folded((trail, 0, (0,) * 15, (1,) + (0,) * 14)) == 1  # type: ignore[arg-type]


@pytest.mark.clause("R-VIS-1", "R-CL-VIS-1")
@pytest.mark.parametrize(
    ("bad", "says"),
    [
        ((0, 0, "discard 5"), "not 4"),
        ((0, 9, rc.Move.from_text("discard 5"), None), "seat 9"),
        ((0, 0, "discard 5", None), "not a move"),
        ((0, 0, (1,) * 15, (0,) * 15), "counts"),
        ((-1, 0, rc.Move.from_text("discard 5"), None), "starts from -1"),
    ],
)
def test_a_malformed_trail_is_named(bad: tuple[object, ...], says: str) -> None:
    problem = trail_problem(bad, 4)
    assert problem is not None and says in problem


@pytest.mark.clause("R-VIS-1", "R-CL-VIS-1")
@pytest.mark.parametrize(("variant", "players"), [("railroad", 2), ("classic", 4)])
def test_a_state_with_a_malformed_trail_is_refused_by_the_entry_check(variant: str, players: int) -> None:
    state = _with_trail(variant, players, 1)
    bad: Any = (0, 0, "not a move", None)
    broken: AnyState
    if isinstance(state, rc.GameState):
        players_ = list(state.players)
        players_[0] = attrs.evolve(players_[0], known_bits=bad)
        broken = attrs.evolve(state, players=tuple(players_))
    else:
        broken = attrs.evolve(state, known_bits=bad)
    with pytest.raises(rc.InvariantError, match="VIS-1"):
        rc.apply(broken, rc.legal_moves(state)[0])
