"""The rules options of a game: every number of the source and every decision.

A :class:`Rules` is frozen and validated when made; :data:`RAILROAD` is the
default preset. :data:`RULES_VERSION` names the behaviour of the engine under
the default options and changes whenever that behaviour changes, independently
of the package version.

>>> RAILROAD.requirement(-5), RAILROAD.requirement(4995), RAILROAD.requirement(15000)
(15, 50, 150)
>>> Rules(players=3).pack_size
318
>>> Rules(players=9)
Traceback (most recent call last):
...
railroad_canasta.core.errors.RulesError: Rules.players: must be from 2 to 8, not 9
"""

from __future__ import annotations

import enum
from typing import Any, ClassVar

import attrs

from railroad_canasta.core.cards import pack_size
from railroad_canasta.core.errors import RulesError

__all__ = [
    "RAILROAD",
    "RAILROAD_1_0",
    "RULES_VERSION",
    "KittyTiming",
    "Rules",
    "UpcardRule",
    "requirement_for_score",
]

#: The version of the rules behaviour under the default options.
RULES_VERSION = "railroad-1.1"


class UpcardRule(enum.Enum):
    """What happens when the first upcard is a wild card or a black 3 (R-DEC-3, R-DEC-4)."""

    #: The card stays on the pile and freezes it (wild) or stops it (black 3).
    KEEP = "keep"
    #: The card goes under the stock and the next card is turned, until the upcard is neither.
    RETURN = "return"

    def __repr__(self) -> str:
        return f"UpcardRule.{self.name}"


class KittyTiming(enum.Enum):
    """When a player who may look at their kitty may take it (R-DEC-10)."""

    #: At the end of the turn of the canasta or of any later turn of theirs.
    ANY_LATER_TURN = "any-later-turn"
    #: Only at the end of the turn in which the canasta was completed.
    SAME_TURN = "same-turn"

    def __repr__(self) -> str:
        return f"KittyTiming.{self.name}"


def requirement_for_score(score: int, negative: int, table: tuple[tuple[int, int], ...]) -> int:
    """The meld requirement for a cumulative ``score`` (R-REQ-2).

    ``table`` lists ``(lowest score, requirement)`` rows from 0 upwards; a
    negative score gets ``negative``.

    pre: len(table) >= 1
    pre: table[0][0] == 0
    pre: all(table[i][0] < table[i + 1][0] for i in range(len(table) - 1))
    post: __return__ == negative if score < 0 else __return__ in [row[1] for row in table]
    post: score < 0 or __return__ == max((row for row in table if row[0] <= score), key=lambda r: r[0])[1]
    """
    # rule: R-REQ-2
    if score < 0:
        return negative
    result = table[0][1]
    for lowest, requirement in table:
        if score >= lowest:
            result = requirement
        else:
            break
    return result


def _positive(instance: Rules, attribute: attrs.Attribute[int], value: int) -> None:
    if value <= 0:
        raise RulesError(attribute.name, f"must be positive, not {value}")


def _non_negative(instance: Rules, attribute: attrs.Attribute[int], value: int) -> None:
    if value < 0:
        raise RulesError(attribute.name, f"must not be negative, not {value}")


def _range(low: int, high: int) -> Any:
    def check(instance: Rules, attribute: attrs.Attribute[int], value: int) -> None:
        if not low <= value <= high:
            raise RulesError(attribute.name, f"must be from {low} to {high}, not {value}")

    return check


def _typed(kind: type) -> Any:
    def check(instance: Rules, attribute: attrs.Attribute[object], value: object) -> None:
        if type(value) is not kind:
            raise RulesError(
                attribute.name,
                f"must be {'an' if kind.__name__[0] in 'aeiou' else 'a'} {kind.__name__}, not {value!r}",
            )

    return check


def _table(
    instance: Rules,
    attribute: attrs.Attribute[tuple[tuple[int, int], ...]],
    value: tuple[tuple[int, int], ...],
) -> None:
    if not isinstance(value, tuple) or not value:
        raise RulesError(attribute.name, "must be a non-empty tuple of (lowest score, requirement) pairs")
    previous = None
    for row in value:
        if not isinstance(row, tuple) or len(row) != 2 or not all(type(x) is int for x in row) or row[1] < 0:
            raise RulesError(attribute.name, f"row {row!r} is not a (lowest score, requirement) pair of ints")
        if previous is None and row[0] != 0:
            raise RulesError(attribute.name, "the first row must start at score 0")
        if previous is not None and row[0] <= previous:
            raise RulesError(attribute.name, "rows must be in increasing order of score")
        previous = row[0]


