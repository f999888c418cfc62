"""Meld steps: the guard tables of one ``meld`` or ``add`` from a hand onto a player's melds.

A meld step is judged on a small :class:`StepContext` (hand, melds, canastas, the move, the rules) rather
than on a whole state, so the requirement search (:mod:`~railroad_canasta.variants.railroad.requirement`)
can try steps on hands that are not yet anybody's. :func:`step_table` picks the table of a move;
:func:`meld_step` evaluates it and answers the broken rule or the :class:`Step` it makes. The floor guards
(:data:`FLOOR_GUARDS`, how many cards a player must keep) serve the pickups too.
"""

from __future__ import annotations

from typing import NamedTuple

from railroad_canasta.core.cards import JOKER_POINTS, KIND_POINTS, TWO_POINTS, Counts, Kind
from railroad_canasta.core.guards import Guard, GuardTable, Violation, first_violation
from railroad_canasta.core.moves import AddToMeld, StartMeld
from railroad_canasta.variants.railroad.floor import FLOOR_GUARDS, cards_to_keep
from railroad_canasta.variants.railroad.rules import (
    ALL_CANASTAS,
    CANASTA_SIZE,
    MAX_WILDS,
    MIN_MELD,
    MIN_NATURALS,
    NO_KITTY,
    SEVENS_CANASTA,
    CanastaKind,
    Rules,
    TableMeld,
    canasta_kind_of,
    kitty_after,
    table_meld,
)

__all__ = ["Step", "StepContext", "meld_step", "step_result", "step_table"]

_J = Kind.JOKER
_T = Kind.TWO
_SEVEN = Kind.SEVEN
_B3 = Kind.BLACK_THREE


class Step(NamedTuple):
    """What a meld step (or a pickup's meld) makes: the new hand, melds and canastas."""

    hand: Counts
    melds: tuple[TableMeld, ...]
    #: Card values melded by the step (R-REQ-1).
    gained: int
    #: The canasta mask after the step.
    mask: int
    #: The canasta the step completed, if any.
    completed: CanastaKind | None


_new_tuple = tuple.__new__


def _rank_name(rank: Kind) -> str:
    return "wild cards" if rank is _J else str(rank)


# ------------------------------------------------------------------------------------------- floor


# -------------------------------------------------------------------------------------- the context


class StepContext:
    """One meld step judged on a hand: what its guards read, the step computed once when first needed.

    ``others_sevens``: every other player has a sevens canasta; ``extra``: cards that will join the hand
    this turn (a pile held for the requirement, R-DEC-12); ``pending``: those cards by kind.
    """

    __slots__ = (
        "_step",
        "extra",
        "hand",
        "kitty",
        "mask",
        "melds",
        "move",
        "others_sevens",
        "pending",
        "rules",
        "sevens_only_before",
    )

    def __init__(
        self,
        hand: Counts,
        melds: tuple[TableMeld, ...],
        mask: int,
        move: StartMeld | AddToMeld,
        rules: Rules,
        others_sevens: bool,
        extra: int,
        pending: Counts | None = None,
        kitty: int = NO_KITTY,
    ) -> None:
        self.hand = hand
        #: Whether the kitty can follow this turn's discard before the step (a kitty code, R-DEC-19).
        self.kitty = kitty
        self.melds = melds
        self.mask = mask
        self.move = move
        self.rules = rules
        self.others_sevens = others_sevens
        self.extra = extra
        self.pending = pending
        self._step: Step | None = None
        card = move.rank if isinstance(move, StartMeld) else move.card
        self.sevens_only_before = (
            card is _SEVEN and not (others_sevens and mask & SEVENS_CANASTA) and sum(hand) == hand[_SEVEN]
        )

    @property
    def step(self) -> Step:
        """The step's outcome (valid once the guards on the cards held have passed)."""
        step = self._step
        if step is None:
            step = self._step = step_result(self.hand, self.melds, self.mask, self.move)
        return step

    @property
    def after(self) -> Counts:
        step = self._step
        return (step if step is not None else self.step).hand

    @property
    def new_mask(self) -> int:
        step = self._step
        return (step if step is not None else self.step).mask

    @property
    def sevens_ok_after(self) -> bool:
        return self.others_sevens and bool(self.step.mask & SEVENS_CANASTA)

    @property
    def is_meld(self) -> bool:
        return True

    @property
    def kitty_after(self) -> int:
        return kitty_after(self.kitty, self.step.completed) if self.kitty else NO_KITTY

    @property
    def current(self) -> TableMeld | None:
        """The unfinished meld an ``add`` goes to."""
        rank = self.move.rank
        if rank is _B3:
            return None
        for m in self.melds:
            if m.rank is rank and not m.is_complete:
                return m
        return None


