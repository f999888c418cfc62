"""The known cards of the hands (R-VIS-1) as the invariants check them, for a state and for a view.

The transitions keep them (:mod:`~railroad_canasta.core.known`); these checks say a record of them is one
the table can show: a part of the hand, no red 3, never more than a hidden hand holds.
"""

from __future__ import annotations

from railroad_canasta.core.invariants import Problem
from railroad_canasta.core.known import HAND_BITS, ZEROS, folded, known_problem, size_problem, trail_problem
from railroad_canasta.variants.railroad.state import GameState
from railroad_canasta.variants.railroad.views import PlayerView

__all__ = ["state_known", "state_trail", "view_known"]


def state_trail(state: GameState) -> Problem | None:
    """Each hand's known cards are packed bits or a trail of public moves the engine can fold (R-VIS-1):
    what the entry check asks of a state it did not make (a view or a fold of any other would fail)."""
    for seat, p in enumerate(state.players):
        problem = trail_problem(p.known_bits, 1)
        if problem is not None:
            return Problem(f"players[{seat}].known_bits", problem)
    return None


def state_known(state: GameState) -> Problem | None:
    """The known cards of each hand of ``state`` are a part of that hand (R-VIS-1)."""
    problem = state_trail(state)
    if problem is not None:
        return problem
    for seat, p in enumerate(state.players):
        bits = folded(p.known_bits)
        if bits:
            path = f"players[{seat}].known_bits"
            if bits >= 1 << HAND_BITS:
                return Problem(path, f"must pack {len(ZEROS)} counts a byte each, not {bits!r}")
            wrong = known_problem(p.known, p.hand)
            if wrong is not None:
                return Problem(path, wrong)
    return None


def view_known(v: PlayerView) -> Problem | None:
    """The known cards a view shows fit the hands (R-VIS-1): the viewer's a part of their hand."""
    for seat, p in enumerate(v.players):
        path = f"players[{seat}].known"
        if len(p.known) != len(ZEROS):
            return Problem(path, f"has {len(p.known)} counts, not one a kind ({len(ZEROS)})")
        problem = known_problem(p.known, v.hand) if seat == v.viewer else size_problem(p.known, p.hand_size)
        if problem is not None:
            return Problem(path, problem)
    return None
