"""The first look at a position before the requirement is met (R-REQ-4): a bound and one plain plan.

:func:`first_look` answers, in one pass over the ranks, a bound on the value meld steps could add and the
value of one plain plan with a good ending; :func:`~railroad_canasta.variants.railroad.requirement.can_reach`
asks it first. :func:`plain_plan` also answers, for the move generator, which candidate steps that one look
decides: those the plan (or a variant of it) can begin with, which keep the need within reach, and those
whose own bound falls short of it. The lemma of good endings and the exactness of ``can_reach`` are in
:mod:`~railroad_canasta.variants.railroad.requirement`.
"""

from __future__ import annotations

from railroad_canasta.core.cards import (
    JOKER_POINTS,
    KIND_COUNT,
    KIND_POINTS,
    LOWEST_NATURAL,
    NATURAL_KINDS,
    TWO_POINTS,
    Counts,
    Kind,
)
from railroad_canasta.core.moves import AddToMeld, StartMeld, add_to_meld, start_meld
from railroad_canasta.variants.railroad.rules import (
    CANASTA_SIZE,
    MAX_WILDS,
    MIN_MELD,
    MIN_NATURALS,
    Rules,
    TableMeld,
)
from railroad_canasta.variants.railroad.switches import SWITCHES

__all__ = ["PLAN_STEP_BITS", "first_answer", "first_look", "plain_plan"]

_J = Kind.JOKER
_T = Kind.TWO
_SEVEN = Kind.SEVEN
_LOWEST_NATURAL = LOWEST_NATURAL


def first_answer(
    hand: Counts, melds: tuple[TableMeld, ...], need: int, extra: int, rules: Rules
) -> bool | None:
    """Whether meld steps can add ``need`` more card values, as far as :func:`first_look` alone decides:
    ``False`` when its bound falls short, ``True`` when its plain plan meets the need, else ``None`` (the
    exact search of :func:`~railroad_canasta.variants.railroad.requirement.can_reach` decides)."""
    bound, plain = first_look(hand, melds, extra, rules)
    if bound < need:
        return False
    return True if plain >= need else None


