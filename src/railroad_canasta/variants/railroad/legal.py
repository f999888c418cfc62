"""Which moves are legal: the clause-by-clause validator and the move generator.

:func:`why_illegal` checks one move against the rules, guard by guard, each
guard preceded by the clause it enforces, and answers ``(clause, reason)`` or
``None``. :func:`legal_moves` lists every legal move of a state, in a fixed
order (simplest first), and never changes the state.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING

from railroad_canasta.core.cards import KIND_COUNT, KIND_POINTS, NATURAL_KINDS, Counts, Kind
from railroad_canasta.core.moves import (
    DRAW,
    END_ROUND,
    END_TURN,
    NEXT_ROUND,
    TAKE_KITTY,
    TAKE_TOP,
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
    add_to_meld,
    discard,
    start_meld,
    take_pile,
)
from railroad_canasta.variants.railroad.melds import (
    ALL_CANASTAS,
    CANASTA_SIZE,
    MAX_WILDS,
    MIN_MELD,
    MIN_NATURALS,
    CanastaKind,
    TableMeld,
    canasta_bonus,
)
from railroad_canasta.variants.railroad.rules import Rules
from railroad_canasta.variants.railroad.state import GameState, Phase, PlayerState

if TYPE_CHECKING:
    from railroad_canasta.variants.railroad.views import PlayerView

__all__ = [
    "Step",
    "Violation",
    "is_legal",
    "legal_moves",
    "meld_step",
    "pickup_melds",
    "step_result",
    "why_illegal",
]

#: A broken rule: ``(clause ID, reason a player understands)``.
Violation = tuple[str, str]

#: A meld step's outcome: new hand, new melds, card values melded, new canasta mask, canasta completed.
Step = tuple[Counts, tuple[TableMeld, ...], int, int, "CanastaKind | None"]

_PHASE_OF: dict[type[Move], Phase] = {
    Draw: Phase.DRAW,
    TakePile: Phase.DRAW,
    TakeTop: Phase.DRAW,
    StartMeld: Phase.MELD,
    AddToMeld: Phase.MELD,
    Discard: Phase.MELD,
    EndRound: Phase.MELD,
    TakeKitty: Phase.KITTY,
    EndTurn: Phase.KITTY,
    NextRound: Phase.ROUND_OVER,
}

# Moves legal whenever their phase is on.
_ALWAYS_LEGAL = (Draw, TakeKitty, EndTurn, NextRound)
_NATURALS_HIGH_FIRST = tuple(reversed(NATURAL_KINDS))
_KINDS = tuple(Kind)
_J = Kind.JOKER
_FOUR = Kind.FOUR
_T = Kind.TWO
_SEVEN = Kind.SEVEN
_B3 = Kind.BLACK_THREE
_R3 = Kind.RED_THREE


def _minus(hand: Counts, kind: Kind, n: int = 1) -> Counts:
    h = list(hand)
    h[kind] -= n
    return tuple(h)


def _floor_problem(
    after: Counts,
    extra: int,
    mask: int,
    sevens_ok: bool,
    rules: Rules,
    sevens_only_before: bool,
    meld: bool = True,
) -> Violation | None:
    """Whether a step leaves too few cards in hand (R-HND-1, R-DEC-15, R-DEC-19, R-DEC-16).

    ``extra`` counts cards that will join the hand this turn (a pile held until the requirement is met).
    """
    total = sum(after) + extra
    if sevens_only_before:
        # rule: R-END-3
        # A hand of 7s that cannot be discarded may be melded away entirely.
        return None
    if mask == ALL_CANASTAS:
        if rules.going_out_requires_discard and total < 1:
            # rule: R-DEC-15
            return "R-DEC-15", "going out needs a final discard: keep one card to discard"
        if total == 1 and extra == 0 and after[_SEVEN] == 1 and rules.keep_two_cards:
            # rule: R-DEC-19
            return "R-DEC-19", "your last card would be a 7, which may not be the final discard (R-OUT-2)"
    else:
        if total < 1:
            # rule: R-HND-1
            return (
                "R-HND-1",
                "you may not empty your hand without going out (you need a canasta of every kind)",
            )
        if total < 2 and rules.keep_two_cards:
            # rule: R-DEC-19
            return "R-DEC-19", "you may not go out, so you must keep two cards (one to discard, one to hold)"
    if (
        meld
        and not rules.allow_hand_of_sevens
        and not sevens_ok
        and extra == 0
        and total
        and after[_SEVEN] == total
    ):
        # rule: R-DEC-16
        return "R-DEC-16", "this would leave you only 7s, which you could not discard"
    return None


def meld_step(
    hand: Counts,
    melds: tuple[TableMeld, ...],
    mask: int,
    move: StartMeld | AddToMeld,
    rules: Rules,
    others_sevens: bool,
    extra: int,
) -> Violation | Step:
    """Check and compute one meld step from ``hand`` onto ``melds``.

    Returns the :data:`Violation` it breaks, or the resulting step. The
    requirement (R-REQ-*) is not checked here.
    """
    sevens_ok = others_sevens and bool(mask & 8)
    total_before = sum(hand)
    if isinstance(move, StartMeld):
        rank, n, j, t = move.rank, move.naturals, move.jokers, move.twos
        if min(n, j, t) < 0:
            return "R-TRN-4", "a meld cannot take a negative number of cards"
        if rank is _B3:
            # rule: R-MLD-5
            if mask != ALL_CANASTAS:
                return "R-MLD-5", "black 3s are melded only when going out, with a canasta of every kind"
            if j or t:
                return "R-MLD-5", "a meld of black 3s takes no wild cards"
            if n < MIN_MELD:
                return "R-MLD-5", "a meld of black 3s needs at least 3 of them"
            if hand[_B3] < n:
                return "R-TRN-4", f"you hold only {hand[_B3]} black 3s"
            remaining = total_before - n
            need_left = 1 if rules.going_out_requires_discard else 0
            if remaining > 1 or remaining < need_left:
                return (
                    "R-MLD-5",
                    "black 3s are melded only as the last meld: exactly one card must remain to discard",
                )
            if remaining == 1 and hand[_SEVEN] == 1:
                return "R-OUT-2", "the card left to discard would be a 7, which may not be the final discard"
            return step_result(hand, melds, mask, move)
        if rank is _J:
            # rule: R-DEC-9
            if not rules.wild_melds:
                return "R-DEC-9", "melds of wild cards only are not allowed under these rules"
            if n or j + t != MIN_MELD:
                return "R-DEC-9", "a wild meld starts with exactly 3 wild cards and no natural card"
        elif rank.is_natural:
            # rule: R-TRN-4
            if n + j + t != MIN_MELD:
                return "R-TRN-4", "a meld starts with exactly 3 cards; add more one at a time"
            # rule: R-MLD-4
            if n < MIN_NATURALS:
                return "R-MLD-4", "a meld needs at least 2 natural cards"
            # rule: R-DEC-8
            if rank is _SEVEN and (j or t) and rules.sevens_natural_only:
                return "R-DEC-8", "a meld of 7s takes no wild cards"
        else:
            # rule: R-CRD-5
            return "R-CRD-5", f"there is no meld of {rank}: red 3s are never melded"
        # rule: R-TRN-4
        if rank is not _J and hand[rank] < n:
            return "R-TRN-4", f"you hold only {hand[rank]} of {rank}"
        if hand[_J] < j:
            return "R-TRN-4", f"you hold only {hand[_J]} jokers"
        if hand[_T] < t:
            return "R-TRN-4", f"you hold only {hand[_T]} 2s"
        for m in melds:
            if m.rank is rank and not m.is_complete:
                # rule: R-MLD-3
                return (
                    "R-MLD-3",
                    f"you already have an unfinished meld of {'wild cards' if rank is _J else rank}",
                )
        sevens_only_before = rank is _SEVEN and not sevens_ok and total_before == hand[_SEVEN]
    else:
        rank, card = move.rank, move.card
        current: TableMeld | None = None
        for m in melds:
            if m.rank is rank and not m.is_complete and rank is not _B3:
                current = m
                break
        if current is None and rank is not _B3 and any(m.rank is rank for m in melds):
            # rule: R-MLD-2
            return (
                "R-MLD-2",
                f"your meld of {'wild cards' if rank is _J else rank} is complete: it takes no more cards",
            )
        if current is None:
            # rule: R-MLD-1
            return (
                "R-MLD-1",
                f"you have no unfinished meld of {'wild cards' if rank is _J else rank} to add to",
            )
        # rule: R-TRN-4
        if hand[card] < 1:
            return "R-TRN-4", f"you hold no {card}"
        if card.is_wild:
            if rank is not _J:
                # rule: R-DEC-8
                if rank is _SEVEN and rules.sevens_natural_only:
                    return "R-DEC-8", "a meld of 7s takes no wild cards"
                # rule: R-MLD-4
                if current.wilds >= MAX_WILDS:
                    return "R-MLD-4", "a meld holds at most 3 wild cards"
        elif rank is _J:
            # rule: R-DEC-9
            return "R-DEC-9", "a wild meld holds only wild cards"
        elif card is not rank:
            # rule: R-MLD-1
            return "R-MLD-1", f"a meld of {rank} takes only {rank}s and wild cards"
        sevens_only_before = card is _SEVEN and not sevens_ok and total_before == hand[_SEVEN]
    step = step_result(hand, melds, mask, move)
    new_mask = step[3]
    problem = _floor_problem(
        step[0],
        extra,
        new_mask,
        others_sevens and bool(new_mask & 8),
        rules,
        sevens_only_before,
    )
    if problem is not None:
        return problem
    return step


def step_result(hand: Counts, melds: tuple[TableMeld, ...], mask: int, move: StartMeld | AddToMeld) -> Step:
    """The outcome of a meld step that is known to be legal: hand, melds, values melded, canastas.

    :func:`meld_step` checks a step and then calls this; a transition calls it directly.
    """
    left = list(hand)
    if isinstance(move, StartMeld):
        rank, n, j, t = move.rank, move.naturals, move.jokers, move.twos
        if rank is not _J:
            left[rank] -= n
        left[_J] -= j
        left[_T] -= t
        new = TableMeld(rank, n, j, t)
        melds = (*melds, new)
    else:
        rank, card = move.rank, move.card
        index = next(
            i for i, m in enumerate(melds) if m.rank is rank and m.naturals + m.jokers + m.twos < CANASTA_SIZE
        )
        left[card] -= 1
        new = melds[index].added(card)
        melds = (*melds[:index], new, *melds[index + 1 :])
        n, j, t = (0, 1, 0) if card is _J else (0, 0, 1) if card is _T else (1, 0, 0)
    completed = new.canasta_kind
    new_mask = mask | completed.value if completed is not None else mask
    return tuple(left), melds, n * KIND_POINTS[rank] + 50 * j + 20 * t, new_mask, completed


def _points(rank: Kind) -> int:
    return KIND_POINTS[rank]


def _step_candidates(
    hand: Counts, melds: tuple[TableMeld, ...], rules: Rules
) -> list[tuple[StartMeld | AddToMeld, int]]:
    """The meld steps whose cards are in hand and whose meld would be well formed, with the cards each uses.

    Whether each is legal (cards kept in hand, the requirement) is for :func:`meld_step` to say.
    """
    out: list[tuple[StartMeld | AddToMeld, int]] = []
    jokers, twos = hand[_J], hand[_T]
    sevens_plain = rules.sevens_natural_only
    # rule: R-MLD-2
    unfinished: dict[Kind, TableMeld] = {}
    for m in melds:
        if m.naturals + m.jokers + m.twos < CANASTA_SIZE and m.rank is not _B3:
            unfinished[m.rank] = m
    for rank in _NATURALS_HIGH_FIRST:
        count = hand[rank]
        meld = unfinished.get(rank)
        wild_ok = not (sevens_plain and rank is _SEVEN)
        if meld is not None:
            if count:
                out.append((add_to_meld(rank, rank), 1))
            if wild_ok and meld.jokers + meld.twos < MAX_WILDS:
                if jokers:
                    out.append((add_to_meld(rank, _J), 1))
                if twos:
                    out.append((add_to_meld(rank, _T), 1))
        elif count >= MIN_NATURALS:
            if count >= MIN_MELD:
                out.append((start_meld(rank, 3), 3))
            if wild_ok:
                if jokers:
                    out.append((start_meld(rank, 2, 1, 0), 3))
                if twos:
                    out.append((start_meld(rank, 2, 0, 1), 3))
    if rules.wild_melds:
        if _J in unfinished:
            if jokers:
                out.append((add_to_meld(_J, _J), 1))
            if twos:
                out.append((add_to_meld(_J, _T), 1))
        elif jokers + twos >= MIN_MELD:
            for j in range(min(jokers, 3), -1, -1):
                t = 3 - j
                if t <= twos:
                    out.append((start_meld(_J, 0, j, t), 3))
    return out


@functools.lru_cache(maxsize=1 << 16)
def _can_reach(
    hand: Counts,
    melds: tuple[TableMeld, ...],
    mask: int,
    need: int,
    extra: int,
    others_sevens: bool,
    rules: Rules,
) -> bool:
    """Whether meld steps from this position can add ``need`` more card values (R-REQ-4)."""
    # A quick bound: every card that could possibly be melded (a pair needs a wild, 7s may refuse one).
    bound = 0
    open_ranks = {m.rank for m in melds if not m.is_complete}
    wild_use = hand[_J] + hand[_T]
    for rank in NATURAL_KINDS:
        count = hand[rank]
        pair_ok = count == 2 and wild_use and not (rank is _SEVEN and rules.sevens_natural_only)
        if count >= 3 or pair_ok or (count and rank in open_ranks):
            bound += count * _points(rank)
    bound += 50 * hand[_J] + 20 * hand[_T] if wild_use else 0
    if rules.requirement_counts_bonuses:
        bound += 10_000
    if bound < need:
        return False
    for move, _used in _step_candidates(hand, melds, rules):
        step = meld_step(hand, melds, mask, move, rules, others_sevens, extra)
        if len(step) == 2:
            continue
        after, new_melds, gained, new_mask, completed = step
        if rules.requirement_counts_bonuses and completed is not None:
            gained += canasta_bonus(completed, rules)
        # The order in which melds were started does not matter: sort them, so that the cache
        # meets each set of melds once, whatever order the steps came in.
        if gained >= need or _can_reach(
            after,
            tuple(sorted(new_melds, key=_meld_key)),
            new_mask,
            need - gained,
            extra,
            others_sevens,
            rules,
        ):
            return True
    return False


def _meld_key(meld: TableMeld) -> tuple[int, int, int, int]:
    return meld.rank, meld.naturals, meld.jokers, meld.twos


def _others_sevens(state: GameState) -> bool:
    return all(p.canastas & 8 for i, p in enumerate(state.players) if i != state.to_move)


def _requirement_problem(state: GameState, step: Step, pending_extra: int) -> Violation | None:
    """Whether a meld step before the requirement is met leaves it reachable this turn (R-REQ-1, R-REQ-4)."""
    player = state.mover
    if player.opened:
        return None
    after, melds, gained, mask, completed = step
    rules = state.rules
    if rules.requirement_counts_bonuses and completed is not None:
        # rule: R-DEC-11
        gained += canasta_bonus(completed, rules)
    requirement = rules.requirement(player.score)
    have = state.turn_points + gained
    if have >= requirement:
        return None
    # rule: R-REQ-4
    if not _can_reach(after, melds, mask, requirement - have, pending_extra, _others_sevens(state), rules):
        return (
            "R-REQ-4",
            f"you need {requirement} for your first meld of the round; with {have} melded this turn, "
            "the rest of your hand cannot make up the difference",
        )
    return None


def _pending_size(state: GameState) -> int:
    return sum(state.pending) if state.pending is not None else 0


def _discard_problem(state: GameState, card: Kind) -> Violation | None:
    player = state.mover
    # rule: R-REQ-4
    if state.pending is not None or (not player.opened and state.turn_points):
        return (
            "R-REQ-4",
            "you have started your first meld of the round: reach the requirement before discarding",
        )
    # rule: R-TRN-2
    if player.hand[card] < 1:
        return "R-TRN-2", f"you hold no {card} to discard"
    # rule: R-PIL-1
    if card is _SEVEN and not state.sevens_discardable():
        return "R-PIL-1", "7s may not be discarded until every player has a sevens canasta"
    if player.hand_size == 1:
        # rule: R-OUT-1
        if not player.may_go_out:
            return "R-OUT-1", "discarding your last card is going out, which needs a canasta of every kind"
        # rule: R-OUT-2
        if card is _SEVEN:
            return "R-OUT-2", "the final discard may not be a 7"
    return None


def _rest_of_pile(pile: tuple[Kind, ...]) -> int:
    """Cards of the pile below the top that would join a hand (red 3s go down instead)."""
    rest = pile[:-1]
    return len(rest) - rest.count(_R3)


def pickup_melds(
    player: PlayerState, rank: Kind, naturals: int
) -> tuple[tuple[TableMeld, ...], int, CanastaKind | None]:
    """The player's melds, canasta mask and canasta completed once ``naturals`` cards of ``rank`` from a
    pickup are melded: onto their unfinished meld of that rank, or as a new meld (R-PIL-4, R-PIL-5, R-DEC-18).
    """
    existing = player.unfinished_meld(rank)
    if existing is None:
        new = TableMeld(rank, naturals)
        melds = (*player.melds, new)
    else:
        new = TableMeld(rank, existing.naturals + naturals, existing.jokers, existing.twos)
        melds = tuple(new if m is existing else m for m in player.melds)
    completed = new.canasta_kind
    return melds, player.canastas | completed.value if completed is not None else player.canastas, completed


def _take_pile_problem(state: GameState, rank: Kind) -> Violation | None:
    rules = state.rules
    player = state.mover
    # rule: R-PIL-4
    if not state.pile:
        return "R-PIL-4", "the discard pile is empty"
    top = state.pile[-1]
    # rule: R-PIL-3
    if top is _B3:
        return "R-PIL-3", "a black 3 on top stops the pile: nobody may take it this turn"
    # rule: R-PIL-4
    if top is not rank:
        return "R-PIL-4", f"the top card is {top}, not {rank}: the pair must match the top card"
    if not rank.is_natural:
        return "R-PIL-4", "only a natural pair (4 to A) can take the pile"
    # rule: R-DEC-1
    if state.pile_frozen and not rules.frozen_pile_pair_pickup:
        return "R-DEC-1", "the pile is frozen and under these rules a frozen pile cannot be taken"
    # rule: R-PIL-4
    if player.hand[rank] < 2:
        frozen = "the pile is frozen: " if state.pile_frozen else ""
        return "R-PIL-4", f"{frozen}you need two natural {rank}s to take the pile"
    existing = player.unfinished_meld(rank)
    if existing is not None:
        # rule: R-DEC-18
        if not rules.pair_pickup_joins_meld:
            return (
                "R-DEC-18",
                f"you already have an unfinished meld of {rank}; take the top card onto it instead",
            )
        if existing.size + 3 > CANASTA_SIZE:
            return "R-DEC-18", f"your meld of {rank} has {existing.size} cards: three more would pass 7"
    melds, mask, completed = pickup_melds(player, rank, 3)
    after = _minus(player.hand, rank, 2)
    rest = _rest_of_pile(state.pile)
    problem = _floor_problem(
        after, rest, mask, _others_sevens(state) and bool(mask & 8), rules, False, meld=False
    )
    if problem is not None:
        return problem
    if not player.opened:
        gained = 3 * _points(rank)
        if rules.pile_counts_for_requirement:
            # rule: R-DEC-12
            hand = list(after)
            for k in state.pile[:-1]:
                if k is not _R3:
                    hand[k] += 1
            step: Step = (tuple(hand), melds, gained, mask, completed)
            extra = 0
        else:
            step = (after, melds, gained, mask, completed)
            extra = rest
        problem = _requirement_problem(state, step, extra)
        if problem is not None:
            # rule: R-DEC-12
            return "R-DEC-12", problem[1] + " (cards of the pile do not count)" * (
                not rules.pile_counts_for_requirement
            )
    return None


def _take_top_problem(state: GameState) -> Violation | None:
    rules = state.rules
    player = state.mover
    # rule: R-PIL-5
    if not state.pile:
        return "R-PIL-5", "the discard pile is empty"
    top = state.pile[-1]
    # rule: R-PIL-3
    if top is _B3:
        return "R-PIL-3", "a black 3 on top stops the pile: nobody may take it this turn"
    # rule: R-PIL-5
    if state.pile_frozen:
        return "R-PIL-5", "the pile is frozen: only a natural pair matching the top card can take it"
    existing = player.unfinished_meld(top) if top.is_natural else None
    if existing is None:
        return "R-PIL-5", f"you have no unfinished meld of {top} to put the top card on"
    _, mask, _ = pickup_melds(player, top, 1)
    # rule: R-DEC-2
    rest = _rest_of_pile(state.pile) if rules.top_card_pickup_takes_pile else 0
    return _floor_problem(
        player.hand,
        rest,
        mask,
        _others_sevens(state) and bool(mask & 8),
        rules,
        False,
        meld=False,
    )


def why_illegal(state: GameState, move: Move) -> Violation | None:
    """Why ``move`` is illegal in ``state``, as ``(clause, reason)``; ``None`` when it is legal.

    Never raises for a :class:`Move`, and never changes the state.
    """
    # rule: R-GAM-1
    if state.phase is Phase.GAME_OVER:
        return "R-GAM-1", "the game is over"
    given: object = move
    if not isinstance(given, Move):
        return "R-TRN-2", f"{given!r} is not a move"
    expected = _PHASE_OF[type(move)]
    # rule: R-TRN-2
    if expected is not state.phase:
        return "R-TRN-2", f"it is the {state.phase.value} phase, not the {expected.value} phase"
    if isinstance(move, _ALWAYS_LEGAL):
        return None
    if isinstance(move, TakePile):
        return _take_pile_problem(state, move.rank)
    if isinstance(move, TakeTop):
        return _take_top_problem(state)
    if isinstance(move, Discard):
        return _discard_problem(state, move.card)
    if isinstance(move, EndRound):
        player = state.mover
        # rule: R-REQ-4
        if state.pending is not None or (not player.opened and state.turn_points):
            return "R-REQ-4", "you have started your first meld of the round: reach the requirement first"
        # rule: R-END-3
        for kind in range(KIND_COUNT):
            if player.hand[kind] and _discard_problem(state, Kind(kind)) is None:
                return "R-END-3", f"you can still discard (e.g. {Kind(kind)}): the round goes on"
        return None
    assert isinstance(move, StartMeld | AddToMeld)
    player = state.mover
    # rule: R-MLD-6
    step = meld_step(
        player.hand,
        player.melds,
        player.canastas,
        move,
        state.rules,
        _others_sevens(state),
        _pending_size(state),
    )
    if len(step) == 2:
        if step[0] == "R-TRN-4" and state.pending is not None:
            held = tuple(a + b for a, b in zip(player.hand, state.pending, strict=True))
            again = meld_step(held, player.melds, player.canastas, move, state.rules, False, 0)
            if len(again) != 2 or again[0] != "R-TRN-4":
                # rule: R-DEC-12
                return "R-DEC-12", "cards of the pile taken before the requirement wait until it is met"
        return step
    return _requirement_problem(state, step, _pending_size(state))


def is_legal(state: GameState, move: Move) -> bool:
    """Whether ``move`` is legal in ``state``."""
    return move in legal_moves(state)


def _meld_phase_moves(state: GameState) -> list[Move]:
    """The legal moves of the meld phase, fast where a step is plainly safe, else by the validator."""
    player = state.mover
    hand = player.hand
    rules = state.rules
    out: list[Move] = []
    discards = False
    if state.pending is None and (player.opened or not state.turn_points):
        sevens_ok = state.sevens_discardable()
        last = sum(hand) == 1
        for k in range(KIND_COUNT - 1, -1, -1):
            if (
                hand[k]
                and (k != _SEVEN or sevens_ok)
                and not (last and (not player.may_go_out or k == _SEVEN))
            ):
                out.append(discard(_KINDS[k]))
                discards = True
        if not discards:
            out.append(END_ROUND)
    total = sum(hand)
    plain = player.opened and state.pending is None and rules.allow_hand_of_sevens
    for move, used in _step_candidates(hand, player.melds, rules):
        if (plain and total - used >= 2) or why_illegal(state, move) is None:
            out.append(move)
    b3 = hand[_B3]
    if b3 >= MIN_MELD and player.may_go_out:
        for move in (start_meld(_B3, b3), start_meld(_B3, b3 - 1)):
            if why_illegal(state, move) is None:
                out.append(move)
    return out


def _candidates(state: GameState) -> list[Move]:
    phase = state.phase
    if phase is Phase.DRAW:
        out: list[Move] = [DRAW]
        top = state.top
        if top is not None and top >= _FOUR:
            player = state.mover
            # Cheap necessary conditions first; the validator decides.
            if player.hand[top] >= 2 and _take_pile_problem(state, top) is None:
                out.append(take_pile(top))
            if not state.pile_frozen and player.melds and _take_top_problem(state) is None:
                out.append(TAKE_TOP)
        return out
    if phase is Phase.MELD:
        return _meld_phase_moves(state)
    if phase is Phase.KITTY:
        return [END_TURN, TAKE_KITTY]
    if phase is Phase.ROUND_OVER:
        return [NEXT_ROUND]
    return []


def legal_moves(state: GameState | PlayerView) -> Sequence[Move]:
    """Every legal move in ``state``, each once, in a fixed order (simplest first).

    The result is a tuple: count it with ``len``, iterate it, test ``move in``
    it. ``state`` may also be the view of the player to move
    (:func:`~railroad_canasta.view`): the moves are the same.
    """
    if not isinstance(state, GameState):
        from railroad_canasta.variants.railroad.views import legal_moves_of_view

        return legal_moves_of_view(state)
    global _LAST
    last = _LAST
    # The memo holds the last state asked about, so its identity cannot be reused by another object:
    # a state changed by ``attrs.evolve`` or ``replace`` is a new object and misses.
    if last[0] is state:
        return last[1]
    moves = tuple(_candidates(state))
    _LAST = (state, moves)
    return moves


#: The last state whose moves were listed, and its moves (``apply`` right after ``legal_moves`` reuses them).
_LAST: tuple[object, tuple[Move, ...]] = (None, ())
