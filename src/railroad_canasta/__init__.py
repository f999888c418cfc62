"""railroad-canasta: the reference rules engine for Railroad Canasta and classic (partnership) Canasta.

>>> import railroad_canasta as rc
>>> state = rc.new_game(rc.RAILROAD, seed=7)
>>> moves = rc.legal_moves(state)
>>> rc.Move.from_text("draw") in moves
True
>>> state = rc.apply(state, "draw")
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from railroad_canasta import render
from railroad_canasta.core.cards import (
    Card,
    Counts,
    Kind,
    Rank,
    Suit,
    format_cards,
    format_kinds,
    parse_cards,
    parse_kinds,
)
from railroad_canasta.core.errors import IllegalMoveError, NotationError, RailroadCanastaError, RulesError
from railroad_canasta.core.guards import Guard, GuardOutcome, Violation
from railroad_canasta.core.invariants import InvariantError
from railroad_canasta.core.moves import (
    AddToMeld,
    AnswerGoOut,
    AskGoOut,
    Discard,
    Draw,
    EndRound,
    EndTurn,
    Move,
    NextRound,
    StartMeld,
    TakeKitty,
    TakePile,
    TakePileMixed,
    TakeTop,
    parse_move,
)
from railroad_canasta.core.variant import Metadata, Variant
from railroad_canasta.game import (
    SEED_BITS,
    apply,
    explain_move,
    is_legal,
    legal_moves,
    new_game,
    new_seed,
    sample_state,
    validate,
    view,
    why_illegal,
)
from railroad_canasta.io import (
    GameRecord,
    RecordError,
    ReplayError,
    json_schema,
    move_from_json,
    move_to_json,
    record_from_json,
    record_game,
    record_to_json,
    replay,
    state_from_json,
    state_to_json,
    view_from_json,
    view_to_json,
)
from railroad_canasta.variants import VARIANTS, variant_named
from railroad_canasta.variants.classic.rules import CLASSIC, ClassicRules
from railroad_canasta.variants.classic.state import ClassicState
from railroad_canasta.variants.classic.views import ClassicView
from railroad_canasta.variants.railroad.rules import (
    RAILROAD,
    RAILROAD_1_0,
    RULES_VERSION,
    CanastaKind,
    KittyTiming,
    Rules,
    TableMeld,
    UpcardRule,
)
from railroad_canasta.variants.railroad.state import (
    GameResult,
    GameState,
    Phase,
    PlayerState,
    RoundEnd,
    RoundResult,
    ScoreBreakdown,
)
from railroad_canasta.variants.railroad.views import PlayerView, PublicPlayer, ViewError

if TYPE_CHECKING:
    from railroad_canasta.scenarios.lab import RulesDiff

__version__ = "0.1.0"


def rules_diff(
    rules_a: Rules | ClassicRules, rules_b: Rules | ClassicRules, *, budget: int | None = None, seed: int = 0
) -> RulesDiff | None:
    """The smallest scenario found on which two readings of the rules part, or ``None`` (the rules lab).

    See :func:`railroad_canasta.scenarios.lab.rules_diff`; ``budget`` (positions tried) defaults to its
    :data:`~railroad_canasta.scenarios.lab.DEFAULT_BUDGET`.
    """
    from railroad_canasta.scenarios import lab

    return lab.rules_diff(
        rules_a, rules_b, budget=lab.DEFAULT_BUDGET if budget is None else budget, seed=seed
    )


__all__ = [
    "CLASSIC",
    "RAILROAD",
    "RAILROAD_1_0",
    "RULES_VERSION",
    "SEED_BITS",
    "VARIANTS",
    "AddToMeld",
    "AnswerGoOut",
    "AskGoOut",
    "CanastaKind",
    "Card",
    "ClassicRules",
    "ClassicState",
    "ClassicView",
    "Counts",
    "Discard",
    "Draw",
    "EndRound",
    "EndTurn",
    "GameRecord",
    "GameResult",
    "GameState",
    "Guard",
    "GuardOutcome",
    "IllegalMoveError",
    "InvariantError",
    "Kind",
    "KittyTiming",
    "Metadata",
    "Move",
    "NextRound",
    "NotationError",
    "Phase",
    "PlayerState",
    "PlayerView",
    "PublicPlayer",
    "RailroadCanastaError",
    "Rank",
    "RecordError",
    "ReplayError",
    "RoundEnd",
    "RoundResult",
    "Rules",
    "RulesError",
    "ScoreBreakdown",
    "StartMeld",
    "Suit",
    "TableMeld",
    "TakeKitty",
    "TakePile",
    "TakePileMixed",
    "TakeTop",
    "UpcardRule",
    "Variant",
    "ViewError",
    "Violation",
    "__version__",
    "apply",
    "explain_move",
    "format_cards",
    "format_kinds",
    "is_legal",
    "json_schema",
    "legal_moves",
    "move_from_json",
    "move_to_json",
    "new_game",
    "new_seed",
    "parse_cards",
    "parse_kinds",
    "parse_move",
    "record_from_json",
    "record_game",
    "record_to_json",
    "render",
    "replay",
    "rules_diff",
    "sample_state",
    "state_from_json",
    "state_to_json",
    "validate",
    "variant_named",
    "view",
    "view_from_json",
    "view_to_json",
    "why_illegal",
]
