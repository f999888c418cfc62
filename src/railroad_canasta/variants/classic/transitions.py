"""The transitions of classic Canasta: `apply`, the end of a round and of the game.

>>> from railroad_canasta.variants.classic.rules import CLASSIC
>>> from railroad_canasta.variants.classic.deal import new_game
>>> state = new_game(CLASSIC, seed=3)
>>> [state.hand_size(p) for p in range(4)], state.phase
([11, 11, 11, 11], Phase.DRAW)
>>> apply(state, "draw").phase
Phase.MELD
"""

from __future__ import annotations

from collections.abc import Callable
from operator import add
from typing import Any, cast

from railroad_canasta.core.cards import Counts, Kind, counts_of
from railroad_canasta.core.errors import IllegalMoveError
from railroad_canasta.core.frozen import builder, copier
from railroad_canasta.core.known import ZEROS
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
    parse_move,
)
from railroad_canasta.core.stock import Stock
from railroad_canasta.variants.classic import legal as _legal
from railroad_canasta.variants.classic.deal import _deal
from railroad_canasta.variants.classic.guards import why_illegal
from railroad_canasta.variants.classic.scoring import game_result, side_score
from railroad_canasta.variants.classic.state import (
    CANASTA_SIZE,
    ClassicRoundResult,
    ClassicState,
    Phase,
    Side,
    build_side,
    engine_replace,
    engine_state,
    meld_of,
)
from railroad_canasta.variants.classic.steps import stepped

__all__ = ["apply"]

_R3 = Kind.RED_THREE
_T = Kind.TWO
_MELD = Phase.MELD
_DRAW = Phase.DRAW


def _add(a: Counts, b: Counts) -> Counts:
    return tuple(map(add, a, b))


def _sides_with(state: ClassicState, side: Side) -> tuple[Side, ...]:
    """The sides with the mover's side replaced by ``side``."""
    sides = list(state.sides)
    sides[state.to_move % len(sides)] = side
    return tuple(sides)


def _draw(state: ClassicState, move: Draw) -> ClassicState:
    # rule: R-CL-TRN-2, R-CL-RED-1
    stock = state.stock
    cards = stock.cards
    top = stock.size
    seat = state.to_move
    hands = state.hands
    hand = list(hands[seat])
    reds = 0
    red_last = False
    need = state.rules.draw_count
    while need and top:
        top -= 1
        card = cards[top]
        if card is _R3:
            reds += 1
            red_last = not top
            continue
        hand[card] += 1
        need -= 1
    sides = state.sides
    if reds:
        side = state.mover_side
        side = build_side(
            side.melds, side.red_threes + reds, side.opened, side.score, side.concealed_canastas
        )
        sides = _sides_with(state, side)
    # (a list's item replaced and made a tuple: half the time of a tuple spliced from slices)
    hand_list = list(hands)
    hand_list[seat] = tuple(hand)
    hands = tuple(hand_list)
    # (the stock left, its first ``top`` cards, without the tuple of the cards drawn (the hand has them)
    # and without ``Stock.without``'s call: ``top`` is known to fit)
    rest = _new_stock(cards, top)
    if red_last:
        # rule: R-CL-END-3
        return _end_round(state, None, "red-three-last", hands, sides, rest, state.pile, state.pile_frozen)
    return _after_draw(state, _MELD, hands, sides, rest)


#: A stock of the first ``size`` of ``cards``, where ``size`` is known to fit (no check).
_new_stock: Callable[[tuple[Kind, ...], int], Stock] = builder(Stock, checked=False)
#: The state after a transition from the fields it changes, the others read from the state before
#: (stamped as ``engine_state`` stamps: the hot path, without passing every field).
_after_draw = copier(ClassicState, ("phase", "hands", "sides", "stock"), stamp=True)
_after_ask = copier(ClassicState, ("to_move", "phase", "asker"), stamp=True)
_after_answer = copier(ClassicState, ("to_move", "phase", "asker", "answer"), stamp=True)
_after_step = copier(
    ClassicState,
    (
        "phase", "hands", "sides", "pile", "pile_frozen", "turn_points", "pending", "turn_melds",
        "turn_started", "known_bits",
    ),
    stamp=True,
)  # fmt: skip
_after_discard = copier(
    ClassicState,
    (
        "to_move", "phase", "hands", "pile", "pile_frozen", "turn_points", "melded_before", "turn_melds",
        "answer", "turn_started", "known_bits",
    ),
    stamp=True,
)  # fmt: skip


