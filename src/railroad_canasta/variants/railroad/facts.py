"""Facts of a position that several rules read: whether the kitty follows the discard, a hand of 7s.

The kitty code says whether the mover's kitty will be offered right after this turn's discard, which
R-DEC-19's alternative reading lets a player play down to. A hand of 7s that may not be discarded is the
subject of R-END-3, R-DEC-20 and R-DEC-22.
"""

from __future__ import annotations

from railroad_canasta.core.cards import Kind
from railroad_canasta.variants.railroad.melds import LOOKING_CANASTAS, CanastaKind
from railroad_canasta.variants.railroad.rules import KittyTiming, Rules
from railroad_canasta.variants.railroad.state import Phase, Standing, Table
from railroad_canasta.variants.railroad.switches import CACHES

__all__ = [
    "KITTY_ON_CANASTA",
    "KITTY_READY",
    "NO_KITTY",
    "kitty_after",
    "kitty_code",
    "kitty_open",
    "opening_facts",
    "passes_turn",
    "sevens_hand",
    "sevens_hand_melds",
]

_SEVEN = Kind.SEVEN
_SAME_TURN = KittyTiming.SAME_TURN

# Whether the kitty can follow this turn's discard, for R-DEC-19's alternative reading (a kitty code).
#: It cannot (or the default reading of R-DEC-19 applies, where it does not matter).
NO_KITTY = 0
#: It will once the player completes a red, wild or sevens canasta this turn (R-KIT-1, R-DEC-10).
KITTY_ON_CANASTA = 1
#: It will.
KITTY_READY = 2


def kitty_after(kitty: int, completed: CanastaKind | None) -> int:
    """The kitty code once a step has completed ``completed`` (R-KIT-1)."""
    if kitty == KITTY_ON_CANASTA and completed is not None and completed & LOOKING_CANASTAS:
        return KITTY_READY
    return kitty


def kitty_open(player: Standing, rules: Rules, turn_canasta: bool) -> bool:
    """Whether ``player`` may take their kitty right after a discard now (R-KIT-2, R-DEC-10).

    ``turn_canasta``: a red, wild or sevens canasta was completed this turn.
    """
    # rule: R-KIT-2
    if player.kitty_taken:
        return False
    # rule: R-DEC-10
    ready = turn_canasta if rules.kitty_timing is _SAME_TURN else player.may_look_kitty
    return ready and player.kitty_size > 0


def kitty_code(state: Table) -> int:
    """Whether the mover's kitty can follow this turn's discard, for R-DEC-19's alternative reading.

    ``NO_KITTY`` under the default reading or when it cannot; ``KITTY_ON_CANASTA`` when completing a red,
    wild or sevens canasta this turn would make it follow; ``KITTY_READY`` when it will.
    """
    rules = state.rules
    player = state.mover
    if rules.keep_two_cards or player.kitty_taken or not player.kitty_size:
        return NO_KITTY
    ready = state.turn_canasta if rules.kitty_timing is KittyTiming.SAME_TURN else player.may_look_kitty
    return KITTY_READY if ready else KITTY_ON_CANASTA


def sevens_hand(state: Table) -> bool:
    """The mover holds nothing but 7s and may not discard them (R-END-3, R-PIL-1)."""
    hand = state.mover_hand
    sevens = hand[_SEVEN]
    return state.pending is None and sevens > 0 and sum(hand) == sevens and not state.sevens_discardable()


def sevens_hand_melds(state: Table) -> bool:
    """The mover may meld their hand of 7s without the requirement (R-END-3, R-DEC-20)."""
    # rule: R-DEC-20
    return not state.mover.opened and not state.rules.sevens_hand_needs_requirement and sevens_hand(state)


def passes_turn(state: Table) -> bool:
    """With no legal discard the mover ends their turn, not the round (R-DEC-22's alternative reading).

    True under that reading when the hand is not all 7s; whether there is no legal discard is for the
    guards of ``end-turn`` to say.
    """
    # rule: R-DEC-22
    if state.rules.no_discard_ends_round or state.phase is not Phase.MELD:
        return False
    hand = state.mover_hand
    return sum(hand) > hand[_SEVEN]


def opening_facts(state: Table) -> tuple[int | None, bool]:
    """What the mover still needs this turn for the requirement (``None`` once opened, R-REQ-4), and
    whether they may meld a hand of 7s without it (R-DEC-20): the same for every candidate step of a
    position, so read once per position (the last one asked about is kept).
    """
    global _OPENING
    last = _OPENING
    if last[0] is state:
        return last[1]
    player = state.mover
    if player.opened:
        facts: tuple[int | None, bool] = (None, False)
    else:
        facts = (state.rules.requirement(player.score) - state.turn_points, sevens_hand_melds(state))
    _OPENING = (state, facts)
    return facts


#: The last state whose opening facts were read, and those facts (a state is immutable: its identity
#: keys them, and the memo holds it so that the identity cannot be reused).
_OPENING: tuple[object, tuple[int | None, bool]] = (None, (None, False))


def _forget() -> None:
    global _OPENING
    _OPENING = (None, (None, False))


CACHES.register("railroad.facts._OPENING", _forget)
