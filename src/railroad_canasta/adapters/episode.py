"""One game of any variant driven by integer actions: what every framework adapter wraps.

An :class:`Episode` holds the rules, the engine's state (``None`` until the deal) and the actions played;
it answers in the terms the frameworks use: the player to move, the legal actions (sorted integers of the
variant's action space), the returns of each seat, and each seat's observation vector and text. It needs
no framework, so the adapters stay thin and it is tested on its own.

>>> from railroad_canasta.variants import variant_named
>>> railroad = variant_named("railroad")
>>> episode = Episode(railroad, railroad.rules_for(2, max_rounds=1))
>>> episode.dealt
False
>>> episode.deal(7)
>>> episode.legal_actions()
[0]
>>> episode.apply_action(0)  # draw
>>> episode.history, episode.returns()
([0], [0.0, 0.0])
"""

from __future__ import annotations

import functools
import struct
from collections.abc import Mapping
from typing import Any

from railroad_canasta.core.errors import RulesError
from railroad_canasta.core.options import option_names, rules_from_mapping, rules_to_mapping
from railroad_canasta.core.variant import Variant, seat_scores

__all__ = [
    "DEFAULT_MAX_ROUNDS",
    "REWARDS",
    "Episode",
    "default_parameters",
    "reward_bounds",
    "reward_named",
    "rules_from_parameters",
    "utility_bounds",
]

#: Rounds of a game by default: frameworks need a bounded game, and one round is a Canasta "hand".
DEFAULT_MAX_ROUNDS = 1

#: The rewards the adapters offer (their ``reward`` parameter), the first the default:
#:
#: - ``score``: each seat's side's score at the end (general-sum, as the game counts it);
#: - ``zero-sum-round``: each seat's score minus the mean of all seats' scores, divided by the widest
#:   spread of one round's scores, so each round adds at most ±1 (a game of ``max_rounds`` rounds is
#:   within ±``max_rounds``) and the seats' returns sum to 0;
#: - ``zero-sum-game``: the same difference divided by the spread of the whole game: within ±1.
REWARDS = ("score", "zero-sum-round", "zero-sum-game")

#: A variant of any rules, state and view types (the adapters handle them opaquely).
AnyVariant = Variant[Any, Any, Any]


def default_parameters(variant: AnyVariant) -> dict[str, int | bool | str]:
    """The game parameters of ``variant``: ``players``, ``max_rounds`` and every plain option of its rules.

    Plain options are integers, booleans and enums (by value); tables and ``None`` defaults are left out.
    """
    meta = variant.metadata
    out: dict[str, int | bool | str] = {"players": meta.min_players, "max_rounds": DEFAULT_MAX_ROUNDS}
    for name, value in rules_to_mapping(variant.rules_for(meta.min_players)).items():
        if name not in out and isinstance(value, bool | int | str):
            out[name] = value
    return out


def rules_from_parameters(variant: AnyVariant, parameters: Mapping[str, object]) -> Any:
    """The rules of ``variant`` that ``parameters`` (a subset of :func:`default_parameters`) describe.

    ``max_rounds`` must be a positive integer: the frameworks need games of bounded length.
    Raises :class:`~railroad_canasta.RulesError` naming the parameter for an unknown or unfit one.
    """
    known = set(option_names(variant.rules_type))
    options = {name: value for name, value in parameters.items() if name in known}
    unknown = sorted(set(parameters) - known)
    if unknown:
        raise RulesError(unknown[0], f"unknown game parameter (known: {', '.join(sorted(known))})")
    rounds = options.get("max_rounds", DEFAULT_MAX_ROUNDS)
    if type(rounds) is not int or rounds < 1:
        raise RulesError("max_rounds", f"must be a positive integer (games must be bounded), not {rounds!r}")
    options.setdefault("max_rounds", DEFAULT_MAX_ROUNDS)
    return rules_from_mapping(variant.rules_type, options, path="parameters", from_text=True)


def utility_bounds(variant: AnyVariant, rules: Any) -> tuple[float, float]:
    """The least and most a seat's return can be: the round bounds times the rounds played."""
    low, high = variant.round_score_bounds(rules)
    rounds = rules.max_rounds
    return float(low * rounds), float(high * rounds)


