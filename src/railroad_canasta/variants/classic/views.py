"""What one player of classic Canasta may know: :func:`view`.

A :class:`ClassicView` holds the player's own hand, the sizes of the other hands
(the partner's hand stays hidden, R-CL-PLY-1), every side's melds, red 3s and
scores, the discard pile and its status, the size of the stock, the public
fields of the turn, the round and the game, and every player's known cards (the
cards the whole table saw reach that hand and not leave it since, R-CL-VIS-1);
never the seed nor the stock's order.
Its legal moves, for the player to move, equal those of the state.

>>> from railroad_canasta.variants.classic.legal import legal_moves
>>> from railroad_canasta.variants.classic.deal import new_game
>>> from railroad_canasta.variants.classic.rules import CLASSIC
>>> state = new_game(CLASSIC, seed=3)
>>> legal_moves(view(state, state.to_move)) == legal_moves(state)
True
>>> view(state, 0).hand_sizes
(11, 11, 11, 11)
"""

from __future__ import annotations

import attrs

from railroad_canasta.core.cards import KIND_COUNT, Counts, Kind
from railroad_canasta.core.errors import RailroadCanastaError
from railroad_canasta.core.frozen import builder
from railroad_canasta.core.known import ZEROS, folded
from railroad_canasta.variants.classic.rules import ClassicRules
from railroad_canasta.variants.classic.state import (
    ClassicGameResult,
    ClassicRoundResult,
    ClassicState,
    Phase,
    Position,
    Side,
)

__all__ = ["ClassicView", "ClassicViewError", "known_by_seat", "view"]


class ClassicViewError(RailroadCanastaError):
    """A view was asked what its player may not know (another player's hand, a seat not at the table)."""


@attrs.frozen(weakref_slot=False)
class ClassicView(Position):
    """What player ``viewer`` knows of a game of classic Canasta."""

    rules: ClassicRules
    viewer: int
    round: int
    dealer: int
    to_move: int
    phase: Phase
    #: The viewer's own hand.
    hand: Counts
    #: Every player's number of cards in hand.
    hand_sizes: tuple[int, ...]
    sides: tuple[Side, ...]
    stock_size: int
    pile: tuple[Kind, ...]
    pile_frozen: bool
    turn_points: int
    pending: Counts | None
    melded_before: tuple[bool, ...]
    turn_melds: int
    answer: bool | None
    asker: int | None
    turn_started: tuple[Kind, ...]
    history: tuple[ClassicRoundResult, ...]
    result: ClassicGameResult | None
    #: Every player's known cards by seat, counts by kind, all zero where none is known (R-CL-VIS-1);
    #: :func:`view` gives one entry a seat (``()`` only in a view built by hand without them).
    known: tuple[Counts, ...] = ()

    @property
    def mover_hand(self) -> Counts:
        """The hand of the player to move: the viewer's own, when it is their turn."""
        if self.to_move != self.viewer:
            raise ClassicViewError(f"player {self.viewer} does not see the hand of player {self.to_move}")
        return self.hand

    def hand_size(self, seat: int) -> int:
        """Number of cards in a player's hand."""
        return self.hand_sizes[seat]


def view(state: ClassicState, player: int) -> ClassicView:
    """What ``player`` may know of ``state``."""
    if type(player) is not int or not 0 <= player < state.rules.players:
        raise ClassicViewError(f"there is no player {player!r} at a table of {state.rules.players}")
    # (built without ``__init__``, every field in order: the state's values are the view's as they are)
    return _new_view(
        state.rules, player, state.round, state.dealer, state.to_move, state.phase, state.hands[player],
        tuple([sum(h) for h in state.hands]), state.sides, state.stock.size, state.pile, state.pile_frozen,
        state.turn_points, state.pending, state.melded_before, state.turn_melds, state.answer, state.asker,
        state.turn_started, state.history, state.result,
        # rule: R-CL-VIS-1
        known_by_seat(folded(state.known_bits), state.rules.players),
    )  # fmt: skip


#: Build a view from every field in order, without ``__init__`` (the fields of a checked state).
_new_view = builder(ClassicView)


def known_by_seat(bits: int, players: int) -> tuple[Counts, ...]:
    """A table's packed known cards (``0`` while none) as a view shows them: one count of kinds a seat."""
    if not bits:
        return (ZEROS,) * players
    table = bits.to_bytes(KIND_COUNT * players, "little")
    return tuple([tuple(table[at : at + KIND_COUNT]) for at in range(0, KIND_COUNT * players, KIND_COUNT)])
