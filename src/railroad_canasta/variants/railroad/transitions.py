"""The state transition: :func:`apply` and the ``process_*`` steps (the deal is in ``deal``).

>>> from railroad_canasta.variants.railroad.deal import new_game
>>> state = new_game(seed=1)
>>> state.phase, len(state.players), state.mover.hand_size
(Phase.DRAW, 2, 13)
>>> state = apply(state, "draw")
>>> state.phase
Phase.MELD
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Callable

from railroad_canasta.core.cards import (
    HIGHEST_WILD,
    KIND_COUNT,
    KIND_POINTS,
    Counts,
    Kind,
    empty_counts,
)
from railroad_canasta.core.errors import IllegalMoveError
from railroad_canasta.core.frozen import copier
from railroad_canasta.core.known import ZEROS, Trail
from railroad_canasta.core.moves import (
    AddToMeld,
    Discard,
    Draw,
    EndRound,
    EndTurn,
    Move,
    NextRound,
    StartMeld,
    TakeKitty,
    TakePile,
    TakeTop,
    parse_move,
)
from railroad_canasta.core.stock import Pile, Stock, as_pile
from railroad_canasta.variants.railroad import legal as _legal
from railroad_canasta.variants.railroad.deal import _begin_turn, _deal, _received, _red_threes_down
from railroad_canasta.variants.railroad.guards import why_illegal
from railroad_canasta.variants.railroad.legal import legal_moves
from railroad_canasta.variants.railroad.requirement import opening_facts
from railroad_canasta.variants.railroad.rules import (
    CanastaKind,
    TableMeld,
    canasta_bonus,
)
from railroad_canasta.variants.railroad.scoring import game_result, score_players
from railroad_canasta.variants.railroad.state import (
    GameState,
    Phase,
    PlayerState,
    RoundEnd,
    kitty_open,
    new_round_result,
    pickup_melds,
)
from railroad_canasta.variants.railroad.steps import step_result

__all__ = ["apply", "next_round_state"]

#: The opening facts of a mover who has opened (``opening_facts`` gives the same, read without a call).
_OPENED: tuple[int | None, bool] = (None, False)

_R3 = Kind.RED_THREE
_HIGHEST_WILD = HIGHEST_WILD
# Enum members read once (a class-attribute lookup each time otherwise).
_DRAW_PHASE = Phase.DRAW
_MELD_PHASE = Phase.MELD
_KITTY_PHASE = Phase.KITTY
_BLACK_CANASTA = CanastaKind.BLACK
#: The pile once taken (R-PIL-6).
_NO_PILE = as_pile(())

# The states and players after a transition, from the fields it changes, the others read from the record
# before (the states stamped as ``engine_state`` stamps: the hot path, without passing every field).
_after_draw = copier(GameState, ("phase", "players", "stock"), stamp=True)
_after_step = copier(
    GameState,
    ("phase", "players", "stock", "pile", "pile_frozen", "turn_points", "pending", "turn_canasta"),
    stamp=True,
)
_after_discard = copier(GameState, ("phase", "players", "pile", "pile_frozen"), stamp=True)
_next_mover = copier(
    GameState,
    ("to_move", "phase", "players", "stock", "pile", "pile_frozen", "turn_points", "pending", "turn_canasta"),
    stamp=True,
)
_scored = copier(
    GameState, ("phase", "players", "turn_points", "pending", "turn_canasta", "history", "result"), stamp=True
)
_stepped = copier(PlayerState, ("hand", "melds", "red_threes", "canastas", "opened", "known_bits"))
_discarded = copier(PlayerState, ("hand",))
_discarded_known = copier(PlayerState, ("hand", "known_bits"))
_took_kitty = copier(PlayerState, ("hand", "kitty", "red_threes", "kitty_taken"))
_new_score = copier(PlayerState, ("score", "known_bits"))


def _add(a: Counts, b: Counts) -> Counts:
    return tuple(map(operator.add, a, b))  # (both have 15 counts; ``map`` adds them in C)


def next_round_state(state: GameState) -> GameState:
    """Deal the next round after ``state``'s round was scored (R-SET-2)."""
    return apply(state, NextRound())


def _next_turn(
    state: GameState,
    players: tuple[PlayerState, ...],
    pile: Pile,
    pile_frozen: bool,
    stock: Stock,
) -> GameState:
    """Pass the turn to the left (R-TRN-1), with the players, pile and stock as given."""
    # rule: R-TRN-1
    rules = state.rules
    nxt = state.to_move + 1
    if nxt == rules.players:
        nxt = 0
    state = _next_mover(state, nxt, _DRAW_PHASE, players, stock, pile, pile_frozen, 0, None, False)
    if players[nxt].hand[_R3]:
        return _begin_turn(state)
    return state


