"""Hypothesis strategies for rules, games and reachable states.

Every new feature extends this module rather than writing its own strategies.
"""

from __future__ import annotations

import random

from hypothesis import strategies as st

from railroad_canasta.legal import legal_moves
from railroad_canasta.rules import KittyTiming, Rules, UpcardRule
from railroad_canasta.state import GameState, Phase
from railroad_canasta.transitions import apply, new_game

__all__ = ["decision_options", "games", "reachable_states", "rules", "seeds"]

#: Seeds of games.
seeds = st.integers(min_value=0, max_value=2**32 - 1)

_BOOLEAN_OPTIONS = (
    "frozen_pile_pair_pickup",
    "top_card_pickup_takes_pile",
    "red_three_replacement",
    "red_threes_down_at_deal",
    "kitty_red_three_penalty",
    "sevens_natural_only",
    "wild_melds",
    "requirement_counts_bonuses",
    "pile_counts_for_requirement",
    "draw_single_last_card",
    "going_out_requires_discard",
    "allow_hand_of_sevens",
    "tie_extra_rounds",
    "pair_pickup_joins_meld",
    "keep_two_cards",
)


@st.composite
def decision_options(draw: st.DrawFn) -> dict[str, object]:
    """A random setting of every decision option (R-DEC-*)."""
    options: dict[str, object] = {name: draw(st.booleans()) for name in _BOOLEAN_OPTIONS}
    options["wild_upcard"] = draw(st.sampled_from(list(UpcardRule)))
    options["black_three_upcard"] = draw(st.sampled_from(list(UpcardRule)))
    options["kitty_timing"] = draw(st.sampled_from(list(KittyTiming)))
    return options


@st.composite
def rules(draw: st.DrawFn, players: st.SearchStrategy[int] | None = None, short: bool = True) -> Rules:
    """Rules with 2 to 8 players and any decision options.

    With ``short``, some games use one deck per player and a low target so
    that rounds and games end within a few hundred moves.
    """
    n = draw(players if players is not None else st.integers(min_value=2, max_value=8))
    options = draw(decision_options())
    if short and draw(st.booleans()):
        options.update(
            decks_per_player=1, hand_size=draw(st.integers(5, 13)), kitty_size=draw(st.integers(0, 11))
        )
        options.update(target_score=draw(st.sampled_from([500, 2000, 20_000])))
    return Rules(players=n, **options)  # type: ignore[arg-type]


@st.composite
def games(draw: st.DrawFn, players: st.SearchStrategy[int] | None = None) -> GameState:
    """A new game under random rules and seed."""
    return new_game(draw(rules(players)), seed=draw(seeds))


@st.composite
def reachable_states(
    draw: st.DrawFn, players: st.SearchStrategy[int] | None = None, max_moves: int = 400
) -> GameState:
    """A state reached from a new game by random legal moves (drawn from a seeded generator).

    The number of moves and the generator's seed are drawn, so shrinking
    moves towards short games.
    """
    state = draw(games(players))
    steps = draw(st.integers(min_value=0, max_value=max_moves))
    rng = random.Random(draw(seeds))
    for _ in range(steps):
        if state.phase is Phase.GAME_OVER:
            break
        moves = legal_moves(state)
        state = apply(state, moves[rng.randrange(len(moves))])
    return state
