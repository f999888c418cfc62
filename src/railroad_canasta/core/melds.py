"""A meld as the whole Canasta family records it: a rank and its cards by kind.

Cards are kinds (R-CRD-6): a meld holds natural cards of its rank, jokers and
2s. A variant decides what a meld may hold and what kind of canasta it makes
(Railroad: :class:`~railroad_canasta.TableMeld`).

>>> m = Meld(Kind.NINE, naturals=4, jokers=1, twos=1)
>>> m.size, m.wilds, m.points, str(m)
(6, 2, 110, '9 9 9 9 JK 2')
>>> m.added(Kind.NINE).size
7
"""

from __future__ import annotations

from typing import Self

import attrs

from railroad_canasta.core.cards import JOKER_POINTS, KIND_POINTS, TWO_POINTS, Kind

__all__ = ["Meld", "meld_of"]

_JOKER = Kind.JOKER
_TWO = Kind.TWO


@attrs.frozen(weakref_slot=False)
class Meld:
    """One meld on the table: its rank and its cards by kind (the wild meld's rank is the joker)."""

    rank: Kind
    naturals: int
    jokers: int = 0
    twos: int = 0

    @property
    def size(self) -> int:
        """Number of cards in the meld."""
        return self.naturals + self.jokers + self.twos

    @property
    def wilds(self) -> int:
        """Number of wild cards in the meld."""
        return self.jokers + self.twos

    @property
    def points(self) -> int:
        """The card values of the meld."""
        return self.naturals * KIND_POINTS[self.rank] + JOKER_POINTS * self.jokers + TWO_POINTS * self.twos

    def added(self, card: Kind) -> Self:
        """This meld with one more card of ``card``'s kind."""
        cls = type(self)
        if card is _JOKER:
            return cls(self.rank, self.naturals, self.jokers + 1, self.twos)
        if card is _TWO:
            return cls(self.rank, self.naturals, self.jokers, self.twos + 1)
        return cls(self.rank, self.naturals + 1, self.jokers, self.twos)

    def __str__(self) -> str:
        parts = [str(self.rank)] * self.naturals + ["JK"] * self.jokers + ["2"] * self.twos
        return " ".join(parts)


def meld_of(melds: tuple[Meld, ...], rank: Kind) -> Meld | None:
    """The meld of ``rank`` among ``melds``, if any."""
    for meld in melds:
        if meld.rank is rank:
            return meld
    return None