def _int(*more: Any) -> Any:
    return attrs.validators.and_(_typed(int), *more)


def _bool() -> Any:
    return _typed(bool)


@attrs.frozen(kw_only=True, cache_hash=True)
class Rules:
    """Every option of a game of Railroad Canasta, with the source's defaults.

    The numeric options restate the source; each boolean or enum option below
    them is one product decision, named by its interpretation clause.
    """

    #: The variant these rules are for (see :mod:`railroad_canasta.variants`).
    variant: ClassVar[str] = "railroad"

    # -- numbers of the source ------------------------------------------------
    # rule: R-DEC-14
    #: Number of players (R-DEC-14): 2 to 8.
    players: int = attrs.field(default=2, validator=_int(_range(2, 8)))
    #: Score that ends the game (R-GAM-1).
    target_score: int = attrs.field(default=20_000, validator=_int(_positive))
    #: Cards dealt to each hand (R-SET-3).
    hand_size: int = attrs.field(default=13, validator=_int(_range(1, 40)))
    #: Cards dealt to each kitty (R-SET-3).
    kitty_size: int = attrs.field(default=11, validator=_int(_range(0, 40)))
    #: Cards taken by a draw (R-TRN-3).
    draw_count: int = attrs.field(default=2, validator=_int(_range(1, 5)))
    #: Standard 52-card decks per player (R-CRD-1).
    decks_per_player: int = attrs.field(default=2, validator=_int(_range(1, 4)))
    #: Jokers per player (R-CRD-1).
    jokers_per_player: int = attrs.field(default=2, validator=_int(_range(0, 4)))
    #: Requirement with a negative cumulative score (R-REQ-2).
    requirement_negative: int = attrs.field(default=15, validator=_int(_non_negative))
    #: ``(lowest score, requirement)`` rows from 0 upwards (R-REQ-2).
    requirement_table: tuple[tuple[int, int], ...] = attrs.field(
        default=((0, 50), (5_000, 90), (10_000, 120), (15_000, 150)), validator=_table
    )
    #: Bonus of a red canasta (R-CAN-2).
    red_canasta_bonus: int = attrs.field(default=500, validator=_int(_non_negative))
    #: Bonus of a black canasta (R-CAN-3).
    black_canasta_bonus: int = attrs.field(default=300, validator=_int(_non_negative))
    #: Bonus of a wild canasta (R-CAN-4).
    wild_canasta_bonus: int = attrs.field(default=1_000, validator=_int(_non_negative))
    #: Bonus of a sevens canasta (R-CAN-5).
    sevens_canasta_bonus: int = attrs.field(default=1_500, validator=_int(_non_negative))
    #: Score of each red 3 put down (R-SCO-3).
    red_three_bonus: int = attrs.field(default=100, validator=_int(_non_negative))
    #: Bonus for going out (R-SCO-4).
    going_out_bonus: int = attrs.field(default=100, validator=_int(_non_negative))
    #: Rounds after which a game stops, marked truncated (R-GAM-2); ``None``: no limit.
    max_rounds: int | None = attrs.field(default=None, validator=attrs.validators.optional(_int(_positive)))

    # -- decisions -------------------------------------------------------------
    #: R-DEC-1 — a natural pair may take a frozen pile (False: a frozen pile cannot be taken).
    frozen_pile_pair_pickup: bool = attrs.field(default=True, validator=_bool())
    #: R-DEC-2 — the top-card pickup takes the rest of the pile too (False: the top card only).
    top_card_pickup_takes_pile: bool = attrs.field(default=True, validator=_bool())
    #: R-DEC-3 — a wild upcard stays and freezes the pile, or is returned under the stock.
    wild_upcard: UpcardRule = attrs.field(default=UpcardRule.KEEP, validator=_typed(UpcardRule))
    #: R-DEC-4 — a black-3 upcard stays and stops the first turn, or is returned under the stock.
    black_three_upcard: UpcardRule = attrs.field(default=UpcardRule.KEEP, validator=_typed(UpcardRule))
    #: R-DEC-5 — a red 3 dealt, drawn or found in the kitty is replaced from the stock (False: never).
    red_three_replacement: bool = attrs.field(default=True, validator=_bool())
    #: R-DEC-6 — dealt red 3s go down at the deal (False: at the owner's first turn).
    red_threes_down_at_deal: bool = attrs.field(default=True, validator=_bool())
    #: R-DEC-7 — a red 3 in a kitty never taken costs the red-3 bonus (False: it scores 0).
    kitty_red_three_penalty: bool = attrs.field(default=False, validator=_bool())
    #: R-DEC-8 — a meld of 7s takes no wild cards (False: mixed 7s, completing as black canastas).
    sevens_natural_only: bool = attrs.field(default=True, validator=_bool())
    #: R-DEC-9 — a meld of wild cards only starts with 3 and grows (False: the wild canasta is put
    #: down whole, seven wild cards at once).
    wild_melds: bool = attrs.field(default=True, validator=_bool())
    #: R-DEC-10 — when the kitty may be taken.
    kitty_timing: KittyTiming = attrs.field(default=KittyTiming.ANY_LATER_TURN, validator=_typed(KittyTiming))
    #: R-DEC-11 — the bonus of a canasta completed in the opening turn counts toward the requirement.
    requirement_counts_bonuses: bool = attrs.field(default=False, validator=_bool())
    #: R-DEC-12 — the pile taken before the requirement goes to hand first and may be used for it.
    pile_counts_for_requirement: bool = attrs.field(default=False, validator=_bool())
    #: R-DEC-13 — a single card left in the stock may be drawn alone (False: the round ends).
    draw_single_last_card: bool = attrs.field(default=True, validator=_bool())
    #: R-DEC-15 — going out needs a final discard (False: melding the last card also goes out).
    going_out_requires_discard: bool = attrs.field(default=True, validator=_bool())
    #: R-DEC-16 — a meld or add may leave a hand of undiscardable 7s (False: such a step is illegal).
    allow_hand_of_sevens: bool = attrs.field(default=False, validator=_bool())
    #: R-DEC-17 — a tie at the top past the target is broken by extra rounds (False: shared win).
    tie_extra_rounds: bool = attrs.field(default=True, validator=_bool())
    #: R-DEC-18 — a natural-pair pickup may join the player's unfinished meld of that rank.
    pair_pickup_joins_meld: bool = attrs.field(default=True, validator=_bool())
    #: R-DEC-19 — a player who may not go out keeps at least two cards after each meld step (False:
    #: they may also play down to their last card, discard it and take their kitty).
    keep_two_cards: bool = attrs.field(default=True, validator=_bool())
    #: R-DEC-20 — the melds of a hand of undiscardable 7s must meet the requirement (False: they need none).
    sevens_hand_needs_requirement: bool = attrs.field(default=False, validator=_bool())
    #: R-DEC-21 — a black-3 going-out meld holds at least 3 black 3s (False: any number from 1).
    black_three_meld_needs_three: bool = attrs.field(default=True, validator=_bool())
    #: R-DEC-22 — no legal discard with a hand that is not all 7s ends the round (False: the turn ends
    #: without a discard).
    no_discard_ends_round: bool = attrs.field(default=True, validator=_bool())

    def __attrs_post_init__(self) -> None:
        dealt = self.players * (self.hand_size + self.kitty_size) + 1
        if dealt > self.pack_size:
            raise RulesError(
                "hand_size",
                f"{self.players} hands of {self.hand_size} and kitties of {self.kitty_size} "
                f"need {dealt} cards but the pack has {self.pack_size}",
            )
        # rule: R-DEC-5
        # Every red 3 of the pack may be dealt into a hand and replaced from the stock before the upcard.
        if self.red_three_replacement and self.red_threes_down_at_deal:
            reds = 2 * self.players * self.decks_per_player
            if dealt + reds > self.pack_size:
                raise RulesError(
                    "hand_size",
                    f"with red_three_replacement, {self.players} hands of {self.hand_size}, kitties of "
                    f"{self.kitty_size} and the replacements of up to {reds} red 3s need {dealt + reds} "
                    f"cards but the pack has {self.pack_size} (decks_per_player={self.decks_per_player}, "
                    f"jokers_per_player={self.jokers_per_player})",
                )

    @property
    def pack_size(self) -> int:
        """Cards in the pack (R-CRD-1)."""
        return pack_size(self.players, self.decks_per_player, self.jokers_per_player)

    def requirement(self, score: int) -> int:
        """The meld requirement for a cumulative score (R-REQ-2)."""
        return requirement_for_score(score, self.requirement_negative, self.requirement_table)

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed (validated like a new :class:`Rules`)."""
        return attrs.evolve(self, **changes)


#: The default rules of Railroad Canasta (``RULES_VERSION``, railroad-1.1).
RAILROAD = Rules()

#: The defaults of rules version railroad-1.0: no red-3 replacement (R-DEC-5), a meld may leave a hand of
#: undiscardable 7s (R-DEC-16), and melding a hand of 7s needs the requirement (R-DEC-20).
RAILROAD_1_0 = Rules(
    red_three_replacement=False, allow_hand_of_sevens=True, sevens_hand_needs_requirement=True
)
