"""A short text of the table that a person can read (what ``str`` of a state or a view prints)."""

from __future__ import annotations

from collections.abc import Sequence

from railroad_canasta.core.cards import Counts, Kind
from railroad_canasta.render.table import MeldPicture, Picture, SeatPicture

__all__ = ["hand_text", "meld_text", "pile_text", "score_table", "seat_text", "table_text"]

_TITLES = {"railroad": "Railroad Canasta", "classic": "Canasta"}


def hand_text(hand: Counts) -> str:
    """A hand grouped by kind with counts, wild cards first: ``JK 2x2 R3 4x3 9 K``."""
    parts = []
    for kind in Kind:
        n = hand[kind] if kind < len(hand) else 0
        if n:
            parts.append(kind.notation + (f"x{n}" if n > 1 else ""))
    return " ".join(parts) or "-"


def meld_text(meld: MeldPicture) -> str:
    """``[9 9 9 JK] 9s 4/7``."""
    return f"[{' '.join(k.notation for k in meld.cards)}] {meld.label}"


def pile_text(view: Picture) -> str:
    """``pile 12, top 9, frozen`` or ``pile empty``."""
    if not view.pile:
        return "pile empty" + (", frozen" if view.pile_frozen else "")
    status = (", frozen" if view.pile_frozen else "") + (", stopped" if view.pile_stopped else "")
    return f"pile {len(view.pile)}, top {view.pile[-1].notation}{status}"


def seat_text(seat: SeatPicture, view: Picture) -> list[str]:
    """The lines of one player: hand, kitty, red 3s, score and requirement; then their melds."""
    mark = "*" if seat.seat == view.to_move else " "
    hand = f"hand {seat.hand_size}" + (f": {hand_text(seat.hand)}" if seat.hand is not None else "")
    if seat.kitty_taken:
        kitty = "kitty taken"
    else:
        kitty = f"kitty {seat.kitty_size}" + (f": {hand_text(seat.kitty)}" if seat.kitty is not None else "")
    need = seat.need
    head = f"{mark}{seat.name}: {hand} | {kitty} | red 3s {seat.red_threes} | score {seat.score}"
    lines = [head + (f", {need}" if need else "")]
    if seat.melds:
        lines.append("    melds: " + "  ".join(meld_text(m) for m in seat.melds))
    return lines


def table_text(view: Picture) -> str:
    """The whole table: a heading line, then each player (``*`` marks the player to move)."""
    title = _TITLES.get(view.variant, view.variant or "Canasta")
    seen = f", seen by {view.seats[view.viewer].name}" if view.viewer is not None else ""
    mover = view.seats[view.to_move].name if view.seats else "-"
    lines = [
        f"{title}, round {view.round}{seen}: {mover} to move ({view.phase}); "
        f"stock {view.stock_size}; {pile_text(view)}"
    ]
    for seat in view.seats:
        lines += seat_text(seat, view)
    return "\n".join(lines)


def score_table(position: object, names: Sequence[str]) -> str:
    """The last round's score table of a state or view: each player's breakdown, round and total.

    Empty while no round has been scored.
    """
    history: Sequence[object] = getattr(position, "history", ())
    if not history:
        return ""
    last = history[-1]
    lines = []
    header = f"{'player':>8} | {'melded':>7} {'bonus':>6} {'red 3':>6} {'out':>4} {'hand':>6} {'kitty':>6} |"
    header += f" {'round':>6} | {'total':>6}"
    lines.append(header)
    lines.append("-" * len(header))
    scores: Sequence[int] = getattr(last, "scores", ())
    for i, b in enumerate(getattr(last, "breakdowns", ())):
        lines.append(
            f"{names[i]:>8} | {b.melded:7d} {b.canasta_bonus:6d} {b.red_threes:6d} {b.going_out:4d} "
            f"{b.hand_penalty:6d} {b.kitty_penalty:6d} | {b.total:6d} | {scores[i]:6d}"
        )
    return "\n".join(lines) + "\n"
