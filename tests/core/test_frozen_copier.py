"""A :func:`core.frozen.copier` builds what ``attrs.evolve`` builds with the same fields changed."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from railroad_canasta.core.frozen import copier, is_stamped
from railroad_canasta.variants.classic.deal import new_game
from railroad_canasta.variants.classic.rules import ClassicRules
from railroad_canasta.variants.classic.state import ClassicState

_NAMES = [f.name for f in attrs.fields(ClassicState)]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 10_000), st.lists(st.sampled_from(_NAMES), unique=True))
def test_copier_is_evolve(seed: int, other: int, changed: list[str]) -> None:
    """Any fields taken from another state give the state ``attrs.evolve`` gives, stamped when asked."""
    state = new_game(ClassicRules(), seed=seed)
    donor = new_game(ClassicRules(players=2), seed=other)
    values = [getattr(donor, name) for name in changed]
    copy = copier(ClassicState, tuple(changed), stamp=True)(state, *values)
    assert type(copy) is ClassicState
    assert copy == attrs.evolve(state, **dict(zip(changed, values, strict=True)))
    assert is_stamped(copy)
    assert not is_stamped(copier(ClassicState, tuple(changed))(state, *values))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        copy.round = 99  # type: ignore[misc]


def test_copier_refuses_unknown_or_repeated_fields() -> None:
    """A name that is no field, or a field named twice, is refused when the copier is made."""
    with pytest.raises(TypeError, match="distinct fields"):
        copier(ClassicState, ("phase", "colour"))
    with pytest.raises(TypeError, match="distinct fields"):
        copier(ClassicState, ("phase", "phase"))