def _step(state: ClassicState, move: Move) -> ClassicState:
    """A meld step or pickup: the melds, the hand, the opening, the pile (R-CL-PIL-3, R-CL-REQ-2)."""
    seat = state.to_move
    sides = state.sides
    index = seat % len(sides)
    side = sides[index]
    pile = state.pile
    hand, melds, gained = stepped(state.hands[seat], side.melds, pile, move)
    pending = state.pending
    turn_started = state.turn_started
    concealed = side.concealed_canastas
    red_threes = side.red_threes
    pile_frozen = state.pile_frozen
    turn_melds = state.turn_melds
    kind = type(move)
    if kind is StartMeld or kind is AddToMeld:
        rank = cast("StartMeld | AddToMeld", move).rank
        # rule: R-CL-CAN-1
        # A canasta melded whole this turn: a start melds three or four cards (never a canasta); an add
        # grows its meld (the side has one) by one card, so it makes a canasta of a meld one card short.
        if kind is StartMeld:
            turn_started = (*turn_started, rank)
        elif rank in turn_started:
            before = meld_of(side.melds, rank)
            if before is not None and before.size == CANASTA_SIZE - 1:
                concealed += 1
        turn_melds += 1
    else:
        # (one count of the cards under the top, the red 3s among them read off it and zeroed)
        rest_counts = counts_of(pile[:-1])
        reds = rest_counts[_R3]
        if reds:
            # rule: R-CL-RED-2
            red_threes += reds
            rest_counts = (*rest_counts[:_R3], 0, *rest_counts[_R3 + 1 :])
        pending = rest_counts if pending is None else _add(pending, rest_counts)
        pile = ()
        pile_frozen = False
    opened = side.opened
    turn_points = state.turn_points
    if not opened:
        turn_points += gained
        if turn_points >= state.rules.requirement(side.score):
            # rule: R-CL-REQ-1
            opened = True
            turn_points = 0
    known = state.known_bits
    if known:
        # rule: R-CL-VIS-1
        known = (known, seat, move, None)  # (a step of the trail: ``core.known.Trail``)
    if pending is not None and opened:
        hand = _add(hand, pending)
        # rule: R-CL-VIS-1
        known = (known, seat, ZEROS, pending)
        pending = None
    hand_list = list(state.hands)
    hand_list[seat] = hand
    side_list = list(sides)
    side_list[index] = build_side(melds, red_threes, opened, side.score, concealed)
    state = _after_step(
        state, _MELD, tuple(hand_list), tuple(side_list),
        pile, pile_frozen, turn_points, pending, turn_melds, turn_started, known,
    )  # fmt: skip
    if pending is None and not any(hand):
        # rule: R-CL-OUT-2
        return _end_round(state, seat, "went-out", state.hands, state.sides, state.stock, pile, pile_frozen)
    return state


def _discard(state: ClassicState, move: Discard) -> ClassicState:
    seat = state.to_move
    hands = state.hands
    card = move.card
    hand = list(hands[seat])
    hand[card] -= 1
    frozen = state.pile_frozen or card <= _T
    hand_list = list(hands)
    hand_list[seat] = tuple(hand)
    hands = tuple(hand_list)
    pile = (*state.pile, card)
    if not any(hand):
        # rule: R-CL-OUT-2
        return _end_round(state, seat, "went-out", hands, state.sides, state.stock, pile, frozen)
    melded = state.melded_before
    if state.turn_melds:
        melded_list = list(melded)
        melded_list[seat] = True
        melded = tuple(melded_list)
    known = state.known_bits
    if known:
        # rule: R-CL-VIS-1
        known = (known, seat, move, None)  # (a step of the trail: ``core.known.Trail``)
    return _after_discard(
        state, (seat + 1) % state.rules.players, _DRAW, hands, pile, frozen, 0, melded, 0, None, (), known
    )  # fmt: skip


