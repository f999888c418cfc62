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

__all__ = ["best_points"]

_J = Kind.JOKER
_T = Kind.TWO


def _plan(hand: Counts, melds: tuple[Meld, ...]) -> tuple[int, int]:
    """The most card values meldable from ``hand`` onto ``melds`` and new melds, and the cards it uses."""
    existing = {m.rank: m for m in melds}
    points = used = room = 0
    pairs: list[int] = []
    for rank in NATURAL_KINDS:
        count = hand[rank]
        meld = existing.get(rank)
        if meld is not None:
            points += count * KIND_POINTS[rank]
            used += count
            room += wild_room(meld.naturals + count, meld.wilds)
        elif count >= 3:
            points += count * KIND_POINTS[rank]
            used += count
            room += wild_room(count, 0)
        elif count == 2:
            pairs.append(2 * KIND_POINTS[rank])
    wilds = [50] * hand[_J] + [20] * hand[_T]
    pairs.sort(reverse=True)
    made = min(len(pairs), len(wilds))
    points += sum(pairs[:made])
    used += 2 * made
    room += made * wild_room(2, 1)  # a pair and the wild card that makes it a meld have room for one more
    usable = made + min(len(wilds) - made, room)
    points += sum(wilds[:usable])
    used += usable
    return points, used


@functools.lru_cache(maxsize=1 << 14)
def best_points(hand: Counts, melds: tuple[Meld, ...], keep: int = 2) -> int:
    """The most card values the hand can still meld this turn while keeping ``keep`` cards.

    Two cards by default: the player discards one and keeps one, as a player may who cannot go out
    (R-CL-OUT-1).
    """
    # rule: R-CL-REQ-1
    points, used = _plan(hand, melds)
    if used <= sum(hand) - keep or keep <= 0:
        return points
    best = 0
    for kind, count in enumerate(hand):
        if count:
            less = (*hand[:kind], count - 1, *hand[kind + 1 :])
            best = max(best, best_points(less, melds, keep - 1))
    return best
