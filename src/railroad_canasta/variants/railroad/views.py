"""What one player may know: :func:`view` and the legal moves of a view.

A :class:`PlayerView` holds exactly the information a player has at the table:
their own hand; their own kitty once the rules let them look at it (R-KIT-1),
otherwise only its size (R-SET-3); every player's melds, red 3s, canastas,
opened flag and score; the whole discard pile and its status; the sizes of the
other hands, of the other kitties and of the stock; and the public fields of
the turn, the round and the game. It never holds the seed (the seed decides
every shuffle) nor the order of the stock.

The legal moves of the player to move depend only on what that player sees: a
view is a position like a state (both are a
:class:`~railroad_canasta.variants.railroad.state.Table`), so
``legal_moves(view)`` is computed from the view's own facts and equals
``legal_moves(state)``:

>>> from railroad_canasta import RAILROAD, legal_moves, new_game
>>> state = new_game(RAILROAD, seed=7)
>>> mine = view(state, state.to_move)
>>> legal_moves(mine) == legal_moves(state)
True
>>> mine.kitty is None, mine.players[mine.viewer].kitty_size
(True, 11)
>>> other = view(state, 1 - state.to_move)
>>> legal_moves(other)
Traceback (most recent call last):
...
railroad_canasta.variants.railroad.views.ViewError: ...
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from railroad_canasta.core.cards import KIND_POINTS, Counts, Kind
from railroad_canasta.core.errors import RailroadCanastaError
from railroad_canasta.core.frozen import builder
from railroad_canasta.core.known import ZEROS, folded, unpack
from railroad_canasta.variants.railroad.rules import Rules, TableMeld
from railroad_canasta.variants.railroad.state import (
    GameResult,
    GameState,
    Phase,
    PlayerState,
    RoundResult,
    Standing,
    Table,
)

__all__ = ["PlayerView", "PublicPlayer", "ViewError", "view"]


class ViewError(RailroadCanastaError):
    """A view was asked for something its player may not know or do.

    Raised for a seat that is not at the table, and for the legal moves of a
    view whose player is not the player to move (while a round is being played).
    """


@attrs.frozen(weakref_slot=False)
class PublicPlayer(Standing):
    """What every player knows about one player: counts of hidden cards, everything on the table.

    ``melds`` are the player's melds on the table, complete and unfinished, in the order started.
    """

    #: Cards in hand (the cards themselves are known only to their owner).
    hand_size: int
    #: Cards in the kitty; 0 once taken.
    kitty_size: int
    # Described in the class docstring: a ``#:`` comment here would give Sphinx a second ``melds`` target,
    # which makes the napoleon-parsed "R-DEC-8: melds of 7s ..." comment of Rules an ambiguous reference.
    melds: tuple[TableMeld, ...] = ()
    #: Red 3s put down this round (R-RED-1).
    red_threes: int = 0
    #: Kinds of canasta completed this round, a :class:`~railroad_canasta.CanastaKind` mask.
    canastas: int = 0
    #: The requirement of the round has been met (R-REQ-3).
    opened: bool = False
    #: The kitty has been taken (R-KIT-2).
    kitty_taken: bool = False
    #: Cumulative score before this round.
    score: int = 0
    #: Cards of the hand the whole table knows are there, by kind (R-VIS-1); all zero while none is.
    known: Counts = ZEROS


def _cards(cards: Iterable[Kind]) -> tuple[Kind, ...]:
    """The cards as a tuple of their own (a tuple given is kept)."""
    return tuple(cards)


@attrs.frozen(weakref_slot=False)
class PlayerView(Table):
    """A game seen by one player (``viewer``): their cards, the table, and the sizes of the hidden parts.

    Build one with :func:`view`. Two states that differ only in what the
    viewer may not know give equal views.
    """

    rules: Rules
    #: The seat of the player who sees this view.
    viewer: int
    #: Round number, from 1.
    round: int
    dealer: int
    to_move: int
    phase: Phase
    #: The viewer's hand, by kind.
    hand: Counts
    #: The viewer's kitty by kind once they may look at it (R-KIT-1), else ``None``; all zero once taken.
    kitty: Counts | None
    #: Every player's public standing, by seat (the viewer's included).
    players: tuple[PublicPlayer, ...]
    #: Cards in the stock.
    stock_size: int
    #: The discard pile, by kind; the top card is the last. A tuple of its own (never the state's shared
    #: :class:`~railroad_canasta.core.stock.Pile`, whose list later discards grow): a view is a value,
    #: and no later branch of the game shows in it); any sequence of kinds given is made a tuple.
    pile: tuple[Kind, ...] = attrs.field(converter=_cards)
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
    def me(self) -> PublicPlayer:
        """The viewer's public standing."""
        return self.players[self.viewer]

    @property
    def mover(self) -> PublicPlayer:
        """The public standing of the player to move."""
        return self.players[self.to_move]

    @property
    def mover_hand(self) -> Counts:
        """The hand of the player to move, which is the viewer's own (else :class:`ViewError`)."""
        if self.viewer != self.to_move:
            raise ViewError(
                f"player {self.viewer} cannot list the moves of player {self.to_move}: "
                "they do not see that player's hand"
            )
        return self.hand

    @property
    def known(self) -> tuple[Counts, ...]:
        """Every player's known cards by seat (R-VIS-1): counts by kind, all zero where none is known."""
        return tuple([p.known for p in self.players])

    @property
    def is_my_turn(self) -> bool:
        """The viewer is the player to move."""
        return self.viewer == self.to_move

    @property
    def hand_points(self) -> int:
        """Card values of the viewer's hand."""
        return sum(n * KIND_POINTS[i] for i, n in enumerate(self.hand) if n)


def _public(player: PlayerState) -> PublicPlayer:
    return _new_public(
        sum(player.hand),
        sum(player.kitty),
        player.melds,
        player.red_threes,
        player.canastas,
        player.opened,
        player.kitty_taken,
        player.score,
        # rule: R-VIS-1
        unpack(folded(player.known_bits)) if player.known_bits else ZEROS,
    )


#: Build a public standing or a view from every field in order, without ``__init__`` (a checked state's
#: values; the pile given as a tuple of its own).
_new_public = builder(PublicPlayer)
_new_view = builder(PlayerView)


def view(state: GameState, player: int) -> PlayerView:
    """What ``player`` (a seat, from 0) may know of ``state``.

    Raises :class:`ViewError` for a seat that is not at the table.
    """
    if type(player) is not int or not 0 <= player < len(state.players):
        raise ViewError(f"player must be a seat from 0 to {len(state.players) - 1}, not {player!r}")
    own = state.players[player]
    # (every field in order; the pile's own cards, not the list the round's later piles share: a view is
    # a value)
    return _new_view(
        state.rules, player, state.round, state.dealer, state.to_move, state.phase, own.hand,
        # rule: R-KIT-1
        own.kitty if own.may_look_kitty else None,
        tuple([_public(p) for p in state.players]), state.stock.size,
        tuple(state.pile.cards[: state.pile.size]), state.pile_frozen, state.turn_points, state.pending,
        state.turn_canasta, state.history, state.result,
    )  # fmt: skip
