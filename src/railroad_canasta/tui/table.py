"""The table in the terminal: a Rich text of a :class:`~railroad_canasta.render.Picture`, cards coloured.

Wild cards are yellow, red 3s red, black 3s white on black; complete melds are green with their canasta
kind, unfinished ones say how many cards they lack; the pile says whether it is frozen or stopped.
"""

from __future__ import annotations

from rich.text import Text

from railroad_canasta.core.cards import Counts, Kind
from railroad_canasta.render import Picture
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


def table_text(view: Picture) -> Text:
    """The table: stock, pile, then each player (their hand only if the picture holds it), melds, score."""
    out = Text()
    out.append(f"Round {view.round}", "bold")
    out.append(f" · {view.seats[view.to_move].name} to move ({view.phase}) · stock {view.stock_size} · ")
    out.append(pile_text(view), "bold cyan" if view.pile_frozen else "bold")
    if view.pile:
        out.append("  ")
        out.append(f" {view.pile[-1].notation} ", card_style(view.pile[-1]))
    out.append("\n")
    for seat in view.seats:
        out.append("\n")
        out.append(("▶ " if seat.seat == view.to_move else "  ") + seat.name, "bold underline")
        need = seat.need
        out.append(f"  score {seat.score}" + (f", {need}" if need else "") + f" · red 3s {seat.red_threes}")
        kitty = "taken" if seat.kitty_taken else f"{seat.kitty_size} cards"
        out.append(f" · kitty {kitty}\n")
        out.append(f"   hand {seat.hand_size}:")
        if seat.hand is not None:
            _cards(out, seat.hand)
        else:
            out.append(" (hidden)")
        out.append("\n")
        if seat.kitty is not None and not seat.kitty_taken:
            out.append("   kitty:")
            _cards(out, seat.kitty)
            out.append("\n")
        for meld in seat.melds:
            out.append("   ")
            for kind in meld.cards:
                out.append(f"{kind.notation}", card_style(kind))
                out.append(" ")
            out.append(meld.label, "bold green" if meld.complete else "dim")
            out.append("\n")
    return out
