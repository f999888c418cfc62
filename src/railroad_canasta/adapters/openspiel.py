"""OpenSpiel games for every variant: ``python_railroad_canasta``, ``python_classic_canasta``, …

Importing this module registers, with :func:`pyspiel.register_game`, one game per registered variant,
named ``python_<variant>_canasta``. Load one with ``pyspiel.load_game``, parameters included::

    import pyspiel
    import railroad_canasta.adapters.openspiel  # registers the games
    game = pyspiel.load_game("python_railroad_canasta", {"players": 3, "max_rounds": 1})

- **Parameters**: ``players``, ``max_rounds`` (default 1; games must be bounded), ``deals`` (how many
  deals the chance node chooses among, default 65,536) and every integer, boolean and enum option of
  the variant's rules (``kitty_timing="same-turn"``, ``frozen_pile_pair_pickup=False``, …).
- **Chance**: the first node is a chance node that picks the deal's seed uniformly among ``deals``
  outcomes; every shuffle of the game follows from it (explicit stochastic).
- **Actions**: the variant's action space (``variant.actions``, ``docs/actions.md``); legal actions are
  sorted integers.
- **Utility**: by default general-sum; each seat's return is its side's score at the end (0 before); the
  bounds are the variant's round-score bounds times ``max_rounds``. The parameter ``reward`` chooses a
  zero-sum return instead: ``"zero-sum-round"`` (the seat's score minus the mean score, scaled so a round
  gives at most ±1) or ``"zero-sum-game"`` (scaled so the whole game gives at most ±1); such a game's
  type says ``ZERO_SUM`` and its utility sum is 0 (:data:`~railroad_canasta.adapters.episode.REWARDS`).
- **Observations**: ``observation_tensor`` is the variant's observation vector of the player's view
  (layout in ``docs/observation.md``), ``observation_string`` its text; ``information_state_string`` adds
  every action played and what the player saw at each of its own decisions (perfect recall);
  ``information_state_tensor`` is the view's vector, as the view is the player's information state: what
  the table showed that bears on play, the cards known in every hand included (R-VIS-1, R-CL-VIS-1).
- **Serialization**: OpenSpiel's own (the chance outcome and the actions, replayed by
  ``game.deserialize_state``).

>>> import pyspiel
>>> game = pyspiel.load_game("python_railroad_canasta", {"players": 2})
>>> game.num_distinct_actions(), game.num_players(), game.max_chance_outcomes()
(176, 2, 65536)
>>> state = game.new_initial_state()
>>> state.is_chance_node()
True
>>> state.apply_action(7)
>>> state.legal_actions(), state.action_to_string(0)
([0], 'draw')
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from railroad_canasta.adapters.episode import (
    REWARDS,
    AnyVariant,
    Episode,
    default_parameters,
    max_game_length,
    reward_bounds,
    reward_named,
    rules_from_parameters,
)
from railroad_canasta.core.actions import ActionError
from railroad_canasta.core.errors import missing_extra
from railroad_canasta.variants import VARIANTS, variant_named

try:
    import numpy as np
    import pyspiel
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise missing_extra("railroad_canasta.adapters.openspiel", "OpenSpiel (pyspiel)", "openspiel") from exc

__all__ = ["DEFAULT_DEALS", "CanastaGame", "CanastaObserver", "CanastaState", "game_name", "register"]

#: How many deals the chance node chooses among by default.
DEFAULT_DEALS = 1 << 16

#: OpenSpiel's player ids of the chance node and of a finished game, written out (the docs build
#: imports this module with pyspiel mocked); the tests check them against ``pyspiel.PlayerId``.
_CHANCE = -1
_TERMINAL = -4


def game_name(variant: AnyVariant) -> str:
    """The OpenSpiel name of ``variant``'s game: ``python_<name>_canasta``."""
    return f"python_{variant.metadata.name}_canasta"


def _parameters(variant: AnyVariant) -> dict[str, int | bool | str]:
    return {**default_parameters(variant), "deals": DEFAULT_DEALS, "reward": REWARDS[0]}


def _game_type(variant: AnyVariant, reward: str = REWARDS[0]) -> Any:
    meta = variant.metadata
    return pyspiel.GameType(
        short_name=game_name(variant),
        long_name=f"Python {meta.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.GENERAL_SUM if reward == "score" else pyspiel.GameType.Utility.ZERO_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=meta.max_players,
        min_num_players=meta.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(variant),
    )


@functools.lru_cache(maxsize=64)
def _setup(name: str, given: tuple[tuple[str, object], ...]) -> tuple[Any, int, str, Any]:
    """The rules, the number of deals, the reward and the game info of a game's parameters (OpenSpiel
    makes a game again each time it clones a state, so this is remembered)."""
    variant = variant_named(name)
    options = dict(given)
    deals = options.pop("deals", DEFAULT_DEALS)
    if type(deals) is not int or deals < 1:
        raise ValueError(f"deals must be a positive integer, not {deals!r}")
    reward = reward_named(options.pop("reward", REWARDS[0]))
    rules = rules_from_parameters(variant, options)
    low, high = reward_bounds(variant, rules, reward)
    info = pyspiel.GameInfo(
        num_distinct_actions=variant.actions.num_distinct_actions,
        max_chance_outcomes=deals,
        num_players=rules.players,
        min_utility=low,
        max_utility=high,
        utility_sum=None if reward == "score" else 0.0,
        max_game_length=max_game_length(variant, rules),
    )
    return rules, deals, reward, info


