"""Benchmark: JSON of states, views and records. Prints JSON.

Run: ``python bench/bench_json.py [--repeat N] [--seed S] [--players N]``. The headline
figure is ``state_from_json_median_us``: the median time to load (parse and fully check)
a mid-game state from its JSON text; the targets are under 1000 µs for 2 players and
under 500 µs for 8. A mid-game state is the first meld phase of round 1 with half the
stock drawn and every player melded.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable

from railroad_canasta import RAILROAD, GameState, Phase, apply, legal_moves, new_game
from railroad_canasta.io import (
    record_from_json,
    record_game,
    record_to_json,
    replay,
    state_from_json,
    state_to_json,
    view_from_json,
    view_to_json,
)
from railroad_canasta.variants.railroad.views import view


def mid_game(seed: int, players: int = 2) -> tuple[GameState, list[str]]:
    """A state in the middle of round 1, and the moves that reach it."""
    rng = random.Random(seed)
    state = new_game(RAILROAD.replace(players=players), seed=seed)
    full = len(state.stock)
    moves: list[str] = []
    while True:
        if (
            state.round == 1
            and state.phase is Phase.MELD
            and len(state.stock) <= full // 2
            and all(p.melds for p in state.players)
        ):
            return state, moves
        if state.phase is not Phase.DRAW and state.phase is not Phase.MELD and state.phase is not Phase.KITTY:
            return mid_game(seed + 1, players)
        options = legal_moves(state)
        move = options[rng.randrange(len(options))]
        moves.append(str(move))
        state = apply(state, move)


def median_us(action: Callable[[], object], repeat: int) -> float:
    """The median CPU time (this thread) of ``action`` in microseconds, after a warm-up."""
    for _ in range(min(repeat, 50)):
        action()
    clock = time.thread_time_ns
    times = []
    for _ in range(repeat):
        start = clock()
        action()
        times.append(clock() - start)
    return round(statistics.median(times) / 1000, 1)


def main() -> None:
    """Measure and print the figures as JSON."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    state, moves = mid_game(args.seed, args.players)
    text = state_to_json(state)
    assert state_from_json(text) == state
    seen = view(state, state.to_move)
    view_text = view_to_json(seen)
    record = record_game(state.rules, state.seed, moves)
    record_text = record_to_json(record)
    assert replay(record_from_json(record_text)) == state
    figures = {
        "players": state.rules.players,
        "moves_to_reach_state": len(moves),
        "stock_size": len(state.stock),
        "state_json_bytes": len(text),
        "state_from_json_median_us": median_us(lambda: state_from_json(text), args.repeat),
        "state_to_json_median_us": median_us(lambda: state_to_json(state), args.repeat),
        "view_from_json_median_us": median_us(lambda: view_from_json(view_text), args.repeat),
        "view_to_json_median_us": median_us(lambda: view_to_json(view(state, state.to_move)), args.repeat),
        "json_loads_only_median_us": median_us(lambda: json.loads(text), args.repeat),
        "record_replay_median_us": median_us(
            lambda: replay(record_from_json(record_text)), max(args.repeat // 20, 5)
        ),
    }
    figures["target_state_from_json_us"] = target = 500 if state.rules.players >= 8 else 1000
    figures["meets_target"] = figures["state_from_json_median_us"] < target
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
