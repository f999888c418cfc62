"""A tournament between the bots: win rates with 95% intervals, how rounds end, decision times.

Run: ``python bench/tournament.py [--variant classic] [--games N] [--first-seed S] [--players 2 4]
[--pairs heuristic:greedy ...] [--jobs J]``.

Each pairing ``A:B`` plays ``--games`` seeded games per player count (seeds S, S+1, ..., from 0 unless
``--first-seed`` says). The seats alternate between the two bots, and every other game starts with the
other bot, so each has the first seat as often (for classic, partners sit alternately, so each side is one
bot). ``--duplicate`` deals games 2k and 2k+1 from the same seed k with the bots in swapped seats, so the
luck of the deal cancels between the two (give an even ``--first-seed``). A game is won by the bot whose
best seat scores most (a partner shares the side's score; a tie counts half); with ``--max-rounds`` the
game stops after that many rounds and the scores then decide (``--max-rounds 1``: the unit is one round,
decided by its score). The win rate of ``A`` is given with its 95% Wilson interval, and A's mean point
difference (A's best seat less B's) with its 95% normal interval. The rounds are counted by how they ended (a
player went out, the stock ran out, anything else: no legal discard in Railroad, a red 3 last in the
stock in classic) and by which bot went out. A decision's time is the CPU time of the bot's ``choose``
(``time.thread_time``: the search bot's budget is CPU time on one core), the mean per bot and A's median
and 99th percentile. ``--jobs`` plays games in parallel processes (a search bot still uses one core per game).

``--self heuristic`` adds the table of going-out shares of a bot playing itself at each player count.

The search bot is the variant's (``SearchBot.for_variant``: its settings and its budget in rollouts, capped
at ``--search-seconds`` of CPU a decision); ``--search-margin`` and the like change one setting.
Figures are deterministic for the same arguments, apart from the times and a search bot whose budget is
in seconds (``--search-rollouts`` gives it a budget in rollouts alone).
"""

from __future__ import annotations

import argparse
import collections
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any, cast

from railroad_canasta import Move
from railroad_canasta.bots import (
    Bot,
    SearchBot,
    SeenPosition,
    bot_named,
    play_game,
)
from railroad_canasta.core.variant import seat_scores
from railroad_canasta.variants import VARIANTS, variant_named

#: The endings with a column of their own; the others are counted together.
ENDINGS = ("went-out", "stock-empty")

#: One game: the two bots, the player count, the seed and the arguments.
Task = tuple[str, str, int, int, argparse.Namespace]


class Timed:
    """A bot whose decisions are timed (CPU time of this thread)."""

    def __init__(self, bot: Bot[Any]) -> None:
        self.bot = bot
        self.times: list[float] = []

    def choose(self, seen: SeenPosition, moves: Sequence[Move]) -> Move:
        start = time.thread_time()
        move = self.bot.choose(seen, moves)
        self.times.append(time.thread_time() - start)
        return move


def make_bot(name: str, seed: int, args: argparse.Namespace) -> Bot[Any]:
    if name == "search":
        # The variant's search bot (its budget and settings), with the settings the command line gives.
        rollouts = ... if args.search_rollouts is None else args.search_rollouts
        bot = SearchBot.for_variant(args.variant, seed, seconds=args.search_seconds, rollouts=rollouts)
        for setting in ("margin", "candidates", "confidence", "prune"):
            given = getattr(args, f"search_{setting}")
            if given is not None:
                setattr(bot, setting, given)
        return bot
    return bot_named(name, seed=seed, variant=args.variant)


#: One game's counts for the tables, and each bot's decision times.
Result = tuple[dict[str, float], dict[str, list[float]]]