def first_look(
    hand: Counts,
    melds: tuple[TableMeld, ...],
    extra: int,
    rules: Rules,
    steps: list[int] | None = None,
    need: int = 0,
) -> tuple[int, int]:
    """A bound on what can be melded, and the value of one plain plan with a good ending (or -1), in one pass.

    The bound counts every card that could possibly be melded (a pair needs a wild card, and 7s may refuse
    one; bonuses count as 10,000). The plan melds every natural rank it can without wild cards (the
    unfinished meld extended, a canasta and a new meld after it), then a pair of each rank with one wild
    card, best first, then the other wild cards into the unfinished melds it made, at most 3 to a meld and
    never past 7 cards; short of a good ending it keeps back its cheapest spare cards, then the wild cards it
    adds, then the pairs it melds. Its steps are well
    formed by construction, and the lemma of good endings lets them pass the floor guards in any order.

    Given ``steps``, appends to it the steps known to keep ``need`` within reach and those known to lose it,
    as bits (see :func:`plain_plan`).
    """
    plain_sevens = rules.sevens_natural_only
    unfinished = [-1] * KIND_COUNT  # wild cards of the unfinished meld of each natural rank, -1 for none
    sizes = [0] * KIND_COUNT
    for m in melds:
        size = m.naturals + m.jokers + m.twos
        if size < CANASTA_SIZE and m.rank >= _LOWEST_NATURAL:
            unfinished[m.rank] = m.jokers + m.twos
            sizes[m.rank] = size
    wild_held = hand[_J] + hand[_T]
    bound = value = room = 0
    kept = sum(hand)
    kept_sevens = hand[_SEVEN]
    pairs: list[Kind] = []
    spare: list[tuple[Kind, int]] = []  # natural cards the plan may keep back, its melds still well formed
    # Given ``steps``: the steps of natural cards the plan begins with (bits), and the ranks (units) of the
    # melds it leaves unfinished with room for a wild card, of those it starts with three naturals (which a
    # pair and a wild card may start too), and of those it keeps short of 7.
    known = wild_adds = threes = short_starts = 0
    for rank in NATURAL_KINDS:
        count = hand[rank]
        wilds = unfinished[rank]
        if wilds < 0 and count < MIN_NATURALS:
            continue
        wild_ok = not plain_sevens or rank is not _SEVEN
        if wilds >= 0:
            space = CANASTA_SIZE - sizes[rank]
            if count < space:
                melded = count
                if wild_ok:
                    room += space - count if space - count < MAX_WILDS - wilds else MAX_WILDS - wilds
                    if steps is not None and wilds < MAX_WILDS:
                        wild_adds |= _UNIT[rank]
                spare.append((rank, count))
            elif count - space >= MIN_MELD:
                more = count - space if count - space < CANASTA_SIZE else CANASTA_SIZE - 1
                melded = space + more
                if wild_ok:
                    room += CANASTA_SIZE - more if more > CANASTA_SIZE - MAX_WILDS else MAX_WILDS
                spare.append((rank, more - MIN_MELD))
            else:
                melded = space
                spare.append((rank, space))
            if steps is not None and count:
                known |= _UNIT[rank] << _ADD_SELF
        elif count >= MIN_MELD:
            melded = count if count <= CANASTA_SIZE else CANASTA_SIZE
            if count - CANASTA_SIZE >= MIN_MELD:
                melded += count - CANASTA_SIZE if count < 2 * CANASTA_SIZE else CANASTA_SIZE - 1
            last = (melded - 1) % CANASTA_SIZE + 1  # the size of the plan's last meld of the rank
            if last != CANASTA_SIZE and wild_ok:
                room += CANASTA_SIZE - last if last > CANASTA_SIZE - MAX_WILDS else MAX_WILDS
            spare.append((rank, last - MIN_MELD))
            if steps is not None:
                known |= _UNIT[rank] << _START_THREE
                if wild_ok:
                    threes |= _UNIT[rank]
                    if count < CANASTA_SIZE:
                        short_starts |= _UNIT[rank]
        else:
            if wild_ok and wild_held:
                bound += count * KIND_POINTS[rank]
                pairs.append(rank)
            continue
        points = KIND_POINTS[rank]
        bound += count * points
        value += melded * points
        kept -= melded
        if rank is _SEVEN:
            kept_sevens -= melded
    if wild_held:
        bound += JOKER_POINTS * hand[_J] + TWO_POINTS * hand[_T]
    if rules.requirement_counts_bonuses:
        bound += 10_000
    if steps is not None:
        steps.append(_refused(bound, need, pairs, threes) if wild_held == 1 else 0)
    wild_left = wild_held
    if pairs:
        pairs.sort(key=KIND_POINTS.__getitem__, reverse=True)
        for pair in pairs[:wild_left]:
            value += MIN_NATURALS * KIND_POINTS[pair]
            kept -= MIN_MELD  # the pair and its wild card
            if pair is _SEVEN:
                kept_sevens -= MIN_NATURALS
            room += MAX_WILDS - 1
            wild_left -= 1
    added = room if room < wild_left else wild_left
    if not _good_ending(kept - added, kept_sevens, extra):
        steps = None  # (no step is known: the plan keeps cards back)
        # Keep back the cheapest spare natural cards, those not 7s first, then wild cards, then the pairs
        # melded with one, cheapest first: fewer cards in a meld, or in the last meld of a rank, leave it well
        # formed, and a pair kept leaves no meld.
        backs = sorted(
            (k for k, n in spare for _ in range(n)), key=lambda k: (k is _SEVEN, KIND_POINTS[k]), reverse=True
        )
        while not _good_ending(kept - added, kept_sevens, extra):
            if backs:
                back = backs.pop()
                kept += 1
                value -= KIND_POINTS[back]
                kept_sevens += back is _SEVEN
            elif added:
                added -= 1
            elif wild_left < wild_held:  # the cheapest pair melded, kept with its wild card
                pair = pairs[wild_held - wild_left - 1]
                wild_left += 1
                kept += MIN_MELD
                value -= MIN_NATURALS * KIND_POINTS[pair]
                if pair is _SEVEN:
                    kept_sevens += MIN_NATURALS
            else:
                return bound, -1
    used = wild_held - wild_left + added
    jokers = hand[_J] if hand[_J] < used else used
    value += JOKER_POINTS * jokers + TWO_POINTS * (used - jokers)
    if steps is not None and value >= need:
        if used:
            twos, wild_melds = used - jokers, rules.wild_melds
            known = _known(
                known, pairs, wild_held, wild_adds, short_starts, added, jokers, twos, value, need, wild_melds
            )
        steps.append(known)
    return bound, value


