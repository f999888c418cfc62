"""The floor: how many cards a play must leave in a player's hand (R-HND-1, R-DEC-15, R-DEC-16, R-DEC-19).

Every play that takes cards from a hand (a meld step, a pickup melding its cards) is judged on a small
:class:`FloorFacts`: the hand it leaves and what the player holds after it. :data:`FLOOR_GUARDS` are the
rows; :func:`floor_holds` answers whether they all hold (plainly where it can, a declared fast path). The
meld steps (:mod:`~railroad_canasta.variants.railroad.steps`), the pickups' guards and the requirement's
search all read them from here.
"""

from __future__ import annotations

from typing import Protocol

from railroad_canasta.core.cards import Counts, Kind
from railroad_canasta.core.guards import Guard, first_violation
from railroad_canasta.variants.railroad.rules import ALL_CANASTAS, KITTY_READY, Rules
from railroad_canasta.variants.railroad.switches import SWITCHES

__all__ = ["FLOOR_FAST", "FLOOR_GUARDS", "FloorFacts", "cards_to_keep", "floor_holds"]

_SEVEN = Kind.SEVEN


class FloorFacts(Protocol):
    """What the floor guards look at: the hand a play leaves and what the player holds after it."""

    @property
    def rules(self) -> Rules: ...
    @property
    def after(self) -> Counts: ...
    @property
    def extra(self) -> int: ...
    @property
    def new_mask(self) -> int: ...
    @property
    def sevens_ok_after(self) -> bool: ...
    @property
    def sevens_only_before(self) -> bool: ...
    @property
    def is_meld(self) -> bool: ...
    @property
    def kitty_after(self) -> int: ...


def cards_to_keep(goes_out: bool, requires_discard: bool, keep_two_cards: bool, kitty_follows: bool) -> int:
    """The fewest cards a play may leave in hand (R-DEC-15, R-HND-1, R-DEC-19): one for the final
    discard when going out needs one; else two (one to discard, one to hold), or one when the kitty
    follows the discard and the rules let a player go down to one card.

    post: 0 <= __return__ <= 2
    post: goes_out or __return__ >= 1
    post: not goes_out or __return__ == (1 if requires_discard else 0)
    post: goes_out or __return__ == 2 or (kitty_follows and not keep_two_cards)
    """
    if goes_out:
        # rule: R-DEC-15
        return 1 if requires_discard else 0
    # rule: R-HND-1, R-DEC-19
    return 1 if kitty_follows and not keep_two_cards else 2


def _left(f: FloorFacts) -> int:
    """Cards the player will hold: the hand left plus cards joining it this turn (a held pile)."""
    return sum(f.after) + f.extra


def _final_discard_kept(f: FloorFacts) -> str | None:
    # A hand of 7s that cannot be discarded may be melded away entirely (R-END-3): no floor applies.
    if f.sevens_only_before or f.new_mask != ALL_CANASTAS:
        return None
    if _left(f) < cards_to_keep(True, f.rules.going_out_requires_discard, True, False):
        return "going out needs a final discard: keep one card to discard"
    return None


def _last_card_not_seven(f: FloorFacts) -> str | None:
    # Under both readings of R-DEC-19: discarding the last card goes out, and no kitty follows going out.
    if f.sevens_only_before or f.new_mask != ALL_CANASTAS:
        return None
    if _left(f) == 1 and f.extra == 0 and f.after[_SEVEN] == 1:
        return "your last card would be a 7, which may not be the final discard (R-OUT-2)"
    return None


def _hand_not_emptied(f: FloorFacts) -> str | None:
    if f.sevens_only_before or f.new_mask == ALL_CANASTAS or _left(f) >= 1:
        return None
    return "you may not empty your hand without going out (you need a canasta of every kind)"


def _two_cards_kept(f: FloorFacts) -> str | None:
    # R-DEC-19's alternative: down to one card when the kitty follows the discard of that card.
    if f.sevens_only_before or f.new_mask == ALL_CANASTAS:
        return None
    if _left(f) >= cards_to_keep(False, True, f.rules.keep_two_cards, f.kitty_after == KITTY_READY):
        return None
    return "you may not go out, so you must keep two cards (one to discard, one to hold)"


def _not_only_sevens(f: FloorFacts) -> str | None:
    if f.sevens_only_before or not f.is_meld or f.rules.allow_hand_of_sevens or f.sevens_ok_after:
        return None
    total = _left(f)
    if f.extra == 0 and total and f.after[_SEVEN] == total:
        return "this would leave you only 7s, which you could not discard"
    return None


#: How many cards a play must leave in hand, in order (R-END-3 lifts them all for a hand of 7s).
FLOOR_GUARDS: tuple[Guard[FloorFacts], ...] = (
    Guard("R-DEC-15", "a player going out keeps a card for the final discard", _final_discard_kept),
    Guard("R-DEC-19", "a player going out is not left with a lone 7", _last_card_not_seven),
    Guard("R-HND-1", "a player who may not go out does not empty their hand", _hand_not_emptied),
    Guard(
        "R-DEC-19", "a player who may not go out keeps two cards (one if the kitty follows)", _two_cards_kept
    ),
    Guard("R-DEC-16", "a meld does not leave a hand of 7s that cannot be discarded", _not_only_sevens),
)


FLOOR_FAST = SWITCHES.declare("railroad.floor.floor_holds", "R-DEC-15", "R-DEC-16", "R-DEC-19", "R-HND-1")


def floor_holds(f: FloorFacts) -> bool:
    """Every floor guard holds: plainly (``FLOOR_FAST``) for a play leaving two cards or more, one not a 7 (or
    a hand of 7s allowed), that completes no last kind of canasta; else as ``FLOOR_GUARDS`` say."""
    after = f.after
    extra = f.extra
    left = sum(after) + extra
    if (
        left >= 2
        and (extra or after[_SEVEN] < left or f.rules.allow_hand_of_sevens)
        and f.new_mask != ALL_CANASTAS
        and FLOOR_FAST.on
    ):
        return True
    return first_violation(FLOOR_GUARDS, f) is None
