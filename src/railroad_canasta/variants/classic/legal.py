"""The move generator of classic Canasta: candidates of the phase, kept by the guard tables.

Every move listed passes its guard table, and every move that passes is listed. Where a candidate is
*plainly* legal (a meld step of an opened side that leaves two cards or more, a pickup of an opened side
holding four cards, two for take-top, a discard that neither goes out nor breaks a partner's yes, asking
the partner), the generator says so without asking the table; an opened side's step that keeps fewer
cards is judged by the floor row read in the generator's terms (it goes out). A side not yet opened has
the reach of its hand judged once for the position; its step that keeps two cards is judged from the hand
after it (the two rows it can fail, read in the generator's terms; for a start, that hand's reach is worked
out from the parts of the whole hand's plan where it can be); another meld candidate is asked of the only
rows it can fail (:func:`candidate_legal`). :func:`legal_by_tables` asks the whole tables for
every candidate, and the oracle tests check that both agree, move for move and in order.

>>> from railroad_canasta.variants.classic.deal import new_game
>>> from railroad_canasta.variants.classic.rules import CLASSIC
>>> state = new_game(CLASSIC, seed=3)
>>> "draw" in [str(m) for m in legal_moves(state)] and legal_moves(state) == legal_by_tables(state)
True
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from itertools import compress
from typing import cast

from railroad_canasta.core.cards import (
    JOKER_POINTS,
    KIND_COUNT,
    KIND_POINTS,
    LOWEST_NATURAL,
    TWO_POINTS,
    Counts,
    Kind,
)
from railroad_canasta.core.guards import first_violation
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
from railroad_canasta.variants.classic.guards import (
    REACH,
    STEP_FLOOR,
    STEP_NO,
    Context,
    first_after_common,
    meld_candidates,
    why_illegal,
)
from railroad_canasta.variants.classic.requirement import (
    best_points,
    direct_from,
    opening_keep,
    opens_going_out,
    plan_parts,
    reach_after_start,
)
from railroad_canasta.variants.classic.rules import ClassicRules
from railroad_canasta.variants.classic.state import (
    CANASTA_SIZE,
    Phase,
    Position,
    Side,
    may_go_out,
    meld_of,
    opening_unfinished,
)
from railroad_canasta.variants.classic.steps import (
    candidates_of,
    counted_candidates,
    stepped,
)
from railroad_canasta.variants.classic.switches import CACHES, SWITCHES

__all__ = ["candidate_legal", "candidates", "legal_by_tables", "legal_moves", "plausible_moves"]

_DISCARD_ORDER = tuple(Kind(k) for k in range(KIND_COUNT - 1, -1, -1))
_DISCARDS_HIGH_FIRST = tuple(discard(k) for k in _DISCARD_ORDER)
_B3 = Kind.BLACK_THREE
_LOWEST_NATURAL = int(LOWEST_NATURAL)
_WILDS = (Kind.JOKER, Kind.TWO)
_Step = StartMeld | AddToMeld
_MELD, _DRAW, _GAME_OVER = Phase.MELD, Phase.DRAW, Phase.GAME_OVER


#: The candidates leave out the meld steps that are not well formed or not in hand, and the pickups of a
#: top card that is not natural.
CANDIDATES_FAST = SWITCHES.declare(
    "classic.legal.candidates",
    *("R-CL-MLD-1", "R-CL-MLD-2", "R-CL-MLD-3", "R-CL-MLD-4", "R-CL-PIL-1", "R-CL-PIL-3", "R-CL-TRN-1"),
)


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
        out = list[Move](meld_candidates(position))
        out += [discard(k) for k in _DISCARD_ORDER if hand[k]]
        out.append(ASK_GO_OUT)
        return out
    if phase is Phase.ANSWER:
        return [ANSWER_YES, ANSWER_NO]
    if phase is Phase.ROUND_OVER:
        return [NEXT_ROUND]
    return []


def plausible_moves(position: Position) -> list[Move]:
    """Every move of the vocabulary classic might use, with card counts up to 4, whatever the phase: the
    candidates of :func:`legal_by_tables` while a clause that :func:`candidates` restates is off."""
    out: list[Move] = [DRAW, TAKE_TOP, END_ROUND, NEXT_ROUND, ASK_GO_OUT, ANSWER_YES, ANSWER_NO]
    for kind in Kind:
        out.append(discard(kind))
        if kind.is_natural:
            out += [take_pile(kind), *(take_pile_mixed(kind, wild) for wild in _WILDS)]
        for card in Kind:
            out.append(AddToMeld(kind, card))
        for naturals in range(5):
            for jokers in range(3):
                for twos in range(3):
                    out.append(StartMeld(kind, naturals, jokers, twos))
    return out


def legal_by_tables(position: Position) -> tuple[Move, ...]:
    """The candidates every guard of their table lets through (the oracle of :func:`legal_moves`)."""
    listed = candidates(position) if CANDIDATES_FAST.on else plausible_moves(position)
    return tuple(m for m in listed if why_illegal(position, m) is None)


#: The rows of a step's table that a meld candidate (well formed, from the hand, see ``meld_candidates``)
#: can fail: not going out after the partner's no, keeping two cards, and the requirement; a black-3 start
#: is asked of its whole table.
_CANDIDATE_ROWS = (STEP_NO, STEP_FLOOR, REACH)


def candidate_legal(position: Position, move: StartMeld | AddToMeld) -> bool:
    """Whether a meld candidate of ``meld_candidates`` passes its whole table (the oracle tests check it)."""
    if type(move) is StartMeld and move.rank is _B3:
        return _black_threes_legal(position, move, sum(position.mover_hand))
    return first_violation(_CANDIDATE_ROWS, Context(position, move)) is None


BLACK_THREES_FAST = SWITCHES.declare("classic.legal._black_threes_legal", "R-CL-MLD-2", "R-CL-DEC-7")


def _black_threes_legal(position: Position, move: StartMeld, in_hand: int) -> bool:
    """Whether a black-3 start candidate passes its whole table, the mover holding ``in_hand`` cards.

    Exact: the table's black-3 row (R-CL-MLD-2, R-CL-DEC-7) refuses a meld of black 3s that leaves more
    cards than the one a player going out discards (none, under ``black_threes_last_cards``), so such a
    start fails without the table; the others are asked.
    """
    # rule: R-CL-MLD-2, R-CL-DEC-7
    if not BLACK_THREES_FAST.on:
        return first_after_common(position, move) is None
    left = in_hand - move.naturals
    if left and (left > 1 or position.rules.black_threes_last_cards):
        return False
    return first_after_common(position, move) is None


UNOPENED_FAST = SWITCHES.declare(
    "classic.legal._unopened_steps", "R-CL-REQ-1", "R-CL-OUT-1", parts=(BLACK_THREES_FAST,)
)


def _unopened_steps(position: Position, side: Side, hand: Counts, held: int) -> list[Move]:
    """The meld steps of a side not yet opened (the mover's ``side``, the mover holding ``hand``, ``held``
    cards): the reach of the hand is judged once for the position."""
    melds = side.melds
    rules = position.rules
    need = rules.requirement(side.score) - position.turn_points
    pending = position.pending
    aside = 0 if pending is None else sum(pending)
    if position.answer is not False and opens_going_out(hand, melds, need, aside, rules.canastas_to_go_out):
        # The side may open as its player goes out (R-CL-REQ-1, R-CL-OUT-1): a step may keep fewer than
        # two cards, so every candidate is asked of its rows (a rare position: a canasta's naturals held).
        return [m for m in candidates_of(hand, melds) if candidate_legal(position, m)]
    if pending is not None:
        # Cards held aside (R-CL-REQ-2) join the hand once the requirement is met: the plan keeps fewer
        # cards, so every candidate is asked of its rows (a rare position: the pile taken to open).
        if hand[_B3] < 3 and best_points(hand, melds, opening_keep(aside)) < need:
            return []
        return [m for m in candidates_of(hand, melds) if candidate_legal(position, m)]
    parts = plan_parts(hand, melds)
    direct = direct_from(hand, parts, 2, held)
    reach = best_points(hand, melds) if direct is None else direct
    # A side whose hand cannot reach the requirement has no step (R-CL-REQ-1): the reach of the whole hand
    # bounds the reach after any step (black 3s, which it leaves out, are asked).
    if hand[_B3] < 3 and reach < need:
        return []
    # A step melding naturals only keeps the reach of a hand whose plan keeps two cards (``direct_points``).
    naturals_reach = direct is not None and direct >= need
    out: list[Move] = []
    for move in candidates_of(hand, melds):
        # Read in the terms of the two rows a candidate can fail (``_CANDIDATE_ROWS``), for a step that keeps
        # two cards: it opens on its own, or melds naturals only while the hand reaches, or the hand after it
        # reaches what is left to meld. A black-3 start, or a step keeping fewer, is asked of the rows.
        if type(move) is StartMeld:
            if move.rank is _B3:
                keeps = False
            else:
                kept = held - (move.naturals + move.jokers + move.twos)  # (``card_count``, inline)
                keeps = kept >= 2
                if keeps:
                    gained = (
                        move.naturals * KIND_POINTS[move.rank]
                        + JOKER_POINTS * move.jokers
                        + TWO_POINTS * move.twos
                    )
                    if (naturals_reach and move.naturals == 3) or gained >= need:
                        out.append(move)
                        continue
                    # The reach after the start, from the parts of the whole hand's plan.
                    after_reach = reach_after_start(hand, parts, move, kept)
                    if after_reach is not None:
                        if after_reach >= need - gained:
                            out.append(move)
                        continue
        elif held < 3:
            keeps = False
        else:
            add = cast("AddToMeld", move)
            if (naturals_reach and add.card is add.rank) or KIND_POINTS[add.card] >= need:
                out.append(move)
                continue
            keeps = True
        if keeps:
            after, after_melds, gained = stepped(hand, melds, position.pile, move)
            if best_points(after, after_melds) >= need - gained:
                out.append(move)
        elif candidate_legal(position, move):
            out.append(move)
    return out


OPENED_FAST = SWITCHES.declare(
    "classic.legal._opened_steps", "R-CL-OUT-1", "R-CL-DEC-1", "R-CL-REQ-1", parts=(BLACK_THREES_FAST,)
)
#: The meld phase answered without its tables: plain steps, discards, asking the partner.
MELD_FAST = SWITCHES.declare(
    "classic.legal._meld_phase",
    *("R-CL-OUT-1", "R-CL-OUT-2", "R-CL-DEC-1", "R-CL-REQ-1", "R-CL-TRN-1", "R-CL-GAM-1"),
    parts=(UNOPENED_FAST, OPENED_FAST, CANDIDATES_FAST),
)


def _meld_phase(position: Position) -> tuple[Move, ...]:
    hand = position.mover_hand
    held = sum(hand)
    sides = position.sides
    side = sides[position.to_move % len(sides)]  # (``mover_side``, without a property call: the hot path)
    answer = position.answer
    if side.opened:
        out, canastas = counted_candidates(hand, side.melds)
        # Plainly legal for an opened side: an add that keeps two cards, a start that keeps two (no floor
        # row can fail, and the requirement is met); with five cards and no black-3 start (three, four or
        # five black 3s make one) every candidate is plain, else they are asked of the rows they can fail.
        if held < 5 or 3 <= hand[_B3] <= 5:
            out = _opened_steps(position, out, held, canastas)
        discards = True
    else:
        out = _unopened_steps(position, side, hand, held)
        discards = not opening_unfinished(position)
        canastas = side.canastas
    if discards:
        if held == 1:
            if answer is not False and may_go_out(side, None, position.rules.canastas_to_go_out):
                out += compress(_DISCARDS_HIGH_FIRST, hand[::-1])
        elif answer is not True or not out:
            out += compress(_DISCARDS_HIGH_FIRST, hand[::-1])
    # Asking is plainly legal when every row of its table holds, read here in the table's terms (R-CL-DEC-1):
    # canastas (a side needs one at least), not asked, two cards, not melded, asking allowed with a partner.
    if canastas and answer is None and held >= 2 and not position.turn_melds:
        need = _ask_canastas(position.rules)
        if need is not None and canastas >= need:
            out.append(ASK_GO_OUT)
    return tuple(out)


def _opened_steps(position: Position, candidates: list[Move], held: int, canastas: int) -> list[Move]:
    """The legal meld steps among an opened side's ``candidates`` (the side has ``canastas``) when not all
    of them are plain.

    Exact: a candidate (well formed, from the hand) of an opened side can fail only the floor row
    (``STEP_FLOOR``; the requirement row holds once opened), and a black-3 start is judged by
    ``_black_threes_legal``. The floor read in the generator's terms: a step keeping two cards (the held
    pile counted) is legal; one keeping fewer goes out, so the partner has not answered no and the side has
    the canastas after it (a start makes no canasta; an add makes one of a meld of six) (R-CL-OUT-1,
    R-CL-DEC-1).
    """
    side = position.mover_side
    in_hand = held
    pending = position.pending
    if pending is not None:
        held += sum(pending)
    # The canastas the side lacks to go out, or None when it may not go out at all this turn.
    lacking = None if position.answer is False else position.rules.canastas_to_go_out - canastas
    out: list[Move] = []
    for move in candidates:
        if type(move) is StartMeld:
            if move.rank is _B3:
                if _black_threes_legal(position, move, in_hand):
                    out.append(move)
            elif held >= 5 or (lacking is not None and lacking <= 0):
                out.append(move)
        elif held >= 3:
            out.append(move)
        elif lacking is not None:
            meld = meld_of(side.melds, cast("AddToMeld", move).rank)
            if meld is not None and lacking <= (meld.size == CANASTA_SIZE - 1):
                out.append(move)
    return out


@functools.cache
def _ask_canastas(rules: ClassicRules) -> int | None:
    """The canastas a side needs for its player to ask the partner, ``None`` if no one may ask (R-CL-DEC-1):
    the rules allow asking and the sides are partnerships (of one size), and the going-out canastas."""
    if rules.ask_partner and len(rules.sides[0]) > 1:
        return rules.canastas_to_go_out
    return None


PICKUPS_FAST = SWITCHES.declare(
    "classic.legal._pickups",
    *("R-CL-PIL-2", "R-CL-PIL-3", "R-CL-MLD-3", "R-CL-OUT-1", "R-CL-END-1", "R-CL-END-2"),
    *("R-CL-TRN-2", "R-CL-DEC-5", "R-CL-REQ-2"),
)
#: The draw phase answered without its tables where no pickup can be legal.
DRAW_FAST = SWITCHES.declare(
    "classic.legal._draw_phase",
    *("R-CL-PIL-1", "R-CL-PIL-2", "R-CL-PIL-3", "R-CL-TRN-1", "R-CL-TRN-2", "R-CL-END-1", "R-CL-END-2"),
    "R-CL-GAM-1",
    parts=(PICKUPS_FAST,),
)


def _draw_phase(position: Position) -> tuple[Move, ...]:
    """The candidates of the draw phase: plainly legal, or asked of their table once a cheap test passes."""
    stock = position.stock_size
    pile = position.pile
    if pile and pile[-1] >= _LOWEST_NATURAL:
        top = pile[-1]
        hand = position.mover_hand
        pair = hand[top] >= 2
        sides = position.sides
        side = sides[position.to_move % len(sides)]  # (``mover_side`` without its property call)
        opened = side.opened
        # A pickup needs a natural pair of the top card, or an opened side and a pile not frozen.
        unfrozen = opened and not position.pile_frozen
        if pair or unfrozen:
            melded = False
            for meld in side.melds:  # (``meld_of``, inline: the hot path)
                if meld.rank is top:
                    melded = True
                    break
            # Every pickup needs a pair, a meld of the top card or one held (with a wild card): without
            # them the phase has no pickup (most positions), so its moves are the ones without a pile.
            if melded or hand[top]:
                return _pickups(position, stock, hand, top, pair, opened, unfrozen, melded)
    return _DRAW_ALONE if stock else _END_ALONE


#: The moves of a draw phase without a pickup: drawing, or ending the round when the stock is empty.
_DRAW_ALONE: tuple[Move, ...] = (DRAW,)
_END_ALONE: tuple[Move, ...] = (END_ROUND,)


def _pickups(
    position: Position,
    stock: int,
    hand: Counts,
    top: Kind,
    pair: bool,
    opened: bool,
    unfrozen: bool,
    melded: bool,
) -> tuple[Move, ...]:
    """The moves of a draw phase where a pickup may be legal (``_draw_phase`` found the cards for one):
    the side holds a natural ``pair`` of the ``top`` card, or may take an ``unfrozen`` pile (it has
    ``opened``) with a meld of the top card (``melded``) or one held."""
    out: list[Move] = [DRAW] if stock else []
    # An opened side taking the pile keeps the hand less the cards it melds, plus the pile below the top:
    # two cards or more with four in hand (two for take-top), so no floor row can fail.
    held = sum(hand)
    plain = held >= 4 and opened
    if pair:
        move: Move = take_pile(top)
        if (plain and (not melded or position.rules.pair_joins_meld)) or first_after_common(
            position, move
        ) is None:
            out.append(move)
    if unfrozen:
        if not melded and hand[top]:
            for wild in _WILDS:
                if hand[wild]:
                    move = take_pile_mixed(top, wild)
                    if plain or first_after_common(position, move) is None:
                        out.append(move)
        if melded and (held >= 2 or first_after_common(position, TAKE_TOP) is None):
            out.append(TAKE_TOP)
            return tuple(out)
    if not stock:
        out.append(END_ROUND)
    return tuple(out)


#: The answer and the moves between rounds: the phase's candidates, asked of their rows after the common ones.
OTHER_FAST = SWITCHES.declare(
    "classic.legal.legal_moves (answer, round over)", "R-CL-TRN-1", "R-CL-GAM-1", parts=(CANDIDATES_FAST,)
)


def legal_moves(position: Position) -> Sequence[Move]:
    """Every legal move, each once, in a fixed order (simplest first), as a tuple.

    The moves of the last position asked about are remembered while it is held (``apply`` right after
    ``legal_moves`` reuses them); a new object, even an equal one, misses.
    """
    global _LAST
    last = _LAST  # (read once: another thread may set it between two reads)
    if last[0] is position:
        return last[1]
    phase = position.phase
    if phase is _MELD:
        moves = _meld_phase(position) if MELD_FAST.on else legal_by_tables(position)
    elif phase is _DRAW:
        moves = _draw_phase(position) if DRAW_FAST.on else legal_by_tables(position)
    elif phase is _GAME_OVER:
        moves = ()
    elif OTHER_FAST.on:
        moves = tuple(m for m in candidates(position) if first_after_common(position, m) is None)
    else:
        moves = legal_by_tables(position)
    _LAST = (position, moves)
    return moves


#: The last position whose moves were listed, and its moves.
_LAST: tuple[object, tuple[Move, ...]] = (None, ())


def _forget() -> None:
    global _LAST
    _LAST = (None, ())


CACHES.register("classic.legal._LAST", _forget)
