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
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

__all__ = ["BotSummary", "Moments", "Summary", "Tally", "mean_interval", "summarise", "wilson_interval"]

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


def mean_interval(values: Iterable[float]) -> tuple[float, float, float]:
    """The mean of ``values`` and its normal 95% interval (the mean alone for fewer than two values).

    >>> mean_interval([1, 2, 3])[0], mean_interval([])
    (2.0, (0.0, 0.0, 0.0))
    """
    values = list(values)
    return Moments(len(values), sum(values), sum(v * v for v in values)).interval()


@attrs.frozen
class Moments:
    """How many numbers, their sum and their sum of squares: their mean and its interval without the
    numbers (exact for integers, whatever order they were added in)."""

    count: int = 0
    total: float = 0
    squares: float = 0

    def interval(self) -> tuple[float, float, float]:
        """The mean and its normal 95% interval (the mean alone for fewer than two numbers)."""
        n = self.count
        if n == 0:
            return 0.0, 0.0, 0.0
        mean = self.total / n
        if n < 2:
            return mean, mean, mean
        variance = max(0.0, (n * self.squares - self.total * self.total) / (n * (n - 1)))
        half = Z95 * math.sqrt(variance / n)
        return mean, mean - half, mean + half


@attrs.frozen
class BotSummary:
    """One bot's record over the seats it played."""

    seats: int
    wins: int
    #: The bot's scores, one a seat it played.
    scores: Moments

    @property
    def win_rate(self) -> float:
        """Wins per seat played."""
        return self.wins / self.seats if self.seats else 0.0


@attrs.frozen
class Summary:
    """What a set of results says."""

    games: int
    decisions: int
    #: Seconds the run took; ``None`` for lines read back from a file.
    seconds: float | None
    bots: Mapping[str, BotSummary]
    #: Rounds per game.
    rounds: Moments
    endings: Mapping[str, int]
    interrupted: bool = False
    #: Games (and their decisions) that a resumed run found already written, not played again.
    resumed: int = 0
    resumed_decisions: int = 0
    #: Games played by each Ray node (by node id), when the run went to Ray.
    nodes: Mapping[str, int] = attrs.field(factory=dict)

    def _head(self) -> str:
        head = "interrupted: " if self.interrupted else ""
        if self.seconds is None:
            return f"{head}{self.games} games, {self.decisions} decisions"
        played, decisions = self.games - self.resumed, self.decisions - self.resumed_decisions
        speed = played / self.seconds if self.seconds > 0 else 0.0
        per_decision = decisions / self.seconds if self.seconds > 0 else 0.0
        rate = f"in {self.seconds:.1f} s: {speed:.1f} games/s, {per_decision:.0f} decisions/s"
        if self.resumed:
            # (the totals are the file's; the time and speed are those of the games played now)
            return (
                f"{head}{self.games} games, {self.decisions} decisions ({self.resumed} games already "
                f"written; {played} played, {decisions} decisions, {rate})"
            )
        return f"{head}{self.games} games, {decisions} decisions {rate}"

    def text(self) -> str:
        """The summary as lines of text."""
        lines = [self._head()]
        if not self.games:
            # (no table, rounds, endings or nodes to show)
            return "\n".join([*lines, "no game to summarise"])
        width = max([3, *(len(name) for name in self.bots)])
        lines.append(f"{'bot':<{width}}  seats  wins  win rate (95% interval)   mean score (95% interval)")
        for name, bot in self.bots.items():
            low, high = wilson_interval(bot.wins, bot.seats)
            mean, m_low, m_high = bot.scores.interval()
            rate = f"{100 * bot.win_rate:.1f}% ({100 * low:.1f}% to {100 * high:.1f}%)"
            lines.append(
                f"{name:<{width}}  {bot.seats:5d}  {bot.wins:4d}  {rate:<24}  "
                f"{mean:.1f} ({m_low:.1f} to {m_high:.1f})"
            )
        r_mean, r_low, r_high = self.rounds.interval()
        lines.append(f"rounds per game: mean {r_mean:.2f} (95% interval {r_low:.2f} to {r_high:.2f})")
        total = sum(self.endings.values())
        endings = ", ".join(f"{how} {n} ({100 * n / total:.1f}%)" for how, n in self.endings.items())
        lines.append(f"round endings: {endings or '-'}")
        if self.nodes:
            per_node = ", ".join(f"{node[:12]} {n}" for node, n in self.nodes.items())
            lines.append(f"games per Ray node: {per_node}")
        return "\n".join(lines)


@attrs.define
class Tally:
    """A summary in the making: lines are added one at a time and none is kept."""

    games: int = 0
    decisions: int = 0
    #: Per bot: seats, wins, the sum of its scores and of their squares.
    bots: dict[str, list[int]] = attrs.field(factory=dict)
    #: Games, the sum of their rounds and of their squares.
    rounds: list[int] = attrs.field(factory=lambda: [0, 0, 0])
    endings: dict[str, int] = attrs.field(factory=dict)

    def add(self, line: Mapping[str, Any]) -> None:
        """Count one game's line."""
        self.games += 1
        winners = line["winners"]
        for seat, (name, score) in enumerate(zip(line["bots"], line["scores"], strict=True)):
            record = self.bots.setdefault(name, [0, 0, 0, 0])
            record[0] += 1
            record[1] += seat in winners
            record[2] += score
            record[3] += score * score
        rounds = line["rounds"]
        self.rounds[0] += 1
        self.rounds[1] += rounds
        self.rounds[2] += rounds * rounds
        for how in line["endings"]:
            self.endings[how] = self.endings.get(how, 0) + 1
        self.decisions += line["decisions"]

    def summary(
        self,
        *,
        seconds: float | None,
        interrupted: bool = False,
        resumed: tuple[int, int] = (0, 0),
        nodes: Mapping[str, int] | None = None,
    ) -> Summary:
        """The summary of the lines added so far (``resumed``: the games and decisions not played now)."""
        bots = {
            name: BotSummary(seats, wins, Moments(seats, total, squares))
            for name, (seats, wins, total, squares) in self.bots.items()
        }
        return Summary(
            self.games,
            self.decisions,
            seconds,
            bots,
            Moments(*self.rounds),
            dict(self.endings),
            interrupted,
            *resumed,
            nodes=dict(nodes or {}),
        )


def summarise(
    lines: Iterable[Mapping[str, Any]], *, seconds: float | None, interrupted: bool = False
) -> Summary:
    """The summary of result lines (as :func:`~railroad_canasta.simulation.plan.play_one` writes them)."""
    tally = Tally()
    for line in lines:
        tally.add(line)
    return tally.summary(seconds=seconds, interrupted=interrupted)
