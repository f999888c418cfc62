"""Which moves are legal: the move generator over the guard tables.

:func:`legal_moves` lists every legal move of a state, in a fixed order
(simplest first), and never changes the state. It proposes candidates and keeps
those that pass the guards of :mod:`~railroad_canasta.variants.railroad.guards`;
where a candidate is plainly legal it says so without asking them (fast
pre-filters, which the oracle tests check against the guards).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from itertools import compress
from operator import itemgetter
from typing import cast

from railroad_canasta.core import moves as vocabulary
from railroad_canasta.core.cards import LOWEST_NATURAL, Counts, Kind
from railroad_canasta.core.guards import Guard, first_violation
from railroad_canasta.core.moves import (
    DRAW,
    END_ROUND,
    END_TURN,
    NEXT_ROUND,
    TAKE_KITTY,
    TAKE_TOP,
    AddToMeld,
    Move,
    StartMeld,
    discard,
    start_meld,
    take_pile,
)
from railroad_canasta.variants.railroad.candidates import step_candidates, step_moves
from railroad_canasta.variants.railroad.floor import FLOOR_FAST, floor_holds
from railroad_canasta.variants.railroad.guards import (
    PAIR_FAST,
    TABLES,
    TAKE_PILE_GUARDS,
    TAKE_TOP_GUARDS,
    TOP_FAST,
    MeldContext,
    PickupContext,
    meld_violation,
    pair_pickup_plain,
    top_pickup_plain,
    why_illegal,
)
from railroad_canasta.variants.railroad.plan import PLAIN_PLAN_FAST, PLAN_STEP_BITS, plain_plan
from railroad_canasta.variants.railroad.requirement import opening_facts, opening_unfinished
from railroad_canasta.variants.railroad.rules import CANASTA_SIZE, KITTY_READY, MIN_MELD
from railroad_canasta.variants.railroad.state import (
    Phase,
    Standing,
    Table,
    kitty_code,
    others_sevens,
    passes_turn,
    sevens_hand_melds,
)
from railroad_canasta.variants.railroad.switches import CACHES, SWITCHES

__all__ = [
    "candidate_legal",
    "is_legal",
    "legal_by_tables",
    "legal_moves",
    "plausible_moves",
    "why_illegal",
]

_KINDS = tuple(Kind)
_DISCARDS = tuple(discard(k) for k in _KINDS)
_DISCARDS_HIGH_FIRST = _DISCARDS[::-1]
# The discards of every kind but the 7, high first, and the counts of those kinds in a hand, high first.
_DISCARDS_HIGH_FIRST_BUT_SEVEN = tuple(d for d in _DISCARDS_HIGH_FIRST if d.card != Kind.SEVEN)
_HIGH_FIRST_BUT_SEVEN = itemgetter(*(k for k in reversed(range(len(_KINDS))) if k != Kind.SEVEN))
_LOWEST_NATURAL = int(LOWEST_NATURAL)
_SEVEN = int(Kind.SEVEN)
_B3 = Kind.BLACK_THREE
# The kinds held (that may be discarded) from which an opened player's every step is plainly legal.
_PLAIN_KINDS = MIN_MELD + 2
# The lists of moves that several positions share (made once).
_DRAW_ONLY = (DRAW,)
_DRAW_OR_TOP = (DRAW, TAKE_TOP)
# By the top card's rank (natural ranks only; the others draw only): the draw and the pair pickup, and
# the draw, the pair pickup and the top-card pickup.
_DRAW_OR_PAIR = tuple((DRAW, take_pile(k)) if k.is_natural else _DRAW_ONLY for k in _KINDS)
_DRAW_PAIR_OR_TOP = tuple((DRAW, take_pile(k), TAKE_TOP) if k.is_natural else _DRAW_ONLY for k in _KINDS)
_END_OR_KITTY = (END_TURN, TAKE_KITTY)
_KITTY_ONLY = (TAKE_KITTY,)
_NEXT_ROUND_ONLY = (NEXT_ROUND,)
_PLAN_STEP_BITS = PLAN_STEP_BITS
# Enum members read once: reading ``Phase.DRAW`` costs a class-attribute lookup on every call.
_DRAW_PHASE = Phase.DRAW
_MELD_PHASE = Phase.MELD
_KITTY_PHASE = Phase.KITTY


def is_legal(state: Table, move: Move) -> bool:
    """Whether ``move`` is legal in ``state``."""
    return move in legal_moves(state)


#: The last row of every meld step's table: the requirement can still be reached this turn (R-REQ-4).
_REACHABLE = cast("Guard[MeldContext]", TABLES["add"][-1])


def candidate_legal(state: Table, move: StartMeld | AddToMeld, others: bool, extra: int) -> bool:
    """Whether a step candidate (well formed and in hand, see ``step_candidates``) passes its whole table.

    Of such a step's table only the floor guards and the requirement row can fail
    (``tests/railroad/test_oracle.py`` checks both claims against
    :func:`~railroad_canasta.variants.railroad.guards.meld_violation`), so only they are asked. ``others``
    and ``extra`` are as for ``meld_violation``.
    """
    context = MeldContext(state, move, others, extra)
    return floor_holds(context) and _REACHABLE.check(context) is None


#: The lone card kept or discarded, and the turn or round ended without a discard.
_DISCARD_FEW = SWITCHES.declare("railroad.legal._discard_few", "R-OUT-1", "R-DEC-19", "R-TRN-2", "R-END-3")


def _discard_few(state: Table, player: Standing, hand: Counts, out: list[Move]) -> None:
    """Where at most one kind may be discarded (``out``): the lone card in hand is discarded only going out
    or where the kitty follows (R-OUT-1, R-DEC-19); with no discard the turn or the round ends."""
    if out and sum(hand) == 1:
        # rule: R-DEC-19
        may_go_out = player.may_go_out
        last_ok = not may_go_out and kitty_code(state) == KITTY_READY
        if not last_ok and (not may_go_out or hand[_SEVEN]):  # (the lone card is a 7)
            out.clear()
    if not out:
        out.append(END_TURN if passes_turn(state) else END_ROUND)


def _judged_steps(
    state: Table, candidates: list[tuple[StartMeld | AddToMeld, int]], most: int, extra: int, out: list[Move]
) -> None:
    """Append to ``out`` the step candidates that pass their tables: those using at most ``most`` cards
    plainly, the others by the floor guards and the requirement (``extra``: the held pile's cards).

    Before the requirement is met, one look at the position (:func:`plain_plan`) decides most of them: a
    bound short of the need refuses every step, and the steps it knows are accepted or refused as it says
    (``plain_plan`` says why its answers are the tables'); the rest are asked.
    """
    others: bool | None = None
    need, sevens_melded = opening_facts(state)
    # rule: R-REQ-4
    if need is not None and not sevens_melded:
        # (Before the requirement is met no step is plainly legal: ``most`` is -1.)
        bound, known, refused = plain_plan(state.mover_hand, state.mover.melds, extra, state.rules, need)
        if bound < need and not state.rules.requirement_counts_bonuses:
            return
        bits = _PLAN_STEP_BITS
        for move, _used in candidates:
            bit = bits.get(id(move), 0)
            if known & bit:
                out.append(move)
            elif not refused & bit:
                if others is None:
                    others = others_sevens(state)
                if candidate_legal(state, move, others, extra):
                    out.append(move)
        return
    # Here the requirement row passes (opened, or a hand of 7s melded without it: R-DEC-20), and the floor
    # guards read the hand a step leaves, the canasta it completes and facts of the position: the steps that
    # leave the same hand and complete the same canasta are judged once.
    floors: dict[tuple[Counts, object], bool] = {}
    for move, used in candidates:
        if used <= most:
            out.append(move)
            continue
        if others is None:
            others = others_sevens(state)
        context = MeldContext(state, move, others, extra)
        step = context.step
        key = (step.hand, step.completed)
        holds = floors.get(key)
        if holds is None:
            holds = floors[key] = floor_holds(context)
        if holds:
            out.append(move)


#: The meld phase answered without its tables: discards, plainly legal steps, black 3s going out.
MELD_FAST = SWITCHES.declare(
    "railroad.legal._meld_phase_moves",
    *("R-REQ-4", "R-TRN-2", "R-TRN-4", "R-PIL-1", "R-OUT-1", "R-OUT-2", "R-END-3", "R-HND-1"),
    *("R-MLD-1", "R-MLD-2", "R-MLD-3", "R-MLD-4", "R-MLD-5", "R-CRD-5"),
    *("R-DEC-8", "R-DEC-9", "R-DEC-15", "R-DEC-16", "R-DEC-19", "R-DEC-20", "R-DEC-21", "R-DEC-22"),
    parts=(_DISCARD_FEW, FLOOR_FAST, PLAIN_PLAN_FAST),
)


def _meld_phase_moves(state: Table) -> list[Move]:
    """The legal moves of the meld phase, fast where a step is plainly safe, else by the guards."""
    hand = state.mover_hand  # (a view of another player raises here)
    player = state.players[state.to_move]
    rules = state.rules
    pending = state.pending
    # An opened player with nothing pending has no unfinished opening: the guard functions are read only
    # otherwise.
    plain = player.opened and pending is None
    # The discard guards, read once for every card (R-REQ-4, R-TRN-2, R-PIL-1, R-OUT-1, R-OUT-2), and the
    # guards of ending the round or the turn without a discard (R-END-3, R-DEC-20, R-DEC-22).
    # rule: R-DEC-20
    out: list[Move]
    if plain or not opening_unfinished(state) or sevens_hand_melds(state):
        # Every kind held, high first (a count is true when held), but 7s while they may not be discarded.
        if hand[_SEVEN] and not state.sevens_discardable():
            out = list(compress(_DISCARDS_HIGH_FIRST_BUT_SEVEN, _HIGH_FIRST_BUT_SEVEN(hand)))
        else:
            out = list(compress(_DISCARDS_HIGH_FIRST, reversed(hand)))
        if len(out) < 2:
            _discard_few(state, player, hand, out)
    else:
        out = []
    extra = sum(pending) if pending is not None else 0
    # Plainly legal: an opened player's well-formed step that keeps two cards, one of them not a 7 where a
    # hand of 7s is refused (no floor guard can fail). No candidate uses more cards than a wild meld starts
    # with (3, or 7 where it is put down whole). With five kinds held that may be discarded (at most one of
    # them 7s) the hand holds five cards, four of them not 7s: a step of 3 cards keeps both, and every
    # candidate is plainly legal without counting the hand.
    if plain and len(out) >= _PLAIN_KINDS and rules.wild_melds:
        step_moves(hand, player.melds, rules, out)
    else:
        # The most cards a plainly legal step may use (-1: none is plainly legal).
        most = -1
        if plain:
            total = sum(hand)
            spare = total if rules.allow_hand_of_sevens else total - hand[_SEVEN]
            most = total - 2 if total - 2 < spare - 1 else spare - 1  # (the smaller, without calling ``min``)
        if most >= (MIN_MELD if rules.wild_melds else CANASTA_SIZE):
            # Every candidate is plainly legal: its moves, read from the same tables as ``step_candidates``.
            step_moves(hand, player.melds, rules, out)
        else:
            candidates = step_candidates(hand, player.melds, rules)
            if candidates:
                _judged_steps(state, candidates, most, extra, out)
    b3 = hand[_B3]
    if not b3 or not player.may_go_out:
        return out
    # rule: R-DEC-21
    least = MIN_MELD if rules.black_three_meld_needs_three else 1
    if b3 >= least:
        for move in (start_meld(_B3, b3), start_meld(_B3, b3 - 1)):
            if move.naturals >= least and meld_violation(state, move, others_sevens(state), extra) is None:
                out.append(move)
    return out


#: The draw phase answered without its tables where the pickups plainly pass or fail.
DRAW_FAST = SWITCHES.declare(
    "railroad.legal._draw_phase_moves",
    *("R-PIL-3", "R-PIL-4", "R-PIL-5", "R-TRN-2", "R-TRN-4", "R-DEC-1", "R-DEC-12", "R-DEC-18"),
    parts=(PAIR_FAST, TOP_FAST),
)


def _draw_phase_moves(state: Table) -> tuple[Move, ...]:
    """The legal moves of the draw phase: the draw, and the pickups the guards allow (a shared tuple).

    Exact by construction: a pickup is considered only where the top card is natural (neither stopped nor
    wild: R-PIL-3, R-PIL-4, R-PIL-5) and the pair is held, or the unfinished meld of its rank is on the table
    and the pile not frozen; every other position draws only. A pickup considered is listed when its
    pre-filter says it passes, or, where the pre-filter cannot tell (``None``, or ``False`` for the top card),
    its whole guard table does (``tests/railroad/test_oracle.py`` and ``tests/railroad/test_draw_pickups.py``
    check the pre-filters against the tables).
    """
    hand = state.mover_hand  # (a view of another player raises here)
    top = state.top
    # rule: R-PIL-3, R-PIL-4, R-PIL-5
    if top is None or top < _LOWEST_NATURAL:
        return _DRAW_ONLY
    pair = hand[top] >= 2
    frozen = state.pile_frozen
    if frozen and not pair:
        return _DRAW_ONLY
    meld = state.players[state.to_move].unfinished_meld(top)
    takes_top = (
        meld is not None
        and not frozen
        and (
            top_pickup_plain(state, meld)
            or first_violation(TAKE_TOP_GUARDS, PickupContext(state, TAKE_TOP)) is None
        )
    )
    if pair:
        takes_pair = pair_pickup_plain(state, top, meld)
        if takes_pair is None:
            takes_pair = first_violation(TAKE_PILE_GUARDS, PickupContext(state, take_pile(top))) is None
        if takes_pair:
            return _DRAW_PAIR_OR_TOP[top] if takes_top else _DRAW_OR_PAIR[top]
    return _DRAW_OR_TOP if takes_top else _DRAW_ONLY


#: The kitty and the moves between rounds, answered without their tables.
OTHER_FAST = SWITCHES.declare(
    "railroad.legal._other_phase_moves", "R-DEC-19", "R-TRN-2", "R-TRN-4", "R-GAM-1"
)


def _other_phase_moves(state: Table) -> Sequence[Move]:
    """The legal moves of the phases where a turn is not being played out: the kitty, between rounds."""
    phase = state.phase
    if phase is _KITTY_PHASE:
        # (A view of another player may not list the mover's moves: mover_hand raises for it.)
        # rule: R-DEC-19
        return _END_OR_KITTY if any(state.mover_hand) else _KITTY_ONLY
    if phase is Phase.ROUND_OVER:
        return _NEXT_ROUND_ONLY
    return ()


def legal_by_tables(position: Table) -> tuple[Move, ...]:
    """Every move that could be legal (:func:`plausible_moves`) that its whole guard table lets through:
    the reference :func:`legal_moves` must agree with, as sets (the conformance harness checks it)."""
    return tuple(m for m in plausible_moves(position) if why_illegal(position, m) is None)


def legal_moves(state: Table) -> Sequence[Move]:
    """Every legal move in ``state``, each once, in a fixed order (simplest first).

    The result is a tuple: count it with ``len``, iterate it, test ``move in``
    it. ``state`` may also be the view of the player to move
    (:func:`~railroad_canasta.view`): the moves are the same. Between rounds
    and once the game is over the moves depend on no hand, so any player's
    view answers; otherwise a view of another player raises
    :class:`~railroad_canasta.ViewError`.
    """
    global _LAST
    last = _LAST
    # The memo holds the last state asked about, so its identity cannot be reused by another object:
    # a state changed by ``attrs.evolve`` or ``replace`` is a new object and misses.
    if last[0] is state:
        return last[1]
    # By phase, the meld phase first: most decisions are there. A phase whose fast path is switched off
    # (a clause it restates is off: ``SWITCHES.off``) is answered by the tables alone.
    phase = state.phase
    if phase is _MELD_PHASE:
        moves: Sequence[Move] = tuple(_meld_phase_moves(state)) if MELD_FAST.on else legal_by_tables(state)
    elif phase is _DRAW_PHASE:
        moves = _draw_phase_moves(state) if DRAW_FAST.on else legal_by_tables(state)
    else:
        moves = _other_phase_moves(state) if OTHER_FAST.on else legal_by_tables(state)
    _LAST = (state, moves)
    return moves


#: The last state whose moves were listed, and its moves (``apply`` right after ``legal_moves`` reuses them).
_LAST: tuple[object, Sequence[Move]] = (None, ())


def _forget() -> None:
    global _LAST
    _LAST = (None, ())


CACHES.register("railroad.legal._LAST", _forget)


def plausible_moves(state: Table) -> list[Move]:
    """Every move of the vocabulary with card counts up to what a hand in ``state`` could hold, whatever the
    phase: the candidates of the reference generator (``legal_by_tables``), which the tables alone judge."""
    return list(_plausible(max(p.hand_size for p in state.players) + 1))


@functools.lru_cache(maxsize=16)
def _plausible(most: int) -> tuple[Move, ...]:
    out: list[Move] = [
        vocabulary.Draw(),
        vocabulary.TakeTop(),
        vocabulary.TakeKitty(),
        vocabulary.EndTurn(),
        vocabulary.EndRound(),
        vocabulary.NextRound(),
    ]
    for kind in Kind:
        out.append(vocabulary.TakePile(kind))
        out.append(vocabulary.Discard(kind))
        for card in Kind:
            out.append(AddToMeld(kind, card))
        for naturals in range(0, 4):
            for jokers in range(0, 4):
                for twos in range(0, 4):
                    out.append(StartMeld(kind, naturals, jokers, twos))
    for naturals in range(4, most + 1):
        out.append(StartMeld(Kind.BLACK_THREE, naturals, 0, 0))
    for jokers in range(0, 8):
        # The wild canasta put down whole (R-DEC-9's alternative reading).
        out.append(StartMeld(Kind.JOKER, 0, jokers, 7 - jokers))
    return tuple(out)