def reward_named(reward: object) -> str:
    """``reward`` checked to be one of :data:`REWARDS` (a ``ValueError`` naming them otherwise)."""
    if reward not in REWARDS:
        raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
    return str(reward)


def reward_bounds(variant: AnyVariant, rules: Any, reward: str) -> tuple[float, float]:
    """The least and most a seat's return can be under ``reward`` (one of :data:`REWARDS`)."""
    if reward == "zero-sum-round":
        return -float(rules.max_rounds), float(rules.max_rounds)
    if reward == "zero-sum-game":
        return -1.0, 1.0
    return utility_bounds(variant, rules)


def max_game_length(variant: AnyVariant, rules: Any) -> int:
    """The most decisions a game of ``rules`` can take (``max_rounds`` rounds of the variant's bound)."""
    return int(rules.max_rounds) * variant.max_decisions_per_round(rules)


@functools.lru_cache(maxsize=64)
def _packing(length: int) -> struct.Struct:
    """The packing of an observation vector of ``length`` integers as native 64-bit integers."""
    return struct.Struct(f"{length}q")


#: The slots of an episode that :meth:`Episode._bind` fills from its variant (and its empty cache).
_BOUND = frozenset(("_actions_of", "_apply", "_legal_moves", "_move_of", "_observed", "_packing"))


