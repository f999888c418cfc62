"""The immutable game state.

A :class:`GameState` holds everything about a game at one decision point. It is
frozen: :func:`~railroad_canasta.variants.railroad.transitions.apply` returns a new state and
never changes its input, so keeping a state costs nothing.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from typing import ClassVar

import attrs

from railroad_canasta.core.cards import KIND_POINTS, Counts, Kind
from railroad_canasta.core.display import Displayable
from railroad_canasta.core.frozen import Stamped, builder, replacer
from railroad_canasta.core.known import Trail, folded, folded_repr, reduce_folded, unpack
from railroad_canasta.core.stock import Pile, Stock, as_pile, as_stock
from railroad_canasta.variants.railroad.rules import (
    ALL_CANASTAS,
    CANASTA_SIZE,
    KITTY_ON_CANASTA,
    KITTY_READY,
    LOOKING_CANASTAS,
    NO_KITTY,
    SEVENS_CANASTA,
    CanastaKind,
    KittyTiming,
    Rules,
    TableMeld,
    canasta_kind_of,
    table_meld,
)

__all__ = [
    "GameResult",
    "GameState",
    "Phase",
    "PlayerState",
    "RoundEnd",
    "RoundResult",
    "ScoreBreakdown",
    "Standing",
    "Table",
    "engine_state",
    "kitty_code",
    "kitty_open",
    "new_breakdown",
    "new_game_result",
    "new_round_result",
    "others_sevens",
    "passes_turn",
    "pickup_melds",
    "sevens_hand",
    "sevens_hand_melds",
]


_B3 = Kind.BLACK_THREE
_SEVEN = Kind.SEVEN
_SAME_TURN = KittyTiming.SAME_TURN


class Phase(enum.Enum):
    """Where in the game a state is."""

    #: The player to move draws or takes the pile (R-TRN-2).
    DRAW = "draw"
    #: The player to move melds and then discards (R-TRN-2).
    MELD = "meld"
    #: The player who just discarded may take their kitty (R-KIT-2).
    KITTY = "kitty"
    #: A round has been scored; ``next-round`` deals the next one.
    ROUND_OVER = "round-over"
    #: The game has ended (R-GAM-1, R-GAM-2).
    GAME_OVER = "game-over"

    def __repr__(self) -> str:
        return f"Phase.{self.name}"


class RoundEnd(enum.Enum):
    """How a round ended (R-END-1..3)."""

    WENT_OUT = "went-out"
    STOCK_EMPTY = "stock-empty"
    NO_DISCARD = "no-discard"

    def __repr__(self) -> str:
        return f"RoundEnd.{self.name}"


@attrs.frozen(weakref_slot=False)
class ScoreBreakdown:
    """One player's score for one round, by source (R-SCO-1..5). Penalties are negative."""

    melded: int
    canasta_bonus: int
    red_threes: int
    going_out: int
    hand_penalty: int
    kitty_penalty: int

    @property
    def total(self) -> int:
        """The round score: the sum of the parts."""
        return (
            self.melded
            + self.canasta_bonus
            + self.red_threes
            + self.going_out
            + self.hand_penalty
            + self.kitty_penalty
        )


@attrs.frozen(weakref_slot=False)
class RoundResult:
    """The outcome of one round."""

    round: int
    end: RoundEnd
    went_out: int | None
    breakdowns: tuple[ScoreBreakdown, ...]
    scores: tuple[int, ...]


@attrs.frozen(weakref_slot=False)
class GameResult:
    """The outcome of a game: the winners, or a truncated game with none (R-GAM-2)."""

    winners: tuple[int, ...]
    truncated: bool
    scores: tuple[int, ...]


class Standing:
    """What a player's standing in the round says, for a player's full state and for their public view."""

    __slots__ = ()
    melds: tuple[TableMeld, ...]
    canastas: int
    opened: bool
    score: int
    kitty_taken: bool

    @property
    def hand_size(self) -> int:
        """Number of cards in hand."""
        raise NotImplementedError

    @property
    def kitty_size(self) -> int:
        """Number of cards in the kitty."""
        raise NotImplementedError

    @property
    def may_go_out(self) -> bool:
        """The player holds every kind of canasta (R-OUT-1)."""
        return self.canastas == ALL_CANASTAS

    @property
    def may_look_kitty(self) -> bool:
        """The player has completed a red, wild or sevens canasta and may look at their kitty (R-KIT-1)."""
        # rule: R-KIT-1
        return bool(self.canastas & LOOKING_CANASTAS)

    @property
    def has_sevens_canasta(self) -> bool:
        """The player has completed a sevens canasta (R-PIL-1)."""
        return bool(self.canastas & SEVENS_CANASTA)

    def unfinished_meld(self, rank: Kind) -> TableMeld | None:
        """The player's unfinished meld of ``rank``, if any (R-MLD-3)."""
        for meld in self.melds:
            # rule: R-MLD-2
            if meld.rank is rank and (meld.naturals + meld.jokers + meld.twos < CANASTA_SIZE or rank is _B3):
                return meld
        return None