# ------------------------------------------------------------------------------ guards of any step


def _needs(c: StepContext) -> tuple[tuple[Kind, int], ...]:
    """The cards the step takes from the hand, by kind."""
    move = c.move
    if isinstance(move, AddToMeld):
        return ((move.card, 1),)
    need = [(_J, move.jokers), (_T, move.twos)]
    if move.rank is not _J:
        need.insert(0, (move.rank, move.naturals))
    return tuple((k, n) for k, n in need if n)


def _pile_not_used_early(c: StepContext) -> str | None:
    pending = c.pending
    if pending is None:
        return None
    needs = _needs(c)
    if any(c.hand[k] < n for k, n in needs) and all(c.hand[k] + pending[k] >= n for k, n in needs):
        return "cards of the pile taken before the requirement wait until it is met"
    return None


def _no_unfinished_twin(c: StepContext) -> str | None:
    rank = c.move.rank
    for m in c.melds:
        if m.rank is rank and not m.is_complete:
            return f"you already have an unfinished meld of {_rank_name(rank)}"
    return None


def _holds(kind: Kind, count: int, hand: Counts) -> str | None:
    if hand[kind] >= count:
        return None
    if kind is _J:
        return f"you hold only {hand[_J]} jokers"
    if kind is _T:
        return f"you hold only {hand[_T]} 2s"
    if kind is _B3:
        return f"you hold only {hand[_B3]} black 3s"
    return f"you hold only {hand[kind]} of {kind}"


_PILE_WAITS = Guard(
    "R-DEC-12", "cards of a pile held for the requirement are not melded", _pile_not_used_early
)
_NO_TWIN = Guard("R-MLD-3", "the player has no unfinished meld of the rank", _no_unfinished_twin)


# --------------------------------------------------------------------------------------- meld ...


def _start(c: StepContext) -> StartMeld:
    move = c.move
    assert isinstance(move, StartMeld)
    return move


def _not_negative(c: StepContext) -> str | None:
    m = _start(c)
    return "a meld cannot take a negative number of cards" if min(m.naturals, m.jokers, m.twos) < 0 else None


def _holds_naturals(c: StepContext) -> str | None:
    m = _start(c)
    return _holds(m.rank, m.naturals, c.hand)


def _holds_jokers(c: StepContext) -> str | None:
    return _holds(_J, _start(c).jokers, c.hand)


def _holds_twos(c: StepContext) -> str | None:
    return _holds(_T, _start(c).twos, c.hand)


_NOT_NEGATIVE = Guard("R-TRN-4", "a meld takes no negative number of cards", _not_negative)
_HOLDS_JOKERS = Guard("R-TRN-4", "the player holds the jokers", _holds_jokers)
_HOLDS_TWOS = Guard("R-TRN-4", "the player holds the 2s", _holds_twos)


def _three_cards(c: StepContext) -> str | None:
    m = _start(c)
    return (
        None
        if m.naturals + m.jokers + m.twos == MIN_MELD
        else "a meld starts with exactly 3 cards; add more one at a time"
    )


def _two_naturals(c: StepContext) -> str | None:
    return None if _start(c).naturals >= MIN_NATURALS else "a meld needs at least 2 natural cards"


def _plain_sevens(c: StepContext) -> str | None:
    m = _start(c)
    if m.rank is _SEVEN and (m.jokers or m.twos) and c.rules.sevens_natural_only:
        return "a meld of 7s takes no wild cards"
    return None


#: Starting a meld of a natural rank (4 to A).
NATURAL_MELD: GuardTable[StepContext] = (
    _NOT_NEGATIVE,
    Guard("R-TRN-4", "a meld starts with exactly 3 cards", _three_cards),
    Guard("R-MLD-4", "a meld has at least 2 natural cards", _two_naturals),
    Guard("R-DEC-8", "a meld of 7s takes no wild cards (under these rules)", _plain_sevens),
    _PILE_WAITS,
    Guard("R-TRN-4", "the player holds the natural cards", _holds_naturals),
    _HOLDS_JOKERS,
    _HOLDS_TWOS,
    _NO_TWIN,
    *FLOOR_GUARDS,
)


def _wilds_only(c: StepContext) -> str | None:
    return "a wild meld holds only wild cards" if _start(c).naturals else None