def play_one(task: Task) -> Result:
    """One game of ``a`` against ``b``; the counts it adds to the tables and the decision times."""
    a, b, players, seed, args = task
    names = [a if (seat + seed) % 2 == 0 else b for seat in range(players)]
    bots = [Timed(make_bot(name, seed * 100 + seat, args)) for seat, name in enumerate(names)]
    out: dict[str, float] = collections.defaultdict(float)
    variant = variant_named(args.variant)
    play = cast("Callable[..., Any]", play_game)

    def watch(before: Any, move: Move, after: Any) -> None:
        if len(after.history) > len(before.history):
            last = after.history[-1]
            end = variant.round_endings(after)[-1]
            out[end if end in ENDINGS else "other"] += 1
            out["rounds"] += 1
            if last.went_out is not None:
                out[f"out:{names[last.went_out]}"] += 1

    rules = variant.rules_for(players, max_rounds=args.max_rounds)
    final = play(rules, seed // 2 if args.duplicate else seed, bots, on_move=watch)
    scores = seat_scores(variant, rules, final)  # type: ignore[arg-type]
    best = {name: max(s for seat, s in enumerate(scores) if names[seat] == name) for name in (a, b)}
    out["win"] = 1.0 if best[a] > best[b] else 0.5 if best[a] == best[b] else 0.0
    out["difference"] = best[a] - best[b]
    times: dict[str, list[float]] = {a: [], b: []}
    for name, bot in zip(names, bots, strict=True):
        times[name].extend(bot.times)
    return dict(out), times


def _seeds(args: argparse.Namespace) -> range:
    return range(args.first_seed, args.first_seed + args.games)


def _sum(results: list[Result]) -> tuple[dict[str, float], dict[str, list[float]]]:
    total: dict[str, float] = collections.defaultdict(float)
    times: dict[str, list[float]] = collections.defaultdict(list)
    for counts, timed in results:
        for key, value in counts.items():
            total[key] += value
        for name, seconds in timed.items():
            times[name].extend(seconds)
    return total, times


def mean_interval(values: list[float]) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its 95% normal interval."""
    if len(values) < 2:
        return statistics.fmean(values), math.inf
    return statistics.fmean(values), 1.959964 * statistics.stdev(values) / math.sqrt(len(values))


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile of ``values`` (``share`` in 0..1)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))] if ordered else 0.0


def wilson(wins: float, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if not n:
        return 0.0, 1.0
    z = 1.959964
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def run(tasks: list[Task], jobs: int) -> list[Result]:
    """Play the games; each one's result is written to stderr as it ends (for long runs)."""
    results: list[Result] = []
    with multiprocessing.Pool(jobs) if jobs > 1 else _Serial() as pool:
        for task, result in zip(tasks, pool.imap(play_one, tasks, chunksize=1), strict=True):
            a, b, players, seed, _ = task
            print(f"{a}:{b} {players}p seed {seed}: {result[0]}", file=sys.stderr, flush=True)
            results.append(result)
    return results


class _Serial:
    """The pool's ``imap`` in this process."""

    def __enter__(self) -> _Serial:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    @staticmethod
    def imap(function: Callable[[Task], Result], tasks: list[Task], chunksize: int = 1) -> Iterator[Result]:
        return map(function, tasks)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--variant", choices=tuple(VARIANTS), default="railroad", help="the rule set played")
    parser.add_argument("--games", type=int, default=100, help="games per pairing and player count")
    parser.add_argument("--first-seed", type=int, default=0, help="the seed of the first game")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument(
        "--pairs", nargs="+", default=["heuristic:greedy", "heuristic:random", "greedy:random"]
    )
    parser.add_argument("--max-rounds", type=int, default=None, help="stop each game after N rounds")
    parser.add_argument("--search-seconds", type=float, default=1.0, help="search budget per decision")
    parser.add_argument("--search-rollouts", type=int, default=None, help="search budget in rollouts")
    parser.add_argument("--search-margin", type=float, default=None, help="search: policy score margin")
    parser.add_argument("--search-candidates", type=int, default=None, help="search: most moves searched")
    parser.add_argument(
        "--search-confidence", type=float, default=None, help="search: standard errors to leave the policy"
    )
    parser.add_argument(
        "--search-prune", type=float, default=None, help="search: standard errors to drop a candidate"
    )
    parser.add_argument(
        "--duplicate", action="store_true", help="deal each seed twice, the bots in swapped seats"
    )
    parser.add_argument(
        "--self", dest="self_play", default=None, help="a bot playing itself: going-out shares"
    )
    parser.add_argument("--self-players", type=int, nargs="+", default=[2, 4, 8])
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    if args.search_rollouts is not None:
        args.search_seconds = None
    unit = {None: "games to the target score", 1: "one-round games"}.get(
        args.max_rounds, f"games of at most {args.max_rounds} rounds"
    )
    probe = make_bot("search", 0, args)
    assert isinstance(probe, SearchBot)
    budget = " and ".join(
        [f"{probe.rollouts} rollouts"] * (probe.rollouts is not None)
        + [f"{probe.seconds} CPU s"] * (probe.seconds is not None)
    )
    print(
        f"Unit: {unit}{', duplicate deals' if args.duplicate else ''}; search budget {budget} a decision "
        f"(margin {probe.margin:g}, {probe.candidates} candidates, confidence "
        f"{probe.confidence:g}, prune {probe.prune:g}).\n"
    )
    print(
        "| pairing A:B | players | games | A wins | 95% interval | A's points (95%) | rounds "
        "| went out (A / B) | stock empty | other ending | µs per decision A (median, p99) "
        "| µs per decision B | seconds |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for pair in args.pairs:
        a, b = pair.split(":")
        for players in args.players:
            start = time.perf_counter()
            results = run([(a, b, players, seed, args) for seed in _seeds(args)], args.jobs)
            took = time.perf_counter() - start
            total, times = _sum(results)
            low, high = wilson(total["win"], args.games)
            points, half = mean_interval([r[0]["difference"] for r in results])
            rounds = int(total["rounds"])
            share = {end: total[end] / rounds if rounds else 0.0 for end in (*ENDINGS, "other")}
            us = {n: 1e6 * sum(times[n]) / max(1, len(times[n])) for n in (a, b)}
            print(
                f"| {pair} | {players} | {args.games} | {total['win'] / args.games:.1%} "
                f"| {low:.1%} to {high:.1%} | {points:+.0f} ± {half:.0f} "
                f"| {rounds} | {share['went-out']:.1%} ({int(total[f'out:{a}'])} / {int(total[f'out:{b}'])}) "
                f"| {share['stock-empty']:.1%} | {share['other']:.1%} "
                f"| {us[a]:.0f} ({1e6 * percentile(times[a], 0.5):.0f}, "
                f"{1e6 * percentile(times[a], 0.99):.0f}) "
                f"| {us[b]:.0f} | {took:.1f} |"
            )
    if args.self_play:
        name = args.self_play
        print(
            f"\n| {name} against itself: players | games | rounds | went out | stock empty | other ending |"
        )
        print("|---|---|---|---|---|---|")
        for players in args.self_players:
            results = run([(name, name, players, seed, args) for seed in _seeds(args)], args.jobs)
            total = _sum(results)[0]
            rounds = int(total["rounds"])
            low, high = wilson(total["went-out"], rounds)
            print(
                f"| {players} | {args.games} | {rounds} | {total['went-out'] / rounds:.1%} ({low:.1%} to "
                f"{high:.1%}) | {total['stock-empty'] / rounds:.1%} | {total['other'] / rounds:.1%} |"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
