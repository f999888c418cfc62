"""The shared stock behaves as the tuple of its cards: equality, hashing, indexing, slicing, drawing."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from railroad_canasta.core.cards import Kind
from railroad_canasta.core.stock import Stock, as_stock

kinds = st.lists(st.sampled_from(list(Kind)), max_size=40).map(tuple)


@given(kinds, st.integers(0, 45), st.integers(-50, 50), st.integers(-50, 50))
def test_a_stock_is_the_tuple_of_its_cards(cards: tuple[Kind, ...], n: int, i: int, j: int) -> None:
    """Every reading of a stock, and of what a draw leaves, equals the same reading of a tuple."""
    stock = as_stock(cards)
    drawn, rest = stock.draw(n)
    left = cards[: max(len(cards) - n, 0)]
    assert left + drawn == cards and drawn == cards[len(left) :]
    for s, t in ((stock, cards), (rest, left)):
        assert s == t and t == s and (s != t) is False and s == as_stock(t) and hash(s) == hash(t)
        assert len(s) == len(t) and tuple(s) == t and list(reversed(s)) == list(reversed(t))
        assert s[i:j] == t[i:j] and repr(s) == repr(t)
        assert s + (Kind.ACE,) == (*t, Kind.ACE) and (Kind.ACE,) + s == (Kind.ACE, *t)  # noqa: RUF005
        if -len(t) <= i < len(t):
            assert s[i] is t[i]
        else:
            with pytest.raises(IndexError):
                s[i]
    assert (rest == stock) == (n == 0 or not cards)


def test_a_stock_is_frozen_and_checked() -> None:
    """Its fields cannot be assigned, and a size the cards cannot give is refused."""
    stock = as_stock((Kind.NINE, Kind.FOUR))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        stock.size = 1  # type: ignore[misc]
    with pytest.raises(ValueError, match="cannot be taken"):
        Stock((Kind.NINE,), 2)
    assert stock != [Kind.NINE, Kind.FOUR] and stock != "94"
