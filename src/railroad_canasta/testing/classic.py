"""Testing tools for classic Canasta: strategies, the state machine and the brute-force oracle.

The same tools as Railroad's (:mod:`~railroad_canasta.testing.strategies`,
:mod:`~railroad_canasta.testing.stateful`, :mod:`~railroad_canasta.testing.oracle`) for the classic
variant; :func:`~railroad_canasta.testing.conformance.check_variant` runs over both.

Use the machine in your own tests::

    from railroad_canasta.testing.classic import ClassicGameMachine
    TestClassic = ClassicGameMachine.TestCase
"""

from __future__ import annotations

import copy
import random

from hypothesis import note
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from railroad_canasta.core.cards import Kind
from railroad_canasta.core.moves import (
    ANSWER_NO,
    ANSWER_YES,
    ASK_GO_OUT,
    DRAW,
    END_ROUND,
    NEXT_ROUND,
    TAKE_TOP,
    AddToMeld,
    Discard,
    Move,
    StartMeld,
    TakePile,
    TakePileMixed,
)
from railroad_canasta.io import GameRecord, record_game, state_from_json, state_to_json
from railroad_canasta.testing.stateful import check_rejected
from railroad_canasta.variants.classic.guards import why_illegal
from railroad_canasta.variants.classic.invariants import validate, validate_view
from railroad_canasta.variants.classic.legal import legal_moves
from railroad_canasta.variants.classic.rules import ClassicRules
from railroad_canasta.variants.classic.state import ClassicState, Phase
from railroad_canasta.variants.classic.transitions import apply, new_game
from railroad_canasta.variants.classic.views import view

__all__ = [
    "ClassicGameMachine",
    "classic_records",
    "classic_rules",
    "classic_states",
    "oracle_legal_moves",
    "plausible_moves",
]

_PROBES: tuple[Move, ...] = (DRAW, TAKE_TOP, END_ROUND, NEXT_ROUND, ASK_GO_OUT, ANSWER_YES, ANSWER_NO)


@st.composite
def classic_rules(draw: st.DrawFn) -> ClassicRules:
    """Classic rules: 2, 3, 4 or 6 players, any decision options, sometimes a low target."""
    return ClassicRules(
        players=draw(st.sampled_from([2, 3, 4, 6])),
        ask_partner=draw(st.booleans()),
        concealed_canasta_bonus=draw(st.booleans()),
        three_player_target_7500=draw(st.booleans()),
        six_player_sides=draw(st.sampled_from([2, 3])),
        pair_joins_meld=draw(st.booleans()),
        tie_extra_rounds=draw(st.booleans()),
        black_threes_last_cards=draw(st.booleans()),
        target_score=draw(st.sampled_from([None, 500, 1500])),
    )


def _random_game(draw: st.DrawFn, max_moves: int) -> tuple[ClassicState, ClassicState, list[Move]]:
    """A new game, the state random legal moves from a seeded generator reach, and those moves."""
    start = state = new_game(draw(classic_rules()), seed=draw(st.integers(0, 2**32 - 1)))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    played: list[Move] = []
    for _ in range(draw(st.integers(0, max_moves))):
        if state.phase is Phase.GAME_OVER:
            break
        moves = legal_moves(state)
        played.append(moves[rng.randrange(len(moves))])
        state = apply(state, played[-1])
    return start, state, played


@st.composite
def classic_states(draw: st.DrawFn, max_moves: int = 300) -> ClassicState:
    """A classic state reached from a new game by random legal moves from a seeded generator."""
    return _random_game(draw, max_moves)[1]


@st.composite
def classic_records(draw: st.DrawFn, max_moves: int = 300) -> GameRecord[ClassicRules]:
    """A record of a classic game under random rules, played by random legal moves (perhaps not finished)."""
    start, _, moves = _random_game(draw, max_moves)
    names = draw(st.lists(st.text(max_size=8), min_size=start.rules.players, max_size=start.rules.players))
    return record_game(start.rules, start.seed, moves, players=names)


def plausible_moves(state: ClassicState) -> list[Move]:
    """Every move of the vocabulary classic might use, with card counts up to 4, whatever the phase."""
    out: list[Move] = list(_PROBES)
    for kind in Kind:
        out.append(Discard(kind))
        if kind.is_natural:
            out.append(TakePile(kind))
            out += [TakePileMixed(kind, wild) for wild in (Kind.JOKER, Kind.TWO)]
        for card in Kind:
            out.append(AddToMeld(kind, card))
        for naturals in range(5):
            for jokers in range(3):
                for twos in range(3):
                    out.append(StartMeld(kind, naturals, jokers, twos))
    return out


def oracle_legal_moves(state: ClassicState) -> set[Move]:
    """The moves of :func:`plausible_moves` that the clause-by-clause guards accept."""
    return {move for move in plausible_moves(state) if why_illegal(state, move) is None}


class ClassicGameMachine(RuleBasedStateMachine):
    """Plays random legal moves of random classic games; checks every invariant and the mover's view."""

    state: ClassicState

    @initialize(rules=classic_rules(), seed=st.integers(0, 2**32 - 1))
    def start(self, rules: ClassicRules, seed: int) -> None:
        """Deal a new game."""
        note(f"state = new_game({rules!r}, seed={seed})")
        self.state = new_game(rules, seed=seed)

    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        """Apply one legal move; the input state is unchanged and the mover's view lists the same moves."""
        state = self.state
        if state.phase is Phase.GAME_OVER:
            note("game over")
            return
        moves = legal_moves(state)
        seen = view(state, state.to_move)
        if tuple(legal_moves(seen)) != tuple(moves):
            raise AssertionError("the mover's view lists other moves")
        move = data.draw(st.sampled_from(moves), label="move")
        note(f"state = apply(state, {move!r})")
        snapshot = copy.deepcopy(state)
        after = apply(state, move)
        if state != snapshot:
            raise AssertionError("apply changed its input state")
        self.state = after

    @rule(probe=st.sampled_from(_PROBES))
    def illegal_moves_are_rejected(self, probe: Move) -> None:
        """A move that is not listed is rejected with a classic clause."""
        check_rejected(self.state, probe, legal_moves, apply, "R-CL-")

    @invariant()
    def invariants_hold(self) -> None:
        """Every invariant of the state and of each view; JSON gives the state back; no dead end too early."""
        if not hasattr(self, "state"):
            return
        state = self.state
        validate(state)
        if state_from_json(state_to_json(state)) != state:
            raise AssertionError("the state does not come back from JSON the same")
        for seat in range(state.rules.players):
            validate_view(view(state, seat))
        if (state.phase is Phase.GAME_OVER) == bool(legal_moves(state)):
            raise AssertionError("a dead end, or moves after the game is over")
