"""CrossHair must find the planted counterexample in tests/core/contracts/canary.py (exit 1).

CrossHair exits 0 both when every contract holds and when it could not check anything, so a canary with a
wrong contract proves that the flags used by ``nox -s contracts`` make it check something.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

CANARIES = {
    Path(__file__).parent / "contracts" / "canary.py": "canary_clamp",
    # A rule bug: a meld allowed four wild cards, which the meld rule's contract must refute.
    Path(__file__).parent / "contracts" / "canary_rules.py": "canary_meld_form_problem",
    # A classic rule bug: a meld of two naturals allowed three wild cards.
    Path(__file__).parent / "contracts" / "canary_classic.py": "canary_wild_room",
}
# Same flags as the contracts session in noxfile.py.
FLAGS = ["--analysis_kind=PEP316", "--per_condition_timeout=10", "--per_path_timeout=2"]


@pytest.mark.skipif(importlib.util.find_spec("crosshair") is None, reason="crosshair-tool is not installed")
@pytest.mark.parametrize("canary", sorted(CANARIES), ids=lambda p: p.stem)
def test_crosshair_finds_the_planted_counterexample(canary: Path) -> None:
    """Each canary's wrong post-condition is reported, naming the function, with exit code 1."""
    proc = subprocess.run(
        [sys.executable, "-m", "crosshair", "check", str(canary), *FLAGS],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONHASHSEED": "0"},
        timeout=300,
        check=False,
    )
    output = proc.stdout + proc.stderr
    assert proc.returncode == 1, output
    assert CANARIES[canary] in output, output
