"""Regression tests of issue 24, finding 3: in game scope, a state's deal is its seed's. An untaken kitty
is the seed's kitty and the stock the seed's stock drawn only from its top, in both games; the states a
game passes through all load."""

from __future__ import annotations

import json
from typing import Any

import pytest

import railroad_canasta as rc
from railroad_canasta.bots import bot_named


def _load(doc: dict[str, Any]) -> rc.GameState | rc.ClassicState:
    return rc.state_from_json(json.dumps(doc))


def test_a_hand_card_swapped_with_a_kitty_card_is_refused() -> None:
    state = rc.new_game(rc.Rules(players=2), seed=7)
    doc = json.loads(rc.state_to_json(state))
    player = doc["players"][state.to_move]
    player["hand"][-1], player["kitty"][0] = player["kitty"][0], player["hand"][-1]
    assert player["hand"] != json.loads(rc.state_to_json(state))["players"][state.to_move]["hand"]
    with pytest.raises(
        rc.RecordError, match=r"players\[\d\]\.kitty: is not the kitty the seed dealt \[R-SET-3"
    ):
        _load(doc)


@pytest.mark.parametrize(
    "rules", [rc.Rules(players=2), rc.ClassicRules(players=4)], ids=["railroad", "classic"]
)
def test_a_restacked_stock_is_refused(rules: rc.Rules | rc.ClassicRules) -> None:
    state = rc.new_game(rules, seed=7)
    doc = json.loads(rc.state_to_json(state))
    doc["stock"][-1], doc["stock"][0] = doc["stock"][0], doc["stock"][-1]
    with pytest.raises(rc.RecordError, match=r"stock: is not the seed's stock less cards drawn from its top"):
        _load(doc)
    cut = json.loads(rc.state_to_json(state))
    cut["stock"] = cut["stock"][1:]  # (a card taken from the bottom: not a draw)
    with pytest.raises(rc.RecordError):
        _load(cut)
    # validate() does not tie a state to its seed's deal (a state drawn by sample_state deals the hidden
    # cards anew): the restacked state passes it; only a saved state is held to its seed's deal.
    stock = tuple(state.stock)
    restacked = state.replace(stock=(stock[-1], *stock[1:-1], stock[0]))
    rc.validate(restacked)


@pytest.mark.parametrize(
    "rules", [rc.Rules(players=3), rc.ClassicRules(players=2)], ids=["railroad", "classic"]
)
def test_every_state_of_a_played_game_loads(rules: rc.Rules | rc.ClassicRules) -> None:
    state: Any = rc.new_game(rules, seed=21)
    bots = [bot_named("greedy", seed=i, variant=rules.variant) for i in range(rules.players)]
    for step in range(600):
        if step % 7 == 0:
            again = rc.state_from_json(rc.state_to_json(state))
            assert again == state
        if state.result is not None:
            break
        state = rc.apply(
            state, bots[state.to_move].choose(rc.view(state, state.to_move), rc.legal_moves(state))
        )
