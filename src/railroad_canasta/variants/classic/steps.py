"""The meld steps a player might make: the candidates the guards judge.

A meld is started with three cards (R-CL-MLD-4) and grown one card at a time;
black 3s go down as three or four at once (R-CL-MLD-2). The candidates are well
formed and from the hand; the guard tables decide which are legal.

>>> from railroad_canasta.core.cards import counts_of, parse_kinds
>>> [str(m) for m in start_candidates(counts_of(parse_kinds("9 9 9 JK")), ())]
['meld 9 9 9', 'meld 9 9 JK']
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain, product
from typing import cast

from railroad_canasta.core.cards import KIND_COUNT, KIND_POINTS, NATURAL_KINDS, Counts, Kind
from railroad_canasta.core.frozen import builder
from railroad_canasta.core.melds import Meld, meld_of
from railroad_canasta.core.moves import (
    AddToMeld,
    Move,
    StartMeld,
    TakePile,
    TakePileMixed,
    add_to_meld,
    start_meld,
)
from railroad_canasta.variants.classic.arithmetic import CANASTA_SIZE, wild_room

__all__ = [
    "candidates_of",
    "counted_candidates",
    "start_candidates",
    "stepped",
]

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
    if k != _B3
    else ((),) * 8  # nothing is added to black 3s (R-CL-MLD-2)
    for k in range(KIND_COUNT)
)


#: The room for wild cards of a meld of so many naturals and no wild card: a meld with ``w`` wild cards has
#: ``w`` less (``wild_room``'s contract), so it takes one more while ``w`` is under this.
_WILD_ROOM = bytes(wild_room(n, 0) for n in range(256))
#: Each count of a kind in hand read as its start code: under two none (0), two a pair (1), three or more a
#: trio (2). The hand's counts, as bytes, translated by it, are the hand's start codes.
_START_CODE = bytes(min(n, 3) - 1 if n >= 2 else 0 for n in range(256))
#: The natural ranks in two runs of kinds, 4 to 9 and 10 to ace: a table of each run's start codes is small.
_RUNS = (slice(_NATURALS[0], 10), slice(10, KIND_COUNT))


def _run_starts(run: slice, wilds: int) -> dict[bytes, tuple[_Step, ...]]:
    """The starts of every start code of the ranks of ``run``, with the wild cards ``wilds``.

    A rank held twice starts with a joker or a 2 (held), thrice also with three naturals: the picks of
    ``_STARTS``, listed rank by rank (R-CL-MLD-4).
    """
    return {
        bytes(codes): tuple(
            chain.from_iterable(
                _STARTS[rank][(0, wilds, 4 | wilds)[code]]
                for rank, code in zip(range(run.start, run.stop), codes, strict=True)
            )
        )
        for codes in product(range(3), repeat=run.stop - run.start)
    }


#: The starts of each run of ranks by the wild cards in hand (the code of ``_STARTS``' joker and 2 bits)
#: and by its ranks' start codes: 3**6 and 3**5 codes, made once.
_RUN_STARTS = tuple(tuple(_run_starts(run, wilds) for wilds in range(4)) for run in _RUNS)
_LOW, _HIGH = _RUNS
_LOW_STARTS, _HIGH_STARTS = _RUN_STARTS
#: The starts of black 3s, three or four (R-CL-MLD-2), made once.
_B3_STARTS = (start_meld(_B3, 3), start_meld(_B3, 4))


def start_candidates(hand: Counts, melds: tuple[Meld, ...]) -> list[_Step]:
    """The melds of three cards (or black 3s) the hand could start, ranks without a meld only: the starts
    among the candidates (:func:`counted_candidates` lists them first)."""
    return [move for move in counted_candidates(hand, melds)[0] if type(move) is StartMeld]


def candidates_of(hand: Counts, melds: tuple[Meld, ...]) -> list[StartMeld | AddToMeld]:
    """The meld candidates (see :func:`meld_candidates`) of ``hand`` with the side's ``melds``."""
    return cast("list[StartMeld | AddToMeld]", counted_candidates(hand, melds)[0])


def counted_candidates(hand: Counts, melds: tuple[Meld, ...]) -> tuple[list[Move], int]:
    """The meld candidates of ``hand`` with the side's ``melds`` (:func:`candidates_of`), and the side's
    canastas (``Side.canastas``), counted in the same pass over the melds: the move generator needs both
    (and adds the phase's other moves to the list: a list of moves).
    """
    free = bytearray(hand)
    adds: list[Move] = []
    canastas = 0
    if hand[_J] or hand[_T]:
        wilds = (2 if hand[_J] else 0) | (1 if hand[_T] else 0)
        for meld in melds:
            rank = meld.rank
            free[rank] = 0
            naturals = meld.naturals
            wild = meld.jokers + meld.twos
            # rule: R-CL-CAN-1
            if naturals + wild >= CANASTA_SIZE:
                canastas += 1
            if wild < _WILD_ROOM[naturals]:
                adds += _ADDS[rank][(4 if hand[rank] else 0) | wilds]
            elif hand[rank]:
                adds += _ADDS[rank][4]
    else:
        # A hand without wild cards (most hands): the same loop, each meld offered its natural only.
        for meld in melds:
            rank = meld.rank
            free[rank] = 0
            # rule: R-CL-CAN-1
            if meld.naturals + meld.jokers + meld.twos >= CANASTA_SIZE:
                canastas += 1
            if hand[rank]:
                adds += _ADDS[rank][4]
        wilds = 0
    # The starts, of the ranks without a meld (``free``): the natural starts looked up by the start codes of
    # each run of ranks (``_RUN_STARTS``, in C where a loop over the ranks would run in Python); black 3s go
    # down as three or four (R-CL-MLD-2). Then the adds.
    codes = bytes(free).translate(_START_CODE)
    out: list[Move] = [*_LOW_STARTS[wilds][codes[_LOW]], *_HIGH_STARTS[wilds][codes[_HIGH]]]
    if codes[_B3] == 2:  # (three black 3s or more: a trio's start code)
        # Four black 3s may also go down as three, the fourth the final discard (R-CL-DEC-7's default).
        threes = free[_B3]
        if threes <= 4:
            out += _B3_STARTS[: threes - 2]
        elif threes == 5:
            # Five (six players hold twelve): four go down, the fifth is the final discard.
            out.append(_B3_STARTS[1])
    out += adds
    return out, canastas


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
    """``melds`` with the meld of ``rank`` grown (the side has one)."""
    for index, meld in enumerate(melds):
        if meld.rank is rank:
            # (a list's item replaced and made a tuple: faster than a tuple spliced from slices)
            grown = list(melds)
            grown[index] = _grown(meld, card, count)
            return tuple(grown)
    return melds


def stepped(
    held: Counts, melds: tuple[Meld, ...], pile: Sequence[Kind], move: Move
) -> tuple[Counts, tuple[Meld, ...], int]:
    """:func:`step_result` of the mover's hand ``held``, the side's ``melds`` and the ``pile``: for callers
    that hold them already (the transition and the move generator).
    """
    hand = list(held)
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
    top = pile[-1]
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
