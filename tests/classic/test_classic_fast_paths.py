"""Classic engine consistency (no clause markers: no rule of its own, and the guard ablation, which runs the
tests citing a clause, gains nothing from them): the generator's fast paths against the guard tables over
whole rounds, and the records the hot paths build without ``__init__`` against the frozen classes.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from railroad_canasta.core.cards import KIND_COUNT, KIND_POINTS, NATURAL_KINDS, Counts, Kind
from railroad_canasta.core.melds import Meld
from railroad_canasta.core.moves import AddToMeld, StartMeld
from railroad_canasta.core.stock import Stock
from railroad_canasta.io.codec import state_to_json
from railroad_canasta.testing.oracle import classic_oracle_legal_moves as oracle_legal_moves
from railroad_canasta.variants.classic.deal import new_game
from railroad_canasta.variants.classic.legal import legal_by_tables, legal_moves
from railroad_canasta.variants.classic.requirement import (
    best_points,
    direct_points,
    plan_parts,
    reach_after_start,
)
from railroad_canasta.variants.classic.rules import ClassicRules
from railroad_canasta.variants.classic.state import ClassicState, Side
from railroad_canasta.variants.classic.steps import candidates_of
from railroad_canasta.variants.classic.transitions import apply


@pytest.mark.parametrize(
    "options",
    [
        {"players": 2},
        {"players": 3},
        {"players": 4},
        {"players": 4, "pair_joins_meld": False},
        {"players": 6, "ask_partner": False},
        {"players": 6, "six_player_sides": 2},
    ],
    ids=lambda options: "-".join(f"{k}={v}" for k, v in options.items()),
)
def test_the_fast_paths_agree_with_the_tables_over_whole_rounds(options: dict[str, object]) -> None:
    """At every state of random rounds, the generator's plain paths list the moves the tables accept, in
    the tables' order; every few states, no move of the vocabulary that the tables accept is missing."""
    rules = ClassicRules(max_rounds=1, **options)  # type: ignore[arg-type]
    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = new_game(rules, seed=seed)
        while not state.is_over:
            moves = legal_moves(state)
            assert tuple(moves) == legal_by_tables(state)
            if checked % 10 == 0:
                assert set(moves) == oracle_legal_moves(state)
            checked += 1
            state = apply(state, moves[rng.randrange(len(moves))])
    assert checked > 300


@pytest.mark.parametrize("players", [2, 4])
def test_the_unopened_fast_path_agrees_with_the_tables_over_many_rounds(players: int) -> None:
    """Where a side not yet opened melds, the generator's plain steps (opening alone, or naturals only while
    the hand reaches) are the moves the tables accept, over many more rounds than the test above."""
    rules = ClassicRules(players=players, max_rounds=1)
    checked = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = new_game(rules, seed=100 + seed)
        while not state.is_over:
            moves = legal_moves(state)
            if state.phase.value == "meld" and not state.mover_side.opened:
                assert tuple(moves) == legal_by_tables(state)
                checked += any(type(m) is not type(moves[-1]) for m in moves)
            state = apply(state, moves[rng.randrange(len(moves))])
    assert checked > 100


@pytest.mark.parametrize("players", [2, 4])
def test_the_opened_fast_path_agrees_with_the_tables_when_few_cards_are_held(players: int) -> None:
    """Where an opened side melds holding under five cards (a step may leave fewer than two, and go out),
    the generator's reading of the floor row lists the moves the tables accept, over many rounds; the
    positions met include steps the tables refuse and steps that go out."""
    rules = ClassicRules(players=players, max_rounds=1)
    checked = refused = going_out = 0
    for seed in range(80):
        rng = random.Random(seed)
        state = new_game(rules, seed=200 + seed)
        while not state.is_over:
            moves = legal_moves(state)
            if state.phase.value == "meld" and state.mover_side.opened and sum(state.mover_hand) < 5:
                assert tuple(moves) == legal_by_tables(state)
                steps = candidates_of(state.mover_hand, state.mover_side.melds)
                checked += 1
                refused += any(m not in moves for m in steps)
                going_out += any(m in moves and sum(state.mover_hand) - _cards(m) < 2 for m in steps)
            state = apply(state, moves[rng.randrange(len(moves))])
    assert checked > 200 and refused > 20 and going_out > 5


