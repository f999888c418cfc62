"""The deal of classic Canasta: a new game and each round dealt from the seed, red 3s down and replaced
(R-CL-DEA-1..2, R-CL-RED-1).

>>> from railroad_canasta.variants.classic.rules import CLASSIC
>>> state = new_game(CLASSIC, seed=3)
>>> [state.hand_size(p) for p in range(4)], state.phase
([11, 11, 11, 11], Phase.DRAW)
"""

from __future__ import annotations

import functools
import random

from railroad_canasta.core.cards import COPIES_PER_DECK, NATURAL_KINDS, Counts, Kind, counts_of
from railroad_canasta.core.known import forget_folded
from railroad_canasta.core.seed import check_seed
from railroad_canasta.variants.classic.rules import CLASSIC, ClassicRules
from railroad_canasta.variants.classic.state import ClassicState, Phase, Side

__all__ = ["first_dealer", "new_game", "pack_kinds", "seed_deal"]

_R3 = Kind.RED_THREE


def pack_kinds(rules: ClassicRules) -> tuple[Kind, ...]:
    """The pack by kind in a fixed order: 52-card decks and two jokers a deck (R-CL-MAT-1, R-CL-VAR-1)."""
    return _pack(rules.decks)


@functools.cache
def _pack(decks: int) -> tuple[Kind, ...]:
    # rule: R-CL-MAT-1
    deck: list[Kind] = [Kind.JOKER, Kind.JOKER]
    deck += [Kind.TWO] * COPIES_PER_DECK + [Kind.RED_THREE] * 2 + [Kind.BLACK_THREE] * 2
    for rank in NATURAL_KINDS:
        deck += [rank] * COPIES_PER_DECK
    return tuple(deck * decks)


def _deal(
    rules: ClassicRules, seed: int, round_no: int, dealer: int, sides: tuple[Side, ...]
) -> ClassicState:
    """Deal a round: hands, red 3s down and replaced, the upcard turned (R-CL-DEA-1..2, R-CL-RED-1)."""
    forget_folded()  # (the last round's trails: no use once known cards start again from none)
    stock = list(pack_kinds(rules))
    random.Random(f"railroad-canasta/classic/{seed}/round/{round_no}").shuffle(stock)
    n = rules.players
    reds = [0] * len(sides)
    hands: list[Counts] = []
    for seat in range(n):
        cards: list[Kind] = []
        while len(cards) < rules.hand_size:
            card = stock.pop()
            if card is _R3:
                # rule: R-CL-RED-1
                reds[seat % len(sides)] += 1
            else:
                cards.append(card)
        hands.append(counts_of(cards))
    # rule: R-CL-DEA-2
    pile = [stock.pop()]
    while pile[-1] is _R3 or pile[-1].is_wild:
        pile.append(stock.pop())
    frozen = len(pile) > 1
    return ClassicState(
        rules=rules,
        seed=seed,
        round=round_no,
        dealer=dealer,
        to_move=(dealer + 1) % n,
        phase=Phase.DRAW,
        hands=tuple(hands),
        sides=tuple(Side(red_threes=r, score=s.score) for r, s in zip(reds, sides, strict=True)),
        stock=tuple(stock),
        pile=tuple(pile),
        pile_frozen=frozen,
        melded_before=(False,) * n,
    )


@functools.lru_cache(maxsize=32)
def seed_deal(rules: ClassicRules, seed: int, round_no: int, dealer: int) -> ClassicState:
    """Round ``round_no`` as the seed deals it (scores left empty): what a saved state of that round is
    checked against (its stock). Cached: loading a game's states deals each round once."""
    return _deal(rules, seed, round_no, dealer, tuple(Side() for _ in rules.sides))


def first_dealer(seed: int, players: int) -> int:
    """The dealer of the first round of the game dealt from ``seed`` (R-CL-DEA-1)."""
    # rule: R-CL-DEA-1
    return random.Random(f"railroad-canasta/classic/{seed}/dealer").randrange(players)


def new_game(rules: ClassicRules = CLASSIC, *, seed: int) -> ClassicState:
    """A new game under ``rules``, the first dealer and round 1 from ``seed`` (R-CL-DEA-1)."""
    check_seed(seed)
    return _deal(rules, seed, 1, first_dealer(seed, rules.players), tuple(Side() for _ in rules.sides))
