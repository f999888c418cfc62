"""Whether a side that has not opened can still reach its initial meld requirement this turn.

Before a side has opened, a step is legal only if the requirement can still be
met that turn with the cards of the hand (R-CL-REQ-1), so that no play leads into
a position with no legal discard. :func:`best_points` is exact: every natural of a
rank with a meld or with three in hand is melded, pairs are made into melds with
one wild each (best pairs first), and the remaining wilds fill the room the melds
have (at most three, never more than the naturals), jokers first; keeping one
two cards (one to discard, one to keep), the best of the plans of the hand less two cards.

>>> from railroad_canasta.core.cards import counts_of, parse_kinds
>>> best_points(counts_of(parse_kinds("9 9 9 K K JK 4")), ())  # 9 9 9 JK, keeping K 4
80
"""

from __future__ import annotations

import functools

from railroad_canasta.core.cards import JOKER_POINTS, KIND_POINTS, NATURAL_KINDS, TWO_POINTS, Counts, Kind
from railroad_canasta.core.melds import Meld
from railroad_canasta.core.moves import StartMeld
from railroad_canasta.variants.classic.arithmetic import CANASTA_SIZE, MAX_WILDS, wild_room
from railroad_canasta.variants.classic.steps import candidates_of, stepped

__all__ = [
    "PlanParts",
    "best_points",
    "direct_from",
    "direct_points",
    "opening_keep",
    "opens_going_out",
    "plan_parts",
    "reach_after_start",
]

_J = Kind.JOKER
_T = Kind.TWO
_NATURALS = tuple(int(k) for k in NATURAL_KINDS)
_LOWEST_NATURAL = int(NATURAL_KINDS[0])  # (a kind is natural from this one on: R-CRD-2)
#: ``wild_room`` of a meld of so many naturals and no wild card, made once: a meld with ``w`` wild cards has
#: ``w`` less (its contract); and of a pair with its wild card (a start of two naturals and a wild card).
_ROOM = bytes(wild_room(n, 0) for n in range(256))
_PAIR_ROOM = wild_room(2, 1)


#: The part of a plan that takes no wild card from the hand (:func:`plan_parts`): the card values and the
#: cards of the naturals melded (onto the side's melds, and every natural held three times or more), the
#: room for wild cards they leave, and the values of the pairs held (in rank order).
PlanParts = tuple[int, int, int, list[int]]


def plan_parts(hand: Counts, melds: tuple[Meld, ...]) -> PlanParts:
    """The parts of the plan of ``hand`` onto ``melds`` that take no wild card (``PlanParts``)."""
    points = used = room = 0
    taken = 0
    for meld in melds:
        rank = meld.rank
        if rank < _LOWEST_NATURAL:
            continue  # black 3s take nothing more
        taken |= 1 << rank
        count = hand[rank]
        points += count * KIND_POINTS[rank]
        used += count
        room += _ROOM[meld.naturals + count] - meld.jokers - meld.twos
    pairs: list[int] = []
    for natural in _NATURALS:
        count = hand[natural]
        if count < 2 or taken >> natural & 1:
            continue
        if count >= 3:
            points += count * KIND_POINTS[natural]
            used += count
            room += _ROOM[count]
        else:
            pairs.append(2 * KIND_POINTS[natural])
    return points, used, room, pairs


def _finish(parts: PlanParts, jokers: int, twos: int) -> tuple[int, int]:
    """The most card values meldable and the cards used, from a plan's ``parts`` and the wild cards held."""
    points, used, room, pairs = parts
    wilds = jokers + twos
    held = len(pairs)
    made = held if held < wilds else wilds
    if made:
        # The best pairs (all of them, when the wild cards make every pair a meld: no sort).
        points += sum(pairs) if made == held else sum(sorted(pairs, reverse=True)[:made])
        used += 2 * made
        room += made * _PAIR_ROOM  # a pair and the wild card that makes it a meld have room for one more
    spare = wilds - made
    usable = made + (spare if spare < room else room)
    # The wild cards melded, jokers first.
    points += (
        JOKER_POINTS * usable if usable <= jokers else JOKER_POINTS * jokers + TWO_POINTS * (usable - jokers)
    )
    used += usable
    return points, used


