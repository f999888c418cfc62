"""The meld requirement within a turn: can the rest of a hand still reach it (R-REQ-4)?

Before a player has met the requirement of the round, a meld step is legal only
if the requirement can still be reached that turn, so that no play leads into a
position with no legal discard. :func:`can_reach` answers exactly, in polynomial time, without a memo
of positions:

1. a bound on every card that could be melded refuses the hopeless cases at once;
2. one plain plan (every rank melded without wild cards, pairs with one, the other wild cards into those
   melds, keeping a good ending) accepts the common cases at once (both in one pass,
   :func:`~railroad_canasta.variants.railroad.plan.first_look`);
3. otherwise :func:`best_gains`, a knapsack over the ranks, gives the best value of every ending that keeps a
   card (exact), and an upper bound that also counts the endings with an empty hand;
4. only when an empty hand alone could reach the need does
   :func:`~railroad_canasta.variants.railroad.ending.empty_ending_best` decide it, exactly.

Why the knapsack is exact. The value a turn melds depends only on the *final* melds and hand, not on
the order of the steps; and the step guards other than the floor guards (how many cards a player keeps)
only look at one rank's meld and at the cards in hand, so every final layout of melds of a rank that
is well formed (R-MLD-1..4, R-DEC-8, R-DEC-9) is reached by its own steps, in any interleaving with the
other ranks'. The floor guards (:data:`~railroad_canasta.variants.railroad.floor.FLOOR_GUARDS`) read the
hand a step leaves, which only shrinks along a turn:

* **Lemma (good endings).** If the final hand keeps at least two cards counting the held pile (``extra``),
  one of them not a 7 (or ``extra > 0``), every step of every order passes every floor guard: each
  intermediate hand holds the final one, so it keeps two cards, is not all 7s and is not a lone 7.
  Step 2 rests on this alone.
* **Hands of 7s.** If the final hand is two or more 7s only (``extra == 0``), an order exists exactly when
  the hand was all 7s from the start, or the rules allow a hand of 7s (R-DEC-16), or every other player has
  a sevens canasta and so will the mover at the end (R-PIL-1): then the steps of 7s up to the sevens canasta
  go first, while other cards are still held.
* **Endings with one card.** One card not a 7 is allowed exactly when the mover ends with a canasta of
  every kind or R-DEC-19's alternative lets the kitty follow; a lone 7, or one held card with ``extra``,
  also when the last steps meld 7s from a hand of 7s, which the floor guards skip (R-END-3): the knapsack
  keeps, for the 7s, how many are melded, whether a sevens canasta is completed before the last step, and
  whether that step can be a natural 7.
* **Empty hands** (no pile held) depend on the order of the last steps (going out by melding the last card,
  R-DEC-15's alternative; a hand of mixed 7s melded away): the knapsack counts them only in its upper
  bound, and :mod:`~railroad_canasta.variants.railroad.ending` decides them by their tails (its module
  says why that is exact).

The knapsack: for each rank, the layouts of its melds (the unfinished meld extended, complete canastas,
at most one new unfinished meld) collapse to a table keyed by the wild cards used, the cards of the rank
kept (0, 1 or 2+) and the kinds of canasta completed; the ranks are then combined keeping, for each
(wild cards used, non-7 cards kept, 7s kept, canasta mask, a kitty-opening canasta made), the largest
value. Wild cards are interchangeable in every step guard, so the jokers (50) are counted first.

Cost. A rank's table has O(c) entries for c cards of it (times the small numbers of wild cards and
canasta kinds); the combined states are bounded by (wild cards + 1) x 3 x 3 x 16 x 2 x 18 whatever the
hand, and a rank's layouts are polynomial in its count, so a call is polynomial in the size of the hand.
``bench/requirement.py`` times the worst cases known.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from railroad_canasta.core.cards import JOKER_POINTS, KIND_POINTS, NATURAL_KINDS, TWO_POINTS, Counts, Kind
from railroad_canasta.variants.railroad.candidates import step_candidates
from railroad_canasta.variants.railroad.ending import empty_ending_best
from railroad_canasta.variants.railroad.floor import floor_holds
from railroad_canasta.variants.railroad.plan import first_answer
from railroad_canasta.variants.railroad.plan import first_look as _first_look
from railroad_canasta.variants.railroad.rules import (
    ALL_CANASTAS,
    CANASTA_SIZE,
    KITTY_ON_CANASTA,
    KITTY_READY,
    LOOKING_CANASTAS,
    MAX_WILDS,
    MIN_MELD,
    MIN_NATURALS,
    NO_KITTY,
    CanastaKind,
    Rules,
    TableMeld,
    canasta_bonus,
    kitty_after,
)
from railroad_canasta.variants.railroad.state import Table, others_sevens, pickup_melds, sevens_hand_melds
from railroad_canasta.variants.railroad.steps import Step, StepContext
from railroad_canasta.variants.railroad.switches import CACHES, SWITCHES

__all__ = [
    "REACHES_FAST",
    "Gains",
    "best_gains",
    "can_reach",
    "empty_ending_best",
    "opening_facts",
    "opening_unfinished",
    "pair_pickup_reaches",
    "requirement_hand",
    "requirement_shortfall",
    "rest_of_pile",
    "search",
]

_J = Kind.JOKER
_T = Kind.TWO
_SEVEN = Kind.SEVEN
_SEVENS_BIT = int(CanastaKind.SEVENS)
_R3 = Kind.RED_THREE


def _meld_key(meld: TableMeld) -> tuple[int, int, int, int]:
    return meld.rank, meld.naturals, meld.jokers, meld.twos


def can_reach(
    hand: Counts,
    melds: tuple[TableMeld, ...],
    mask: int,
    need: int,
    extra: int,
    others_sevens: bool,
    rules: Rules,
    kitty: int = NO_KITTY,
) -> bool:
    """Whether meld steps from this position can add ``need`` more card values (R-REQ-4).

    ``kitty`` is the kitty code of the position (R-DEC-19's alternative), kept up to date along the steps.
    """
    answer = first_answer(hand, melds, need, extra, rules)
    if answer is not None:
        return answer
    gains = best_gains(hand, melds, mask, extra, others_sevens, rules, kitty)
    if gains.sure >= need:
        return True
    if gains.at_most < need:
        return False
    # Only an ending with an empty hand could reach it: decided exactly (see the module).
    return empty_ending_best(hand, melds, mask, others_sevens, rules, kitty) >= need


def search(
    hand: Counts,
    melds: tuple[TableMeld, ...],
    mask: int,
    need: int,
    extra: int,
    others_sevens: bool,
    rules: Rules,
    kitty: int = NO_KITTY,
) -> bool:
    """The exhaustive search over the meld steps themselves: the reference the knapsack is checked against.

    Exponential in the size of the hand (issue 11): the engine never calls it; the tests and
    ``bench/requirement.py`` do, on small hands.
    """
    seen: dict[tuple[Counts, tuple[TableMeld, ...], int, int, int], bool] = {}

    def reach(hand: Counts, melds: tuple[TableMeld, ...], mask: int, need: int, kitty: int) -> bool:
        if _first_look(hand, melds, extra, rules)[0] < need:
            return False
        key = (hand, melds, mask, need, kitty)
        known = seen.get(key)
        if known is not None:
            return known
        seen[key] = False
        for move, _used in step_candidates(hand, melds, rules):
            # The candidates are well formed and in hand: of their table, only the floor guards can fail
            # (tests/railroad/test_oracle.py checks this pre-filter against the whole table).
            context = StepContext(hand, melds, mask, move, rules, others_sevens, extra, None, kitty)
            if not floor_holds(context):
                continue
            after, new_melds, gained, new_mask, completed = context.step
            if rules.requirement_counts_bonuses and completed is not None:
                gained += canasta_bonus(completed, rules)
            # The order in which melds were started does not matter: sort them, so that the memo meets each
            # set of melds once, whatever order the steps came in.
            if gained >= need or reach(
                after,
                tuple(sorted(new_melds, key=_meld_key)),
                new_mask,
                need - gained,
                kitty_after(kitty, completed),
            ):
                seen[key] = True
                return True
        return False

    return reach(hand, melds, mask, need, kitty)


# ------------------------------------------------------------------------------------- the knapsack


class Gains:
    """What :func:`best_gains` found: the most a turn surely melds, and the most it could."""

    __slots__ = ("at_most", "sure")

    def __init__(self, sure: int, at_most: int) -> None:
        #: The largest value of an ending the floor guards surely allow (a good ending, a hand of 7s).
        self.sure = sure
        #: The largest value of any ending that passes the necessary conditions (``>= sure``).
        self.at_most = at_most

    def __repr__(self) -> str:
        return f"Gains(sure={self.sure}, at_most={self.at_most})"


# A rank's table: (wild cards used, cards of the rank kept capped at 2, kinds completed, the 7s code) -> the
# best value. The 7s code (rank 7 only, else 0) is 3 * (7s melded, capped at 2) + how the sevens canastas
# completed this turn end the plan: 0 none, 1 one, which can be the last step of 7s, 2 otherwise; plus 9 when
# the plan's last step can be a natural 7 (after the wild cards of its last meld).
_RankTable = dict[tuple[int, int, int, int], int]
_PURE, _MIXED = 1, 2
_K = TypeVar("_K")
# (wild cards used, non-7 cards kept capped at 2, 7s kept capped at 2, mask, kitty-opening canasta, 7s code)
_State = tuple[int, int, int, int, bool, int]


def _new_melds(wild_ok: bool) -> list[tuple[int, int]]:
    """The (naturals, wilds) of a new unfinished meld, or of none (0, 0).

    post: (0, 0) in __return__
    post: all(n >= 2 and w <= 3 and 3 <= n + w < 7 for n, w in __return__ if (n, w) != (0, 0))
    post: wild_ok or all(w == 0 for _n, w in __return__)
    """
    out = [(0, 0)]
    for wilds in range(0, (MAX_WILDS if wild_ok else 0) + 1):
        for naturals in range(MIN_NATURALS, CANASTA_SIZE):
            if MIN_MELD <= naturals + wilds < CANASTA_SIZE:
                out.append((naturals, wilds))
    return out


def _rank_table(
    count: int,
    unfinished: TableMeld | None,
    wild_ok: bool,
    points: int,
    bonuses: tuple[int, int],
    sevens: bool,
) -> _RankTable:
    """The layouts of one natural rank's melds reachable from ``count`` cards in hand (see the module)."""
    most_wilds = MAX_WILDS if wild_ok else 0
    # The unfinished meld extended: (naturals, wilds, kinds completed, bonus, may start new melds).
    starts: list[tuple[int, int, int, int, bool]] = []
    if unfinished is None:
        starts.append((0, 0, 0, 0, True))
    else:
        size, wilds = unfinished.size, unfinished.wilds
        for b in range(0, max(0, most_wilds - wilds) + 1):
            for a in range(0, min(count, CANASTA_SIZE - size - b) + 1):
                if size + a + b == CANASTA_SIZE:
                    black = wilds + b > 0
                    kind = _MIXED if black else _PURE
                    starts.append((a, b, kind, bonuses[1] if black else bonuses[0], True))
                else:
                    starts.append((a, b, 0, 0, False))
    table: _RankTable = {}
    tails = _new_melds(wild_ok)
    for a, b, kinds, bonus, more in starts:
        if not more:
            _record(table, count, a, b, kinds, bonus, points, _sevens_code(sevens, a, 0, False, a >= 1))
            continue
        room = count - a
        for pure in range(0, room // CANASTA_SIZE + 1):
            for mixed in range(0, (room - CANASTA_SIZE * pure) // (CANASTA_SIZE - MAX_WILDS) + 1):
                for wild in range(mixed, most_wilds * mixed + 1):
                    naturals = a + CANASTA_SIZE * (pure + mixed) - wild
                    if naturals > count:
                        continue
                    got = kinds | (_PURE if pure else 0) | (_MIXED if mixed else 0)
                    value = bonus + pure * bonuses[0] + mixed * bonuses[1]
                    # The pure canastas completed: the unfinished meld's, then the new ones (put last).
                    made = pure + (1 if kinds & _PURE else 0)
                    for tail_n, tail_w in tails:
                        if naturals + tail_n <= count:
                            last = tail_n == 0 and (pure == 1 or (made == 1 and mixed == 0))
                            # The plan's last step can be a natural 7 (after the last meld's wild cards).
                            if tail_n:
                                natural = tail_n >= MIN_MELD or tail_w == 0
                            else:
                                natural = pure + mixed > 0 or a >= 1
                            code = _sevens_code(sevens, naturals + tail_n, made, last, natural)
                            _record(
                                table, count, naturals + tail_n, b + wild + tail_w, got, value, points, code
                            )
    return table


def _sevens_code(sevens: bool, melded: int, made: int, last: bool, natural_last: bool) -> int:
    if not sevens:
        return 0
    return 9 * natural_last + 3 * min(melded, 2) + (0 if made == 0 else 1 if made == 1 and last else 2)


def _record(
    table: _RankTable, count: int, naturals: int, wilds: int, kinds: int, bonus: int, points: int, code: int
) -> None:
    _keep_best(table, (wilds, min(count - naturals, 2), kinds, code), naturals * points + bonus)


def _keep_best(table: dict[_K, int], key: _K, value: int) -> None:
    """Keep the larger value at ``key``."""
    if table.get(key, -1) < value:
        table[key] = value


def _wild_table(held: int, unfinished: TableMeld | None, rules: Rules, bonus: int) -> _RankTable:
    """The layouts of wild melds (R-DEC-9) from ``held`` wild cards: wilds used -> best bonus."""
    table: _RankTable = {}
    starts: list[tuple[int, int, int]] = []  # wilds used, canastas completed, may start new melds
    if unfinished is None:
        starts.append((0, 0, True))
    else:
        for b in range(0, CANASTA_SIZE - unfinished.size + 1):
            complete = unfinished.size + b == CANASTA_SIZE
            starts.append((b, 1 if complete else 0, complete))
    for used, done, more in starts:
        for whole in range(0, (held - used) // CANASTA_SIZE + 1 if more else 1):
            tails = [0]
            if more and rules.wild_melds:
                tails += list(range(MIN_MELD, CANASTA_SIZE))
            for tail in tails:
                wilds = used + CANASTA_SIZE * whole + tail
                if wilds <= held:
                    canastas = done + whole
                    _keep_best(table, (wilds, 0, _PURE if canastas else 0, 0), canastas * bonus)
    return table


def best_gains(
    hand: Counts,
    melds: tuple[TableMeld, ...],
    mask: int,
    extra: int,
    others_sevens: bool,
    rules: Rules,
    kitty: int = NO_KITTY,
) -> Gains:
    """The most value meld steps from this position can add, by the knapsack over ranks (see the module)."""
    counts_bonus = rules.requirement_counts_bonuses
    unfinished: dict[Kind, TableMeld] = {
        m.rank: m for m in melds if not m.is_complete and m.rank is not Kind.BLACK_THREE
    }
    wild_held = hand[_J] + hand[_T]
    # (wild cards used, non-7 cards kept capped at 2, 7s kept capped at 2, mask, kitty-opening canasta made,
    # the 7s code) -> value
    fixed = sum(hand) - wild_held - sum(hand[r] for r in NATURAL_KINDS)
    states: dict[_State, int] = {(0, min(fixed, 2), 0, mask, False, 0): 0}
    layers: list[tuple[_RankTable, bool, int, int]] = []  # table, is 7s, kind of a pure canasta, of a mixed
    for rank in NATURAL_KINDS:
        sevens = rank is _SEVEN
        wild_ok = not (sevens and rules.sevens_natural_only)
        pure_kind = CanastaKind.SEVENS if sevens else CanastaKind.RED
        bonuses = (
            (canasta_bonus(pure_kind, rules), canasta_bonus(CanastaKind.BLACK, rules))
            if counts_bonus
            else (0, 0)
        )
        table = _rank_table(hand[rank], unfinished.get(rank), wild_ok, KIND_POINTS[rank], bonuses, sevens)
        layers.append((table, sevens, int(pure_kind), int(CanastaKind.BLACK)))
    wild_bonus = canasta_bonus(CanastaKind.WILD, rules) if counts_bonus else 0
    layers.append(
        (_wild_table(wild_held, unfinished.get(_J), rules, wild_bonus), False, int(CanastaKind.WILD), 0)
    )
    for table, sevens, pure_bit, mixed_bit in layers:
        if table == {(0, 0, 0, 0): 0}:
            continue
        merged: dict[_State, int] = {}
        for (used, others, seven, have, looked, code), value in states.items():
            for (wilds, kept, kinds, rank_code), gained in table.items():
                total = used + wilds
                if total > wild_held:
                    continue
                new_mask = have | (pure_bit if kinds & _PURE else 0) | (mixed_bit if kinds & _MIXED else 0)
                key = (
                    total,
                    others if sevens else min(others + kept, 2),
                    min(seven + kept, 2) if sevens else seven,
                    new_mask,
                    looked or bool(kinds & _PURE and pure_bit & LOOKING_CANASTAS),
                    rank_code if sevens else code,
                )
                _keep_best(merged, key, value + gained)
        states = merged
    return _judge(states, hand, mask, extra, others_sevens, rules, kitty)


def _judge(
    states: dict[_State, int],
    hand: Counts,
    start_mask: int,
    extra: int,
    others_sevens: bool,
    rules: Rules,
    kitty: int,
) -> Gains:
    """The best value of the endings the floor guards surely allow, and of those they might."""
    jokers = hand[_J]
    wild_held = jokers + hand[_T]
    sure = at_most = 0
    for (used, others, sevens, mask, looked, code), value in states.items():
        gain = value + JOKER_POINTS * min(used, jokers) + TWO_POINTS * max(0, used - jokers)
        if gain <= sure:
            continue
        non_sevens = min(others + wild_held - used, 2)
        ending = _Ending(hand, extra, others_sevens, rules, kitty, start_mask, mask, looked, code)
        verdict = ending.judge(non_sevens, sevens)
        if verdict is not None:
            at_most = max(at_most, gain)
            if verdict:
                sure = gain
    return Gains(sure, at_most)


class _Ending:
    """Whether some order of the steps of a final layout passes the floor guards (see the module).

    :meth:`judge` answers ``True`` (surely), ``None`` (surely not) or ``False`` (perhaps: the exact
    search decides).
    """

    def __init__(
        self,
        hand: Counts,
        extra: int,
        others_sevens: bool,
        rules: Rules,
        kitty: int,
        start_mask: int,
        mask: int,
        looked: bool,
        code: int,
    ) -> None:
        self.rules = rules
        self.extra = extra
        self.all_sevens = sum(hand) > 0 and hand[_SEVEN] == sum(hand)
        self.all_kinds = mask == ALL_CANASTAS
        self.sevens_ok = others_sevens and bool(mask & _SEVENS_BIT)
        ready = kitty == KITTY_READY or (kitty == KITTY_ON_CANASTA and looked)
        self.kitty_one = not rules.keep_two_cards and ready
        natural_last, code = divmod(code, 9)
        self.sevens_melded, tail = divmod(code, 3)
        # The last step of 7s may be one the floor guards skip (R-END-3): nobody has all sevens canastas
        # before it, or the mover's one sevens canasta is completed by it.
        self.skip_last = not others_sevens or (not start_mask & _SEVENS_BIT and tail != 2)
        self.plain = rules.sevens_natural_only
        self.natural_last = bool(natural_last)

    def judge(self, non_sevens: int, sevens: int) -> bool | None:
        rules, extra = self.rules, self.extra
        left = non_sevens + sevens + extra
        if left >= 2:
            if extra or non_sevens:
                return True  # the lemma of good endings
            return self.all_sevens or rules.allow_hand_of_sevens or self.sevens_ok or None
        into_sevens = self.all_sevens or rules.allow_hand_of_sevens
        last_skipped = self.sevens_melded >= 1 and self.skip_last and self.natural_last
        if extra:  # one held card, an empty hand
            if self.all_kinds or self.kitty_one:
                return True
            return True if last_skipped else None
        if non_sevens:  # one card, not a 7
            return True if self.all_kinds or self.kitty_one else None
        if sevens:  # a lone 7
            if not self.all_kinds and self.kitty_one and (rules.allow_hand_of_sevens or self.sevens_ok):
                return True
            if into_sevens and last_skipped:
                return True
            return None
        # an empty hand
        if into_sevens and last_skipped and (self.all_sevens or self.sevens_melded >= 2):
            return self.plain or False
        if (self.all_kinds and not rules.going_out_requires_discard) or into_sevens:
            return False
        return None


def opening_facts(state: Table) -> tuple[int | None, bool]:
    """What the mover still needs this turn for the requirement (``None`` once opened, R-REQ-4), and
    whether they may meld a hand of 7s without it (R-DEC-20): the same for every candidate step of a
    position, so read once per position (the last one asked about is kept).
    """
    global _OPENING
    last = _OPENING
    if last[0] is state:
        return last[1]
    player = state.mover
    if player.opened:
        facts: tuple[int | None, bool] = (None, False)
    else:
        facts = (state.rules.requirement(player.score) - state.turn_points, sevens_hand_melds(state))
    _OPENING = (state, facts)
    return facts


#: The last state whose opening facts were read, and those facts (a state is immutable: its identity
#: keys them, and the memo holds it so that the identity cannot be reused).
_OPENING: tuple[object, tuple[int | None, bool]] = (None, (None, False))


def _forget() -> None:
    global _OPENING
    _OPENING = (None, (None, False))


CACHES.register("railroad.requirement._OPENING", _forget)


def rest_of_pile(pile: Sequence[Kind]) -> int:
    """Cards of the pile below the top that would join a hand (red 3s go down instead, R-RED-1)."""
    rest = pile[:-1]
    return len(rest) - rest.count(_R3)


def requirement_hand(state: Table, rank: Kind) -> tuple[Counts, int]:
    """The hand the requirement reads once the mover takes the pile with a pair of ``rank``, and the cards
    held besides it (``extra``, which count only as cards kept).

    The pair leaves the hand; the pile's cards below the top (red 3s go down instead, R-RED-1) join it, and
    count for the requirement under R-DEC-12's default reading, or else only as cards held.
    """
    hand = list(state.mover_hand)
    hand[rank] -= 2
    # rule: R-DEC-12
    if state.rules.pile_counts_for_requirement:
        for k in state.pile[:-1]:
            if k is not _R3:
                hand[k] += 1
        return tuple(hand), 0
    return tuple(hand), rest_of_pile(state.pile)


#: The requirement of a pair pickup answered from the plan's first look (called by ``pair_pickup_plain``
#: only, which is off whenever this is).
REACHES_FAST = SWITCHES.declare("railroad.requirement.pair_pickup_reaches", "R-REQ-4", "R-DEC-12")


def pair_pickup_reaches(state: Table, rank: Kind) -> bool | None:
    """Whether the mover, who has not opened, can still reach the requirement this turn once they take the
    pile with a pair of the top card ``rank`` (R-DEC-12's row passes), or ``None``: ask the row.

    Exact: the row's own question, on the row's facts. The pickup melds three cards of ``rank`` as a new
    meld or onto the unfinished meld of the rank (``pickup_melds``), worth their values (R-REQ-1); where it
    completes a canasta, whose bonus may count (R-DEC-11), the row is asked. The row passes when that meets
    the need; else it asks ``can_reach`` of the rest of the need from :func:`requirement_hand`, and
    ``can_reach`` first asks :func:`~railroad_canasta.variants.railroad.plan.first_answer` (its bound and
    its plain plan), which reads neither the canasta mask, nor the others' sevens canastas, nor the kitty:
    that step is taken here, and only a position it leaves open (rare: ``None``) goes to the row, with every
    fact.
    """
    need = opening_facts(state)[0]
    if need is None:  # (the mover has opened: the row passes)
        return True
    melds, _mask, completed = pickup_melds(state.mover, rank, 3)
    if completed is not None:
        return None
    # rule: R-REQ-4
    need -= 3 * KIND_POINTS[rank]
    if need <= 0:
        return True
    hand, extra = requirement_hand(state, rank)
    return first_answer(hand, melds, need, extra, state.rules)  # (can_reach's first step)


def opening_unfinished(state: Table) -> bool:
    """The mover has begun their first meld of the round this turn and not yet reached the requirement."""
    return state.pending is not None or (not state.players[state.to_move].opened and state.turn_points > 0)


def requirement_shortfall(
    state: Table, step: Step, pending_extra: int, kitty: int = NO_KITTY, others: bool | None = None
) -> str | None:
    """Why a step before the requirement is met leaves it out of reach this turn, or ``None``."""
    need = opening_facts(state)[0]
    if need is None:
        return None
    gained = step.gained
    if state.rules.requirement_counts_bonuses and step.completed is not None:
        # rule: R-DEC-11
        gained += canasta_bonus(step.completed, state.rules)
    if gained >= need or can_reach(
        step.hand,
        step.melds,
        step.mask,
        need - gained,
        pending_extra,
        others_sevens(state) if others is None else others,
        state.rules,
        kitty,
    ):
        return None
    return (
        f"you need {need + state.turn_points} for your first meld of the round; with "
        f"{state.turn_points + gained} melded this turn, the rest of your hand cannot make up the difference"
    )
