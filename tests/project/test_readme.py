"""The README's test command is exactly what CI runs (.ci/run)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def readme_commands() -> list[str]:
    """The one-line commands in the README's fenced code blocks."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```[^\n]*\n(.*?)^```", text, flags=re.MULTILINE | re.DOTALL)
    return [line.strip() for block in blocks for line in block.splitlines() if line.strip()]


def test_ci_runs_the_readme_test_command() -> None:
    """.ci/run contains, as a whole line, the README command that installs and runs nox."""
    tests = [c for c in readme_commands() if c.startswith("python3 -m venv") and "bin/nox" in c]
    assert len(tests) == 1, tests
    ci_lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert tests[0] in ci_lines


def test_readme_main_job_runs_the_demo() -> None:
    """The README's main-job command installs the package and runs the demo."""
    mains = [c for c in readme_commands() if "railroad-canasta demo" in c]
    assert len(mains) == 1, mains
