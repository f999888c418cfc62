"""A short text of the table that a person can read (what ``str`` of a state or a view prints)."""

from __future__ import annotations

from collections.abc import Sequence

from railroad_canasta.core.cards import Counts, Kind
from railroad_canasta.render.table import MeldPicture, Picture, SeatPicture, SidePicture, picture

__all__ = ["hand_text", "meld_text", "pile_text", "score_table", "side_text", "table_text"]

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
    mover = f", frozen for {view.seats[view.to_move].name}" if view.pile_frozen_for_mover else ""
    if not view.pile:
        return "pile empty" + (", frozen" if view.pile_frozen else "") + mover
    status = (", frozen" if view.pile_frozen else "") + (", stopped" if view.pile_stopped else "")
    return f"pile {len(view.pile)}, top {view.pile[-1].notation}{status}{mover}"


def _seat_text(seat: SeatPicture, view: Picture) -> str:
    """``hand 11: JK 4x2 ... | kitty 13``: a seat's hand (its cards if the picture holds them) and kitty."""
    hand = f"hand {seat.hand_size}" + (f": {hand_text(seat.hand)}" if seat.hand is not None else "")
    if not view.kitties:
        return hand
    if seat.kitty_taken:
        return f"{hand} | kitty taken"
    return f"{hand} | kitty {seat.kitty_size}" + (
        f": {hand_text(seat.kitty)}" if seat.kitty is not None else ""
    )


def _mark(seat: SeatPicture, view: Picture) -> str:
    return "*" if seat.seat == view.to_move else " "


def side_text(side: SidePicture, view: Picture) -> list[str]:
    """The lines of one side: its red 3s, score and requirement, each seat's hand; then the melds.

    A side of one seat (every Railroad player) is one line: the seat's hand and the side's standing.
    """
    need = f", {side.need}" if side.need else ""
    standing = f"red 3s {side.red_threes} | score {side.score}{need}"
    if len(side.seats) == 1:
        seat = side.seats[0]
        lines = [f"{_mark(seat, view)}{seat.name}: {_seat_text(seat, view)} | {standing}"]
    else:
        lines = [f" {side.name}: {standing} | canastas {side.canastas}"]
        lines += [f"  {_mark(seat, view)}{seat.name}: {_seat_text(seat, view)}" for seat in side.seats]
    if side.melds:
        lines.append("    melds: " + "  ".join(meld_text(m) for m in side.melds))
    return lines


def table_text(view: Picture) -> str:
    """The whole table: a heading line, then each side (``*`` marks the player to move)."""
    title = _TITLES.get(view.variant, view.variant or "Canasta")
    seen = f", seen by {view.seats[view.viewer].name}" if view.viewer is not None else ""
    mover = view.seats[view.to_move].name if view.sides else "-"
    lines = [
        f"{title}, round {view.round}{seen}: {mover} to move ({view.phase}); "
        f"stock {view.stock_size}; {pile_text(view)}"
    ]
    if view.question:
        lines.append(view.question)
    for side in view.sides:
        lines += side_text(side, view)
    return "\n".join(lines)


_WIDTHS = {"melded": 7, "bonus": 6, "red 3": 6, "out": 4, "hand": 6, "kitty": 6}


def score_table(position: object, names: Sequence[str]) -> str:
    """The last round's score table of a state or view: each side's breakdown, round and total.

    Empty while no round has been scored.
    """
    view = picture(position, names)
    last = view.last_round
    if last is None:
        return ""
    who = "player" if all(len(side.seats) == 1 for side in view.sides) else "side"
    width = max(8, *(len(side.name) for side in view.sides))
    header = f"{who:>{width}} | " + " ".join(f"{c:>{_WIDTHS.get(c, 6)}}" for c in last.columns)
    header += f" | {'round':>6} | {'total':>6}"
    lines = [header, "-" * len(header)]
    for side, row, total, score in zip(view.sides, last.rows, last.totals, last.scores, strict=True):
        parts = " ".join(f"{n:{_WIDTHS.get(c, 6)}d}" for c, n in zip(last.columns, row, strict=True))
        lines.append(f"{side.name:>{width}} | {parts} | {total:6d} | {score:6d}")
    return "\n".join(lines) + "\n"
