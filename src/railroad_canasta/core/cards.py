"""Cards, card kinds, values, notation and the pack.

The engine identifies a card by its :class:`Kind` (rule: R-CRD-6): a joker, a 2,
a red 3, a black 3 or one of the eleven natural ranks. Suits exist only on
:class:`Card`, the physical card used for notation and for building the pack.

>>> parse_cards("AS 10H 7D 2C JK")  # doctest: +NORMALIZE_WHITESPACE
(Card.from_text('AS'), Card.from_text('10H'), Card.from_text('7D'),
 Card.from_text('2C'), Card.from_text('JK'))
>>> format_cards(parse_cards("as 10h jk"))
'AS 10H JK'
>>> Card.from_text("3H").kind
Kind.RED_THREE
>>> format_kinds(parse_kinds("9 9S JK 2 R3"))
'9 9 JK 2 R3'
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

import attrs

from railroad_canasta.core.errors import NotationError, describe_type, need_text

__all__ = [
    "CARDS_PER_PLAYER",
    "KIND_COUNT",
    "KIND_POINTS",
    "NATURAL_KINDS",
    "WILD_KINDS",
    "Card",
    "Counts",
    "Kind",
    "Rank",
    "Suit",
    "card_value",
    "counts_of",
    "empty_counts",
    "format_cards",
    "format_kinds",
    "kinds_of",
    "pack",
    "pack_counts",
    "pack_size",
    "parse_cards",
    "parse_kind",
    "parse_kinds",
]


class Suit(enum.Enum):
    """The four suits. Only the colour of a 3 has a rule meaning (R-CRD-5)."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    def __repr__(self) -> str:
        return f"Suit.{self.name}"

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self is Suit.HEARTS or self is Suit.DIAMONDS


class Rank(enum.Enum):
    """The rank printed on a physical card (jokers have their own rank)."""

    JOKER = "JK"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


class Kind(enum.IntEnum):
    """What a card is for the rules (R-CRD-6).

    The integer value is the index of the kind in a :data:`Counts` vector;
    natural ranks 4 to 10 have their own number as value.
    """

    JOKER = 0
    TWO = 1
    RED_THREE = 2
    BLACK_THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    def __repr__(self) -> str:
        return f"Kind.{self.name}"

    def __str__(self) -> str:
        return _KIND_TEXT[self]

    @property
    def is_wild(self) -> bool:
        """Jokers and 2s are wild (R-CRD-3)."""
        return self <= HIGHEST_WILD

    @property
    def is_natural(self) -> bool:
        """The natural ranks are 4 to ace (R-CRD-2)."""
        return self >= LOWEST_NATURAL

    @property
    def points(self) -> int:
        """The card value of this kind (R-CRD-4)."""
        return KIND_POINTS[self]

    @property
    def notation(self) -> str:
        """The kind's token in kind notation: ``JK 2 R3 B3 4 .. 10 J Q K A``."""
        return _KIND_TEXT[self]


#: The number of kinds, the length of a :data:`Counts` vector.
KIND_COUNT = 15

#: A multiset of cards: ``counts[kind]`` is how many cards of that kind.
Counts = tuple[int, ...]

# rule: R-CRD-2
#: The lowest natural kind: a kind is natural when it is at least this one (R-CRD-2), which the hot paths
#: compare with (``kind >= LOWEST_NATURAL``) rather than call ``Kind.is_natural``.
LOWEST_NATURAL = Kind.FOUR
# rule: R-CRD-3
#: The highest wild kind: a kind is wild when it is at most this one (R-CRD-3).
HIGHEST_WILD = Kind.TWO
#: The cards of each natural rank (and of 2s) in one deck: one per suit.
COPIES_PER_DECK = len(Suit)
#: The natural ranks, low to high (R-CRD-2).
NATURAL_KINDS: tuple[Kind, ...] = tuple(k for k in Kind if k >= LOWEST_NATURAL)
#: The wild kinds (R-CRD-3).
WILD_KINDS: tuple[Kind, ...] = (Kind.JOKER, Kind.TWO)

_KIND_TEXT: dict[Kind, str] = {
    Kind.JOKER: "JK",
    Kind.TWO: "2",
    Kind.RED_THREE: "R3",
    Kind.BLACK_THREE: "B3",
    Kind.FOUR: "4",
    Kind.FIVE: "5",
    Kind.SIX: "6",
    Kind.SEVEN: "7",
    Kind.EIGHT: "8",
    Kind.NINE: "9",
    Kind.TEN: "10",
    Kind.JACK: "J",
    Kind.QUEEN: "Q",
    Kind.KING: "K",
    Kind.ACE: "A",
}
_TEXT_KIND: dict[str, Kind] = {text: kind for kind, text in _KIND_TEXT.items()}
_TEXT_KIND["T"] = Kind.TEN


