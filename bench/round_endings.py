"""How rounds end, for the greedy and the random bot, under the rules 1.0 and 1.1 defaults.

Run: ``python bench/round_endings.py [--rounds N] [--players 2 4]``. For each rule set, bot and player
count it plays seeded games (at most ``--rounds-per-game`` rounds each) until ``--rounds`` rounds have
been played, and counts how each round ended: a player went out, the stock ran out, or a player had no
legal discard (split into a hand of 7s, R-END-3, and any other hand, R-DEC-22). Prints a Markdown table.
The figures are deterministic: the same arguments give the same table.
"""

from __future__ import annotations

import argparse
import collections
import sys
import time

import railroad_canasta as rc
from railroad_canasta import GameState, Kind, Move, PlayerView, Rules
from railroad_canasta.bots import Bot, GreedyBot, RandomBot, play_game

ENDINGS = ("went-out", "stock-empty", "no-discard: 7s", "no-discard: other", "no-discard: turn passed")


def rule_sets() -> dict[str, Rules]:
    """The rule sets compared: the 1.0 preset (when this version has it) and the current defaults."""
    old = getattr(rc, "RAILROAD_1_0", None)
    sets = {"1.0": old if old is not None else rc.RAILROAD}
    if old is not None:
        sets["1.1"] = rc.RAILROAD
    return sets


def count_endings(rules: Rules, make_bots: str, players: int, rounds: int, per_game: int) -> dict[str, int]:
    """Play until ``rounds`` rounds have ended and count the endings."""
    counts: collections.Counter[str] = collections.Counter()
    passed = [0]
    seed = 0
    played = 0
    rules = rules.replace(players=players, max_rounds=per_game)
    while played < rounds:

        def watch(before: GameState, move: Move, after: GameState) -> None:
            if isinstance(move, rc.EndRound):
                hand = before.mover.hand
                counts["no-discard: 7s" if hand[Kind.SEVEN] == sum(hand) else "no-discard: other"] += 1
            elif isinstance(move, rc.EndTurn) and before.phase is rc.Phase.MELD:
                passed[0] += 1
            elif after.history and len(after.history) > len(before.history):
                end = after.history[-1].end.value
                if end != "no-discard":
                    counts[end] += 1

        bots: list[Bot[PlayerView]] = (
            [GreedyBot() for _ in range(players)]
            if make_bots == "greedy"
            else [RandomBot(seed * 10 + i) for i in range(players)]
        )
        final = play_game(rules, seed, bots, on_move=watch)
        played += len(final.history)
        seed += 1
    counts["no-discard: turn passed"] = passed[0]
    counts["rounds"] = played
    return dict(counts)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--rounds-per-game", type=int, default=5)
    args = parser.parse_args(argv)
    print("| rules | bot | players | rounds | " + " | ".join(ENDINGS) + " | seconds |")
    print("|---|---|---|---|" + "---|" * len(ENDINGS) + "---|")
    for name, rules in rule_sets().items():
        for bot in ("greedy", "random"):
            for players in args.players:
                start = time.perf_counter()
                counts = count_endings(rules, bot, players, args.rounds, args.rounds_per_game)
                took = time.perf_counter() - start
                total = counts["rounds"]
                cells = [f"{counts.get(e, 0)} ({100 * counts.get(e, 0) / total:.0f}%)" for e in ENDINGS]
                print(f"| {name} | {bot} | {players} | {total} | " + " | ".join(cells) + f" | {took:.1f} |")
                sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
