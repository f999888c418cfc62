"""Cards known to be in a hand: what a player with a perfect memory of the table knows of each hand.

The rule (R-VIS-1, R-CL-VIS-1): cards taken with the pile join the taker's known cards when they reach the
hand; a card of a kind leaving the hand (melded, laid off, discarded) takes one from the known count of its
kind, never below zero; the round's end forgets them. Known cards are always a part of the hand (a
sub-multiset).

Known cards are packed in one integer: byte ``k`` (bits ``8k`` to ``8k + 7``) is the count of kind ``k``,
one hand after the other for a whole table (:data:`HAND_BITS` bits a seat). Zero is "nothing known".
Views show them as counts by kind (:func:`unpack`).

The transitions do not work the rule out move by move: they leave a :data:`Trail`, the packed cards at
some point and the public moves since, one tuple a move (see :data:`Trail`),
and :func:`folded` works the rule out when somebody asks (a view, an observation, the JSON writer,
equality). A trail is built only once a hand holds known cards (a falsy trail is ``0``, nothing known),
so a move costs one tuple then and nothing before; the round's end starts again from ``0``. Each answer
of :func:`folded` is remembered by the identity of the trail, so the states of one game read in order fold
one move each.

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
>>> from railroad_canasta.core.moves import Discard
>>> trail = (seen, 0, Discard(Kind.SEVEN), None)  # a seven discarded since
>>> later = (trail, 0, hand, counts_of([Kind.ACE, Kind.SEVEN]))  # then a seven joined the hand
>>> unpack(folded(trail))[Kind.SEVEN], folded(later) == seen
(1, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final, TypeAlias, cast

import attrs

from railroad_canasta.core.cards import KIND_COUNT, Counts, Kind
from railroad_canasta.core.moves import AddToMeld, Discard, Move, StartMeld, TakePile, TakePileMixed

__all__ = [
    "HAND_BITS",
    "ZEROS",
    "Trail",
    "folded",
    "folded_repr",
    "forget_folded",
    "joined_between",
    "known_problem",
    "left",
    "left_hand",
    "less",
    "less_one",
    "pack",
    "reduce_folded",
    "seat_bits",
    "size_problem",
    "trail_problem",
    "unpack",
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
_ONE: Final = tuple(1 << shift for shift in _SHIFT)
_BYTE: Final = tuple(255 << shift for shift in _SHIFT)
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


def joined_between(bits: int, before: Sequence[int], after: Sequence[int], seat: int = 0) -> int:
    """``bits`` (a hand's, or a table's whose ``seat`` it is) once the cards of ``after`` beyond ``before``
    (both counts by kind, ``after`` holding at least ``before`` of each kind) reached the hand in sight of
    all: the difference added, packed as two wholes (no count built per kind)."""
    return bits + ((pack(after) - pack(before)) << (HAND_BITS * seat))


def less(bits: int, card: Kind, count: int, seat: int = 0) -> int:
    """``bits`` (a hand's, or a table's whose ``seat`` it is) once ``count`` cards of ``card``'s kind left
    the hand: that kind's known count less ``count``, never below zero."""
    at = seat * KIND_COUNT + card
    if not bits & _BYTE[at]:
        return bits
    have = (bits >> _SHIFT[at]) & 255
    return bits - (have if have < count else count) * _ONE[at]


def less_one(bits: int, card: Kind, seat: int = 0) -> int:
    """``bits`` (a hand's, or a table's whose ``seat`` it is) once one ``card`` left the hand (a discard, a
    card laid off): :func:`less` of one card, without reading the count."""
    at = seat * KIND_COUNT + card
    return bits - _ONE[at] if bits & _BYTE[at] else bits


def left(bits: int, move: object, seat: int = 0) -> int:
    """``bits`` (a hand's, or a table's whose ``seat`` it is) once the hand's cards of a move left the hand:
    a meld step's (``StartMeld``, ``AddToMeld``), a discard's, or a pickup's that go to the table with the
    top card: a natural pair (``TakePile``), a natural and a wild card (``TakePileMixed``); no other
    move's."""
    if type(move) is AddToMeld or type(move) is Discard:
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


#: Known cards as a transition leaves them: packed bits (an ``int``), or a step ``(before, seat, a, b)``
#: after the trail ``before``: with ``b`` ``None``, the hand of ``seat`` (``0`` for a trail of one hand)
#: lost the cards the move ``a`` takes from a hand (:func:`left`); otherwise the cards of ``b`` beyond
#: ``a`` (counts by kind, ``b`` holding at least ``a`` of each) reached that hand in sight of all
#: (:func:`joined_between`). :func:`folded` gives the packed bits. The transitions write a step as a tuple
#: display, not through a function: a call would cost what the trail saves.
Trail: TypeAlias = "int | tuple[Trail, int, object, Counts | None]"
#: One step of a trail, as :func:`folded` reads it (``a`` counts by kind when ``b`` is not ``None``).
_Step: TypeAlias = tuple[object, int, Any, "Counts | None"]

