"""``sample_state`` checks its input (issue 23, item 5): the view's entry check, a typed error for a bad
view or for an rng that is not a :class:`random.Random`, and samples that are checked, not trusted, when
they come back into a public function.
"""

from __future__ import annotations

import random

import attrs
import pytest

import railroad_canasta as rc
from railroad_canasta.core.frozen import is_stamped
from railroad_canasta.variants.classic.views import ClassicViewError


def _views() -> list[rc.PlayerView | rc.ClassicView]:
    railroad = rc.apply(rc.new_game(rc.Rules(players=2), seed=7), "draw")
    classic = rc.new_game(rc.ClassicRules(), seed=3)
    return [rc.view(railroad, railroad.to_move), rc.view(classic, classic.to_move)]


@pytest.mark.parametrize("rng", [42, None, "seed", random])
@pytest.mark.parametrize("index", [0, 1])
def test_an_rng_that_is_not_a_random_is_refused(index: int, rng: object) -> None:
    with pytest.raises(TypeError, match=r"random\.Random"):
        rc.sample_state(_views()[index], rng)  # type: ignore[call-overload]


@pytest.mark.parametrize("change", [{"to_move": 7}, {"dealer": -1}, {"viewer": 5}, {"to_move": -1}])
@pytest.mark.parametrize("index", [0, 1])
def test_a_view_the_engine_cannot_act_on_is_refused_by_the_entry_check(
    index: int, change: dict[str, int]
) -> None:
    bad = attrs.evolve(_views()[index], **change)  # type: ignore[arg-type]
    with pytest.raises(rc.InvariantError, match="must be a seat"):
        rc.sample_state(bad, random.Random(1))


@pytest.mark.parametrize("index", [0, 1])
def test_a_view_of_round_zero_is_refused(index: int) -> None:
    bad = attrs.evolve(_views()[index], round=0)
    with pytest.raises((rc.ViewError, ClassicViewError), match="numbered from 1"):
        rc.sample_state(bad, random.Random(1))


@pytest.mark.parametrize("index", [0, 1])
def test_a_sample_is_not_stamped_and_passes_every_invariant(index: int) -> None:
    seen = _views()[index]
    sample = rc.sample_state(seen, random.Random(2))
    assert not is_stamped(sample)
    rc.validate(sample)
    assert rc.view(sample, seen.viewer) == seen
