"""The game-level facts every variant's state satisfies, written once over what the variants share.

A game of either variant is a seed, a round number, a dealer, a history of scored rounds (each with its
``round``, its ``breakdowns`` with a ``total`` each, and the running ``scores``), a score per player or
side, and a result once it is over. The rows of each variant's invariant table call these functions
with their own fields (players' or sides' scores, their own ``game_result`` and ``first_dealer``): the
logic is the same, so it lives here once.

>>> rounds_played(3, (), active=True)
'must hold the 2 rounds played before'
>>> seed_bound(2**300)
'must be an int of at most 256 bits, not one of 301'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from railroad_canasta.core.invariants import Problem
from railroad_canasta.core.seed import MAX_SEED_BITS

__all__ = [
    "cumulative_scores",
    "dealer_of_seed",
    "game_not_ended",
    "result_follows",
    "result_when_over",
    "round_numbers",
    "rounds_played",
    "running_scores",
    "seed_bound",
    "stock_of_seed",
    "within_round_limit",
]


class _Breakdown(Protocol):
    @property
    def total(self) -> int: ...


class RoundRow(Protocol):
    """What the facts read of a scored round."""

    @property
    def round(self) -> int: ...
    @property
    def breakdowns(self) -> Sequence[_Breakdown]: ...
    @property
    def scores(self) -> tuple[int, ...]: ...


def seed_bound(seed: int) -> str | None:
    """A seed is an int of at most :data:`~railroad_canasta.core.seed.MAX_SEED_BITS` bits (``new_game``'s)."""
    if seed.bit_length() <= MAX_SEED_BITS:
        return None
    return f"must be an int of at most {MAX_SEED_BITS} bits, not one of {seed.bit_length()}"


def dealer_of_seed(
    dealer: int, seed: int, round_no: int, players: int, first: Callable[[int, int], int]
) -> str | None:
    """The seed chose the first dealer (``first(seed, players)``), and the deal passes left each round."""
    expected = (first(seed, players) + round_no - 1) % players
    return None if dealer == expected else f"round {round_no} of this seed is dealt by player {expected}"


def rounds_played(round_no: int, history: Sequence[RoundRow], *, active: bool) -> str | None:
    """The history holds every round before this one (and this one too once it is scored)."""
    expected = round_no - 1 if active else round_no
    return None if len(history) == expected else f"must hold the {expected} rounds played before"


def round_numbers(history: Sequence[RoundRow]) -> Problem | None:
    """The rounds of the history are numbered from 1."""
    for j, r in enumerate(history):
        if r.round != j + 1:
            return Problem(f"history[{j}].round", f"must be {j + 1}")
    return None


def running_scores(history: Sequence[RoundRow], count: int) -> Problem | None:
    """Each round's ``scores`` are the running sums of the round scores (``count`` players or sides)."""
    running = [0] * count
    for j, r in enumerate(history):
        if len(r.breakdowns) != count or len(r.scores) != count:
            return Problem(f"history[{j}].breakdowns", f"must have {count} entries")
        for i, b in enumerate(r.breakdowns):
            running[i] += b.total
        if tuple(running) != r.scores:
            return Problem(f"history[{j}].scores", "must be the running sums of the round scores")
    return None


def cumulative_scores(history: Sequence[RoundRow], scores: Sequence[int], where: str) -> Problem | None:
    """Each score (of ``where``: ``players`` or ``sides``) is the sum of its round scores."""
    running = [0] * len(scores)
    for r in history:
        for i, b in enumerate(r.breakdowns[: len(scores)]):
            running[i] += b.total
    for i, score in enumerate(scores):
        if score != running[i]:
            return Problem(f"{where}[{i}].score", f"must be {running[i]}, the cumulative score")
    return None


def result_when_over(result: object, over: bool) -> str | None:
    """A game has a result exactly when it is over."""
    return None if (result is not None) == over else "a game has a result exactly when it is over"


def result_follows(
    result: object,
    over: bool,
    history: Sequence[RoundRow],
    game_result: Callable[[int, tuple[int, ...]], object],
) -> str | None:
    """Once over, the result is the one the last round's scores give under the rules."""
    if not over or not history:
        return None
    last = history[-1]
    return (
        None
        if result == game_result(last.round, last.scores)
        else "does not follow from the scores and the rules"
    )


def game_not_ended(
    history: Sequence[RoundRow], *, active: bool, game_result: Callable[[int, tuple[int, ...]], object]
) -> Problem | None:
    """No round of the history but the last ended the game, and none did while a round is played."""
    for j, r in enumerate(history):
        last = j == len(history) - 1
        if (active or not last) and game_result(r.round, r.scores) is not None:
            return Problem(f"history[{j}].scores", "the game ended after this round")
    return None


def stock_of_seed(stock: Sequence[object], dealt: Sequence[object]) -> str | None:
    """The stock is the one the seed dealt less cards drawn from its top (its end): a prefix of it."""
    size = len(stock)
    if size <= len(dealt) and tuple(stock) == tuple(dealt[:size]):
        return None
    return "is not the seed's stock less cards drawn from its top"


def within_round_limit(round_no: int, limit: int | None) -> str | None:
    """No round is played after the last one the rules allow (``limit``, if any)."""
    return None if limit is None or round_no <= limit else f"the game stops after round {limit}"
