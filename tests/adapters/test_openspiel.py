"""The OpenSpiel games of every variant: OpenSpiel's own conformance test, its bots, and the metadata."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, mcts
from open_spiel.python.bots import uniform_random

from docs_examples import run_page
from railroad_canasta.adapters import openspiel
from railroad_canasta.adapters.openspiel import DEFAULT_DEALS, CanastaState, game_name
from railroad_canasta.core.actions import ActionError
from railroad_canasta.core.variant import Variant
from railroad_canasta.variants import VARIANTS

#: (variant, players, simulations): the fewest and most players, and 3 where allowed.
CASES = [
    (name, players, 3 if players <= 3 else 1)
    for name, variant in sorted(VARIANTS.items())
    for players in sorted(
        {variant.metadata.min_players, 3, variant.metadata.max_players}
        & set(variant.metadata.allowed_players)
    )
]


def _load(name: str, **params: object) -> pyspiel.Game:
    return pyspiel.load_game(game_name(VARIANTS[name]), params)


@pytest.mark.parametrize(("name", "players", "sims"), CASES)
def test_openspiel_random_sim_test_passes(name: str, players: int, sims: int) -> None:
    """OpenSpiel's generic conformance test, serialization included, on whole one-round games."""
    pyspiel.random_sim_test(_load(name, players=players), num_sims=sims, serialize=True, verbose=False)


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_the_game_metadata_is_the_variant_s(name: str) -> None:
    """Actions, players, chance outcomes, utility bounds and length come from the variant."""
    variant: Variant[Any, Any, Any] = VARIANTS[name]
    game = _load(name, players=variant.metadata.min_players, max_rounds=2)
    rules = variant.rules_for(variant.metadata.min_players, max_rounds=2)
    low, high = variant.round_score_bounds(rules)
    assert game.num_distinct_actions() == variant.actions.num_distinct_actions
    assert game.num_players() == variant.metadata.min_players
    assert game.max_chance_outcomes() == DEFAULT_DEALS
    assert (game.min_utility(), game.max_utility()) == (2.0 * low, 2.0 * high)
    assert game.max_game_length() == 2 * variant.max_decisions_per_round(rules)
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM


def _played(game: pyspiel.Game, seed: int, decisions: int) -> pyspiel.State:
    rng = random.Random(seed)
    state = game.new_initial_state()
    state.apply_action(rng.randrange(game.max_chance_outcomes()))
    for _ in range(decisions):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_serialize_and_deserialize_give_the_same_state(name: str) -> None:
    """A serialized game deserializes to the same history, observations and legal actions."""
    game = _load(name)
    state = _played(game, seed=3, decisions=120)
    again = game.deserialize_state(state.serialize())
    assert again.history() == state.history()
    assert str(again) == str(state)
    assert again.legal_actions() == state.legal_actions()
    for player in range(game.num_players()):
        assert again.information_state_string(player) == state.information_state_string(player)
        assert again.observation_tensor(player) == state.observation_tensor(player)


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_the_observation_is_the_view_s_vector(name: str) -> None:
    """observation_tensor is the variant's vector of the player's view; the string its description."""
    variant: Variant[Any, Any, Any] = VARIANTS[name]
    game = _load(name, players=3 if variant.metadata.max_players >= 3 else variant.metadata.min_players)
    state = _played(game, seed=5, decisions=60)
    assert isinstance(state, CanastaState)
    engine = state.episode.state
    for player in range(game.num_players()):
        seen = variant.view(engine, player)
        assert state.observation_tensor(player) == [float(x) for x in variant.observe(seen)]
        assert state.observation_string(player) == variant.describe(seen)
        assert len(state.observation_tensor(player)) == game.observation_tensor_size()
        # The information state's tensor is the view's vector (the view is the information state).
        assert state.information_state_tensor(player) == state.observation_tensor(player)
    assert game.information_state_tensor_size() == game.observation_tensor_size()
    assert game.get_type().provides_information_state_tensor
    # Players see different hands, and the information state holds the whole history.
    assert state.observation_tensor(0) != state.observation_tensor(1)
    assert " ".join(map(str, state.history()[1:])) in state.information_state_string(0)


def test_the_player_ids_written_out_are_openspiel_s() -> None:
    assert (
        int(pyspiel.PlayerId.CHANCE),
        int(pyspiel.PlayerId.TERMINAL),
    ) == (openspiel._CHANCE, openspiel._TERMINAL)


