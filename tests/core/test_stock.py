"""The shared stock behaves as the tuple of its cards: equality, hashing, indexing, slicing, drawing."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from railroad_canasta.core.cards import Kind
from railroad_canasta.core.stock import Pile, Stock, as_pile, as_stock

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


@given(kinds, st.lists(st.sampled_from(list(Kind)), max_size=12), st.integers(0, 40), st.integers(-50, 50))
def test_a_pile_is_the_tuple_of_its_cards_and_never_changes(
    cards: tuple[Kind, ...], pushed: list[Kind], cut: int, i: int
) -> None:
    """Pushing onto a pile, or onto an older pile of the same list, leaves every earlier pile as it was."""
    pile = as_pile(cards)
    grown = [pile]
    for card in pushed:
        grown.append(grown[-1].push(card))
    # A branch: a pile from the middle of the history pushed onto again, and a pile without its top card.
    middle = grown[min(cut, len(grown) - 1)]
    branch = middle.push(Kind.ACE)
    below = grown[-1].below_top() if len(grown[-1]) else grown[-1]
    for n, p in enumerate(grown):
        t = cards + tuple(pushed[:n])
        assert p == t and t == p and hash(p) == hash(t) and len(p) == len(t) and tuple(p) == t
        assert p[i:] == t[i:] and list(reversed(p)) == list(reversed(t)) and repr(p) == repr(t)
        assert p.count(Kind.ACE) == t.count(Kind.ACE) and (Kind.ACE in p) == (Kind.ACE in t)
        if Kind.ACE in t:
            assert p.index(Kind.ACE) == t.index(Kind.ACE)
        else:
            with pytest.raises(ValueError):
                p.index(Kind.ACE)
        assert p + (Kind.ACE,) == (*t, Kind.ACE) and (Kind.ACE,) + p == (Kind.ACE, *t)  # noqa: RUF005
        if -len(t) <= i < len(t):
            assert p[i] is t[i]
    assert branch == (*middle, Kind.ACE) and below == tuple(grown[-1])[:-1]
    assert all(p.cards is grown[-1].cards for p in grown if p)  # the pushes shared one list


def test_a_pile_is_frozen_checked_and_shares_its_list() -> None:
    """Its fields cannot be assigned, a size its list cannot give is refused, and a push shares the list."""
    pile = as_pile((Kind.NINE,))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        pile.size = 0  # type: ignore[misc]
    with pytest.raises(ValueError, match="cannot be taken"):
        Pile([Kind.NINE], 2)
    on_top = pile.push(Kind.FOUR)
    assert on_top.cards is pile.cards and pile == (Kind.NINE,) and as_pile(on_top) is on_top
    other = pile.push(Kind.FIVE)  # the list already goes on with a 4: this pile gets a list of its own
    assert other.cards is not pile.cards and other == (Kind.NINE, Kind.FIVE)
    assert on_top == (Kind.NINE, Kind.FOUR)
    assert pile.push(Kind.FOUR).cards is pile.cards  # the same card again: shared
    assert as_stock((Kind.NINE,)) + pile == (Kind.NINE, Kind.NINE)
