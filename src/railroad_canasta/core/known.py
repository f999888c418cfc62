"""Cards known to be in a hand: what a player with a perfect memory of the table knows of each hand.

The variants' transitions keep them (R-VIS-1, R-CL-VIS-1): cards taken with the pile join the taker's
known cards when they reach the hand; a card of a kind leaving the hand (melded, laid off, discarded)
takes one from the known count of its kind, never below zero; the round's end forgets them. Known cards
are always a part of the hand (a sub-multiset).

A state keeps them packed in one integer (``known_bits``): byte ``k`` (bits ``8k`` to ``8k + 7``) is the
count of kind ``k``, one hand after the other for a whole table (:data:`HAND_BITS` bits a seat). Zero is
"nothing known", the usual case: one truth test; an update is a shift and a subtraction, no tuple built.
Views show them as counts by kind (:func:`unpack`).

>>> from railroad_canasta.core.cards import Kind, counts_of
>>> seen = pack(counts_of([Kind.SEVEN, Kind.SEVEN, Kind.KING]))
>>> unpack(seen)[Kind.SEVEN], unpack(seen)[Kind.KING]
(2, 1)
>>> after = less_one(seen, Kind.SEVEN)
>>> unpack(after)[Kind.SEVEN], less_one(less_one(after, Kind.SEVEN), Kind.KING)
(1, 0)
>>> hand = counts_of([Kind.ACE])
>>> now = unpack(joined_between(seen, hand, counts_of([Kind.ACE, Kind.ACE, Kind.KING])))
>>> now[Kind.SEVEN], now[Kind.KING], now[Kind.ACE]
(2, 2, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from railroad_canasta.core.cards import KIND_COUNT, Counts, Kind
from railroad_canasta.core.moves import AddToMeld, StartMeld, TakePile, TakePileMixed

__all__ = [
    "BYTE",
    "HAND_BITS",
    "ONE",
    "ZEROS",
    "joined",
    "joined_between",
    "known_problem",
    "left",
    "left_hand",
    "less",
    "less_one",
    "pack",
    "seat_bits",
    "size_problem",
    "unpack",
    "with_seat",
    "within",
]

_JOKER: Final = Kind.JOKER
_TWO: Final = Kind.TWO
#: The bits of one hand's known cards: a byte a kind.
HAND_BITS: Final = 8 * KIND_COUNT
# Per seat of a table (eight at most; a hand's bits are seat 0's) and kind, at ``seat * KIND_COUNT +
# kind``: the shift of the kind's byte, one card of it, the whole byte. An update tests with one ``&``
# and takes with one ``-``, without shifting the whole table's integer.
_SHIFT: Final = tuple(HAND_BITS * seat + 8 * kind for seat in range(8) for kind in range(KIND_COUNT))
#: One card of a kind, at ``seat * KIND_COUNT + kind``, packed: :func:`less_one` subtracts it.
ONE: Final = tuple(1 << shift for shift in _SHIFT)
#: The whole byte of a kind's count, at ``seat * KIND_COUNT + kind``: ``bits & BYTE[at]`` is nonzero when
#: a card of the kind is known. A transition that takes one card away on every move of a kind (a discard,
#: a card laid off) writes :func:`less_one` out with these two tables, which saves the call on the hot path
#: (``bench/compare_moves.py``); the reference test of R-VIS-1 and R-CL-VIS-1 checks every such update.
BYTE: Final = tuple(255 << shift for shift in _SHIFT)
_HAND_MASK: Final = (1 << HAND_BITS) - 1
#: Every count zero: what a view shows for a hand with no card known.
ZEROS: Final[Counts] = (0,) * KIND_COUNT


def pack(cards: Iterable[int]) -> int:
    """Counts by kind (each under 256) packed a byte a kind; ``0`` for none."""
    return int.from_bytes(bytes(cards), "little")


def unpack(bits: int) -> Counts:
    """One hand's packed known cards as counts by kind."""
    return tuple(bits.to_bytes(KIND_COUNT, "little"))


def seat_bits(bits: int, seat: int) -> int:
    """The packed known cards of ``seat`` in a whole table's ``bits``."""
    return (bits >> (HAND_BITS * seat)) & _HAND_MASK


