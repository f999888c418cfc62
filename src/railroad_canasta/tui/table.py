"""The table in the terminal: a Rich text of a :class:`~railroad_canasta.render.Picture`, cards coloured.

Wild cards are yellow, red 3s red, black 3s white on black; complete melds are green with their canasta
kind, unfinished ones say how many cards they lack; the pile says whether it is frozen or stopped; the
partner's question of the turn (classic "may I go out?") stands under it.
"""

from __future__ import annotations

from rich.text import Text

from railroad_canasta.core.cards import Counts, Kind
from railroad_canasta.render import Picture, SeatPicture
from railroad_canasta.render.text import pile_text

__all__ = ["card_style", "table_text"]


def card_style(kind: Kind) -> str:
    """The Rich style of a card of ``kind``."""
    if kind in (Kind.JOKER, Kind.TWO):
        return "bold black on yellow"
    if kind is Kind.RED_THREE:
        return "bold white on red"
    if kind is Kind.BLACK_THREE:
        return "bold white on black"
    return "bold black on white"


def _cards(out: Text, counts: Counts) -> None:
    for kind in Kind:
        n = counts[kind] if kind < len(counts) else 0
        if n:
            out.append(f" {kind.notation} ", card_style(kind))
            out.append(f"x{n} " if n > 1 else " ")


def _seat(out: Text, seat: SeatPicture, view: Picture, indent: str) -> None:
    """A seat's hand (its cards only if the picture holds them) and, where there are kitties, its kitty."""
    out.append(f"{indent}hand {seat.hand_size}:")
    if seat.hand is not None:
        _cards(out, seat.hand)
    else:
        out.append(" (hidden)")
    out.append("\n")
    if view.kitties and seat.kitty is not None and not seat.kitty_taken:
        out.append(f"{indent}kitty:")
        _cards(out, seat.kitty)
        out.append("\n")


def _mark(seat: SeatPicture, view: Picture) -> str:
    return ("▶ " if seat.seat == view.to_move else "  ") + seat.name


def table_text(view: Picture) -> Text:
    """The table: stock, pile, then each side: its seats (a hand only if the picture holds it), melds, score.

    A side of one seat (every Railroad player) is headed by the seat; partners (classic) by the side,
    then one line a partner.
    """
    out = Text()
    out.append(f"Round {view.round}", "bold")
    out.append(f" · {view.seats[view.to_move].name} to move ({view.phase}) · stock {view.stock_size} · ")
    frozen = view.pile_frozen or view.pile_frozen_for_mover
    out.append(pile_text(view), "bold cyan" if frozen else "bold")
    if view.pile:
        out.append("  ")
        out.append(f" {view.pile[-1].notation} ", card_style(view.pile[-1]))
    out.append("\n")
    if view.question:
        out.append(view.question + "\n", "bold magenta")
    for side in view.sides:
        out.append("\n")
        need = f", {side.need}" if side.need else ""
        standing = f"  score {side.score}{need} · red 3s {side.red_threes}"
        if len(side.seats) == 1:
            seat = side.seats[0]
            out.append(_mark(seat, view), "bold underline")
            kitty = (
                f" · kitty {'taken' if seat.kitty_taken else f'{seat.kitty_size} cards'}"
                if view.kitties
                else ""
            )
            out.append(f"{standing}{kitty}\n")
            _seat(out, seat, view, "   ")
        else:
            out.append(side.name, "bold underline")
            out.append(f"{standing} · canastas {side.canastas}\n")
            for seat in side.seats:
                out.append(f" {_mark(seat, view)}", "bold")
                _seat(out, seat, view, "  ")
        for meld in side.melds:
            out.append("   ")
            for kind in meld.cards:
                out.append(f"{kind.notation}", card_style(kind))
                out.append(" ")
            out.append(meld.label, "bold green" if meld.complete else "dim")
            out.append("\n")
    return out