def _good_ending(kept: int, sevens: int, extra: int) -> bool:
    """Two cards or more kept (counting a held pile), one of them not a 7 (see the lemma)."""
    return kept + extra >= 2 and (extra > 0 or sevens < kept)


# ------------------------------------------------------------------------------- steps as bits

# A step of a natural rank is one of 6 bits from the rank's unit: adding a natural card, a joker, a 2;
# starting a meld with three naturals, with a pair and a joker, with a pair and a 2. The field of rank 0
# holds the additions of a joker and of a 2 to the wild meld (bits 1 and 2), that of rank 1 the starts of
# a wild meld of 3 cards with 0 to 3 jokers (bits 0 to 3).
_ADD_SELF, _ADD_JOKER, _ADD_TWO, _START_THREE, _START_JOKER, _START_TWO = range(6)
_UNIT = tuple(1 << 6 * rank for rank in range(KIND_COUNT))
_ADDS = 1 << _ADD_JOKER | 1 << _ADD_TWO
_STARTS = 1 << _START_JOKER | 1 << _START_TWO


def _refused(bound: int, need: int, pairs: list[Kind], threes: int) -> int:
    """With one wild card held, the starts with it whose own bound falls short of ``need`` (bits).

    Such a step melds the wild card and a pair (or two cards of a rank held three times or more, starting
    it); after it, the bound no longer counts the other pairs, which need a wild card. So the step's value
    plus the bound after it is the bound before it less the other pairs' values: where that is short of the
    need, ``can_reach`` after the step refuses at its first check (and the step gains less than the need).
    """
    units = 0
    if pairs:
        left = bound - need  # what may be lost
        for rank in pairs:
            left -= MIN_NATURALS * KIND_POINTS[rank]
        if left < 0:
            units = threes
            for rank in pairs:
                if left + MIN_NATURALS * KIND_POINTS[rank] < 0:
                    units |= _UNIT[rank]
    elif bound < need:
        units = threes
    return units * _STARTS


# The step bits of the kinds of wild card a plan uses (by 1 for jokers + 2 for 2s), of rank 0.
_WILD_USED = (0, 1 << _ADD_JOKER | 1 << _START_JOKER, 1 << _ADD_TWO | 1 << _START_TWO, _ADDS | _STARTS)
# The starts of a wild meld of 3 cards with at most j jokers and t 2s (bits), by j and t up to 3.
_WILD_MELD_STARTS = tuple(
    tuple(
        sum(_UNIT[_T] << jokers for jokers in range(MIN_MELD + 1) if jokers <= j and MIN_MELD - jokers <= t)
        for t in range(MIN_MELD + 1)
    )
    for j in range(MIN_MELD + 1)
)


