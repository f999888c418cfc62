"""Scoring a round of classic Canasta, by side (R-CL-SCO-1..4).

>>> from railroad_canasta.core.melds import Meld
>>> from railroad_canasta.core.cards import Kind
>>> from railroad_canasta.variants.classic.rules import CLASSIC
>>> canasta_bonus(Meld(Kind.NINE, 7), CLASSIC), canasta_bonus(Meld(Kind.NINE, 6, 1), CLASSIC)
(500, 300)
"""

from __future__ import annotations

from operator import mul

from railroad_canasta.core.cards import KIND_POINTS, Counts, Kind
from railroad_canasta.core.frozen import builder
from railroad_canasta.core.melds import Meld
from railroad_canasta.variants.classic.arithmetic import (
    CANASTA_SIZE,
    canasta_bonus_value,
    going_out_value,
    red_three_value,
    side_parts,
)
from railroad_canasta.variants.classic.rules import ClassicRules
from railroad_canasta.variants.classic.state import ClassicGameResult, Side, SideScore

__all__ = ["CONCEALED_CANASTA_EXTRA", "canasta_bonus", "game_result", "red_three_score", "side_score"]

#: The card values of a hand by kind: red 3s are never counted there (R-CL-VAL-1, R-CL-RED-1).
_HAND_VALUES = tuple(0 if k is Kind.RED_THREE else KIND_POINTS[k] for k in Kind)

#: The extra of a concealed canasta under the older rules (R-CL-DEC-2).
CONCEALED_CANASTA_EXTRA = 100


def canasta_bonus(meld: Meld, rules: ClassicRules) -> int:
    """The bonus of a meld: 500 a natural canasta, 300 a mixed one, else none (R-CL-CAN-2)."""
    return canasta_bonus_value(meld.size, meld.wilds, rules.natural_canasta_bonus, rules.mixed_canasta_bonus)


def red_three_score(side: Side, all_red_threes: int, rules: ClassicRules) -> int:
    """The red 3s of a side: 100 each, doubled when it has them all, against a side that never melded."""
    return red_three_value(side.red_threes, all_red_threes, rules.red_three_bonus, bool(side.melds))


def side_score(
    side: Side,
    hands: tuple[Counts, ...],
    went_out: bool,
    concealed: bool,
    all_red_threes: int,
    rules: ClassicRules,
) -> SideScore:
    """One side's round score: melded cards, canastas, red 3s, going out, less the cards in its hands."""
    # rule: R-CL-SCO-1
    in_hands = 0
    for hand in hands:
        # rule: R-CL-VAL-1
        in_hands += sum(map(mul, hand, _HAND_VALUES))
    melded = bonuses = 0
    natural, mixed = rules.natural_canasta_bonus, rules.mixed_canasta_bonus
    for meld in side.melds:
        melded += meld.points
        wilds = meld.jokers + meld.twos
        size = meld.naturals + wilds
        # (a meld under seven cards earns no bonus: ``canasta_bonus_value``'s contract)
        if size >= CANASTA_SIZE:
            bonuses += canasta_bonus_value(size, wilds, natural, mixed)
    return _build_score(
        *side_parts(
            melded,
            bonuses,
            side.concealed_canastas,
            CONCEALED_CANASTA_EXTRA if rules.concealed_canasta_bonus else 0,
            red_three_score(side, all_red_threes, rules),
            going_out_value(went_out, concealed, rules.going_out_bonus),
            in_hands,
        )
    )


#: Build a score from its parts in order, without ``__init__`` (the parts are ints: nothing to check).
_build_score = builder(SideScore)


def game_result(rules: ClassicRules, round_no: int, scores: tuple[int, ...]) -> ClassicGameResult | None:
    """The game's result after a round, or ``None`` while it goes on (R-CL-GAM-1, R-CL-DEC-6)."""
    # rule: R-CL-GAM-1
    best = max(scores)
    # rule: R-CL-DEC-6
    if best >= rules.target:
        winners = tuple(i for i, s in enumerate(scores) if s == best)
        if len(winners) == 1 or not rules.tie_extra_rounds:
            return ClassicGameResult(winners, False, scores)
    if rules.max_rounds is not None and round_no >= rules.max_rounds:
        return ClassicGameResult((), True, scores)
    return None
