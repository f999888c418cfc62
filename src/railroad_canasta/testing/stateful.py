"""A Hypothesis state machine that plays random legal moves and checks every invariant.

Use it in your own tests::

    from railroad_canasta.testing.stateful import GameMachine
    TestGame = GameMachine.TestCase

Every move is ``note()``d as pasteable Python; after every step the machine
checks :func:`~railroad_canasta.testing.invariants.check_state` (every invariant), that the
previous state is unchanged, that the state comes back the same from its JSON, and that ``apply``
rejects a move not listed.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import TypeVar

from hypothesis import note
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from railroad_canasta.core.errors import IllegalMoveError
from railroad_canasta.core.moves import DRAW, END_ROUND, END_TURN, NEXT_ROUND, TAKE_KITTY, TAKE_TOP, Move
from railroad_canasta.io.codec import state_from_json, state_to_json
from railroad_canasta.testing import strategies
from railroad_canasta.testing.invariants import check_state
from railroad_canasta.variants.railroad.legal import legal_moves
from railroad_canasta.variants.railroad.rules import Rules
from railroad_canasta.variants.railroad.state import GameState, Phase
from railroad_canasta.variants.railroad.transitions import apply, new_game

__all__ = ["GameMachine", "check_rejected"]

_PROBES: tuple[Move, ...] = (DRAW, TAKE_TOP, TAKE_KITTY, END_TURN, END_ROUND, NEXT_ROUND)


S = TypeVar("S")


def check_rejected(
    state: S, probe: Move, legal: Callable[[S], Sequence[Move]], play: Callable[[S, Move], S], prefix: str
) -> None:
    """Unless ``probe`` is listed, ``play`` refuses it with an IllegalMoveError naming a ``prefix`` clause."""
    if probe in legal(state):
        return
    try:
        play(state, probe)
    except IllegalMoveError as exc:
        if not exc.clause.startswith(prefix):
            raise AssertionError(f"no {prefix}… clause in {exc}") from None
    else:
        raise AssertionError(f"{probe} was applied although it is not legal")


class GameMachine(RuleBasedStateMachine):
    """Plays random legal moves of random games under random rules, 2 to 8 players."""

    state: GameState
    #: Games dealt and moves applied by every machine of this process (the soak session prints them).
    games_started = 0
    moves_applied = 0

    @initialize(rules=strategies.rules(), seed=strategies.seeds)
    def start(self, rules: Rules, seed: int) -> None:
        """Deal a new game."""
        note(f"state = new_game({rules!r}, seed={seed})")
        self.state = new_game(rules, seed=seed)
        GameMachine.games_started += 1

    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        """Apply one legal move, drawn from the sorted list of legal moves."""
        state = self.state
        if state.phase is Phase.GAME_OVER:
            note("game over")
            return
        moves = legal_moves(state)
        move = data.draw(st.sampled_from(moves), label="move")
        note(f"state = apply(state, {move!r})")
        snapshot = copy.deepcopy(state)
        after = apply(state, move)
        if state != snapshot or legal_moves(state) != moves:
            raise AssertionError("apply changed its input state")
        self.state = after
        GameMachine.moves_applied += 1

    @rule(probe=st.sampled_from(_PROBES))
    def illegal_moves_are_rejected(self, probe: Move) -> None:
        """A move that is not listed is rejected with a clause, and the state stays as it was."""
        check_rejected(self.state, probe, legal_moves, apply, "R-")

    @invariant()
    def invariants_hold(self) -> None:
        """Cards add up, melds are valid, no dead end, scores add up, and the state round-trips in JSON."""
        if hasattr(self, "state"):
            check_state(self.state, scope="game")
            if state_from_json(state_to_json(self.state)) != self.state:
                raise AssertionError("the state does not come back the same from its JSON")