def card_value(kind: Kind) -> int:
    """Return the card value of ``kind`` (R-CRD-4); a red 3 has none.

    pre: 0 <= kind <= 14
    post: __return__ in (0, 5, 10, 20, 50)
    post: (__return__ == 0) == (kind == 2)
    post: (__return__ == 50) == (kind == 0)

    >>> card_value(Kind.JOKER), card_value(Kind.ACE), card_value(Kind.SEVEN)
    (50, 20, 5)
    """
    # rule: R-CRD-4
    if kind == Kind.JOKER:
        return 50
    if kind == Kind.TWO or kind == Kind.ACE:
        return 20
    if kind == Kind.RED_THREE:
        return 0
    if kind >= Kind.EIGHT:
        return 10
    return 5


#: Card values indexed by kind, for fast sums over :data:`Counts` (from :func:`card_value`).
KIND_POINTS: tuple[int, ...] = tuple(card_value(Kind(i)) for i in range(KIND_COUNT))
#: The values of a joker and of a 2 (R-CRD-4), for sums that count the wild cards by kind.
JOKER_POINTS = KIND_POINTS[Kind.JOKER]
TWO_POINTS = KIND_POINTS[Kind.TWO]


_RANK_KIND: dict[Rank, Kind] = {
    Rank.JOKER: Kind.JOKER,
    Rank.TWO: Kind.TWO,
    Rank.FOUR: Kind.FOUR,
    Rank.FIVE: Kind.FIVE,
    Rank.SIX: Kind.SIX,
    Rank.SEVEN: Kind.SEVEN,
    Rank.EIGHT: Kind.EIGHT,
    Rank.NINE: Kind.NINE,
    Rank.TEN: Kind.TEN,
    Rank.JACK: Kind.JACK,
    Rank.QUEEN: Kind.QUEEN,
    Rank.KING: Kind.KING,
    Rank.ACE: Kind.ACE,
}


def _check_card(instance: Card, attribute: attrs.Attribute[Suit | None], suit: Suit | None) -> None:
    if (instance.rank is Rank.JOKER) != (suit is None):
        raise ValueError("a joker has no suit and every other card has one")


@attrs.frozen(repr=False, order=False)
class Card:
    """A physical card: a rank and a suit, or a joker (suit ``None``)."""

    rank: Rank
    suit: Suit | None = attrs.field(default=None, validator=_check_card)

    @property
    def kind(self) -> Kind:
        """The card's kind for the rules (R-CRD-5, R-CRD-6)."""
        # rule: R-CRD-6
        if self.rank is Rank.THREE:
            assert self.suit is not None
            # rule: R-CRD-5
            return Kind.RED_THREE if self.suit.is_red else Kind.BLACK_THREE
        return _RANK_KIND[self.rank]

    @property
    def text(self) -> str:
        """The card in card notation, e.g. ``10H`` or ``JK``."""
        if self.suit is None:
            return self.rank.value
        return self.rank.value + self.suit.value

    @classmethod
    def from_text(cls, token: str) -> Card:
        """Read one card token such as ``AS``, ``10h``, ``TD`` or ``JK``."""
        need_text("Card.from_text", token)
        return _parse_card(token, token, 0)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card.from_text({self.text!r})"


_SUITS = {s.value: s for s in Suit}
_RANKS = {r.value: r for r in Rank if r is not Rank.JOKER}
_RANKS["T"] = Rank.TEN


