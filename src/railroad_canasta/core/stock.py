"""The stock: a sequence of cards shared by every state of a round, and how many of them are left.

A state keeps its stock as a :class:`Stock`: the first ``len(stock)`` cards of a tuple made once by the
deal, the next card drawn being the last. Drawing answers a new :class:`Stock` over the same tuple, so a
draw costs the cards drawn (not a copy of the whole stock) and a state in a game's history keeps a few
bytes for its stock, however large. A :class:`Stock` is an immutable sequence of kinds, equal to any
stock or tuple holding the same cards in the same order.

>>> stock = as_stock((Kind.NINE, Kind.FOUR, Kind.JOKER))
>>> drawn, rest = stock.draw(2)
>>> drawn, rest, len(stock)
((Kind.FOUR, Kind.JOKER), (Kind.NINE,), 3)
>>> rest == (Kind.NINE,), rest[-1], list(rest), rest + (Kind.ACE,)
(True, Kind.NINE, [Kind.NINE], (Kind.NINE, Kind.ACE))
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from typing import overload

import attrs

from railroad_canasta.core.cards import Kind

__all__ = ["Stock", "as_stock"]


@attrs.frozen(eq=False, repr=False, weakref_slot=False)
class Stock(Sequence[Kind]):
    """The first ``size`` cards of ``cards`` (the next card drawn is the last); use :func:`as_stock`."""

    cards: tuple[Kind, ...]
    size: int = attrs.field()

    @size.validator
    def _within(self, attribute: attrs.Attribute[int], size: int) -> None:
        if not 0 <= size <= len(self.cards):
            raise ValueError(f"a stock of {size} cards cannot be taken from {len(self.cards)}")

    def draw(self, n: int) -> tuple[tuple[Kind, ...], Stock]:
        """The ``n`` cards drawn from the top (in stock order) and the stock left (at most what there is)."""
        size = self.size
        n = min(n, size)
        return self.cards[size - n : size], _stock(self.cards, size - n)

    def __len__(self) -> int:
        return self.size

    @overload
    def __getitem__(self, index: int) -> Kind: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Kind, ...]: ...
    def __getitem__(self, index: int | slice) -> Kind | tuple[Kind, ...]:
        if isinstance(index, slice):
            return self.cards[: self.size][index]
        size = self.size
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("stock index out of range")
        return self.cards[index]

    def __add__(self, other: tuple[Kind, ...]) -> tuple[Kind, ...]:
        """The cards of the stock, then ``other``'s, as a tuple (as when the stock was a tuple)."""
        if not isinstance(other, tuple):
            return NotImplemented
        return self.cards[: self.size] + other

    def __radd__(self, other: tuple[Kind, ...]) -> tuple[Kind, ...]:
        if not isinstance(other, tuple):
            return NotImplemented
        return other + self.cards[: self.size]

    def __iter__(self) -> Iterator[Kind]:
        return itertools.islice(self.cards, self.size)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Stock):
            return self.size == other.size and (
                self.cards is other.cards or self.cards[: self.size] == other.cards[: other.size]
            )
        if isinstance(other, tuple):
            return self.cards[: self.size] == other
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash(self.cards[: self.size])

    def __repr__(self) -> str:
        return repr(self.cards[: self.size])


def _stock(cards: tuple[Kind, ...], size: int) -> Stock:
    """A stock of the first ``size`` of ``cards``, where ``size`` is known to fit (no check)."""
    stock = _new(Stock)
    _set(stock, "cards", cards)
    _set(stock, "size", size)
    return stock


_new = object.__new__
_set = object.__setattr__


def as_stock(cards: Sequence[Kind]) -> Stock:
    """``cards`` as a :class:`Stock` (itself when it is one already)."""
    if isinstance(cards, Stock):
        return cards
    kinds = tuple(cards)
    return _stock(kinds, len(kinds))