class Table(Displayable):
    """What the table shows, for a game state and for a player's view of it: a position.

    The guards and the move generator read positions only, so they judge a
    :class:`GameState` and the mover's :class:`~railroad_canasta.PlayerView` alike. ``str`` of a
    position is a short text of the table, and Jupyter draws it (:mod:`railroad_canasta.render`).
    """

    __slots__ = ()
    rules: Rules
    to_move: int
    phase: Phase
    pile: Sequence[Kind]
    pile_frozen: bool
    turn_points: int
    pending: Counts | None
    turn_canasta: bool
    players: tuple[Standing, ...]

    @property
    def mover(self) -> Standing:
        """The standing of the player to move."""
        return self.players[self.to_move]

    @property
    def mover_hand(self) -> Counts:
        """The hand of the player to move (a view answers only for its own player)."""
        raise NotImplementedError

    @property
    def top(self) -> Kind | None:
        """The top card of the discard pile."""
        return self.pile[-1] if self.pile else None

    @property
    def pile_stopped(self) -> bool:
        """A black 3 on top stops the pile (R-PIL-3)."""
        return bool(self.pile) and self.pile[-1] is _B3

    @property
    def scores(self) -> tuple[int, ...]:
        """Cumulative scores (after the last scored round)."""
        return tuple(p.score for p in self.players)

    @property
    def is_over(self) -> bool:
        """The game has ended."""
        return self.phase is Phase.GAME_OVER

    def sevens_discardable(self) -> bool:
        """Every player has a sevens canasta, so 7s may be discarded (R-PIL-1)."""
        for p in self.players:  # noqa: SIM110 (a loop: a generator for ``all`` costs twice as much)
            if not p.canastas & SEVENS_CANASTA:
                return False
        return True


@attrs.frozen(weakref_slot=False)
class PlayerState(Standing):
    """One player's cards, melds and standing in the current round."""

    #: Cards in hand, by kind.
    hand: Counts
    #: Cards of the kitty, by kind; all zero once taken.
    kitty: Counts
    #: Melds on the table, complete and unfinished, in the order started.
    melds: tuple[TableMeld, ...] = ()
    #: Red 3s put down this round (R-RED-1).
    red_threes: int = 0
    #: Kinds of canasta completed this round, a :class:`CanastaKind` mask.
    canastas: int = 0
    #: The requirement of the round has been met (R-REQ-3).
    opened: bool = False
    #: The kitty has been taken (R-KIT-2).
    kitty_taken: bool = False
    #: Cumulative score before this round.
    score: int = 0
    #: Cards of the hand the whole table knows are there (R-VIS-1): packed a byte a kind, or the trail of
    #: public moves the transitions leave (:data:`~railroad_canasta.core.known.Trail`), compared, hashed,
    #: shown and pickled as the packed bits it gives; ``0`` while none is. :attr:`known` gives them by kind.
    known_bits: Trail = attrs.field(default=0, eq=folded, repr=folded_repr)

    #: A copy with some fields changed (faster than ``attrs.evolve``; the values are not checked):
    #: generated from the fields (:func:`~railroad_canasta.core.frozen.replacer`), set below the class.
    replace: ClassVar[Callable[..., PlayerState]]

    @property
    def hand_size(self) -> int:
        """Number of cards in hand."""
        return sum(self.hand)

    @property
    def kitty_size(self) -> int:
        """Number of cards in the kitty."""
        return sum(self.kitty)

    @property
    def hand_points(self) -> int:
        """Card values of the hand."""
        return sum(n * KIND_POINTS[i] for i, n in enumerate(self.hand) if n)

    @property
    def known(self) -> Counts:
        """The cards of the hand the whole table knows are there, by kind (R-VIS-1)."""
        return unpack(folded(self.known_bits))

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        """Pickled and copied with the packed bits of the trail, not the trail."""
        return reduce_folded(self, "known_bits")


