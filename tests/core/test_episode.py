"""The framework-free episode every adapter wraps: its legal actions, its moves and the states it replays."""

from __future__ import annotations

import pickle
import random
import struct
from typing import Any

import pytest

from railroad_canasta import IllegalMoveError
from railroad_canasta.adapters.episode import Episode
from railroad_canasta.core.actions import ActionError
from railroad_canasta.variants import VARIANTS


def _played(name: str, seed: int, decisions: int) -> tuple[Episode, list[Any]]:
    """An episode of two-round games played at random, with the states it went through as they were."""
    variant = VARIANTS[name]
    episode = Episode(variant, variant.rules_for(variant.metadata.min_players, max_rounds=2))
    episode.deal(seed)
    rng = random.Random(seed)
    seen = []
    for _ in range(decisions):
        if episode.is_over:
            break
        actions = episode.legal_actions()
        # The sorted actions of the engine's moves, asked twice (the second answer from the episode's memo).
        assert actions == variant.actions.actions_of(variant.legal_moves(episode.state))
        assert episode.legal_actions() == actions
        seen.append(episode.state)
        episode.apply_action(rng.choice(actions))
    return episode, seen


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_the_states_before_each_action_are_replayed_as_they_were(name: str) -> None:
    episode, seen = _played(name, seed=4, decisions=400)
    assert len(seen) == len(episode.history) > 100
    # Asked part way (a copy at that point), then whole: each state equal to the one played through.
    early = episode.copy()
    del early.history[50:]
    assert early.before == seen[:50]
    assert episode.before == seen
    assert episode.before is episode.before  # (replayed once, kept once asked)
    assert len({state.round for state in seen}) == 2  # (the replay crosses a new deal)


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_a_copy_plays_on_alone(name: str) -> None:
    episode, _ = _played(name, seed=9, decisions=30)
    other = episode.copy()
    action = episode.legal_actions()[0]
    other.apply_action(action)
    assert len(other.history) == len(episode.history) + 1
    assert other.before[-1] == episode.state  # (replayed: equal, not the same object)
    assert len(episode.before) == len(episode.history)


def test_actions_that_are_not_legal_or_not_integers_are_refused() -> None:
    variant = VARIANTS["railroad"]
    episode = Episode(variant, variant.rules_for(2, max_rounds=1))
    episode.deal(7)
    assert episode.legal_actions() == [0]  # draw
    with pytest.raises(ActionError):
        episode.apply_action(0.0)  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError):
        episode.apply_action(1)
    assert episode.history == []
    episode.apply_action(0)
    assert episode.history == [0]


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_a_pickled_episode_plays_on_as_the_original(name: str) -> None:
    """An episode pickled part way loads with the same history and state, and plays and observes on as the
    original does (what it looks up from its variant is looked up again on loading)."""
    episode, _ = _played(name, seed=5, decisions=40)
    other = pickle.loads(pickle.dumps(episode))
    assert other.history == episode.history and other.state == episode.state
    action = episode.legal_actions()[-1]
    assert other.legal_actions() == episode.legal_actions()
    other.apply_action(action)
    episode.apply_action(action)
    assert other.state == episode.state
    assert other.observation_bytes(1) == episode.observation_bytes(1)


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_the_legal_actions_are_a_new_list_each_time(name: str) -> None:
    """A caller that changes the list it got does not change the next answer (the episode keeps its own)."""
    episode, _ = _played(name, seed=6, decisions=20)
    actions = episode.legal_actions()
    expected = list(actions)
    actions.clear()
    assert episode.legal_actions() == expected != []


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_the_observation_bytes_are_the_observation(name: str) -> None:
    """``observation_bytes`` packs the observation vector, one 64-bit integer an entry; zeros before the
    deal."""
    variant = VARIANTS[name]
    episode = Episode(variant, variant.rules_for(variant.metadata.min_players, max_rounds=1))
    size = len(episode.observation(0))
    assert size > 0 and episode.observation_bytes(0) == bytes(8 * size)
    episode, _ = _played(name, seed=8, decisions=60)
    for seat in range(episode.rules.players):
        packed = episode.observation_bytes(seat)
        assert list(struct.unpack(f"{size}q", packed)) == episode.observation(seat)


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_a_seat_s_observation_is_built_once_per_state(name: str) -> None:
    """Asked again in the same state, a seat's observation is the same bytes (not built again); after an
    action, or from a copy, it is the new state's; a seat that is not at the table is refused every time."""
    episode, _ = _played(name, seed=5, decisions=30)
    variant, players = episode.variant, episode.rules.players
    first = [episode.observation_bytes(seat) for seat in range(players)]
    assert all(episode.observation_bytes(seat) is first[seat] for seat in range(players))
    for bad in (-1, players):
        for _ in range(2):
            with pytest.raises(ValueError, match=rf"seat|player {bad}\b"):
                episode.observation_bytes(bad)
    other = episode.copy()
    other.apply_action(other.legal_actions()[0])
    for seat in range(players):
        fresh = variant.observe(variant.view(other.state, seat))
        assert list(struct.unpack(f"{len(fresh)}q", other.observation_bytes(seat))) == fresh
        assert episode.observation_bytes(seat) is first[seat]
