"""The docs pages of the action spaces, observations and simulation: generated tables match, examples run."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from docs_examples import DOCS, run_page


def _tables() -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "tools" / "interop_tables.py"
    spec = importlib.util.spec_from_file_location("interop_tables", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_pages_print_the_code_s_tables() -> None:
    """docs/actions.md and docs/observation.md are what tools/interop_tables.py writes from the code."""
    tables = _tables()
    assert (DOCS / "actions.md").read_text(encoding="utf-8") == tables.actions_page()
    assert (DOCS / "observation.md").read_text(encoding="utf-8") == tables.observation_page()


@pytest.mark.parametrize("page", ["actions.md", "observation.md", "simulation.md", "scenarios.md"])
def test_the_examples_of_the_page_run(page: str) -> None:
    """Every example of the page gives the output it shows."""
    failed, attempted = run_page(page)
    assert attempted > 0 and failed == 0
