"""The shipped state machine, run over random rules and 2 to 8 players."""

from __future__ import annotations

import pytest
from hypothesis import settings

from railroad_canasta.testing.stateful import GameMachine

pytestmark = pytest.mark.clause(
    "R-TRN-2", "R-HND-1", "R-MLD-2", "R-MLD-3", "R-MLD-4", "R-SCO-6", "R-CRD-1", "R-REQ-4"
)

# 40 games in CI; the soak profile's own (larger) count otherwise.
_EXAMPLES = 40 if settings().max_examples <= 100 else settings().max_examples
GameMachine.TestCase.settings = settings(
    GameMachine.TestCase.settings, max_examples=_EXAMPLES, stateful_step_count=150, deadline=None
)


class TestStatefulGame(GameMachine.TestCase):  # type: ignore[misc,valid-type]
    """Random legal play keeps every invariant: cards add up, melds valid, no dead end, scores add up."""
