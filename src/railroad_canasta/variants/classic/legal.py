"""The move generator of classic Canasta: candidates of the phase, kept by the guard tables.

Every move listed passes its guard table, and every move that passes is listed. Where a candidate is
*plainly* legal (a meld step of an opened side that leaves two cards or more, a discard that neither goes
out nor breaks a partner's yes), the generator says so without asking the table;
:func:`legal_by_tables` asks the tables for every candidate, and the oracle tests check that both agree.

>>> from railroad_canasta.variants.classic.transitions import new_game
>>> from railroad_canasta.variants.classic.rules import CLASSIC
>>> state = new_game(CLASSIC, seed=3)
>>> "draw" in [str(m) for m in legal_moves(state)] and legal_moves(state) == legal_by_tables(state)
True
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from railroad_canasta.core.cards import KIND_COUNT, Counts, Kind
from railroad_canasta.core.moves import (
    ANSWER_NO,
    ANSWER_YES,
    ASK_GO_OUT,
    DRAW,
    END_ROUND,
    NEXT_ROUND,
    TAKE_TOP,
    AddToMeld,
    Move,
    StartMeld,
    discard,
    take_pile,
    take_pile_mixed,
)
from railroad_canasta.variants.classic.arithmetic import wild_room
from railroad_canasta.variants.classic.guards import (
    first_after_common,
    may_go_out,
    opening_unfinished,
    why_illegal,
)
from railroad_canasta.variants.classic.requirement import best_points
from railroad_canasta.variants.classic.state import Phase, Position
from railroad_canasta.variants.classic.steps import meld_candidates

__all__ = ["candidates", "legal_by_tables", "legal_moves"]

_DISCARD_ORDER = tuple(Kind(k) for k in range(KIND_COUNT - 1, -1, -1))
_DISCARDS = tuple(discard(Kind(k)) for k in range(KIND_COUNT))


@functools.lru_cache(maxsize=1 << 12)
def _discards_of(hand: Counts) -> tuple[Move, ...]:
    """A discard of each kind in ``hand``, high kinds first."""
    return tuple(_DISCARDS[k] for k in _DISCARD_ORDER if hand[k])


def candidates(position: Position) -> list[Move]:
    """The moves of the phase worth asking the guards about, simplest first."""
    phase = position.phase
    if phase is Phase.DRAW:
        out: list[Move] = [DRAW]
        top = position.top
        if top is not None and top.is_natural:
            out += [
                take_pile(top),
                take_pile_mixed(top, Kind.JOKER),
                take_pile_mixed(top, Kind.TWO),
                TAKE_TOP,
            ]
        out.append(END_ROUND)
        return out
    if phase is Phase.MELD:
        hand = position.mover_hand
        out = meld_candidates(position)
        out += [discard(k) for k in _DISCARD_ORDER if hand[k]]
        out.append(ASK_GO_OUT)
        return out
    if phase is Phase.ANSWER:
        return [ANSWER_YES, ANSWER_NO]
    if phase is Phase.ROUND_OVER:
        return [NEXT_ROUND]
    return []


def legal_by_tables(position: Position) -> tuple[Move, ...]:
    """The candidates every guard of their table lets through (the oracle of :func:`legal_moves`)."""
    return tuple(m for m in candidates(position) if why_illegal(position, m) is None)


def _meld_phase(position: Position) -> tuple[Move, ...]:
    hand = position.mover_hand
    held = sum(hand)
    side = position.mover_side
    opened = side.opened
    steps: list[Move] = []
    # A side not yet opened whose hand cannot reach the requirement has no step (R-CL-REQ-1): the reach of
    # the whole hand bounds the reach after any step (black 3s, which it leaves out, are asked of the table).
    hopeless = (
        not opened
        and hand[Kind.BLACK_THREE] < 3
        and best_points(hand, side.melds) < position.rules.requirement(side.score) - position.turn_points
    )
    for move in () if hopeless else meld_candidates(position):
        if opened and isinstance(move, AddToMeld) and held >= 3:
            # Plainly legal but for the wild-card limit of the meld (R-CL-MLD-1).
            meld = side.meld(move.rank)
            if not move.card.is_wild or (meld is not None and wild_room(meld.naturals, meld.wilds) > 0):
                steps.append(move)
        elif (
            opened and isinstance(move, StartMeld) and held >= 5 and move.rank is not Kind.BLACK_THREE
        ) or first_after_common(position, move) is None:
            steps.append(move)
    out = steps
    rules = position.rules
    if opened or not opening_unfinished(position):
        answer = position.answer
        if held == 1:
            if answer is not False and may_go_out(side, None, rules.canastas_to_go_out):
                out += _discards_of(hand)
        elif answer is not True or not steps:
            out += _discards_of(hand)
    may_ask = rules.ask_partner and position.answer is None and not position.turn_melds and held >= 2
    if (
        may_ask
        and side.canastas >= rules.canastas_to_go_out
        and first_after_common(position, ASK_GO_OUT) is None
    ):
        out.append(ASK_GO_OUT)
    return tuple(out)


def _draw_phase(position: Position) -> tuple[Move, ...]:
    """The candidates of the draw phase, each asked of its table once a cheap test lets it through."""
    out: list[Move] = [DRAW] if position.stock_size else []
    top = position.top
    if top is not None and top.is_natural:
        hand = position.mover_hand
        side = position.mover_side
        ask: list[Move] = []
        if hand[top] >= 2:
            ask.append(take_pile(top))
        if not position.pile_frozen and side.opened:
            melded = side.meld(top) is not None
            if hand[top] and not melded:
                ask += [take_pile_mixed(top, wild) for wild in (Kind.JOKER, Kind.TWO) if hand[wild]]
            if melded:
                ask.append(TAKE_TOP)
        out += [m for m in ask if first_after_common(position, m) is None]
    if not position.stock_size and TAKE_TOP not in out:
        out.append(END_ROUND)
    return tuple(out)


def legal_moves(position: Position) -> Sequence[Move]:
    """Every legal move, each once, in a fixed order (simplest first), as a tuple.

    The moves of the last position asked about are remembered while it is held (``apply`` right after
    ``legal_moves`` reuses them); a new object, even an equal one, misses.
    """
    global _LAST
    if _LAST[0] is position:
        return _LAST[1]
    phase = position.phase
    if phase is Phase.MELD:
        moves = _meld_phase(position)
    elif phase is Phase.DRAW:
        moves = _draw_phase(position)
    elif phase is Phase.GAME_OVER:
        moves = ()
    else:
        moves = tuple(m for m in candidates(position) if first_after_common(position, m) is None)
    _LAST = (position, moves)
    return moves


#: The last position whose moves were listed, and its moves.
_LAST: tuple[object, tuple[Move, ...]] = (None, ())
