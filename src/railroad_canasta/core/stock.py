"""The stock and the pile: sequences of cards shared by the states of a round, each with its size.

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

The pile is a :class:`Pile` the same way: the first ``len(pile)`` cards of a list shared by the piles it
grew into, so a discard costs one new small object, not a copy of the pile.

>>> pile = as_pile((Kind.NINE,))
>>> pile.push(Kind.ACE), pile, pile.push(Kind.ACE).below_top() == pile
((Kind.NINE, Kind.ACE), (Kind.NINE,), True)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from typing import overload

import attrs

from railroad_canasta.core.cards import Kind
from railroad_canasta.core.frozen import builder

__all__ = ["Pile", "Stock", "as_pile", "as_stock"]


class _Prefix(Sequence[Kind]):
    """The first ``size`` cards of a backing sequence, read as the tuple of those cards."""

    __slots__ = ()
    cards: Sequence[Kind]
    size: int

    def _items(self) -> tuple[Kind, ...]:
        return tuple(self.cards[: self.size])

    def __len__(self) -> int:
        return self.size

    @overload
    def __getitem__(self, index: int) -> Kind: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Kind, ...]: ...
    def __getitem__(self, index: int | slice) -> Kind | tuple[Kind, ...]:
        if isinstance(index, slice):
            return self._items()[index]
        size = self.size
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError(f"{type(self).__name__.lower()} index out of range")
        return self.cards[index]

    def __add__(self, other: tuple[Kind, ...] | _Prefix) -> tuple[Kind, ...]:
        """The cards, then ``other``'s, as a tuple (as when the cards were a tuple)."""
        if isinstance(other, _Prefix):
            return self._items() + other._items()
        if not isinstance(other, tuple):
            return NotImplemented
        return self._items() + other

    def __radd__(self, other: tuple[Kind, ...]) -> tuple[Kind, ...]:
        if not isinstance(other, tuple):
            return NotImplemented
        return other + self._items()

    def __iter__(self) -> Iterator[Kind]:
        return itertools.islice(self.cards, self.size)

    def __reversed__(self) -> Iterator[Kind]:
        return reversed(self._items())

    def __contains__(self, value: object) -> bool:
        return value in self._items()

    def count(self, value: object) -> int:
        return self._items().count(value)

    def index(self, value: object, start: int = 0, stop: int | None = None) -> int:
        return self._items().index(value, start, len(self) if stop is None else stop)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, _Prefix):
            return self.size == other.size and (self.cards is other.cards or self._items() == other._items())
        if isinstance(other, tuple):
            return self._items() == other
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash(self._items())

    def __repr__(self) -> str:
        return repr(self._items())


@attrs.frozen(eq=False, repr=False, weakref_slot=False)
class Stock(_Prefix):
    """The first ``size`` cards of ``cards`` (the next card drawn is the last); use :func:`as_stock`."""

    cards: tuple[Kind, ...]
    size: int = attrs.field()

    @size.validator
    def _within(self, attribute: attrs.Attribute[int], size: int) -> None:
        if not 0 <= size <= len(self.cards):
            raise ValueError(f"a stock of {size} cards cannot be taken from {len(self.cards)}")

    def draw(self, n: int) -> tuple[tuple[Kind, ...], Stock]:
        """The ``n`` cards drawn from the top (in stock order) and the stock left (at most what there is)."""
        rest = self.without(n)
        return self.cards[rest.size : self.size], rest

    def without(self, n: int) -> Stock:
        """The stock left once ``n`` cards are drawn from the top (at most what there is): the cards drawn
        are ``cards[stock.without(n).size : stock.size]``.
        """
        size = self.size
        return _stock(self.cards, size - n if n < size else 0)


@attrs.frozen(eq=False, repr=False, weakref_slot=False)
class Pile(_Prefix):
    """The first ``size`` cards of a list that only grows (the top card is the last); use :func:`as_pile`.

    The piles of a round's states share the list: a discard onto a pile whose cards end the list appends
    to it, so a state keeps a few bytes for its pile, however long. No pile ever shows a card past its
    size, and a card once in the list is never changed, so each pile stays the same cards for good.
    """

    cards: list[Kind] = attrs.field(repr=False)
    size: int = attrs.field()

    @size.validator
    def _within(self, attribute: attrs.Attribute[int], size: int) -> None:
        if not 0 <= size <= len(self.cards):
            raise ValueError(f"a pile of {size} cards cannot be taken from {len(self.cards)}")

    def push(self, card: Kind) -> Pile:
        """The pile with ``card`` on top."""
        cards, size = self.cards, self.size
        if not size:  # (a list of its own: the list of an empty pile never grows, one serves every state)
            return _pile([card], 1)
        if len(cards) == size:
            cards.append(card)
        # (Appended above, or by another pile of the same cards: a thread's append between the two
        # lines lands past ``size`` and is copied below, never read.)
        if cards[size] is card:
            return _pile(cards, size + 1)
        return _pile([*cards[:size], card], size + 1)

    def below_top(self) -> Pile:
        """The pile without its top card (of a pile that has one)."""
        return _pile(self.cards, self.size - 1)


#: A stock of the first ``size`` of ``cards``, where ``size`` is known to fit (no check).
_stock: Callable[[tuple[Kind, ...], int], Stock] = builder(Stock, checked=False)
#: A pile of the first ``size`` of ``cards``, where ``size`` is known to fit (no check).
_pile: Callable[[list[Kind], int], Pile] = builder(Pile, checked=False)


#: The empty pile (after a pickup), one for every state.
_EMPTY_PILE = _pile([], 0)


def as_pile(cards: Sequence[Kind]) -> Pile:
    """``cards`` as a :class:`Pile` (itself when it is one already)."""
    if isinstance(cards, Pile):
        return cards
    if not cards:
        return _EMPTY_PILE
    kinds = list(cards)
    return _pile(kinds, len(kinds))


def as_stock(cards: Sequence[Kind]) -> Stock:
    """``cards`` as a :class:`Stock` (itself when it is one already)."""
    if isinstance(cards, Stock):
        return cards
    kinds = tuple(cards)
    return _stock(kinds, len(kinds))
