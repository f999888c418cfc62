"""The known cards of the hands (R-CL-VIS-1) as the invariants check them, for a state and for a view.

The transitions keep them (:mod:`~railroad_canasta.core.known`); these checks say a record of them is one
the table can show: one entry a seat (or none at all), each a part of its hand, no red 3.
"""

from __future__ import annotations

from railroad_canasta.core.invariants import Problem
from railroad_canasta.core.known import HAND_BITS, ZEROS, folded, known_problem, size_problem, trail_problem
from railroad_canasta.variants.classic.state import ClassicState
from railroad_canasta.variants.classic.views import ClassicView

__all__ = ["state_known", "state_trail", "view_known"]


def state_trail(state: ClassicState) -> Problem | None:
    """The known cards are packed bits or a trail of public moves the engine can fold (R-CL-VIS-1): what the
    entry check asks of a state it did not make (a view or a fold of any other would fail)."""
    problem = trail_problem(state.known_bits, len(state.hands))
    return None if problem is None else Problem("known_bits", problem)


def state_known(state: ClassicState) -> Problem | None:
    """``state.known_bits`` packs a part of each seat's hand (R-CL-VIS-1)."""
    problem = state_trail(state)
    if problem is not None:
        return problem
    bits = folded(state.known_bits)
    if not bits:
        return None
    if bits >= 1 << (HAND_BITS * len(state.hands)):
        return Problem("known_bits", f"must pack {len(ZEROS)} counts a byte each a seat, not {bits!r}")
    for seat, (cards, hand) in enumerate(zip(state.known, state.hands, strict=True)):
        wrong = known_problem(cards, hand)
        if wrong is not None:
            return Problem(f"known[{seat}]", wrong)
    return None


def view_known(v: ClassicView) -> Problem | None:
    """A view's known cards fit the hands (R-CL-VIS-1): the viewer's a part of their hand."""
    if len(v.known) != len(v.hand_sizes):
        return Problem("known", f"must have {len(v.hand_sizes)} entries (one a seat), not {len(v.known)}")
    for seat, cards in enumerate(v.known):
        if len(cards) != len(ZEROS):
            return Problem(f"known[{seat}]", f"has {len(cards)} counts, not one a kind ({len(ZEROS)})")
        problem = (
            known_problem(cards, v.hand) if seat == v.viewer else size_problem(cards, v.hand_sizes[seat])
        )
        if problem is not None:
            return Problem(f"known[{seat}]", problem)
    return None