def _wild_meld_size(c: StepContext) -> str | None:
    m = _start(c)
    if c.rules.wild_melds:
        if m.jokers + m.twos != MIN_MELD:
            return "a wild meld starts with exactly 3 wild cards and no natural card"
    elif m.jokers + m.twos != CANASTA_SIZE:
        return "under these rules the wild canasta is put down whole: seven wild cards at once"
    return None


#: Starting a meld of wild cards.
WILD_MELD: GuardTable[StepContext] = (
    _NOT_NEGATIVE,
    Guard("R-DEC-9", "a wild meld holds only wild cards", _wilds_only),
    Guard("R-DEC-9", "a wild meld starts with 3 wild cards (under these rules: 7 at once)", _wild_meld_size),
    _PILE_WAITS,
    _HOLDS_JOKERS,
    _HOLDS_TWOS,
    _NO_TWIN,
    *FLOOR_GUARDS,
)


def _going_out(c: StepContext) -> str | None:
    if c.mask == ALL_CANASTAS:
        return None
    return "black 3s are melded only when going out, with a canasta of every kind"


def _no_wild_threes(c: StepContext) -> str | None:
    m = _start(c)
    return "a meld of black 3s takes no wild cards" if m.jokers or m.twos else None


def _some_black_threes(c: StepContext) -> str | None:
    return None if _start(c).naturals >= 1 else "a meld of black 3s takes at least one black 3"


def _three_black_threes(c: StepContext) -> str | None:
    enough = _start(c).naturals >= MIN_MELD or not c.rules.black_three_meld_needs_three
    return None if enough else "a meld of black 3s needs at least 3 of them"


def _last_meld(c: StepContext) -> str | None:
    remaining = sum(c.hand) - _start(c).naturals
    need_left = cards_to_keep(True, c.rules.going_out_requires_discard, True, False)
    if remaining > 1 or remaining < need_left:
        return "black 3s are melded only as the last meld: exactly one card must remain to discard"
    return None


def _final_card_not_seven(c: StepContext) -> str | None:
    remaining = sum(c.hand) - _start(c).naturals
    if remaining == 1 and c.hand[_SEVEN] == 1:
        return "the card left to discard would be a 7, which may not be the final discard"
    return None


#: The black-3 meld of a player going out.
BLACK_THREE_MELD: GuardTable[StepContext] = (
    _NOT_NEGATIVE,
    Guard("R-MLD-5", "black 3s are melded by a player with a canasta of every kind", _going_out),
    Guard("R-MLD-5", "a meld of black 3s takes no wild cards", _no_wild_threes),
    Guard("R-MLD-5", "a meld of black 3s has at least one card", _some_black_threes),
    Guard("R-DEC-21", "a meld of black 3s has at least 3 cards (under these rules)", _three_black_threes),
    _PILE_WAITS,
    Guard("R-TRN-4", "the player holds the black 3s", _holds_naturals),
    Guard("R-MLD-5", "the black-3 meld is the last: one card remains to discard", _last_meld),
    Guard("R-OUT-2", "the card left for the final discard is not a 7", _final_card_not_seven),
)


def _meldable(c: StepContext) -> str | None:
    return f"there is no meld of {c.move.rank}: red 3s are never melded"


#: A meld of a kind that is never melded (red 3s, 2s as a rank).
NO_MELD: GuardTable[StepContext] = (
    _NOT_NEGATIVE,
    Guard("R-CRD-5", "the rank can be melded", _meldable),
)


# ---------------------------------------------------------------------------------------- add ...


def _add(c: StepContext) -> AddToMeld:
    move = c.move
    assert isinstance(move, AddToMeld)
    return move


def _not_complete(c: StepContext) -> str | None:
    rank = c.move.rank
    if c.current is None and rank is not _B3 and any(m.rank is rank for m in c.melds):
        return f"your meld of {_rank_name(rank)} is complete: it takes no more cards"
    return None


def _has_unfinished(c: StepContext) -> str | None:
    if c.current is None:
        return f"you have no unfinished meld of {_rank_name(c.move.rank)} to add to"
    return None


def _holds_card(c: StepContext) -> str | None:
    card = _add(c).card
    return None if c.hand[card] >= 1 else f"you hold no {card}"


def _wild_into_sevens(c: StepContext) -> str | None:
    m = _add(c)
    if m.card.is_wild and m.rank is _SEVEN and c.rules.sevens_natural_only:
        return "a meld of 7s takes no wild cards"
    return None


