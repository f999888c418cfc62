"""A search bot: determinized rollouts from states sampled from its view.

For each decision with a choice, the bot keeps a few candidate moves (the rollout policy's best first, when
the policy can rank), then, until its budget is spent, draws a state consistent with its view
(:func:`railroad_canasta.sample_state`: the hidden cards dealt at random), plays the candidate in it and
plays the rest of the round with the rollout policy (the variant's heuristic bot) for every seat. A
rollout is worth the round score of the bot's side less the best other side's. Candidates are chosen by
UCB1; the move with the best mean wins. The budget is a number of rollouts (deterministic given the seed)
and/or CPU seconds of this process (``time.process_time``: one core, not the wall clock).

>>> from railroad_canasta import RAILROAD, legal_moves, new_game, view, apply
>>> state = apply(new_game(RAILROAD, seed=7), "draw")
>>> bot = SearchBot(seed=1, rollouts=4, seconds=None)
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
        """The chosen move and a one-line reason (its mean rollout value and how many rollouts)."""
        self.last_rollouts = 0
        if len(moves) == 1 or seen.phase not in _PLAYING:
            return moves[0], f"{moves[0]}: the only move"
        cands = self._candidates(seen, moves)
        if len(cands) == 1:
            return cands[0], f"{cands[0]}: the only candidate"
        totals = [0.0] * len(cands)
        visits = [0] * len(cands)
        start = time.process_time()
        done = 0
        while True:
            if self.rollouts is not None and done >= self.rollouts:
                break
            if (
                self.seconds is not None
                and done >= len(cands)
                and time.process_time() - start >= self.seconds
            ):
                break
            i = self._pick(totals, visits, done)
            totals[i] += self._rollout(seen, cands[i])
            visits[i] += 1
            done += 1
        self.last_rollouts = done
        means = [t / v if v else -math.inf for t, v in zip(totals, visits, strict=True)]
        best = max(range(len(cands)), key=lambda i: (means[i], -i))
        return cands[best], f"{cands[best]}: mean {means[best]:+.0f} over {visits[best]} of {done} rollouts"

    def _candidates(self, seen: PlayerView, moves: Sequence[Move]) -> list[Move]:
        ranked = getattr(self.policy(0), "ranked", None)
        order = list(ranked(seen, moves)) if ranked is not None else list(moves)
        return order[: self.candidates]

    @staticmethod
    def _pick(totals: list[float], visits: list[int], done: int) -> int:
        for i, v in enumerate(visits):
            if not v:
                return i
        log = math.log(done)
        # UCB1 with rewards scaled to thousands of points.
        return max(
            range(len(visits)),
            key=lambda i: totals[i] / visits[i] / 1000.0 + math.sqrt(2.0 * log / visits[i]),
        )

    def _rollout(self, seen: PlayerView, move: Move) -> float:
        state: GameState = apply(sample_state(seen, self._rng), move)
        bots = [self.policy(self._rng.randrange(1 << 30)) for _ in state.players]
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
