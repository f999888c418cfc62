"""What one player may know: :func:`view` and the legal moves of a view.

A :class:`PlayerView` holds exactly the information a player has at the table:
their own hand; their own kitty once the rules let them look at it (R-KIT-1),
otherwise only its size (R-SET-3); every player's melds, red 3s, canastas,
opened flag and score; the whole discard pile and its status; the sizes of the
other hands, of the other kitties and of the stock; and the public fields of
the turn, the round and the game. It never holds the seed (the seed decides
every shuffle) nor the order of the stock.

The legal moves of the player to move depend only on what that player sees, so
:func:`legal_moves_of_view` gives exactly ``legal_moves(state)``:

>>> from railroad_canasta import RAILROAD, legal_moves, new_game
>>> state = new_game(RAILROAD, seed=7)
>>> mine = view(state, state.to_move)
>>> legal_moves_of_view(mine) == legal_moves(state)
True
>>> mine.kitty is None, mine.players[mine.viewer].kitty_size
(True, 11)
>>> other = view(state, 1 - state.to_move)
>>> legal_moves_of_view(other)
Traceback (most recent call last):
...
railroad_canasta.variants.railroad.views.ViewError: ...
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from railroad_canasta.core.cards import KIND_COUNT, KIND_POINTS, Counts, Kind
from railroad_canasta.core.errors import RailroadCanastaError
from railroad_canasta.core.moves import Move
from railroad_canasta.variants.railroad.legal import legal_moves
from railroad_canasta.variants.railroad.melds import TableMeld
from railroad_canasta.variants.railroad.rules import Rules
from railroad_canasta.variants.railroad.state import (
    GameResult,
    GameState,
    Phase,
    PlayerState,
    RoundResult,
    Standing,
    Table,
)

__all__ = ["PlayerView", "PublicPlayer", "ViewError", "legal_moves_of_view", "stand_in_state", "view"]


class ViewError(RailroadCanastaError):
    """A view was asked for something its player may not know or do.

    Raised for a seat that is not at the table, and for the legal moves of a
    view whose player is not the player to move (while a round is being played).
    """


@attrs.frozen
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


@attrs.frozen
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
    #: The discard pile, by kind; the top card is the last.
    pile: tuple[Kind, ...]
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
    def is_my_turn(self) -> bool:
        """The viewer is the player to move."""
        return self.viewer == self.to_move

    @property
    def hand_points(self) -> int:
        """Card values of the viewer's hand."""
        return sum(n * KIND_POINTS[i] for i, n in enumerate(self.hand) if n)


def _public(player: PlayerState) -> PublicPlayer:
    return PublicPlayer(
        sum(player.hand),
        sum(player.kitty),
        player.melds,
        player.red_threes,
        player.canastas,
        player.opened,
        player.kitty_taken,
        player.score,
    )


def view(state: GameState, player: int) -> PlayerView:
    """What ``player`` (a seat, from 0) may know of ``state``.

    Raises :class:`ViewError` for a seat that is not at the table.
    """
    if type(player) is not int or not 0 <= player < len(state.players):
        raise ViewError(f"player must be a seat from 0 to {len(state.players) - 1}, not {player!r}")
    own = state.players[player]
    return PlayerView(
        rules=state.rules,
        viewer=player,
        round=state.round,
        dealer=state.dealer,
        to_move=state.to_move,
        phase=state.phase,
        hand=own.hand,
        # rule: R-KIT-1
        kitty=own.kitty if own.may_look_kitty else None,
        players=tuple(_public(p) for p in state.players),
        stock_size=len(state.stock),
        pile=state.pile,
        pile_frozen=state.pile_frozen,
        turn_points=state.turn_points,
        pending=state.pending,
        turn_canasta=state.turn_canasta,
        history=state.history,
        result=state.result,
    )


def _jokers(n: int) -> Counts:
    return (n,) + (0,) * (KIND_COUNT - 1)


def stand_in_state(view: PlayerView) -> GameState:
    """A :class:`GameState` that agrees with ``view`` on everything the view holds.

    Hidden cards are placeholders, all jokers: the other players' hands and
    kitties (and the viewer's kitty while they may not look at it) and the
    stock keep their sizes, and the seed is 0. The cards do not add up to the
    pack, so it is no state of a real game, but ``view(stand_in_state(v),
    v.viewer) == v``, and the legal moves of the viewer, when they are to
    move, are those of the real state.
    """
    players = tuple(
        PlayerState(
            hand=view.hand if seat == view.viewer else _jokers(p.hand_size),
            kitty=view.kitty if seat == view.viewer and view.kitty is not None else _jokers(p.kitty_size),
            melds=p.melds,
            red_threes=p.red_threes,
            canastas=p.canastas,
            opened=p.opened,
            kitty_taken=p.kitty_taken,
            score=p.score,
        )
        for seat, p in enumerate(view.players)
    )
    return GameState(
        rules=view.rules,
        seed=0,
        round=view.round,
        dealer=view.dealer,
        to_move=view.to_move,
        phase=view.phase,
        players=players,
        stock=(Kind.JOKER,) * view.stock_size,
        pile=view.pile,
        pile_frozen=view.pile_frozen,
        turn_points=view.turn_points,
        pending=view.pending,
        turn_canasta=view.turn_canasta,
        history=view.history,
        result=view.result,
    )


def legal_moves_of_view(view: PlayerView) -> Sequence[Move]:
    """The legal moves of the viewer, who must be the player to move: equal to ``legal_moves(state)``.

    Legal moves depend only on the mover's hand and melds, every player's
    canastas, the pile, the rules and the fields of the turn, all of which the
    mover sees. Between rounds and once the game is over the moves depend on no
    hand, so any player's view answers. Otherwise a view of another player
    raises :class:`ViewError`.
    """
    if (
        view.viewer != view.to_move
        and view.phase is not Phase.ROUND_OVER
        and view.phase is not Phase.GAME_OVER
    ):
        raise ViewError(
            f"player {view.viewer} cannot list the moves of player {view.to_move}: "
            "they do not see that player's hand"
        )
    return legal_moves(stand_in_state(view))
