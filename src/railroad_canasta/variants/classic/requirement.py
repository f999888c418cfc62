"""Whether a side that has not opened can still reach its initial meld requirement this turn.

Before a side has opened, a step is legal only if the requirement can still be
met that turn with the cards of the hand (R-CL-REQ-1), so that no play leads into
a position with no legal discard. :func:`best_points` is exact: every natural of a
rank with a meld or with three in hand is melded, pairs are made into melds with
one wild each (best pairs first), and the remaining wilds fill the room the melds
have (at most three, never more than the naturals), jokers first; keeping one
two cards (one to discard, one to keep), the best of the plans of the hand less two cards.

>>> from railroad_canasta.core.cards import counts_of, parse_kinds
>>> best_points(counts_of(parse_kinds("9 9 9 K K JK 4")), ())  # 9 9 9 JK, keeping K 4
80
"""

from __future__ import annotations

import functools

from railroad_canasta.core.cards import KIND_POINTS, NATURAL_KINDS, Counts, Kind
from railroad_canasta.core.melds import Meld
from railroad_canasta.variants.classic.arithmetic import wild_room

__all__ = ["best_points", "direct_points"]

_J = Kind.JOKER
_T = Kind.TWO
_NATURALS = tuple(int(k) for k in NATURAL_KINDS)
_FOUR = int(Kind.FOUR)


def _plan(hand: Counts, melds: tuple[Meld, ...]) -> tuple[int, int]:
    """The most card values meldable from ``hand`` onto ``melds`` and new melds, and the cards it uses."""
    points = used = room = 0
    taken = 0
    for meld in melds:
        rank = meld.rank
        if rank < _FOUR:
            continue  # black 3s take nothing more
        taken |= 1 << rank
        count = hand[rank]
        points += count * KIND_POINTS[rank]
        used += count
        room += wild_room(meld.naturals + count, meld.jokers + meld.twos)
    pairs: list[int] = []
    for natural in _NATURALS:
        count = hand[natural]
        if count < 2 or taken >> natural & 1:
            continue
        if count >= 3:
            points += count * KIND_POINTS[natural]
            used += count
            room += wild_room(count, 0)
        else:
            pairs.append(2 * KIND_POINTS[natural])
    jokers, twos = hand[_J], hand[_T]
    wilds = jokers + twos
    made = len(pairs) if len(pairs) < wilds else wilds
    if made:
        pairs.sort(reverse=True)
        points += sum(pairs[:made])
        used += 2 * made
        room += made * wild_room(2, 1)  # a pair and the wild card that makes it a meld have room for one more
    usable = made + min(wilds - made, room)
    # The wild cards melded, jokers first.
    points += 50 * usable if usable <= jokers else 50 * jokers + 20 * (usable - jokers)
    used += usable
    return points, used


def best_points(hand: Counts, melds: tuple[Meld, ...], keep: int = 2) -> int:
    """The most card values the hand can still meld this turn while keeping ``keep`` cards.

    Two cards by default: the player discards one and keeps one, as a player may who cannot go out
    (R-CL-OUT-1).
    """
    # rule: R-CL-REQ-1
    points = direct_points(hand, melds, keep)
    return _best_less_one(hand, melds, keep) if points is None else points


def direct_points(hand: Counts, melds: tuple[Meld, ...], keep: int = 2) -> int | None:
    """:func:`best_points` when the plan of the whole hand keeps ``keep`` cards, else ``None``.

    Such a plan melds every natural of a rank with a meld or with three in hand: a step melding naturals
    only (three of a rank held three times or more, or one natural added to its meld) leaves a hand whose
    plan is this one less the step, so the step's values and the reach after it make this figure.
    """
    points, used = _plan(hand, melds)
    return points if used <= sum(hand) - keep or keep <= 0 else None


@functools.lru_cache(maxsize=1 << 12)
def _best_less_one(hand: Counts, melds: tuple[Meld, ...], keep: int) -> int:
    """The best of the hands less one card, keeping one card fewer (the positions repeat: a memo)."""
    best = 0
    for kind, count in enumerate(hand):
        if count:
            less = (*hand[:kind], count - 1, *hand[kind + 1 :])
            best = max(best, best_points(less, melds, keep - 1))
    return best