def _wild_limit(c: StepContext) -> str | None:
    m = _add(c)
    current = c.current
    if m.card.is_wild and m.rank is not _J and current is not None and current.wilds >= MAX_WILDS:
        return "a meld holds at most 3 wild cards"
    return None


def _wild_meld_wild(c: StepContext) -> str | None:
    m = _add(c)
    return "a wild meld holds only wild cards" if m.rank is _J and not m.card.is_wild else None


def _same_rank(c: StepContext) -> str | None:
    m = _add(c)
    if m.card.is_wild or m.rank is _J or m.card is m.rank:
        return None
    return f"a meld of {m.rank} takes only {m.rank}s and wild cards"


#: Adding one card to an unfinished meld.
ADD: GuardTable[StepContext] = (
    Guard("R-MLD-2", "a complete meld (a canasta) takes no more cards", _not_complete),
    Guard("R-MLD-1", "the player has an unfinished meld of the rank", _has_unfinished),
    _PILE_WAITS,
    Guard("R-TRN-4", "the player holds the card", _holds_card),
    Guard("R-DEC-8", "a meld of 7s takes no wild cards (under these rules)", _wild_into_sevens),
    Guard("R-MLD-4", "a meld holds at most 3 wild cards", _wild_limit),
    Guard("R-DEC-9", "a wild meld holds only wild cards", _wild_meld_wild),
    Guard("R-MLD-1", "a meld takes cards of its rank and wild cards", _same_rank),
    *FLOOR_GUARDS,
)


def step_table(move: StartMeld | AddToMeld) -> GuardTable[StepContext]:
    """The guard table that judges ``move``."""
    if isinstance(move, AddToMeld):
        return ADD
    rank = move.rank
    if rank is _B3:
        return BLACK_THREE_MELD
    if rank is _J:
        return WILD_MELD
    return NATURAL_MELD if rank.is_natural else NO_MELD


def meld_step(context: StepContext) -> Violation | Step:
    """The first rule the step breaks, or the step it makes (the requirement is not checked here)."""
    problem = first_violation(step_table(context.move), context)
    return problem if problem is not None else context.step


# ------------------------------------------------------------------------------------- computation


def step_result(hand: Counts, melds: tuple[TableMeld, ...], mask: int, move: StartMeld | AddToMeld) -> Step:
    """The outcome of a meld step whose guards hold: hand, melds, values melded, canastas.

    pre: len(hand) == 15 and all(n >= 0 for n in hand)
    pre: all(min(m.naturals, m.jokers, m.twos) >= 0 for m in melds)
    pre: isinstance(move, StartMeld) or any(m.rank is move.rank and m.size < 7 for m in melds)
    pre: isinstance(move, AddToMeld) or move.rank is not Kind.JOKER or move.naturals == 0
    post: sum(hand) - sum(__return__.hand) == move.card_count
    post: sum(m.size for m in __return__.melds) - sum(m.size for m in melds) == move.card_count
    post: __return__.mask & mask == mask
    post: __return__.completed is None or __return__.mask & __return__.completed
    post: __return__.gained >= 0
    """
    left = list(hand)
    if isinstance(move, StartMeld):
        rank, n, j, t = move.rank, move.naturals, move.jokers, move.twos
        if rank is not _J:
            left[rank] -= n
        left[_J] -= j
        left[_T] -= t
        new = table_meld(rank, n, j, t)
        size = n + j + t
        melds = (*melds, new)
    else:
        rank, card = move.rank, move.card
        index = 0
        for m in melds:
            if m.rank is rank and m.naturals + m.jokers + m.twos < CANASTA_SIZE:
                break
            index += 1
        left[card] -= 1
        n, j, t = (0, 1, 0) if card is _J else (0, 0, 1) if card is _T else (1, 0, 0)
        old = melds[index]
        new = table_meld(rank, old.naturals + n, old.jokers + j, old.twos + t)
        size = old.naturals + old.jokers + old.twos + 1
        changed = list(melds)  # (a list and one tuple: half the cost of two slices and unpacking)
        changed[index] = new
        melds = tuple(changed)
    # (Short of 7 cards no meld is a canasta: ``canasta_kind_of`` is asked only from 7 on.)
    completed = canasta_kind_of(new) if size >= CANASTA_SIZE else None
    new_mask = mask | completed.value if completed is not None else mask
    gained = n * KIND_POINTS[rank] + JOKER_POINTS * j + TWO_POINTS * t
    # (tuple.__new__ directly: a NamedTuple's own __new__ is a Python function)
    return _new_tuple(Step, (tuple(left), melds, gained, new_mask, completed))
