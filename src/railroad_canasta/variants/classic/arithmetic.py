"""The rule arithmetic of classic Canasta as pure functions over plain ints and bools.

The guards, the opening's reach and the scoring read the rules through these functions, so each fact
lives here once; each function states its rule as PEP 316 ``pre:``/``post:`` conditions that CrossHair
checks (``nox -s contracts``) and ``tests/core/test_contracts.py`` samples with Hypothesis. The options of
:class:`~railroad_canasta.variants.classic.rules.ClassicRules` they need are passed as plain ints.

>>> wild_room(2, 1), wild_room(5, 0), meld_wilds_problem(2, 3)
(1, 3, 'a meld never holds more wild cards than natural ones')
>>> [canasta_bonus_value(size, wilds, 500, 300) for size, wilds in ((7, 0), (7, 2), (6, 0))]
[500, 300, 0]
>>> red_three_value(4, 4, 100, True), red_three_value(2, 4, 100, False)
(800, -200)
"""

from __future__ import annotations

__all__ = [
    "CANASTA_SIZE",
    "MAX_WILDS",
    "MIN_NATURALS",
    "canasta_bonus_value",
    "canasta_kind_of",
    "going_out_value",
    "initial_requirement",
    "meld_wilds_problem",
    "red_three_value",
    "side_parts",
    "wild_room",
]

#: Cards in a canasta (R-CL-CAN-1).
CANASTA_SIZE = 7
#: Most wild cards in a meld (R-CL-MLD-1).
MAX_WILDS = 3
#: Fewest natural cards in a meld (R-CL-MLD-1).
MIN_NATURALS = 2


def initial_requirement(score: int) -> int:
    """The initial meld requirement of a side with cumulative ``score`` (R-CL-REQ-1): 15 below zero,
    50 from 0, 90 from 1,500, 120 from 3,000.

    post: __return__ in (15, 50, 90, 120)
    post: (__return__ == 15) == (score < 0)
    post: score < 3000 or __return__ == 120
    post: __return__ != 120 or score >= 3000
    post: score < 1500 or __return__ >= 90
    """
    # rule: R-CL-REQ-1
    if score < 0:
        return 15
    if score < 1_500:
        return 50
    if score < 3_000:
        return 90
    return 120


def wild_room(naturals: int, wilds: int) -> int:
    """How many more wild cards a meld of ``naturals`` and ``wilds`` may take; negative if too many.

    A meld holds at most three wild cards and never more wild cards than natural ones (R-CL-MLD-1).

    pre: naturals >= 0 and wilds >= 0
    post: wilds + __return__ <= 3
    post: wilds + __return__ <= naturals
    post: wilds + __return__ + 1 > 3 or wilds + __return__ + 1 > naturals
    """
    # rule: R-CL-MLD-1
    return min(MAX_WILDS, naturals) - wilds


def meld_wilds_problem(naturals: int, wilds: int) -> str | None:
    """Why a meld of ``naturals`` and ``wilds`` holds too many wild cards (R-CL-MLD-1); ``None`` if it may.

    pre: naturals >= 0 and wilds >= 0
    post: (__return__ is None) == (wilds <= 3 and wilds <= naturals)
    """
    if wild_room(naturals, wilds) >= 0:
        return None
    if wilds > MAX_WILDS:
        return "a meld holds at most three wild cards"
    return "a meld never holds more wild cards than natural ones"


def canasta_kind_of(size: int, wilds: int) -> str | None:
    """``natural`` (no wild card) or ``mixed`` for a canasta of ``size`` cards, ``wilds`` of them wild;
    ``None`` for a meld under seven cards (R-CL-CAN-1).

    pre: 0 <= wilds <= size
    post: (__return__ is None) == (size < 7)
    post: __return__ != "natural" or wilds == 0
    post: __return__ != "mixed" or wilds > 0
    """
    # rule: R-CL-CAN-1
    if size < CANASTA_SIZE:
        return None
    return "natural" if wilds == 0 else "mixed"


def canasta_bonus_value(size: int, wilds: int, natural_bonus: int, mixed_bonus: int) -> int:
    """The bonus of a meld of ``size`` cards, ``wilds`` of them wild: a canasta of seven cards or more
    earns the natural bonus (500) without a wild card, the mixed bonus (300) with one (R-CL-CAN-2).

    pre: 0 <= wilds <= size
    pre: natural_bonus >= 0 and mixed_bonus >= 0
    post: size >= 7 or __return__ == 0
    post: size < 7 or wilds > 0 or __return__ == natural_bonus
    post: size < 7 or wilds == 0 or __return__ == mixed_bonus
    """
    # rule: R-CL-CAN-2
    kind = canasta_kind_of(size, wilds)
    if kind is None:
        return 0
    return natural_bonus if kind == "natural" else mixed_bonus


def red_three_value(count: int, all_red_threes: int, bonus: int, melded: bool) -> int:
    """The score of a side's ``count`` red 3s: ``bonus`` each, doubled when it has all ``all_red_threes``
    of them, counted against a side that has not melded (R-CL-SCO-2).

    pre: 0 <= count <= all_red_threes and all_red_threes >= 4
    pre: bonus >= 0
    post: count == all_red_threes or abs(__return__) == count * bonus
    post: count < all_red_threes or abs(__return__) == 2 * all_red_threes * bonus
    post: __return__ == 0 or (__return__ > 0) == melded
    """
    # rule: R-CL-SCO-2
    value = count * bonus
    if count == all_red_threes:
        value *= 2
    return value if melded else -value


def going_out_value(went_out: bool, concealed: bool, bonus: int) -> int:
    """The going-out bonus: ``bonus`` for going out, twice that for going out concealed (R-CL-SCO-3).

    pre: bonus >= 0
    post: went_out or __return__ == 0
    post: not went_out or __return__ == (2 * bonus if concealed else bonus)
    """
    # rule: R-CL-SCO-3
    if not went_out:
        return 0
    return 2 * bonus if concealed else bonus


def side_parts(
    melded: int,
    bonuses: int,
    concealed: int,
    extra: int,
    red_threes: int,
    going_out: int,
    in_hands: int,
) -> tuple[int, int, int, int, int]:
    """A side's round score by source: melded cards, canasta bonuses (and ``extra`` for each of the
    ``concealed`` canastas, R-CL-DEC-2), red 3s, going out, and the cards left in its hands counted
    against it (R-CL-SCO-1, R-CL-VAL-1).

    pre: melded >= 0 and bonuses >= 0 and concealed >= 0 and extra >= 0
    pre: going_out >= 0 and in_hands >= 0
    post: sum(__return__) == melded + bonuses + extra * concealed + red_threes + going_out - in_hands
    post: __return__[0] >= 0 and __return__[1] >= 0 and __return__[3] >= 0 and __return__[4] <= 0
    post: __return__[2] == red_threes
    """
    # rule: R-CL-SCO-1, R-CL-DEC-2, R-CL-VAL-1
    return melded, bonuses + extra * concealed, red_threes, going_out, -in_hands
