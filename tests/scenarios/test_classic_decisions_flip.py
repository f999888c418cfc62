"""Every classic decision is pinned down by a scenario check that fails under the option's other value.

For each R-CL-DEC clause, the classic scenario files naming it are run as they are and again with the
clause's option flipped on the command line's layer (``--rules``; entries that pin the option keep their
pin). Some check must pass as written and fail once flipped: a conformance suite that passes under both
readings of a decision does not say which one the engine plays.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from railroad_canasta.scenarios import ScenarioError, load_scenario, run_scenario, scenario_files
from railroad_canasta.scenarios.model import RuleValue
from railroad_canasta.variants.classic.rules import ClassicRules

ROOT = Path(__file__).resolve().parents[2]
CLASSIC = ROOT / "spec" / "scenarios" / "classic"


def _options() -> dict[str, str]:
    text = (ROOT / "spec" / "classic" / "interpretations.md").read_text(encoding="utf-8")
    out: dict[str, str] = {}
    for block in re.split(r"^### ", text, flags=re.M)[1:]:
        head = re.match(r"\[(R-CL-DEC-\d+)\]", block)
        option = re.search(r"^Option: `ClassicRules\.(\w+)`", block, re.M)
        if head and option:
            out[head[1]] = option[1]
    return out


OPTIONS = _options()


def _other(name: str) -> RuleValue:
    value = getattr(ClassicRules(), name)
    if isinstance(value, bool):
        return not value
    return {3: 2, 2: 3}[value]  # six_player_sides, the one option of numbers


def test_every_decision_has_an_option() -> None:
    assert len(OPTIONS) == 7


@pytest.mark.parametrize("clause", sorted(OPTIONS))
def test_a_check_fails_under_the_other_reading(clause: str) -> None:
    option = OPTIONS[clause]
    flipped = ((option, _other(option)),)
    telling: list[str] = []
    for path in scenario_files([CLASSIC]):
        scenario = load_scenario(path)
        if clause not in scenario.clauses:
            continue
        as_written = run_scenario(scenario).results
        try:
            under_other = run_scenario(scenario, flipped).results
        except ScenarioError:
            continue  # the position cannot exist under the other reading: no check tells them apart
        telling += [
            f"{path.name} [{a.expectation}]"
            for a, b in zip(as_written, under_other, strict=True)
            if a.passed and not b.passed
        ]
    assert telling, f"{clause}: no scenario check fails with {option}={_other(option)}"
