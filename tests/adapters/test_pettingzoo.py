"""The PettingZoo environment of every variant: PettingZoo's API and seed tests, and whole games."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from docs_examples import run_page
from railroad_canasta.adapters.pettingzoo import CanastaEnv, env, raw_env
from railroad_canasta.core.actions import ActionError
from railroad_canasta.core.variant import Variant
from railroad_canasta.variants import VARIANTS

#: PettingZoo's tests warn about every classic environment whose observations are dicts with a mask.
DICT_OBSERVATIONS = [
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
]

CASES = [
    (name, players)
    for name, variant in sorted(VARIANTS.items())
    for players in sorted({variant.metadata.min_players, 3} & set(variant.metadata.allowed_players))
]


@pytest.mark.filterwarnings(*DICT_OBSERVATIONS)
@pytest.mark.parametrize(("name", "players"), CASES)
def test_pettingzoo_api_test_passes(name: str, players: int) -> None:
    """PettingZoo's API test over 1,000 cycles."""
    api_test(env(variant=name, players=players), num_cycles=1000, verbose_progress=False)


@pytest.mark.filterwarnings(*DICT_OBSERVATIONS)
@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_pettingzoo_seed_test_passes(name: str) -> None:
    """PettingZoo's seed test: the same seed gives the same observations and game."""
    seed_test(lambda **kwargs: env(variant=name, **kwargs), num_cycles=500)


def _play(environment: CanastaEnv, seed: int) -> tuple[list[int], dict[str, float]]:
    environment.reset(seed=seed)
    rng = random.Random(seed)
    actions: list[int] = []
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        totals[agent] += reward
        if terminated or truncated:
            environment.step(None)
            continue
        assert reward == 0 and not any(environment.rewards.values())  # (rewards come at the end)
        legal = np.flatnonzero(observation["action_mask"]).tolist()
        assert legal == environment.episode.legal_actions()
        action = rng.choice(legal)
        actions.append(action)
        environment.step(action)
    return actions, totals


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_a_whole_game_rewards_the_side_scores(name: str) -> None:
    """A game played to the end gives every agent its side's score, once; the same seed replays it."""
    environment = raw_env(variant=name)
    actions, totals = _play(environment, seed=9)
    assert environment.agents == []
    scores = environment.episode.returns()
    assert [totals[agent] for agent in environment.possible_agents] == scores
    assert any(scores)
    assert _play(raw_env(variant=name), seed=9)[0] == actions
    assert _play(raw_env(variant=name), seed=10)[0] != actions


def test_the_observation_is_the_agent_s_view() -> None:
    """The vector is the variant's observation of the agent's view; only the mover has a mask."""
    environment = raw_env(players=3)
    environment.reset(seed=4)
    variant: Variant[Any, Any, Any] = environment.variant
    state = environment.episode.state
    mover = environment.agent_selection
    for seat, agent in enumerate(environment.possible_agents):
        seen = environment.observe(agent)
        assert seen["observation"].tolist() == variant.observe(variant.view(state, seat))
        assert seen["observation"] in environment.observation_space(agent)["observation"]
        assert bool(seen["action_mask"].any()) == (agent == mover)
    # Each agent's info is a dict of its own (only the read-only mask of zeros is shared).
    infos = [environment.infos[agent] for agent in environment.possible_agents]
    assert len({id(info) for info in infos}) == len(infos)


def test_an_illegal_action_ends_the_wrapped_game(caplog: pytest.LogCaptureFixture) -> None:
    """The wrapped environment ends the game with -1 for an illegal action, as PettingZoo's classics do."""
    environment = env()
    environment.reset(seed=1)
    agent = environment.agent_selection
    mask = environment.last()[0]["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    environment.step(illegal)
    assert "Illegal move" in caplog.text
    assert environment.rewards[agent] == -1
    assert all(environment.terminations.values())


def test_the_raw_environment_refuses_an_action_it_does_not_list() -> None:
    """``raw_env`` raises ``ActionError`` (a ``ValueError``, also under ``python -O``), naming the action,
    for an action out of range or not legal, and the game is unchanged (``env()``'s wrappers end the game
    instead)."""
    environment = raw_env()
    environment.reset(seed=1)
    state = environment.episode.state
    for bad in (1, 176, -1):
        with pytest.raises(ActionError, match=rf"illegal action {bad}\b"):
            environment.step(bad)
    assert environment.episode.state is state and environment.episode.history == []
    sampled: Any = np.int64(0)  # (a NumPy integer, as a space's sample gives)
    environment.step(sampled)
    assert environment.episode.history == [0]


def test_rules_options_are_keywords() -> None:
    """Options of the rules are keywords of the environment; the text rendering shows the view."""
    environment = raw_env(players=4, kitty_timing="same-turn", render_mode="ansi")
    assert environment.rules.kitty_timing.value == "same-turn"
    environment.reset(seed=2)
    text = environment.render()
    assert text is not None and text.startswith("round 1 draw")


def test_the_examples_of_the_docs_page_run() -> None:
    """Every example of the adapter's docs page gives the output it shows."""
    failed, attempted = run_page("pettingzoo.md")
    assert attempted > 0 and failed == 0


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_a_zero_sum_reward_scales_the_score_difference(name: str) -> None:
    """``reward="zero-sum-game"``: the same game as by default, each agent rewarded its score less the
    mean score over the game's widest spread (within ±1, adding to 0); ``zero-sum-round`` scales by one
    round's spread (the same here: one round)."""
    scored = raw_env(variant=name)
    actions, totals = _play(scored, seed=9)
    low, high = VARIANTS[name].round_score_bounds(scored.rules)
    mean = sum(totals.values()) / len(totals)
    for reward in ("zero-sum-game", "zero-sum-round"):
        environment = raw_env(variant=name, reward=reward)
        again, rewards = _play(environment, seed=9)
        assert again == actions
        assert rewards == pytest.approx({a: (t - mean) / (high - low) for a, t in totals.items()})
        assert abs(sum(rewards.values())) < 1e-9 and all(-1 <= r <= 1 for r in rewards.values())
    with pytest.raises(ValueError, match="reward must be one of"):
        raw_env(variant=name, reward="winner")