def _parse_card(token: str, text: str, position: int) -> Card:
    if not token.isascii():
        raise NotationError(text, position, token, "cards are written in ASCII letters and digits (e.g. 9S)")
    up = token.upper()
    if up == "JK":
        return Card(Rank.JOKER)
    if len(up) < 2:
        raise NotationError(text, position, token, "a card is a rank followed by a suit (e.g. 9S) or JK")
    rank_text, suit_text = up[:-1], up[-1]
    suit = _SUITS.get(suit_text)
    if suit is None:
        raise NotationError(text, position, token, f"unknown suit {suit_text!r}: use C, D, H or S")
    rank = _RANKS.get(rank_text)
    if rank is None:
        raise NotationError(text, position, token, f"unknown rank {rank_text!r}: use 2-10, J, Q, K or A")
    return Card(rank, suit)


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read whitespace-separated card tokens; raise :class:`NotationError` naming the bad token."""
    need_text("parse_cards", text)
    return tuple(_parse_card(tok, text, i) for i, tok in enumerate(text.split()))


def format_cards(cards: Iterable[Card]) -> str:
    """Write cards in card notation, separated by single spaces."""
    try:
        return " ".join(card.text for card in cards)
    except (AttributeError, TypeError):
        raise TypeError(f"format_cards expects an iterable of Card, not {describe_type(cards)}") from None


def parse_kind(token: str, text: str | None = None, position: int = 0) -> Kind:
    """Read one kind token (``JK 2 R3 B3 4``-``10 J Q K A``) or one card token.

    A card token stands for its kind: ``9S`` is a nine, ``3H`` a red 3.
    """
    need_text("parse_kind", token)
    up = token.upper() if token.isascii() else token
    kind = _TEXT_KIND.get(up)
    if kind is not None:
        return kind
    if up == "3":
        raise NotationError(
            text if text is not None else token, position, token, "a 3 needs its colour: R3, B3 or a suit"
        )
    try:
        return _parse_card(token, text if text is not None else token, position).kind
    except NotationError:
        raise NotationError(
            text if text is not None else token,
            position,
            token,
            "not a card: use a kind (JK 2 R3 B3 4-10 J Q K A) or a card such as 9S",
        ) from None


def parse_kinds(text: str) -> tuple[Kind, ...]:
    """Read whitespace-separated kind or card tokens as kinds."""
    need_text("parse_kinds", text)
    return tuple(parse_kind(tok, text, i) for i, tok in enumerate(text.split()))


def format_kinds(kinds: Iterable[Kind]) -> str:
    """Write kinds in kind notation, separated by single spaces."""
    try:
        return " ".join(_KIND_TEXT[k] for k in kinds)
    except (KeyError, TypeError):
        raise TypeError(f"format_kinds expects an iterable of Kind, not {describe_type(kinds)}") from None


_EMPTY_COUNTS: Counts = (0,) * KIND_COUNT


def empty_counts() -> Counts:
    """A :data:`Counts` vector with no cards (one tuple, shared: it is immutable)."""
    return _EMPTY_COUNTS


def counts_of(kinds: Iterable[Kind]) -> Counts:
    """The :data:`Counts` vector of a sequence of kinds."""
    out = [0] * KIND_COUNT
    for k in kinds:
        out[k] += 1
    return tuple(out)


def kinds_of(counts: Counts) -> tuple[Kind, ...]:
    """The kinds of a :data:`Counts` vector, high ranks first, wilds last."""
    out: list[Kind] = []
    for i in range(KIND_COUNT - 1, -1, -1):
        out.extend([Kind(i)] * counts[i])
    return tuple(out)


#: Cards per player in the pack (R-CRD-1).
CARDS_PER_PLAYER = 106


def pack_size(players: int, decks_per_player: int = 2, jokers_per_player: int = 2) -> int:
    """The number of cards in the pack for ``players`` players (R-CRD-1).

    pre: 1 <= players <= 16
    pre: 1 <= decks_per_player <= 4
    pre: 0 <= jokers_per_player <= 4
    post: __return__ == players * (52 * decks_per_player + jokers_per_player)
    post: __return__ >= 52 * players

    >>> pack_size(2)
    212
    """
    # rule: R-CRD-1
    per_player = 52 * decks_per_player + jokers_per_player
    return players * per_player


def pack(players: int, decks_per_player: int = 2, jokers_per_player: int = 2) -> tuple[Card, ...]:
    """The unshuffled pack for ``players`` players, in a fixed order (R-CRD-1)."""
    deck = [Card(rank, suit) for suit in Suit for rank in Rank if rank is not Rank.JOKER]
    cards: list[Card] = []
    for _ in range(players):
        for _ in range(decks_per_player):
            cards.extend(deck)
        cards.extend(Card(Rank.JOKER) for _ in range(jokers_per_player))
    return tuple(cards)


def pack_counts(players: int, decks_per_player: int = 2, jokers_per_player: int = 2) -> Counts:
    """The :data:`Counts` of the whole pack: what the cards in play always add up to."""
    return counts_of(c.kind for c in pack(players, decks_per_player, jokers_per_player))
