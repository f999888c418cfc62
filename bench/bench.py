"""Benchmark: random-policy rounds, timed decision by decision, side by side with the peers installed.

Run: ``python bench/bench.py [--rounds N] [--players 2 4 8] [--classic 4 2 3 6] [--peer-games N]
[--json]`` (or ``nox -s bench``); ``--players`` counts Railroad's players, ``--classic`` classic
Canasta's. A decision is one legal-move query plus one apply, timed in CPU time of this thread
(``time.thread_time_ns``), so that a machine shared with other work moves the figures little. The
peers run in the same process when their packages are installed (the ``bench`` dependency group):
OpenSpiel's C++ ``gin_rummy`` driven from Python (``open-spiel``). Our engine never imports them.

The table gives, for every engine, the mean and the median CPU time per decision, the 99th percentile,
how many times the mean the slowest 1% of decisions cost, and the ratio of ours to the peer (means with
means, medians with medians). ``--json`` prints the figures as JSON instead (``compare_trees.py`` reads it).
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import random
import statistics
import time
import tracemalloc
from collections.abc import Callable, Sequence
from typing import Any

from railroad_canasta import (
    RAILROAD,
    ClassicRules,
    ClassicState,
    GameState,
    Rules,
    apply,
    legal_moves,
    new_game,
)

#: The phases of a round being played, of either game (classic's partner answers in "answer").
_PLAYING = ("draw", "meld", "kitty", "answer")

Figures = dict[str, Any]


def summarize(name: str, times: list[int]) -> Figures:
    """Mean, median, p99 and the weight of the slowest 1% of per-decision CPU times (ns)."""
    ordered = sorted(times)
    mean = statistics.fmean(ordered)
    worst = ordered[len(ordered) - max(1, len(ordered) // 100) :]
    return {
        "engine": name,
        "decisions": len(ordered),
        "mean_us": round(mean / 1000, 2),
        "median_us": round(statistics.median(ordered) / 1000, 2),
        "p99_us": round(ordered[int(len(ordered) * 0.99)] / 1000, 2),
        "worst_1pct_mean_over_mean": round(statistics.fmean(worst) / mean, 2),
    }


def ours(rules: Rules | ClassicRules, rounds: int, seed: int) -> tuple[Figures, list[int]]:
    """Play ``rounds`` random-policy rounds under ``rules`` (either game) and time every decision."""
    players = rules.players
    rng = random.Random(seed)
    times: list[int] = []
    sizes: list[int] = []
    clock = time.thread_time_ns
    for r in range(rounds):
        state: GameState | ClassicState = new_game(rules, seed=seed * 1000 + r)
        while state.phase.value in _PLAYING:
            t0 = clock()
            moves = legal_moves(state)
            state = apply(state, moves[rng.randrange(len(moves))])
            times.append(clock() - t0)
            sizes.append(len(moves))
    figures = summarize(f"{rules.variant} {players}p", times)
    figures["players"] = players
    figures["decisions_per_round"] = round(len(times) / rounds, 1)
    figures["median_legal_moves"] = statistics.median(sizes)
    figures["largest_legal_moves"] = max(sizes)
    figures["bytes_retained_per_state"] = retained_per_state(rules, seed)
    return figures, times


def retained_per_state(rules: Rules | ClassicRules, seed: int) -> int:
    """Memory retained by a whole round's history of states, per state (tracemalloc)."""
    rng = random.Random(seed)
    gc.collect()
    tracemalloc.start()
    state: GameState | ClassicState = new_game(rules, seed=seed)
    history = [state]
    base = tracemalloc.get_traced_memory()[0]
    while state.phase.value in _PLAYING:
        moves = legal_moves(state)
        state = apply(state, moves[rng.randrange(len(moves))])
        history.append(state)
    retained = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    return round(retained / len(history))


