"""The adapters' cost per decision beside the bare engine's, on the same decisions, in one run.

    python bench/bench_adapters.py [--rounds 20] [--variant railroad] [--players 2]

Seeded random rounds are played first; then each decision is replayed, alternating which path goes
first round by round, by:

* the bare engine: ``legal_moves`` + ``apply``;
* the episode every adapter wraps (``Episode.legal_actions`` + ``apply_action``);
* the OpenSpiel game (``state.legal_actions()`` + ``state.apply_action``), with the ``[openspiel]`` extra,
  and OpenSpiel's floor: the same two calls on a Python game that does nothing (its legal actions a list
  answered in Python, as this adapter's are; ``apply_action`` through OpenSpiel's C++ to an empty
  ``_apply_action``): what any Python game pays OpenSpiel per decision, whatever its engine;
* a bound for any OpenSpiel adapter over this engine: the OpenSpiel state with each decision's sorted
  actions handed to it for free (listed before the clock starts), so that a decision costs only the
  engine's ``legal_moves`` and ``apply`` and OpenSpiel's own calls; no adapter, however its actions are
  found (even a move generator that listed action numbers itself), can be cheaper than this row;
* the PettingZoo environment (``env.step`` + ``env.observe`` of the next agent, the loop of its docs:
  the observation is part of every step there), with the ``[pettingzoo]`` extra: ``env()`` (PettingZoo's
  wrappers) and ``raw_env()``, and ``raw_env()``'s step and observe timed apart.

It prints, per path, the mean and the median CPU time per decision (``time.thread_time_ns``: a decision
preempted by another process is not charged) and their ratio to the bare engine's (means with means,
medians with medians), with the load average. The garbage collector runs as it does for a user.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from railroad_canasta.adapters.episode import Episode
from railroad_canasta.variants import variant_named

Clock = Callable[[], int]


def _round(variant: Any, rules: Any, seed: int) -> tuple[int, list[int]]:
    """A seeded random round: the deal's seed and the actions played."""
    rng = random.Random(seed)
    deal = rng.randrange(1 << 16)
    episode = Episode(variant, rules)
    episode.deal(deal)
    while not episode.is_over:
        episode.apply_action(rng.choice(episode.legal_actions()))
    return deal, episode.history


def _engine(variant: Any, rules: Any, deal: int, played: list[int], clock: Clock) -> list[int]:
    moves = [variant.actions.move_of(a) for a in played]
    state = variant.new_game(rules, deal)
    times = []
    for move in moves:
        t0 = clock()
        variant.legal_moves(state)
        state = variant.apply(state, move)
        times.append(clock() - t0)
    return times


def _by_actions(player: Any, played: list[int], clock: Clock) -> list[int]:
    """Each decision's time through an object that lists and plays actions as OpenSpiel's states do (the
    episode, or an OpenSpiel state), dealt already."""
    times = []
    for action in played:
        t0 = clock()
        player.legal_actions()
        player.apply_action(action)
        times.append(clock() - t0)
    return times


def _dealt_episode(variant: Any, rules: Any, deal: int) -> Episode:
    episode = Episode(variant, rules)
    episode.deal(deal)
    return episode


def _dealt_openspiel(game: Any, deal: int) -> Any:
    state = game.new_initial_state()
    state.apply_action(deal)
    return state


def _openspiel_floor(pyspiel: Any, played: list[int], clock: Clock) -> list[int]:
    """OpenSpiel's own cost per decision for a Python game: a two-player game whose every state lists the
    same actions (answered in Python) and whose ``_apply_action`` only passes the turn, timed as the others
    (one decision per action played)."""
    name = "python_bench_floor"
    if name not in pyspiel.registered_names():
        game_type = pyspiel.GameType(
            short_name=name,
            long_name="An empty Python game (the bench's floor)",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
            information=pyspiel.GameType.Information.PERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.ZERO_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=2,
            min_num_players=2,
            provides_information_state_string=False,
            provides_information_state_tensor=False,
            provides_observation_string=False,
            provides_observation_tensor=False,
            parameter_specification={},
        )
        info = pyspiel.GameInfo(
            num_distinct_actions=8,
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=1 << 30,
        )
        actions = list(range(8))

        class FloorState(pyspiel.State):  # type: ignore[misc]
            def __init__(self, game: Any) -> None:
                super().__init__(game)
                self.mover = 0

            def current_player(self) -> int:
                return self.mover

            def _legal_actions(self, player: int) -> list[int]:
                return actions

            def legal_actions(self, player: int | None = None) -> list[int]:
                return actions

            def _apply_action(self, action: int) -> None:
                self.mover = 1 - self.mover

            def is_terminal(self) -> bool:
                return False

            def returns(self) -> list[float]:
                return [0.0, 0.0]

        class FloorGame(pyspiel.Game):  # type: ignore[misc]
            def __init__(self, params: Any = None) -> None:
                super().__init__(game_type, info, params or {})

            def new_initial_state(self) -> FloorState:
                return FloorState(self)

        pyspiel.register_game(game_type, FloorGame)
    state = pyspiel.load_game(name).new_initial_state()
    return _by_actions(state, [action % 8 for action in played], clock)


