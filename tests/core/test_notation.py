"""Tests of card and kind notation: parse_cards, format_cards, parse_kinds, format_kinds, NotationError."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from railroad_canasta.core.cards import (
    Card,
    Kind,
    Rank,
    Suit,
    format_cards,
    format_kinds,
    pack,
    parse_cards,
    parse_kind,
    parse_kinds,
)
from railroad_canasta.core.errors import NotationError, RailroadCanastaError

DISTINCT_CARDS: tuple[Card, ...] = tuple(
    [Card(rank, suit) for rank in Rank if rank is not Rank.JOKER for suit in Suit] + [Card(Rank.JOKER)]
)

cards_st = st.sampled_from(DISTINCT_CARDS)
kinds_st = st.sampled_from(list(Kind))

#: Tokens, good and bad, to build card- and move-like texts from.
TOKENS = [
    "JK", "jk", "2", "3", "R3", "B3", "r3", "10", "T", "t", "J", "Q", "K", "A", "9", "9S", "9h", "TD", "10c",
    "3H", "3s", "1S", "11H", "X", "9X", "♠", "", "JKS", "R3H", "AS", "as", "KD", "0S", "S", "wild",
]  # fmt: skip
token_text_st = st.lists(st.sampled_from(TOKENS), max_size=8).map(" ".join)


# ------------------------------------------------------------------------------------- round trips


def test_every_card_of_the_pack_round_trips() -> None:
    """format_cards then parse_cards gives back every card of the 8-player pack, in order."""
    cards = pack(8)
    text = format_cards(cards)
    assert parse_cards(text) == cards
    assert format_cards(parse_cards(text)) == text


@pytest.mark.parametrize("card", DISTINCT_CARDS, ids=str)
def test_card_text_round_trips(card: Card) -> None:
    """Card.from_text(card.text) is the card, and str(card) is its text."""
    assert Card.from_text(card.text) == card
    assert str(card) == card.text
    assert parse_cards(card.text) == (card,)


@given(st.lists(cards_st, max_size=30))
def test_card_lists_round_trip(cards: list[Card]) -> None:
    """Any list of cards survives format_cards then parse_cards."""
    text = format_cards(cards)
    assert parse_cards(text) == tuple(cards)
    assert len(text.split()) == len(cards)


@given(st.lists(kinds_st, max_size=30))
def test_kind_lists_round_trip(kinds: list[Kind]) -> None:
    """Any list of kinds survives format_kinds then parse_kinds."""
    text = format_kinds(kinds)
    assert parse_kinds(text) == tuple(kinds)
    assert format_kinds(parse_kinds(text)) == text


def test_format_examples() -> None:
    """format_cards and format_kinds write single-space-separated canonical tokens."""
    assert format_cards([Card(Rank.ACE, Suit.SPADES), Card(Rank.TEN, Suit.HEARTS), Card(Rank.JOKER)]) == (
        "AS 10H JK"
    )
    assert format_cards([]) == ""
    assert format_kinds([Kind.NINE, Kind.JOKER, Kind.TWO, Kind.RED_THREE, Kind.BLACK_THREE]) == "9 JK 2 R3 B3"
    assert format_kinds([]) == ""


def test_parse_empty_and_whitespace() -> None:
    """Empty or blank text reads as no cards; any whitespace separates tokens."""
    assert parse_cards("") == ()
    assert parse_kinds("   \t\n ") == ()
    assert parse_cards(" AS\t10H\n JK ") == (
        Card(Rank.ACE, Suit.SPADES),
        Card(Rank.TEN, Suit.HEARTS),
        Card(Rank.JOKER),
    )


# ------------------------------------------------------------------------------------ case and T


@pytest.mark.parametrize("card", DISTINCT_CARDS, ids=str)
def test_card_tokens_are_case_insensitive(card: Card) -> None:
    """Lower, upper and swapped case of a card token read as the same card."""
    for variant in (card.text.lower(), card.text.upper(), card.text.swapcase(), card.text.capitalize()):
        assert parse_cards(variant) == (card,)


@pytest.mark.parametrize("kind", list(Kind))
def test_kind_tokens_are_case_insensitive(kind: Kind) -> None:
    """Lower and upper case of a kind token read as the same kind."""
    assert parse_kinds(kind.notation.lower()) == (kind,)
    assert parse_kinds(kind.notation.upper()) == (kind,)


@pytest.mark.parametrize("suit", list(Suit))
def test_t_is_ten(suit: Suit) -> None:
    """'T' (either case) is the ten in card and kind notation, and is written back as 10."""
    ten = Card(Rank.TEN, suit)
    assert parse_cards(f"T{suit.value}") == (ten,)
    assert parse_cards(f"t{suit.value.lower()}") == (ten,)
    assert format_cards(parse_cards(f"T{suit.value}")) == f"10{suit.value}"
    assert parse_kinds("T t") == (Kind.TEN, Kind.TEN)
    assert parse_kinds(f"T{suit.value}") == (Kind.TEN,)


# --------------------------------------------------------------------------------------- kinds


def test_parse_kinds_reads_every_kind_token() -> None:
    """parse_kinds reads the kind tokens JK 2 R3 B3 4..10 J Q K A, in order."""
    text = "JK 2 R3 B3 4 5 6 7 8 9 10 J Q K A"
    assert parse_kinds(text) == tuple(Kind)
    assert format_kinds(Kind) == text


@pytest.mark.clause("R-CRD-5", "R-CRD-6")
def test_parse_kinds_reads_card_tokens_as_their_kind() -> None:
    """A card token stands for its kind: suits are dropped except for the colour of a 3."""
    assert parse_kinds("9S 9H 9d 9c") == (Kind.NINE,) * 4
    assert parse_kinds("3H 3D 3C 3S") == (Kind.RED_THREE, Kind.RED_THREE, Kind.BLACK_THREE, Kind.BLACK_THREE)
    assert parse_kinds("2S JK AS 10H") == (Kind.TWO, Kind.JOKER, Kind.ACE, Kind.TEN)
    assert format_kinds(parse_kinds("9 9S JK 2 R3")) == "9 9 JK 2 R3"


@pytest.mark.parametrize("card", DISTINCT_CARDS, ids=str)
def test_parse_kind_of_card_token_is_card_kind(card: Card) -> None:
    """parse_kind of any card token is that card's kind."""
    assert parse_kind(card.text) is card.kind
    assert parse_kinds(card.text.lower()) == (card.kind,)


