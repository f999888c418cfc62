"""Build a :class:`GameState` directly from kind notation, for clause-by-clause engine tests.

:func:`make_state` places the cards it is given (hands, kitties, melds, pile, pending pile, stock) and
checks that no kind is used more often than the pack holds (``ValueError`` otherwise).

Where the cards not placed go (the stock rule):

* ``stock=None`` (the default): every card of the pack not placed elsewhere is the stock, so the cards in
  play add up to exactly ``pack_counts`` (see :func:`card_total`). The stock is in ascending kind order
  (jokers at the bottom, aces on top), so the next cards drawn are aces.
* ``stock=<int n>``: the stock is the top ``n`` cards of that leftover order (``0``: an empty stock);
* ``stock=<str>``: the stock is exactly those cards, the last one drawn first.

With an explicit stock the leftover cards are out of play (as if set aside): the engine never counts cards,
and over-use is still refused.

Red 3s put down are counted out of the pack too (``red_threes``). Melds are written like ``"9 9 9 JK"``
(a wild meld: ``"JK JK 2"``; the black-3 meld: ``"B3 B3 B3"``) or given as :class:`TableMeld`. A player's
canasta mask is derived from their complete melds (and with it the kitty's look); ``opened`` defaults
to "has a meld".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeVar

from railroad_canasta import (
    RAILROAD,
    GameState,
    IllegalMoveError,
    Kind,
    Move,
    Phase,
    PlayerState,
    Rules,
    TableMeld,
    apply,
    legal_moves,
    parse_kinds,
)
from railroad_canasta.core.cards import KIND_COUNT, Counts, counts_of, empty_counts, pack_counts
from railroad_canasta.variants.railroad.rules import canasta_mask

__all__ = [
    "FOUR_CANASTAS",
    "PerPlayer",
    "card_total",
    "clause_of",
    "counts",
    "legal_texts",
    "make_state",
    "parse_meld",
]

T = TypeVar("T")
#: A per-player option: a value per seat (list) or for some seats (dict; other seats get the default).
PerPlayer = Mapping[int, T] | Sequence[T]


def counts(text: str) -> Counts:
    """The :data:`Counts` of cards written in kind notation, e.g. ``counts("9 9 JK")``."""
    return counts_of(parse_kinds(text))


def parse_meld(meld: TableMeld | str) -> TableMeld:
    """A table meld from notation: ``"9 9 9 JK"``, ``"JK JK 2"`` (wild meld) or ``"B3 B3 B3"``."""
    if isinstance(meld, TableMeld):
        return meld
    kinds = parse_kinds(meld)
    ranks = {k for k in kinds if not k.is_wild}
    if len(ranks) > 1:
        raise ValueError(f"meld {meld!r} mixes ranks {sorted(ranks)}")
    rank = ranks.pop() if ranks else Kind.JOKER
    wild_meld = rank is Kind.JOKER
    naturals = 0 if wild_meld else kinds.count(rank)
    return TableMeld(rank, naturals, kinds.count(Kind.JOKER), kinds.count(Kind.TWO))


def _meld_counts(meld: TableMeld) -> Counts:
    out = [0] * KIND_COUNT
    if meld.rank is not Kind.JOKER:
        out[meld.rank] += meld.naturals
    out[Kind.JOKER] += meld.jokers
    out[Kind.TWO] += meld.twos
    return tuple(out)


def _seat_values(value: PerPlayer[T] | None, n: int, default: T, name: str) -> list[T]:
    if value is None:
        return [default] * n
    if isinstance(value, Mapping):
        bad = [seat for seat in value if not 0 <= seat < n]
        if bad:
            raise ValueError(f"{name}: no seat {bad[0]} with {n} players")
        return [value.get(seat, default) for seat in range(n)]
    if len(value) != n:
        raise ValueError(f"{name}: {len(value)} values for {n} players")
    return list(value)


def make_state(
    *,
    rules: Rules = RAILROAD,
    hands: PerPlayer[str],
    to_move: int = 0,
    phase: Phase = Phase.MELD,
    pile: str = "9 5",
    pile_frozen: bool = False,
    stock: str | int | None = None,
    melds: PerPlayer[Sequence[TableMeld | str]] | None = None,
    red_threes: PerPlayer[int] | None = None,
    opened: PerPlayer[bool] | None = None,
    scores: PerPlayer[int] | None = None,
    kitties: PerPlayer[str] | None = None,
    kitty_taken: PerPlayer[bool] | None = None,
    turn_points: int = 0,
    pending: str | None = None,
    turn_canasta: bool = False,
    dealer: int | None = None,
    round_no: int = 1,
    seed: int = 0,
) -> GameState:
    """A game state with exactly these cards; the rest of the pack is the stock (see the module doc)."""
    n = rules.players
    if not 0 <= to_move < n:
        raise ValueError(f"to_move {to_move} is not a seat of {n} players")
    hand_c = [counts(text) for text in _seat_values(hands, n, "", "hands")]
    kitty_c = [counts(text) for text in _seat_values(kitties, n, "", "kitties")]
    meld_lists = [tuple(parse_meld(m) for m in ms) for ms in _seat_values(melds, n, (), "melds")]
    reds = _seat_values(red_threes, n, 0, "red_threes")
    pile_kinds = parse_kinds(pile)
    pending_c = counts(pending) if pending is not None else None

    used = [0] * KIND_COUNT
    placed: list[Counts] = [*hand_c, *kitty_c, counts_of(pile_kinds)]
    placed += [_meld_counts(m) for ms in meld_lists for m in ms]
    if pending_c is not None:
        placed.append(pending_c)
    for c in placed:
        for i in range(KIND_COUNT):
            used[i] += c[i]
    used[Kind.RED_THREE] += sum(reds)
    full = pack_counts(n, rules.decks_per_player, rules.jokers_per_player)
    leftover = [full[i] - used[i] for i in range(KIND_COUNT)]
    if isinstance(stock, str):
        stock_t = parse_kinds(stock)
        for k in stock_t:
            leftover[k] -= 1
    else:
        order = tuple(Kind(i) for i in range(KIND_COUNT) for _ in range(max(leftover[i], 0)))
        if stock is not None and not 0 <= stock <= len(order):
            raise ValueError(f"stock of {stock} cards: only {len(order)} are left over")
        stock_t = order if stock is None else order[len(order) - stock :]
    over = [Kind(i) for i in range(KIND_COUNT) if leftover[i] < 0]
    if over:
        raise ValueError(f"more cards of {over[0]} placed than the pack holds ({full[over[0]]})")

    masks = [canasta_mask(ms) for ms in meld_lists]
    opened_v = _seat_values(opened, n, None, "opened")
    taken_v = _seat_values(kitty_taken, n, False, "kitty_taken")
    score_v = _seat_values(scores, n, 0, "scores")
    players = tuple(
        PlayerState(
            hand=hand_c[i],
            kitty=kitty_c[i],
            melds=meld_lists[i],
            red_threes=reds[i],
            canastas=masks[i],
            opened=bool(meld_lists[i]) if opened_v[i] is None else bool(opened_v[i]),
            kitty_taken=taken_v[i],
            score=score_v[i],
        )
        for i in range(n)
    )
    return GameState(
        rules=rules,
        seed=seed,
        round=round_no,
        dealer=(to_move - 1) % n if dealer is None else dealer,
        to_move=to_move,
        phase=phase,
        players=players,
        stock=stock_t,
        pile=pile_kinds,
        pile_frozen=pile_frozen,
        turn_points=turn_points,
        pending=pending_c,
        turn_canasta=turn_canasta,
    )


def card_total(state: GameState) -> Counts:
    """Every card of a state by kind: hands, kitties, melds, red 3s, stock, pile and a pending pile."""
    total = list(counts_of(state.stock + state.pile))
    parts: list[Counts] = [state.pending if state.pending is not None else empty_counts()]
    for p in state.players:
        parts += [p.hand, p.kitty, *(_meld_counts(m) for m in p.melds)]
        total[Kind.RED_THREE] += p.red_threes
    for c in parts:
        for i in range(KIND_COUNT):
            total[i] += c[i]
    return tuple(total)


def legal_texts(state: GameState) -> set[str]:
    """The legal moves of ``state`` in move notation."""
    return {str(m) for m in legal_moves(state)}


def clause_of(state: GameState, move: Move | str) -> str:
    """The clause named by the :class:`IllegalMoveError` that applying ``move`` raises (fails if legal)."""
    try:
        apply(state, move)
    except IllegalMoveError as error:
        return error.clause
    raise AssertionError(f"{move} was legal")


#: One completed canasta of each kind (red, black, wild, sevens): a player holding them may go out.
FOUR_CANASTAS: tuple[str, ...] = ("9 9 9 9 9 9 9", "8 8 8 8 8 JK 2", "JK JK 2 2 2 2 2", "7 7 7 7 7 7 7")
