"""The states built without ``__init__`` (``replace``, :func:`core.frozen.builder`) are the frozen records."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from railroad_canasta.core.frozen import builder
from railroad_canasta.testing.strategies import reachable_states
from railroad_canasta.variants.railroad.state import GameState, PlayerState


@settings(max_examples=40, deadline=None)
@given(reachable_states(max_moves=200), st.data())
def test_replace_builds_what_evolve_builds(state: GameState, data: st.DataObject) -> None:
    """Every field changed by ``replace`` gives the state ``attrs.evolve`` gives; the copy stays frozen."""
    donor = data.draw(reachable_states(max_moves=200))
    name = data.draw(st.sampled_from([f.name for f in attrs.fields(GameState)]))
    changed = state.replace(**{name: getattr(donor, name)})
    assert type(changed) is GameState
    assert changed == attrs.evolve(state, **{name: getattr(donor, name)})
    assert state == attrs.evolve(state)  # the input is unchanged
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        changed.round = 99  # type: ignore[misc]
    seat = data.draw(st.integers(0, len(state.players) - 1))
    player = state.players[seat]
    field = data.draw(st.sampled_from([f.name for f in attrs.fields(PlayerState)]))
    value = getattr(donor.players[seat % len(donor.players)], field)
    assert player.replace(**{field: value}) == attrs.evolve(player, **{field: value})
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        player.replace(score=1).score = 2  # type: ignore[misc]


def test_builder_refuses_what_it_cannot_build() -> None:
    """A weakref slot, a validator or fields split over two classes are refused: the builder would be wrong.

    A class that only adds methods to the class of its fields is built (as ``TableMeld`` over ``Meld``).
    """

    @attrs.frozen
    class Weak:
        x: int

    @attrs.frozen(weakref_slot=False)
    class Checked:
        x: int = attrs.field(validator=attrs.validators.ge(0))

    @attrs.frozen(weakref_slot=False)
    class Base:
        x: int

    @attrs.frozen(weakref_slot=False)
    class Derived(Base):
        pass

    @attrs.frozen(weakref_slot=False)
    class Split(Base):
        y: int

    for cls in (Weak, Checked, Split):
        with pytest.raises(TypeError):
            builder(cls)
    with pytest.raises(TypeError, match="Stamped"):
        builder(Derived, stamp=True)
    built = builder(Derived)(1)
    assert type(built) is Derived and built == Derived(1)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        built.x = 2  # type: ignore[misc]
