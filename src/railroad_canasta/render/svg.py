"""The table as an SVG picture: plain text, no dependency.

Cards are drawn by kind: naturals white with their rank, wild cards (jokers and 2s) gold with a star,
red 3s red and black 3s black (each side's red 3s drawn as a card with their count at its row's end).
Each player's hand is grouped by kind with a count (a hidden hand face down, its known cards face up
beside it, ``class='known'``); each meld is a fan of its cards labelled with its
canasta kind or how many cards it lacks; the discard pile shows its top card and whether it is frozen or
stopped. Elements carry ``class`` and ``data-`` attributes (``seat``,
``hand``, ``meld``, ``pile``, ``card``) so that programs and tests can read the picture back.
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from railroad_canasta.core.cards import Counts, Kind
from railroad_canasta.render.table import Picture, SeatPicture, SidePicture
from railroad_canasta.render.text import pile_text

__all__ = ["table_svg"]

CARD_W, CARD_H, GAP = 34, 48, 6
#: How far each card of a meld's fan lies from the one before: wide enough to show a "10" in full.
FAN = 21
WIDTH = 960
_FONT = "font-family='DejaVu Sans, Arial, sans-serif'"
_WILD = (Kind.JOKER, Kind.TWO)


def _card(x: int, y: int, kind: Kind, count: int = 1) -> str:
    """One card (with a count badge when ``count`` > 1)."""
    if kind in _WILD:
        fill, ink, label = "#facc15", "#713f12", ("★" if kind is Kind.JOKER else "2★")
    elif kind is Kind.RED_THREE:
        fill, ink, label = "#dc2626", "#ffffff", "3"
    elif kind is Kind.BLACK_THREE:
        fill, ink, label = "#111827", "#ffffff", "3"
    else:
        fill, ink, label = "#ffffff", "#111827", kind.notation
    parts = [
        f"<g class='card' data-kind={quoteattr(kind.notation)} data-count='{count}'>",
        f"<rect x='{x}' y='{y}' width='{CARD_W}' height='{CARD_H}' rx='4' fill='{fill}' "
        "stroke='#374151' stroke-width='1'/>",
        f"<text x='{x + 2}' y='{y + 13}' font-size='11' font-weight='bold' fill='{ink}' "
        f"{_FONT}>{escape(label)}</text>",
        f"<text x='{x + CARD_W // 2 + 3}' y='{y + 34}' text-anchor='middle' font-size='15' "
        f"font-weight='bold' fill='{ink}' {_FONT}>{escape(label)}</text>",
    ]
    if kind is Kind.JOKER:
        parts.append(
            f"<text x='{x + CARD_W // 2}' y='{y + 43}' text-anchor='middle' font-size='8' fill='{ink}' "
            f"{_FONT}>JOKER</text>"
        )
    if count > 1:
        parts.append(
            f"<circle cx='{x + CARD_W - 3}' cy='{y + 3}' r='9' fill='#2563eb'/>"
            f"<text x='{x + CARD_W - 3}' y='{y + 7}' text-anchor='middle' font-size='11' fill='#ffffff' "
            f"{_FONT}>{count}</text>"
        )
    parts.append("</g>")
    return "".join(parts)


def _back(x: int, y: int, size: int, label: str) -> str:
    """A face-down stack with its size."""
    return (
        f"<rect x='{x}' y='{y}' width='{CARD_W}' height='{CARD_H}' rx='4' fill='#1e3a8a' "
        "stroke='#374151'/>"
        f"<text x='{x + CARD_W // 2}' y='{y + 30}' text-anchor='middle' font-size='13' fill='#ffffff' "
        f"{_FONT}>{size}</text>"
        f"<text x='{x + CARD_W // 2}' y='{y + CARD_H + 13}' text-anchor='middle' font-size='11' "
        f"fill='#111827' {_FONT}>{escape(label)}</text>"
    )


def _text(x: int, y: int, text: str, size: int = 13, weight: str = "normal", cls: str = "") -> str:
    attr = f" class='{cls}'" if cls else ""
    return (
        f"<text{attr} x='{x}' y='{y}' font-size='{size}' font-weight='{weight}' fill='#111827' "
        f"{_FONT}>{escape(text)}</text>"
    )


def _hand(x: int, y: int, hand: Counts) -> tuple[str, int]:
    """A hand grouped by kind; returns the SVG and the x after it."""
    parts = []
    for kind in Kind:
        n = hand[kind] if kind < len(hand) else 0
        if n:
            parts.append(_card(x, y, kind, n))
            x += CARD_W + GAP
    return "".join(parts), x


def _seat_svg(x: int, row: int, seat: SeatPicture, view: Picture, label: str = "hand") -> tuple[str, int]:
    """One seat's hand (its cards, or a face-down stack with its size) and kitty; the x after them."""
    parts = []
    if seat.hand is not None:
        parts.append(f"<g class='hand' data-size='{seat.hand_size}'>")
        if label != "hand":
            parts.append(_text(x, row + CARD_H + 13, label, 11, "bold", "seat-name"))
        svg, x = _hand(x, row, seat.hand)
        parts.append(svg + "</g>")
    else:
        back = _back(x, row, seat.hand_size, label)
        parts.append(f"<g class='hand' data-size='{seat.hand_size}'>{back}</g>")
        x += CARD_W + GAP
        if seat.known is not None:
            # rule: R-VIS-1, R-CL-VIS-1
            svg, after = _hand(x, row, seat.known)
            cards = quoteattr(" ".join(map(str, seat.known)))
            parts.append(
                f"<g class='known' data-known={cards}>{svg}"
                f"{_text(x, row + CARD_H + 13, 'known in hand', 11)}</g>"
            )
            x = after
    if not view.kitties:
        return "".join(parts), x
    kitty = "taken" if seat.kitty_taken else "kitty"
    parts.append(f"<g class='kitty' data-size='{seat.kitty_size}'>")
    if seat.kitty is not None and not seat.kitty_taken:
        svg, x = _hand(x + 12, row, seat.kitty)
        parts.append(svg + _text(x - CARD_W, row + CARD_H + 13, "kitty", 11))
    else:
        parts.append(_back(x + 12, row, seat.kitty_size, kitty))
        x += 12 + CARD_W + GAP
    parts.append("</g>")
    return "".join(parts), x


