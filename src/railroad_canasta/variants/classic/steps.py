"""The meld steps a player might make: the candidates the guards judge.

A meld is started with three cards (R-CL-MLD-4) and grown one card at a time;
black 3s go down as three or four at once (R-CL-MLD-2). The candidates are well
formed and from the hand; the guard tables decide which are legal.

>>> from railroad_canasta.core.cards import counts_of, parse_kinds
>>> [str(m) for m in start_candidates(counts_of(parse_kinds("9 9 9 JK")), ())]
['meld 9 9 9', 'meld 9 9 JK']
"""

from __future__ import annotations

from typing import cast

from railroad_canasta.core.cards import KIND_COUNT, KIND_POINTS, NATURAL_KINDS, Counts, Kind
from railroad_canasta.core.frozen import builder
from railroad_canasta.core.melds import Meld
from railroad_canasta.core.moves import (
    AddToMeld,
    Move,
    StartMeld,
    TakePile,
    TakePileMixed,
    add_to_meld,
    start_meld,
)
from railroad_canasta.variants.classic.arithmetic import wild_room
from railroad_canasta.variants.classic.state import Position, meld_of

__all__ = ["candidates_of", "meld_candidates", "start_candidates", "step_result"]

_J = Kind.JOKER
_T = Kind.TWO
_B3 = Kind.BLACK_THREE
_NATURALS = tuple(int(k) for k in NATURAL_KINDS)


_Step = StartMeld | AddToMeld


def _choices(moves: tuple[_Step, _Step, _Step]) -> tuple[tuple[_Step, ...], ...]:
    """The moves kept by each 3-bit code (first, second, third move), in order: the code picks a subset."""
    return tuple(tuple(m for bit, m in zip((4, 2, 1), moves, strict=True) if code & bit) for code in range(8))


# The candidates of each natural rank (indexed by kind), made once as the shared move instances and
# picked by a code: three naturals in hand (4), a joker (2), a 2 (1) for starts; a natural of the rank,
# a joker, a 2 that the meld has room for, for adds.
_STARTS = tuple(
    _choices((start_meld(Kind(k), 3), start_meld(Kind(k), 2, 1), start_meld(Kind(k), 2, 0, 1)))
    if k in _NATURALS
    else ()
    for k in range(KIND_COUNT)
)
_ADDS = tuple(
    _choices((add_to_meld(Kind(k), Kind(k)), add_to_meld(Kind(k), _J), add_to_meld(Kind(k), _T)))
    for k in range(KIND_COUNT)
)


def start_candidates(hand: Counts, melds: tuple[Meld, ...]) -> list[_Step]:
    """The melds of three cards (or black 3s) the hand could start, ranks without a meld only."""
    taken = 0
    for m in melds:
        taken |= 1 << m.rank
    out: list[_Step] = []
    wilds = (2 if hand[_J] else 0) | (1 if hand[_T] else 0)
    for rank, count in zip(_NATURALS, hand[_NATURALS[0] :], strict=True):
        if count >= 2 and not taken >> rank & 1:
            out += _STARTS[rank][(4 if count >= 3 else 0) | wilds]
    threes = hand[_B3]
    if 3 <= threes <= 4 and not taken >> _B3 & 1:
        out.append(start_meld(_B3, threes))
    return out


def meld_candidates(position: Position) -> list[StartMeld | AddToMeld]:
    """Every meld step worth asking the guards about: starts, then adds to the side's melds.

    A wild card is offered to a meld only while it has room for one (at most three wild cards, never
    more than the naturals, R-CL-MLD-1): the guards would refuse the others.
    """
    return candidates_of(position.mover_hand, position.mover_side.melds)


def candidates_of(hand: Counts, melds: tuple[Meld, ...]) -> list[StartMeld | AddToMeld]:
    """The meld candidates (see :func:`meld_candidates`) of ``hand`` with the side's ``melds``."""
    out = start_candidates(hand, melds)
    wilds = (2 if hand[_J] else 0) | (1 if hand[_T] else 0)
    for meld in melds:
        rank = meld.rank
        if rank is _B3:
            continue
        code = 4 if hand[rank] else 0
        if wilds and wild_room(meld.naturals, meld.jokers + meld.twos) > 0:
            code |= wilds
        if code:
            out += _ADDS[rank][code]
    return out


#: Build a meld from its four fields, without ``__init__`` (trusted code).
_new_meld = builder(Meld)


def _grown(meld: Meld, card: Kind, count: int) -> Meld:
    """``meld`` with ``count`` more cards of ``card``'s kind (``Meld.added``, ``count`` times)."""
    if card is _J:
        return _new_meld(meld.rank, meld.naturals, meld.jokers + count, meld.twos)
    if card is _T:
        return _new_meld(meld.rank, meld.naturals, meld.jokers, meld.twos + count)
    return _new_meld(meld.rank, meld.naturals + count, meld.jokers, meld.twos)


def _grow_meld(melds: tuple[Meld, ...], rank: Kind, card: Kind, count: int) -> tuple[Meld, ...]:
    return tuple(_grown(m, card, count) if m.rank is rank else m for m in melds)


def step_result(position: Position, move: Move) -> tuple[Counts, tuple[Meld, ...], int]:
    """The mover's hand (pile cards left out), the side's melds and the card values melded, after ``move``.

    ``move`` is a meld step or a pickup whose cards are in hand (the guards before the floor rows say so).
    """
    hand = list(position.mover_hand)
    melds = position.mover_side.melds
    kind = type(move)
    if kind is AddToMeld:
        card = cast("AddToMeld", move).card
        hand[card] -= 1
        return tuple(hand), _grow_meld(melds, cast("AddToMeld", move).rank, card, 1), KIND_POINTS[card]
    if kind is StartMeld:
        start = cast("StartMeld", move)
        hand[start.rank] -= start.naturals
        hand[_J] -= start.jokers
        hand[_T] -= start.twos
        meld = _new_meld(start.rank, start.naturals, start.jokers, start.twos)
        return tuple(hand), (*melds, meld), meld.points
    top = position.pile[-1]
    if kind is TakePile:
        hand[cast("TakePile", move).rank] -= 2
        if meld_of(melds, top) is None:
            return tuple(hand), (*melds, _new_meld(top, 3, 0, 0)), 3 * KIND_POINTS[top]
        return tuple(hand), _grow_meld(melds, top, top, 3), 3 * KIND_POINTS[top]
    if kind is TakePileMixed:
        mixed = cast("TakePileMixed", move)
        hand[mixed.rank] -= 1
        hand[mixed.wild] -= 1
        meld = _grown(_new_meld(top, 2, 0, 0), mixed.wild, 1)
        return tuple(hand), (*melds, meld), meld.points
    # take-top
    return tuple(hand), _grow_meld(melds, top, top, 1), KIND_POINTS[top]
