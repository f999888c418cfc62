"""Shared pytest configuration: Hypothesis settings profiles.

Profiles (pick one with ``HYPOTHESIS_PROFILE=NAME``; ``ci`` is the default when ``CI`` is set):

* ``dev``: Hypothesis' defaults (random, uses the local ``.hypothesis/`` example database).
* ``ci``: repeatable: derandomized, no deadline, prints a reproduction blob, and skips the slow
  ``explain`` phase.
* ``soak``: 5000 examples a test, no deadline, for the ``nox -s soak`` session.
* ``crosshair``: the CrossHair backend (only when the hypothesis-crosshair plugin is installed).
"""

from __future__ import annotations

import importlib.util
import os

import pytest
from hypothesis import Phase, settings

settings.register_profile("dev")
settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,
    print_blob=True,
    max_examples=100,
    phases=tuple(p for p in Phase if p is not Phase.explain),
)
settings.register_profile("soak", max_examples=5000, deadline=None, print_blob=True)
if importlib.util.find_spec("hypothesis_crosshair_provider") is not None:
    settings.register_profile("crosshair", backend="crosshair", deadline=None, max_examples=200)

settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev"))


def pytest_terminal_summary(
    terminalreporter: pytest.TerminalReporter, exitstatus: int, config: object
) -> None:
    """Say how many games and moves the state machine played (the soak session's figures)."""
    from railroad_canasta.testing.stateful import GameMachine

    if GameMachine.games_started:
        write = terminalreporter.write_line
        write(
            f"state machine: {GameMachine.games_started} games dealt, "
            f"{GameMachine.moves_applied} moves applied (profile {settings().max_examples} examples a test)"
        )
