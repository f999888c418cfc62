"""The deal: a new game and each round dealt from the seed (R-SET-*), the cards arriving in a hand with
their red 3s put down at once (R-RED-1, R-DEC-5, R-DEC-6).

>>> state = new_game(RAILROAD, seed=1)
>>> state.phase, len(state.players), state.mover.hand_size
(Phase.DRAW, 2, 13)
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence

import attrs

from railroad_canasta.core.cards import Counts, Kind, counts_of, empty_counts, kinds_of, pack
from railroad_canasta.core.frozen import copier
from railroad_canasta.core.known import forget_folded
from railroad_canasta.core.seed import check_seed
from railroad_canasta.core.stock import Stock, as_pile, as_stock
from railroad_canasta.variants.railroad.rules import RAILROAD, Rules, UpcardRule
from railroad_canasta.variants.railroad.state import GameState, Phase, PlayerState, RoundResult, engine_state

__all__ = ["first_dealer", "new_game", "seed_deal"]

_R3 = Kind.RED_THREE
_DRAW_PHASE = Phase.DRAW


_with_players = copier(GameState, ("players", "stock"), stamp=True)


_received = copier(PlayerState, ("hand", "red_threes"))


def _receive(
    player: PlayerState, cards: Sequence[Kind], stock: Stock, rules: Rules, *, replace: bool = True
) -> tuple[PlayerState, Stock]:
    """Cards (by kind) arrive in a player's hand; red 3s among them go down at once (R-RED-1).

    With ``replace`` (not for a taken pile), R-DEC-5's alternative draws a card for each.
    """
    hand = list(player.hand)
    for kind in cards:
        hand[kind] += 1
    red = player.red_threes
    if hand[_R3]:
        red, stock = _red_threes_down(hand, red, stock, rules, replace)
    return _received(player, tuple(hand), red), stock


def _red_threes_down(
    hand: list[int], red: int, stock: Stock, rules: Rules, replace: bool
) -> tuple[int, Stock]:
    """The red 3s in ``hand`` (a list, changed here) go down at once (R-RED-1): the red 3s down then
    (``red`` before) and the stock. With ``replace`` (not for a taken pile), R-DEC-5's alternative draws a
    card for each.
    """
    while hand[_R3]:
        # rule: R-RED-1
        arrived = hand[_R3]
        hand[_R3] = 0
        red += arrived
        # rule: R-DEC-5
        if replace and rules.red_three_replacement and stock:
            drawn, stock = stock.draw(arrived)
            for kind in drawn:
                hand[kind] += 1
    return red, stock


def first_dealer(seed: int, players: int) -> int:
    """The first dealer of a game with this seed (R-SET-1)."""
    # rule: R-SET-1
    return random.Random(f"railroad-canasta/{seed}/dealer").randrange(players)


@functools.cache
def _pack_kinds(players: int, decks_per_player: int, jokers_per_player: int) -> tuple[Kind, ...]:
    """The kinds of the unshuffled pack, in its fixed order (made once for each size of pack)."""
    return tuple(card.kind for card in pack(players, decks_per_player, jokers_per_player))


def _deal(
    rules: Rules,
    seed: int,
    round_no: int,
    dealer: int,
    scores: tuple[int, ...],
    history: tuple[RoundResult, ...],
) -> GameState:
    """Shuffle from the seed and deal a round (R-SET-2..5)."""
    forget_folded()  # (the last round's trails: no use once known cards start again from none)
    n = rules.players
    # rule: R-SET-3
    stock = list(_pack_kinds(n, rules.decks_per_player, rules.jokers_per_player))
    random.Random(f"railroad-canasta/{seed}/round/{round_no}").shuffle(stock)
    # rule: R-TRN-1
    order = [(dealer + 1 + i) % n for i in range(n)]
    hands: dict[int, Counts] = {}
    kitties: dict[int, Counts] = {}
    for seat in order:
        hands[seat] = counts_of(stock[len(stock) - rules.hand_size :])
        del stock[len(stock) - rules.hand_size :]
    for seat in order:
        kitties[seat] = counts_of(stock[len(stock) - rules.kitty_size :])
        del stock[len(stock) - rules.kitty_size :]
    players = [PlayerState(hand=empty_counts(), kitty=kitties[i], score=scores[i]) for i in range(n)]
    stock_t = as_stock(stock)
    for seat in order:
        if rules.red_threes_down_at_deal:
            # rule: R-DEC-6
            players[seat], stock_t = _receive(players[seat], kinds_of(hands[seat]), stock_t, rules)
        else:
            players[seat] = attrs.evolve(players[seat], hand=hands[seat])
    # rule: R-SET-4
    stock = list(stock_t)
    for _ in range(len(stock)):
        upcard = stock[-1]
        # rule: R-DEC-3
        wild_back = upcard.is_wild and rules.wild_upcard is UpcardRule.RETURN
        # rule: R-DEC-4
        black_back = upcard is Kind.BLACK_THREE and rules.black_three_upcard is UpcardRule.RETURN
        if not (wild_back or black_back):
            break
        stock.insert(0, stock.pop())
    upcard = stock.pop()
    # rule: R-SET-5, R-DEC-3
    frozen = upcard is _R3 or upcard.is_wild
    state = engine_state(
        rules=rules,
        seed=seed,
        round=round_no,
        dealer=dealer,
        to_move=order[0],
        phase=_DRAW_PHASE,
        players=tuple(players),
        stock=as_stock(stock),
        pile=as_pile((upcard,)),
        pile_frozen=frozen,
        turn_points=0,
        pending=None,
        turn_canasta=False,
        history=history,
        result=None,
    )
    return _begin_turn(state)


@functools.lru_cache(maxsize=32)
def seed_deal(rules: Rules, seed: int, round_no: int, dealer: int) -> GameState:
    """Round ``round_no`` as the seed deals it (scores and history left empty): what a saved state of
    that round is checked against (its untaken kitties, its stock). Cached: loading a game's states
    deals each round once."""
    return _deal(rules, seed, round_no, dealer, (0,) * rules.players, ())


def new_game(rules: Rules = RAILROAD, *, seed: int, players: int | None = None) -> GameState:
    """A new game: the first dealer drawn and the first round dealt, from ``seed``.

    ``players`` overrides ``rules.players``.
    """
    if players is not None and players != rules.players:
        rules = rules.replace(players=players)
    check_seed(seed)
    return _deal(rules, seed, 1, first_dealer(seed, rules.players), (0,) * rules.players, ())


def _seated(state: GameState, player: PlayerState) -> tuple[PlayerState, ...]:
    """The players of ``state`` with the mover's state replaced by ``player``."""
    players = list(state.players)  # (a list and one tuple: half the cost of slicing and unpacking)
    players[state.to_move] = player
    return tuple(players)


def _begin_turn(state: GameState) -> GameState:
    """Start the turn of ``state.to_move``: red 3s still held go down (R-DEC-6 alternative)."""
    player = state.players[state.to_move]
    if player.hand[_R3]:
        # rule: R-DEC-6
        player, stock = _receive(player, (), state.stock, state.rules)
        return _with_players(state, _seated(state, player), stock)
    return state
