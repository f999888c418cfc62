"""Meld-step candidates: the steps whose cards are in hand and whose meld would be well formed.

The move generator and the requirement search ask this first, then the step tables of
:mod:`~railroad_canasta.variants.railroad.steps` decide. The candidates of each rank are made once, as the
shared move instances, and picked by the rank's count in hand and the wild cards of its unfinished meld;
``tests/test_oracle.py`` checks that nothing the tables allow is left out.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from railroad_canasta.core.cards import KIND_COUNT, NATURAL_KINDS, Counts, Kind
from railroad_canasta.core.moves import AddToMeld, StartMeld, add_to_meld, start_meld
from railroad_canasta.variants.railroad.melds import (
    CANASTA_SIZE,
    MAX_WILDS,
    MIN_MELD,
    MIN_NATURALS,
    TableMeld,
)
from railroad_canasta.variants.railroad.rules import Rules

__all__ = ["step_candidates"]

_J = Kind.JOKER
_T = Kind.TWO
_NATURALS_HIGH_FIRST = tuple(reversed(NATURAL_KINDS))


def _by_rank(make: Callable[[Kind], StartMeld | AddToMeld], used: int) -> tuple[_Candidate, ...]:
    """For every natural rank (indexed by kind), the shared candidate ``make`` answers, with its cards."""
    return tuple((make(Kind(k)), used) for k in range(KIND_COUNT))


_Candidate = tuple[StartMeld | AddToMeld, int]
_NATURAL_INDEXES_HIGH_FIRST = tuple(int(k) for k in _NATURALS_HIGH_FIRST)
# The candidates of each natural rank, made once (the moves are the shared instances).
_ADD_SELF = _by_rank(lambda r: add_to_meld(r, r), 1)
_ADD_JOKER = _by_rank(lambda r: add_to_meld(r, _J), 1)
_ADD_TWO = _by_rank(lambda r: add_to_meld(r, _T), 1)
_START_THREE = _by_rank(lambda r: start_meld(r, 3), MIN_MELD)
_START_JOKER = _by_rank(lambda r: start_meld(r, 2, 1, 0), MIN_MELD)
_START_TWO = _by_rank(lambda r: start_meld(r, 2, 0, 1), MIN_MELD)
_SEVEN_INDEX = int(Kind.SEVEN)
_B3_INDEX = int(Kind.BLACK_THREE)


@functools.cache
def _wild_starts(jokers: int, twos: int, size: int) -> tuple[_Candidate, ...]:
    """The wild melds of ``size`` cards that ``jokers`` jokers and ``twos`` 2s start, most jokers first."""
    return tuple(
        (start_meld(_J, 0, j, size - j), size) for j in range(min(jokers, size), -1, -1) if size - j <= twos
    )


def step_candidates(hand: Counts, melds: tuple[TableMeld, ...], rules: Rules) -> list[_Candidate]:
    """The meld steps whose cards are in hand and whose meld would be well formed, with the cards each uses.

    A fast pre-filter of the step tables: whether each is legal (cards kept in hand, the requirement) is for
    the guards to say; the oracle tests prove that nothing legal is left out.
    """
    out: list[_Candidate] = []
    append = out.append
    jokers, twos = hand[0], hand[1]
    wild_cards = jokers or twos
    sevens_wild = not rules.sevens_natural_only
    # rule: R-MLD-2
    # The wild cards of each unfinished meld, by rank (-1: no unfinished meld of the rank).
    wilds = [-1] * KIND_COUNT
    for m in melds:
        if m.naturals + m.jokers + m.twos < CANASTA_SIZE and m.rank != _B3_INDEX:
            wilds[m.rank] = m.jokers + m.twos
    for rank in _NATURAL_INDEXES_HIGH_FIRST:
        count = hand[rank]
        held = wilds[rank]
        if held >= 0:
            if count:
                append(_ADD_SELF[rank])
            if wild_cards and held < MAX_WILDS and (sevens_wild or rank != _SEVEN_INDEX):
                if jokers:
                    append(_ADD_JOKER[rank])
                if twos:
                    append(_ADD_TWO[rank])
        elif count >= MIN_NATURALS:
            if count >= MIN_MELD:
                append(_START_THREE[rank])
            if wild_cards and (sevens_wild or rank != _SEVEN_INDEX):
                if jokers:
                    append(_START_JOKER[rank])
                if twos:
                    append(_START_TWO[rank])
    # rule: R-DEC-9
    if rules.wild_melds:
        if wilds[0] >= 0:
            if jokers:
                out.append((add_to_meld(_J, _J), 1))
            if twos:
                out.append((add_to_meld(_J, _T), 1))
        elif jokers + twos >= MIN_MELD:
            out.extend(_wild_starts(min(jokers, MIN_MELD), min(twos, MIN_MELD), MIN_MELD))
    elif jokers + twos >= CANASTA_SIZE:
        out.extend(_wild_starts(min(jokers, CANASTA_SIZE), min(twos, CANASTA_SIZE), CANASTA_SIZE))
    return out
