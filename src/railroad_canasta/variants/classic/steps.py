"""The meld steps a player might make: the candidates the guards judge.

A meld is started with three cards (R-CL-MLD-4) and grown one card at a time;
black 3s go down as three or four at once (R-CL-MLD-2). The candidates are well
formed and from the hand; the guard tables decide which are legal.

>>> from railroad_canasta.core.cards import counts_of, parse_kinds
>>> [str(m) for m in start_candidates(counts_of(parse_kinds("9 9 9 JK")), ())]
['meld 9 9 9', 'meld 9 9 JK']
"""

from __future__ import annotations

from railroad_canasta.core.cards import NATURAL_KINDS, Counts, Kind
from railroad_canasta.core.melds import Meld
from railroad_canasta.core.moves import Move, add_to_meld, start_meld
from railroad_canasta.variants.classic.state import Position

__all__ = ["meld_candidates", "start_candidates"]

_J = Kind.JOKER
_T = Kind.TWO
_B3 = Kind.BLACK_THREE


def start_candidates(hand: Counts, melds: tuple[Meld, ...]) -> list[Move]:
    """The melds of three cards (or black 3s) the hand could start, ranks without a meld only."""
    taken = {m.rank for m in melds}
    out: list[Move] = []
    jokers, twos = hand[_J], hand[_T]
    for rank in NATURAL_KINDS:
        count = hand[rank]
        if count < 2 or rank in taken:
            continue
        if count >= 3:
            out.append(start_meld(rank, 3))
        if jokers:
            out.append(start_meld(rank, 2, 1))
        if twos:
            out.append(start_meld(rank, 2, 0, 1))
    threes = hand[_B3]
    if 3 <= threes <= 4 and _B3 not in taken:
        out.append(start_meld(_B3, threes))
    return out


def meld_candidates(position: Position) -> list[Move]:
    """Every meld step worth asking the guards about: starts, then adds to the side's melds."""
    hand = position.mover_hand
    melds = position.mover_side.melds
    out = start_candidates(hand, melds)
    for meld in melds:
        rank = meld.rank
        if rank is _B3:
            continue
        if hand[rank]:
            out.append(add_to_meld(rank, rank))
        if hand[_J]:
            out.append(add_to_meld(rank, _J))
        if hand[_T]:
            out.append(add_to_meld(rank, _T))
    return out