def _known(
    known: int,
    pairs: list[Kind],
    wild_held: int,
    wild_adds: int,
    short_starts: int,
    added: int,
    jokers: int,
    twos: int,
    value: int,
    need: int,
    wild_melds: bool,
) -> int:
    """The steps (bits) a plan worth ``value >= need``, or a variant still worth ``need``, begins with.

    ``known``: the plan's steps of natural cards; ``pairs``: best first, the first ``wild_held`` melded.
    The plan's wild cards (``jokers`` jokers and ``twos`` 2s, some) may go to any of its slots for them, so
    any kind it uses may come first in any slot: a pair it melds, or a meld it leaves unfinished with room
    (``wild_adds``) once it adds some (``added``). Variants, each keeping the cards the plan keeps or more
    (so its good ending, which gains no 7s): the wild card of the cheapest pair melded moved into a meld of
    ``wild_adds`` or ``short_starts`` (a start of a pair and the wild card, the rank's other naturals added
    after; that pair kept: a loss of its two naturals); a pair left put down in place of the cheapest (a
    loss of the difference; not where the cheapest is of 7s, which the hand would keep); three wild cards
    it adds put down as a wild meld instead, the cheapest pairs melded dropped for want of them (a loss of
    their naturals), or one added to the wild meld (R-DEC-9). A rank's unit times a kind's bits sets that
    kind's bits of the rank.
    """
    wild_used = _WILD_USED[(jokers > 0) + 2 * (twos > 0)]
    starts = 0  # the ranks (units) of the pairs melded, or that may be
    cheapest = None
    chosen = pairs[:wild_held]
    if chosen:
        for rank in chosen:
            starts |= _UNIT[rank]
        cheapest = chosen[-1]
        if cheapest is not _SEVEN and len(pairs) > wild_held:
            least = value - need - MIN_NATURALS * KIND_POINTS[cheapest]  # what the lost pair may be worth
            for rank in pairs[wild_held:]:
                if MIN_NATURALS * KIND_POINTS[rank] + least >= 0:
                    starts |= _UNIT[rank]
    if added or (cheapest is not None and value - MIN_NATURALS * KIND_POINTS[cheapest] >= need):
        known |= wild_adds * (wild_used & _ADDS)
        starts |= short_starts
        if wild_melds:
            known |= wild_used & _ADDS  # onto the wild meld
    if wild_melds:
        short = MIN_MELD - added  # the pairs to drop for a wild meld, cheapest first
        if short <= 0 or (
            short <= len(chosen)
            and value - sum(MIN_NATURALS * KIND_POINTS[rank] for rank in chosen[-short:]) >= need
        ):
            known |= _WILD_MELD_STARTS[min(jokers, MIN_MELD)][min(twos, MIN_MELD)]
    return known | starts * (wild_used & _STARTS) if starts else known


def _step_bits() -> tuple[tuple[StartMeld | AddToMeld, ...], dict[int, int]]:
    moves: list[StartMeld | AddToMeld] = [add_to_meld(_J, _J), add_to_meld(_J, _T)]
    bits = {id(moves[0]): 1 << _ADD_JOKER, id(moves[1]): 1 << _ADD_TWO}
    for jokers in range(MIN_MELD + 1):
        wild = start_meld(_J, 0, jokers, MIN_MELD - jokers)
        moves.append(wild)
        bits[id(wild)] = _UNIT[_T] << jokers
    for rank in NATURAL_KINDS:
        steps: tuple[StartMeld | AddToMeld, ...] = (
            add_to_meld(rank, rank),
            add_to_meld(rank, _J),
            add_to_meld(rank, _T),
            start_meld(rank, 3),
            start_meld(rank, 2, 1, 0),
            start_meld(rank, 2, 0, 1),
        )
        for step, move in enumerate(steps):
            moves.append(move)
            bits[id(move)] = _UNIT[rank] << step
    return tuple(moves), bits


#: The bit of each shared step move that :func:`plain_plan` may decide, by the move's identity (the moves
#: are held here, so that no identity is reused).
_PLAN_MOVES, PLAN_STEP_BITS = _step_bits()


#: The steps of a player not yet opened judged from one look at the hand (called by the meld phase's fast
#: path only, which is off whenever this is).
PLAIN_PLAN_FAST = SWITCHES.declare("railroad.plan.plain_plan", "R-REQ-4", "R-DEC-12", "R-DEC-20")


def plain_plan(
    hand: Counts, melds: tuple[TableMeld, ...], extra: int, rules: Rules, need: int
) -> tuple[int, int, int]:
    """The bound of :func:`first_look`, and as bits the steps known to keep ``need`` in reach or to lose it.

    A step is known (``known & PLAN_STEP_BITS[id(move)]``) when the plain plan, needing no card kept back
    and worth ``need``, or one of its variants (:func:`_known`) can begin with it. After such a step
    the rest of the plan is a plan from the new position, with the same good ending: so the step passes
    the floor guards (the lemma of good endings) and the requirement (``can_reach`` is exact), and the move
    generator accepts it without asking them. A step is refused (``refused & ...``) where its value plus
    the bound after it falls short of the need (:func:`_refused`). Nor can any step gain on the bound: its
    value plus the bound after it is at most the bound before it, so a bound short of the need (bonuses not
    counted) refuses every step.
    """
    steps: list[int] = []
    bound = first_look(hand, melds, extra, rules, steps, need)[0]
    return bound, steps[1] if len(steps) > 1 else 0, steps[0]
