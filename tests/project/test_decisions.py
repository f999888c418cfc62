"""Every decision of the spec (R-DEC-n, R-CL-DEC-n) has its four parts, each a line of its own.

A decision reads as Open point / Default reading / Alternative reading / Option, each part a line
starting with its label (the docs print each part as its own paragraph, the label in bold).
"""

from __future__ import annotations

import re
from pathlib import Path

SPEC = Path(__file__).resolve().parents[2] / "spec"
DECISION = re.compile(r"^### \[(R-(?:CL-)?DEC-\d+)\][^\n]*\n(.*?)(?=^### |\Z)", re.MULTILINE | re.DOTALL)
PARTS = ("Open point", "Default reading", "Alternative reading", "Option")


def decisions() -> dict[str, str]:
    found: dict[str, str] = {}
    for path in sorted(SPEC.rglob("*.md")):
        found |= {m[1]: m[2] for m in DECISION.finditer(path.read_text(encoding="utf-8"))}
    return found


def test_the_spec_has_decisions_of_both_games() -> None:
    names = decisions()
    assert "R-DEC-1" in names and "R-CL-DEC-1" in names and len(names) >= 20


def test_every_decision_has_its_four_parts_in_order() -> None:
    problems = []
    for clause, text in decisions().items():
        starts = []
        for part in PARTS:
            m = re.search(rf"^{part}\b[^:\n]*:", text, flags=re.MULTILINE)
            if m is None:
                problems.append(f"{clause}: no line starting '{part}'")
            else:
                starts.append(m.start())
        if len(starts) == len(PARTS) and starts != sorted(starts):
            problems.append(f"{clause}: the parts are not in the order {', '.join(PARTS)}")
        option = re.search(r"^Option\b[^:\n]*:(.*)$", text, flags=re.MULTILINE)
        if option is not None and "`" not in option[1]:
            problems.append(f"{clause}: the Option line names no option")
    assert not problems, "\n".join(problems)