#: The answers of :func:`folded` by the identity of the step, ``(step, bits)``. An entry holds its step, so
#: no other object can take the id while it lives. An entry keeps its trail alive, and trails kept alive
#: slow the garbage collector for everything else, so the answers are forgotten at every deal
#: (:func:`forget_folded`: a round's trails are no use after it) and at :data:`_MOST` entries. A game read
#: in order walks back one step a state; a long walk leaves an answer every :data:`_EVERY` steps, so a
#: trail read out of order walks back at most that far to one read before. (Written out rather than a
#: :class:`~railroad_canasta.core.restatements.IdentityMemo`: a view folds every hand's trail, and method
#: calls would cost it more than the fold.)
_FOLDED: dict[int, tuple[object, int]] = {}
_MOST: Final = 4096
_EVERY: Final = 16


def forget_folded() -> None:
    """Forget the answers :func:`folded` remembers (the variants' deals call it: known cards start again
    from none)."""
    _FOLDED.clear()


def folded(trail: Trail) -> int:
    """The packed known cards ``trail`` gives: its steps applied in order to the bits it starts from.

    Remembered by identity (:data:`_FOLDED`): a trail read again, or one step longer than a trail read
    before, costs one step. The steps are walked in a loop, however long the trail.
    """
    if type(trail) is int:
        return trail
    memo = _FOLDED
    entry = memo.get(id(trail))
    if entry is not None and entry[0] is trail:
        return entry[1]
    first = cast("_Step", trail)
    steps: list[_Step] = [first]
    at: object = first[0]
    while True:
        if type(at) is int:
            bits: int = at
            break
        entry = memo.get(id(at))
        if entry is not None and entry[0] is at:
            bits = entry[1]
            break
        step = cast("_Step", at)
        steps.append(step)
        at = step[0]
    if len(memo) + len(steps) // _EVERY >= _MOST:
        memo.clear()
    for left_to_do in range(len(steps) - 1, -1, -1):
        step = steps[left_to_do]
        bits = _after(bits, step[1], step[2], step[3])
        if not left_to_do % _EVERY:
            memo[id(step)] = (step, bits)
    return bits


def _after(bits: int, seat: int, a: Any, b: Counts | None) -> int:
    """``bits`` after one step of a trail (see :data:`Trail`)."""
    if b is not None:
        return joined_between(bits, a, b, seat)
    if not bits:
        return bits
    if type(a) is Discard or type(a) is AddToMeld:  # (the commonest steps: ``less_one`` written out)
        at = seat * KIND_COUNT + a.card
        return bits - _ONE[at] if bits & _BYTE[at] else bits
    return left(bits, a, seat)


def folded_repr(trail: Trail) -> str:
    """A trail as the ``repr`` of a record shows it: its packed bits (a record made from that ``repr`` holds
    the same known cards, and compares equal)."""
    return repr(folded(trail))


def trail_problem(trail: object, seats: int) -> str | None:
    """What is wrong with ``trail`` as a :data:`Trail` of a table of ``seats`` hands (``None``: nothing),
    looked at step by step without folding it: the packed bits it starts from are a non-negative ``int``;
    each step a 4-tuple whose seat is one of the table's, whose ``a`` is a move (``b`` ``None``; a move
    that takes no card from a hand changes nothing) or whose ``a`` and ``b`` are counts by kind, ``b``
    holding at least ``a`` of each kind."""
    at = trail
    while type(at) is tuple:
        if len(at) != 4:
            return f"has a step of {len(at)} items, not 4 (before, seat, a, b)"
        _, seat, a, b = at
        if type(seat) is not int or not 0 <= seat < seats:
            return f"has a step for seat {seat!r}, not one of the {seats} seats"
        if b is None:
            if not isinstance(a, Move):
                return f"has a step whose move is {a!r}, not a move"
        elif not (_is_counts(a) and _is_counts(b) and all(x <= y for x, y in zip(a, b, strict=True))):
            return "has a step whose cards are not counts by kind, the second holding the first"
        at = at[0]
    if type(at) is not int or at < 0:
        return f"starts from {at!r}, not packed counts (a non-negative int)"
    return None


def _is_counts(value: object) -> bool:
    return (
        type(value) is tuple
        and len(value) == KIND_COUNT
        and all(type(n) is int and 0 <= n < 256 for n in value)
    )


def reduce_folded(record: Any, field: str) -> tuple[type, tuple[object, ...]]:
    """What ``record.__reduce__`` answers for an attrs record whose ``field`` holds a :data:`Trail`: its
    class and its fields in order, the trail as the packed bits it gives. Pickles and copies hold the
    known cards, not the moves that made them (and no trail, however long, is walked by recursion)."""
    cls = type(record)
    names = attrs.fields_dict(cls)
    return cls, tuple(folded(getattr(record, n)) if n == field else getattr(record, n) for n in names)