def _end_round(
    state: ClassicState,
    went_out: int | None,
    end: str,
    hands: tuple[Counts, ...],
    sides: tuple[Side, ...],
    stock: Stock,
    pile: tuple[Kind, ...],
    pile_frozen: bool,
) -> ClassicState:
    """The round scored: ``state`` with the hands, sides, stock and pile of the move that ended it; the
    known cards forgotten (R-CL-VIS-1)."""
    rules = state.rules
    all_reds = 2 * rules.decks
    count = len(sides)
    out_side = -1 if went_out is None else went_out % count
    # rule: R-CL-OUT-3
    concealed = out_side >= 0 and not state.melded_before[cast("int", went_out)]
    if concealed:
        started = state.turn_started
        concealed = any(m.size >= CANASTA_SIZE and m.rank in started for m in sides[out_side].melds)
    breakdowns = []
    totals = []
    scored = []
    seats = rules.sides
    for index, side in enumerate(sides):
        out = index == out_side
        side_hands = tuple(map(hands.__getitem__, seats[index]))
        score = side_score(side, side_hands, out, concealed and out, all_reds, rules)
        total = side.score + score.total
        breakdowns.append(score)
        totals.append(total)
        scored.append(build_side(side.melds, side.red_threes, side.opened, total, side.concealed_canastas))
    scores = tuple(totals)
    round_no = state.round
    result = _build_round(round_no, end, went_out, tuple(breakdowns), scores)
    game = game_result(rules, round_no, scores)
    phase = Phase.GAME_OVER if game is not None else Phase.ROUND_OVER
    # (every field in order, without ``replace``'s keywords: a round ends in the slowest of decisions)
    return engine_state(
        rules, state.seed, round_no, state.dealer, state.to_move, phase, hands, tuple(scored), stock, pile,
        pile_frozen, state.turn_points, None, state.melded_before, state.turn_melds, None, None,
        state.turn_started, (*state.history, result), game, 0,
    )  # fmt: skip


#: Build a round's result from every field in order, without ``__init__`` (trusted code: no checks).
_build_round = builder(ClassicRoundResult)


def _ask(state: ClassicState) -> ClassicState:
    seats = state.rules.sides[state.side_of(state.to_move)]
    partner = seats[(seats.index(state.to_move) + 1) % len(seats)]
    return _after_ask(state, partner, Phase.ANSWER, state.to_move)


def _answer(state: ClassicState, move: AnswerGoOut) -> ClassicState:
    assert state.asker is not None
    return _after_answer(state, state.asker, _MELD, None, move.allow)


def _next_round(state: ClassicState) -> ClassicState:
    dealer = (state.dealer + 1) % state.rules.players
    fresh = _deal(state.rules, state.seed, state.round + 1, dealer, state.sides)
    return engine_replace(fresh, history=state.history)


def apply(state: ClassicState, move: Move | str) -> ClassicState:
    """The state after a legal ``move``; an illegal move raises ``IllegalMoveError`` naming the clause."""
    # The generator's memo of the last position, read here: ``apply`` right after ``legal_moves`` hits it.
    last = _legal._LAST
    legal = last[1] if last[0] is state else _legal.legal_moves(state)
    # The generator answers shared instances: an identity scan finds them without calling ``__eq__`` (a
    # move's text is never one of them: it is read below).
    for candidate in legal:
        if candidate is move:
            return _PROCESS[type(move)](state, move)
    if isinstance(move, str):
        move = parse_move(move)
    if move not in legal:
        problem = why_illegal(state, move)
        if problem is None:  # pragma: no cover - the oracle tests keep the two in step
            raise IllegalMoveError(move, "R-CL-TRN-1", "the move is not among the legal moves")
        raise IllegalMoveError(move, problem.clause, problem.reason)
    return _PROCESS[type(move)](state, move)


def _end_stock(state: ClassicState, move: Move) -> ClassicState:
    # rule: R-CL-END-1
    return _end_round(
        state, None, "stock-empty", state.hands, state.sides, state.stock, state.pile, state.pile_frozen
    )


#: What each kind of move does, once it is legal.
_PROCESS: dict[type, Callable[[ClassicState, Any], ClassicState]] = {
    Draw: _draw,
    StartMeld: _step,
    AddToMeld: _step,
    TakePile: _step,
    TakePileMixed: _step,
    TakeTop: _step,
    Discard: _discard,
    EndRound: _end_stock,
    AskGoOut: lambda state, move: _ask(state),
    AnswerGoOut: _answer,
    NextRound: lambda state, move: _next_round(state),
}
