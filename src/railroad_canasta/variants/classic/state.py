"""The immutable state of a game of classic Canasta, and what a position shows.

A :class:`ClassicState` holds everything at one decision point; a side's melds,
red 3s, score and opening are shared by its players (:class:`Side`), each player
keeps their own hand (R-CL-PLY-1). A :class:`Position` is what the guards read:
a state, or the view of the player to move.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from typing import ClassVar

import attrs

from railroad_canasta.core.cards import KIND_POINTS, Counts, Kind
from railroad_canasta.core.display import Displayable
from railroad_canasta.core.frozen import Stamped, builder, replacer
from railroad_canasta.core.known import Trail, folded, folded_repr, reduce_folded, seat_bits, unpack
from railroad_canasta.core.melds import Meld, meld_of
from railroad_canasta.core.moves import (
    AddToMeld,
    AnswerGoOut,
    AskGoOut,
    Discard,
    Draw,
    EndRound,
    Move,
    NextRound,
    StartMeld,
    TakePile,
    TakePileMixed,
    TakeTop,
)
from railroad_canasta.core.stock import Stock, as_stock
from railroad_canasta.variants.classic.arithmetic import CANASTA_SIZE, canasta_kind_of
from railroad_canasta.variants.classic.rules import ClassicRules

__all__ = [
    "CANASTA_SIZE",
    "PHASE_OF",
    "ClassicGameResult",
    "ClassicRoundResult",
    "ClassicState",
    "Phase",
    "Position",
    "Side",
    "SideScore",
    "build_side",
    "build_state",
    "canasta_kind",
    "engine_replace",
    "engine_state",
    "frozen_for_mover",
    "may_go_out",
    "meld_of",
    "opening_unfinished",
]


def canasta_kind(meld: Meld) -> str | None:
    """``natural`` (no wild card) or ``mixed`` for a canasta, ``None`` for a meld under 7 cards."""
    return canasta_kind_of(meld.size, meld.wilds)


class Phase(enum.Enum):
    """Where in the game a state is."""

    #: The player to move draws or takes the pile (R-CL-TRN-1); with an empty stock, may end the round.
    DRAW = "draw"
    #: The player to move melds, asks their partner, and discards (R-CL-TRN-1).
    MELD = "meld"
    #: The partner of the player to move answers "may I go out?" (R-CL-DEC-1).
    ANSWER = "answer"
    #: A round has been scored; ``next-round`` deals the next one.
    ROUND_OVER = "round-over"
    #: The game has ended (R-CL-GAM-1).
    GAME_OVER = "game-over"

    def __repr__(self) -> str:
        return f"Phase.{self.name}"


@attrs.frozen(weakref_slot=False)
class Side:
    """What a side shares: its melds, red 3s, opening and score (R-CL-PLY-1)."""

    #: The side's melds, one per rank (R-CL-MLD-3), in the order started.
    melds: tuple[Meld, ...] = ()
    #: Red 3s put down this round (R-CL-RED-1).
    red_threes: int = 0
    #: The side has made its initial meld this round (R-CL-REQ-1).
    opened: bool = False
    #: Cumulative score before this round.
    score: int = 0
    #: Canastas melded whole from the hand in one turn (R-CL-DEC-2).
    concealed_canastas: int = 0

    @property
    def canastas(self) -> int:
        """Number of canastas (R-CL-CAN-1)."""
        count = 0
        for m in self.melds:  # (a plain loop: the move generator asks it at most decisions)
            if m.naturals + m.jokers + m.twos >= CANASTA_SIZE:
                count += 1
        return count

    def meld(self, rank: Kind) -> Meld | None:
        """The side's meld of ``rank``, if any."""
        return meld_of(self.melds, rank)


@attrs.frozen(weakref_slot=False)
class SideScore:
    """One side's score for one round, by source (R-CL-SCO-1). Penalties are negative."""

    melded: int
    canasta_bonus: int
    red_threes: int
    going_out: int
    hand_penalty: int

    @property
    def total(self) -> int:
        """The round score: the sum of the parts."""
        return self.melded + self.canasta_bonus + self.red_threes + self.going_out + self.hand_penalty


