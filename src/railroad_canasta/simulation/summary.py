"""The summary of a simulation: win rate per bot with a 95% interval, scores, rounds, round endings, speed.

>>> lines = [
...     {"bots": ["a", "b"], "scores": [120, -40], "winners": [0], "rounds": 1, "endings": ["went-out"],
...      "decisions": 200},
...     {"bots": ["b", "a"], "scores": [90, 30], "winners": [0], "rounds": 1, "endings": ["stock-empty"],
...      "decisions": 300},
... ]
>>> summary = summarise(lines, seconds=2.0)
>>> summary.bots["a"].wins, summary.bots["a"].seats, summary.endings
(1, 2, {'went-out': 1, 'stock-empty': 1})
>>> print(summary.text())  # doctest: +NORMALIZE_WHITESPACE
2 games, 500 decisions in 2.0 s: 1.0 games/s, 250 decisions/s
bot  seats  wins  win rate (95% interval)   mean score (95% interval)
a        2     1  50.0% (9.5% to 90.5%)     75.0 (-13.2 to 163.2)
b        2     1  50.0% (9.5% to 90.5%)     25.0 (-102.4 to 152.4)
rounds per game: mean 1.00 (95% interval 1.00 to 1.00)
round endings: went-out 1 (50.0%), stock-empty 1 (50.0%)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

import attrs

__all__ = ["BotSummary", "Summary", "mean_interval", "summarise", "wilson_interval"]

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054


def wilson_interval(successes: int, trials: int) -> tuple[float, float]:
    """The Wilson score 95% interval of a proportion (good for small counts and rates near 0 or 1).

    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    >>> [round(x, 3) for x in wilson_interval(50, 100)]
    [0.404, 0.596]
    """
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean of ``values`` and its normal 95% interval (the mean alone for fewer than two values)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = sum(values) / n
    if n < 2:
        return mean, mean, mean
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(variance / n)
    return mean, mean - half, mean + half


@attrs.frozen
class BotSummary:
    """One bot's record over the seats it played."""

    seats: int
    wins: int
    scores: tuple[float, ...]

    @property
    def win_rate(self) -> float:
        """Wins per seat played."""
        return self.wins / self.seats if self.seats else 0.0


@attrs.frozen
class Summary:
    """What a set of results says."""

    games: int
    decisions: int
    seconds: float
    bots: Mapping[str, BotSummary]
    rounds: tuple[int, ...]
    endings: Mapping[str, int]
    interrupted: bool = False

    def text(self) -> str:
        """The summary as lines of text."""
        speed = self.games / self.seconds if self.seconds > 0 else 0.0
        per_decision = self.decisions / self.seconds if self.seconds > 0 else 0.0
        head = "interrupted: " if self.interrupted else ""
        lines = [
            f"{head}{self.games} games, {self.decisions} decisions in {self.seconds:.1f} s: "
            f"{speed:.1f} games/s, {per_decision:.0f} decisions/s"
        ]
        width = max([3, *(len(name) for name in self.bots)])
        lines.append(f"{'bot':<{width}}  seats  wins  win rate (95% interval)   mean score (95% interval)")
        for name, bot in self.bots.items():
            low, high = wilson_interval(bot.wins, bot.seats)
            mean, m_low, m_high = mean_interval(bot.scores)
            rate = f"{100 * bot.win_rate:.1f}% ({100 * low:.1f}% to {100 * high:.1f}%)"
            lines.append(
                f"{name:<{width}}  {bot.seats:5d}  {bot.wins:4d}  {rate:<24}  "
                f"{mean:.1f} ({m_low:.1f} to {m_high:.1f})"
            )
        r_mean, r_low, r_high = mean_interval([float(r) for r in self.rounds])
        lines.append(f"rounds per game: mean {r_mean:.2f} (95% interval {r_low:.2f} to {r_high:.2f})")
        total = sum(self.endings.values())
        endings = ", ".join(f"{how} {n} ({100 * n / total:.1f}%)" for how, n in self.endings.items())
        lines.append(f"round endings: {endings or '-'}")
        return "\n".join(lines)


def summarise(lines: Iterable[Mapping[str, object]], *, seconds: float, interrupted: bool = False) -> Summary:
    """The summary of result lines (as :func:`~railroad_canasta.simulation.plan.play_one` writes them)."""
    seats: dict[str, int] = {}
    wins: dict[str, int] = {}
    scores: dict[str, list[float]] = {}
    rounds: list[int] = []
    endings: dict[str, int] = {}
    games = decisions = 0
    for line in lines:
        games += 1
        bots: list[str] = line["bots"]  # type: ignore[assignment]
        line_scores: list[int] = line["scores"]  # type: ignore[assignment]
        winners: list[int] = line["winners"]  # type: ignore[assignment]
        for seat, name in enumerate(bots):
            seats[name] = seats.get(name, 0) + 1
            wins[name] = wins.get(name, 0) + (seat in winners)
            scores.setdefault(name, []).append(float(line_scores[seat]))
        rounds.append(line["rounds"])  # type: ignore[arg-type]
        for how in line["endings"]:  # type: ignore[attr-defined]
            endings[how] = endings.get(how, 0) + 1
        decisions += line["decisions"]  # type: ignore[operator]
    bots_summary = {name: BotSummary(seats[name], wins[name], tuple(scores[name])) for name in seats}
    return Summary(games, decisions, seconds, bots_summary, tuple(rounds), endings, interrupted)
