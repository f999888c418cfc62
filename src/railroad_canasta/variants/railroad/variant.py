"""Railroad Canasta as a variant: its metadata as data and the functions the library calls.

>>> RAILROAD_VARIANT.metadata.name, RAILROAD_VARIANT.metadata.max_players
('railroad', 8)
>>> RAILROAD_VARIANT.sides(Rules(players=3))
((0,), (1,), (2,))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Never

from railroad_canasta.core.actions import ActionSpace
from railroad_canasta.core.cards import KIND_POINTS, Kind, pack_counts
from railroad_canasta.core.guards import Guard
from railroad_canasta.core.invariants import Scope
from railroad_canasta.core.restatements import Caches, Switches
from railroad_canasta.core.variant import Metadata, Variant
from railroad_canasta.variants.railroad import (
    deal,
    guards,
    invariants,
    legal,
    observation,
    sampling,
    transitions,
    views,
)
from railroad_canasta.variants.railroad.actions import ACTIONS
from railroad_canasta.variants.railroad.rules import RAILROAD, RULES_VERSION, Rules
from railroad_canasta.variants.railroad.state import GameState
from railroad_canasta.variants.railroad.switches import SWITCHES
from railroad_canasta.variants.railroad.views import PlayerView

__all__ = ["METADATA", "RAILROAD_VARIANT", "RailroadVariant"]

#: Railroad Canasta's facts.
METADATA = Metadata(
    name="railroad",
    title="Railroad Canasta",
    rules_version=RULES_VERSION,
    # rule: R-DEC-14
    min_players=2,
    max_players=8,
    players_per_side=1,
    target_score=RAILROAD.target_score,
)


class RailroadVariant:
    """The functions of Railroad Canasta behind the public API (a :class:`~railroad_canasta.Variant`)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "RAILROAD_VARIANT"

    @property
    def metadata(self) -> Metadata:
        return METADATA

    @property
    def rules_type(self) -> type[Rules]:
        return Rules

    @property
    def state_type(self) -> type[GameState]:
        return GameState

    @property
    def view_type(self) -> type[PlayerView]:
        return PlayerView

    @property
    def tables(self) -> Mapping[str, Sequence[Guard[Never]]]:
        return guards.TABLES

    @property
    def switches(self) -> Switches:
        return SWITCHES

    @property
    def caches(self) -> Caches:
        return SWITCHES.caches

    @property
    def actions(self) -> ActionSpace:
        return ACTIONS

    def rules_for(self, players: int, max_rounds: int | None = None) -> Rules:
        return RAILROAD.replace(players=players, max_rounds=max_rounds)

    def new_game(self, rules: Rules, seed: int) -> GameState:
        return deal.new_game(rules, seed=seed)

    # The functions themselves (not wrappers): the public API calls them on the hot path.
    legal_moves = staticmethod(legal.legal_moves)
    legal_by_tables = staticmethod(legal.legal_by_tables)
    apply = staticmethod(transitions.apply)
    why_illegal = staticmethod(guards.why_illegal)
    explain_move = staticmethod(guards.explain_move)
    view = staticmethod(views.view)
    observation_layout = staticmethod(observation.layout)
    observe = staticmethod(observation.observe)
    describe = staticmethod(observation.describe)
    sample_state = staticmethod(sampling.sample_state)

    def validate(self, position: GameState | PlayerView, *, scope: Scope = "game") -> None:
        if isinstance(position, PlayerView):
            invariants.validate_view(position, scope=scope)
        else:
            invariants.validate(position, scope=scope)

    def check_entry(self, position: GameState | PlayerView) -> None:
        invariants.check_entry(position)

    def is_over(self, state: GameState) -> bool:
        return state.is_over

    def player_to_move(self, state: GameState) -> int:
        return state.to_move

    def round_scores(self, state: GameState) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(b.total for b in r.breakdowns) for r in state.history)

    def round_endings(self, state: GameState) -> tuple[str, ...]:
        return tuple(r.end.value for r in state.history)

    def winners(self, state: GameState) -> tuple[int, ...]:
        return state.result.winners if state.result is not None else ()

    def sides(self, rules: Rules) -> tuple[tuple[int, ...], ...]:
        """Every player plays alone."""
        return tuple((seat,) for seat in range(rules.players))

    def max_decisions_per_round(self, rules: Rules) -> int:
        """A bound from what every turn uses up.

        Within a round cards only go from the stock to hands and from hands to the table. A turn either
        draws (the stock shrinks by ``draw_count``, or the round ends) or picks up (at least one card goes
        to the table for good), so there are at most ``pack // draw_count + 1 + pack`` turns; a turn has
        at most three decisions besides its meld steps (draw or pickup, discard or end-round, the kitty),
        and every meld step puts at least one card on the table. One more decision deals the next round.
        """
        pack = rules.pack_size
        turns = pack // rules.draw_count + 1 + pack
        return 3 * turns + pack + 1

    def round_score_bounds(self, rules: Rules) -> tuple[int, int]:
        """Every card of the pack melded, in canastas of the best bonus, with every red 3; and the reverse."""
        counts = pack_counts(rules.players, rules.decks_per_player, rules.jokers_per_player)
        points = sum(n * KIND_POINTS[k] for k, n in enumerate(counts))
        reds = counts[Kind.RED_THREE]
        best = max(
            rules.red_canasta_bonus,
            rules.black_canasta_bonus,
            rules.wild_canasta_bonus,
            rules.sevens_canasta_bonus,
        )
        high = points + (rules.pack_size // 7) * best + reds * rules.red_three_bonus + rules.going_out_bonus
        low = -(points + reds * rules.red_three_bonus)
        return low, high


#: The Railroad Canasta variant.
RAILROAD_VARIANT = RailroadVariant()
_CONFORMS: Variant[Rules, GameState, PlayerView] = RAILROAD_VARIANT
