"""Helpers of the picture tests (test_render*.py): positions along a greedy game, committed snapshots."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

import railroad_canasta as rc
from railroad_canasta.bots import GreedyBot
from railroad_canasta.core.cards import Counts, Kind
from railroad_canasta.game import AnyRules, AnyState

SNAPSHOTS = Path(__file__).parent / "snapshots"


def positions(rules: AnyRules, seed: int, steps: int) -> list[AnyState]:
    """Every ``steps//6``-th state of a greedy game, from the deal on."""
    state = rc.new_game(rules, seed=seed)
    bot = GreedyBot()
    out = [state]
    for i in range(steps):
        if state.is_over:
            break
        seen = rc.view(state, state.to_move)
        state = rc.apply(state, bot.choose(seen, rc.legal_moves(seen)))
        if i % max(1, steps // 6) == 0:
            out.append(state)
    return out


def swap_with_stock(hand: Counts, stock: Sequence[Kind]) -> tuple[Counts, tuple[Kind, ...]]:
    """``hand`` and ``stock`` with one card of the hand swapped for a different card of the stock."""
    cards, pile = list(hand), list(stock)
    give = next(k for k, n in enumerate(cards) if n and any(s != k for s in pile))
    at = next(i for i, s in enumerate(pile) if s != give)
    cards[give] -= 1
    cards[pile[at]] += 1
    pile[at] = Kind(give)
    return tuple(cards), tuple(pile)


def matches_snapshot(name: str, drawn: str) -> bool:
    """``drawn`` is the committed snapshot ``name`` (UPDATE_SNAPSHOTS=1 rewrites it after a change)."""
    path = SNAPSHOTS / name
    if os.environ.get("UPDATE_SNAPSHOTS") == "1":
        path.write_text(drawn, encoding="utf-8")
    return drawn == path.read_text(encoding="utf-8")
