"""Meld-step candidates: the steps whose cards are in hand and whose meld would be well formed.

The move generator and the requirement search ask this first, then the step tables of
:mod:`~railroad_canasta.variants.railroad.steps` decide. The candidates of each rank are made once, as the
shared move instances, and picked by the rank's count in hand and the wild cards of its unfinished meld:
with the cards each uses (:func:`step_candidates`), or as the moves alone for the generator's fast path
(:func:`step_moves`, one loop over tables of the same moves); ``tests/railroad/test_oracle.py`` checks
that nothing the tables allow is left out, ``tests/railroad/test_meld_candidates.py`` that both readings
list the same moves.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import TypeVar

from railroad_canasta.core.cards import KIND_COUNT, NATURAL_KINDS, Counts, Kind
from railroad_canasta.core.moves import AddToMeld, Move, StartMeld, add_to_meld, start_meld
from railroad_canasta.variants.railroad.rules import (
    CANASTA_SIZE,
    MAX_WILDS,
    MIN_MELD,
    MIN_NATURALS,
    Rules,
    TableMeld,
)

__all__ = ["step_candidates", "step_moves"]

_J = Kind.JOKER
_T = Kind.TWO
_Step = StartMeld | AddToMeld
_Candidate = tuple[_Step, int]
_SEVEN_INDEX = int(Kind.SEVEN)
_NATURAL_INDEXES_HIGH_FIRST = tuple(int(k) for k in reversed(NATURAL_KINDS))
_move_of = itemgetter(0)


_Item = TypeVar("_Item")
#: Per natural rank (indexed by kind), one candidate: the natural card, a joker or a 2 added to its meld;
#: three naturals, two and a joker, two and a 2 starting one.
_RankTables = tuple[
    tuple[_Item, ...],
    tuple[_Item, ...],
    tuple[_Item, ...],
    tuple[_Item, ...],
    tuple[_Item, ...],
    tuple[_Item, ...],
]
_Make = Callable[[Kind], StartMeld | AddToMeld]


def _by_rank(make: _Make, used: int) -> tuple[_Candidate, ...]:
    """For every kind, the shared candidate ``make`` answers, with its cards (only naturals are read)."""
    return tuple((make(Kind(k)), used) for k in range(KIND_COUNT))


#: The candidates of each rank, made once (the moves are the shared instances), with the cards they use.
_CANDIDATES: _RankTables[_Candidate] = (
    _by_rank(lambda r: add_to_meld(r, r), 1),
    _by_rank(lambda r: add_to_meld(r, _J), 1),
    _by_rank(lambda r: add_to_meld(r, _T), 1),
    _by_rank(lambda r: start_meld(r, 3), MIN_MELD),
    _by_rank(lambda r: start_meld(r, 2, 1, 0), MIN_MELD),
    _by_rank(lambda r: start_meld(r, 2, 0, 1), MIN_MELD),
)


def _moves(candidates: tuple[_Candidate, ...]) -> tuple[Move, ...]:
    return tuple(map(_move_of, candidates))


#: The same, the moves alone (the generator's fast path, where the cards each uses are not needed).
_MOVES: _RankTables[Move] = (
    _moves(_CANDIDATES[0]),
    _moves(_CANDIDATES[1]),
    _moves(_CANDIDATES[2]),
    _moves(_CANDIDATES[3]),
    _moves(_CANDIDATES[4]),
    _moves(_CANDIDATES[5]),
)


def _wild_starts(jokers: int, twos: int, size: int) -> tuple[_Candidate, ...]:
    """The wild melds of ``size`` cards that ``jokers`` jokers and ``twos`` 2s start, most jokers first."""
    return tuple(
        (start_meld(_J, 0, j, size - j), size) for j in range(min(jokers, size), -1, -1) if size - j <= twos
    )


def _wild_steps(unfinished: bool, jokers: int, twos: int, wild_melds: bool) -> tuple[_Candidate, ...]:
    """The candidates of the wild meld (R-DEC-9), with ``jokers`` and ``twos`` counted up to 7."""
    # rule: R-DEC-9
    if wild_melds:
        if unfinished:
            adds: list[_Candidate] = []
            if jokers:
                adds.append((add_to_meld(_J, _J), 1))
            if twos:
                adds.append((add_to_meld(_J, _T), 1))
            return tuple(adds)
        if jokers + twos >= MIN_MELD:
            return _wild_starts(min(jokers, MIN_MELD), min(twos, MIN_MELD), MIN_MELD)
        return ()
    if jokers + twos >= CANASTA_SIZE:
        return _wild_starts(jokers, twos, CANASTA_SIZE)
    return ()


#: The wild meld's candidates by ``[wild_melds][unfinished][jokers][twos]`` (the counts up to 7: no step
#: uses more), read by index: every answer of :func:`_wild_steps`, made once.
_WildTables = tuple[tuple[tuple[tuple[tuple[_Item, ...], ...], ...], ...], ...]
_WILD_CANDIDATES: _WildTables[_Candidate] = tuple(
    tuple(
        tuple(
            tuple(_wild_steps(unfinished, jokers, twos, wild_melds) for twos in range(CANASTA_SIZE + 1))
            for jokers in range(CANASTA_SIZE + 1)
        )
        for unfinished in (False, True)
    )
    for wild_melds in (False, True)
)
#: The same, the moves alone.
_WILD_MOVES: _WildTables[Move] = tuple(
    tuple(tuple(tuple(_moves(c) for c in by_twos) for by_twos in by_jokers) for by_jokers in by_unfinished)
    for by_unfinished in _WILD_CANDIDATES
)

_Steps = Callable[[Counts, tuple[TableMeld, ...], Rules, list[_Item]], list[_Item]]


def _steps_of(tables: _RankTables[_Item], wild: _WildTables[_Item]) -> _Steps[_Item]:
    """The function that appends to a list the candidates of a hand and melds read from ``tables`` (and
    ``wild``, the wild meld's): one loop for both readings, with the tables bound once."""
    add_self, add_joker, add_two, start_three, start_joker, start_two = tables

    def steps(hand: Counts, melds: tuple[TableMeld, ...], rules: Rules, out: list[_Item]) -> list[_Item]:
        """Append to ``out`` the candidates of ``hand`` and ``melds``, high ranks first, then the wild
        meld's; answer ``out``."""
        append = out.append
        # rule: R-MLD-2
        # The wild cards of each unfinished meld, by rank (-1: no unfinished meld of the rank). The black
        # 3s' meld, never complete (R-MLD-5), is written in its slot like the others, which is never read.
        wilds = [-1] * KIND_COUNT
        for m in melds:
            held = m.jokers + m.twos
            if m.naturals + held < CANASTA_SIZE:
                wilds[m.rank] = held
        jokers = hand[0]
        twos = hand[1]
        if not (jokers or twos):
            # Without a wild card a rank gives at most one step, and only where it is held: its natural
            # card joins its unfinished meld, or three start one. The wild meld gives none: nothing joins
            # it, and no wild meld starts.
            for rank in _NATURAL_INDEXES_HIGH_FIRST:
                count = hand[rank]
                if count:
                    if wilds[rank] >= 0:
                        append(add_self[rank])
                    elif count >= MIN_MELD:
                        append(start_three[rank])
            return out
        sevens_wild = not rules.sevens_natural_only
        for rank in _NATURAL_INDEXES_HIGH_FIRST:
            count = hand[rank]
            held = wilds[rank]
            if held >= 0:
                if count:
                    append(add_self[rank])
                # rule: R-DEC-8
                if held < MAX_WILDS and (sevens_wild or rank != _SEVEN_INDEX):
                    if jokers:
                        append(add_joker[rank])
                    if twos:
                        append(add_two[rank])
            elif count >= MIN_NATURALS:
                if count >= MIN_MELD:
                    append(start_three[rank])
                if sevens_wild or rank != _SEVEN_INDEX:
                    if jokers:
                        append(start_joker[rank])
                    if twos:
                        append(start_two[rank])
        # (No step uses more than 7 wild cards: the counts are read up to 7.)
        out += wild[rules.wild_melds][wilds[0] >= 0][jokers if jokers < CANASTA_SIZE else CANASTA_SIZE][
            twos if twos < CANASTA_SIZE else CANASTA_SIZE
        ]
        return out

    return steps


_candidate_steps = _steps_of(_CANDIDATES, _WILD_CANDIDATES)


def step_candidates(hand: Counts, melds: tuple[TableMeld, ...], rules: Rules) -> list[_Candidate]:
    """The meld steps whose cards are in hand and whose meld would be well formed, with the cards each uses.

    A fast pre-filter of the step tables: whether each is legal (cards kept in hand, the requirement) is for
    the guards to say; the oracle tests prove that nothing legal is left out. The natural ranks come high
    first, each with its natural card, then a joker, then a 2; the wild meld's steps last.
    """
    return _candidate_steps(hand, melds, rules, [])


#: ``step_moves(hand, melds, rules, out)`` appends to ``out`` the moves of :func:`step_candidates`, in the
#: same order, and answers ``out``: the generator's fast path, where every candidate is plainly legal (the
#: same loop over the tables of the moves alone).
step_moves: _Steps[Move] = _steps_of(_MOVES, _WILD_MOVES)