class CanastaGame(pyspiel.Game):  # type: ignore[misc]
    """A variant's game for OpenSpiel, under the rules its parameters give."""

    #: The variant played (set by :func:`register` on the class of each variant's game).
    variant: AnyVariant

    def __init__(self, params: Mapping[str, object] | None = None) -> None:
        given = tuple(sorted((params or {}).items()))
        self.rules, self.deals, self.reward, info = _setup(self.variant.metadata.name, given)
        params = {**dict(given), "deals": self.deals, "reward": self.reward}
        super().__init__(_game_type(self.variant, self.reward), info, params)

    def new_initial_state(self) -> CanastaState:
        """The state before the deal: a chance node."""
        return CanastaState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, object] | None = None
    ) -> CanastaObserver:
        """The observer of a player's view (``perfect_recall`` adds the player's whole history)."""
        if params:
            raise ValueError(f"observation parameters are not supported, got {dict(params)}")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return CanastaObserver(self, recall)


class CanastaState(pyspiel.State):  # type: ignore[misc]
    """A game in progress: a chance node before the deal, then the engine's state."""

    def __init__(self, game: CanastaGame) -> None:
        super().__init__(game)
        self.game_ref = game
        self.episode = Episode(game.variant, game.rules)
        self._current = _CHANCE

    def current_player(self) -> int:
        """The seat to move, or OpenSpiel's chance or terminal id (kept: OpenSpiel asks often)."""
        return self._current

    def _legal_actions(self, player: int) -> list[int]:
        return self.episode.legal_actions()

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of the player to move (or of ``player``), sorted: answered here for a player's
        decision, without the round trip through OpenSpiel's C++ (what C++ asks still reaches
        :meth:`_legal_actions`); chance and terminal nodes, and other players, as OpenSpiel answers."""
        current = self._current
        if current >= 0 and (player is None or player == current):
            return self.episode.legal_actions()
        return list(super().legal_actions() if player is None else super().legal_actions(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every deal seed, equally likely."""
        deals = self.game_ref.deals
        p = 1.0 / deals
        return [(seed, p) for seed in range(deals)]

    def _apply_action(self, action: int) -> None:
        episode = self.episode
        if self._current == _CHANCE:
            deals = self.game_ref.deals
            if type(action) is not int or not 0 <= action < deals:
                raise ActionError(f"deal {action!r} is not a chance outcome: they are 0 to {deals - 1}")
            episode.deal(action)
        else:
            episode.apply_action(action)
        state, variant = episode.state, episode.variant
        # (kept, not asked: OpenSpiel's C++ asks current_player after every action)
        self._current = _TERMINAL if variant.is_over(state) else variant.player_to_move(state)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        return self.episode.action_text(action)

    def is_terminal(self) -> bool:
        """The game has ended."""
        return self._current == _TERMINAL

    def returns(self) -> list[float]:
        """Each seat's return at the end (its side's score, or the zero-sum ``reward``); 0 before."""
        if not self.episode.is_over:
            return self.episode.returns()
        # The game's parameters, not an attribute: a state cloned by OpenSpiel holds a game rebuilt by it.
        return self.episode.returns(str(self.game_ref.get_parameters().get("reward", REWARDS[0])))

    def __str__(self) -> str:
        episode = self.episode
        if not episode.dealt:
            return "before the deal"
        seat = 0 if episode.is_over else episode.player_to_move()
        return f"scores {episode.scores()}; seen by p{seat}: {episode.observation_text(seat)}"


class CanastaObserver:
    """OpenSpiel's observer: a player's view as a vector, and as text (with its whole history under perfect
    recall: the information state's string; its tensor is the view's vector either way)."""

    def __init__(self, game: CanastaGame, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        segments = game.variant.observation_layout(game.rules.players)
        self.tensor: Any = np.zeros(sum(size for _, size, _ in segments), np.float32)
        self.dict: dict[str, Any] = {}
        at = 0
        for name, size, _ in segments:
            self.dict[name] = self.tensor[at : at + size]
            at += size

    def set_from(self, state: CanastaState, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s view of ``state``."""
        # (packed in C, then read by numpy: about half of what reading the list costs)
        self.tensor[:] = np.frombuffer(state.episode.observation_bytes(player), np.int64)

    def string_from(self, state: CanastaState, player: int) -> str:
        """``player``'s view of ``state`` as text (with the history under perfect recall)."""
        if self.perfect_recall:
            return state.episode.recall_text(player)
        return state.episode.observation_text(player)


def register(variant: AnyVariant) -> None:
    """Register ``variant``'s game with OpenSpiel (done on import for every registered variant)."""
    if game_name(variant) in pyspiel.registered_names():
        return

    # A class (not a closure) as the factory: OpenSpiel keeps it until the interpreter exits.
    name = "".join(part.title() for part in variant.metadata.name.split("_")) + "CanastaGame"
    # OpenSpiel clones states by pickling them: the class must be found by its name in this module.
    game_class = type(name, (CanastaGame,), {"variant": variant, "__module__": __name__})
    globals()[name] = game_class
    pyspiel.register_game(_game_type(variant), game_class)


for _variant in VARIANTS.values():
    register(_variant)
