"""An independent referee for classic Canasta, written from the source text (SRC-CL-…), not from the engine.

The referee keeps its own state model (:class:`Table`: plain lists of card counts), its own legality
(:func:`legal`), its own transition (:func:`step`) and its own scoring (:func:`score_round`). It reads an
engine state only to copy the position into a :class:`Table` (cards, melds, pile, stock order, who moves);
everything it answers it computes itself from the source's sentences, cited at each rule.

Two source readings are switchable, so the referee can be compared with the engine before and after
issue 22's fixes:

- ``held_aside_kept`` (source reading, default ``True``): the cards held aside after taking the pile for
  the initial meld join the hand once the requirement is met (SRC-CL-REQ-1, SRC-CL-PIL-1), so they count
  as cards kept; ``False`` is the engine's reading before the fix (only the hand counts).
- ``black_threes_last_cards`` (``False`` = source reading, SRC-CL-MLD-2 + SRC-CL-OUT-1: black 3s may be
  melded when the player goes out in that turn, a final discard included; ``True`` = they must be the
  last cards of the hand), the option R-CL-DEC-7 adds to ``ClassicRules``.
- ``opening_keeps_two`` (``False`` = source reading, SRC-CL-REQ-1 + SRC-CL-OUT-1 + SRC-CL-CON-1: a side
  not yet opened may meet its requirement as its player goes out, melding every card with or without a
  final discard, the side then holding its canastas; ``True`` = the engine's reading before that was
  fixed: the requirement must be reachable keeping two cards, less those held aside).

Run ``python tools/classic_referee.py --states N`` to compare; it prints counts per player count, option
set and play style, and every disagreement with its class. ``compare`` is the function the tests call.
"""

from __future__ import annotations

import argparse
import collections
import functools
import json
import random
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from railroad_canasta import ClassicRules, apply, legal_moves, new_game, why_illegal
from railroad_canasta.core.moves import Move
from railroad_canasta.variants.classic.state import ClassicState

