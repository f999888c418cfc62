"""Classic engine consistency (no clause markers: no rule of its own, and the guard ablation, which runs the
tests citing a clause, gains nothing from them): the generator's fast paths against the guard tables over
whole rounds, and the records the hot paths build without ``__init__`` against the frozen classes.
"""

from __future__ import annotations

import random

import attrs
import pytest

from railroad_canasta.core.melds import Meld
from railroad_canasta.core.stock import Stock
from railroad_canasta.io.codec import state_to_json
from railroad_canasta.testing.classic import oracle_legal_moves
from railroad_canasta.variants.classic.legal import legal_by_tables, legal_moves
from railroad_canasta.variants.classic.rules import ClassicRules
from railroad_canasta.variants.classic.state import ClassicState, Side
from railroad_canasta.variants.classic.transitions import apply, new_game


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
