"""Tests of the cards, kinds, values and the pack (cards.py, clauses R-CRD-1..6)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from railroad_canasta.core.cards import (
    CARDS_PER_PLAYER,
    KIND_COUNT,
    KIND_POINTS,
    NATURAL_KINDS,
    WILD_KINDS,
    Card,
    Kind,
    Rank,
    Suit,
    card_value,
    counts_of,
    empty_counts,
    kinds_of,
    pack,
    pack_counts,
    pack_size,
)
from railroad_canasta.variants.railroad.rules import Rules

PLAYER_COUNTS = range(2, 9)

#: Every distinct physical card: 52 suited cards and the joker.
DISTINCT_CARDS: tuple[Card, ...] = tuple(
    [Card(rank, suit) for rank in Rank if rank is not Rank.JOKER for suit in Suit] + [Card(Rank.JOKER)]
)

#: The source's card values (SRC-VAL-1), written out independently of the code.
SOURCE_VALUES: dict[Kind, int] = {
    Kind.JOKER: 50,
    Kind.TWO: 20,
    Kind.ACE: 20,
    Kind.KING: 10,
    Kind.QUEEN: 10,
    Kind.JACK: 10,
    Kind.TEN: 10,
    Kind.NINE: 10,
    Kind.EIGHT: 10,
    Kind.SEVEN: 5,
    Kind.SIX: 5,
    Kind.FIVE: 5,
    Kind.FOUR: 5,
    Kind.BLACK_THREE: 5,
    Kind.RED_THREE: 0,
}


def expected_pack_counts(players: int) -> dict[Kind, int]:
    """The number of cards of each kind in the pack for ``players`` players, by R-CRD-1."""
    expected = {kind: 8 * players for kind in NATURAL_KINDS}
    expected[Kind.JOKER] = 2 * players
    expected[Kind.TWO] = 8 * players
    expected[Kind.RED_THREE] = 4 * players
    expected[Kind.BLACK_THREE] = 4 * players
    return expected


# ----------------------------------------------------------------------------------------- the pack


@pytest.mark.clause("R-CRD-1")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_pack_size_is_106_cards_per_player(players: int) -> None:
    """The pack for N players has 106*N cards, by pack_size, pack() and the Rules preset."""
    assert pack_size(players) == 106 * players
    assert len(pack(players)) == 106 * players
    assert Rules(players=players).pack_size == 106 * players
    assert players * CARDS_PER_PLAYER == 106 * players


@pytest.mark.clause("R-CRD-1")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_pack_counts_per_kind(players: int) -> None:
    """The pack holds 2N jokers, 8N twos, 4N red 3s, 4N black 3s and 8N of each natural rank."""
    counts = pack_counts(players)
    assert len(counts) == KIND_COUNT
    assert {kind: counts[kind] for kind in Kind} == expected_pack_counts(players)
    assert sum(counts) == pack_size(players)


@pytest.mark.clause("R-CRD-1")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_pack_counts_agree_with_pack(players: int) -> None:
    """pack_counts is the kind count of the cards pack() returns."""
    cards = pack(players)
    assert pack_counts(players) == counts_of(card.kind for card in cards)
    assert Counter(card.kind for card in cards) == Counter(expected_pack_counts(players))


@pytest.mark.clause("R-CRD-1")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_pack_is_two_decks_and_two_jokers_per_player(players: int) -> None:
    """Each suited card appears 2N times (two 52-card decks per player) and the joker 2N times."""
    copies = Counter(pack(players))
    assert set(copies) == set(DISTINCT_CARDS)
    assert all(copies[card] == 2 * players for card in DISTINCT_CARDS)


@pytest.mark.clause("R-CRD-1")
@pytest.mark.parametrize(("decks", "jokers"), [(1, 0), (1, 4), (3, 1), (4, 2)])
def test_pack_size_with_other_deck_and_joker_counts(decks: int, jokers: int) -> None:
    """pack_size, pack and pack_counts agree for non-default deck and joker counts too."""
    size = pack_size(3, decks, jokers)
    assert size == 3 * (52 * decks + jokers)
    assert len(pack(3, decks, jokers)) == size
    assert sum(pack_counts(3, decks, jokers)) == size
    assert pack_counts(3, decks, jokers)[Kind.JOKER] == 3 * jokers


# ---------------------------------------------------------------------------------------- ranks, wilds


@pytest.mark.clause("R-CRD-2")
def test_natural_ranks_in_order() -> None:
    """The natural ranks, high to low, are A K Q J 10 9 8 7 6 5 4, and Kind orders them that way."""
    high_to_low = [Kind.ACE, Kind.KING, Kind.QUEEN, Kind.JACK, Kind.TEN, Kind.NINE, Kind.EIGHT]
    high_to_low += [Kind.SEVEN, Kind.SIX, Kind.FIVE, Kind.FOUR]
    assert sorted(NATURAL_KINDS, reverse=True) == high_to_low
    assert list(NATURAL_KINDS) == high_to_low[::-1]
    assert [kind for kind in Kind if kind.is_natural] == high_to_low[::-1]


@pytest.mark.clause("R-CRD-2")
@pytest.mark.parametrize("kind", [Kind.JOKER, Kind.TWO, Kind.RED_THREE, Kind.BLACK_THREE])
def test_twos_threes_and_jokers_are_not_natural(kind: Kind) -> None:
    """Jokers, 2s and 3s of either colour are not natural ranks."""
    assert not kind.is_natural
    assert kind not in NATURAL_KINDS


@pytest.mark.clause("R-CRD-3")
def test_jokers_and_twos_are_the_only_wilds() -> None:
    """Exactly jokers and 2s are wild."""
    assert set(WILD_KINDS) == {Kind.JOKER, Kind.TWO}
    assert {kind for kind in Kind if kind.is_wild} == {Kind.JOKER, Kind.TWO}


@pytest.mark.clause("R-CRD-3")
@pytest.mark.parametrize("kind", list(Kind))
def test_wild_and_natural_are_exclusive(kind: Kind) -> None:
    """No kind is both wild and natural."""
    assert not (kind.is_wild and kind.is_natural)


# ------------------------------------------------------------------------------------------- values


@pytest.mark.clause("R-CRD-4")
@pytest.mark.parametrize("kind", list(Kind))
def test_card_value_of_every_kind(kind: Kind) -> None:
    """card_value, Kind.points and KIND_POINTS give the source value of every kind."""
    assert card_value(kind) == SOURCE_VALUES[kind]
    assert kind.points == SOURCE_VALUES[kind]
    assert KIND_POINTS[kind] == SOURCE_VALUES[kind]


@pytest.mark.clause("R-CRD-4")
def test_card_values_named() -> None:
    """Joker 50, 2 and A 20, K..8 10, 7..4 and black 3 5, red 3 0."""
    assert card_value(Kind.JOKER) == 50
    assert card_value(Kind.TWO) == card_value(Kind.ACE) == 20
    tens = (Kind.KING, Kind.QUEEN, Kind.JACK, Kind.TEN, Kind.NINE, Kind.EIGHT)
    fives = (Kind.SEVEN, Kind.SIX, Kind.FIVE, Kind.FOUR, Kind.BLACK_THREE)
    assert {card_value(k) for k in tens} == {10}
    assert {card_value(k) for k in fives} == {5}
    assert card_value(Kind.RED_THREE) == 0
    assert len(KIND_POINTS) == KIND_COUNT


@pytest.mark.clause("R-CRD-4", "R-CRD-1")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_pack_value(players: int) -> None:
    """The pack of N players is worth N * (2*50 + 8*20 + 8*20 + 48*10 + 32*5 + 4*5 + 4*0) = 1080*N points."""
    total = sum(card_value(card.kind) for card in pack(players))
    assert total == players * (100 + 160 + 160 + 480 + 160 + 20 + 0)
    assert sum(n * p for n, p in zip(pack_counts(players), KIND_POINTS, strict=True)) == total


# ----------------------------------------------------------------------------------------- 3s, kinds


@pytest.mark.clause("R-CRD-5")
@pytest.mark.parametrize(
    ("text", "kind"),
    [("3H", Kind.RED_THREE), ("3D", Kind.RED_THREE), ("3C", Kind.BLACK_THREE), ("3S", Kind.BLACK_THREE)],
)
def test_three_colour_by_suit(text: str, kind: Kind) -> None:
    """Hearts and diamonds 3s are red 3s; clubs and spades 3s are black 3s."""
    assert Card.from_text(text).kind is kind
    suit = Suit(text[1])
    assert Card(Rank.THREE, suit).kind is kind
    assert suit.is_red == (kind is Kind.RED_THREE)


@pytest.mark.clause("R-CRD-5")
@pytest.mark.parametrize("kind", [Kind.RED_THREE, Kind.BLACK_THREE])
def test_threes_are_neither_natural_nor_wild(kind: Kind) -> None:
    """Red and black 3s are special: neither natural nor wild."""
    assert not kind.is_natural
    assert not kind.is_wild


@pytest.mark.clause("R-CRD-6")
@pytest.mark.parametrize("rank", [r for r in Rank if r not in (Rank.JOKER, Rank.THREE)])
def test_kind_ignores_suit(rank: Rank) -> None:
    """Every rank but the 3 has one kind whatever the suit."""
    kinds = {Card(rank, suit).kind for suit in Suit}
    assert len(kinds) == 1
    assert kinds.pop().notation == rank.value


@pytest.mark.clause("R-CRD-6")
def test_every_kind_is_reached_by_a_card() -> None:
    """The 53 distinct cards map onto exactly the 15 kinds, the joker onto Kind.JOKER."""
    assert {card.kind for card in DISTINCT_CARDS} == set(Kind)
    assert len(Kind) == KIND_COUNT
    assert Card(Rank.JOKER).kind is Kind.JOKER
    assert Card(Rank.JOKER).suit is None


@pytest.mark.clause("R-CRD-6")
@given(st.lists(st.sampled_from(list(Kind)), max_size=40))
def test_counts_identify_a_multiset_of_kinds(kinds: list[Kind]) -> None:
    """counts_of forgets only the order: kinds_of(counts_of(ks)) is ks sorted high to low with wilds last."""
    counts = counts_of(kinds)
    assert sum(counts) == len(kinds)
    assert Counter(kinds_of(counts)) == Counter(kinds)
    assert list(kinds_of(counts)) == sorted(kinds, reverse=True)
    assert counts_of(kinds_of(counts)) == counts


def test_empty_counts() -> None:
    """empty_counts is a zero vector of KIND_COUNT entries."""
    assert empty_counts() == (0,) * KIND_COUNT
    assert kinds_of(empty_counts()) == ()


@pytest.mark.parametrize(("rank", "suit"), [(Rank.JOKER, Suit.SPADES), (Rank.NINE, None), (Rank.THREE, None)])
def test_card_suit_must_match_rank(rank: Rank, suit: Suit | None) -> None:
    """A joker has no suit and every other card has one."""
    with pytest.raises(ValueError, match="joker"):
        Card(rank, suit)


# ------------------------------------------------------------------------------------------- reprs


@pytest.mark.parametrize("card", DISTINCT_CARDS, ids=str)
def test_card_repr_evals_back(card: Card) -> None:
    """Every card's repr is Python that rebuilds an equal card."""
    rebuilt = eval(repr(card), {"Card": Card})
    assert rebuilt == card
    assert hash(rebuilt) == hash(card)
    assert repr(card) == f"Card.from_text({card.text!r})"


def test_enum_reprs_eval_back() -> None:
    """The reprs of every Kind, Suit and Rank member are Python naming that member."""
    namespace: dict[str, object] = {"Kind": Kind, "Suit": Suit, "Rank": Rank}
    for member in [*Kind, *Suit, *Rank]:
        assert eval(repr(member), namespace) is member


@pytest.mark.parametrize("kind", list(Kind))
def test_kind_str_is_its_notation(kind: Kind) -> None:
    """str(kind) is the kind's token."""
    assert str(kind) == kind.notation
    assert kind.notation in {"JK", "2", "R3", "B3", "J", "Q", "K", "A"} | {str(n) for n in range(4, 11)}