def _seat_attrs(seat: SeatPicture, shared: str = "") -> str:
    hand_attr = "" if seat.hand is None else f" data-hand={quoteattr(' '.join(map(str, seat.hand)))}"
    return f"class='seat' data-seat='{seat.seat}' data-hand-size='{seat.hand_size}'{shared}{hand_attr}"


def _side(y: int, side: SidePicture, view: Picture) -> tuple[str, int]:
    """One side's band: its heading, each seat's hand, then the side's melds; the SVG and its height.

    A side of one seat (every Railroad player) is one ``seat`` group holding the hand and the melds;
    partners (classic) are a ``side`` group holding one ``seat`` group a partner, then the melds.
    """
    need = f", {side.need}" if side.need else ""
    standing = f"red 3s {side.red_threes}, score {side.score}{need}"
    shared = f" data-red-threes='{side.red_threes}' data-score='{side.score}'"
    row = y + 28
    if len(side.seats) == 1:
        seat = side.seats[0]
        mover = seat.seat == view.to_move
        head = f"{seat.name}{' — to move' if mover else ''}: hand {seat.hand_size}, {standing}"
        hands, _ = _seat_svg(16, row, seat, view)
        parts = [
            f"<g {_seat_attrs(seat, shared)}>",
            _text(16, y + 18, head, 14, "bold" if mover else "normal", "seat-head"),
            hands,
        ]
        close = "</g>"
    else:
        head = f"{side.name}: {standing}, canastas {side.canastas}"
        parts = [
            f"<g class='side' data-side='{side.index}'{shared}>",
            _text(16, y + 18, head, 14, "normal", "side-head"),
        ]
        x = 16
        for seat in side.seats:
            mover = seat.seat == view.to_move
            label = f"{seat.name}{' — to move' if mover else ''}"
            parts.append(f"<g {_seat_attrs(seat)}>")
            svg, x = _seat_svg(x, row, seat, view, label)
            parts.append(svg + "</g>")
            x += 8 * len(label)
        close = "</g>"
    if side.red_threes:  # the side's red 3s, drawn as a card with their count, at the row's right end
        red = _card(WIDTH - 16 - CARD_W, row, Kind.RED_THREE, side.red_threes)
        parts.append(f"<g class='red-threes' data-count='{side.red_threes}'>{red}</g>")
    # Melds wrap onto new rows after the hands.
    mx, my = 16, row + CARD_H + 24
    height = my - y
    for meld in side.melds:
        width = CARD_W + FAN * (len(meld.cards) - 1) + 8
        label_w = 7 * len(meld.label) + 8
        if mx + max(width, label_w) > WIDTH - 16:
            mx, my = 16, my + CARD_H + 28
        parts.append(
            f"<g class='meld' data-rank={quoteattr(meld.rank.notation)} data-size='{len(meld.cards)}' "
            f"data-canasta={quoteattr(meld.canasta)}>"
        )
        if meld.complete:
            parts.append(
                f"<rect x='{mx - 3}' y='{my - 3}' width='{width}' height='{CARD_H + 6}' rx='6' "
                f"fill='none' stroke='#16a34a' stroke-width='2'/>"
            )
        for j, kind in enumerate(meld.cards):
            parts.append(_card(mx + FAN * j, my, kind))
        parts.append(_text(mx, my + CARD_H + 14, meld.label, 11) + "</g>")
        mx += max(width, label_w) + 10
        height = my + CARD_H + 20 - y
    parts.append(close)
    return "".join(parts), height + 8


