"""The scenario model: what a scenario file says, as typed values, and the canonical text of answers.

A :class:`Scenario` is a parsed file (:mod:`railroad_canasta.scenarios.reader` reads it): its position
(a :class:`PositionSpec` with one :class:`PlayerSpec` per seat given, or a :class:`DealSpec`) and its
:class:`Expectation` entries, each a list of :class:`Check` statements. Expected and actual values are
compared as canonical text, written by the ``canon_*`` helpers here, so that a failure prints both sides
in the same words. Nothing here reads files or runs the engine.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence

import attrs

from railroad_canasta.core.cards import Counts, Kind, format_kinds, kinds_of
from railroad_canasta.core.errors import RailroadCanastaError
from railroad_canasta.core.moves import Move
from railroad_canasta.variants.railroad.rules import CanastaKind, TableMeld
from railroad_canasta.variants.railroad.state import Phase

__all__ = [
    "Check",
    "DealSpec",
    "Expectation",
    "PlayerSpec",
    "PositionSpec",
    "RuleValue",
    "Scenario",
    "ScenarioError",
]

#: The value of one rules option, as :func:`~railroad_canasta.core.options.read_option` reads it: a bool,
#: an int, ``None``, an enum member or a table of rows.
RuleValue = object

#: A clause ID of the spec (``R-PIL-4``).
CLAUSE_ID = re.compile(r"^R-(?:[A-Z]+-)+\d+$")
#: The kinds of canasta by the names files use.
CANASTA_NAMES: dict[str, CanastaKind] = {
    "red": CanastaKind.RED,
    "black": CanastaKind.BLACK,
    "wild": CanastaKind.WILD,
    "sevens": CanastaKind.SEVENS,
}
#: The parts of a player's round breakdown a ``score`` check may name, in the order they are printed.
SCORE_FIELDS = (
    "melded",
    "canasta_bonus",
    "red_threes",
    "going_out",
    "hand_penalty",
    "kitty_penalty",
    "total",
)


class ScenarioError(RailroadCanastaError):
    """A scenario file cannot be read, or describes a position that cannot exist.

    ``file`` names the file, ``field`` the place in it (e.g. ``players[0].melds[1]``, ``expect[2].after``)
    and ``reason`` says what is wrong.
    """

    def __init__(self, file: str, field: str, reason: str) -> None:
        self.file = file
        self.field = field
        self.reason = reason
        super().__init__(f"{file}: {field}: {reason}")


class ScenarioErrors(ScenarioError):
    """Every error found in one file, reported at once (``errors``, in file order; the first is its own)."""

    def __init__(self, errors: tuple[ScenarioError, ...]) -> None:
        first = errors[0]
        super().__init__(first.file, first.field, first.reason)
        self.errors = errors
        self.args = ("\n".join(str(e) for e in errors),)

    def __str__(self) -> str:
        return str(self.args[0])


def raise_all(errors: list[ScenarioError]) -> None:
    """Raise the errors found, if any: one as itself, several as :class:`ScenarioErrors`."""
    if len(errors) == 1:
        raise errors[0]
    if errors:
        raise ScenarioErrors(tuple(errors))


# ------------------------------------------------------------------------------------------ the model


@attrs.frozen
class PlayerSpec:
    """One seat of a scenario's position; ``None`` means "not given": derived or filled in."""

    score: int = 0
    hand: Counts | None = None
    hand_size: int | None = None
    kitty: Counts | None = None
    kitty_taken: bool = False
    kitty_size: int | None = None
    melds: tuple[TableMeld, ...] = ()
    red_threes: int = 0
    opened: bool | None = None
    may_look: bool | None = None
    canastas: int | None = None


@attrs.frozen
class PositionSpec:
    """A position described by what matters (the ``[position]`` table and the ``[[players]]`` tables)."""

    players: tuple[PlayerSpec, ...] = ()
    phase: Phase = Phase.DRAW
    to_move: int = 0
    dealer: int | None = None
    round: int = 1
    seed: int = 0
    pile: tuple[Kind, ...] = ()
    pile_frozen: bool | None = None
    stock: int | None = None
    stock_top: tuple[Kind, ...] = ()
    pending: Counts | None = None
    turn_canasta: bool = False


@attrs.frozen
class DealSpec:
    """A position that is the start of a new game dealt from ``seed`` (the ``[deal]`` table)."""

    seed: int


