"""Declared restatements and the variants' memos (tooling of the rules: no clause of its own)."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest

from railroad_canasta import new_game
from railroad_canasta.core.guards import Guard
from railroad_canasta.core.restatements import Switches
from railroad_canasta.core.variant import Variant
from railroad_canasta.variants import VARIANTS
from railroad_canasta.variants.classic import legal as classic_legal
from railroad_canasta.variants.railroad import legal as railroad_legal


def test_switching_a_clause_off_reaches_its_rows_and_every_restatement_holding_it() -> None:
    """A clause off: its row holds, the restatements declaring it (or a part declaring it) are off; back on
    after the block."""
    switches = Switches("demo")
    row: Guard[int] = Guard("X-1", "the number is even", lambda n: None if n % 2 == 0 else "odd")
    switches.tables = {"numbers": (row,)}
    inner = switches.declare("demo.inner", "X-1")
    outer = switches.declare("demo.outer", "X-2", parts=("demo.inner",))
    other = switches.declare("demo.other", "X-2")
    with switches.off("X-1"):
        assert row.check(3) is None
        assert (inner.on, outer.on, other.on) == (False, False, True)
    assert row.check(3) == "odd" and inner.on and outer.on
    assert switches.restated_in("X-1") == ("demo.inner",)
    with pytest.raises(ValueError, match="declared twice"):
        switches.declare("demo.inner", "X-3")


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_restatement_declares_clauses_of_the_spec_and_its_fast_paths_are_on(name: str) -> None:
    """Each variant declares its fast paths, each with at least one clause of its own prefix, all on."""
    switches = VARIANTS[name].switches
    prefix = "R-CL-" if name == "classic" else "R-"
    assert len(switches.restatements) >= 6
    for restatement in switches.restatements.values():
        assert restatement.on and restatement.clauses
        assert all(c.startswith(prefix) for c in restatement.clauses)


def _remembered(module: ModuleType) -> object:
    last: tuple[object, object] = module._LAST
    return last[0]


def test_one_clear_forgets_every_memo_of_a_variant() -> None:
    """``caches.clear()`` forgets the generator's memo of both variants, and lists the memos by name."""
    for name, legal in (("railroad", railroad_legal), ("classic", classic_legal)):
        variant: Variant[Any, Any, Any] = VARIANTS[name]
        state = new_game(variant.rules_for(2), seed=4)
        variant.legal_moves(state)
        assert _remembered(legal) is state
        variant.caches.clear()
        assert _remembered(legal) is None
        assert "game._TRUSTED" in variant.caches.names
    assert {"railroad.legal._LAST", "railroad.requirement._OPENING", "railroad.scoring._FACTS"} <= set(
        VARIANTS["railroad"].caches.names
    )
