"""The requirement search's one hard ending: the hand melded away to nothing (R-REQ-4, R-DEC-15, R-END-3).

:mod:`~railroad_canasta.variants.railroad.requirement` decides every ending that keeps a card by its
knapsack; an ending with an empty hand (and no held pile) is decided here, exactly and in polynomial time.

Why it is exact. Call a hand *safe* when it keeps two cards or more, one of them not a 7: a step that
leaves a safe hand passes every floor guard, and every hand before it in the turn holds it, so is safe
too (the lemma of good endings). In a turn that melds every card, order the steps so that a step of some
rank is the *last*; before it, everything that is not in the unsafe *tail* goes first, in any order. The
tail is what follows the last safe hand, and it can only be one of:

* **start**: the last step is a meld of 3 cards (or a whole wild canasta) holding a card that is not a 7;
  the hand before it is those cards, safe;
* **add**: the last step adds one card that is not a 7; before it the hand is that card alone (the step
  before it, the *pivot*, leaves one card);
* **sevens**: the last steps meld natural 7s from a hand of 7s: a suffix of the 7s' steps (adds at the
  end of a meld, whole melds without wild cards before them), after the pivot, which melds the last other
  card. A step of that suffix that leaves two cards or more passes (from a hand of 7s, either R-END-3 lifts
  the floor or every other player and the mover have sevens canastas); only the pivot and the last two
  steps need judging, and of the others only the kinds of canasta they complete matter (``mid``).

The floor guards read only the cards left (here: none, one card, or some 7s), the canasta mask, whether
the hand before was all 7s and the kitty code, which follow from the kinds of canasta completed before,
by and after each judged step. So each rank's layouts (every card of it melded) are listed with the
tails they allow, the ranks are combined as in the knapsack, and each combined tail is judged by the
floor guards themselves (:func:`~railroad_canasta.variants.railroad.floor.floor_holds`) on those facts.
Within a rank the order is free but for the twin rule (a new meld starts once the previous one is
complete, the unfinished one last) and a meld's start (3 cards, 2 of them natural): the tails listed are
exactly those such an order can put last.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from railroad_canasta.core.cards import (
    JOKER_POINTS,
    KIND_COUNT,
    KIND_POINTS,
    NATURAL_KINDS,
    TWO_POINTS,
    Counts,
    Kind,
)
from railroad_canasta.variants.railroad.floor import floor_holds
from railroad_canasta.variants.railroad.rules import (
    CANASTA_SIZE,
    LOOKING_CANASTAS,
    MAX_WILDS,
    MIN_MELD,
    MIN_NATURALS,
    NO_KITTY,
    SEVENS_CANASTA,
    CanastaKind,
    Rules,
    TableMeld,
    canasta_bonus,
    kitty_after,
)

__all__ = ["empty_ending_best"]

_J = Kind.JOKER
_T = Kind.TWO
_SEVEN = Kind.SEVEN
# A rank's canastas, before they are given their kind's bit: pure, mixed (wild melds: pure is wild).
_PURE, _MIXED = 1, 2
_NONE: Counts = (0,) * KIND_COUNT
_ONE_CARD: Counts = tuple(1 if k == Kind.FOUR else 0 for k in range(KIND_COUNT))

# A step of a tail: (cards it melds, kinds it completes).
_Step = tuple[int, int]
# What a rank's chain leaves for the tail (kinds still local to the rank until the layer names them):
# ("start", kinds) | ("add", kinds) | ("sevens", cards (capped at 2), mid kinds, t1 or None, t2, needs a
# pivot of another rank)
_Tail = tuple[object, ...]


class _Layout(NamedTuple):
    """One way to meld every card of a rank: wild cards, canastas completed, and a tail it allows."""

    wilds: int
    pure: int
    mixed: int
    head: int  # kinds completed before the tail (all of them when ``tail`` is None)
    tail: _Tail | None


class _Facts:
    """The facts the floor guards read, for one judged step of a tail."""

    __slots__ = ("after", "kitty_after", "new_mask", "rules", "sevens_ok_after", "sevens_only_before")

    extra = 0
    is_meld = True

    def __init__(self, rules: Rules, after: Counts, before: int, mask: int, others: bool, kitty: int) -> None:
        self.rules = rules
        self.after = after
        self.new_mask = mask
        self.sevens_ok_after = others and bool(mask & SEVENS_CANASTA)
        # A natural 7 step from a hand of 7s: before is the mask before it, -1 for other steps.
        self.sevens_only_before = before >= 0 and not (others and before & SEVENS_CANASTA)
        self.kitty_after = kitty


def _mixed_sets(naturals: int, most: int) -> Iterator[tuple[int, ...]]:
    """The multisets of wild counts (1..most each) of mixed canastas holding ``naturals`` natural cards."""
    if most == 0:
        if naturals == 0:
            yield ()
        return
    for three in range(0, naturals // 4 + 1 if most >= 3 else 1):
        for two in range(0, (naturals - 4 * three) // 5 + 1 if most >= 2 else 1):
            left = naturals - 4 * three - 5 * two
            if left % 6 == 0:
                yield (1,) * (left // 6) + (2,) * two + (3,) * three


def _run(naturals: int, kind: int, whole: bool) -> list[_Step]:
    """The natural steps of ``naturals`` cards at a meld's end (``whole``: its start of 3 among them)."""
    steps: list[_Step] = [(1, 0)] * naturals
    if whole:
        steps = [(MIN_MELD, 0), *steps[MIN_MELD:]]
    if steps and kind:
        steps[-1] = (steps[-1][0], kind)
    return steps


