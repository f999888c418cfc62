"""The search bot: legal, deterministic given its seed, reads only its view, keeps to its budget."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

import pytest

import railroad_canasta as rc
from railroad_canasta import RAILROAD, GameState, Move, PlayerView
from railroad_canasta.bots import RailroadHeuristicBot, SearchBot, play_game
from railroad_canasta.core.moves import Discard, Draw
from railroad_canasta.variants.railroad.state import Phase

ONE_ROUND = RAILROAD.replace(max_rounds=1)


def _positions(seed: int, count: int) -> list[GameState]:
    """The states of a heuristic-bot round met by the player to move, ``count`` of them."""
    heuristic = RailroadHeuristicBot()
    state = rc.new_game(ONE_ROUND, seed=seed)
    found: list[GameState] = []
    while not state.is_over and len(found) < count:
        found.append(state)
        state = rc.apply(state, heuristic.choose(rc.view(state, state.to_move), rc.legal_moves(state)))
    return found


def _searched(seed: int, count: int) -> list[GameState]:
    """Positions of a heuristic round where the search bot has more than one candidate."""
    probe = SearchBot(0, seconds=None, rollouts=1)
    return [
        s
        for s in _positions(seed, 400)
        if len(probe.candidates_of(rc.view(s, s.to_move), rc.legal_moves(s))) > 1
    ][:count]


class Recording:
    """A bot wrapper that checks every choice is legal and keeps the moves and rollouts of each."""

    def __init__(self, bot: SearchBot) -> None:
        self.bot = bot
        self.moves: list[str] = []
        self.rollouts: list[int] = []

    def choose(self, seen: PlayerView, moves: Sequence[Move]) -> Move:
        move = self.bot.choose(seen, moves)
        assert move in moves
        self.moves.append(str(move))
        self.rollouts.append(self.bot.last_rollouts)
        return move


@pytest.mark.clause("R-TRN-2")
def test_the_search_bot_plays_a_whole_round_legally_within_its_budget() -> None:
    """Every move is legal, no decision spends more rollouts than its budget, the trivial ones none."""
    search = Recording(SearchBot(3, seconds=None, rollouts=9))
    final = play_game(ONE_ROUND, 11, [search, RailroadHeuristicBot()])
    assert final.is_over and len(final.history) == 1
    assert max(search.rollouts) <= 9
    assert any(search.rollouts), "no decision of a whole round was searched"
    # Decisions the policy ranks clearly play no rollout: most of them.
    assert search.rollouts.count(0) > len(search.rollouts) // 2


def test_the_search_bot_is_deterministic_given_its_seed() -> None:
    """The same seed, deal and budget in rollouts give the same round, move for move."""

    def run(seed: int) -> list[str]:
        search = Recording(SearchBot(seed, seconds=None, rollouts=6))
        play_game(ONE_ROUND, 5, [RailroadHeuristicBot(), search])
        return search.moves

    first = run(21)
    assert first == run(21)


def test_the_search_bot_reads_only_the_view() -> None:
    """Two states with the same view (hidden cards dealt differently) get the same choice and reason."""
    for state in _searched(8, 4):
        seen = rc.view(state, state.to_move)
        other = rc.sample_state(seen, random.Random(99))
        assert other != state and rc.view(other, state.to_move) == seen
        moves = rc.legal_moves(state)
        assert SearchBot(4, seconds=None, rollouts=12).explain(seen, moves) == SearchBot(
            4, seconds=None, rollouts=12
        ).explain(rc.view(other, other.to_move), rc.legal_moves(other))


def test_only_the_decisions_that_matter_are_searched() -> None:
    """Draw-phase choices are searched; a meld step the policy prefers to any discard is not; a discard
    is searched against the moves the policy scores within the margin (by default: as high)."""
    heuristic = RailroadHeuristicBot()
    for margin in (0.0, 40.0):
        probe = SearchBot(0, seconds=None, rollouts=1, margin=margin)
        kinds = set()
        for state in _positions(2, 300):
            seen, moves = rc.view(state, state.to_move), rc.legal_moves(state)
            cands = probe.candidates_of(seen, moves)
            assert cands[0] == heuristic.choose(seen, moves) and set(cands) <= set(moves)
            assert len(cands) <= probe.candidates
            if state.phase is Phase.DRAW and len(moves) > 1:
                assert len(cands) == len(moves) and any(isinstance(m, Draw) for m in cands)
                kinds.add("draw")
            elif state.phase is Phase.MELD and not isinstance(cands[0], Discard):
                assert len(cands) == 1
                kinds.add("meld")
            elif state.phase is Phase.MELD and len(cands) > 1:
                scores = dict(zip(moves, heuristic.scores(seen, moves), strict=True))
                assert all(scores[cands[0]] - scores[m] <= margin for m in cands)
                kinds.add("discard")
        assert kinds >= {"draw", "meld"} and (margin == 0.0 or "discard" in kinds), (margin, kinds)


def test_a_budget_in_seconds_is_cpu_time_counted_per_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a budget in seconds the bot stops once the CPU clock has run past it (a fake clock here)."""
    ticks = [0.0]

    def clock() -> float:
        ticks[0] += 0.1
        return ticks[0]

    monkeypatch.setattr(time, "process_time", clock)
    state = _searched(8, 1)[0]
    seen, moves = rc.view(state, state.to_move), rc.legal_moves(state)
    bot = SearchBot(1, seconds=0.35, rollouts=None, min_samples=1000)
    bot.choose(seen, moves)
    width = len(bot.candidates_of(seen, moves))
    # The clock is read at the start and after each sampled state: 0.1 each, so 4 states (0.4 > 0.35).
    assert bot.last_rollouts == 4 * width
    both = SearchBot(1, seconds=100.0, rollouts=2 * width, min_samples=1000)
    both.choose(seen, moves)
    assert both.last_rollouts == 2 * width


def test_pruning_stops_early_and_a_budget_is_needed() -> None:
    """A clearly worse candidate stops playing rollouts; without any budget the bot is refused."""
    spent = []
    for state in _searched(8, 4):
        seen, moves = rc.view(state, state.to_move), rc.legal_moves(state)
        bot = SearchBot(2, seconds=None, rollouts=120, min_samples=4, prune=1.0)
        move, why = bot.explain(seen, moves)
        assert move in moves and why.startswith(f"{move}: ")
        spent.append(bot.last_rollouts)
    # Without pruning every decision would spend its whole budget (less what one more sample needs).
    assert min(spent) < 120 - 3, spent
    with pytest.raises(ValueError, match="needs a budget"):
        SearchBot(seconds=None, rollouts=None)
