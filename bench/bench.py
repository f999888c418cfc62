"""Benchmark: random-bot rounds, timed decision by decision. Prints JSON.

Run: ``python bench/bench.py [--rounds N] [--players 2 4 8]``. A decision is
one ``legal_moves`` query plus one ``apply``. Figures are medians over all
decisions, so noise from the machine moves them little.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import time
import tracemalloc

from railroad_canasta import RAILROAD, Phase, apply, legal_moves, new_game


def bench_players(players: int, rounds: int, seed: int) -> dict[str, float | int]:
    """Play ``rounds`` random-bot rounds with ``players`` players and time every decision."""
    rules = RAILROAD.replace(players=players)
    rng = random.Random(seed)
    times: list[int] = []
    sizes: list[int] = []
    decisions_per_round: list[int] = []
    clock = time.perf_counter_ns
    wall = 0
    for r in range(rounds):
        state = new_game(rules, seed=seed * 1000 + r)
        count = 0
        start_round = clock()
        while state.phase is not Phase.ROUND_OVER and state.phase is not Phase.GAME_OVER:
            t0 = clock()
            moves = legal_moves(state)
            state = apply(state, moves[rng.randrange(len(moves))])
            t1 = clock()
            times.append(t1 - t0)
            sizes.append(len(moves))
            count += 1
        wall += clock() - start_round
        decisions_per_round.append(count)
    gc.collect()
    # Memory retained by a whole round's history of states.
    tracemalloc.start()
    state = new_game(rules, seed=seed)
    history = [state]
    base = tracemalloc.get_traced_memory()[0]
    while state.phase is Phase.DRAW or state.phase is Phase.MELD or state.phase is Phase.KITTY:
        moves = legal_moves(state)
        state = apply(state, moves[rng.randrange(len(moves))])
        history.append(state)
    retained = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    return {
        "players": players,
        "rounds": rounds,
        "decisions": len(times),
        "median_us_per_decision": round(statistics.median(times) / 1000, 2),
        "mean_us_per_decision": round(statistics.fmean(times) / 1000, 2),
        "p90_us_per_decision": round(sorted(times)[int(len(times) * 0.9)] / 1000, 2),
        "decisions_per_round": round(statistics.fmean(decisions_per_round), 1),
        "rounds_per_second": round(rounds / (wall / 1e9), 2),
        "largest_legal_moves": max(sizes),
        "median_legal_moves": statistics.median(sizes),
        "bytes_retained_per_state": round(retained / len(history)),
    }


def main() -> None:
    """Run the benchmark and print the figures as JSON."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 4, 8])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    results = [bench_players(n, args.rounds, args.seed) for n in args.players]
    base = results[0]["median_us_per_decision"]
    for r in results:
        r["median_ratio_to_first"] = round(float(r["median_us_per_decision"]) / float(base), 2)
    print(json.dumps({"benchmark": "random-bot rounds", "results": results}, indent=2))


if __name__ == "__main__":
    main()