def _plan(hand: Counts, melds: tuple[Meld, ...]) -> tuple[int, int]:
    """The most card values meldable from ``hand`` onto ``melds`` and new melds, and the cards it uses."""
    return _finish(plan_parts(hand, melds), hand[_J], hand[_T])


def reach_after_start(hand: Counts, parts: PlanParts, move: StartMeld, kept: int | None = None) -> int | None:
    """:func:`best_points` of the hand after the natural start ``move`` (its cards in ``hand``, its rank
    without a meld), onto the side's melds and the new meld, when that hand's plan keeps two cards (as
    :func:`direct_points` answers); else ``None`` (ask :func:`best_points` of the hand after). ``kept``:
    the cards in hand after the start, if the caller has counted them.

    Exact: ``parts`` (:func:`plan_parts` of the whole hand) sum a term per rank, and the start changes only
    its rank's term (a trio or a pair before; a meld holding the naturals left after, of the same room less
    the start's wild cards) and the wild cards held; :func:`_finish` then plans the wild cards as
    :func:`best_points` would.
    """
    rank = move.rank
    count = hand[rank]
    value = KIND_POINTS[rank]
    naturals = move.naturals
    points, used, room, pairs = parts
    if count >= 3:
        # The trio's term (its naturals, the room of ``count`` naturals) becomes the new meld's: less the
        # naturals started, the same room less the start's wild cards.
        points -= naturals * value
        used -= naturals
        room -= move.jokers + move.twos
    else:
        pairs = list(pairs)
        pairs.remove(2 * value)  # (a pair of the same value, if another rank's: the plan reads values only)
        left = count - naturals
        points += left * value
        used += left
        room += _ROOM[count] - move.jokers - move.twos
    points, used = _finish((points, used, room, pairs), hand[_J] - move.jokers, hand[_T] - move.twos)
    if kept is None:
        kept = sum(hand) - move.card_count
    return points if used <= kept - 2 else None


def opening_keep(aside: int) -> int:
    """The cards a plan of the opening keeps in hand: two (one to discard, one to keep) less the cards
    held aside, which join the hand once the requirement is met (R-CL-REQ-1, R-CL-REQ-2)."""
    return 2 - aside if aside < 2 else 0


def best_points(hand: Counts, melds: tuple[Meld, ...], keep: int = 2) -> int:
    """The most card values the hand can still meld this turn while keeping ``keep`` cards.

    Two cards by default: the player discards one and keeps one, as a player may who cannot go out
    (R-CL-OUT-1).
    """
    # rule: R-CL-REQ-1
    points = direct_points(hand, melds, keep)
    return _best_less_one(hand, melds, keep) if points is None else points


def direct_points(hand: Counts, melds: tuple[Meld, ...], keep: int = 2) -> int | None:
    """:func:`best_points` when the plan of the whole hand keeps ``keep`` cards, else ``None``.

    Such a plan melds every natural of a rank with a meld or with three in hand: a step melding naturals
    only (three of a rank held three times or more, or one natural added to its meld) leaves a hand whose
    plan is this one less the step, so the step's values and the reach after it make this figure.
    """
    return direct_from(hand, plan_parts(hand, melds), keep)


def direct_from(hand: Counts, parts: PlanParts, keep: int = 2, held: int | None = None) -> int | None:
    """:func:`direct_points` of ``hand`` from the ``parts`` of its plan (:func:`plan_parts`); ``held``: the
    cards in ``hand``, if the caller has counted them."""
    points, used = _finish(parts, hand[_J], hand[_T])
    if held is None:
        held = sum(hand)
    return points if used <= held - keep or keep <= 0 else None


@functools.lru_cache(maxsize=1 << 12)
def _best_less_one(hand: Counts, melds: tuple[Meld, ...], keep: int) -> int:
    """The best of the hands less one card, keeping one card fewer (the positions repeat: a memo)."""
    best = 0
    counts = list(hand)
    for kind, count in enumerate(hand):
        if count:
            counts[kind] = count - 1
            best = max(best, best_points(tuple(counts), melds, keep - 1))
            counts[kind] = count
    return best


#: A canasta holds four naturals at least (three wild cards at most, R-CL-MLD-1).
_CANASTA_NATURALS = CANASTA_SIZE - MAX_WILDS