def _openspiel_bound(game: Any, variant: Any, deal: int, played: list[int], clock: Clock) -> list[int]:
    """Each decision through an OpenSpiel state whose actions cost nothing: the state of the adapter with
    ``legal_actions`` answered from a list made before the clock starts (the engine's ``legal_moves`` still
    called, as any adapter must) and ``_apply_action`` playing the vocabulary's move with no check or
    record."""
    from railroad_canasta.adapters import openspiel

    moves = variant.actions.moves
    listed: list[list[int]] = []
    state = variant.new_game(game.rules, deal)
    for action in played:
        listed.append(variant.actions.actions_of(variant.legal_moves(state)))
        state = variant.apply(state, moves[action])
    lists = iter(listed)

    class FreeActions(openspiel.CanastaState):  # type: ignore[misc]
        def legal_actions(self, player: int | None = None) -> list[int]:
            variant.legal_moves(self.episode.state)
            return next(lists)

        def _apply_action(self, action: int) -> None:
            episode = self.episode
            if self._current == openspiel._CHANCE:
                episode.deal(action)
                self._current = variant.player_to_move(episode.state)
                return
            reached = episode.state = variant.apply(episode.state, moves[action])
            self._current = (
                openspiel._TERMINAL if variant.is_over(reached) else variant.player_to_move(reached)
            )

    free = FreeActions(game)
    free.apply_action(deal)
    times = _by_actions(free, played, clock)
    if free.episode.state != state or next(lists, None) is not None:
        raise RuntimeError("the bound's state left the round it replays")
    return times


def _pettingzoo(env: Any, deal: int, played: list[int], clock: Clock, parts: str = "both") -> list[int]:
    """Each decision's ``step`` + ``observe`` of the next agent (``parts``: ``both``, ``step`` or
    ``observe`` alone timed)."""
    env.reset(seed=deal)
    times = []
    for action in played:
        t0 = clock()
        env.step(action)
        if parts == "observe":
            t0 = clock()
        if parts != "step":
            env.observe(env.agent_selection)
        times.append(clock() - t0)
    return times


def main(argv: list[str] | None = None) -> None:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--variant", default="railroad")
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args(argv)
    variant = variant_named(args.variant)
    rules = variant.rules_for(args.players, max_rounds=1)
    clock = time.thread_time_ns
    paths: dict[str, Callable[[int, list[int]], list[int]]] = {
        "bare engine": lambda deal, played: _engine(variant, rules, deal, played, clock),
        "episode": lambda deal, played: _by_actions(_dealt_episode(variant, rules, deal), played, clock),
    }
    try:
        import pyspiel

        from railroad_canasta.adapters.openspiel import game_name

        game = pyspiel.load_game(game_name(variant), {"players": args.players})
        paths["OpenSpiel"] = lambda deal, played: _by_actions(_dealt_openspiel(game, deal), played, clock)
        paths["OpenSpiel's floor"] = lambda deal, played: _openspiel_floor(pyspiel, played, clock)
        paths["OpenSpiel, actions free"] = lambda deal, played: _openspiel_bound(
            game, variant, deal, played, clock
        )
    except ImportError as exc:
        print(f"OpenSpiel: not measured ({exc})")
    try:
        from railroad_canasta.adapters.pettingzoo import env as make_env
        from railroad_canasta.adapters.pettingzoo import raw_env

        wrapped = make_env(variant=args.variant, players=args.players)
        bare_env = raw_env(variant=args.variant, players=args.players)
        paths["PettingZoo step + observe"] = lambda deal, played: _pettingzoo(wrapped, deal, played, clock)
        paths["the same, raw_env"] = lambda deal, played: _pettingzoo(bare_env, deal, played, clock)
        paths["raw_env step alone"] = lambda deal, played: _pettingzoo(bare_env, deal, played, clock, "step")
        paths["raw_env observe alone"] = lambda deal, played: _pettingzoo(
            bare_env, deal, played, clock, "observe"
        )
    except ImportError as exc:
        print(f"PettingZoo: not measured ({exc})")
    times: dict[str, list[int]] = {name: [] for name in paths}
    names = list(paths)
    for seed in range(args.rounds):
        deal, played = _round(variant, rules, seed)
        order = names if seed % 2 == 0 else names[::-1]
        for name in order:
            times[name] += paths[name](deal, played)
    bare = times["bare engine"]
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(
        f"{args.variant}, {args.players} players: {args.rounds} seeded random rounds, {len(bare)} decisions "
        f"(CPU time per decision; load average {load})"
    )
    print(f"| {'path':<26} | mean µs | median µs | mean / bare | median / bare |")
    print(f"|{'-' * 28}|---------|-----------|-------------|---------------|")
    for name, t in times.items():
        mean, median = statistics.fmean(t), statistics.median(t)
        print(
            f"| {name:<26} | {mean / 1000:7.2f} | {median / 1000:9.2f} | "
            f"{mean / statistics.fmean(bare):11.2f} | {median / statistics.median(bare):13.2f} |"
        )


if __name__ == "__main__":
    main()
