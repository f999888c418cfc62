"""Invariants of every reachable game state, usable from any test or simulation.

:func:`check_state` raises :class:`InvariantError` naming the broken
invariant; it never changes the state.
"""

from __future__ import annotations

from railroad_canasta.core.cards import KIND_COUNT, Kind, pack_counts
from railroad_canasta.io.records import card_census
from railroad_canasta.variants.railroad.legal import legal_moves
from railroad_canasta.variants.railroad.melds import ALL_CANASTAS, meld_problem
from railroad_canasta.variants.railroad.state import GameState, Phase

__all__ = ["InvariantError", "card_census", "check_state"]


class InvariantError(AssertionError):
    """A state breaks an invariant of the engine."""


def check_state(state: GameState) -> None:
    """Raise :class:`InvariantError` if ``state`` breaks an invariant of the engine."""
    rules = state.rules
    expected = pack_counts(rules.players, rules.decks_per_player, rules.jokers_per_player)
    census = card_census(state)
    if census != expected:
        diff = {str(Kind(i)): census[i] - expected[i] for i in range(KIND_COUNT) if census[i] != expected[i]}
        raise InvariantError(f"cards do not add up to the pack: {diff}")
    for seat, player in enumerate(state.players):
        if min(player.hand) < 0 or min(player.kitty) < 0:
            raise InvariantError(f"player {seat} holds a negative number of cards")
        held_red = player.hand[Kind.RED_THREE] and (rules.red_threes_down_at_deal or seat == state.to_move)
        if held_red and state.phase not in (Phase.ROUND_OVER, Phase.GAME_OVER):
            raise InvariantError(f"player {seat} holds a red 3 in hand")
        unfinished: set[Kind] = set()
        mask = 0
        for meld in player.melds:
            problem = meld_problem(meld, rules)
            if problem is not None:
                raise InvariantError(f"player {seat} meld {meld}: {problem[1]} [{problem[0]}]")
            kind = meld.canasta_kind
            if kind is None and meld.rank is not Kind.BLACK_THREE:
                if meld.rank in unfinished:
                    raise InvariantError(f"player {seat} has two unfinished melds of {meld.rank}")
                unfinished.add(meld.rank)
            if kind is not None:
                mask |= kind
        if mask != player.canastas:
            raise InvariantError(f"player {seat} canasta mask {player.canastas} does not match melds {mask}")
        opening = seat == state.to_move and state.phase is Phase.MELD and state.turn_points > 0
        if player.melds and not player.opened and not opening:
            raise InvariantError(f"player {seat} has melds but has not met the requirement")
        if player.kitty_taken and any(player.kitty):
            raise InvariantError(f"player {seat} took the kitty but it still holds cards")
        if player.may_go_out != (mask == ALL_CANASTAS):
            raise InvariantError("may_go_out disagrees with the canastas")
    for record in state.history:
        for breakdown, total in zip(record.breakdowns, record.scores, strict=True):
            _ = total
            parts = (
                breakdown.melded
                + breakdown.canasta_bonus
                + breakdown.red_threes
                + breakdown.going_out
                + breakdown.hand_penalty
                + breakdown.kitty_penalty
            )
            if parts != breakdown.total:
                raise InvariantError("a score is not the sum of its breakdown")
    running = [0] * rules.players
    for record in state.history:
        running = [r + b.total for r, b in zip(running, record.breakdowns, strict=True)]
        if tuple(running) != record.scores:
            raise InvariantError(
                f"round {record.round} scores {record.scores} are not the running sums {running}"
            )
    if state.pending is not None and (state.phase is not Phase.MELD or state.mover.opened):
        raise InvariantError("a pile is held for the requirement outside an opening meld play")
    if state.phase in (Phase.ROUND_OVER, Phase.GAME_OVER) and state.scores != (
        state.history[-1].scores if state.history else state.scores
    ):
        raise InvariantError("cumulative scores disagree with the last round")
    moves = legal_moves(state)
    if state.phase is Phase.GAME_OVER:
        if moves:
            raise InvariantError("a finished game has legal moves")
        if state.result is None:
            raise InvariantError("a finished game has no result")
    elif not moves:
        raise InvariantError(f"dead end: no legal move in phase {state.phase.value}")
    if len(set(moves)) != len(moves):
        raise InvariantError("a legal move is listed twice")
