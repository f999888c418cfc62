"""The conformance harness over every variant and every player count its metadata allows."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from railroad_canasta.core.variant import Variant
from railroad_canasta.testing.conformance import (
    ConformanceError,
    check_generator,
    check_metadata,
    check_variant,
    random_rules,
)
from railroad_canasta.variants import VARIANTS
from railroad_canasta.variants.classic.state import ClassicState
from railroad_canasta.variants.classic.variant import CLASSIC_VARIANT, ClassicVariant
from railroad_canasta.variants.classic.views import ClassicView


def _variant(name: str) -> Variant[Any, Any, Any]:
    found: Variant[Any, Any, Any] = VARIANTS[name]
    return found


_CASES = [
    (name, players)
    for name, variant in sorted(VARIANTS.items())
    for players in variant.metadata.allowed_players
]


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_metadata_holds(name: str) -> None:
    """The player range and the sides of the metadata are what the rules do."""
    check_metadata(_variant(name))


@pytest.mark.clause("R-DEC-14")
@pytest.mark.parametrize(("name", "players"), _CASES)
def test_seeded_games_conform(name: str, players: int) -> None:
    """Two seeded games per player count keep every promise of the variant, decision by decision."""
    for seed in (1, 2):
        report = check_variant(_variant(name), players=players, seed=seed, max_rounds=1)
        assert report.rounds == 1 and report.decisions > 0


@pytest.mark.parametrize(("name", "players"), _CASES)
def test_the_generator_is_its_tables_under_random_options(name: str, players: int) -> None:
    """Under random options, ``legal_moves`` lists what ``legal_by_tables`` lists, and ``apply`` refuses a
    move outside them under the clause ``why_illegal`` names."""
    variant = _variant(name)
    rng = random.Random(players * 7919 + len(name))
    rules = random_rules(variant, players, rng)
    assert check_generator(variant, rules, seed=rng.randrange(1 << 30)) > 0


def test_the_generator_check_fails_a_generator_that_leaves_a_move_out() -> None:
    """A generator that drops its last move is caught."""
    real = VARIANTS["railroad"]

    class Short(type(real)):  # type: ignore[misc]
        __slots__ = ()

        def legal_moves(self, position: Any) -> tuple[object, ...]:
            moves = tuple(real.legal_moves(position))
            return moves[:-1] if len(moves) > 1 else moves

    with pytest.raises(ConformanceError, match="legal_by_tables differ"):
        check_generator(Short(), real.rules_for(2, max_rounds=1), seed=3)


def test_the_harness_fails_a_broken_variant() -> None:
    """A variant whose bound is too small is caught: the harness can fail."""
    real = VARIANTS["railroad"]

    class Tight(type(real)):  # type: ignore[misc]
        __slots__ = ()

        def max_decisions_per_round(self, rules: object) -> int:
            return 3

    with pytest.raises(ConformanceError, match="over the bound"):
        check_variant(Tight(), players=2, seed=1, max_rounds=1)


def test_the_harness_fails_a_generator_that_lists_copies() -> None:
    """A generator that lists equal copies of the vocabulary's moves (the adapters' identity lookups would
    miss them all) is caught."""
    real = VARIANTS["railroad"]

    class Copying(type(real)):  # type: ignore[misc]
        __slots__ = ()

        def legal_moves(self, position: Any) -> tuple[object, ...]:
            return tuple(copy.copy(move) for move in real.legal_moves(position))

    with pytest.raises(ConformanceError, match="listed as a copy of the vocabulary's move"):
        check_variant(Copying(), players=2, seed=1, max_rounds=1)


def test_the_harness_fails_a_sampler_that_shows_another_view() -> None:
    """A sampler that swaps two hands is caught: the sampled state must show the view it came from."""

    class Swapping(ClassicVariant):
        __slots__ = ()

        def sample_state(self, seen: ClassicView, rng: random.Random) -> ClassicState:
            sample = CLASSIC_VARIANT.sample_state(seen, rng)
            return sample.replace(hands=(sample.hands[1], sample.hands[0], *sample.hands[2:]))

    with pytest.raises(ConformanceError, match="sampled from seat 0's view shows another"):
        check_variant(Swapping(), players=4, seed=1, max_rounds=1)