def _sevens_tails(
    u0: tuple[int, int, int] | None, pure: int, mixed: tuple[int, ...], tail: tuple[int, int] | None
) -> Iterator[tuple[list[_Step], bool, int]]:
    """The natural suffixes of the 7s' chain: (steps, needs a pivot of another rank, kinds before them).

    ``u0``: (7s, wild cards, kind) added to the unfinished meld; ``pure``: new sevens canastas; ``mixed``:
    the wild cards of each new mixed canasta; ``tail``: (7s, wild cards) of the new unfinished meld.
    """
    kinds_of = (_PURE if pure else 0) | (_MIXED if mixed else 0) | (u0[2] if u0 else 0)

    def before(pure_left: int, mixed_left: tuple[int, ...], with_u0: bool) -> int:
        return (_PURE if pure_left else 0) | (_MIXED if mixed_left else 0) | (u0[2] if u0 and with_u0 else 0)

    def back(
        steps: list[_Step], pure_left: int, mixed_left: tuple[int, ...]
    ) -> Iterator[tuple[list[_Step], bool, int]]:
        """The suffix has taken whole melds ``steps``; extend it into the meld before (or stop there)."""
        # Stop at the boundary: the step before is the previous meld's last, a wild card if it can be.
        if pure_left or mixed_left:
            if mixed_left:
                yield steps, False, before(pure_left, mixed_left, True)
            if pure_left:
                yield steps, True, before(pure_left, mixed_left, True)
        elif u0 is not None and u0[0] + u0[1]:
            yield steps, u0[1] == 0, before(0, (), True)
        else:
            yield steps, True, 0
        if pure_left:
            whole = _run(CANASTA_SIZE, _PURE, True)
            yield from back(whole + steps, pure_left - 1, mixed_left)
            for j in range(1, CANASTA_SIZE - MIN_MELD + 1):
                yield _run(j, _PURE, False) + steps, True, before(pure_left - 1, mixed_left, True)
        for w in set(mixed_left):
            rest = list(mixed_left)
            rest.remove(w)
            for j in range(1, CANASTA_SIZE - w - MIN_NATURALS + 1):
                yield _run(j, _MIXED, False) + steps, False, before(pure_left, tuple(rest), True)
        if not pure_left and not mixed_left and u0 is not None:
            for j in range(1, u0[0] + 1):
                yield _run(j, u0[2], False) + steps, u0[1] == 0, 0

    if tail is not None:
        naturals, wilds = tail
        if wilds:
            for j in range(1, naturals - MIN_NATURALS + 1):
                yield _run(j, 0, False), False, kinds_of
        else:
            for j in range(1, naturals - MIN_MELD + 1):
                yield _run(j, 0, False), True, kinds_of
            yield from back(_run(naturals, 0, True), pure, mixed)
    else:
        yield from back([], pure, mixed)


