"""Classic (partnership) Canasta as a variant: its metadata as data and the functions the library calls.

>>> CLASSIC_VARIANT.metadata.name, CLASSIC_VARIANT.metadata.players_per_side
('classic', 2)
>>> CLASSIC_VARIANT.sides(ClassicRules(players=4))
((0, 2), (1, 3))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Never

from railroad_canasta.core.actions import ActionSpace
from railroad_canasta.core.cards import KIND_POINTS, Kind
from railroad_canasta.core.guards import Guard
from railroad_canasta.core.invariants import Scope
from railroad_canasta.core.restatements import Caches, Switches
from railroad_canasta.core.variant import Metadata, Variant
from railroad_canasta.variants.classic import (
    deal,
    guards,
    invariants,
    legal,
    observation,
    sampling,
    transitions,
    views,
)
from railroad_canasta.variants.classic.actions import ACTIONS
from railroad_canasta.variants.classic.rules import CLASSIC, RULES_VERSION, ClassicRules
from railroad_canasta.variants.classic.state import ClassicState
from railroad_canasta.variants.classic.switches import SWITCHES
from railroad_canasta.variants.classic.views import ClassicView

__all__ = ["CLASSIC_VARIANT", "METADATA", "ClassicVariant"]

#: Classic Canasta's facts.
METADATA = Metadata(
    name="classic",
    title="Classic Canasta",
    rules_version=RULES_VERSION,
    # rule: R-CL-PLY-1
    min_players=2,
    max_players=6,
    players_per_side=2,
    target_score=CLASSIC.target,
    player_counts=(2, 3, 4, 6),
)


class ClassicVariant:
    """The functions of classic Canasta behind the public API (a :class:`~railroad_canasta.Variant`)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "CLASSIC_VARIANT"

    @property
    def metadata(self) -> Metadata:
        return METADATA

    @property
    def rules_type(self) -> type[ClassicRules]:
        return ClassicRules

    @property
    def state_type(self) -> type[ClassicState]:
        return ClassicState

    @property
    def view_type(self) -> type[ClassicView]:
        return ClassicView

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

    def rules_for(self, players: int, max_rounds: int | None = None) -> ClassicRules:
        return CLASSIC.replace(players=players, max_rounds=max_rounds)

    def new_game(self, rules: ClassicRules, seed: int) -> ClassicState:
        return deal.new_game(rules, seed=seed)

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

    def validate(self, position: ClassicState | ClassicView, *, scope: Scope = "game") -> None:
        if isinstance(position, ClassicView):
            invariants.validate_view(position, scope=scope)
        else:
            invariants.validate(position, scope=scope)

    def check_entry(self, position: ClassicState | ClassicView) -> None:
        invariants.check_entry(position)

    def is_over(self, state: ClassicState) -> bool:
        return state.is_over

    def player_to_move(self, state: ClassicState) -> int:
        return state.to_move

    def round_scores(self, state: ClassicState) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(b.total for b in r.breakdowns) for r in state.history)

    def round_endings(self, state: ClassicState) -> tuple[str, ...]:
        return tuple(r.end for r in state.history)

    def winners(self, state: ClassicState) -> tuple[int, ...]:
        """The seats of the winning sides (``result.winners`` names sides)."""
        if state.result is None:
            return ()
        sides = state.rules.sides
        return tuple(sorted(seat for side in state.result.winners for seat in sides[side]))

    def sides(self, rules: ClassicRules) -> tuple[tuple[int, ...], ...]:
        """Partners sit alternately; two or three players play each alone."""
        return rules.sides

    def max_decisions_per_round(self, rules: ClassicRules) -> int:
        """A bound from what every turn uses up.

        A turn either draws (the stock shrinks, or the round ends) or takes the pile (at least one card
        goes to the table for good): at most ``pack + pack`` turns. A turn has at most four decisions
        besides its meld steps (draw or pickup, ask, answer, discard), and every meld step puts at least
        one card on the table. One more decision deals the next round.
        """
        pack = rules.pack_size
        return 4 * 2 * pack + pack + 1

    def round_score_bounds(self, rules: ClassicRules) -> tuple[int, int]:
        """Every card of the pack melded in natural canastas, with every red 3 doubled; and the reverse."""
        cards = deal.pack_kinds(rules)
        points = sum(KIND_POINTS[k] for k in cards if k is not Kind.RED_THREE)
        reds = sum(1 for k in cards if k is Kind.RED_THREE)
        best = max(rules.natural_canasta_bonus, rules.mixed_canasta_bonus) + 100
        high = (
            points
            + (rules.pack_size // 7) * best
            + 2 * reds * rules.red_three_bonus
            + 2 * rules.going_out_bonus
        )
        low = -(points + 2 * reds * rules.red_three_bonus)
        return low, high


#: The classic Canasta variant.
CLASSIC_VARIANT = ClassicVariant()
_CONFORMS: Variant[ClassicRules, ClassicState, ClassicView] = CLASSIC_VARIANT
