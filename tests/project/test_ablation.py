"""Tests of the guard ablation (tools/ablate.py, tools/ablation.py) and of declared restatements (tooling:
no clause, but for the reproducer of issue 21, which cites R-PIL-1)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from builders import make_state
from railroad_canasta import AddToMeld, Kind, Move, apply, legal_moves, why_illegal
from railroad_canasta.core.restatements import Restatement
from railroad_canasta.variants import VARIANTS
from railroad_canasta.variants.railroad import legal as railroad_legal

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
from ablation import (  # noqa: E402  (tools/ablation.py)
    ablated,
    ablation_rows,
    find_row,
    generator_disagreements,
)


def _load_ablate() -> ModuleType:
    spec = importlib.util.spec_from_file_location("railroad_ablate", ROOT / "tools" / "ablate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


ablate = _load_ablate()


def test_every_variant_has_rows_and_switches() -> None:
    """Every registered variant's tables give rows, each row once, and its switches know its tables."""
    rows = ablation_rows()
    assert all(variant.switches.tables is variant.tables for variant in VARIANTS.values())
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


@pytest.mark.clause("R-PIL-1")
def test_the_seven_row_switched_off_is_off_for_the_generator_and_apply_too() -> None:
    """Issue 21's reproducer: with only R-PIL-1 off, ``why_illegal``, ``legal_moves`` and ``apply`` agree
    that a 7 may be discarded; with it on, all three refuse it under R-PIL-1."""
    state = make_state(hands=["7 7 5 9 K", "6 6"], opened=[True, False])
    seven = Move.from_text("discard 7")
    problem = why_illegal(state, seven)
    assert problem is not None and problem.clause == "R-PIL-1" and seven not in legal_moves(state)
    row = find_row("railroad:discard:" + str(_index_of("railroad", "discard", "R-PIL-1")))
    with ablated(row):
        assert why_illegal(state, seven) is None
        assert seven in legal_moves(state)
        assert apply(state, seven).pile[-1] == Kind.SEVEN
    assert seven not in legal_moves(state)
    with pytest.raises(ValueError, match="R-PIL-1"):
        apply(state, seven)


def _index_of(variant: str, table: str, clause: str) -> int:
    return next(i for i, g in enumerate(VARIANTS[variant].tables[table]) if g.clause == clause)


def test_every_row_switched_off_leaves_the_generator_the_tables_on_a_sample() -> None:
    """For a few rows of each variant: under the ablation ``legal_moves`` still lists what the tables accept
    (the nox ``ablation`` session does it for every row over more positions)."""
    import ablation

    for key in (
        "railroad:discard:" + str(_index_of("railroad", "discard", "R-PIL-1")),
        "railroad:take-pile:4",
    ):
        positions = ablation.sample_positions("railroad", games=1, every=6)
        assert generator_disagreements(find_row(key), positions) == []


def test_a_planted_undeclared_restatement_makes_the_generator_check_fail(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The meld phase's fast path restates R-PIL-1; planted without its declaration (a switch no clause
    reaches), it keeps refusing 7s under the ablation of R-PIL-1 and the check names the positions."""
    import ablation

    every = ablation.sample_positions("railroad", games=1, every=1)
    positions = [s for s in every if s.phase.value == "meld" and s.mover_hand[Kind.SEVEN]]
    positions = [s for s in positions if not s.sevens_discardable()][:12]
    assert positions
    row = find_row("railroad:discard:" + str(_index_of("railroad", "discard", "R-PIL-1")))
    assert generator_disagreements(row, positions) == []
    monkeypatch.setattr(railroad_legal, "MELD_FAST", Restatement("planted", (), ()))
    found = generator_disagreements(row, positions)
    assert found and "discard 7" in found[0]
