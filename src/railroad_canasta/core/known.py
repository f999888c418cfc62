"""Cards known to be in a hand: what a player with a perfect memory of the table knows of each hand.

A hand's known cards are counts by kind, like a hand, kept as the empty tuple while none is known (so
"nothing known", the usual case, is one truth test). The variants' transitions keep them (R-VIS-1,
R-CL-VIS-1): cards taken with the pile join the taker's known cards when they reach the hand; a card of a
kind leaving the hand (melded, laid off, discarded) takes one from the known count of its kind, never
below zero; the round's end forgets them. Known cards are always a part of the hand (a sub-multiset).

>>> from railroad_canasta.core.cards import Kind, counts_of
>>> seen = joined((), counts_of([Kind.SEVEN, Kind.SEVEN, Kind.KING]))
>>> seen[Kind.SEVEN], seen[Kind.KING]
(2, 1)
>>> after = less_one(seen, Kind.SEVEN)
>>> after[Kind.SEVEN], less_one(less_one(after, Kind.SEVEN), Kind.KING)
(1, ())
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import add, sub
from typing import Final, cast

from railroad_canasta.core.cards import Counts, Kind, empty_counts
from railroad_canasta.core.moves import AddToMeld, StartMeld

__all__ = [
    "NONE_KNOWN",
    "ZEROS",
    "joined",
    "known_problem",
    "left_hand",
    "less_one",
    "melded",
    "size_problem",
    "within",
]

_J = Kind.JOKER
_T = Kind.TWO

#: No card known (the empty tuple: false in a truth test).
NONE_KNOWN: Final[Counts] = ()
#: Every count zero: what a view shows for a hand with no card known.
ZEROS: Final[Counts] = empty_counts()


def joined(known: Counts, cards: Counts) -> Counts:
    """``known`` with ``cards`` (by kind) added: cards that reached the hand in sight of the table."""
    if not any(cards):
        return known
    if not known:
        return tuple(cards)
    return tuple(map(add, known, cards))


def left_hand(known: Counts, before: Sequence[int], after: Sequence[int]) -> Counts:
    """``known`` once the hand went from ``before`` to ``after``: each card of a kind that left takes one
    from that kind's known count, never below zero (cards that arrived add nothing here)."""
    if not known:
        return known
    lost = tuple(map(sub, before, after))
    if max(map(min, known, lost)) <= 0:  # (no kind both known and lost: in C, the usual case)
        return known
    out = tuple([k if d <= 0 else k - d if d < k else 0 for k, d in zip(known, lost, strict=True)])
    return out if any(out) else NONE_KNOWN


def less_one(known: Counts, card: Kind) -> Counts:
    """``known`` once one ``card`` left the hand (a discard)."""
    if not known or not known[card]:
        return known
    out = list(known)
    out[card] -= 1
    return tuple(out) if any(out) else NONE_KNOWN


def within(known: Counts, hand: Counts) -> bool:
    """The known cards are a part of ``hand`` (none is known that the hand does not hold)."""
    return all(0 <= k <= h for k, h in zip(known, hand, strict=False)) and (
        not known or len(known) == len(hand)
    )


def known_problem(known: Counts, hand: Counts, *, normal: bool = True) -> str | None:
    """What is wrong with ``known`` as the known cards of ``hand`` (``None``: nothing).

    They are a part of the hand and hold no red 3 (one goes down at once); with ``normal`` (a state's
    own record) ``()`` stands for none, so a record of counts holds at least one card.
    """
    if not known:
        return None
    if len(known) != len(hand):
        return f"has {len(known)} counts, not one a kind ({len(hand)})"
    if normal and not any(known):
        return "is () when no card is known"
    if known[Kind.RED_THREE]:
        return "holds a red 3, which never stays in a hand"
    if not within(known, hand):
        return "holds a card the hand does not hold"
    return None


def size_problem(known: Counts, hand_size: int) -> str | None:
    """What is wrong with ``known`` as the known cards of a hidden hand of ``hand_size`` cards."""
    if not known:
        return None
    if any(k < 0 for k in known):
        return "holds a negative count"
    if known[Kind.RED_THREE]:
        return "holds a red 3, which never stays in a hand"
    if sum(known) > hand_size:
        return f"holds {sum(known)} cards, more than the hand's {hand_size}"
    return None


def melded(known: Counts, move: StartMeld | AddToMeld) -> Counts:
    """``known`` once the cards of a meld step left the hand (:func:`left_hand` for one step, reading only
    the kinds the step moves: a step of kinds none of which is known changes nothing, at once)."""
    if type(move) is AddToMeld:
        return less_one(known, move.card)
    start = cast("StartMeld", move)
    rank = start.rank
    if not (known[rank] or (start.jokers and known[_J]) or (start.twos and known[_T])):
        return known
    out = list(known)
    out[rank] -= start.naturals
    out[_J] -= start.jokers
    out[_T] -= start.twos
    for kind in (rank, _J, _T):
        if out[kind] < 0:
            out[kind] = 0
    return tuple(out) if any(out) else NONE_KNOWN
