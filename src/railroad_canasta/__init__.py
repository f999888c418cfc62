"""railroad-canasta: the reference rules engine for Railroad Canasta.

>>> import railroad_canasta as rc
>>> state = rc.new_game(rc.RAILROAD, seed=7)
>>> moves = rc.legal_moves(state)
>>> rc.Move.from_text("draw") in moves
True
>>> state = rc.apply(state, "draw")
"""

from __future__ import annotations

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
from railroad_canasta.core.moves import (
    AddToMeld,
    Discard,
    Draw,
    EndRound,
    EndTurn,
    Move,
    NextRound,
    StartMeld,
    TakeKitty,
    TakePile,
    TakeTop,
    parse_move,
)
from railroad_canasta.io.records import (
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
from railroad_canasta.variants.railroad.legal import is_legal, legal_moves, why_illegal
from railroad_canasta.variants.railroad.melds import CanastaKind, TableMeld
from railroad_canasta.variants.railroad.rules import RAILROAD, RULES_VERSION, KittyTiming, Rules, UpcardRule
from railroad_canasta.variants.railroad.state import (
    GameResult,
    GameState,
    Phase,
    PlayerState,
    RoundEnd,
    RoundResult,
    ScoreBreakdown,
)
from railroad_canasta.variants.railroad.transitions import apply, new_game
from railroad_canasta.variants.railroad.views import (
    PlayerView,
    PublicPlayer,
    ViewError,
    view,
)

__version__ = "0.1.0"

__all__ = [
    "RAILROAD",
    "RULES_VERSION",
    "AddToMeld",
    "CanastaKind",
    "Card",
    "Counts",
    "Discard",
    "Draw",
    "EndRound",
    "EndTurn",
    "GameRecord",
    "GameResult",
    "GameState",
    "IllegalMoveError",
    "Kind",
    "KittyTiming",
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
    "TakeTop",
    "UpcardRule",
    "ViewError",
    "__version__",
    "apply",
    "format_cards",
    "format_kinds",
    "is_legal",
    "json_schema",
    "legal_moves",
    "move_from_json",
    "move_to_json",
    "new_game",
    "parse_cards",
    "parse_kinds",
    "parse_move",
    "record_from_json",
    "record_game",
    "record_to_json",
    "replay",
    "state_from_json",
    "state_to_json",
    "view",
    "view_from_json",
    "view_to_json",
    "why_illegal",
]