def _end_round(state: GameState, went_out: int | None, end: RoundEnd) -> GameState:
    """Score the round (R-SCO-*) and decide whether the game is over (R-GAM-*)."""
    rules = state.rules
    old = state.players
    breakdowns = score_players(old, rules, went_out)
    # rule: R-SCO-6
    scores = tuple([p.score + b.total for p, b in zip(old, breakdowns, strict=True)])
    # rule: R-VIS-1
    players = tuple([_new_score(p, s, 0) for p, s in zip(old, scores, strict=True)])
    history = (*state.history, new_round_result(state.round, end, went_out, breakdowns, scores))
    result = game_result(rules, state.round, scores)
    phase = Phase.GAME_OVER if result is not None else Phase.ROUND_OVER
    return _scored(state, phase, players, 0, None, False, history, result)


def process_draw(state: GameState, move: Draw) -> GameState:
    """Draw from the stock (R-TRN-3), or end the round on an empty stock (R-END-2, R-DEC-13)."""
    stock = state.stock
    rules = state.rules
    left = stock.size
    # rule: R-END-2
    if not left:
        return _end_round(state, None, RoundEnd.STOCK_EMPTY)
    # rule: R-DEC-13
    if left < rules.draw_count and not rules.draw_single_last_card:
        return _end_round(state, None, RoundEnd.STOCK_EMPTY)
    # rule: R-TRN-3
    # (The cards drawn, ``cards[rest.size:left]``, go into the hand straight from the shared stock tuple.)
    cards = stock.cards
    rest = stock.without(rules.draw_count)
    seat = state.to_move
    players = list(state.players)
    player = players[seat]
    hand = list(player.hand)
    for kind in cards[rest.size : left]:
        hand[kind] += 1
    red = player.red_threes
    if hand[_R3]:
        red, rest = _red_threes_down(hand, red, rest, rules, True)
    players[seat] = _received(player, tuple(hand), red)
    return _after_draw(state, _MELD_PHASE, tuple(players), rest)


def _after_meld(
    state: GameState,
    player: PlayerState,
    hand: Counts,
    melds: tuple[TableMeld, ...],
    gained: int,
    mask: int,
    completed: CanastaKind | None,
    red_threes: int,
    need: int | None,
    sevens_hand: bool,
    pile: Pile,
    pile_frozen: bool,
    stock: Stock,
    pending: Counts | None,
    known: Trail,
) -> GameState:
    """Record a meld step (the fields of its ``Step``; the mover has ``red_threes`` red 3s down after it,
    ``known`` the trail of its known cards): canastas, the kitty's look (R-KIT-1) and the requirement
    (R-REQ-1, R-REQ-3):
    ``need`` and ``sevens_hand`` are the mover's opening facts before the step (``opening_facts``).
    """
    rules = state.rules
    turn_canasta = state.turn_canasta
    if completed is not None and completed is not _BLACK_CANASTA:
        # rule: R-KIT-1
        turn_canasta = True
    turn_points = state.turn_points
    opened = player.opened
    if need is not None:
        # rule: R-RED-2
        # Only the card values of this step count: red 3s put down never reach turn_points.
        # rule: R-DEC-11
        if rules.requirement_counts_bonuses and completed is not None:
            gained += canasta_bonus(completed, rules)
        turn_points += gained
        # rule: R-REQ-1, R-REQ-3, R-DEC-20
        if gained >= need or sevens_hand:
            opened = True
            if pending is not None:
                # rule: R-DEC-12
                hand = _add(hand, pending)
                # rule: R-VIS-1
                known = (known, 0, ZEROS, pending)  # (a step of the trail: ``core.known.Trail``)
                pending = None
    seat = state.to_move
    players = list(state.players)
    player = players[seat] = _stepped(player, hand, melds, red_threes, mask, opened, known)
    after = _after_step(
        state, _MELD_PHASE, tuple(players), stock, pile, pile_frozen, turn_points, pending, turn_canasta
    )
    # rule: R-DEC-15
    if not rules.going_out_requires_discard and player.may_go_out and not any(hand):
        return _end_round(after, seat, RoundEnd.WENT_OUT)
    return after


