"""What a picture of the table shows, read from a position (a game state or a player's view).

:func:`picture` reads only what every variant's positions expose: ``players`` with their ``melds``,
``red_threes``, ``score``, ``opened``, ``hand_size`` and ``kitty_size``; the ``pile`` and whether it
is ``pile_frozen``; ``stock`` or ``stock_size``; and the hands a position holds (every hand for a game
state, only the viewer's ``hand`` for a view). So a picture of a view never holds what its player may
not know, and the same code draws any variant whose positions have these names.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from railroad_canasta.core.cards import Counts, Kind
from railroad_canasta.core.melds import Meld

__all__ = ["MeldPicture", "Picture", "SeatPicture", "picture"]


@attrs.frozen
class MeldPicture:
    """One meld as drawn: its cards (naturals, then jokers, then 2s), whether complete, its canasta kind."""

    rank: Kind
    cards: tuple[Kind, ...]
    complete: bool
    #: The canasta's kind in words ("red", "black", "wild", "sevens"), or "" while unfinished.
    canasta: str
    #: Cards still missing to a canasta (0 once complete).
    to_go: int

    @property
    def label(self) -> str:
        """``9s 5/7`` or ``Ks red canasta``."""
        name = "wild" if self.rank is Kind.JOKER else f"{self.rank.notation}s"
        if self.complete:
            return f"{name} {self.canasta} canasta".replace("  ", " ")
        return f"{name} {len(self.cards)}/{len(self.cards) + self.to_go}"


@attrs.frozen
class SeatPicture:
    """One player as drawn: their hand (``None`` when the position does not hold it) and their table."""

    seat: int
    name: str
    hand: Counts | None
    hand_size: int
    kitty: Counts | None
    kitty_size: int
    kitty_taken: bool
    melds: tuple[MeldPicture, ...]
    red_threes: int
    score: int
    opened: bool
    #: The points the player's first meld of the round needs, or ``None`` if the rules have none.
    requirement: int | None

    @property
    def need(self) -> str:
        """``opened`` once the requirement is met, else ``needs N`` (empty when the rules have none)."""
        if self.opened:
            return "opened"
        return f"needs {self.requirement}" if self.requirement is not None else ""


@attrs.frozen
class Picture:
    """The whole table as drawn."""

    variant: str
    round: int
    phase: str
    to_move: int
    #: The player who sees the table, or ``None`` for a game state (every hand shown).
    viewer: int | None
    seats: tuple[SeatPicture, ...]
    pile: tuple[Kind, ...]
    pile_frozen: bool
    pile_stopped: bool
    stock_size: int
    #: Cumulative scores after each round played.
    history: tuple[tuple[int, ...], ...]


def _meld(meld: Meld) -> MeldPicture:
    cards = (meld.rank,) * meld.naturals + (Kind.JOKER,) * meld.jokers + (Kind.TWO,) * meld.twos
    if meld.rank is Kind.JOKER:
        cards = (Kind.JOKER,) * (meld.naturals + meld.jokers) + (Kind.TWO,) * meld.twos
    complete = bool(getattr(meld, "is_complete", False))
    kind = getattr(meld, "canasta_kind", None)
    canasta = str(getattr(kind, "name", "")).lower() if complete and kind is not None else ""
    # A black-3 meld is never a canasta (R-MLD-5): nothing "to go".
    to_go = 0 if complete or meld.rank is Kind.BLACK_THREE else max(0, 7 - meld.size)
    return MeldPicture(meld.rank, cards, complete, canasta, to_go)


def _requirement(position: object, score: int) -> int | None:
    rules = getattr(position, "rules", None)
    requirement = getattr(rules, "requirement", None)
    return int(requirement(score)) if callable(requirement) else None


def picture(position: object, names: Sequence[str] | None = None) -> Picture:
    """What a picture of ``position`` shows; ``names`` names the seats (default ``P1``, ``P2``, ...)."""
    players: Sequence[object] = getattr(position, "players", ())
    viewer: int | None = getattr(position, "viewer", None)
    seats = []
    for i, player in enumerate(players):
        if viewer is None:
            hand: Counts | None = getattr(player, "hand", None)
            kitty: Counts | None = getattr(player, "kitty", None)
        else:
            hand = getattr(position, "hand", None) if i == viewer else None
            kitty = getattr(position, "kitty", None) if i == viewer else None
        score = int(getattr(player, "score", 0))
        seats.append(
            SeatPicture(
                seat=i,
                name=names[i] if names is not None else f"P{i + 1}",
                hand=hand,
                hand_size=int(getattr(player, "hand_size", 0)),
                kitty=kitty,
                kitty_size=int(getattr(player, "kitty_size", 0)),
                kitty_taken=bool(getattr(player, "kitty_taken", False)),
                melds=tuple(_meld(m) for m in getattr(player, "melds", ())),
                red_threes=int(getattr(player, "red_threes", 0)),
                score=score,
                opened=bool(getattr(player, "opened", False)),
                requirement=_requirement(position, score),
            )
        )
    stock = getattr(position, "stock", None)
    stock_size = len(stock) if stock is not None else int(getattr(position, "stock_size", 0))
    pile: tuple[Kind, ...] = tuple(getattr(position, "pile", ()))
    phase = getattr(position, "phase", None)
    rules = getattr(position, "rules", None)
    return Picture(
        variant=str(getattr(rules, "variant", "")),
        round=int(getattr(position, "round", 1)),
        phase=str(getattr(phase, "value", phase or "")),
        to_move=int(getattr(position, "to_move", 0)),
        viewer=viewer,
        seats=tuple(seats),
        pile=pile,
        pile_frozen=bool(getattr(position, "pile_frozen", False)),
        pile_stopped=bool(pile) and pile[-1] is Kind.BLACK_THREE,
        stock_size=stock_size,
        history=tuple(tuple(r.scores) for r in getattr(position, "history", ())),
    )
