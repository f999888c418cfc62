"""What a game of Railroad Canasta is made of: its options and decisions, its melds and canastas.

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

A :class:`TableMeld` records what a meld holds by kind (R-CRD-6): its rank, its
natural cards, its jokers and its 2s. A wild meld has rank :attr:`Kind.JOKER`;
the going-out meld of black 3s has rank :attr:`Kind.BLACK_THREE`.

>>> m = TableMeld(Kind.NINE, naturals=5, jokers=1, twos=1)
>>> m.size, m.points, m.canasta_kind
(7, 120, CanastaKind.BLACK)
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable
from typing import Any, ClassVar

import attrs

from railroad_canasta.core.cards import Kind, pack_size
from railroad_canasta.core.errors import RulesError
from railroad_canasta.core.frozen import builder
from railroad_canasta.core.melds import Meld

__all__ = [
    "ALL_CANASTAS",
    "CANASTA_SIZE",
    "KITTY_ON_CANASTA",
    "KITTY_READY",
    "LOOKING_CANASTAS",
    "MAX_WILDS",
    "MIN_MELD",
    "MIN_NATURALS",
    "NO_KITTY",
    "RAILROAD",
    "RAILROAD_1_0",
    "RULES_VERSION",
    "SEVENS_CANASTA",
    "CanastaKind",
    "KittyTiming",
    "Rules",
    "TableMeld",
    "UpcardRule",
    "canasta_bonus",
    "canasta_kind_of",
    "canasta_mask",
    "kind_bonus",
    "kitty_after",
    "meld_form_problem",
    "meld_problem",
    "new_meld",
    "requirement_for_score",
    "table_meld",
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


# Whether the kitty can follow this turn's discard, for R-DEC-19's alternative reading (a kitty code).
#: It cannot (or the default reading of R-DEC-19 applies, where it does not matter).
NO_KITTY = 0


#: It will once the player completes a red, wild or sevens canasta this turn (R-KIT-1, R-DEC-10).
KITTY_ON_CANASTA = 1


#: It will.
KITTY_READY = 2


# ------------------------------------------------------------------------------- melds and canastas

#: Cards in a complete meld (R-MLD-2).
CANASTA_SIZE = 7
#: Cards that start a meld (R-MLD-1, R-TRN-4).
MIN_MELD = 3
#: Most wild cards in a mixed meld (R-MLD-4).
MAX_WILDS = 3
#: Fewest natural cards in a mixed meld (R-MLD-4).
MIN_NATURALS = 2
_B3 = Kind.BLACK_THREE


class CanastaKind(enum.IntFlag):
    """The four kinds of canasta (R-CAN-1); a set of them is a bit mask."""

    RED = 1
    BLACK = 2
    WILD = 4
    SEVENS = 8

    def __repr__(self) -> str:
        return f"CanastaKind.{self.name}"


_RED, _BLACK, _WILD, _SEVENS = CanastaKind.RED, CanastaKind.BLACK, CanastaKind.WILD, CanastaKind.SEVENS
_JOKER, _SEVEN = Kind.JOKER, Kind.SEVEN

#: The mask of a player holding every kind of canasta (R-OUT-1).
ALL_CANASTAS = 15
#: The canastas that let their owner look at the kitty: every kind but black (R-KIT-1).
LOOKING_CANASTAS = int(CanastaKind.RED | CanastaKind.WILD | CanastaKind.SEVENS)
#: The bit of the sevens canasta in a mask, as a plain int (masks are ints: no enum arithmetic on hot paths).
SEVENS_CANASTA = int(CanastaKind.SEVENS)


def canasta_bonus(kind: CanastaKind, rules: Rules) -> int:
    """The bonus of a completed canasta of ``kind`` (R-CAN-2..5)."""
    return kind_bonus(
        kind,
        rules.red_canasta_bonus,
        rules.black_canasta_bonus,
        rules.wild_canasta_bonus,
        rules.sevens_canasta_bonus,
    )


def kind_bonus(kind: CanastaKind, red: int, black: int, wild: int, sevens: int) -> int:
    """The bonus of a canasta of ``kind``, given the bonuses of the four kinds (R-CAN-2..5).

    pre: kind in (CanastaKind.RED, CanastaKind.BLACK, CanastaKind.WILD, CanastaKind.SEVENS)
    post: kind is not CanastaKind.RED or __return__ == red
    post: kind is not CanastaKind.BLACK or __return__ == black
    post: kind is not CanastaKind.WILD or __return__ == wild
    post: kind is not CanastaKind.SEVENS or __return__ == sevens
    """
    if kind is CanastaKind.RED:
        # rule: R-CAN-2
        return red
    if kind is CanastaKind.BLACK:
        # rule: R-CAN-3
        return black
    if kind is CanastaKind.WILD:
        # rule: R-CAN-4
        return wild
    # rule: R-CAN-5
    return sevens


@attrs.frozen(weakref_slot=False)
class TableMeld(Meld):
    """A meld of Railroad Canasta: complete (a canasta) at 7 cards, of one of four kinds (R-CAN-1)."""

    @property
    def is_wild_meld(self) -> bool:
        """A meld of wild cards only (R-DEC-9)."""
        return self.rank is Kind.JOKER

    @property
    def is_complete(self) -> bool:
        """A canasta: 7 cards (R-MLD-2). The black-3 meld is never a canasta (R-MLD-5)."""
        # rule: R-MLD-2
        return self.naturals + self.jokers + self.twos >= CANASTA_SIZE and self.rank is not _B3

    @property
    def canasta_kind(self) -> CanastaKind | None:
        """The kind of canasta this meld is, or ``None`` while it is not complete (R-CAN-1)."""
        return canasta_kind_of(self)


#: Build a :class:`TableMeld` from its rank, naturals, jokers and 2s, without ``__init__`` (trusted code).
new_meld = builder(TableMeld)


@functools.cache
def table_meld(rank: Kind, naturals: int, jokers: int, twos: int) -> TableMeld:
    """The meld of ``rank`` with these counts, as one instance shared by every state holding it (trusted
    code: nothing is checked). The states of a game keep a few bytes for each meld a step makes.

    A meld is an immutable value, so sharing it changes nothing a caller can see; the cache is keyed by
    the four values and bounded by what a pack can hold. (CrossHair calls the function itself, not the
    cache, so the contracts of the steps that use it stay deterministic.)

    >>> table_meld(Kind.KING, 3, 0, 1) is table_meld(Kind.KING, 3, 0, 1)
    True
    """
    return new_meld(rank, naturals, jokers, twos)


def canasta_kind_of(meld: Meld) -> CanastaKind | None:
    """The kind of canasta ``meld`` is, or ``None`` while it is not complete (R-MLD-2, R-CAN-1).

    pre: min(meld.naturals, meld.jokers, meld.twos) >= 0
    post: (__return__ is None) == (meld.size < 7 or meld.rank is Kind.BLACK_THREE)
    post: __return__ is not CanastaKind.WILD or meld.rank is Kind.JOKER
    post: meld.size < 7 or meld.rank is not Kind.JOKER or __return__ is CanastaKind.WILD
    post: __return__ is not CanastaKind.BLACK or (meld.wilds > 0 and meld.rank is not Kind.JOKER)
    post: __return__ is not CanastaKind.SEVENS or (meld.rank is Kind.SEVEN and meld.wilds == 0)
    post: __return__ is not CanastaKind.RED or (meld.rank is not Kind.SEVEN and meld.wilds == 0)
    """
    rank, jokers, twos = meld.rank, meld.jokers, meld.twos  # (the fields once, no properties)
    # rule: R-MLD-2
    if meld.naturals + jokers + twos < CANASTA_SIZE or rank is _B3:
        return None
    # rule: R-CAN-1
    if rank is _JOKER:
        return _WILD
    if jokers or twos:
        return _BLACK
    if rank is _SEVEN:
        return _SEVENS
    return _RED


def canasta_mask(melds: Iterable[TableMeld]) -> int:
    """The kinds of canasta among ``melds``, as a :class:`CanastaKind` mask."""
    mask = 0
    for meld in melds:
        kind = meld.canasta_kind
        if kind is not None:
            mask |= kind
    return mask


def meld_problem(meld: TableMeld, rules: Rules) -> tuple[str, str] | None:
    """Why ``meld`` cannot lie on the table under ``rules``, as ``(clause, reason)``; ``None`` if it can."""
    return meld_form_problem(
        meld, rules.sevens_natural_only, rules.wild_melds, rules.black_three_meld_needs_three
    )


def meld_form_problem(
    meld: Meld, sevens_natural_only: bool, wild_melds: bool, black_three_needs_three: bool
) -> tuple[str, str] | None:
    """:func:`meld_problem` under the three options it reads (R-DEC-8, R-DEC-9, R-DEC-21).

    post: __return__ is None or __return__[0].startswith("R-")
    post: __return__ is not None or min(meld.naturals, meld.jokers, meld.twos) >= 0
    post: __return__ is not None or meld.rank not in (Kind.RED_THREE, Kind.TWO)
    post: __return__ is not None or meld.rank is Kind.BLACK_THREE or 3 <= meld.size <= 7
    post: __return__ is not None or meld.rank in (Kind.JOKER, Kind.BLACK_THREE) or meld.wilds <= 3
    post: __return__ is not None or meld.rank in (Kind.JOKER, Kind.BLACK_THREE) or meld.naturals >= 2
    post: __return__ is not None or meld.rank is not Kind.JOKER or meld.naturals == 0
    post: __return__ is not None or meld.rank is not Kind.BLACK_THREE or meld.wilds == 0
    post: __return__ is not None or not (meld.rank is Kind.SEVEN and sevens_natural_only and meld.wilds)
    """
    if min(meld.naturals, meld.jokers, meld.twos) < 0:
        return "R-MLD-1", "a meld cannot hold a negative number of cards"
    if meld.rank is Kind.RED_THREE or meld.rank is Kind.TWO:
        return "R-CRD-5", f"there is no meld of rank {meld.rank}"
    if meld.rank is Kind.BLACK_THREE:
        if meld.wilds:
            return "R-MLD-5", "a meld of black 3s takes no wild cards"
        if meld.naturals < 1:
            return "R-MLD-1", "a meld holds at least one card"
        # rule: R-DEC-21
        if meld.naturals < MIN_MELD and black_three_needs_three:
            return "R-DEC-21", "a meld of black 3s has at least 3 cards"
        return None
    if meld.size < MIN_MELD:
        return "R-MLD-1", "a meld has at least 3 cards"
    if meld.size > CANASTA_SIZE:
        return "R-MLD-2", "a meld has at most 7 cards"
    if meld.rank is Kind.JOKER:
        if meld.naturals:
            return "R-DEC-9", "a wild meld holds only wild cards"
        # rule: R-DEC-9
        if not wild_melds and meld.size < CANASTA_SIZE:
            return "R-DEC-9", "under these rules the wild canasta is put down whole, seven wild cards at once"
        return None
    if meld.rank is Kind.SEVEN and meld.wilds and sevens_natural_only:
        return "R-DEC-8", "a meld of 7s takes no wild cards"
    if meld.naturals < MIN_NATURALS:
        return "R-MLD-4", "a meld needs at least 2 natural cards"
    if meld.wilds > MAX_WILDS:
        return "R-MLD-4", "a meld holds at most 3 wild cards"
    return None


def kitty_after(kitty: int, completed: CanastaKind | None) -> int:
    """The kitty code once a step has completed ``completed`` (R-KIT-1)."""
    if kitty == KITTY_ON_CANASTA and completed is not None and completed & LOOKING_CANASTAS:
        return KITTY_READY
    return kitty