def process_meld(state: GameState, move: StartMeld | AddToMeld) -> GameState:
    """Start a meld or add to one (R-TRN-4)."""
    player = state.players[state.to_move]
    hand, melds, gained, mask, completed = step_result(player.hand, player.melds, player.canastas, move)
    # rule: R-REQ-1, R-DEC-20
    need, sevens_hand = _OPENED if player.opened else opening_facts(state)
    known = player.known_bits
    if known:
        # rule: R-VIS-1
        known = (known, 0, move, None)  # (a step of the trail: ``core.known.Trail``)
    return _after_meld(
        state,
        player,
        hand,
        melds,
        gained,
        mask,
        completed,
        player.red_threes,
        need,
        sevens_hand,
        state.pile,
        state.pile_frozen,
        state.stock,
        state.pending,
        known,
    )


def process_take_pile(state: GameState, move: TakePile) -> GameState:
    """Take the pile with a natural pair (R-PIL-4, R-PIL-6, R-DEC-12, R-DEC-18)."""
    rules = state.rules
    player = state.players[state.to_move]
    rank = move.rank
    # rule: R-PIL-4, R-DEC-18
    melds, mask, completed = pickup_melds(player, rank, 3)
    hand = list(player.hand)
    hand[rank] -= 2
    pile = state.pile
    rest = [0] * KIND_COUNT
    for kind in itertools.islice(pile.cards, pile.size - 1):  # (the cards below the top, as they lie)
        rest[kind] += 1
    reds, rest[_R3] = rest[_R3], 0
    hand[_R3] += reds
    red, stock = player.red_threes, state.stock
    if hand[_R3]:
        # rule: R-RED-1
        red, stock = _red_threes_down(hand, red, stock, rules, False)
    pending: Counts | None = None
    # rule: R-VIS-1
    known = player.known_bits
    if known:
        known = (known, 0, move, None)  # (the pair left the hand: a step of ``core.known.Trail``)
    if player.opened or rules.pile_counts_for_requirement:
        hand_t = tuple(map(operator.add, hand, rest))
        known = (known, 0, ZEROS, tuple(rest))  # (the pile's cards reached it)
    else:
        # rule: R-DEC-12
        hand_t = tuple(hand)
        pending = tuple(rest)
    # rule: R-PIL-6
    return _after_meld(
        state,
        player,
        hand_t,
        melds,
        3 * KIND_POINTS[rank],
        mask,
        completed,
        red,
        None if player.opened else opening_facts(state)[0],
        False,
        _NO_PILE,
        False,
        stock,
        pending,
        known,
    )


def process_take_top(state: GameState, move: TakeTop) -> GameState:
    """Take the top card onto one's meld of its rank (R-PIL-5, R-DEC-2)."""
    player = state.players[state.to_move]
    pile = state.pile
    top = pile.cards[pile.size - 1]
    # rule: R-PIL-5
    melds, mask, completed = pickup_melds(player, top, 1)
    hand = player.hand
    red, stock = player.red_threes, state.stock
    frozen = state.pile_frozen
    known = player.known_bits
    if state.rules.top_card_pickup_takes_pile:
        # rule: R-DEC-2, R-PIL-6
        taken = list(hand)
        for kind in itertools.islice(pile.cards, pile.size - 1):  # (the cards below the top)
            taken[kind] += 1
        if taken[_R3]:
            # rule: R-RED-1
            red, stock = _red_threes_down(taken, red, stock, state.rules, False)
        # rule: R-VIS-1
        taken_t = tuple(taken)
        known = (known, 0, hand, taken_t)  # (a step of the trail: ``core.known.Trail``)
        hand = taken_t
        pile = _NO_PILE
        frozen = False
    else:
        pile = pile.below_top()
    return _after_meld(
        state,
        player,
        hand,
        melds,
        KIND_POINTS[top],
        mask,
        completed,
        red,
        None if player.opened else opening_facts(state)[0],
        False,
        pile,
        frozen,
        stock,
        state.pending,
        known,
    )


