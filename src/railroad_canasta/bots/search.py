"""A search bot: determinized rollouts from states sampled from its view.

For each decision with a choice, the bot keeps a few candidate moves, the rollout policy's own move first
(when the policy ranks moves), then, until its budget is spent, draws a state consistent with its view
(:func:`railroad_canasta.sample_state`: the hidden cards dealt at random) and, in that same state, plays
each candidate and then the rest of the round with the rollout policy (the variant's heuristic bot) for
every seat. A rollout is worth the round score of the bot's side less the best other side's. Comparing the
candidates on the same sampled states (common random numbers) removes the luck of the deal from their
differences; the bot leaves the policy's move only for a candidate whose mean gain over it exceeds its
standard error. The budget is a number of rollouts (the choice is then a function of the seed and the
view) and/or CPU seconds of this process (``time.process_time``: one core, not the wall clock).

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

from railroad_canasta.bots.base import Bot
from railroad_canasta.bots.railroad import RailroadHeuristicBot
from railroad_canasta.core.moves import Move
from railroad_canasta.game import apply, legal_moves, sample_state, view
from railroad_canasta.variants.railroad.state import GameState, Phase
from railroad_canasta.variants.railroad.variant import RAILROAD_VARIANT
from railroad_canasta.variants.railroad.views import PlayerView

__all__ = ["SearchBot"]

_PLAYING = (Phase.DRAW, Phase.MELD, Phase.KITTY)


class SearchBot:
    """Determinized rollouts with a budget in rollouts and/or CPU seconds per decision.

    ``policy(seed)`` makes the rollout bot of a seat (the heuristic bot by default); ``candidates`` is how
    many moves are searched (the policy's ranking picks them when it ranks); ``seconds=None`` with
    ``rollouts`` set makes every choice a function of the seed.
    """

    def __init__(
        self,
        seed: int = 0,
        *,
        seconds: float | None = 1.0,
        rollouts: int | None = None,
        candidates: int = 4,
        policy: Callable[[int], Bot[PlayerView]] = RailroadHeuristicBot,
    ) -> None:
        if seconds is None and rollouts is None:
            raise ValueError("a search bot needs a budget: seconds, rollouts or both")
        self.seed = seed
        self.seconds = seconds
        self.rollouts = rollouts
        self.candidates = candidates
        self.policy = policy
        self._rng = random.Random(seed)
        #: Rollouts played by the last decision.
        self.last_rollouts = 0

    def __repr__(self) -> str:
        return f"SearchBot({self.seed}, seconds={self.seconds}, rollouts={self.rollouts})"

    def choose(self, seen: PlayerView, moves: Sequence[Move]) -> Move:
        """The candidate whose rollouts scored best on average."""
        return self.explain(seen, moves)[0]

    def explain(self, seen: PlayerView, moves: Sequence[Move]) -> tuple[Move, str]:
        """The chosen move and a one-line reason (its gain over the policy's move, and how many rollouts)."""
        self.last_rollouts = 0
        if len(moves) == 1 or seen.phase not in _PLAYING:
            return moves[0], f"{moves[0]}: the only move"
        cands = self._candidates(seen, moves)
        if len(cands) == 1:
            return cands[0], f"{cands[0]}: the only candidate"
        # gains[i]: candidate i's value less the policy's move's, on the same sampled states.
        gains: list[list[float]] = [[] for _ in cands]
        start = time.process_time()
        done = 0
        while not self._spent(done, start, len(cands)):
            sample = sample_state(seen, self._rng)
            values = [self._rollout(seen, sample, move) for move in cands]
            done += len(cands)
            for i, value in enumerate(values):
                gains[i].append(value - values[0])
        self.last_rollouts = done
        best, best_gain = 0, 0.0
        for i in range(1, len(cands)):
            gain, error = _mean_and_error(gains[i])
            # Leave the policy's move only for one that did better by more than its standard error.
            if gain > error and gain > best_gain:
                best, best_gain = i, gain
        samples = len(gains[0])
        if best == 0:
            return cands[0], f"{cands[0]}: no other move did better over {samples} sampled states"
        return cands[
            best
        ], f"{cands[best]}: {best_gain:+.0f} points a round over {cands[0]} ({samples} samples)"

    def _spent(self, done: int, start: float, width: int) -> bool:
        if self.rollouts is not None and done + width > self.rollouts:
            return True
        return self.seconds is not None and done > 0 and time.process_time() - start >= self.seconds

    def _candidates(self, seen: PlayerView, moves: Sequence[Move]) -> list[Move]:
        ranked = getattr(self.policy(0), "ranked", None)
        order = list(ranked(seen, moves)) if ranked is not None else list(moves)
        return order[: self.candidates]

    def _rollout(self, seen: PlayerView, sample: GameState, move: Move) -> float:
        state = apply(sample, move)
        bots = [self.policy(seat) for seat in range(len(state.players))]
        rounds = len(seen.history)
        while state.phase in _PLAYING:
            seat = state.to_move
            state = apply(state, bots[seat].choose(view(state, seat), legal_moves(state)))
        variant = RAILROAD_VARIANT
        scored = variant.round_scores(state)
        if len(scored) <= rounds:
            return 0.0
        sides = variant.sides(state.rules)
        mine = next(i for i, side in enumerate(sides) if seen.viewer in side)
        last = scored[-1]
        return float(last[mine] - max(s for i, s in enumerate(last) if i != mine))


def _mean_and_error(values: list[float]) -> tuple[float, float]:
    """The mean of ``values`` and its standard error."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, math.inf
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)
