"""The positions the rules lab tries: small tables drawn from a seed, and how a walk picks its moves.

A position is drawn as a :class:`~railroad_canasta.scenarios.model.PositionSpec` for the scenario builder:
two natural ranks and a few special cards make up a palette, so that pairs, melds, frozen piles and
black 3s come up often; now and then a player is ready to go out (every kind of canasta down, the kitty
taken), all seats are alike, or the scores are near the target. Positions the builder refuses are
simply skipped by the search.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import attrs

from railroad_canasta.core.cards import KIND_COUNT, Counts, Kind
from railroad_canasta.core.moves import Move
from railroad_canasta.scenarios.model import PlayerSpec, PositionSpec
from railroad_canasta.variants.classic.rules import ClassicRules
from railroad_canasta.variants.railroad.rules import Rules, TableMeld
from railroad_canasta.variants.railroad.state import Phase

__all__ = ["chooser", "counts", "random_start"]

_NATURALS = (
    Kind.FOUR, Kind.FIVE, Kind.SIX, Kind.EIGHT, Kind.NINE, Kind.TEN, Kind.JACK, Kind.QUEEN, Kind.KING,
    Kind.ACE,
)  # fmt: skip


def _kinds(rng: random.Random, count: int, palette: Sequence[Kind]) -> list[Kind]:
    return [rng.choice(palette) for _ in range(count)]


def counts(kinds: Sequence[Kind]) -> Counts:
    """The counts of a list of cards."""
    out = [0] * KIND_COUNT
    for kind in kinds:
        out[kind] += 1
    return tuple(out)


def _random_meld(rng: random.Random, rank: Kind) -> TableMeld:
    size = rng.choice((3, 3, 4, 5, 6, 7, 7))
    if rng.random() < 0.08:
        jokers = rng.randint(0, 2)
        return TableMeld(Kind.JOKER, 0, jokers, size - jokers)
    wilds = 0 if rank is Kind.SEVEN or rng.random() < 0.6 else rng.randint(1, min(2, size - 2))
    jokers = rng.randint(0, wilds) if rng.random() < 0.3 else 0
    return TableMeld(rank, size - wilds, jokers, wilds - jokers)


def _random_hand(rng: random.Random, palette: Sequence[Kind]) -> list[Kind]:
    roll = rng.random()
    if roll < 0.08:
        return [rng.choice(palette[:2])] * 7 + _kinds(rng, rng.randint(0, 2), palette)
    if roll < 0.4:
        rank = rng.choice(palette[:3])
        return [rank] * rng.randint(1, 4) + _kinds(rng, rng.randint(0, 2), palette)
    return _kinds(rng, rng.choice((1, 1, 2, 2, 3, 3, 4, 5, 6)), palette)


def _random_player(rng: random.Random, palette: Sequence[Kind], score: int) -> PlayerSpec:
    melds = tuple(_random_meld(rng, rng.choice(palette[:3])) for _ in range(rng.choice((0, 0, 1, 1, 2))))
    melds = tuple({m.rank: m for m in melds}.values())
    roll = rng.random()
    kitty: Counts | None = None
    taken = False
    if roll < 0.6 and any(m.size == 7 and m.jokers + m.twos == 0 for m in melds):
        taken = True
    elif roll < 0.9:
        kitty = counts(_kinds(rng, rng.choice((0, 0, 1, 2)), (*palette[:3], Kind.RED_THREE)))
    return PlayerSpec(
        score=score,
        hand=counts(_random_hand(rng, palette)),
        kitty=kitty,
        kitty_taken=taken,
        melds=melds,
        red_threes=1 if rng.random() < 0.1 else 0,
    )


def random_start(rng: random.Random, rules: Rules | ClassicRules) -> PositionSpec:
    """A small position of ``rules``' players drawn from ``rng``."""
    ranks = rng.sample(_NATURALS, 2)
    palette: tuple[Kind, ...] = (
        ranks[0],
        ranks[1],
        rng.choice((Kind.SEVEN, ranks[0])),
        Kind.SEVEN,
        Kind.BLACK_THREE,
        Kind.TWO,
    )
    palette += (Kind.JOKER,) if rng.random() < 0.5 else ()
    target = getattr(rules, "target_score", None)
    scores = [0] * rules.players
    if rng.random() < 0.15:
        near = (target if isinstance(target, int) else 5000) - rng.choice((0, 100, 200, 500))
        scores = [near] * rules.players
    players = tuple(_random_player(rng, palette, scores[seat]) for seat in range(rules.players))
    if rng.random() < 0.25:
        # A player who may go out: the four kinds of canasta down and the kitty taken (R-OUT-1).
        ready: tuple[TableMeld, ...] = (TableMeld(ranks[0], 7, 0, 0), TableMeld(ranks[1], 5, 1, 1))
        if not isinstance(rules, ClassicRules):
            ready += (TableMeld(Kind.JOKER, 0, 2, 5), TableMeld(Kind.SEVEN, 7, 0, 0))
        players = (attrs.evolve(players[0], melds=ready, kitty=None, kitty_taken=True), *players[1:])
    if rng.random() < 0.1:
        players = (players[0],) * rules.players
    stock: int | None = None if rng.random() < 0.75 else rng.randint(0, 3)
    if stock is not None:
        seat = rng.randrange(rules.players)
        players = (
            *players[:seat],
            attrs.evolve(players[seat], kitty=None, kitty_taken=False),
            *players[seat + 1 :],
        )
    stock_top = tuple(_kinds(rng, rng.choice((0, 0, 1, 2)), (*palette[:3], Kind.RED_THREE, Kind.RED_THREE)))
    if stock is not None:
        stock_top = stock_top[:stock]
    if isinstance(rules, ClassicRules):
        players = tuple(attrs.evolve(p, kitty=None, kitty_taken=False) for p in players)
        stock = None
    phase = Phase.DRAW if rng.random() < 0.6 else Phase.MELD
    if phase is Phase.MELD and players[0].melds and rng.random() < 0.3:
        players = (attrs.evolve(players[0], opened=False), *players[1:])
    return PositionSpec(
        players=players,
        phase=phase,
        pile=tuple(_kinds(rng, rng.choice((0, 1, 2, 3, 4)), [k for k in palette if k is not Kind.SEVEN])),
        stock=stock,
        stock_top=stock_top,
    )


def chooser(rng: random.Random) -> Callable[[list[Move]], Move]:
    """How a walk picks its moves: at random, or (one walk in two) the move that lays the most cards,
    which plays a hand out in few moves."""
    if rng.random() < 0.5:
        return lambda moves: moves[rng.randrange(len(moves))]
    # Walks that lay the most cards go on to the end of the round; random ones stop sooner.

    def biggest(moves: list[Move]) -> Move:
        most = max(len(str(m).split()) for m in moves)
        widest = [m for m in moves if len(str(m).split()) == most]
        return widest[rng.randrange(len(widest))]

    return biggest
