"""Benchmark two source trees move kind by move kind, in play: where a change's cost lands.

Run: ``python bench/compare_moves.py OLD_SRC NEW_SRC [--repeats 6] [--rounds 60] [--variant railroad]
[--players 2]``, where each ``*_SRC`` is a ``src`` folder (e.g. of a ``git worktree`` of the old commit).
Each run plays the same random-policy rounds on one tree (the same seeds, so both trees play the same
moves) and times, in CPU time of its thread, every legal-move query and every apply apart, filed under
the kind of the move played (the query under the move chosen from it). The runs alternate (old, new,
old, ...). The table gives, per kind, how often it was played, the median over the runs of each tree's
mean time per query and per apply, the ratio new / old, and the time the difference adds to a whole run.

``compare_trees.py`` says whether a change costs; this says where. A cost found under a kind whose code
did not change is the interpreter's (caches and branch predictors shared with the changed code), not that
kind's.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

#: The phases of a round being played, of either game.
_PLAYING = ("draw", "meld", "kitty", "answer")


def child(variant: str, players: int, rounds: int) -> dict[str, list[int]]:
    """Play ``rounds`` rounds on the tree importable here: per move kind, [played, query ns, apply ns]."""
    from railroad_canasta import ClassicRules, Rules, apply, legal_moves, new_game

    rules = Rules(players=players) if variant == "railroad" else ClassicRules(players=players)
    rng = random.Random(1)
    clock = time.thread_time_ns
    out: dict[str, list[int]] = {}
    for r in range(rounds):
        state = new_game(rules, seed=1000 + r)
        while state.phase.value in _PLAYING:
            t0 = clock()
            moves = legal_moves(state)
            t1 = clock()
            move = moves[rng.randrange(len(moves))]
            t2 = clock()
            state = apply(state, move)
            t3 = clock()
            row = out.setdefault(type(move).__name__, [0, 0, 0])
            row[0] += 1
            row[1] += t1 - t0
            row[2] += t3 - t2
    return out


def run(src: str, args: argparse.Namespace) -> dict[str, list[int]]:
    """One run of :func:`child` against the package in ``src``."""
    command = [sys.executable, str(Path(__file__)), "--child", src, src]
    command += ["--variant", args.variant, "--players", str(args.players), "--rounds", str(args.rounds)]
    env = dict(os.environ, PYTHONPATH=src)
    result: dict[str, list[int]] = json.loads(
        subprocess.run(command, env=env, check=True, capture_output=True, text=True).stdout
    )
    return result


def main() -> None:
    """Alternate the two trees and print the table by move kind."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--repeats", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=60)
    parser.add_argument("--variant", choices=("railroad", "classic"), default="railroad")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.variant, args.players, args.rounds)))
        return
    runs: dict[str, list[dict[str, list[int]]]] = {"old": [], "new": []}
    for _ in range(args.repeats):
        runs["old"].append(run(args.old, args))
        runs["new"].append(run(args.new, args))
    kinds = sorted(runs["old"][0], key=lambda k: -runs["old"][0][k][0])
    if any(
        set(r) != set(kinds) or any(r[k][0] != runs["old"][0][k][0] for k in kinds)
        for t in runs.values()
        for r in t
    ):
        print("the trees played different moves: the rounds are not comparable kind by kind", file=sys.stderr)
        raise SystemExit(1)
    print(f"{args.variant} {args.players}p, {args.rounds} rounds, {args.repeats} runs a tree, alternated\n")
    print("| move | played | part | old mean ns | new mean ns | new/old | adds to a run, ms |")
    print("|---|---|---|---|---|---|---|")
    added = {"query": 0.0, "apply": 0.0}
    whole = {"old": 0.0, "new": 0.0}
    for kind in kinds:
        played = runs["old"][0][kind][0]
        for column, part in ((1, "query"), (2, "apply")):
            old = statistics.median(r[kind][column] / played for r in runs["old"])
            new = statistics.median(r[kind][column] / played for r in runs["new"])
            added[part] += (new - old) * played / 1e6
            whole["old"] += old * played / 1e6
            whole["new"] += new * played / 1e6
            extra = (new - old) * played / 1e6
            print(f"| {kind} | {played} | {part} | {old:.0f} | {new:.0f} | {new / old:.3f} | {extra:+.2f} |")
    print(
        f"\nA run: {whole['old']:.1f} ms old, {whole['new']:.1f} ms new ({whole['new'] / whole['old']:.3f});"
        f" the difference {added['query']:+.2f} ms in queries, {added['apply']:+.2f} ms in applies."
    )


if __name__ == "__main__":
    main()
