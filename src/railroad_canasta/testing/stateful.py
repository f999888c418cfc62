"""Hypothesis state machines (one per variant) that play random legal moves and check every invariant.

Use them in your own tests::

    from railroad_canasta.testing.stateful import ClassicGameMachine, GameMachine
    TestGame = GameMachine.TestCase
    TestClassic = ClassicGameMachine.TestCase

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
from railroad_canasta.core.moves import (
    ANSWER_NO,
    ANSWER_YES,
    ASK_GO_OUT,
    DRAW,
    END_ROUND,
    END_TURN,
    NEXT_ROUND,
    TAKE_KITTY,
    TAKE_TOP,
    Move,
)
from railroad_canasta.io.codec import state_from_json, state_to_json
from railroad_canasta.testing import strategies
from railroad_canasta.testing.invariants import check_state
from railroad_canasta.variants.classic import deal as classic_deal
from railroad_canasta.variants.classic import invariants as classic_invariants
from railroad_canasta.variants.classic import legal as classic_legal
from railroad_canasta.variants.classic import transitions as classic_transitions
from railroad_canasta.variants.classic.rules import ClassicRules
from railroad_canasta.variants.classic.state import ClassicState
from railroad_canasta.variants.classic.state import Phase as ClassicPhase
from railroad_canasta.variants.classic.views import view as classic_view
from railroad_canasta.variants.railroad.deal import new_game
from railroad_canasta.variants.railroad.legal import legal_moves
from railroad_canasta.variants.railroad.rules import Rules
from railroad_canasta.variants.railroad.state import GameState, Phase
from railroad_canasta.variants.railroad.transitions import apply

__all__ = ["ClassicGameMachine", "GameMachine", "check_rejected"]

_PROBES: tuple[Move, ...] = (DRAW, TAKE_TOP, TAKE_KITTY, END_TURN, END_ROUND, NEXT_ROUND)
_CLASSIC_PROBES: tuple[Move, ...] = (DRAW, TAKE_TOP, END_ROUND, NEXT_ROUND, ASK_GO_OUT, ANSWER_YES, ANSWER_NO)


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


class ClassicGameMachine(RuleBasedStateMachine):
    """Plays random legal moves of random classic games; checks every invariant and the mover's view."""

    state: ClassicState

    @initialize(rules=strategies.classic_rules(), seed=st.integers(0, 2**32 - 1))
    def start(self, rules: ClassicRules, seed: int) -> None:
        """Deal a new game."""
        note(f"state = new_game({rules!r}, seed={seed})")
        self.state = classic_deal.new_game(rules, seed=seed)

    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        """Apply one legal move; the input state is unchanged and the mover's view lists the same moves."""
        state = self.state
        if state.phase is ClassicPhase.GAME_OVER:
            note("game over")
            return
        moves = classic_legal.legal_moves(state)
        seen = classic_view(state, state.to_move)
        if tuple(classic_legal.legal_moves(seen)) != tuple(moves):
            raise AssertionError("the mover's view lists other moves")
        move = data.draw(st.sampled_from(moves), label="move")
        note(f"state = apply(state, {move!r})")
        snapshot = copy.deepcopy(state)
        after = classic_transitions.apply(state, move)
        if state != snapshot:
            raise AssertionError("apply changed its input state")
        self.state = after

    @rule(probe=st.sampled_from(_CLASSIC_PROBES))
    def illegal_moves_are_rejected(self, probe: Move) -> None:
        """A move that is not listed is rejected with a classic clause."""
        check_rejected(self.state, probe, classic_legal.legal_moves, classic_transitions.apply, "R-CL-")

    @invariant()
    def invariants_hold(self) -> None:
        """Every invariant of the state and of each view; JSON gives the state back; no dead end too early."""
        if not hasattr(self, "state"):
            return
        state = self.state
        check_state(state, scope="game")
        if state_from_json(state_to_json(state)) != state:
            raise AssertionError("the state does not come back from JSON the same")
        for seat in range(state.rules.players):
            classic_invariants.validate_view(classic_view(state, seat))