@attrs.frozen
class Check:
    """One statement of an ``[[expect]]`` entry: ``key`` and its expected value, in canonical text."""

    key: str
    expected: str
    move: Move | None = None
    clause: str | None = None
    reason: str | None = None
    moves: tuple[Move, ...] = ()

    def describe(self) -> str:
        """What the check expects, in words."""
        if self.key == "legal":
            return f"{self.expected} legal"
        if self.key == "illegal":
            return f"{self.expected} illegal [{self.clause}]"
        if self.key == "refused":
            return f"the position is refused [{self.expected}]"
        if self.key in _MOVE_LIST_WORDS:
            return f"{_MOVE_LIST_WORDS[self.key]} {self.expected}"
        return f"{self.key} {self.expected}"


_MOVE_LIST_WORDS = {
    "moves": "legal moves exactly",
    "moves_include": "legal moves including",
    "moves_exclude": "legal moves excluding",
}


@attrs.frozen
class Expectation:
    """One ``[[expect]]`` entry: optional rules pins and moves to play first, then its checks."""

    index: int
    after: tuple[Move, ...]
    rules: tuple[tuple[str, RuleValue], ...]
    player: int | None
    checks: tuple[Check, ...]
    note: str = ""
    #: The position of this entry when its ``set`` table varies fields of the file's (else the file's).
    start: PositionSpec | None = None


@attrs.frozen
class Scenario:
    """A parsed scenario file.

    ``rules`` are the options its ``[rules]`` table sets, in file order; ``variant`` names the rule set
    (the optional top-level ``variant`` key; ``railroad`` by default).
    """

    file: str
    title: str
    question: str
    clauses: tuple[str, ...]
    rules: tuple[tuple[str, RuleValue], ...]
    start: PositionSpec | DealSpec
    expectations: tuple[Expectation, ...]
    variant: str = "railroad"


# ------------------------------------------------------------------------------ canonical text
# Expected values (from the file) and actual values (from the engine) are both written by these helpers
# and compared as text.


def canon_counts(counts: Counts) -> str:
    """Cards as kind notation, ``(none)`` for no card."""
    return format_kinds(kinds_of(counts)) or "(none)"


def canon_melds(melds: Sequence[TableMeld]) -> str:
    """Melds sorted, ``|``-separated, wild melds marked; ``(none)`` for no meld."""
    return " | ".join(sorted(str(m) if not m.is_wild_meld else f"{m} (wild)" for m in melds)) or "(none)"


def canon_mask(mask: int) -> str:
    """A canasta mask as the names of its kinds (``red, sevens``); ``(none)`` for none."""
    return ", ".join(name for name, kind in CANASTA_NAMES.items() if mask & kind) or "(none)"


def canon_bool(value: bool) -> str:
    """``true`` or ``false``, as TOML writes them."""
    return "true" if value else "false"


def canon_ints(values: Sequence[int]) -> str:
    """Integers as a TOML array (``[1, 2]``)."""
    return "[" + ", ".join(str(v) for v in values) + "]"


# ------------------------------------------------------------------------------- expectation keys

# Player keys are about ``player`` (default: the player to move in the scenario's position).
PLAYER_CHECKS = (
    "hand", "hand_size", "kitty", "kitty_size", "melds", "canastas", "red_threes", "opened", "may_look",
    "score", "known",
)  # fmt: skip
STATE_CHECKS = (
    "phase", "to_move", "dealer", "round", "pile", "pile_size", "pile_top", "pile_frozen", "pile_stopped",
    "stock", "round_end", "went_out", "scores", "winners", "truncated", "pack_size", "hand_sizes",
)  # fmt: skip
MOVE_CHECKS = ("legal", "illegal", "moves", "moves_include", "moves_exclude")
#: ``refused = "R-…"``: the position cannot occur, and the builder says so naming that invariant's clause.
POSITION_CHECKS = ("refused",)
EXPECT_KEYS = (
    "after",
    "rules",
    "player",
    "note",
    "clause",
    "reason",
    "set",
    *MOVE_CHECKS,
    *PLAYER_CHECKS,
    *STATE_CHECKS,
    *POSITION_CHECKS,
)


def value_text(value: RuleValue) -> str:
    """A rules option value as a file or the command line writes it (``same-turn``, ``true``, ``3``)."""
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, bool):
        return canon_bool(value)
    return str(value)