def _sevens_tail(steps: list[_Step], needs_pivot: bool) -> _Tail | None:
    if not steps:
        return None
    mid = 0
    for _size, kind in steps[:-2]:
        mid |= kind
    t1 = steps[-2] if len(steps) >= 2 else None
    return ("sevens", min(sum(size for size, _kind in steps), 2), mid, t1, steps[-1], needs_pivot)


def _rank_layouts(count: int, unfinished: TableMeld | None, wild_ok: bool, sevens: bool) -> Iterator[_Layout]:
    """Every way to meld all ``count`` natural cards of a rank, each with every tail it allows."""
    most = MAX_WILDS if wild_ok else 0
    extensions: list[tuple[int, int, int, bool]] = []  # 7s... naturals, wild cards, kind completed, more
    if unfinished is None:
        extensions.append((0, 0, 0, True))
    else:
        size, held = unfinished.size, unfinished.wilds
        for b in range(0, max(0, most - held) + 1):
            for a in range(0, min(count, CANASTA_SIZE - size - b) + 1):
                if size + a + b == CANASTA_SIZE:
                    extensions.append((a, b, _MIXED if held + b else _PURE, True))
                elif a == count:
                    extensions.append((a, b, 0, False))
    tails: list[tuple[int, int] | None] = [None]
    for wilds in range(0, most + 1):
        for naturals in range(MIN_NATURALS if wilds else MIN_MELD, CANASTA_SIZE - wilds):
            tails.append((naturals, wilds))
    for a, b, kind, more in extensions:
        u0 = (a, b, kind) if unfinished is not None else None
        for tail in tails if more else [None]:
            rest = count - a - (tail[0] if tail else 0)
            if rest < 0 or (rest and not more):
                continue
            for pure in range(0, rest // CANASTA_SIZE + 1):
                for mixed in _mixed_sets(rest - CANASTA_SIZE * pure, most):
                    yield from _layout_tails(u0, pure, mixed, tail, sevens)


def _layout_tails(
    u0: tuple[int, int, int] | None,
    pure: int,
    mixed: tuple[int, ...],
    tail: tuple[int, int] | None,
    sevens: bool,
) -> Iterator[_Layout]:
    wilds = (u0[1] if u0 else 0) + sum(mixed) + (tail[1] if tail else 0)
    u0_kind = u0[2] if u0 else 0
    pures = pure + (1 if u0_kind == _PURE else 0)
    mixeds = len(mixed) + (1 if u0_kind == _MIXED else 0)
    kinds = (_PURE if pures else 0) | (_MIXED if mixeds else 0)
    yield _Layout(wilds, pures, mixeds, kinds, None)
    # The last step adds or starts with a card that is not a 7.
    if tail is not None:
        naturals, tail_wilds = tail
        if naturals + tail_wilds == MIN_MELD:
            if tail_wilds or not sevens:
                yield _Layout(wilds, pures, mixeds, kinds, ("start", 0))
        elif tail_wilds or (naturals >= MIN_MELD and not sevens):
            yield _Layout(wilds, pures, mixeds, kinds, ("add", 0))
    elif pure or mixed:
        if pure and not sevens:
            head = u0_kind | (_PURE if pure > 1 else 0) | (_MIXED if mixed else 0)
            yield _Layout(wilds, pures, mixeds, head, ("add", _PURE))
        if mixed:
            head = u0_kind | (_PURE if pure else 0) | (_MIXED if len(mixed) > 1 else 0)
            yield _Layout(wilds, pures, mixeds, head, ("add", _MIXED))
    elif u0 is not None and (u0[1] or (u0[0] and not sevens)):
        yield _Layout(wilds, pures, mixeds, 0, ("add", u0_kind))
    if sevens:
        seen: set[tuple[_Tail, int]] = set()
        for steps, needs_pivot, head in _sevens_tails(u0, pure, mixed, tail):
            described = _sevens_tail(steps, needs_pivot)
            if described is not None and (described, head) not in seen:
                seen.add((described, head))
                yield _Layout(wilds, pures, mixeds, head, described)


def _wild_layouts(held: int, unfinished: TableMeld | None, rules: Rules) -> Iterator[_Layout]:
    """Every way to meld all ``held`` wild cards left for wild melds (R-DEC-9), with the tails it allows."""
    starts: list[tuple[int, int]] = []  # wild cards added to the unfinished wild meld, canasta completed
    if unfinished is None:
        starts.append((0, 0))
    else:
        for b in range(0, CANASTA_SIZE - unfinished.size + 1):
            starts.append((b, 1 if unfinished.size + b == CANASTA_SIZE else 0))
    for added, done in starts:
        rest = held - added
        more = unfinished is None or done
        if rest and not more:
            continue
        tails = [0]
        if more and rules.wild_melds:
            tails += list(range(MIN_MELD, CANASTA_SIZE))
        for tail in tails:
            whole, left = divmod(rest - tail, CANASTA_SIZE)
            if rest < tail or left:
                continue
            canastas = done + whole
            kinds = _PURE if canastas else 0
            yield _Layout(held, canastas, 0, kinds, None)
            if tail == MIN_MELD:
                yield _Layout(held, canastas, 0, kinds, ("start", 0))
            elif tail:
                yield _Layout(held, canastas, 0, kinds, ("add", 0))
            elif whole and not rules.wild_melds:
                yield _Layout(held, canastas, 0, _PURE if canastas > 1 else 0, ("start", _PURE))
            elif whole:
                yield _Layout(held, canastas, 0, _PURE if canastas > 1 else 0, ("add", _PURE))
            elif added:
                yield _Layout(held, canastas, 0, 0, ("add", _PURE if done else 0))


# ------------------------------------------------------------------------------------- combining

# (wild cards used, kinds completed before the tail, a step of a rank other than 7, the tail) -> bonus
_State = tuple[int, int, bool, _Tail | None]


def _named(tail: _Tail | None, pure_bit: int, mixed_bit: int) -> _Tail | None:
    """The tail with its rank's kinds named by their bits."""
    if tail is None:
        return None

    def bits(kinds: object) -> int:
        assert isinstance(kinds, int)
        return (pure_bit if kinds & _PURE else 0) | (mixed_bit if kinds & _MIXED else 0)

    if tail[0] != "sevens":
        return (tail[0], bits(tail[1]))
    _name, cards, mid, t1, t2, needs_pivot = tail
    named = tuple((step[0], bits(step[1])) if isinstance(step, tuple) else None for step in (t1, t2))
    return ("sevens", cards, bits(mid), named[0], named[1], needs_pivot)


def _merge(
    states: dict[_State, int],
    layouts: list[_Layout],
    wild_held: int,
    bits: tuple[int, int],
    bonuses: tuple[int, int],
    other: int,
) -> dict[_State, int]:
    """Combine the states so far with a rank's layouts (``other``: its natural cards, -1 for the 7s)."""
    merged: dict[_State, int] = {}
    pure_bit, mixed_bit = bits
    for (used, head, stepped, tail), bonus in states.items():
        for layout in layouts:
            if layout.tail is not None and tail is not None:
                continue
            total = used + layout.wilds
            if total > wild_held:
                continue
            kinds = layout.head
            key = (
                total,
                head | (pure_bit if kinds & _PURE else 0) | (mixed_bit if kinds & _MIXED else 0),
                stepped or (other >= 0 and other + layout.wilds > 0),
                tail if layout.tail is None else _named(layout.tail, pure_bit, mixed_bit),
            )
            value = bonus + layout.pure * bonuses[0] + layout.mixed * bonuses[1]
            if merged.get(key, -1) < value:
                merged[key] = value
    return merged


def empty_ending_best(
    hand: Counts,
    melds: tuple[TableMeld, ...],
    mask: int,
    others_sevens: bool,
    rules: Rules,
    kitty: int = NO_KITTY,
) -> int:
    """The most value a turn can meld by melding every card in hand (no pile held), or -1 if it cannot."""
    total = sum(hand)
    wild_held = hand[_J] + hand[_T]
    naturals = sum(hand[r] for r in NATURAL_KINDS)
    if total == 0 or naturals + wild_held != total:
        return -1  # nothing to meld, or 3s that no meld step takes
    unfinished: dict[Kind, TableMeld] = {
        m.rank: m for m in melds if not m.is_complete and m.rank is not Kind.BLACK_THREE
    }
    counts_bonus = rules.requirement_counts_bonuses
    states: dict[_State, int] = {(0, 0, False, None): 0}
    for rank in NATURAL_KINDS:
        count = hand[rank]
        here = unfinished.get(rank)
        if not count and here is None:
            continue
        sevens = rank is _SEVEN
        pure_kind = CanastaKind.SEVENS if sevens else CanastaKind.RED
        bonuses = (
            (canasta_bonus(pure_kind, rules), canasta_bonus(CanastaKind.BLACK, rules))
            if counts_bonus
            else (0, 0)
        )
        wild_ok = not (sevens and rules.sevens_natural_only)
        layouts = list(_rank_layouts(count, here, wild_ok, sevens))
        bits = (int(pure_kind), int(CanastaKind.BLACK))
        states = _merge(states, layouts, wild_held, bits, bonuses, -1 if sevens else count)
    wild_bonus = canasta_bonus(CanastaKind.WILD, rules) if counts_bonus else 0
    finished: dict[_State, int] = {}
    for left in {wild_held - used for used, _h, _s, _t in states}:
        layouts = list(_wild_layouts(left, unfinished.get(_J), rules))
        mine = {key: value for key, value in states.items() if key[0] == wild_held - left}
        finished.update(_merge(mine, layouts, wild_held, (int(CanastaKind.WILD), 0), (wild_bonus, 0), 0))
    value = (
        sum(hand[r] * KIND_POINTS[r] for r in NATURAL_KINDS) + JOKER_POINTS * hand[_J] + TWO_POINTS * hand[_T]
    )
    best = -1
    judge = _Judge(hand, mask, others_sevens, rules, kitty)
    for (used, head, stepped, tail), bonus in finished.items():
        if (
            used == wild_held
            and tail is not None
            and value + bonus > best
            and judge.passes(head, stepped, tail)
        ):
            best = value + bonus
    return best


def _kitty(code: int, kinds: int) -> int:
    """The kitty code once canastas of ``kinds`` are completed (R-KIT-1)."""
    return kitty_after(code, CanastaKind(kinds & LOOKING_CANASTAS) or None) if kinds else code


def _sevens(count: int) -> Counts:
    return tuple(count if k == _SEVEN else 0 for k in range(KIND_COUNT))


class _Judge:
    """Whether a tail passes the floor guards, each judged step on the facts it reads (see the module)."""

    def __init__(self, hand: Counts, mask: int, others: bool, rules: Rules, kitty: int) -> None:
        self.total = sum(hand)
        self.all_sevens = hand[_SEVEN] == self.total
        self.mask = mask
        self.others = others
        self.rules = rules
        self.kitty = kitty

    def holds(self, after: Counts, before: int, mask: int, kitty: int) -> bool:
        return floor_holds(_Facts(self.rules, after, before, mask, self.others, kitty))

    def passes(self, head: int, stepped: bool, tail: _Tail) -> bool:
        mask = self.mask | head
        kitty = _kitty(self.kitty, head)
        name = tail[0]
        if name != "sevens":
            kinds = tail[1]
            assert isinstance(kinds, int)
            if name == "add" and self.total > 1 and not self.holds(_ONE_CARD, -1, mask, kitty):
                return False
            return self.holds(_NONE, -1, mask | kinds, _kitty(kitty, kinds))
        _name, cards, mid, t1, t2, needs_pivot = tail
        assert isinstance(cards, int) and isinstance(mid, int) and isinstance(t2, tuple)
        if self.all_sevens:
            if cards == 1 and self.total > 1:
                return False  # the step before leaves one 7: a longer suffix judges it
        elif (needs_pivot and not stepped) or not self.holds(_sevens(cards), -1, mask, kitty):
            return False
        mask |= mid
        kitty = _kitty(kitty, mid)
        if isinstance(t1, tuple):
            after = mask | t1[1]
            if not self.holds(_sevens(t2[0]), mask, after, _kitty(kitty, t1[1])):
                return False
            mask, kitty = after, _kitty(kitty, t1[1])
        return self.holds(_NONE, mask, mask | t2[1], _kitty(kitty, t2[1]))