@attrs.frozen(weakref_slot=False)
class GameState(Table, Stamped):
    """A game of Railroad Canasta at one decision point.

    Build one with :func:`~railroad_canasta.variants.railroad.deal.new_game`; move with
    :func:`~railroad_canasta.variants.railroad.transitions.apply`.
    """

    rules: Rules
    seed: int
    #: Round number, from 1.
    round: int
    dealer: int
    to_move: int
    phase: Phase
    players: tuple[PlayerState, ...]
    #: The stock, by kind; the next card drawn is the last. A :class:`~railroad_canasta.core.stock.Stock`
    #: shares its cards with the other states of the round; any sequence of kinds given is made one.
    stock: Stock = attrs.field(converter=as_stock)
    #: The discard pile, by kind; the top card is the last. A :class:`~railroad_canasta.core.stock.Pile`
    #: shares its cards with the piles it grew into; any sequence of kinds given is made one.
    pile: Pile = attrs.field(converter=as_pile)
    #: Frozen by a wild card or a red 3 until taken (R-PIL-2, R-SET-5).
    pile_frozen: bool
    #: Card values melded this turn before the requirement was met (R-REQ-1).
    turn_points: int = 0
    #: The rest of a pile taken before the requirement was met, held until it is met (R-DEC-12).
    pending: Counts | None = None
    #: A non-black canasta was completed this turn (R-DEC-10).
    turn_canasta: bool = False
    #: Results of the rounds played so far.
    history: tuple[RoundResult, ...] = ()
    #: The game's result once it is over.
    result: GameResult | None = None

    @property
    def mover(self) -> PlayerState:
        """The state of the player to move."""
        return self.players[self.to_move]

    #: A copy with some fields changed (faster than ``attrs.evolve``; the values are not checked, the stock
    #: and the pile converted): generated from the fields (:func:`~railroad_canasta.core.frozen.replacer`),
    #: set below the class. Like a state made by ``attrs.evolve``, the copy is checked when it enters a
    #: public function.
    replace: ClassVar[Callable[..., GameState]]

    @property
    def mover_hand(self) -> Counts:
        """The hand of the player to move."""
        return self.players[self.to_move].hand

    @property
    def top(self) -> Kind | None:
        """The top card of the discard pile (read from the shared pile's list directly)."""
        pile = self.pile
        return pile.cards[pile.size - 1] if pile.size else None


PlayerState.replace = replacer(PlayerState)
GameState.replace = replacer(GameState)
#: Build a game state from its fields (by name), without ``__init__``, stamped: a state of the engine's own
#: transitions, which the public functions trust without checking it (the fields must be converted: a
#: ``Stock``, a ``Pile``). The hot transitions use named copiers instead (``transitions``).
engine_state = builder(GameState, stamp=True)
#: Build a round's results from every field in order, without ``__init__`` (the engine's round end).
new_breakdown = builder(ScoreBreakdown)
new_round_result = builder(RoundResult)
new_game_result = builder(GameResult)


def pickup_melds(
    player: Standing, rank: Kind, naturals: int
) -> tuple[tuple[TableMeld, ...], int, CanastaKind | None]:
    """The player's melds, canasta mask and canasta completed once ``naturals`` cards of ``rank`` from a
    pickup are melded: onto their unfinished meld of that rank, or as a new meld (R-PIL-4, R-PIL-5, R-DEC-18).
    """
    existing = player.unfinished_meld(rank)
    melds = player.melds
    if existing is None:
        new = table_meld(rank, naturals, 0, 0)
        melds = (*melds, new)
    else:
        new = table_meld(rank, existing.naturals + naturals, existing.jokers, existing.twos)
        at = 0  # (the place of ``existing``: equal melds are one shared instance, so replace one place)
        for meld in melds:
            if meld is existing:
                break
            at += 1
        melds = (*melds[:at], new, *melds[at + 1 :])
    # (Short of 7 cards no meld is a canasta: ``canasta_kind_of`` is asked only from 7 on.)
    completed = canasta_kind_of(new) if new.naturals + new.jokers + new.twos >= CANASTA_SIZE else None
    return melds, player.canastas | completed.value if completed is not None else player.canastas, completed


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


def others_sevens(state: Table) -> bool:
    """Every player but the mover has a sevens canasta (R-PIL-1)."""
    mover = state.to_move
    return all(p.canastas & SEVENS_CANASTA for i, p in enumerate(state.players) if i != mover)