def test_the_chance_node_refuses_a_deal_it_does_not_list() -> None:
    """Only the listed chance outcomes deal: another number raises ActionError naming the range, and the
    state is still before the deal."""
    game = pyspiel.load_game("python_railroad_canasta", {"players": 2, "deals": 4})
    state = game.new_initial_state()
    assert [outcome for outcome, _ in state.chance_outcomes()] == [0, 1, 2, 3]
    for bad in (4, 70000, 1 << 40):
        with pytest.raises(ActionError, match="is not a chance outcome: they are 0 to 3"):
            state.apply_action(bad)
    assert state.is_chance_node()
    state.apply_action(3)
    assert not state.is_chance_node()


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_legal_actions_answered_in_python_are_openspiel_s(name: str) -> None:
    """The adapter answers legal_actions itself for a player's decision: what OpenSpiel's C++ answers (at
    every node of a played game, for every player, chance and terminal nodes included)."""
    game = _load(name)
    state = game.new_initial_state()
    ask = pyspiel.State.legal_actions  # (OpenSpiel's own, through C++ and _legal_actions)
    assert state.legal_actions() == ask(state)
    state.apply_action(5)
    rng = random.Random(2)
    while not state.is_terminal():
        actions = state.legal_actions()
        assert actions == ask(state) and actions
        for player in range(game.num_players()):
            assert state.legal_actions(player) == ask(state, player)
        state.apply_action(rng.choice(actions))
    assert state.legal_actions() == ask(state) == []


def test_an_information_state_tells_apart_what_the_player_saw() -> None:
    """Two deals that give a player different cards give different information states from the start."""
    game = _load("railroad")
    one, two = game.new_initial_state(), game.new_initial_state()
    one.apply_action(1)
    two.apply_action(2)
    assert one.information_state_string(0) != two.information_state_string(0)


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_uniform_random_bots_play_whole_games(name: str) -> None:
    """OpenSpiel's uniform random bots finish games; the returns are the side scores, within bounds."""
    game = _load(name)
    rng = np.random.RandomState(11)
    bots = [uniform_random.UniformRandomBot(p, rng) for p in range(game.num_players())]
    for _ in range(2):
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        assert all(game.min_utility() <= r <= game.max_utility() for r in returns)
        assert any(r != 0 for r in returns)


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_the_mcts_bot_plays_a_truncated_game(name: str) -> None:
    """OpenSpiel's MCTS bot (random rollouts) chooses legal actions in a short game of small hands."""
    small: dict[str, object] = {"hand_size": 5, "kitty_size": 3, "decks_per_player": 1}
    game = _load(name, **(small if name == "railroad" else {}))
    rng = np.random.RandomState(2)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=4, evaluator=evaluator, random_state=rng)
    state = game.new_initial_state()
    state.apply_action(4)
    for _ in range(12):
        if state.is_terminal():
            break
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert len(state.history()) > 1


def test_rules_options_are_game_parameters() -> None:
    """An option given as a parameter changes the rules; an unknown one is refused by name."""
    game = _load("railroad", kitty_timing="same-turn", frozen_pile_pair_pickup=False, players=4)
    state = game.new_initial_state()
    assert isinstance(state, CanastaState)
    rules = state.episode.rules
    assert (rules.kitty_timing.value, rules.frozen_pile_pair_pickup, rules.players) == ("same-turn", False, 4)
    with pytest.raises(Exception, match="max_rounds"):
        _load("railroad", max_rounds=0)


def test_the_examples_of_the_docs_page_run() -> None:
    """Every example of the adapter's docs page gives the output it shows."""
    failed, attempted = run_page("openspiel.md")
    assert attempted > 0 and failed == 0


@pytest.mark.parametrize("name", sorted(VARIANTS))
@pytest.mark.parametrize(("reward", "bound"), [("zero-sum-round", 2.0), ("zero-sum-game", 1.0)])
def test_a_zero_sum_reward_is_the_scaled_score_difference(name: str, reward: str, bound: float) -> None:
    """With ``reward`` zero-sum the returns add to 0 and are each seat's score less the mean score, scaled
    to ±1 a round (``max_rounds=2``: ±2) or a game; the default stays general-sum."""
    assert _load(name).get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    players = 3 if name == "railroad" else 4
    game = _load(name, players=players, max_rounds=2, reward=reward)
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-bound, bound, 0.0)
    rng = random.Random(5)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.randrange(game.max_chance_outcomes()))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        assert state.returns() == [0.0] * players or state.is_terminal()
    returns, scores = state.returns(), state.episode.scores()
    low, high = VARIANTS[name].round_score_bounds(game.rules)
    spread = (high - low) * (1 if reward == "zero-sum-round" else 2)
    mean = sum(scores) / players
    assert returns == pytest.approx([(score - mean) / spread for score in scores])
    assert abs(sum(returns)) < 1e-9 and any(returns) and all(-bound <= r <= bound for r in returns)
    with pytest.raises(ValueError, match="reward must be one of score, zero-sum-round, zero-sum-game"):
        _load(name, reward="winner")
