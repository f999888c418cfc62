"""Tests of the guard ablation (tools/ablate.py, railroad_canasta.testing.ablation) (tooling: no clause)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from builders import make_state
from railroad_canasta import AddToMeld, Kind, legal_moves, why_illegal
from railroad_canasta.testing.ablation import HOOKS, ablated, ablation_rows, find_row
from railroad_canasta.variants import VARIANTS

ROOT = Path(__file__).resolve().parents[2]


def _load_ablate() -> ModuleType:
    spec = importlib.util.spec_from_file_location("railroad_ablate", ROOT / "tools" / "ablate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


ablate = _load_ablate()


def test_every_variant_has_rows_and_a_generator_hook() -> None:
    """Every registered variant's tables give rows, each row once, and the variant can be ablated."""
    rows = ablation_rows()
    assert set(VARIANTS) <= set(HOOKS)
    assert {r.variant for r in rows} == set(VARIANTS)
    assert len(rows) == len({r.key for r in rows})
    for name, variant in VARIANTS.items():
        own = [r for r in rows if r.variant == name]
        assert len({id(r.guard) for r in own}) == len(own)
        assert {id(g) for t in variant.tables.values() for g in t} == {id(r.guard) for r in own}


def test_an_ablated_row_is_off_for_why_illegal_and_the_generator_then_back_on() -> None:
    """With R-MLD-4's wild limit off, a fourth wild card is legal and listed; afterwards it is refused."""
    state = make_state(hands=["JK 4 5 6", "6 6"], melds={0: ["9 9 JK 2 2"]})
    move = AddToMeld(Kind.NINE, Kind.JOKER)
    assert why_illegal(state, move) is not None and move not in legal_moves(state)
    row = next(r for r in ablation_rows() if r.clause == "R-MLD-4" and "at most 3 wild" in r.rule)
    with ablated(row):
        assert why_illegal(state, move) is None
        assert move in legal_moves(state)
    assert why_illegal(state, move) is not None and move not in legal_moves(state)


def test_a_real_row_is_caught_by_the_scenarios() -> None:
    """The black-3 stop (R-PIL-3) switched off makes its scenario fail."""
    scenarios = ablate.load_scenarios()
    outcome = ablate.ablate_row(find_row("railroad:take-pile:4"), scenarios, False)
    assert outcome.caught and "spec/scenarios/pile/black-three-stops.toml" in outcome.scenarios


def test_a_planted_uncited_guard_makes_the_check_fail(capsys: pytest.CaptureFixture[str]) -> None:
    """A planted row that refuses nothing real and that no test cites is reported, and the run fails."""
    tables = next(iter(VARIANTS.values())).tables
    before = dict(tables)
    try:
        assert ablate.main(["--plant", "--only", ablate.PLANTED_CLAUSE, "--jobs", "1"]) == 1
    finally:
        tables.clear()  # type: ignore[attr-defined]
        tables.update(before)  # type: ignore[attr-defined]
    out, err = capsys.readouterr()
    assert f"{ablate.PLANTED_CLAUSE} | a planted row that refuses nothing real | **NOBODY**" in out
    assert "1 guard rows" in out and "0 caught" in out and "1 uncaught" in out
    assert ablate.PLANTED_CLAUSE in err and not any(
        r.clause == ablate.PLANTED_CLAUSE for r in ablation_rows()
    )


def test_every_decision_option_is_flippable() -> None:
    """The spec names an option for every decision, and each two-way option has another reading."""
    options = ablate.decision_options()
    assert len(options) >= 22 and all("DEC-" in c for c, _ in options)
    assert ablate.alternatives(True) == [False]
    assert ablate.alternatives(3) == []