def with_seat(bits: int, seat: int, old: int, new: int) -> int:
    """A whole table's ``bits`` with ``seat``'s packed known cards changed from ``old`` to ``new``."""
    return bits + ((new - old) << (HAND_BITS * seat))


def joined(bits: int, cards: Iterable[int]) -> int:
    """One hand's ``bits`` with ``cards`` (by kind) added: cards that reached the hand in sight of all."""
    return bits + pack(cards)


def joined_between(bits: int, before: Sequence[int], after: Sequence[int]) -> int:
    """One hand's ``bits`` once the cards of ``after`` beyond ``before`` (both counts by kind, ``after``
    holding at least ``before`` of each kind) reached the hand in sight of all: :func:`joined` of the
    difference, packed as two wholes (no count built per kind)."""
    return bits + pack(after) - pack(before)


def less(bits: int, card: Kind, count: int, seat: int = 0) -> int:
    """``bits`` (a hand's, or a table's whose ``seat`` it is) once ``count`` cards of ``card``'s kind left
    the hand: that kind's known count less ``count``, never below zero."""
    at = seat * KIND_COUNT + card
    if not bits & BYTE[at]:
        return bits
    have = (bits >> _SHIFT[at]) & 255
    return bits - (have if have < count else count) * ONE[at]


def less_one(bits: int, card: Kind, seat: int = 0) -> int:
    """``bits`` (a hand's, or a table's whose ``seat`` it is) once one ``card`` left the hand (a discard, a
    card laid off): :func:`less` of one card, without reading the count."""
    at = seat * KIND_COUNT + card
    return bits - ONE[at] if bits & BYTE[at] else bits


def left(bits: int, move: object, seat: int = 0) -> int:
    """``bits`` (a hand's, or a table's whose ``seat`` it is) once the hand's cards of a step left the hand:
    a meld step's (``StartMeld``, ``AddToMeld``), or a pickup's that go to the table with the top card: a
    natural pair (``TakePile``), a natural and a wild card (``TakePileMixed``); no other move's."""
    if type(move) is AddToMeld:
        return less_one(bits, move.card, seat)
    if type(move) is StartMeld:
        bits = less(bits, move.rank, move.naturals, seat)
        if move.jokers:
            bits = less(bits, _JOKER, move.jokers, seat)
        if move.twos:
            bits = less(bits, _TWO, move.twos, seat)
        return bits
    if type(move) is TakePile:
        return less(bits, move.rank, 2, seat)
    if type(move) is TakePileMixed:
        return less(less(bits, move.rank, 1, seat), move.wild, 1, seat)
    return bits


def left_hand(bits: int, before: Sequence[int], after: Sequence[int]) -> int:
    """One hand's ``bits`` once the hand went from ``before`` to ``after``: each card of a kind that left
    takes one from that kind's known count, never below zero (cards that arrived add nothing here)."""
    if not bits:
        return bits
    for kind, (b, a) in enumerate(zip(before, after, strict=True)):
        if b > a:
            shift = 8 * kind
            have = (bits >> shift) & 255
            if have:
                bits -= min(have, b - a) << shift
    return bits


def within(known: Counts, hand: Counts) -> bool:
    """The known cards are a part of ``hand`` (none is known that the hand does not hold)."""
    return len(known) == len(hand) and all(0 <= k <= h for k, h in zip(known, hand, strict=True))


def known_problem(known: Counts, hand: Counts) -> str | None:
    """What is wrong with ``known`` as the known cards of ``hand`` (``None``: nothing): they are a part of
    the hand and hold no red 3 (one goes down at once)."""
    if len(known) != len(hand):
        return f"has {len(known)} counts, not one a kind ({len(hand)})"
    if known[Kind.RED_THREE]:
        return "holds a red 3, which never stays in a hand"
    if not within(known, hand):
        return "holds a card the hand does not hold"
    return None


def size_problem(known: Counts, hand_size: int) -> str | None:
    """What is wrong with ``known`` as the known cards of a hidden hand of ``hand_size`` cards."""
    if len(known) != KIND_COUNT:
        return f"has {len(known)} counts, not one a kind ({KIND_COUNT})"
    if any(k < 0 for k in known):
        return "holds a negative count"
    if known[Kind.RED_THREE]:
        return "holds a red 3, which never stays in a hand"
    if sum(known) > hand_size:
        return f"holds {sum(known)} cards, more than the hand's {hand_size}"
    return None
