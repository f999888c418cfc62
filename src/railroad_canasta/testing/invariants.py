"""Invariants of every reachable game state of either variant, usable from any test or simulation.

:func:`check_state` runs the invariants of the state's variant
(:mod:`railroad_canasta.variants.railroad.invariants` or :mod:`railroad_canasta.variants.classic.invariants`:
what the JSON loader checks) and then its play invariants (:data:`PLAY_INVARIANTS`,
:data:`CLASSIC_PLAY_INVARIANTS`), which need the legal moves: a game not over always has a move, a finished
game has none, and no move is listed twice. It raises
:class:`~railroad_canasta.core.invariants.InvariantError` naming the clause and the field, and never
changes the state.

>>> from railroad_canasta import CLASSIC, RAILROAD, new_game
>>> check_state(new_game(RAILROAD, seed=7), scope="game")
>>> check_state(new_game(CLASSIC, seed=7), scope="game")
"""

from __future__ import annotations

from railroad_canasta.core.invariants import Invariant, InvariantError, Scope, check
from railroad_canasta.variants.classic import invariants as classic_invariants
from railroad_canasta.variants.classic import legal as classic_legal
from railroad_canasta.variants.classic.state import ClassicState
from railroad_canasta.variants.classic.state import Phase as ClassicPhase
from railroad_canasta.variants.railroad.invariants import card_census, validate
from railroad_canasta.variants.railroad.legal import legal_moves
from railroad_canasta.variants.railroad.state import GameState, Phase

__all__ = ["CLASSIC_PLAY_INVARIANTS", "PLAY_INVARIANTS", "InvariantError", "card_census", "check_state"]


def _moves_when_over(state: GameState) -> str | None:
    if state.phase is Phase.GAME_OVER and legal_moves(state):
        return "a finished game has legal moves"
    return None


def _no_dead_end(state: GameState) -> str | None:
    if state.phase is not Phase.GAME_OVER and not legal_moves(state):
        return f"dead end: no legal move in phase {state.phase.value}"
    return None


def _moves_listed_once(state: GameState) -> str | None:
    moves = legal_moves(state)
    return None if len(set(moves)) == len(moves) else "a legal move is listed twice"


#: What the legal moves of every state satisfy (checked by tests, not by the JSON loader).
PLAY_INVARIANTS: tuple[Invariant[GameState], ...] = (
    Invariant("R-GAM-1", "a finished game has no legal move", _moves_when_over),
    Invariant("R-TRN-2", "a game not over always has a legal move", _no_dead_end, "phase"),
    Invariant("R-CRD-6", "no legal move is listed twice: cards are identified by kind", _moves_listed_once),
)


def _classic_moves_when_over(state: ClassicState) -> str | None:
    over = state.phase is ClassicPhase.GAME_OVER
    return "a finished game has legal moves" if over and classic_legal.legal_moves(state) else None


def _classic_no_dead_end(state: ClassicState) -> str | None:
    if state.phase is not ClassicPhase.GAME_OVER and not classic_legal.legal_moves(state):
        return f"dead end: no legal move in phase {state.phase.value}"
    return None


#: What the legal moves of every classic state satisfy.
CLASSIC_PLAY_INVARIANTS: tuple[Invariant[ClassicState], ...] = (
    Invariant("R-CL-GAM-1", "a finished game has no legal move", _classic_moves_when_over),
    Invariant("R-CL-TRN-1", "a game not over always has a legal move", _classic_no_dead_end, "phase"),
)


def check_state(state: GameState | ClassicState, *, scope: Scope = "position") -> None:
    """Raise :class:`InvariantError` if ``state`` breaks an invariant of the engine.

    The default ``scope="position"`` checks what any position the rules act on satisfies, a position
    built by hand included (a scenario's); ``scope="game"`` also checks what ties a state to the game
    played from its deal (the dealer, the history and the scores, the kitties as dealt), as the JSON
    loader does.
    """
    if isinstance(state, ClassicState):
        classic_invariants.validate(state, scope=scope)
        check(CLASSIC_PLAY_INVARIANTS, state)
        return
    validate(state, scope=scope)
    check(PLAY_INVARIANTS, state)
