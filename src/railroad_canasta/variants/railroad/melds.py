"""Melds on the table and the four kinds of canasta.

A :class:`TableMeld` records what a meld holds by kind (R-CRD-6): its rank, its
natural cards, its jokers and its 2s. A wild meld has rank :attr:`Kind.JOKER`;
the going-out meld of black 3s has rank :attr:`Kind.BLACK_THREE`.

>>> m = TableMeld(Kind.NINE, naturals=5, jokers=1, twos=1)
>>> m.size, m.points, m.canasta_kind
(7, 120, CanastaKind.BLACK)
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable

import attrs

from railroad_canasta.core.cards import Kind
from railroad_canasta.core.frozen import builder
from railroad_canasta.core.melds import Meld
from railroad_canasta.variants.railroad.rules import Rules

__all__ = [
    "ALL_CANASTAS",
    "LOOKING_CANASTAS",
    "SEVENS_CANASTA",
    "CanastaKind",
    "TableMeld",
    "canasta_bonus",
    "canasta_kind_of",
    "canasta_mask",
    "kind_bonus",
    "meld_form_problem",
    "meld_problem",
    "new_meld",
    "table_meld",
]

#: Cards in a complete meld (R-MLD-2).
CANASTA_SIZE = 7
#: Cards that start a meld (R-MLD-1, R-TRN-4).
MIN_MELD = 3
#: Most wild cards in a mixed meld (R-MLD-4).
MAX_WILDS = 3
#: Fewest natural cards in a mixed meld (R-MLD-4).
MIN_NATURALS = 2
_B3 = Kind.BLACK_THREE


class CanastaKind(enum.IntFlag):
    """The four kinds of canasta (R-CAN-1); a set of them is a bit mask."""

    RED = 1
    BLACK = 2
    WILD = 4
    SEVENS = 8

    def __repr__(self) -> str:
        return f"CanastaKind.{self.name}"


_RED, _BLACK, _WILD, _SEVENS = CanastaKind.RED, CanastaKind.BLACK, CanastaKind.WILD, CanastaKind.SEVENS
_JOKER, _SEVEN = Kind.JOKER, Kind.SEVEN

#: The mask of a player holding every kind of canasta (R-OUT-1).
ALL_CANASTAS = 15
#: The canastas that let their owner look at the kitty: every kind but black (R-KIT-1).
LOOKING_CANASTAS = int(CanastaKind.RED | CanastaKind.WILD | CanastaKind.SEVENS)
#: The bit of the sevens canasta in a mask, as a plain int (masks are ints: no enum arithmetic on hot paths).
SEVENS_CANASTA = int(CanastaKind.SEVENS)


def canasta_bonus(kind: CanastaKind, rules: Rules) -> int:
    """The bonus of a completed canasta of ``kind`` (R-CAN-2..5)."""
    return kind_bonus(
        kind,
        rules.red_canasta_bonus,
        rules.black_canasta_bonus,
        rules.wild_canasta_bonus,
        rules.sevens_canasta_bonus,
    )


def kind_bonus(kind: CanastaKind, red: int, black: int, wild: int, sevens: int) -> int:
    """The bonus of a canasta of ``kind``, given the bonuses of the four kinds (R-CAN-2..5).

    pre: kind in (CanastaKind.RED, CanastaKind.BLACK, CanastaKind.WILD, CanastaKind.SEVENS)
    post: kind is not CanastaKind.RED or __return__ == red
    post: kind is not CanastaKind.BLACK or __return__ == black
    post: kind is not CanastaKind.WILD or __return__ == wild
    post: kind is not CanastaKind.SEVENS or __return__ == sevens
    """
    if kind is CanastaKind.RED:
        # rule: R-CAN-2
        return red
    if kind is CanastaKind.BLACK:
        # rule: R-CAN-3
        return black
    if kind is CanastaKind.WILD:
        # rule: R-CAN-4
        return wild
    # rule: R-CAN-5
    return sevens


@attrs.frozen(weakref_slot=False)
class TableMeld(Meld):
    """A meld of Railroad Canasta: complete (a canasta) at 7 cards, of one of four kinds (R-CAN-1)."""

    @property
    def is_wild_meld(self) -> bool:
        """A meld of wild cards only (R-DEC-9)."""
        return self.rank is Kind.JOKER

    @property
    def is_complete(self) -> bool:
        """A canasta: 7 cards (R-MLD-2). The black-3 meld is never a canasta (R-MLD-5)."""
        # rule: R-MLD-2
        return self.naturals + self.jokers + self.twos >= CANASTA_SIZE and self.rank is not _B3

    @property
    def canasta_kind(self) -> CanastaKind | None:
        """The kind of canasta this meld is, or ``None`` while it is not complete (R-CAN-1)."""
        return canasta_kind_of(self)


#: Build a :class:`TableMeld` from its rank, naturals, jokers and 2s, without ``__init__`` (trusted code).
new_meld = builder(TableMeld)


@functools.cache
def table_meld(rank: Kind, naturals: int, jokers: int, twos: int) -> TableMeld:
    """The meld of ``rank`` with these counts, as one instance shared by every state holding it (trusted
    code: nothing is checked). The states of a game keep a few bytes for each meld a step makes.

    A meld is an immutable value, so sharing it changes nothing a caller can see; the cache is keyed by
    the four values and bounded by what a pack can hold. (CrossHair calls the function itself, not the
    cache, so the contracts of the steps that use it stay deterministic.)

    >>> table_meld(Kind.KING, 3, 0, 1) is table_meld(Kind.KING, 3, 0, 1)
    True
    """
    return new_meld(rank, naturals, jokers, twos)


def canasta_kind_of(meld: Meld) -> CanastaKind | None:
    """The kind of canasta ``meld`` is, or ``None`` while it is not complete (R-MLD-2, R-CAN-1).

    pre: min(meld.naturals, meld.jokers, meld.twos) >= 0
    post: (__return__ is None) == (meld.size < 7 or meld.rank is Kind.BLACK_THREE)
    post: __return__ is not CanastaKind.WILD or meld.rank is Kind.JOKER
    post: meld.size < 7 or meld.rank is not Kind.JOKER or __return__ is CanastaKind.WILD
    post: __return__ is not CanastaKind.BLACK or (meld.wilds > 0 and meld.rank is not Kind.JOKER)
    post: __return__ is not CanastaKind.SEVENS or (meld.rank is Kind.SEVEN and meld.wilds == 0)
    post: __return__ is not CanastaKind.RED or (meld.rank is not Kind.SEVEN and meld.wilds == 0)
    """
    rank, jokers, twos = meld.rank, meld.jokers, meld.twos  # (the fields once, no properties)
    # rule: R-MLD-2
    if meld.naturals + jokers + twos < CANASTA_SIZE or rank is _B3:
        return None
    # rule: R-CAN-1
    if rank is _JOKER:
        return _WILD
    if jokers or twos:
        return _BLACK
    if rank is _SEVEN:
        return _SEVENS
    return _RED


def canasta_mask(melds: Iterable[TableMeld]) -> int:
    """The kinds of canasta among ``melds``, as a :class:`CanastaKind` mask."""
    mask = 0
    for meld in melds:
        kind = meld.canasta_kind
        if kind is not None:
            mask |= kind
    return mask


def meld_problem(meld: TableMeld, rules: Rules) -> tuple[str, str] | None:
    """Why ``meld`` cannot lie on the table under ``rules``, as ``(clause, reason)``; ``None`` if it can."""
    return meld_form_problem(
        meld, rules.sevens_natural_only, rules.wild_melds, rules.black_three_meld_needs_three
    )


def meld_form_problem(
    meld: Meld, sevens_natural_only: bool, wild_melds: bool, black_three_needs_three: bool
) -> tuple[str, str] | None:
    """:func:`meld_problem` under the three options it reads (R-DEC-8, R-DEC-9, R-DEC-21).

    post: __return__ is None or __return__[0].startswith("R-")
    post: __return__ is not None or min(meld.naturals, meld.jokers, meld.twos) >= 0
    post: __return__ is not None or meld.rank not in (Kind.RED_THREE, Kind.TWO)
    post: __return__ is not None or meld.rank is Kind.BLACK_THREE or 3 <= meld.size <= 7
    post: __return__ is not None or meld.rank in (Kind.JOKER, Kind.BLACK_THREE) or meld.wilds <= 3
    post: __return__ is not None or meld.rank in (Kind.JOKER, Kind.BLACK_THREE) or meld.naturals >= 2
    post: __return__ is not None or meld.rank is not Kind.JOKER or meld.naturals == 0
    post: __return__ is not None or meld.rank is not Kind.BLACK_THREE or meld.wilds == 0
    post: __return__ is not None or not (meld.rank is Kind.SEVEN and sevens_natural_only and meld.wilds)
    """
    if min(meld.naturals, meld.jokers, meld.twos) < 0:
        return "R-MLD-1", "a meld cannot hold a negative number of cards"
    if meld.rank is Kind.RED_THREE or meld.rank is Kind.TWO:
        return "R-CRD-5", f"there is no meld of rank {meld.rank}"
    if meld.rank is Kind.BLACK_THREE:
        if meld.wilds:
            return "R-MLD-5", "a meld of black 3s takes no wild cards"
        if meld.naturals < 1:
            return "R-MLD-1", "a meld holds at least one card"
        # rule: R-DEC-21
        if meld.naturals < MIN_MELD and black_three_needs_three:
            return "R-DEC-21", "a meld of black 3s has at least 3 cards"
        return None
    if meld.size < MIN_MELD:
        return "R-MLD-1", "a meld has at least 3 cards"
    if meld.size > CANASTA_SIZE:
        return "R-MLD-2", "a meld has at most 7 cards"
    if meld.rank is Kind.JOKER:
        if meld.naturals:
            return "R-DEC-9", "a wild meld holds only wild cards"
        # rule: R-DEC-9
        if not wild_melds and meld.size < CANASTA_SIZE:
            return "R-DEC-9", "under these rules the wild canasta is put down whole, seven wild cards at once"
        return None
    if meld.rank is Kind.SEVEN and meld.wilds and sevens_natural_only:
        return "R-DEC-8", "a meld of 7s takes no wild cards"
    if meld.naturals < MIN_NATURALS:
        return "R-MLD-4", "a meld needs at least 2 natural cards"
    if meld.wilds > MAX_WILDS:
        return "R-MLD-4", "a meld holds at most 3 wild cards"
    return None