def table_svg(view: Picture) -> str:
    """The SVG document of a picture of the table."""
    title = {"railroad": "Railroad Canasta", "classic": "Canasta"}.get(view.variant, "Canasta")
    seen = f", seen by {view.seats[view.viewer].name}" if view.viewer is not None else ""
    top = view.pile[-1] if view.pile else None
    body = [
        _text(16, 24, f"{title} — round {view.round} ({view.phase}){seen}", 16, "bold"),
        f"<g class='stock' data-size='{view.stock_size}'>{_back(16, 36, view.stock_size, 'stock')}</g>",
        f"<g class='pile' data-size='{len(view.pile)}' data-top={quoteattr(top.notation if top else '')} "
        f"data-frozen='{str(view.pile_frozen).lower()}' data-stopped='{str(view.pile_stopped).lower()}'>",
    ]
    if top is not None:
        if view.pile_frozen:
            body.append(
                f"<rect x='{16 + CARD_W + 18}' y='32' width='{CARD_W + 8}' height='{CARD_H + 8}' rx='6' "
                "fill='#bfdbfe' stroke='#2563eb' stroke-width='2'/>"
            )
        body.append(_card(16 + CARD_W + 22, 36, top))
    body.append(_text(16 + CARD_W + 18, 36 + CARD_H + 13, f"{pile_text(view)}", 11) + "</g>")
    y = 36 + CARD_H + 24
    if view.question:
        body.append(_text(16 + 2 * CARD_W + 60, 62, view.question, 14, "bold", "question"))
    for side in view.sides:
        svg, h = _side(y, side, view)
        body.append(svg)
        y += h
    return (
        f"<svg xmlns='http://www.w3.org/2000/svg' class='railroad-canasta' width='{WIDTH}' height='{y}' "
        f"viewBox='0 0 {WIDTH} {y}' role='img'><title>{escape(title)} table</title>"
        f"<rect width='100%' height='100%' fill='#ecfdf5'/>" + "".join(body) + "</svg>"
    )