# Card kinds as plain integers (the referee's own numbering, equal to the engine's enum values).
JOKER, TWO, RED3, BLACK3 = 0, 1, 2, 3
NATURALS = tuple(range(4, 15))
NAMES = ("JK", "2", "R3", "B3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
# SRC-CL-VAL-1: joker 50; 2 and ace 20; K..8: 10; 7..4 and black 3: 5; a red 3 is a bonus card.
VALUE = (50, 20, 0, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10, 10, 20)
CANASTA = 7  # SRC-CL-CAN-1


@dataclass
class Readings:
    """The referee's switches: the engine's options plus the two readings issue 22 fixes."""

    players: int = 4
    ask_partner: bool = True
    concealed_canasta_bonus: bool = False
    three_player_target_7500: bool = False
    six_player_sides: int = 3
    pair_joins_meld: bool = True
    tie_extra_rounds: bool = True
    target_score: int | None = None
    held_aside_kept: bool = True
    black_threes_last_cards: bool = False
    opening_keeps_two: bool = False

    @property
    def sides(self) -> int:
        """SRC-CL-PLY-1, SRC-CL-VAR-6: 2 and 3 players alone, 4 in two sides, 6 in three or two."""
        return {2: 2, 3: 3, 4: 2, 6: self.six_player_sides}[self.players]

    @property
    def canastas_to_go_out(self) -> int:
        """SRC-CL-OUT-1 (one), SRC-CL-VAR-2 and SRC-CL-VAR-6 (two)."""
        return 2 if self.players in (2, 6) else 1

    @property
    def draw_size(self) -> int:
        """SRC-CL-VAR-2: two players draw two."""
        return 2 if self.players == 2 else 1

    @property
    def target(self) -> int:
        """SRC-CL-GAM-1, SRC-CL-VAR-3, SRC-CL-VAR-6."""
        if self.target_score is not None:
            return self.target_score
        if self.players == 3 and self.three_player_target_7500:
            return 7500
        if self.players == 6:
            return 7500 if self.six_player_sides == 3 else 10000
        return 5000


@dataclass
class Table:
    """The referee's position: every field a plain list, copied by :meth:`copy`."""

    rd: Readings
    hands: list[list[int]]
    melds: list[dict[int, list[int]]]  # per side: rank -> [naturals, jokers, twos]
    red3: list[int]
    opened: list[bool]
    score: list[int]
    stock: list[int]  # the next card drawn is the last
    pile: list[int]  # the top card is the last
    to_move: int
    phase: str
    pending: list[int] | None
    melded_before: list[bool]
    turn_started: set[int]
    asker: int | None
    answer: bool | None
    turn_melds: int
    concealed: list[int]
    ended: str | None = None
    went_out: int | None = None
    breakdown: list[tuple[int, int, int, int, int]] = field(default_factory=list)

    def copy(self) -> Table:
        return Table(
            self.rd,
            [list(h) for h in self.hands],
            [{r: list(m) for r, m in side.items()} for side in self.melds],
            list(self.red3),
            list(self.opened),
            list(self.score),
            list(self.stock),
            list(self.pile),
            self.to_move,
            self.phase,
            None if self.pending is None else list(self.pending),
            list(self.melded_before),
            set(self.turn_started),
            self.asker,
            self.answer,
            self.turn_melds,
            list(self.concealed),
        )

    def side(self, seat: int) -> int:
        return seat % self.rd.sides

    @property
    def me(self) -> int:
        return self.side(self.to_move)

    @property
    def hand(self) -> list[int]:
        return self.hands[self.to_move]


def of_engine(state: ClassicState, rd: Readings) -> Table:
    """Copy an engine position into the referee's model (data only: no engine rule is consulted)."""
    return Table(
        rd,
        [list(h) for h in state.hands],
        [{int(m.rank): [m.naturals, m.jokers, m.twos] for m in side.melds} for side in state.sides],
        [side.red_threes for side in state.sides],
        [side.opened for side in state.sides],
        [side.score for side in state.sides],
        [int(k) for k in state.stock],
        [int(k) for k in state.pile],
        state.to_move,
        state.phase.value,
        None if state.pending is None else list(state.pending),
        list(state.melded_before),
        {int(k) for k in state.turn_started},
        state.asker,
        state.answer,
        state.turn_melds,
        [side.concealed_canastas for side in state.sides],
    )


# ---- arithmetic from the source ------------------------------------------------------------------


def requirement(score: int) -> int:
    """SRC-CL-REQ-1: negative 15; 0-1,495: 50; 1,500-2,995: 90; 3,000 or more: 120."""
    if score < 0:
        return 15
    if score < 1500:
        return 50
    if score < 3000:
        return 90
    return 120


def meld_points(m: list[int], rank: int) -> int:
    return m[0] * VALUE[rank] + m[1] * VALUE[JOKER] + m[2] * VALUE[TWO]


def is_canasta(m: list[int]) -> bool:
    return sum(m) >= CANASTA


def canastas(melds: dict[int, list[int]]) -> int:
    return sum(1 for m in melds.values() if is_canasta(m))


def wild_cap(m: list[int]) -> int:
    """SRC-CL-MLD-1: never more wild cards than natural ones, nor more than three."""
    return min(3, m[0]) - m[1] - m[2]


def best_points(hand: Sequence[int], melds: dict[int, list[int]], keep: int) -> int | None:
    """The most card points the hand can still meld this turn keeping ``keep`` cards (None: none).

    A DP over ranks: each rank melds nothing or some of its naturals (a new meld needs two, with a wild
    card, or three); the wild cards then fill the room the naturals leave, jokers first.
    """
    size = sum(hand)
    wilds = hand[JOKER] + hand[TWO]
    table: dict[tuple[int, int, int], int] = {(0, 0, 0): 0}
    for r in NATURALS:
        c = hand[r]
        existing = melds.get(r)
        options: list[tuple[int, int, int]] = []  # (naturals, wild room, wilds needed)
        if existing is not None:
            options = [
                (m, max(0, min(3, existing[0] + m) - existing[1] - existing[2]), 0) for m in range(c + 1)
            ]
        else:
            options = [(0, 0, 0)] + [(m, min(3, m), 1 if m == 2 else 0) for m in range(2, c + 1)]
        nxt: dict[tuple[int, int, int], int] = {}
        for (n, cap, need), pts in table.items():
            for m, room, want in options:
                key = (n + m, min(wilds, cap + room), min(wilds + 1, need + want))
                value = pts + m * VALUE[r]
                if nxt.get(key, -1) < value:
                    nxt[key] = value
        table = nxt
    best: int | None = None
    for (n, cap, need), pts in table.items():
        for w in range(need, min(cap, wilds) + 1):
            if size - n - w < keep:
                break
            jokers = min(w, hand[JOKER])
            total = pts + jokers * VALUE[JOKER] + (w - jokers) * VALUE[TWO]
            if best is None or total > best:
                best = total
    return best


def can_go_out(
    hand: Sequence[int], melds: dict[int, list[int]], need: int, allow_discard: bool = True
) -> bool:
    """SRC-CL-OUT-1: can every card be melded, with or without one final discard, ending with ``need``
    canastas? Black 3s go out as a meld of three or four (SRC-CL-MLD-2)."""
    discards: list[int | None] = [None]
    if allow_discard:
        discards += [k for k in range(15) if hand[k]]
    for d in discards:
        rest = list(hand)
        if d is not None:
            rest[d] -= 1
        if rest[BLACK3] not in (0, 3, 4) or rest[RED3]:
            continue
        wilds = rest[JOKER] + rest[TWO]
        room = need_w = 0
        sizes: list[tuple[int, int]] = []  # (deficit to a canasta after the needed wilds, spare room)
        ok = True
        done = 0
        for r in NATURALS:
            c = rest[r]
            existing = melds.get(r)
            if existing is not None:
                m = [existing[0] + c, existing[1], existing[2]]
                want = 0
            elif c == 0:
                continue
            elif c == 1:
                ok = False
                break
            else:
                m = [c, 0, 0]
                want = 1 if c == 2 else 0
            cap = wild_cap(m)
            room += cap
            need_w += want
            after = sum(m) + want
            if after >= CANASTA:
                done += 1
            else:
                sizes.append((CANASTA - after, cap - want))
        if not ok or need_w > wilds or wilds > room:
            continue
        spare = wilds - need_w
        for deficit, extra in sorted(sizes):
            if deficit <= extra and deficit <= spare:
                spare -= deficit
                done += 1
        if done >= need:
            return True
    return False


# ---- moves -----------------------------------------------------------------------------------------


def vocabulary() -> list[str]:
    """Every move text (the engine's notation: 3-card starts, one-card adds)."""
    out = ["draw", "take-top", "end-round", "next-round", "ask-out", "answer-out yes", "answer-out no"]
    out += [f"take-pile {NAMES[r]}" for r in NATURALS]
    out += [f"take-pile {NAMES[r]} {NAMES[w]}" for r in NATURALS for w in (JOKER, TWO)]
    out += [f"discard {NAMES[k]}" for k in range(15)]
    out += [f"add {NAMES[r]} {NAMES[x]}" for r in NATURALS for x in (r, JOKER, TWO)]
    out += [f"meld {NAMES[r]} {NAMES[r]} {NAMES[x]}" for r in NATURALS for x in (r, JOKER, TWO)]
    out += ["meld B3 B3 B3", "meld B3 B3 B3 B3"]
    return out


KIND = {name: i for i, name in enumerate(NAMES)}
_DRAW_VERBS = ("draw", "end-round", "take-pile", "take-top")
VERBS_OF_PHASE = {
    "draw": tuple(m for m in vocabulary() if m.split()[0] in _DRAW_VERBS),
    "meld": tuple(m for m in vocabulary() if m.split()[0] in ("ask-out", "discard", "meld", "add")),
    "answer": ("answer-out yes", "answer-out no"),
}


def may_go_out(t: Table) -> bool:
    """SRC-CL-OUT-1: the side has the canastas, and the partner did not say no (R-CL-DEC-1)."""
    return canastas(t.melds[t.me]) >= t.rd.canastas_to_go_out and t.answer is not False


def partner(t: Table) -> int | None:
    """The next seat of the mover's side (R-CL-DEC-1), None when playing alone."""
    n = t.rd.players
    for k in range(1, n):
        seat = (t.to_move + k) % n
        if t.side(seat) == t.me:
            return seat
    return None


class Refused(Exception):
    """A move the referee finds illegal (raised inside :func:`step`)."""


def _take(hand: list[int], kind: int, n: int = 1) -> None:
    if hand[kind] < n:
        raise Refused(f"no {NAMES[kind]}")
    hand[kind] -= n


def step(t: Table, text: str) -> Table:
    """The position after ``text``, or :class:`Refused`. Checks the move's own conditions, then the
    conditions every step shares (:func:`_after_step`)."""
    u = t.copy()
    words = text.split()
    verb = words[0]
    side = u.me
    melds = u.melds[side]
    hand = u.hand
    top = u.pile[-1] if u.pile else None
    if u.phase == "round-over":
        if text != "next-round":
            raise Refused("round over")
        raise Refused("next-round is compared by the deal checks")
    if u.phase == "game-over":
        raise Refused("game over")
    if u.phase == "answer":
        if verb != "answer-out":
            raise Refused("an answer is due")
        u.answer = words[1] == "yes"
        u.phase = "meld"
        assert u.asker is not None
        u.to_move = u.asker
        return u
    if verb in ("answer-out",):
        raise Refused("nobody asked")
    frozen = any(k in (JOKER, TWO, RED3) for k in u.pile)  # SRC-CL-PIL-1, SRC-CL-DEA-2
    if u.phase == "draw":
        if verb == "draw":
            if not u.stock:
                raise Refused("empty stock")
            return _draw(u)
        if verb == "end-round":
            # SRC-CL-END-1: with an empty stock the player who cannot or will not take the pile ends the
            # round, unless the top card matches one of the side's melds (then they must take it).
            if u.stock:
                raise Refused("stock not empty")
            try:
                step(t, "take-top")
            except Refused:
                return _end_round(u, "stock-empty", None)
            raise Refused("must take the pile")
        if verb not in ("take-pile", "take-top"):
            raise Refused("draw phase")
        # SRC-CL-PIL-1: a wild card or black 3 on top stops the pile.
        if top is None or top < 4:
            raise Refused("pile stopped or empty")
        closed = frozen or not u.opened[side]
        rest = u.pile[:-1]
        if verb == "take-top":
            if closed or top not in melds:
                raise Refused("take-top needs an open pile and a meld of the rank")
            melds[top][0] += 1
        elif len(words) == 2:
            rank = KIND[words[1]]
            if rank != top:
                raise Refused("not the top rank")
            _take(hand, rank, 2)
            if rank in melds:
                if not u.rd.pair_joins_meld:
                    raise Refused("R-CL-DEC-5")
                melds[rank][0] += 3
            else:
                melds[rank] = [3, 0, 0]
                u.turn_started.add(rank)
        else:
            rank, wild = KIND[words[1]], KIND[words[2]]
            if rank != top or closed or rank in melds:
                raise Refused("natural and wild pickup needs an open pile and no meld of the rank")
            _take(hand, rank)
            _take(hand, wild)
            melds[rank] = [2, 1 if wild == JOKER else 0, 1 if wild == TWO else 0]
            u.turn_started.add(rank)
        u.pile = []
        u.phase = "meld"
        # SRC-CL-R3-1 (std): a red 3 taken with the pile is put down, not replaced.
        u.red3[side] += rest.count(RED3)
        taken = [0] * 15
        for k in rest:
            if k != RED3:
                taken[k] += 1
        if u.opened[side]:
            for k in range(15):
                hand[k] += taken[k]
        else:
            u.pending = taken  # SRC-CL-REQ-1: only the top card and cards from the hand count
        return _after_step(t, u)
    # the meld phase
    if verb == "ask-out":
        # R-CL-DEC-1: before melding in the turn, two cards or more, the side has the canastas.
        mate = partner(u)
        if (
            not u.rd.ask_partner
            or mate is None
            or u.asker is not None
            or u.answer is not None
            or _melded_this_turn(t)
            or sum(hand) < 2
            or not may_go_out(u)
        ):
            raise Refused("may not ask")
        u.asker = u.to_move
        u.to_move = mate
        u.phase = "answer"
        return u
    if verb == "discard":
        kind = KIND[words[1]]
        _take(hand, kind)
        if not u.opened[side] and (melds or u.pending is not None):
            raise Refused("R-CL-REQ-1: the requirement is not met")
        if sum(hand) == 0 and not may_go_out(u):
            raise Refused("may not go out")
        if BLACK3 in melds and sum(hand) > 0:
            raise Refused("black 3s were melded: the player goes out")
        if u.answer is True and sum(hand) > 0 and _can_meld(t):
            raise Refused("after yes, every meld first")
        u.pile.append(kind)
        if sum(hand) == 0:
            return _end_round(u, "went-out", u.to_move)
        return _next_turn(u)
    if verb == "meld" and words[1] == "B3":
        n = len(words) - 1
        _take(hand, BLACK3, n)
        if BLACK3 in melds:
            raise Refused("one black-3 meld")
        melds[BLACK3] = [n, 0, 0]
        u.turn_started.add(BLACK3)
        if not may_go_out(u):
            raise Refused("SRC-CL-MLD-2: only going out")
        if u.rd.black_threes_last_cards:
            if sum(hand):
                raise Refused("black 3s must be the last cards")
        elif sum(hand) > 1:
            # R-CL-DEC-7's default orders the going-out turn: the black 3s are the last meld, leaving at
            # most the final discard (any going out with them can be played in that order).
            raise Refused("R-CL-DEC-7: black 3s leave at most the final discard")
        elif not can_go_out(hand, melds, u.rd.canastas_to_go_out):
            raise Refused("SRC-CL-MLD-2: the player would not go out")
        return _after_step(t, u)
    if verb == "meld":
        rank, third = KIND[words[1]], KIND[words[3]]
        if rank in melds:
            raise Refused("SRC-CL-MLD-1: one meld per rank")
        _take(hand, rank, 2)
        _take(hand, third)
        melds[rank] = [3 if third == rank else 2, 1 if third == JOKER else 0, 1 if third == TWO else 0]
        u.turn_started.add(rank)
        return _after_step(t, u)
    if verb == "add":
        rank, card = KIND[words[1]], KIND[words[2]]
        if rank not in melds:
            raise Refused("no meld of the rank")
        _take(hand, card)
        m = melds[rank]
        if card == rank:
            m[0] += 1
        else:
            if wild_cap(m) < 1:
                raise Refused("SRC-CL-MLD-1: wild limit")
            m[1 if card == JOKER else 2] += 1
        return _after_step(t, u)
    raise Refused(f"not a {u.phase} move")


def _melded_this_turn(t: Table) -> bool:
    return t.turn_melds > 0


def _can_meld(t: Table) -> bool:
    for text in vocabulary():
        if text.startswith(("meld ", "add ")):
            try:
                step(t, text)
            except Refused:
                continue
            return True
    return False


def _after_step(before: Table, u: Table) -> Table:
    """What every meld step shares: the initial meld (SRC-CL-REQ-1) and the cards kept when the player
    may not go out (SRC-CL-OUT-1: going out is melding every card, with or without a final discard)."""
    side = u.me
    melds = u.melds[side]
    hand = u.hand
    u.turn_melds += 1
    for r in u.turn_started:  # R-CL-DEC-2: a canasta completed in the turn its meld was started
        if (
            r in melds
            and is_canasta(melds[r])
            and not (r in before.melds[side] and is_canasta(before.melds[side][r]))
        ):
            u.concealed[side] += 1
    committed = BLACK3 in melds and not u.rd.black_threes_last_cards
    if committed and not can_go_out(hand, melds, u.rd.canastas_to_go_out):
        raise Refused("black 3s melded: the player must still go out")
    if not u.opened[side]:
        need = requirement(u.score[side])
        points = sum(meld_points(m, r) for r, m in melds.items())
        aside = sum(u.pending) if u.pending is not None else 0
        kept_aside = aside if u.rd.held_aside_kept else 0
        if points >= need:
            short = sum(hand) + kept_aside < 2
            if short and not (may_go_out(u) and (aside == 0 or not u.rd.opening_keeps_two)):
                raise Refused("R-CL-REQ-1: keep two cards")
            u.opened[side] = True
            if u.pending is not None:
                for k in range(15):
                    hand[k] += u.pending[k]
                u.pending = None
        else:
            best = best_points(hand, melds, max(0, 2 - kept_aside))
            reach = best is not None and points + best >= need
            if not reach and not u.rd.opening_keeps_two and may_go_out_after(u):
                reach = opens_going_out(hand, melds, need - points, aside, u.rd.canastas_to_go_out)
            if not reach:
                raise Refused("R-CL-REQ-1: the requirement cannot be met")
    left = sum(hand)
    # R-CL-REQ-2: until the side opens, the cards held aside count among the cards the player keeps.
    aside_kept = sum(u.pending) if u.pending is not None and u.rd.held_aside_kept else 0
    if left + aside_kept < 2 and not may_go_out(u):
        raise Refused("SRC-CL-OUT-1: keep two cards")
    if left == 0 and u.phase == "meld":
        return _end_round(u, "went-out", u.to_move)
    return u


def may_go_out_after(t: Table) -> bool:
    """The player may go out this turn at all: the partner did not say no (R-CL-DEC-1)."""
    return t.answer is not False


def opens_going_out(
    hand: Sequence[int], melds: dict[int, list[int]], need: int, aside: int, canastas: int
) -> bool:
    """SRC-CL-REQ-1 with SRC-CL-OUT-1: the side opens as its player goes out, the melds of the turn meeting
    ``need`` when at most one card is left (in hand or held aside): every card of the hand melded, or all
    but one final discard, the side then holding ``canastas`` canastas. (A player keeping two cards is the
    other route, :func:`best_points`.)"""
    if aside > 1:
        return False
    total = sum(hand[k] * VALUE[k] for k in range(15))
    if total < need:
        return False
    discards: list[int | None] = [None] if aside else [None, *(k for k in range(15) if hand[k])]
    for d in discards:
        rest = list(hand)
        if d is not None:
            rest[d] -= 1
        if total - (0 if d is None else VALUE[d]) >= need and can_go_out(rest, melds, canastas, False):
            # A plan exists; the moment the requirement is met decides (the steps are one card at a time,
            # R-CL-MLD-4): two cards kept then, or the canastas made.
            frozen = tuple(sorted((r, tuple(m)) for r, m in melds.items()))
            return _met_well(tuple(hand), frozen, need, aside, canastas)
    return False


@functools.cache
def _met_well(
    hand: tuple[int, ...], melds: tuple[tuple[int, tuple[int, ...]], ...], need: int, aside: int, needed: int
) -> bool:
    """Some order of starts (three cards) and adds (one card) meets ``need`` with two cards kept (the hand
    and those held aside) or with the side's ``needed`` canastas made."""
    table = {r: list(m) for r, m in melds}
    for r in NATURALS:
        for card in (r, JOKER, TWO):
            if not hand[card]:
                continue
            after = list(hand)
            grown = {k: list(m) for k, m in table.items()}
            if r in grown:
                m = grown[r]
                if card != r and wild_cap(m) < 1:
                    continue
                m[0 if card == r else 1 if card == JOKER else 2] += 1
                after[card] -= 1
                gained = VALUE[card]
            else:
                if hand[r] < 2 or (card == r and hand[r] < 3):
                    continue
                after[r] -= 2
                after[card] -= 1
                grown[r] = [3 if card == r else 2, int(card == JOKER), int(card == TWO)]
                gained = 2 * VALUE[r] + VALUE[card]
            if gained >= need:
                if sum(after) + aside >= 2 or canastas(grown) >= needed:
                    return True
            elif _met_well(
                tuple(after),
                tuple(sorted((k, tuple(m)) for k, m in grown.items())),
                need - gained,
                aside,
                needed,
            ):
                return True
    return False


def _draw(u: Table) -> Table:
    """SRC-CL-TRN-1, SRC-CL-VAR-2, SRC-CL-R3-1, SRC-CL-END-1."""
    side = u.me
    for _ in range(u.rd.draw_size):
        while u.stock:
            card = u.stock.pop()
            if card != RED3:
                u.hand[card] += 1
                break
            u.red3[side] += 1
            if not u.stock:
                return _end_round(u, "red-three-last", None)
    u.phase = "meld"
    return u


def _next_turn(u: Table) -> Table:
    u.melded_before[u.to_move] = u.melded_before[u.to_move] or bool(u.turn_started)
    u.to_move = (u.to_move + 1) % u.rd.players
    u.phase = "draw"
    u.turn_started = set()
    u.asker = None
    u.answer = None
    return u


def _end_round(u: Table, how: str, out: int | None) -> Table:
    u.ended = how
    u.went_out = out
    u.breakdown = score_round(u, out)
    totals = [u.score[s] + sum(u.breakdown[s]) for s in range(u.rd.sides)]
    u.score = totals
    target = u.rd.target
    best = max(totals)
    tops = [s for s in range(u.rd.sides) if totals[s] == best]
    over = best >= target and not (u.rd.tie_extra_rounds and len(tops) > 1)
    u.phase = "game-over" if over else "round-over"
    return u


def score_round(u: Table, out: int | None) -> list[tuple[int, int, int, int, int]]:
    """SRC-CL-SCO-1: (melded, canasta bonus, red 3s, going out, hand penalty) per side."""
    rd = u.rd
    all_red = 6 if rd.players == 6 else 4
    rows = []
    for s in range(rd.sides):
        melds = u.melds[s]
        melded = sum(meld_points(m, r) for r, m in melds.items())
        bonus = sum((500 if m[1] + m[2] == 0 else 300) for m in melds.values() if is_canasta(m))
        if rd.concealed_canasta_bonus:
            bonus += 100 * u.concealed[s]
        red = u.red3[s] * (200 if u.red3[s] == all_red else 100)
        if not melds:
            red = -red
        going = 0
        if out is not None and u.side(out) == s:
            concealed = not u.melded_before[out] and any(
                is_canasta(melds[r]) for r in u.turn_started if r in melds and r != BLACK3
            )
            going = 200 if concealed else 100
        penalty = -sum(
            sum(u.hands[p][k] * VALUE[k] for k in range(15)) for p in range(rd.players) if u.side(p) == s
        )
        rows.append((melded, bonus, red, going, penalty))
    return rows


def legal(t: Table) -> set[str]:
    """Every move of the vocabulary :func:`step` accepts."""
    out = set()
    hand = t.hand
    for text in VERBS_OF_PHASE.get(t.phase, ()):
        words = text.split()
        if words[0] in ("discard", "meld", "add") and not hand[KIND[words[-1]]]:
            continue  # (a quick filter: the step needs that card in hand)
        if words[0] == "take-pile" and (not t.pile or KIND[words[1]] != t.pile[-1]):
            continue
        try:
            step(t, text)
        except Refused:
            continue
        out.add(text)
    if t.phase == "round-over":
        out.add("next-round")
    return out


# ---- the comparison with the engine ----------------------------------------------------------------


def snapshot(t: Table) -> tuple[object, ...]:
    """What two positions must share after a move."""
    return (
        tuple(tuple(h) for h in t.hands),
        tuple(tuple(sorted((r, tuple(m)) for r, m in side.items())) for side in t.melds),
        tuple(t.red3),
        tuple(t.opened),
        tuple(t.pile),
        len(t.stock),
        t.to_move if t.phase not in ("round-over", "game-over") else None,
        t.phase,
        None if t.pending is None else tuple(t.pending),
        tuple(t.score),
    )


def check_deal(state: ClassicState, rd: Readings) -> list[str]:
    """SRC-CL-MAT-1, SRC-CL-VAR-*, SRC-CL-DEA-2, SRC-CL-R3-1: the pack, the hands, the upcard, the stock."""
    problems = []
    decks, jokers = (3, 6) if rd.players == 6 else (2, 4)
    pack = [4 * decks] * 15
    pack[JOKER] = jokers
    pack[RED3] = pack[BLACK3] = 2 * decks
    size = {2: 15, 3: 13, 4: 11, 6: 13}[rd.players]
    seen = [0] * 15
    for seat, hand in enumerate(state.hands):
        if sum(hand) != size:
            problems.append(f"deal: seat {seat} holds {sum(hand)} cards, not {size}")
        if hand[RED3]:
            problems.append(f"deal: seat {seat} holds a red 3")
        for k in range(15):
            seen[k] += hand[k]
    for k in state.pile:
        seen[int(k)] += 1
    for k in state.stock:
        seen[int(k)] += 1
    for side in state.sides:
        seen[RED3] += side.red_threes
    if seen != pack:
        problems.append(f"deal: the cards are not the pack: {seen} != {pack}")
    if not state.pile or int(state.pile[-1]) in (JOKER, TWO, RED3):
        problems.append("deal: the upcard is a wild card or red 3")
    if any(int(k) not in (JOKER, TWO, RED3) for k in state.pile[:-1]):
        problems.append("deal: a card turned under the upcard is neither wild nor a red 3")
    if len(state.pile) + len(state.stock) + rd.players * size + sum(s.red_threes for s in state.sides) != sum(
        pack
    ):
        problems.append("deal: the stock is not the rest of the pack")
    return problems


STYLES = ("random", "greedy", "hoarding")


def choose(style: str, moves: Sequence[Move], rng: random.Random) -> Move:
    """Random, greedy (take the pile, meld, go out) or hoarding (draw, keep cards, say no) play."""
    if style == "random":
        return rng.choice(moves)
    order: tuple[str, ...]
    if style == "greedy":
        order = ("take-pile", "take-top", "meld", "add", "ask-out", "answer-out yes", "draw", "discard")
    else:
        order = ("draw", "answer-out no", "discard", "take-top", "take-pile", "end-round")
    for prefix in order:
        picks = [m for m in moves if str(m).startswith(prefix)]
        if picks:
            if prefix == "discard":
                return min(picks, key=lambda m: (VALUE[KIND[str(m).split()[1]]], rng.random()))
            return rng.choice(picks)
    return rng.choice(moves)


CONTROL = {"held_aside_kept": False, "black_threes_last_cards": True, "opening_keeps_two": True}


@dataclass
class Report:
    """Counts per (players, option set, style) and the disagreements, classified."""

    states: collections.Counter[str] = field(default_factory=collections.Counter)
    moves_checked: int = 0
    rounds_scored: int = 0
    deals: int = 0
    classes: collections.Counter[str] = field(default_factory=collections.Counter)
    examples: dict[str, list[str]] = field(default_factory=dict)
    #: Illegal moves probed with ``why_illegal``, and (the referee's reason, the engine's clause) pairs.
    probes: int = 0
    reasons: collections.Counter[tuple[str, str]] = field(default_factory=collections.Counter)

    def disagree(self, cls: str, text: str) -> None:
        self.classes[cls] += 1
        self.examples.setdefault(cls, [])
        if len(self.examples[cls]) < 3:
            self.examples[cls].append(text)


def _classify(state: ClassicState, rd: Readings, probe: Callable[[Readings], bool]) -> str:
    """Which known reading explains a disagreement: the one whose switch makes it vanish."""
    for name, value in CONTROL.items():
        if getattr(rd, name) != value:
            other = Readings(**{**rd.__dict__, name: value})
            if probe(other):
                return {
                    "held_aside_kept": "R-CL-REQ-2 held-aside bug",
                    "black_threes_last_cards": "R-CL-DEC-7 reading",
                    "opening_keeps_two": "R-CL-REQ-1 opening by going out",
                }[name]
    return "unexplained"


def probe_illegal(state: ClassicState, table: Table, engine: set[str], report: Report, key: str) -> None:
    """Ask ``why_illegal`` of every move of the phase that the engine and the referee both refuse: it must
    name a clause of the spec; the pair (the referee's reason, the engine's clause) is tallied."""
    for text in VERBS_OF_PHASE.get(table.phase, ()):
        if text in engine:
            continue
        try:
            step(table, text)
        except Refused as refused:
            reason = str(refused).split(":")[0]
        else:
            continue  # (a legal-set disagreement, reported as such)
        report.probes += 1
        problem = why_illegal(state, Move.from_text(text))
        if problem is None or not problem.clause.startswith("R-CL-"):
            report.disagree("why_illegal", f"{key} {text}: the engine names {problem}; the referee: {reason}")
            continue
        report.reasons[(reason, problem.clause)] += 1


def _engine_readings(rules: ClassicRules, rd: Readings) -> Readings:
    if hasattr(rules, "black_threes_last_cards"):
        return Readings(**{**rd.__dict__, "black_threes_last_cards": bool(rules.black_threes_last_cards)})
    return rd


def compare(
    players: int,
    options: dict[str, object],
    style: str,
    states: int,
    seed: int,
    report: Report,
    readings: dict[str, bool] | None = None,
    probe_every: int = 0,
) -> None:
    """Play ``states`` decision points of engine games and check each against the referee (and every
    ``probe_every``-th state's illegal moves against ``why_illegal``, see :func:`probe_illegal`)."""
    rules = ClassicRules(players=players, **options)  # type: ignore[arg-type]
    rd = _engine_readings(rules, Readings(players=players, **{**options, **(readings or {})}))  # type: ignore[arg-type]
    rng = random.Random(seed)
    key = f"{players}p {style} {json.dumps(options, sort_keys=True)}"
    game = seed * 1000
    state = new_game(rules, seed=game)
    for problem in check_deal(state, rd):
        report.disagree("deal", problem)
    report.deals += 1
    for count in range(states):
        report.states[key] += 1
        engine = {str(m) for m in legal_moves(state)}
        table = of_engine(state, rd)
        mine = legal(table)
        if probe_every and count % probe_every == 0:
            probe_illegal(state, table, engine, report, key)
        if state.phase.value == "game-over":
            mine = set()
        if engine != mine:
            extra, missing = sorted(mine - engine), sorted(engine - mine)

            def agrees(other: Readings, state: ClassicState = state, engine: set[str] = engine) -> bool:
                return legal(of_engine(state, other)) == engine

            cls = _classify(state, rd, agrees)
            report.disagree(
                cls,
                f"{key} legal: referee only {extra}, engine only {missing}; hand {_hand(table)}, pile "
                f"{[NAMES[k] for k in table.pile]}, melds {_melds(table)}, pending {table.pending}",
            )
        moves = legal_moves(state)
        if not moves:
            game += 1
            state = new_game(rules, seed=game)
            report.deals += 1
            for problem in check_deal(state, rd):
                report.disagree("deal", problem)
            continue
        move = choose(style, moves, rng)
        after = apply(state, move)
        text = str(move)
        if text == "next-round":
            report.deals += 1
            for problem in check_deal(after, rd):
                report.disagree("deal", problem)
        elif text in mine:
            report.moves_checked += 1
            ours = step(table, text)
            theirs = of_engine(after, rd)
            if snapshot(ours) != snapshot(theirs):
                report.disagree(
                    "transition", f"{key} {text}: referee {snapshot(ours)} engine {snapshot(theirs)}"
                )
            if ours.ended is not None:
                report.rounds_scored += 1
                last = after.history[-1]
                engine_rows = [
                    (b.melded, b.canasta_bonus, b.red_threes, b.going_out, b.hand_penalty)
                    for b in last.breakdowns
                ]
                if engine_rows != ours.breakdown or last.end != ours.ended or last.went_out != ours.went_out:
                    report.disagree("score", f"{key} {text}: referee {ours.breakdown} engine {engine_rows}")
        state = after


def _hand(t: Table) -> str:
    return " ".join(NAMES[k] for k in range(15) for _ in range(t.hand[k]))


def _melds(t: Table) -> list[str]:
    return [f"{NAMES[r]}:{m}" for r, m in t.melds[t.me].items()]


OPTION_SETS: tuple[dict[str, object], ...] = (
    {},
    {"ask_partner": False},
    {"concealed_canasta_bonus": True, "target_score": 1500},
    {"pair_joins_meld": False},
    {"tie_extra_rounds": False, "target_score": 1000},
    {"black_threes_last_cards": True},
)


def option_sets(players: int) -> list[dict[str, object]]:
    out = list(OPTION_SETS)
    if players == 3:
        out.append({"three_player_target_7500": True})
    if players == 6:
        out.append({"six_player_sides": 2})
    return out


def run(
    total: int,
    seed: int,
    out: Callable[[str], object] = print,
    cells: str = ":",
    readings: dict[str, bool] | None = None,
    probe_every: int = 0,
) -> Report:
    """Spread ``total`` states over every player count, option set and style (``cells``: a slice, ``52:``),
    the referee reading the source (``readings`` switch some of :class:`Readings`)."""
    report = Report()
    grid = [(p, o, s) for p in (2, 3, 4, 6) for o in option_sets(p) for s in STYLES]
    per = max(1, total // len(grid))
    first, _, last = cells.partition(":")
    chosen = range(len(grid))[int(first or 0) : int(last) if last else None]
    for i in chosen:
        players, options, style = grid[i]
        compare(players, options, style, per, seed + i, report, readings, probe_every)
        out(
            f"{i + 1}/{len(grid)} {players}p {style} {options}: {sum(report.states.values())} states, "
            f"{dict(report.classes)}"
        )
        sys.stdout.flush()
    return report


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--states", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", help="write the report here")
    parser.add_argument("--cells", default=":", help="a slice of the grid of cells, e.g. 52: (default all)")
    parser.add_argument(
        "--opening-keeps-two",
        action="store_true",
        help="read R-CL-REQ-1 as the engine did before it let a side open going out (keep two cards)",
    )
    parser.add_argument(
        "--probe-every", type=int, default=0, help="probe why_illegal on every N-th state's illegal moves"
    )
    args = parser.parse_args(list(argv) if argv is not None else None)
    readings = {"opening_keeps_two": True} if args.opening_keeps_two else None
    report = run(args.states, args.seed, cells=args.cells, readings=readings, probe_every=args.probe_every)
    print(
        f"states {sum(report.states.values())}, moves checked {report.moves_checked}, rounds scored "
        f"{report.rounds_scored}, deals {report.deals}, illegal moves probed {report.probes}"
    )
    for (reason, clause), n in sorted(report.reasons.items()):
        print(f"  refused: {reason!r} -> engine {clause}: {n}")
    for cls, n in report.classes.most_common():
        print(f"{cls}: {n}")
        for example in report.examples[cls]:
            print("   ", example[:600])
    if args.json:
        with open(args.json, "w") as f:
            json.dump(
                {
                    "states": dict(report.states),
                    "moves": report.moves_checked,
                    "rounds": report.rounds_scored,
                    "deals": report.deals,
                    "probes": report.probes,
                    "reasons": {f"{r} -> {c}": n for (r, c), n in sorted(report.reasons.items())},
                    "classes": dict(report.classes),
                    "examples": report.examples,
                },
                f,
                indent=1,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