def gin_rummy(games: int, seed: int) -> list[int] | None:
    """OpenSpiel's C++ gin rummy, random policy, one decision = ``legal_actions`` + ``apply_action``."""
    try:
        pyspiel: Any = importlib.import_module("pyspiel")
    except ImportError:
        return None
    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(seed)
    times: list[int] = []
    clock = time.thread_time_ns
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            t0 = clock()
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
            times.append(clock() - t0)
    return times


#: The peers: a name and a function playing ``games`` games that answers the CPU time of each decision.
PEERS: tuple[tuple[str, Callable[[int, int], list[int] | None]], ...] = (
    ("OpenSpiel C++ gin_rummy", gin_rummy),
)


def run(players: list[int], rounds: int, peer_games: int, seed: int, classic: Sequence[int] = ()) -> Figures:
    """Every figure of one run: ours per player count (Railroad, then classic Canasta), then each peer."""
    ours_figures: list[Figures] = []
    peers: list[Figures] = []
    missing: list[str] = []
    tables: list[Rules | ClassicRules] = [RAILROAD.replace(players=n) for n in players]
    tables += [ClassicRules(players=n) for n in classic]
    for rules in tables:
        ours_figures.append(ours(rules, rounds, seed)[0])
    for name, play in PEERS:
        if peer_games <= 0:
            continue
        times = play(peer_games, seed)
        if times is None:
            missing.append(name)
        else:
            peers.append(summarize(name, times))
    base = ours_figures[0]
    for f in ours_figures:
        f["mean_ratio_to_first"] = round(f["mean_us"] / base["mean_us"], 2)
        f["median_ratio_to_first"] = round(f["median_us"] / base["median_us"], 2)
    return {
        "benchmark": "random-policy decisions, CPU time (thread_time_ns)",
        "results": ours_figures,
        "peers": peers,
        "missing_peers": missing,
    }


def table(figures: Figures) -> str:
    """The side-by-side table (markdown): ours, the peers, and the ratios of ours to each peer."""
    lines = [
        "| engine | mean µs | median µs | p99 µs | slowest 1% / mean | "
        + " | ".join(f"ours / {p['engine']} (mean, median)" for p in figures["peers"])
        + " |",
        "|---" * (5 + len(figures["peers"])) + "|",
    ]
    for f in figures["results"]:
        ratios = [
            f"{f['mean_us'] / p['mean_us']:.2f}, {f['median_us'] / p['median_us']:.2f}"
            for p in figures["peers"]
        ]
        lines.append(
            f"| {f['engine']} | {f['mean_us']} | {f['median_us']} | {f['p99_us']} | "
            f"{f['worst_1pct_mean_over_mean']} | " + " | ".join(ratios) + " |"
        )
    for p in figures["peers"]:
        lines.append(
            f"| {p['engine']} | {p['mean_us']} | {p['median_us']} | {p['p99_us']} | "
            f"{p['worst_1pct_mean_over_mean']} | " + " | ".join("—" for _ in figures["peers"]) + " |"
        )
    extra = [
        f"- {f['engine']}: {f['decisions']} decisions, {f['decisions_per_round']} a round, legal moves "
        f"{f['median_legal_moves']} median / {f['largest_legal_moves']} largest, "
        f"{f['bytes_retained_per_state']} B retained per state, "
        f"mean {f['mean_ratio_to_first']} and median {f['median_ratio_to_first']} times the first's"
        for f in figures["results"]
    ]
    extra += [f"- {p['engine']}: {p['decisions']} decisions" for p in figures["peers"]]
    extra += [f"- {name}: not installed (install the `bench` group)" for name in figures["missing_peers"]]
    return "\n".join([*lines, "", *extra])


def main() -> None:
    """Run the benchmark and print the table (or the figures as JSON)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 4, 8], help="Railroad player counts")
    parser.add_argument("--classic", type=int, nargs="*", default=[4, 2, 3, 6], help="classic player counts")
    parser.add_argument("--peer-games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    figures = run(args.players, args.rounds, args.peer_games, args.seed, args.classic)
    print(json.dumps(figures, indent=2) if args.json else table(figures))


if __name__ == "__main__":
    main()