@attrs.frozen(weakref_slot=False)
class ClassicRoundResult:
    """The outcome of one round: how it ended, who went out, the side scores."""

    round: int
    #: ``went-out``, ``stock-empty`` or ``red-three-last``.
    end: str
    went_out: int | None
    breakdowns: tuple[SideScore, ...]
    scores: tuple[int, ...]


@attrs.frozen
class ClassicGameResult:
    """The outcome of a game: the winning sides, or a truncated game with none."""

    winners: tuple[int, ...]
    truncated: bool
    scores: tuple[int, ...]


class Position(Displayable):
    """What the table shows, for a state and for the mover's view: what the guards read.

    ``str`` of a position is a short text of the table, and Jupyter draws it (:mod:`railroad_canasta.render`).
    """

    __slots__ = ()
    rules: ClassicRules
    to_move: int
    phase: Phase
    pile: tuple[Kind, ...]
    pile_frozen: bool
    sides: tuple[Side, ...]
    turn_points: int
    pending: Counts | None
    melded_before: tuple[bool, ...]
    turn_melds: int
    answer: bool | None
    asker: int | None

    @property
    def stock_size(self) -> int:
        """Cards left in the stock."""
        raise NotImplementedError

    @property
    def mover_hand(self) -> Counts:
        """The hand of the player to move."""
        raise NotImplementedError

    def hand_size(self, seat: int) -> int:
        """Number of cards in a player's hand."""
        raise NotImplementedError

    def side_of(self, seat: int) -> int:
        """The index of the side ``seat`` plays on."""
        return seat % len(self.sides)

    @property
    def mover_side(self) -> Side:
        """The side of the player to move."""
        return self.sides[self.to_move % len(self.sides)]

    @property
    def top(self) -> Kind | None:
        """The top card of the discard pile."""
        return self.pile[-1] if self.pile else None

    @property
    def pile_stopped(self) -> bool:
        """A black 3 on top stops the pile for the next player (R-CL-PIL-1)."""
        # rule: R-CL-PIL-1
        return bool(self.pile) and self.pile[-1] is Kind.BLACK_THREE

    @property
    def is_over(self) -> bool:
        """The game has ended."""
        return self.phase is Phase.GAME_OVER

    @property
    def scores(self) -> tuple[int, ...]:
        """Cumulative side scores (after the last scored round)."""
        return tuple(s.score for s in self.sides)