@given(st.lists(cards_st, max_size=30))
def test_parse_kinds_of_formatted_cards(cards: list[Card]) -> None:
    """parse_kinds of a card list's text is the list of their kinds."""
    assert parse_kinds(format_cards(cards)) == tuple(card.kind for card in cards)


# ------------------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("text", "position", "token", "reason"),
    [
        ("9", 0, "9", "rank followed by a suit"),  # no suit
        ("A", 0, "A", "rank followed by a suit"),
        ("9X", 0, "9X", "unknown suit 'X'"),
        ("1S", 0, "1S", "unknown rank '1'"),
        ("11H", 0, "11H", "unknown rank '11'"),
        ("3", 0, "3", "rank followed by a suit"),
        ("J K", 0, "J", "rank followed by a suit"),
        ("10", 0, "10", "unknown suit '0'"),
        ("♠", 0, "♠", "ASCII"),
        ("R3", 0, "R3", "unknown suit '3'"),
        ("JKS", 0, "JKS", "unknown rank 'JK'"),
        ("AS 10H 9X JK", 2, "9X", "unknown suit 'X'"),
        ("AS 1S", 1, "1S", "unknown rank '1'"),
        ("jk jk KD 11h", 3, "11h", "unknown rank '11'"),
        ("AS KD J K", 2, "J", "rank followed by a suit"),
        ("2C\t3H  ♠", 2, "♠", "ASCII"),
        ("QH 10", 1, "10", "unknown suit '0'"),
    ],
)
def test_parse_cards_bad_token(text: str, position: int, token: str, reason: str) -> None:
    """A malformed card token raises NotationError naming its position, the token and the reason."""
    with pytest.raises(NotationError) as info:
        parse_cards(text)
    err = info.value
    assert err.position == position
    assert err.token == token
    assert err.text == text
    assert reason in err.reason
    assert reason in str(err)
    assert repr(token) in str(err)
    assert f"token {position + 1} " in str(err)


