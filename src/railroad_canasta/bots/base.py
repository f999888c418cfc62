"""What a bot is, and the loop that plays a game between bots, for either variant.

A bot picks one of the legal moves seeing only the mover's view; a bot that can say why
(:class:`ExplainingBot`) also answers a one-line reason for its choice, for the terminal game and the docs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, Protocol, TypeVar, overload, runtime_checkable

from railroad_canasta.core.moves import (
    Move,
)
from railroad_canasta.variants.classic import deal as classic_deal
from railroad_canasta.variants.classic import legal as classic_legal
from railroad_canasta.variants.classic import transitions as classic_transitions
from railroad_canasta.variants.classic import views as classic_views
from railroad_canasta.variants.classic.rules import ClassicRules
from railroad_canasta.variants.classic.state import ClassicState
from railroad_canasta.variants.classic.views import ClassicView
from railroad_canasta.variants.railroad.deal import new_game
from railroad_canasta.variants.railroad.legal import legal_moves
from railroad_canasta.variants.railroad.rules import Rules
from railroad_canasta.variants.railroad.state import GameState
from railroad_canasta.variants.railroad.transitions import apply
from railroad_canasta.variants.railroad.views import PlayerView, view

__all__ = ["Bot", "ExplainingBot", "PlanningBot", "SeenPosition", "play_game"]

#: What a bot sees: the view of the player to move, of either variant.
SeenPosition = PlayerView | ClassicView

S = TypeVar("S", GameState, ClassicState)
V = TypeVar("V", PlayerView, ClassicView)
V_contra = TypeVar("V_contra", PlayerView, ClassicView, SeenPosition, contravariant=True)


class PlanningBot(Generic[V]):
    """A deterministic bot that scores every legal move under a plan read from the view, and plays the best.

    A subclass says how a view is read (:meth:`plan`: a function giving each move its score and its
    reason); ties go to the first move in the legal order. ``seed`` is kept for a uniform constructor.
    """

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def plan(self, seen: V, moves: Sequence[Move]) -> Callable[[Move], tuple[float, str]]:
        """The score and one-line reason of each move, for this view."""
        raise NotImplementedError

    def choose(self, seen: V, moves: Sequence[Move]) -> Move:
        """The legal move with the best score under the plan (the first of the best, in the legal order)."""
        if len(moves) == 1:
            return moves[0]
        scores = self.scores(seen, moves)
        return moves[scores.index(max(scores))]

    def explain(self, seen: V, moves: Sequence[Move]) -> tuple[Move, str]:
        """The chosen move and the one-line reason for it, as ``"move: reason"``."""
        score = self.plan(seen, moves)
        best, best_score, best_why = moves[0], -1e18, ""
        for move in moves:
            value, why = score(move)
            if value > best_score:
                best, best_score, best_why = move, value, why
        return best, f"{best}: {best_why}"

    def ranked(self, seen: V, moves: Sequence[Move]) -> list[Move]:
        """The legal moves, best first under the plan (ties in the legal order)."""
        scores = self.scores(seen, moves)
        order = sorted(range(len(moves)), key=lambda i: (-scores[i], i))
        return [moves[i] for i in order]

    def scores(self, seen: V, moves: Sequence[Move]) -> list[float]:
        """The plan's score of each of ``moves``, in their order (higher is better, on the plan's scale)."""
        score = self.plan(seen, moves)
        return [score(move)[0] for move in moves]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.seed})"


class Bot(Protocol[V_contra]):
    """Anything that picks one of the legal moves, seeing only its player's view.

    ``Bot[PlayerView]`` plays Railroad, ``Bot[ClassicView]`` classic; the bots here play both.
    """

    def choose(self, seen: V_contra, moves: Sequence[Move]) -> Move:
        """Return one element of ``moves``, the legal moves of ``seen`` (the mover's view)."""
        ...


@runtime_checkable
class ExplainingBot(Protocol[V_contra]):
    """A bot that says why it chose a move (``ExplainingBot[ClassicView]`` for classic)."""

    def choose(self, seen: V_contra, moves: Sequence[Move]) -> Move:
        """Return one element of ``moves``."""
        ...

    def explain(self, seen: V_contra, moves: Sequence[Move]) -> tuple[Move, str]:
        """The move :meth:`choose` returns, with a one-line reason."""
        ...


def _play(
    state: S,
    players: int,
    bots: Sequence[Bot[V]],
    functions: tuple[Callable[[S], Sequence[Move]], Callable[[S, Move], S], Callable[[S, int], V]],
    on_move: Callable[[S, Move, S], None] | None,
    max_decisions: int,
) -> S:
    if len(bots) != players:
        raise ValueError(f"{players} players need {players} bots, not {len(bots)}")
    legal, play, see = functions
    for _ in range(max_decisions):
        if state.is_over:
            return state
        moves = legal(state)
        move = bots[state.to_move].choose(see(state, state.to_move), moves)
        after = play(state, move)
        if on_move is not None:
            on_move(state, move, after)
        state = after
    raise RuntimeError(f"the game did not end within {max_decisions} decisions")


@overload
def play_game(
    rules: Rules,
    seed: int,
    bots: Sequence[Bot[PlayerView]],
    *,
    on_move: Callable[[GameState, Move, GameState], None] | None = None,
    max_decisions: int = 2_000_000,
) -> GameState: ...
@overload
def play_game(
    rules: ClassicRules,
    seed: int,
    bots: Sequence[Bot[ClassicView]],
    *,
    on_move: Callable[[ClassicState, Move, ClassicState], None] | None = None,
    max_decisions: int = 2_000_000,
) -> ClassicState: ...
def play_game(
    rules: Rules | ClassicRules,
    seed: int,
    bots: Sequence[Bot[PlayerView]] | Sequence[Bot[ClassicView]],
    *,
    on_move: Callable[[GameState, Move, GameState], None]
    | Callable[[ClassicState, Move, ClassicState], None]
    | None = None,
    max_decisions: int = 2_000_000,
) -> GameState | ClassicState:
    """Play a game between ``bots`` (one per seat) and return the final state, for either variant.

    ``on_move(before, move, after)`` is called after every move.
    """
    if isinstance(rules, ClassicRules):
        classic = (classic_legal.legal_moves, classic_transitions.apply, classic_views.view)
        start = classic_deal.new_game(rules, seed=seed)
        return _play(start, rules.players, bots, classic, on_move, max_decisions)  # type: ignore[arg-type,misc]
    railroad = (legal_moves, apply, view)
    start_railroad = new_game(rules, seed=seed)
    return _play(start_railroad, rules.players, bots, railroad, on_move, max_decisions)  # type: ignore[arg-type,misc]