@attrs.frozen(weakref_slot=False)
class ClassicState(Position, Stamped):
    """A game of classic Canasta at one decision point."""

    rules: ClassicRules
    seed: int
    #: Round number, from 1.
    round: int
    dealer: int
    to_move: int
    phase: Phase
    #: Each player's hand, by kind.
    hands: tuple[Counts, ...]
    sides: tuple[Side, ...]
    #: The stock; the next card drawn is the last. A :class:`~railroad_canasta.core.stock.Stock` shares
    #: its cards with the other states of the round; any sequence of kinds given is made one.
    stock: Stock = attrs.field(converter=as_stock)
    #: The discard pile; the top card is the last.
    pile: tuple[Kind, ...]
    #: Frozen by a wild card in it or by the red-3 or wild upcard, until taken (R-CL-PIL-2).
    pile_frozen: bool
    #: Card values melded this turn before the side opened (R-CL-REQ-1).
    turn_points: int = 0
    #: The rest of a pile taken before the side opened, held until the requirement is met (R-CL-REQ-2).
    pending: Counts | None = None
    #: Each player has melded in an earlier turn of this round (R-CL-OUT-3).
    melded_before: tuple[bool, ...] = ()
    #: Meld steps the mover has made this turn.
    turn_melds: int = 0
    #: The partner's answer to "may I go out?" this turn (R-CL-DEC-1).
    answer: bool | None = None
    #: The player who asked, while the partner answers.
    asker: int | None = None
    #: Ranks the mover started from the hand this turn (R-CL-DEC-2).
    turn_started: tuple[Kind, ...] = ()
    history: tuple[ClassicRoundResult, ...] = ()
    result: ClassicGameResult | None = None
    #: Each player's cards the whole table knows are in hand (R-CL-VIS-1): packed a byte a kind, one hand
    #: after the other, or the trail of public moves the transitions leave
    #: (:data:`~railroad_canasta.core.known.Trail`), compared, hashed, shown and pickled as the packed bits
    #: it gives; ``0`` while none is. :attr:`known` gives them.
    known_bits: Trail = attrs.field(default=0, eq=folded, repr=folded_repr)

    @property
    def stock_size(self) -> int:
        """Cards left in the stock."""
        return self.stock.size

    @property
    def mover_hand(self) -> Counts:
        """The hand of the player to move."""
        return self.hands[self.to_move]

    def hand_size(self, seat: int) -> int:
        """Number of cards in a player's hand."""
        return sum(self.hands[seat])

    def hand_points(self, seat: int) -> int:
        """Card values of a player's hand."""
        return sum(n * KIND_POINTS[i] for i, n in enumerate(self.hands[seat]) if n)

    @property
    def known(self) -> tuple[Counts, ...]:
        """Each player's cards the whole table knows are in hand, by seat, counts by kind (R-CL-VIS-1)."""
        bits = folded(self.known_bits)
        return tuple(unpack(seat_bits(bits, seat)) for seat in range(len(self.hands)))

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        """Pickled and copied with the packed bits of the trail, not the trail."""
        return reduce_folded(self, "known_bits")

    #: A copy with some fields changed (faster than ``attrs.evolve``; unknown names are refused, the stock
    #: converted): generated from the fields (:func:`~railroad_canasta.core.frozen.replacer`), set below.
    replace: ClassVar[Callable[..., ClassicState]]


#: Build a side or a state from every field in order, without ``__init__`` (trusted code: no checks).
build_side = builder(Side)
build_state = builder(ClassicState)
#: Build a state as ``build_state`` does, stamped: a state of the engine's own transitions, which the public
#: functions trust without checking it (``core.frozen.is_stamped``); ``replace`` and copies are not stamped.
engine_state = builder(ClassicState, stamp=True)
ClassicState.replace = replacer(ClassicState)
#: ``state.replace(**changes)`` stamped as ``engine_state`` stamps: for the engine's own transitions.
engine_replace = replacer(ClassicState, stamp=True)


#: The phase in which each kind of move is played.
PHASE_OF: Mapping[type[Move], Phase] = {
    Draw: Phase.DRAW,
    TakePile: Phase.DRAW,
    TakePileMixed: Phase.DRAW,
    TakeTop: Phase.DRAW,
    EndRound: Phase.DRAW,
    StartMeld: Phase.MELD,
    AddToMeld: Phase.MELD,
    Discard: Phase.MELD,
    AskGoOut: Phase.MELD,
    AnswerGoOut: Phase.ANSWER,
    NextRound: Phase.ROUND_OVER,
}


def opening_unfinished(position: Position) -> bool:
    """The mover's side has begun its initial meld this turn and not yet reached the requirement."""
    return position.pending is not None or (not position.mover_side.opened and position.turn_points > 0)


def may_go_out(side: Side, melds: tuple[Meld, ...] | None, needed: int) -> bool:
    """The side has the canastas its players need to go out (R-CL-OUT-1)."""
    have = side.canastas if melds is None else sum(1 for m in melds if m.size >= CANASTA_SIZE)
    return have >= needed


def frozen_for_mover(position: Position) -> bool:
    """The pile is frozen for the mover: a wild card or red 3 in it, or the side has not opened."""
    return position.pile_frozen or not position.mover_side.opened
