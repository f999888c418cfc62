"""Bots by name: what the command line's ``--bot`` options accept.

>>> bot_named("greedy")
GreedyBot()
>>> bot_named("heuristic", seed=3)
RailroadHeuristicBot(3)
>>> bot_named("heuristic", seed=3, variant="classic")
ClassicHeuristicBot(3)
>>> bot_named("clever")
Traceback (most recent call last):
...
ValueError: unknown bot 'clever' (known: random, greedy, heuristic, search)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Literal, overload

from railroad_canasta.bots.base import Bot
from railroad_canasta.bots.classic import ClassicHeuristicBot
from railroad_canasta.bots.railroad import RailroadHeuristicBot
from railroad_canasta.bots.search import SearchBot
from railroad_canasta.bots.simple import GreedyBot, RandomBot
from railroad_canasta.core.errors import did_you_mean
from railroad_canasta.variants import variant_named
from railroad_canasta.variants.classic.views import ClassicView
from railroad_canasta.variants.railroad.views import PlayerView

__all__ = ["BOT_NAMES", "HEURISTIC_BOTS", "AnyBot", "bot_named", "heuristic_bot"]

#: A bot of either variant.
AnyBot = Bot[PlayerView] | Bot[ClassicView]

#: The heuristic bot of each variant, by the variant's name.
HEURISTIC_BOTS: Mapping[str, Callable[[int], AnyBot]] = {
    "railroad": RailroadHeuristicBot,
    "classic": ClassicHeuristicBot,
}


def heuristic_bot(variant: str, seed: int = 0) -> AnyBot:
    """The heuristic bot of ``variant`` (a ``RulesError`` for an unknown variant)."""
    variant_named(variant)
    make = HEURISTIC_BOTS.get(variant)
    if make is None:
        raise ValueError(f"no heuristic bot for the variant {variant!r} yet")
    return make(seed)


def _search(seed: int, variant: str) -> AnyBot:
    variant_named(variant)
    return SearchBot.for_variant(variant, seed)


_MAKERS: Mapping[str, Callable[[int, str], AnyBot]] = {
    "random": lambda seed, variant: RandomBot(seed),
    "greedy": lambda seed, variant: GreedyBot(),
    "heuristic": lambda seed, variant: heuristic_bot(variant, seed),
    "search": _search,
}

#: The names :func:`bot_named` knows, weakest first.
BOT_NAMES: tuple[str, ...] = tuple(_MAKERS)


@overload
def bot_named(name: str, *, seed: int = 0, variant: Literal["railroad"] = "railroad") -> Bot[PlayerView]: ...
@overload
def bot_named(name: str, *, seed: int = 0, variant: Literal["classic"]) -> Bot[ClassicView]: ...
@overload
def bot_named(name: str, *, seed: int = 0, variant: str) -> AnyBot: ...
def bot_named(name: str, *, seed: int = 0, variant: str = "railroad") -> AnyBot:
    """A new bot called ``name`` for ``variant``, seeded with ``seed`` (``ValueError`` for an unknown one)."""
    make = _MAKERS.get(name)
    if make is None:
        raise ValueError(
            f"unknown bot {name!r} (known: {', '.join(BOT_NAMES)}){did_you_mean(name, BOT_NAMES)}"
        )
    return make(seed, variant)
