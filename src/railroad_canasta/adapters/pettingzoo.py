"""A PettingZoo AEC environment for every variant, built like PettingZoo's classic environments.

``env()`` is the environment wrapped as PettingZoo's classic games are (illegal moves end the game with a
penalty, out-of-range actions are refused, the order of calls is enforced); ``raw_env()`` is the bare
environment. Both take ``variant`` (default ``"railroad"``), ``players``, ``max_rounds`` (default 1),
``render_mode`` (``"human"`` prints, ``"ansi"`` returns text) and any option of the variant's rules
as a keyword (``kitty_timing="same-turn"``).

- **Agents** are ``player_0`` … ``player_{n-1}``, by seat; ``agent_selection`` is the seat to move (a
  player makes several moves in a row: a turn is a sequence of atomic moves).
- **Actions** are the variant's action space (``Discrete(num_distinct_actions)``, ``docs/actions.md``).
- **Observations** are dicts: ``observation`` is the variant's vector of the agent's view (layout in
  ``docs/observation.md``), ``action_mask`` is 1 at the legal actions of the agent to move (all 0 for the
  others). ``infos[agent]["action_mask"]`` holds the same mask.
- **Rewards** come at the end: each agent gets its side's score, or with ``reward="zero-sum-round"`` its
  score minus the mean score scaled so a round gives at most ±1, with ``reward="zero-sum-game"`` scaled
  so the game gives at most ±1 (zero-sum: the agents' rewards add up to 0;
  :data:`~railroad_canasta.adapters.episode.REWARDS`).
- ``reset(seed=…)`` deals from the seed: the same seed gives the same game.

>>> environment = env(players=2)
>>> environment.reset(seed=7)
>>> environment.agent_selection
'player_1'
>>> observation, reward, terminated, truncated, info = environment.last()
>>> observation["action_mask"].nonzero()[0].tolist(), environment.unwrapped.action_text(0)
([0], 'draw')
>>> environment.step(0)
"""

from __future__ import annotations

import random
from typing import Any

from railroad_canasta.adapters.episode import (
    DEFAULT_MAX_ROUNDS,
    REWARDS,
    Episode,
    reward_named,
    rules_from_parameters,
    utility_bounds,
)
from railroad_canasta.core.actions import ActionError
from railroad_canasta.core.errors import missing_extra
from railroad_canasta.variants import variant_named

try:
    import numpy as np
    from gymnasium import spaces
    from gymnasium.utils import EzPickle
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise missing_extra("railroad_canasta.adapters.pettingzoo", "PettingZoo", "pettingzoo") from exc

__all__ = ["CanastaEnv", "env", "raw_env"]


def env(**kwargs: Any) -> Any:
    """The environment wrapped as PettingZoo's classic environments are."""
    environment: Any = raw_env(**kwargs)
    environment = wrappers.TerminateIllegalWrapper(environment, illegal_reward=-1)
    environment = wrappers.AssertOutOfBoundsWrapper(environment)
    return wrappers.OrderEnforcingWrapper(environment)


class CanastaEnv(AECEnv, EzPickle):  # type: ignore[misc]
    """A game of a variant as an AEC environment (see the module's description)."""

    # An instance attribute in PettingZoo's API (each environment names its variant): not a ClassVar.
    metadata: dict[str, object] = {  # noqa: RUF012
        "render_modes": ["human", "ansi"],
        "name": "railroad_canasta_v1",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        variant: str = "railroad",
        players: int | None = None,
        max_rounds: int = DEFAULT_MAX_ROUNDS,
        render_mode: str | None = None,
        reward: str = REWARDS[0],
        **options: object,
    ) -> None:
        EzPickle.__init__(self, variant, players, max_rounds, render_mode, reward, **options)
        self.reward = reward_named(reward)
        super().__init__()
        self.variant = variant_named(variant)
        seats = players if players is not None else self.variant.metadata.min_players
        self.rules = rules_from_parameters(
            self.variant, {"players": seats, "max_rounds": max_rounds, **options}
        )
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"{variant}_canasta_v1"}
        self.possible_agents = [f"player_{seat}" for seat in range(seats)]
        self.agents = list(self.possible_agents)
        actions = self.variant.actions.num_distinct_actions
        size = sum(width for _, width, _ in self.variant.observation_layout(seats))
        low, high = utility_bounds(self.variant, self.rules)
        # Scores are the widest values of the vector; every count is far inside these bounds.
        bound = float(max(-low, high, 1 << 16))
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low=-bound, high=bound, shape=(size,), dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.episode = Episode(self.variant, self.rules)
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._mask: Any = np.zeros(actions, np.int8)
        self._no_actions: Any = np.zeros(actions, np.int8)
        self._no_actions.flags.writeable = False
        self._legal: list[int] = []

    def observation_space(self, agent: str) -> Any:
        """The space of ``agent``'s observations."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        """The space of ``agent``'s actions."""
        return self.action_spaces[agent]

    def action_text(self, action: int) -> str:
        """The move notation of ``action``."""
        return self.episode.action_text(action)

    def _seat(self, agent: str) -> int:
        return self._seats[agent]

    def _update_mask(self, over: bool) -> None:
        # (a copy of the zeros and one ``put``: half of ``np.zeros`` and an index by a list)
        mask: Any = self._no_actions.copy()
        self._legal = [] if over else self.episode.legal_actions()
        mask.put(self._legal, 1)
        self._mask = mask
        # The agents not to move share one mask of zeros, made read-only (a fresh one each step cost more
        # than the rest of the infos); each agent's info is a dict of its own.
        infos, mover, none = self.infos, self.agent_selection, self._no_actions
        for agent in self.agents:
            infos[agent] = {"action_mask": mask if agent == mover else none}

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s view as a vector, and the mask of its legal actions (0 unless it is to move)."""
        episode = self.episode
        # (packed in C, then read by numpy: about half of what reading the list costs)
        vector = np.frombuffer(episode.observation_bytes(self._seats[agent]), np.int64).astype(np.float32)
        to_move = agent == self.agent_selection and not episode.is_over
        mask = self._mask if to_move else self._no_actions
        return {"observation": vector, "action_mask": mask.copy()}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game from ``seed`` (a random seed when ``None``)."""
        if seed is None:
            seed = random.SystemRandom().randrange(1 << 63)
        self.agents = list(self.possible_agents)
        self.episode = Episode(self.variant, self.rules)
        self.episode.deal(seed)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.episode.player_to_move()]
        self._update_mask(False)

    def step(self, action: int | None) -> None:
        """Play ``action`` for the agent to move (``None`` for an agent whose game is over)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None or action not in self._legal:
            # (a check, not an assert: ``python -O`` would drop it and hand the engine a number of no move)
            raise ActionError(f"{agent} played an illegal action {action}; the legal ones: {self._legal}")
        self._cumulative_rewards[agent] = 0.0
        episode = self.episode
        episode.apply_action(int(action))
        over = episode.is_over
        if over:
            self.rewards = dict(zip(self.possible_agents, episode.returns(self.reward), strict=True))
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
        else:
            # (every reward is 0 until the end: the dict of zeros is kept, and nothing accumulates)
            self.agent_selection = self.possible_agents[episode.player_to_move()]
        self._update_mask(over)
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The mover's view as text: printed (``human``) or returned (``ansi``)."""
        if self.render_mode is None:
            return None
        text = self.episode.observation_text(self._seat(self.agent_selection))
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release."""


def raw_env(**kwargs: Any) -> CanastaEnv:
    """The bare environment (no wrappers)."""
    return CanastaEnv(**kwargs)