@pytest.mark.parametrize(
    ("text", "position", "token", "reason"),
    [
        ("3", 0, "3", "needs its colour"),
        ("9 9 3", 2, "3", "needs its colour"),
        ("9X", 0, "9X", "not a card"),
        ("1S", 0, "1S", "not a card"),
        ("11H", 0, "11H", "not a card"),
        ("♠", 0, "♠", "not a card"),
        ("11", 0, "11", "not a card"),
        ("1", 0, "1", "not a card"),
        ("R3 B3 G3", 2, "G3", "not a card"),
        ("JK 2 JKS", 2, "JKS", "not a card"),
        ("Q wild", 1, "wild", "not a card"),
    ],
)
def test_parse_kinds_bad_token(text: str, position: int, token: str, reason: str) -> None:
    """A malformed kind token raises NotationError naming its position, the token and the reason."""
    with pytest.raises(NotationError) as info:
        parse_kinds(text)
    err = info.value
    assert (err.position, err.token, err.text) == (position, token, text)
    assert reason in err.reason
    assert reason in str(err)


def test_tokens_valid_as_kinds_but_not_cards() -> None:
    """'J K', '10' and '9' are kinds but not cards."""
    assert parse_kinds("J K") == (Kind.JACK, Kind.KING)
    assert parse_kinds("10") == (Kind.TEN,)
    for text in ("J K", "10", "9"):
        with pytest.raises(NotationError):
            parse_cards(text)


def test_card_from_text_bad_token() -> None:
    """Card.from_text of a bad token raises NotationError at position 0."""
    with pytest.raises(NotationError) as info:
        Card.from_text("ZZ")
    assert (info.value.position, info.value.token) == (0, "ZZ")


def test_notation_error_is_a_value_error() -> None:
    """NotationError is a RailroadCanastaError and a ValueError, so callers may catch either."""
    assert issubclass(NotationError, RailroadCanastaError)
    assert issubclass(NotationError, ValueError)
    with pytest.raises(ValueError, match="unknown suit"):
        parse_cards("9X")


@given(st.text())
def test_parse_cards_on_any_text(text: str) -> None:
    """parse_cards of arbitrary text returns a tuple of cards or raises NotationError, nothing else."""
    try:
        cards = parse_cards(text)
    except NotationError as err:
        assert 0 <= err.position < len(text.split())
        assert err.token == text.split()[err.position]
    else:
        assert isinstance(cards, tuple)
        assert len(cards) == len(text.split())
        assert parse_cards(format_cards(cards)) == cards


@given(st.text())
def test_parse_kinds_on_any_text(text: str) -> None:
    """parse_kinds of arbitrary text returns a tuple of kinds or raises NotationError, nothing else."""
    try:
        kinds = parse_kinds(text)
    except NotationError as err:
        assert 0 <= err.position < len(text.split())
        assert err.token == text.split()[err.position]
    else:
        assert isinstance(kinds, tuple)
        assert len(kinds) == len(text.split())
        assert parse_kinds(format_kinds(kinds)) == kinds


@given(token_text_st)
def test_parse_on_token_soup(text: str) -> None:
    """Texts built from good and bad tokens parse to a round-tripping tuple or raise NotationError."""
    try:
        cards = parse_cards(text)
    except NotationError as err:
        assert err.token == text.split()[err.position]
    else:
        assert parse_cards(format_cards(cards)) == cards
    try:
        kinds = parse_kinds(text)
    except NotationError as err:
        assert err.token == text.split()[err.position]
    else:
        assert parse_kinds(format_kinds(kinds)) == kinds