class Episode:
    """One game, dealt from a seed, played by action integers."""

    __slots__ = (
        "_actions_of",
        "_apply",
        "_before",
        "_first",
        "_legal",
        "_legal_moves",
        "_move_of",
        "_observed",
        "_packing",
        "_recall",
        "history",
        "rules",
        "state",
        "variant",
    )

    def __init__(self, variant: AnyVariant, rules: Any) -> None:
        self.variant = variant
        self.rules = rules
        #: The engine's state, ``None`` before the deal.
        self.state: Any = None
        #: The actions played since the deal (the deal's seed is not one of them).
        self.history: list[int] = []
        #: The state after the deal, and the states before the first actions of :attr:`history` as far as
        #: :attr:`before` has replayed them (nothing is kept while nobody asks: a game's many states kept
        #: alive would slow the garbage collector on every decision).
        self._first: Any = None
        self._before: list[Any] = []
        #: Per seat: the texts of what the seat saw at each of its own decisions, as far as computed.
        self._recall: list[list[str]] = [[] for _ in range(rules.players)]
        #: The last state whose legal actions were listed, and those actions, sorted.
        self._legal: tuple[Any, list[int]] = (None, [])
        self._bind()

    def _bind(self) -> None:
        # What every decision calls, looked up once.
        variant = self.variant
        self._legal_moves = variant.legal_moves
        self._apply = variant.apply
        self._move_of = variant.actions.move_of
        self._actions_of = variant.actions.actions_of
        self._packing = _packing(sum(size for _, size, _ in variant.observation_layout(self.rules.players)))
        #: Per seat, the state last observed and its packed vector: a seat's observation of one state is
        #: built once however often it is asked (OpenSpiel's tensors of one state, PettingZoo's observe).
        self._observed: dict[int, tuple[Any, bytes]] = {}

    def __getstate__(self) -> dict[str, Any]:
        # What _bind looks up is left out (a struct does not pickle) and looked up again on loading.
        return {name: getattr(self, name) for name in self.__slots__ if name not in _BOUND}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)
        self._bind()

    def copy(self) -> Episode:
        """An independent episode at the same point (the engine's states are immutable, so shared)."""
        other = Episode.__new__(Episode)
        other.variant, other.rules, other.state = self.variant, self.rules, self.state
        other.history = list(self.history)
        other._first, other._before = self._first, list(self._before)
        other._recall = [list(seen) for seen in self._recall]
        other._legal = self._legal
        other._bind()
        return other

    def __deepcopy__(self, memo: dict[int, object]) -> Episode:
        # OpenSpiel clones a Python state by deep-copying it: the immutable engine states are shared.
        return self.copy()

    @property
    def dealt(self) -> bool:
        """The first round has been dealt."""
        return self.state is not None

    def deal(self, seed: int) -> None:
        """Deal the game from ``seed`` (every later shuffle follows from it)."""
        self.state = self._first = self.variant.new_game(self.rules, seed)

    @property
    def is_over(self) -> bool:
        """The game has ended."""
        return self.state is not None and self.variant.is_over(self.state)

    def player_to_move(self) -> int:
        """The seat to move."""
        return self.variant.player_to_move(self.state)

    def legal_actions(self) -> list[int]:
        """The legal actions, sorted (a new list each call)."""
        state = self.state
        last = self._legal
        if last[0] is not state:
            self._legal = last = (state, self._actions_of(self._legal_moves(state)))
        return last[1][:]

    def apply_action(self, action: int) -> None:
        """Play ``action`` (``IllegalMoveError`` if its move is not legal, ``ActionError`` if it numbers no
        move)."""
        # (the vocabulary's own instance: the move generator's, found by identity in apply)
        self.state = self._apply(self.state, self._move_of(action))
        self.history.append(action)

    @property
    def before(self) -> list[Any]:
        """The state before each action of :attr:`history`: replayed from the deal when asked (the engine is
        deterministic), each state once."""
        states = self._before
        history = self.history
        done = len(states)
        if done < len(history):
            apply, move_of = self.variant.apply, self.variant.actions.move_of
            state = self._first if done == 0 else apply(states[-1], move_of(history[done - 1]))
            states.append(state)
            for action in history[done : len(history) - 1]:
                state = apply(state, move_of(action))
                states.append(state)
        return states

    def action_text(self, action: int) -> str:
        """The move notation of ``action``."""
        return str(self.variant.actions.move_of(action))

    def scores(self) -> list[int]:
        """Each seat's score so far (its side's scored rounds; 0 before the deal)."""
        if self.state is None:
            return [0] * self.rules.players
        return seat_scores(self.variant, self.rules, self.state)

    def returns(self, reward: str = REWARDS[0]) -> list[float]:
        """Each seat's return once the game is over, 0 before: its side's score, or under a zero-sum
        ``reward`` (:data:`REWARDS`) its difference from the mean score, scaled to ±1 a round or a game."""
        if not self.is_over:
            return [0.0] * self.rules.players
        scores = self.scores()
        if reward == "score":
            return [float(score) for score in scores]
        low, high = self.variant.round_score_bounds(self.rules)
        spread = float(high - low) * (1 if reward == "zero-sum-round" else self.rules.max_rounds)
        mean = sum(scores) / len(scores)
        return [(score - mean) / spread for score in scores]

    def observation(self, player: int) -> list[int]:
        """``player``'s observation vector (all 0 before the deal)."""
        if self.state is None:
            return [0] * (self._packing.size // 8)
        return self.variant.observe(self.variant.view(self.state, player))

    def observation_bytes(self, player: int) -> bytes:
        """``player``'s observation vector as native 64-bit integers, for ``numpy.frombuffer(…, int64)``:
        packed in one C call, about half of what reading the list into an array costs; built once per
        state and seat (the same bytes while the state stays)."""
        state = self.state
        seen = self._observed.get(player)
        if seen is not None and seen[0] is state:
            return seen[1]
        packed = self._packing.pack(*self.observation(player))
        self._observed[player] = (state, packed)
        return packed

    def observation_text(self, player: int) -> str:
        """``player``'s observation as text."""
        if self.state is None:
            return "before the deal"
        return self.variant.describe(self.variant.view(self.state, player))

    def recall_text(self, player: int) -> str:
        """What ``player`` has seen: every action, and the seat's view at each of its own decisions.

        Every move is public, and the only private news of a seat (the cards it draws or is dealt, its
        kitty) shows in its own view by its next decision, so this text tells apart any two histories
        the seat can tell apart: OpenSpiel's information state.
        """
        if self.state is None:
            return f"p{player} before the deal"
        seen = self._recall[player]
        counted = len(seen)
        variant = self.variant
        # seen holds the texts of the first `counted` own decisions: find where to resume.
        before = self.before
        own = [i for i, state in enumerate(before) if variant.player_to_move(state) == player]
        for i in own[counted:]:
            seen.append(f"{i}:{variant.describe(variant.view(before[i], player))}")
        actions = " ".join(map(str, self.history))
        return f"p{player} actions {actions} | seen {' / '.join(seen)} | now {self.observation_text(player)}"
