"""A house a reader can walk: each variant stands on a few floors, and the state through ``apply`` does not
keep coming back into modules it has left (``tools/house.py`` measures both; docs/architecture.md says why).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import railroad_canasta as rc
from railroad_canasta.variants import VARIANTS

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import house  # noqa: E402  (tools/house.py: floors and returns of a variant)

#: The most floors a variant's own modules may stand on.
MAX_FLOORS = 8
#: The most returns of the state through ``apply`` over ``house.representative_moves`` (6 seeded games),
#: as measured when the Railroad modules were regrouped (100 before); a change that adds one fails here.
MAX_RETURNS = {"railroad": 44, "classic": 137}


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_variant_stands_on_few_floors(variant: str) -> None:
    levels = house.floors(variant)
    top = max(levels.values())
    chain = " < ".join(
        " · ".join(sorted(m for m, f in levels.items() if f == floor)) for floor in range(1, top + 1)
    )
    assert top <= MAX_FLOORS, f"{variant} stands on {top} floors (at most {MAX_FLOORS}): {chain}"


def test_every_variant_has_a_ceiling_of_returns() -> None:
    assert set(MAX_RETURNS) == set(VARIANTS)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_state_through_apply_does_not_wander(variant: str) -> None:
    total = 0
    prefix = f"railroad_canasta.variants.{variant}."
    for state, move in house.representative_moves(variant, 6):
        rc.legal_moves(state)
        count, _walk = house.returns_of(rc.apply, state, move, prefix)
        total += count
    assert total <= MAX_RETURNS[variant], (
        f"{variant}: {total} returns through apply (at most {MAX_RETURNS[variant]})"
    )
