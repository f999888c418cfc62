"""A search bot: determinized rollouts from states sampled from its view, on the decisions that matter.

A decision with one legal move, or one the rollout policy (the variant's heuristic bot) ranks clearly, is
the policy's: no rollout. The others are searched: the draw (the stock, the pile or its top card), the
kitty, and a meld-phase step whose best moves the policy scores within ``margin`` of each other (which
card to discard, whether to meld a card or keep it, going out). For those the bot keeps the policy's best
moves (at most ``candidates``, the policy's own move first) and, until its budget is spent, draws a state
consistent with its view (:func:`railroad_canasta.sample_state`: the hidden cards dealt at random) and, in
that same state, plays each candidate still in the race and then the rest of the round with the rollout
policy for every seat. A rollout is worth the round score of the bot's side less the best other side's.

- Common random numbers: every candidate is played on the same sampled states, so the luck of the deal
  drops out of their differences.
- Progressive pruning: after ``min_samples`` states, a candidate whose mean difference to the leader is
  below zero by more than ``prune`` standard errors plays no more rollouts; when only the policy's move
  is left the decision ends early.
- The bot leaves the policy's move only for a candidate whose mean gain over it exceeds ``confidence``
  standard errors.

The budget is a number of rollouts per decision (the choice is then a function of the seed and the view)
and/or CPU seconds of this process per decision (``time.process_time``: one core, not the wall clock).
:meth:`SearchBot.for_variant` makes the bot of a variant with the settings measured for it: in classic
Canasta the heuristic bot's discard scores are rarely equal, so every discard is searched over its four
best moves, and a gain beyond one standard error is acted on.

>>> from railroad_canasta import RAILROAD, legal_moves, new_game, view, apply
>>> state = apply(new_game(RAILROAD, seed=7), "draw")
>>> bot = SearchBot(seed=1, rollouts=8, seconds=None)
>>> bot.choose(view(state, state.to_move), legal_moves(state)) in legal_moves(state)
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from types import EllipsisType
from typing import Any

from railroad_canasta.bots.base import Bot
from railroad_canasta.bots.classic import ClassicHeuristicBot
from railroad_canasta.bots.railroad import RailroadHeuristicBot
from railroad_canasta.core.moves import Discard, Move
from railroad_canasta.game import apply, legal_moves, sample_state, view
from railroad_canasta.variants.classic.state import ClassicState
from railroad_canasta.variants.classic.views import ClassicView
from railroad_canasta.variants.railroad.state import GameState
from railroad_canasta.variants.railroad.views import PlayerView

__all__ = ["CLASSIC_ROLLOUTS", "RAILROAD_ROLLOUTS", "SearchBot"]

#: The default budget in rollouts a decision, by variant (:meth:`SearchBot.for_variant`).
RAILROAD_ROLLOUTS = 80
CLASSIC_ROLLOUTS = 120

#: The phases of a round being played, in both variants (by their values).
_PLAYING = frozenset({"draw", "meld", "kitty", "answer"})
_AnyView = PlayerView | ClassicView
_AnyState = GameState | ClassicState


def _side(position: _AnyView | _AnyState, seat: int) -> int:
    """The index of ``seat``'s score in a round's breakdowns: the seat (Railroad) or its side (classic)."""
    if isinstance(position, ClassicView | ClassicState):
        return position.side_of(seat)
    return seat


class SearchBot:
    """Determinized rollouts with a budget in rollouts and/or CPU seconds per decision.

    ``policy(seed)`` makes the rollout bot of a seat (the heuristic bot by default; it must be
    deterministic); when it scores moves (a ``scores(view, moves)`` method) only the moves it scores
    within ``margin`` of its best are searched, at most ``candidates`` of them. The default budget is 80
    rollouts a decision, capped at 1 CPU second; ``seconds=None`` makes every choice a function of the
    seed and the view. The defaults are Railroad's; :meth:`for_variant` gives a variant's settings.
    """

    def __init__(
        self,
        seed: int = 0,
        *,
        seconds: float | None = 1.0,
        rollouts: int | None = RAILROAD_ROLLOUTS,
        candidates: int = 3,
        margin: float = 0.0,
        confidence: float = 2.0,
        prune: float = 1.0,
        min_samples: int = 6,
        policy: Callable[[int], Bot[PlayerView]] | Callable[[int], Bot[ClassicView]] = RailroadHeuristicBot,
    ) -> None:
        if seconds is None and rollouts is None:
            raise ValueError("a search bot needs a budget: seconds, rollouts or both")
        self.seed = seed
        self.seconds = seconds
        self.rollouts = rollouts
        self.candidates = candidates
        self.margin = margin
        self.confidence = confidence
        self.prune = prune
        self.min_samples = min_samples
        self.policy = policy
        self._rng = random.Random(seed)
        self._advisor: Any = policy(seed)
        # The policy's bots, one a seat, each choosing for views of its own variant (private, so untyped).
        self._bots: list[Any] = []
        #: Rollouts played by the last decision.
        self.last_rollouts = 0

    @classmethod
    def for_variant(
        cls,
        variant: str,
        seed: int = 0,
        *,
        seconds: float | None = 1.0,
        rollouts: int | EllipsisType | None = ...,
    ) -> SearchBot:
        """The search bot of ``variant`` with the settings measured for it (``bench/tournament.py``).

        The budget is ``rollouts`` a decision (by default the variant's: 80 in Railroad, 120 in classic;
        ``None``: no cap) and/or ``seconds`` of CPU a decision (``None``: no cap; every choice is then a
        function of the seed and the view).

        - Railroad: the draw, the kitty and the discards the heuristic bot scores alike are searched, at
          most 3 moves; the bot leaves the heuristic's move for a gain beyond 2 standard errors.
        - Classic: the draw and every discard are searched over the heuristic's 4 best moves (its
          discard scores are rarely equal), and a gain beyond 1 standard error is acted on.
        """
        if variant == "classic":
            return cls(
                seed,
                seconds=seconds,
                rollouts=CLASSIC_ROLLOUTS if rollouts is ... else rollouts,
                candidates=4,
                margin=math.inf,
                confidence=1.0,
                policy=ClassicHeuristicBot,
            )
        return cls(
            seed,
            seconds=seconds,
            rollouts=RAILROAD_ROLLOUTS if rollouts is ... else rollouts,
            policy=RailroadHeuristicBot,
        )

    def __repr__(self) -> str:
        return f"SearchBot({self.seed}, seconds={self.seconds}, rollouts={self.rollouts})"

    def choose(self, seen: _AnyView, moves: Sequence[Move]) -> Move:
        """The candidate whose rollouts scored best on average (the policy's move unless clearly beaten)."""
        return self.explain(seen, moves)[0]

    def explain(self, seen: _AnyView, moves: Sequence[Move]) -> tuple[Move, str]:
        """The chosen move and a one-line reason (its gain over the policy's move, and how many rollouts)."""
        self.last_rollouts = 0
        if len(moves) == 1 or seen.phase.value not in _PLAYING:
            return moves[0], f"{moves[0]}: the only move"
        cands = self.candidates_of(seen, moves)
        if len(cands) == 1:
            return cands[0], f"{cands[0]}: the rollout policy's clear choice"
        # values[i][k]: candidate i's rollout on the k-th sampled state (a prefix of them once pruned).
        values: list[list[float]] = [[] for _ in cands]
        alive = list(range(len(cands)))
        start = time.process_time()
        done = 0
        while len(alive) > 1 and not self._spent(done, start, len(alive)):
            sample = sample_state(seen, self._rng)
            for i in alive:
                values[i].append(self._rollout(seen, sample, cands[i]))
            done += len(alive)
            if len(values[0]) >= self.min_samples:
                alive = self._prune(values, alive)
        self.last_rollouts = done
        best, best_gain = 0, 0.0
        for i in alive[1:]:
            gain, error = _mean_and_error(_differences(values[i], values[0]))
            if gain > self.confidence * error and gain > best_gain:
                best, best_gain = i, gain
        samples = len(values[0])
        if best == 0:
            return cands[0], f"{cands[0]}: no other move did clearly better over {samples} sampled states"
        return cands[
            best
        ], f"{cands[best]}: {best_gain:+.0f} points a round over {cands[0]} ({samples} sampled states)"

    def candidates_of(self, seen: _AnyView, moves: Sequence[Move]) -> list[Move]:
        """The moves searched, the policy's own move first: one move when the policy's choice is clear.

        In the draw and kitty phases every move is a candidate (at most ``candidates``); in the meld
        phase, the moves the policy scores within ``margin`` of its best.
        """
        scoring = getattr(self._advisor, "scores", None)
        if scoring is None:
            # A policy that does not score its moves: its own move first, then the first others.
            first = self._advisor.choose(seen, moves)
            return [first, *(m for m in moves if m != first)][: self.candidates]
        scores: list[float] = scoring(seen, moves)
        order = sorted(range(len(moves)), key=lambda i: (-scores[i], i))
        top = scores[order[0]]
        if seen.phase.value != "meld":
            return [moves[i] for i in order[: self.candidates]]
        if not isinstance(moves[order[0]], Discard):
            # The policy melds on: the order of its meld steps is its own.
            return [moves[order[0]]]
        return [moves[i] for i in order[: self.candidates] if scores[i] >= top - self.margin]

    def _prune(self, values: list[list[float]], alive: list[int]) -> list[int]:
        """The candidates still in the race: the policy's move, the leader, and those not clearly worse."""
        means = {i: _mean_and_error(_differences(values[i], values[0]))[0] for i in alive}
        leader = max(alive, key=lambda i: (means[i], -i))
        kept = []
        for i in alive:
            if i in (0, leader):
                kept.append(i)
                continue
            gap, error = _mean_and_error(_differences(values[i], values[leader]))
            if gap + self.prune * error >= 0:
                kept.append(i)
        return kept

    def _spent(self, done: int, start: float, width: int) -> bool:
        if self.rollouts is not None and done + width > self.rollouts:
            return True
        return self.seconds is not None and done > 0 and time.process_time() - start >= self.seconds

    def _rollout(self, seen: _AnyView, sample: _AnyState, move: Move) -> float:
        """Play ``move`` in ``sample``, then the rest of the round with the policy; the score difference."""
        state = apply(sample, move)
        players = state.rules.players
        if len(self._bots) != players:
            make: Callable[[int], Any] = self.policy
            self._bots = [make(seat) for seat in range(players)]
        bots = self._bots
        while state.phase.value in _PLAYING:
            moves = legal_moves(state)
            if len(moves) > 1:
                seat = state.to_move
                state = apply(state, bots[seat].choose(view(state, seat), moves))
            else:
                state = apply(state, moves[0])
        if len(state.history) <= len(seen.history):
            return 0.0
        totals = [b.total for b in state.history[-1].breakdowns]
        side = _side(seen, seen.viewer)
        return float(totals[side] - max(t for i, t in enumerate(totals) if i != side))


def _differences(values: list[float], baseline: list[float]) -> list[float]:
    """The paired differences of two candidates' rollouts on the states both played."""
    return [v - b for v, b in zip(values, baseline, strict=False)]


def _mean_and_error(values: list[float]) -> tuple[float, float]:
    """The mean of ``values`` and its standard error."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, math.inf
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)