def _cards(move: StartMeld | AddToMeld) -> int:
    return move.card_count if isinstance(move, StartMeld) else 1


@st.composite
def hands_and_melds(draw: st.DrawFn) -> tuple[Counts, tuple[Meld, ...]]:
    """A hand of up to 20 cards (no red 3s) and the side's natural melds of other ranks."""
    kinds = [k for k in Kind if k is not Kind.RED_THREE]
    cards = draw(st.lists(st.sampled_from(kinds), max_size=20))
    hand = [0] * KIND_COUNT
    for kind in cards:
        hand[kind] += 1
    melds = []
    for rank in draw(st.lists(st.sampled_from(NATURAL_KINDS), max_size=4, unique=True)):
        wilds = draw(st.integers(0, 1))
        melds.append(Meld(rank, draw(st.integers(2 + wilds, 6)), wilds, 0))
    return tuple(hand), tuple(melds)


@given(hands_and_melds())
def test_a_natural_step_keeps_the_reach_of_a_plan_that_keeps_two_cards(
    position: tuple[Counts, tuple[Meld, ...]],
) -> None:
    """``direct_points``: three naturals started, or one added to its meld, leave a hand that still reaches
    the plan's figure less the step's values (the generator's plain unopened steps rely on it)."""
    hand, melds = position
    direct = direct_points(hand, melds)
    for move in candidates_of(hand, melds):
        after = list(hand)
        if type(move) is StartMeld and move.naturals == 3 and move.rank is not Kind.BLACK_THREE:
            after[move.rank] -= 3
            after_melds = (*melds, Meld(move.rank, 3, 0, 0))
        elif type(move) is AddToMeld and move.card is move.rank:
            after[move.rank] -= 1
            after_melds = tuple(m.added(move.rank) if m.rank is move.rank else m for m in melds)
        else:
            continue
        gained = KIND_POINTS[move.rank] * (3 if type(move) is StartMeld else 1)
        reach = best_points(tuple(after), after_melds) + gained
        if direct is not None:
            assert reach == direct
        if sum(after) >= 2:  # a step that keeps two cards (the floor row refuses the others)
            assert reach <= best_points(hand, melds)


@given(hands_and_melds())
def test_the_reach_after_a_start_from_the_plan_parts_is_best_points(
    position: tuple[Counts, tuple[Meld, ...]],
) -> None:
    """``reach_after_start``: the reach after every natural start, worked out from the parts of the whole
    hand's plan, is ``best_points`` of the hand after it, or ``None`` exactly when that hand's plan keeps
    fewer than two cards (the generator's unopened starts rely on it)."""
    hand, melds = position
    parts = plan_parts(hand, melds)
    for move in candidates_of(hand, melds):
        if type(move) is not StartMeld or move.rank is Kind.BLACK_THREE:
            continue
        after = list(hand)
        after[move.rank] -= move.naturals
        after[Kind.JOKER] -= move.jokers
        after[Kind.TWO] -= move.twos
        after_melds = (*melds, Meld(move.rank, move.naturals, move.jokers, move.twos))
        reach = reach_after_start(hand, parts, move)
        if reach is None:
            assert direct_points(tuple(after), after_melds) is None
        else:
            assert reach == best_points(tuple(after), after_melds)


def test_classic_states_built_without_init_are_the_frozen_records() -> None:
    """The states, sides and melds the hot paths build positionally are the frozen classes, equal to what
    ``attrs.evolve`` (their ``__init__``) builds; ``apply`` never changes its input; assignment fails."""
    rules = ClassicRules(players=4, max_rounds=1)
    rng = random.Random(5)
    state = new_game(rules, seed=5)
    seen_melds = 0
    while not state.is_over:
        moves = legal_moves(state)
        text = state_to_json(state)
        after = apply(state, moves[rng.randrange(len(moves))])
        assert state_to_json(state) == text
        assert type(after) is ClassicState and after == attrs.evolve(after)
        assert isinstance(after.stock, Stock)
        for side in after.sides:
            assert type(side) is Side and side == attrs.evolve(side)
            for meld in side.melds:
                assert type(meld) is Meld and meld == Meld(meld.rank, meld.naturals, meld.jokers, meld.twos)
                seen_melds += 1
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            after.to_move = 0  # type: ignore[misc]
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            after.sides[0].opened = True  # type: ignore[misc]
        state = after
    assert seen_melds > 0