def process_discard(state: GameState, move: Discard) -> GameState:
    """Discard, ending the turn (R-TRN-2); freeze on a wild (R-PIL-2); going out (R-OUT-2)."""
    seat = state.to_move
    players = list(state.players)
    player = players[seat]
    card = move.card
    hand = list(player.hand)
    hand[card] -= 1
    known = player.known_bits
    if known:
        # rule: R-VIS-1
        player = players[seat] = _discarded_known(player, tuple(hand), (known, 0, move, None))
    else:
        player = players[seat] = _discarded(player, tuple(hand))
    seated = tuple(players)
    # rule: R-PIL-2
    frozen = state.pile_frozen or card <= _HIGHEST_WILD  # a wild card (R-CRD-3)
    pile = state.pile.push(card)
    if not any(hand) and player.may_go_out:
        # rule: R-OUT-3, R-END-1
        # The pile stays frozen by a wild discarded to go out: the state records what lies on the table.
        return _end_round(_after_discard(state, state.phase, seated, pile, frozen), seat, RoundEnd.WENT_OUT)
    # rule: R-DEC-19
    # (a player who may not go out and discarded their last card must now take the kitty; a kitty taken
    # is not looked at again: ``kitty_open`` answers no at once, so it is asked only while the kitty is there)
    if not player.kitty_taken and kitty_open(player, state.rules, state.turn_canasta):
        return _after_discard(state, _KITTY_PHASE, seated, pile, frozen)
    return _next_turn(state, seated, pile, frozen, state.stock)


def process_take_kitty(state: GameState, move: TakeKitty) -> GameState:
    """Take the kitty into hand (R-KIT-2); its red 3s go down (R-RED-1)."""
    # rule: R-KIT-2
    player = state.players[state.to_move]
    hand = list(map(operator.add, player.hand, player.kitty))
    red, stock = player.red_threes, state.stock
    if hand[_R3]:
        # rule: R-RED-1
        red, stock = _red_threes_down(hand, red, stock, state.rules, True)
    players = list(state.players)
    players[state.to_move] = _took_kitty(player, tuple(hand), empty_counts(), red, True)
    return _next_turn(state, tuple(players), state.pile, state.pile_frozen, stock)


def process_end_turn(state: GameState, move: EndTurn) -> GameState:
    """End the turn without taking the kitty (R-KIT-2), or without a discard when there is none (R-DEC-22)."""
    # rule: R-KIT-2, R-DEC-22
    return _next_turn(state, state.players, state.pile, state.pile_frozen, state.stock)


def process_end_round(state: GameState, move: EndRound) -> GameState:
    """End the round: the player has no legal discard (R-END-3)."""
    # rule: R-END-3
    return _end_round(state, None, RoundEnd.NO_DISCARD)


def process_next_round(state: GameState, move: NextRound) -> GameState:
    """Deal the next round; the deal passes left (R-SET-2)."""
    # rule: R-SET-2
    dealer = (state.dealer + 1) % state.rules.players
    return _deal(state.rules, state.seed, state.round + 1, dealer, state.scores, state.history)


_PROCESS: dict[type[Move], Callable[[GameState, object], GameState]] = {
    Draw: process_draw,  # type: ignore[dict-item]
    TakePile: process_take_pile,  # type: ignore[dict-item]
    TakeTop: process_take_top,  # type: ignore[dict-item]
    StartMeld: process_meld,  # type: ignore[dict-item]
    AddToMeld: process_meld,  # type: ignore[dict-item]
    Discard: process_discard,  # type: ignore[dict-item]
    TakeKitty: process_take_kitty,  # type: ignore[dict-item]
    EndTurn: process_end_turn,  # type: ignore[dict-item]
    EndRound: process_end_round,  # type: ignore[dict-item]
    NextRound: process_next_round,  # type: ignore[dict-item]
}


def apply(state: GameState, move: Move | str) -> GameState:
    """The state after ``move``; ``state`` itself is never changed.

    ``move`` may be a :class:`~railroad_canasta.core.moves.Move` or its text. An
    illegal move raises :class:`~railroad_canasta.core.errors.IllegalMoveError`
    naming the clause it breaks; unreadable text raises
    :class:`~railroad_canasta.core.errors.NotationError`.
    """
    last = _legal._LAST  # (the generator's memo read here: ``legal_moves`` right before is the usual case)
    legal = last[1] if last[0] is state else legal_moves(state)
    # The generator answers shared instances: an identity scan finds them without calling ``__eq__``
    # (a move's text is never one of them: it is read after the scan).
    for candidate in legal:
        if candidate is move:
            return _PROCESS[type(move)](state, move)
    if isinstance(move, str):
        move = parse_move(move)
    if move in legal:
        return _PROCESS[type(move)](state, move)
    problem = why_illegal(state, move)
    if problem is None:  # pragma: no cover - the oracle tests keep the two in step
        raise IllegalMoveError(move, "R-TRN-2", "the move is not among the legal moves")
    raise IllegalMoveError(move, problem.clause, problem.reason)
