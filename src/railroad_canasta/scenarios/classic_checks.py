"""The engine's values for the state checks of a classic scenario, in canonical text.

Player keys (``hand``, ``melds``, ``red_threes``, ``opened``, ``score``) name a seat; what a side
shares (melds, red 3s, opening, score) is read from the seat's side (R-CL-PLY-1).
"""

from __future__ import annotations

from collections.abc import Callable

from railroad_canasta.core.cards import Kind, format_kinds
from railroad_canasta.scenarios.model import canon_bool, canon_counts, canon_ints
from railroad_canasta.variants.classic.state import ClassicState

__all__ = ["classic_actual"]


def _cards_in_play(state: ClassicState) -> int:
    """Every card the state holds: hands, melds, red 3s, the pile, the stock and cards held aside."""
    melded = sum(m.size for side in state.sides for m in side.melds)
    reds = sum(side.red_threes for side in state.sides)
    aside = sum(state.pending) if state.pending is not None else 0
    return sum(map(sum, state.hands)) + melded + reds + len(state.pile) + len(state.stock) + aside


def classic_actual(state: ClassicState, key: str, seat: int) -> str:
    """The engine's value for the check ``key`` about ``seat``."""
    side_index = state.side_of(seat)
    side = state.sides[side_index]
    hand = state.hands[seat]
    if seat == state.to_move and state.pending is not None:
        hand = tuple(a + b for a, b in zip(hand, state.pending, strict=True))
    simple: dict[str, Callable[[], str]] = {
        "hand": lambda: canon_counts(hand),
        "hand_size": lambda: str(sum(hand)),
        "known": lambda: canon_counts(state.known[seat]),
        "melds": lambda: " | ".join(sorted(str(m) for m in side.melds)) or "(none)",
        "red_threes": lambda: str(side.red_threes),
        "canastas": lambda: str(side.canastas),
        "opened": lambda: canon_bool(side.opened),
        "phase": lambda: state.phase.value,
        "to_move": lambda: str(state.to_move),
        "dealer": lambda: str(state.dealer),
        "round": lambda: str(state.round),
        "pile": lambda: format_kinds(state.pile) or "(empty)",
        "pile_size": lambda: str(len(state.pile)),
        "pile_top": lambda: str(state.top) if state.top is not None else "none",
        "pile_frozen": lambda: canon_bool(state.pile_frozen),
        "pile_stopped": lambda: canon_bool(
            state.top is not None and (state.top.is_wild or state.top is Kind.BLACK_THREE)
        ),
        "stock": lambda: str(len(state.stock)),
        "scores": lambda: canon_ints(state.scores),
        # the deal (R-CL-MAT-1, R-CL-VAR-1): every card of the state, and each hand's size
        "pack_size": lambda: str(_cards_in_play(state)),
        "hand_sizes": lambda: canon_ints([sum(h) for h in state.hands]),
    }
    if key in simple:
        return simple[key]()
    if key in ("winners", "truncated"):
        if state.result is None:
            return "the game is not over"
        return canon_ints(state.result.winners) if key == "winners" else canon_bool(state.result.truncated)
    if key in ("kitty", "kitty_size", "may_look"):
        return f"{key} is not a check of classic Canasta"
    last = state.history[-1] if state.history else None
    if last is None:
        return "no round has ended"
    if key == "round_end":
        return last.end
    if key == "went_out":
        return "nobody" if last.went_out is None else str(last.went_out)
    b = last.breakdowns[side_index]
    values = {
        "melded": b.melded,
        "canasta_bonus": b.canasta_bonus,
        "red_threes": b.red_threes,
        "going_out": b.going_out,
        "hand_penalty": b.hand_penalty,
        "kitty_penalty": 0,
        "total": b.total,
    }
    return ", ".join(f"{name} {value}" for name, value in values.items())
