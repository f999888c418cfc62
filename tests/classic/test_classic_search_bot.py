"""The classic search bot: made by name, legal over a whole round, deterministic given its seed, and kept
to its budget in rollouts or CPU seconds; its discards are searched over the heuristic bot's best moves."""

from __future__ import annotations

import time
from collections.abc import Sequence

import pytest

import railroad_canasta as rc
from railroad_canasta import Move
from railroad_canasta.bots import (
    Bot,
    ClassicHeuristicBot,
    RailroadHeuristicBot,
    SearchBot,
    bot_named,
    play_game,
)
from railroad_canasta.bots.search import CLASSIC_ROLLOUTS, RAILROAD_ROLLOUTS
from railroad_canasta.core.moves import Discard
from railroad_canasta.variants.classic.rules import CLASSIC
from railroad_canasta.variants.classic.state import ClassicState
from railroad_canasta.variants.classic.views import ClassicView

ONE_ROUND = CLASSIC.replace(max_rounds=1)


class Recording:
    """A bot wrapper that checks every choice is legal and keeps each move and the rollouts it cost."""

    def __init__(self, bot: SearchBot) -> None:
        self.bot = bot
        self.moves: list[str] = []
        self.rollouts: list[int] = []
        self.discards_searched = 0

    def choose(self, seen: ClassicView, moves: Sequence[Move]) -> Move:
        move = self.bot.choose(seen, moves)
        assert move in moves
        self.moves.append(str(move))
        self.rollouts.append(self.bot.last_rollouts)
        if self.bot.last_rollouts and any(isinstance(m, Discard) for m in moves):
            self.discards_searched += 1
        return move


def _searched_position(seed: int) -> ClassicState:
    """The first position of a heuristic round (4 players) where the classic search bot has candidates."""
    heuristic = ClassicHeuristicBot()
    probe = SearchBot.for_variant("classic", seconds=None, rollouts=1)
    state = rc.new_game(CLASSIC, seed=seed)
    while True:
        seen, moves = rc.view(state, state.to_move), rc.legal_moves(state)
        if len(probe.candidates_of(seen, moves)) > 1:
            return state
        state = rc.apply(state, heuristic.choose(seen, moves))


def test_bot_named_search_for_classic_is_the_classic_search_bot() -> None:
    """``bot_named("search", variant="classic")`` searches the classic heuristic bot's rollouts with the
    classic settings and default budget; the Railroad one keeps its own."""
    bot = bot_named("search", seed=5, variant="classic")
    assert isinstance(bot, SearchBot) and bot.policy is ClassicHeuristicBot and bot.seed == 5
    assert (bot.rollouts, bot.seconds, bot.candidates, bot.confidence) == (CLASSIC_ROLLOUTS, 1.0, 4, 1.0)
    assert bot.margin == float("inf")
    railroad = bot_named("search", seed=5)
    assert isinstance(railroad, SearchBot) and railroad.policy is RailroadHeuristicBot
    assert (railroad.rollouts, railroad.candidates, railroad.margin, railroad.confidence) == (
        RAILROAD_ROLLOUTS,
        3,
        0.0,
        2.0,
    )
    with pytest.raises(rc.RailroadCanastaError):
        bot_named("search", variant="pinochle")


@pytest.mark.clause("R-CL-TRN-1")
def test_the_classic_search_bot_plays_a_whole_round_legally_within_its_budget() -> None:
    """Two search bots partnered against two heuristic bots: every move legal, no decision over the budget
    in rollouts, and discards are among the decisions searched."""
    searchers = [
        Recording(SearchBot.for_variant("classic", seed, seconds=None, rollouts=8)) for seed in (1, 2)
    ]
    spent: list[int] = []
    discards = 0
    for deal in (3, 4):
        bots: list[Bot[ClassicView]] = [
            searchers[0],
            ClassicHeuristicBot(),
            searchers[1],
            ClassicHeuristicBot(),
        ]
        final = play_game(ONE_ROUND, deal, bots)
        assert final.is_over and len(final.history) == 1
    for searcher in searchers:
        spent += searcher.rollouts
        discards += searcher.discards_searched
    assert max(spent) <= 8 and any(spent)
    assert discards > 0, "no discard was searched"


def test_the_classic_search_bot_is_deterministic_given_its_seed() -> None:
    """The same seed, deal and budget in rollouts give the same round, move for move."""

    def run(seed: int) -> list[str]:
        search = Recording(SearchBot.for_variant("classic", seed, seconds=None, rollouts=6))
        play_game(ONE_ROUND.replace(players=2), 6, [ClassicHeuristicBot(), search])
        return search.moves

    first = run(17)
    assert first == run(17) and len(first) > 5


def test_the_classic_budget_in_rollouts_and_in_seconds(monkeypatch: pytest.MonkeyPatch) -> None:
    """A budget in rollouts caps each decision; a budget in CPU seconds stops once the clock passed it."""
    state = _searched_position(2)
    seen, moves = rc.view(state, state.to_move), rc.legal_moves(state)
    for budget in (4, 10, 30):
        bot = SearchBot.for_variant("classic", 3, seconds=None, rollouts=budget)
        move, why = bot.explain(seen, moves)
        assert move in moves and why.startswith(f"{move}: ")
        assert 0 < bot.last_rollouts <= budget
    ticks = [0.0]

    def clock() -> float:
        ticks[0] += 0.1
        return ticks[0]

    monkeypatch.setattr(time, "process_time", clock)
    timed = SearchBot.for_variant("classic", 3, seconds=0.25, rollouts=None)
    assert timed.rollouts is None, "rollouts=None: no cap in rollouts, the budget is the clock's"
    timed.min_samples = 1000
    timed.choose(seen, moves)
    width = len(timed.candidates_of(seen, moves))
    # The clock is read at the start and after each sampled state: 0.1 each, so 3 states (0.3 > 0.25).
    assert timed.last_rollouts == 3 * width