def opens_going_out(hand: Counts, melds: tuple[Meld, ...], need: int, aside: int, canastas: int) -> bool:
    """Whether the side opens as its player goes out: the melds still to make this turn reach ``need``
    card values when at most one card is left, in hand or held ``aside`` (every card of the hand melded,
    or all but one final discard when none is held aside), the side then holding ``canastas`` canastas
    (R-CL-REQ-1, R-CL-OUT-1). The other way to open keeps two cards (:func:`best_points`).

    Exact for hands without black 3s to meld (a black-3 start is judged after it is made: the hand left
    then holds at most the final discard). Cheap when no rank holds the naturals of a canasta; where a plan
    melds the hand out, the order of the steps is searched (:func:`_opening_order`).
    """
    # rule: R-CL-REQ-1, R-CL-OUT-1
    if aside > 1 or hand[Kind.BLACK_THREE] > 1:
        return False
    # A natural held once goes onto its rank's meld or is the final discard (most hands: several such).
    naturals = hand[_LOWEST_NATURAL:]
    if bytes(naturals).count(1) > 1 + len(melds):
        return False
    # A canasta holds four naturals: without a meld, the hand holds them (a rank four times or more).
    if not melds and max(naturals) < _CANASTA_NATURALS:
        return False
    have = {int(meld.rank): meld for meld in melds}
    full = 0
    for r in _NATURALS:
        meld = have.get(r)
        if hand[r] + (0 if meld is None else meld.naturals) >= _CANASTA_NATURALS:
            full += 1
    if full < canastas:
        return False
    discards: tuple[int | None, ...] = (None,) if aside else (None, *(k for k in range(len(hand)) if hand[k]))
    for discard in discards:
        rest = list(hand)
        if discard is not None:
            rest[discard] -= 1
        if _melds_out(rest, have, need, canastas):
            # Such a plan exists; the order of its steps decides: the requirement must not be met while one
            # card is left and the canastas are not yet made (that step would neither keep two cards nor go
            # out).
            return _opening_order(hand, melds, need, aside, canastas)
    return False


@functools.lru_cache(maxsize=1 << 10)
def _opening_order(hand: Counts, melds: tuple[Meld, ...], need: int, aside: int, canastas: int) -> bool:
    """Some order of the turn's meld steps from here meets ``need`` keeping two cards (with those held
    ``aside``), or leaving fewer with the side's ``canastas`` made: a search over the steps, run only where
    :func:`opens_going_out` found a plan (black-3 starts are judged after they are made)."""
    for move in candidates_of(hand, melds):
        if type(move) is StartMeld and move.rank is Kind.BLACK_THREE:
            continue
        after, after_melds, gained = stepped(hand, melds, (), move)
        if gained >= need:
            made = sum(1 for meld in after_melds if meld.size >= CANASTA_SIZE)
            if sum(after) + aside >= 2 or made >= canastas:
                return True
        elif _opening_order(after, after_melds, need - gained, aside, canastas):
            return True
    return False


def _melds_out(rest: list[int], have: dict[int, Meld], need: int, canastas: int) -> bool:
    """Every card of ``rest`` melded onto the side's melds (``have``) and new melds, making ``need`` card
    values at least and ``canastas`` canastas."""
    if rest[Kind.BLACK_THREE] or rest[Kind.RED_THREE]:
        return False
    wilds = rest[_J] + rest[_T]
    points = JOKER_POINTS * rest[_J] + TWO_POINTS * rest[_T]
    room = wanted = done = 0
    short: list[tuple[int, int]] = []  # (wild cards to a canasta, room left) of each meld not yet one
    for r in _NATURALS:
        count = rest[r]
        meld = have.get(r)
        if meld is not None:
            naturals, held_wild, want = meld.naturals + count, meld.jokers + meld.twos, 0
        elif count == 0:
            continue
        elif count == 1:
            return False
        else:
            naturals, held_wild, want = count, 0, 1 if count == 2 else 0
        points += count * KIND_POINTS[r]
        free = wild_room(naturals, held_wild) - want
        room += free
        wanted += want
        size = naturals + held_wild + want
        if size >= CANASTA_SIZE:
            done += 1
        else:
            short.append((CANASTA_SIZE - size, free))
    if points < need or wanted > wilds or wilds - wanted > room:
        return False
    spare = wilds - wanted
    for deficit, free in sorted(short):
        if deficit <= free and deficit <= spare:
            spare -= deficit
            done += 1
    return done >= canastas
