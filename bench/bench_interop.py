"""Simulation throughput with 1 and 2 jobs, and the OpenSpiel adapter's cost per decision, side by side.

    python bench/bench_interop.py [--games 60] [--rounds 20]

1. ``simulate`` plays the same seeded plan (greedy against random, one round a game) with ``--jobs 1``
   and ``--jobs 2``; it prints games and decisions per second (wall time) of each.
2. The same seeded random rounds are played twice, decision for decision: by the bare engine
   (``legal_moves`` + ``apply``) and through the OpenSpiel game (``legal_actions`` + ``apply_action``);
   it prints the CPU time per decision of each (``time.thread_time_ns``: a decision preempted by another
   process is not charged), mean with mean and median with median, and their ratio. Needs the
   ``[openspiel]`` extra for the second table.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from railroad_canasta import apply, legal_moves, new_game
from railroad_canasta.simulation import Plan, simulate
from railroad_canasta.variants import variant_named


def throughput(games: int) -> None:
    """Print games and decisions per second of the same plan with 1 and 2 jobs."""
    plan = Plan(variant="railroad", rules=None, bots=("greedy", "random"), games=games, seed=1, max_rounds=1)
    print(f"simulate: {games} games of one round, greedy against random (wall time)")
    print(f"{'jobs':>4} | {'seconds':>7} | {'games/s':>7} | {'decisions/s':>11}")
    for jobs in (1, 2):
        summary = simulate(plan, jobs=jobs)
        print(
            f"{jobs:>4} | {summary.seconds:7.2f} | {summary.games / summary.seconds:7.1f} | "
            f"{summary.decisions / summary.seconds:11.0f}"
        )


def _actions(seed: int) -> tuple[int, list[int]]:
    """A seeded random round as the deal seed and the actions played."""
    space = variant_named("railroad").actions
    rng = random.Random(seed)
    deal = rng.randrange(1 << 16)
    state = new_game(variant_named("railroad").rules_for(2, max_rounds=1), seed=deal)
    played = []
    while not state.is_over:
        moves = legal_moves(state)
        move = moves[rng.randrange(len(moves))]
        played.append(space.action_of(move))
        state = apply(state, move)
    return deal, played


def _engine(deal: int, played: list[int]) -> list[int]:
    space = variant_named("railroad").actions
    moves = [space.move_of(a) for a in played]
    state = new_game(variant_named("railroad").rules_for(2, max_rounds=1), seed=deal)
    times = []
    clock = time.thread_time_ns
    for move in moves:
        t0 = clock()
        legal_moves(state)
        state = apply(state, move)
        times.append(clock() - t0)
    return times


def _openspiel(game: object, deal: int, played: list[int]) -> list[int]:
    state = game.new_initial_state()  # type: ignore[attr-defined]
    state.apply_action(deal)
    times = []
    clock = time.thread_time_ns
    for action in played:
        t0 = clock()
        state.legal_actions()
        state.apply_action(action)
        times.append(clock() - t0)
    return times


def overhead(rounds: int) -> None:
    """Print the cost per decision of the bare engine and of the OpenSpiel game on the same decisions."""
    try:
        import pyspiel

        import railroad_canasta.adapters.openspiel  # noqa: F401  (registers the games)
    except ImportError as exc:
        print(f"OpenSpiel adapter: not measured ({exc})")
        return
    game = pyspiel.load_game("python_railroad_canasta", {"players": 2})
    engine: list[int] = []
    spiel: list[int] = []
    for seed in range(rounds):
        deal, played = _actions(seed)
        # Alternate which goes first, so that neither always runs on a warm cache.
        if seed % 2:
            engine += _engine(deal, played)
            spiel += _openspiel(game, deal, played)
        else:
            spiel += _openspiel(game, deal, played)
            engine += _engine(deal, played)
    print(f"\nper decision, 2 players, {rounds} seeded random rounds, {len(engine)} decisions (CPU time)")
    print(f"{'':>22} | {'mean µs':>8} | {'median µs':>9}")
    rows = [("bare engine", engine), ("OpenSpiel adapter", spiel)]
    for name, times in rows:
        print(f"{name:>22} | {statistics.fmean(times) / 1000:8.2f} | {statistics.median(times) / 1000:9.2f}")
    mean_ratio = statistics.fmean(spiel) / statistics.fmean(engine)
    median_ratio = statistics.median(spiel) / statistics.median(engine)
    print(f"{'adapter / engine':>22} | {mean_ratio:8.2f} | {median_ratio:9.2f}")
    extra = (statistics.fmean(spiel) - statistics.fmean(engine)) / 1000
    print(f"overhead of the adapter: {extra:.2f} µs per decision (means)")


def main() -> None:
    """Run both measurements."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="games per simulate run (default 60)")
    parser.add_argument("--rounds", type=int, default=20, help="rounds for the adapter's cost (default 20)")
    args = parser.parse_args()
    throughput(args.games)
    overhead(args.rounds)


if __name__ == "__main__":
    main()
