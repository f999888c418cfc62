"""The observation vectors read the meld segments from a memo kept by the identity of the meld tuples
(``_SEGMENTS`` of each variant's ``observation``): a vector read through the memo equals the vector built
afresh, for every seat of every state of random games of both variants, and a cleared memo forgets."""

from __future__ import annotations

import random
from types import ModuleType

import pytest

import railroad_canasta as rc
from railroad_canasta.core.restatements import IdentityMemo
from railroad_canasta.variants.classic import observation as classic_observation
from railroad_canasta.variants.railroad import observation as railroad_observation


@pytest.mark.parametrize(
    ("rules", "module"),
    [(rc.Rules(players=3), railroad_observation), (rc.ClassicRules(players=4), classic_observation)],
    ids=["railroad", "classic"],
)
def test_vectors_through_the_memo_equal_vectors_built_afresh(
    rules: rc.Rules | rc.ClassicRules, module: ModuleType
) -> None:
    rng = random.Random(5)
    compared = hits = 0
    for game in range(4):
        state: rc.GameState | rc.ClassicState = rc.new_game(rules, seed=game)
        while not state.is_over:
            for seat in range(rules.players):
                seen = rc.view(state, seat)
                size = len(module._SEGMENTS)
                remembered = module.observe(seen)
                hits += len(module._SEGMENTS) == size
                module._SEGMENTS.clear()
                assert module.observe(seen) == remembered
                compared += 1
            moves = rc.legal_moves(state)
            state = rc.apply(state, moves[rng.randrange(len(moves))])
    assert compared > 1000 and hits > compared // 2, (compared, hits)


def test_the_memo_answers_by_identity_and_forgets_when_full() -> None:
    memo: IdentityMemo[tuple[int, ...], int] = IdentityMemo(most=2)
    first, equal = (1, 2), tuple([1, 2])
    assert memo.get(first, sum) == 3 and memo.get(first, len) == 3  # remembered
    assert memo.get(equal, len) == 2  # an equal tuple of another identity is computed
    assert memo.get((9,), len) == 1 and len(memo) == 1  # the third entry forgot the first two
    memo.clear()
    assert len(memo) == 0 and memo.get(first, len) == 2
