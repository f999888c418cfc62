"""Scoring a round (R-SCO-*) and the values used for the meld requirement.

>>> from railroad_canasta.core.cards import counts_of, parse_kinds
>>> hand_value(counts_of(parse_kinds("JK A 7 B3")))
80
"""

from __future__ import annotations

from collections.abc import Iterable

from railroad_canasta.core.cards import KIND_POINTS, Counts, Kind
from railroad_canasta.variants.railroad.melds import CanastaKind, TableMeld, canasta_bonus
from railroad_canasta.variants.railroad.rules import Rules
from railroad_canasta.variants.railroad.state import PlayerState, ScoreBreakdown

__all__ = ["canasta_bonuses", "hand_value", "melds_value", "score_player"]


def hand_value(counts: Counts) -> int:
    """The card values of a multiset of cards (R-CRD-4); red 3s count 0.

    pre: len(counts) == 15
    pre: all(0 <= n <= 64 for n in counts)
    post: __return__ >= 0
    post: __return__ >= 5 * (sum(counts) - counts[2])
    post: __return__ <= 50 * sum(counts)
    """
    total = 0
    for i in range(15):
        total += counts[i] * KIND_POINTS[i]
    return total


def melds_value(melds: tuple[TableMeld, ...]) -> int:
    """The card values of melds on the table (R-SCO-1)."""
    return sum(m.points for m in melds)


def canasta_bonuses(melds: Iterable[TableMeld], rules: Rules) -> int:
    """The bonuses of the canastas among ``melds`` (R-CAN-2..5)."""
    total = 0
    for meld in melds:
        kind = meld.canasta_kind
        if kind is not None:
            total += canasta_bonus(CanastaKind(kind), rules)
    return total


def score_player(player: PlayerState, rules: Rules, went_out: bool) -> ScoreBreakdown:
    """One player's score for a round that has just ended."""
    # rule: R-SCO-1
    melded = melds_value(player.melds)
    # rule: R-SCO-2
    bonus = canasta_bonuses(player.melds, rules)
    # rule: R-SCO-3
    red = rules.red_three_bonus * player.red_threes
    # rule: R-SCO-4
    out = rules.going_out_bonus if went_out else 0
    # rule: R-SCO-5
    hand = -hand_value(player.hand)
    kitty = 0
    if not player.kitty_taken:
        kitty = -hand_value(player.kitty)
        # rule: R-DEC-7
        if rules.kitty_red_three_penalty:
            kitty -= rules.red_three_bonus * player.kitty[Kind.RED_THREE]
    return ScoreBreakdown(melded, bonus, red, out, hand, kitty)
