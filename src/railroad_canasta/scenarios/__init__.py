"""Scenario files: a position and questions about it in TOML, answered by the engine with the clauses.

A scenario file describes a position by what matters (hands, melds, the pile, the kitties...) and lets
the library fill in the rest so that the pack adds up; its ``[[expect]]`` entries state what the rules
say about it (a move is legal, a move breaks a clause, after some moves a hand or a score is so).
:func:`load_scenario` reads and validates a file, :func:`build_position` makes the
:class:`~railroad_canasta.GameState`, :func:`run_scenario` checks the expectations, and
:func:`check_command` / :func:`explain_command` are the ``check`` and ``explain`` commands. The format
is documented in ``docs/scenarios.md``.

>>> text = '''
... title = "A natural pair takes a frozen pile"
... question = "May I take a frozen pile with a natural pair?"
... clauses = ["R-PIL-4", "R-DEC-1"]
... [position]
... phase = "draw"
... pile = "4 JK 9"
... [[players]]
... hand = "9 9 K K K 5"
... [[expect]]
... legal = "take-pile 9"
... [[expect]]
... rules = { frozen_pile_pair_pickup = false }
... illegal = "take-pile 9"
... clause = "R-DEC-1"
... '''
>>> scenario = parse_scenario(text, "pair.toml")
>>> [r.passed for r in run_scenario(scenario).results]
[True, True]
>>> build_position(scenario).pile_frozen
True
"""

from __future__ import annotations

import enum
import re
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import TextIO

import attrs

from railroad_canasta.core.cards import (
    KIND_COUNT,
    Counts,
    Kind,
    counts_of,
    format_kinds,
    kinds_of,
    pack_counts,
    parse_kinds,
)
from railroad_canasta.core.errors import IllegalMoveError, NotationError, RailroadCanastaError, RulesError
from railroad_canasta.core.moves import Move, parse_move
from railroad_canasta.testing.invariants import InvariantError, check_state
from railroad_canasta.variants.railroad.legal import legal_moves, why_illegal
from railroad_canasta.variants.railroad.melds import CanastaKind, TableMeld, canasta_bonus, meld_problem
from railroad_canasta.variants.railroad.rules import KittyTiming, Rules
from railroad_canasta.variants.railroad.state import GameState, Phase, PlayerState
from railroad_canasta.variants.railroad.transitions import apply, new_game

__all__ = [
    "CLAUSE_CHAINS",
    "CLAUSE_EFFECTS",
    "FILL_ORDER",
    "ChainStep",
    "Check",
    "CheckResult",
    "DealSpec",
    "Expectation",
    "PlayerSpec",
    "PositionSpec",
    "RuleValue",
    "Scenario",
    "ScenarioError",
    "ScenarioReport",
    "build_position",
    "check_command",
    "explain_command",
    "load_scenario",
    "parse_rules_override",
    "parse_scenario",
    "rules_for",
    "run_scenario",
    "scenario_files",
]

#: The value of one :class:`~railroad_canasta.variants.railroad.rules.Rules` option.
RuleValue = bool | int | enum.Enum | tuple[tuple[int, int], ...] | None

#: The order in which the cards a scenario leaves out are handed out (see :func:`build_position`):
#: the plain naturals first, then the 7s, and the special cards last.
FILL_ORDER: tuple[Kind, ...] = (
    Kind.FOUR,
    Kind.FIVE,
    Kind.SIX,
    Kind.EIGHT,
    Kind.NINE,
    Kind.TEN,
    Kind.JACK,
    Kind.QUEEN,
    Kind.KING,
    Kind.ACE,
    Kind.SEVEN,
    Kind.BLACK_THREE,
    Kind.TWO,
    Kind.JOKER,
    Kind.RED_THREE,
)

_CLAUSE_ID = re.compile(r"^R-[A-Z]+-\d+$")
_PHASES: dict[str, Phase] = {"draw": Phase.DRAW, "meld": Phase.MELD, "kitty": Phase.KITTY}
_CANASTA_NAMES: dict[str, CanastaKind] = {
    "red": CanastaKind.RED,
    "black": CanastaKind.BLACK,
    "wild": CanastaKind.WILD,
    "sevens": CanastaKind.SEVENS,
}
_SCORE_FIELDS = (
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


@attrs.frozen
class Scenario:
    """A parsed scenario file."""

    file: str
    title: str
    question: str
    clauses: tuple[str, ...]
    rules: tuple[tuple[str, RuleValue], ...]
    start: PositionSpec | DealSpec
    expectations: tuple[Expectation, ...]


@attrs.frozen
class CheckResult:
    """The outcome of one check: what was expected, what the engine did, and the clauses consulted."""

    expectation: int
    passed: bool
    context: str
    expected: str
    outcome: str
    clauses: tuple[str, ...]

    def line(self) -> str:
        """The check as one report line: ``PASS [2] ...`` or ``FAIL [2] ...``."""
        consulted = f" [clauses: {', '.join(self.clauses)}]" if self.clauses else ""
        if self.passed:
            return f"PASS [{self.expectation}] {self.context}{self.outcome}{consulted}"
        expected = f"expected {self.expected}; engine: {self.outcome}"
        return f"FAIL [{self.expectation}] {self.context}{expected}{consulted}"


@attrs.frozen
class ScenarioReport:
    """Every check of one scenario, in file order."""

    scenario: Scenario
    results: tuple[CheckResult, ...]

    @property
    def passed(self) -> bool:
        """Every check passed."""
        return all(r.passed for r in self.results)

    @property
    def failures(self) -> tuple[CheckResult, ...]:
        """The checks that failed."""
        return tuple(r for r in self.results if not r.passed)


# ------------------------------------------------------------------------------------ rules options

_OPTIONS: dict[str, attrs.Attribute[object]] = {a.name: a for a in attrs.fields(Rules)}


def _option_default(name: str) -> object:
    return _OPTIONS[name].default


def _rule_value(name: str, value: object, *, from_text: bool) -> RuleValue:
    """Convert a TOML value (or a command-line text) to the type of option ``name``; ValueError if unfit."""
    default = _option_default(name)
    if isinstance(default, bool):
        if from_text and isinstance(value, str):
            low = value.strip().lower()
            if low in ("true", "yes", "on", "1"):
                return True
            if low in ("false", "no", "off", "0"):
                return False
        if isinstance(value, bool):
            return value
        raise ValueError(f"must be true or false, not {value!r}")
    if isinstance(default, enum.Enum):
        enum_type = type(default)
        if isinstance(value, str):
            text = value.strip()
            if "." in text and text.split(".", 1)[0] == enum_type.__name__:
                text = text.split(".", 1)[1]
            for member in enum_type:
                if text == member.value or text.upper().replace("-", "_") == member.name:
                    return member
        values = ", ".join(repr(m.value) for m in enum_type)
        raise ValueError(f"must be one of {values}, not {value!r}")
    if isinstance(default, tuple):
        if from_text:
            raise ValueError("cannot be set from the command line: set it in the file's [rules] table")
        if not isinstance(value, list) or not all(
            isinstance(row, list) and len(row) == 2 and all(type(x) is int for x in row) for row in value
        ):
            raise ValueError("must be an array of [lowest score, requirement] pairs of integers")
        return tuple((int(row[0]), int(row[1])) for row in value)
    # int options, and max_rounds (int or none)
    if from_text and isinstance(value, str):
        text = value.strip()
        if default is None and text.lower() == "none":
            return None
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"must be an integer, not {value!r}") from None
    if type(value) is int:
        return value
    raise ValueError(f"must be an integer, not {value!r}")


def parse_rules_override(text: str) -> tuple[str, RuleValue]:
    """Read one ``option=value`` command-line override, e.g. ``kitty_timing=same-turn``.

    Values are read by the option's type: ``true``/``false``, an integer, ``none`` (``max_rounds``), or an
    enum value such as ``keep``, ``return``, ``any-later-turn`` or ``same-turn``. Raises
    :class:`~railroad_canasta.core.errors.RulesError` for an unknown option or an unfit value.

    >>> parse_rules_override("kitty_timing=same-turn")
    ('kitty_timing', KittyTiming.SAME_TURN)
    >>> parse_rules_override("frozen_pile_pair_pickup=false")
    ('frozen_pile_pair_pickup', False)
    """
    name, sep, value = text.partition("=")
    name = name.strip().replace("-", "_")
    if not sep:
        raise RulesError(name or text, "write an override as option=value, e.g. kitty_timing=same-turn")
    if name not in _OPTIONS:
        raise RulesError(name, f"unknown option (known: {', '.join(_OPTIONS)})")
    try:
        return name, _rule_value(name, value, from_text=True)
    except ValueError as exc:
        raise RulesError(name, str(exc)) from None


def rules_for(scenario: Scenario, *layers: Sequence[tuple[str, RuleValue]]) -> Rules:
    """The rules of ``scenario``: the defaults, its ``[rules]`` table, then each layer of pins in turn."""
    options: dict[str, RuleValue] = dict(scenario.rules)
    for layer in layers:
        options.update(layer)
    return Rules(**options)  # type: ignore[arg-type]


# ------------------------------------------------------------------------------------------ reading


class _Table:
    """A TOML table being read: typed getters with field paths, and a refusal of unknown keys."""

    def __init__(self, file: str, path: str, data: object) -> None:
        self.file = file
        self.path = path
        if not isinstance(data, dict):
            raise self.error(path, "must be a table")
        self.data: dict[str, object] = data
        self.seen: set[str] = set()

    def field(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def error(self, field: str, reason: str) -> ScenarioError:
        return ScenarioError(self.file, field, reason)

    def raw(self, key: str) -> object:
        self.seen.add(key)
        return self.data.get(key)

    def text(self, key: str, default: str | None = None, *, required: bool = False) -> str | None:
        value = self.raw(key)
        if value is None:
            if required:
                raise self.error(self.field(key), "is required")
            return default
        if not isinstance(value, str):
            raise self.error(self.field(key), f"must be a string, not {value!r}")
        return value

    def number(self, key: str, default: int | None = None, *, low: int | None = None) -> int | None:
        value = self.raw(key)
        if value is None:
            return default
        if type(value) is not int:
            raise self.error(self.field(key), f"must be an integer, not {value!r}")
        if low is not None and value < low:
            raise self.error(self.field(key), f"must be {low} or more, not {value}")
        return value

    def flag(self, key: str) -> bool | None:
        value = self.raw(key)
        if value is None:
            return None
        if not isinstance(value, bool):
            raise self.error(self.field(key), f"must be true or false, not {value!r}")
        return value

    def str_list(self, key: str) -> list[str] | None:
        value = self.raw(key)
        if value is None:
            return None
        if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
            raise self.error(self.field(key), "must be an array of strings")
        return [str(x) for x in value]

    def kinds(self, key: str) -> tuple[Kind, ...] | None:
        text = self.text(key)
        if text is None:
            return None
        return _kinds(self.file, self.field(key), text)

    def finish(self) -> None:
        unknown = sorted(set(self.data) - self.seen)
        if unknown:
            raise self.error(
                self.field(unknown[0]), f"unknown key (known here: {', '.join(sorted(self.seen))})"
            )


def _kinds(file: str, field: str, text: str) -> tuple[Kind, ...]:
    try:
        return parse_kinds(text)
    except NotationError as exc:
        raise ScenarioError(file, field, f"{exc.token!r} is not a card: {exc.reason}") from None


def _move(file: str, field: str, text: str) -> Move:
    try:
        return parse_move(text)
    except NotationError as exc:
        raise ScenarioError(file, field, f"{text!r} is not a move: {exc.reason}") from None


def _meld(file: str, field: str, text: str) -> TableMeld:
    kinds = _kinds(file, field, text)
    if Kind.RED_THREE in kinds:
        raise ScenarioError(file, field, "red 3s are never melded: count them in red_threes (R-RED-1)")
    ranks = {k for k in kinds if not k.is_wild}
    if len(ranks) > 1:
        raise ScenarioError(
            file, field, f"a meld holds one rank, not {format_kinds(sorted(ranks))} (R-MLD-3)"
        )
    rank = ranks.pop() if ranks else Kind.JOKER
    naturals = 0 if rank is Kind.JOKER else kinds.count(rank)
    return TableMeld(rank, naturals, kinds.count(Kind.JOKER), kinds.count(Kind.TWO))


_TOP_KEYS = ("title", "question", "clauses", "rules", "position", "players", "deal", "expect")


def parse_scenario(text: str, file: str = "<scenario>") -> Scenario:
    """Read a scenario from TOML ``text``; ``file`` names it in errors. Raises :class:`ScenarioError`."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(file, "toml", f"not valid TOML: {exc}") from None
    top = _Table(file, "", data)
    unknown = [key for key in data if key not in _TOP_KEYS]
    if unknown:
        raise ScenarioError(file, unknown[0], f"unknown key (known here: {', '.join(_TOP_KEYS)})")
    title = top.text("title", required=True)
    question = top.text("question", required=True)
    assert title is not None and question is not None
    clauses = top.str_list("clauses")
    if not clauses:
        raise ScenarioError(
            file, "clauses", "is required: a non-empty array of the clause IDs the file checks"
        )
    for i, clause in enumerate(clauses):
        if not _CLAUSE_ID.match(clause):
            raise ScenarioError(file, f"clauses[{i}]", f"{clause!r} is not a clause ID like 'R-PIL-4'")
    rules = _rules_table(file, "rules", top.raw("rules"))
    try:
        Rules(**dict(rules))  # type: ignore[arg-type]
    except RulesError as exc:
        raise ScenarioError(file, f"rules.{exc.option}", exc.reason) from None
    deal_data = top.raw("deal")
    position_data = top.raw("position")
    players_data = top.raw("players")
    start: PositionSpec | DealSpec
    if deal_data is not None:
        if position_data is not None or players_data is not None:
            raise ScenarioError(file, "deal", "a scenario is either dealt ([deal]) or described ([position])")
        deal = _Table(file, "deal", deal_data)
        seed = deal.number("seed")
        if seed is None:
            raise ScenarioError(file, "deal.seed", "is required")
        deal.finish()
        start = DealSpec(seed)
    else:
        start = _position(file, position_data, players_data)
    expect_data = top.raw("expect")
    if not isinstance(expect_data, list) or not expect_data:
        raise ScenarioError(file, "expect", "is required: at least one [[expect]] table")
    expectations = tuple(_expectation(file, i + 1, item, rules) for i, item in enumerate(expect_data))
    top.finish()
    return Scenario(file, title, question, tuple(clauses), rules, start, expectations)


def load_scenario(path: str | Path) -> Scenario:
    """Read and validate a scenario file. Raises :class:`ScenarioError` naming the file, field and reason."""
    name = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError(name, "file", f"cannot be read: {exc.strerror or exc}") from None
    return parse_scenario(text, name)


def _rules_table(file: str, path: str, data: object) -> tuple[tuple[str, RuleValue], ...]:
    if data is None:
        return ()
    if not isinstance(data, dict):
        raise ScenarioError(file, path, "must be a table of Rules options")
    out: list[tuple[str, RuleValue]] = []
    for name, value in data.items():
        if name not in _OPTIONS:
            raise ScenarioError(
                file, f"{path}.{name}", f"unknown Rules option (known: {', '.join(_OPTIONS)})"
            )
        try:
            out.append((name, _rule_value(name, value, from_text=False)))
        except ValueError as exc:
            raise ScenarioError(file, f"{path}.{name}", str(exc)) from None
    return tuple(out)


def _position(file: str, position_data: object, players_data: object) -> PositionSpec:
    pos = _Table(file, "position", {} if position_data is None else position_data)
    phase_text = pos.text("phase", "draw")
    assert phase_text is not None
    if phase_text not in _PHASES:
        raise ScenarioError(
            file,
            "position.phase",
            f"must be one of {', '.join(_PHASES)}, not {phase_text!r} (play on with after)",
        )
    pending = pos.kinds("pending")
    spec = PositionSpec(
        players=_players(file, players_data),
        phase=_PHASES[phase_text],
        to_move=pos.number("to_move", 0, low=0) or 0,
        dealer=pos.number("dealer", low=0),
        round=pos.number("round", 1, low=1) or 1,
        seed=pos.number("seed", 0) or 0,
        pile=pos.kinds("pile") or (),
        pile_frozen=pos.flag("pile_frozen"),
        stock=pos.number("stock", low=0),
        stock_top=pos.kinds("stock_top") or (),
        pending=counts_of(pending) if pending is not None else None,
        turn_canasta=bool(pos.flag("turn_canasta")),
    )
    pos.finish()
    return spec


def _players(file: str, data: object) -> tuple[PlayerSpec, ...]:
    if data is None:
        return ()
    if not isinstance(data, list):
        raise ScenarioError(file, "players", "must be an array of tables ([[players]])")
    out = []
    for seat, item in enumerate(data):
        path = f"players[{seat}]"
        t = _Table(file, path, item)
        hand = t.kinds("hand")
        hand_size = t.number("hand_size", low=0)
        if hand is not None and hand_size is not None:
            raise ScenarioError(
                file, f"{path}.hand_size", "give either hand (the cards) or hand_size, not both"
            )
        kitty_text = t.text("kitty")
        kitty_size = t.number("kitty_size", low=0)
        taken = kitty_text is not None and kitty_text.strip().lower() == "taken"
        kitty: Counts | None = None
        if kitty_text is not None and not taken:
            kitty = counts_of(_kinds(file, f"{path}.kitty", kitty_text))
        if kitty_text is not None and kitty_size is not None:
            raise ScenarioError(
                file, f"{path}.kitty_size", 'give either kitty (cards or "taken") or kitty_size'
            )
        melds_text = t.str_list("melds") or []
        melds = tuple(_meld(file, f"{path}.melds[{j}]", m) for j, m in enumerate(melds_text))
        canastas_list = t.str_list("canastas")
        canastas: int | None = None
        if canastas_list is not None:
            canastas = 0
            for j, name in enumerate(canastas_list):
                kind = _CANASTA_NAMES.get(name.lower())
                if kind is None:
                    raise ScenarioError(
                        file,
                        f"{path}.canastas[{j}]",
                        f"{name!r} is no kind of canasta: red, black, wild or sevens",
                    )
                canastas |= kind
        out.append(
            PlayerSpec(
                score=t.number("score", 0) or 0,
                hand=counts_of(hand) if hand is not None else None,
                hand_size=hand_size,
                kitty=kitty,
                kitty_taken=taken,
                kitty_size=kitty_size,
                melds=melds,
                red_threes=t.number("red_threes", 0, low=0) or 0,
                opened=t.flag("opened"),
                may_look=t.flag("may_look"),
                canastas=canastas,
            )
        )
        t.finish()
    return tuple(out)


# ------------------------------------------------------------------------------------- expectations


def _canon_counts(counts: Counts) -> str:
    return format_kinds(kinds_of(counts)) or "(none)"


def _canon_melds(melds: Sequence[TableMeld]) -> str:
    return " | ".join(sorted(str(m) if not m.is_wild_meld else f"{m} (wild)" for m in melds)) or "(none)"


def _canon_mask(mask: int) -> str:
    return ", ".join(name for name, kind in _CANASTA_NAMES.items() if mask & kind) or "(none)"


def _canon_bool(value: bool) -> str:
    return "true" if value else "false"


def _canon_ints(values: Sequence[int]) -> str:
    return "[" + ", ".join(str(v) for v in values) + "]"


# Player keys are about ``player`` (default: the player to move in the scenario's position).
_PLAYER_CHECKS = (
    "hand", "hand_size", "kitty", "kitty_size", "melds", "canastas", "red_threes", "opened", "may_look",
    "score",
)  # fmt: skip
_STATE_CHECKS = (
    "phase", "to_move", "dealer", "round", "pile", "pile_size", "pile_top", "pile_frozen", "pile_stopped",
    "stock", "round_end", "went_out", "scores", "winners", "truncated",
)  # fmt: skip
_MOVE_CHECKS = ("legal", "illegal", "moves", "moves_include", "moves_exclude")
_EXPECT_KEYS = (
    "after",
    "rules",
    "player",
    "note",
    "clause",
    "reason",
    *_MOVE_CHECKS,
    *_PLAYER_CHECKS,
    *_STATE_CHECKS,
)


def _expectation(
    file: str, index: int, data: object, file_rules: Sequence[tuple[str, RuleValue]]
) -> Expectation:
    path = f"expect[{index}]"
    t = _Table(file, path, data)
    after_texts = t.str_list("after") or []
    after = tuple(_move(file, f"{path}.after[{k}]", m) for k, m in enumerate(after_texts))
    pins = _rules_table(file, f"{path}.rules", t.raw("rules"))
    try:
        Rules(**{**dict(file_rules), **dict(pins)})  # type: ignore[arg-type]
    except RulesError as exc:
        raise ScenarioError(file, f"{path}.rules.{exc.option}", exc.reason) from None
    player = t.number("player", low=0)
    note = t.text("note", "") or ""
    checks: list[Check] = []
    clause = t.text("clause")
    reason = t.text("reason")
    for key in list(t.data):
        if key in ("after", "rules", "player", "note", "clause", "reason") or key not in _EXPECT_KEYS:
            continue
        field = f"{path}.{key}"
        if key in ("legal", "illegal"):
            text = t.text(key)
            assert text is not None
            move = _move(file, field, text)
            if key == "illegal":
                if clause is None:
                    raise ScenarioError(
                        file, f"{path}.clause", "is required with illegal: the clause the move breaks"
                    )
                if not _CLAUSE_ID.match(clause):
                    raise ScenarioError(
                        file, f"{path}.clause", f"{clause!r} is not a clause ID like 'R-PIL-4'"
                    )
                checks.append(Check(key, str(move), move=move, clause=clause, reason=reason))
            else:
                checks.append(Check(key, str(move), move=move))
        elif key in ("moves", "moves_include", "moves_exclude"):
            texts = t.str_list(key) or []
            moves = tuple(_move(file, f"{field}[{k}]", m) for k, m in enumerate(texts))
            checks.append(Check(key, ", ".join(str(m) for m in moves) or "(none)", moves=moves))
        else:
            checks.append(Check(key, _expected_text(t, key, field)))
    if (clause is not None or reason is not None) and not any(c.key == "illegal" for c in checks):
        raise ScenarioError(
            file, f"{path}.{'clause' if clause is not None else 'reason'}", "goes with illegal"
        )
    unknown = [key for key in t.data if key not in _EXPECT_KEYS]
    if unknown:
        known = ", ".join(_EXPECT_KEYS)
        raise ScenarioError(file, f"{path}.{unknown[0]}", f"unknown key (known here: {known})")
    if not checks:
        keys = ", ".join((*_MOVE_CHECKS, *_PLAYER_CHECKS, *_STATE_CHECKS))
        raise ScenarioError(file, path, f"states nothing: give at least one of {keys}")
    t.finish()
    return Expectation(index, after, pins, player, tuple(checks), note)


def _expected_text(t: _Table, key: str, field: str) -> str:
    """The expected value of a state check, in the canonical text the engine's value is compared with."""
    file = t.file
    if key in ("hand", "kitty"):
        text = t.text(key)
        assert text is not None
        if key == "kitty" and text.strip().lower() == "taken":
            return "taken"
        return _canon_counts(counts_of(_kinds(file, field, text)))
    if key == "melds":
        texts = t.str_list(key) or []
        return _canon_melds([_meld(file, f"{field}[{j}]", m) for j, m in enumerate(texts)])
    if key == "canastas":
        names = t.str_list(key) or []
        mask = 0
        for j, name in enumerate(names):
            kind = _CANASTA_NAMES.get(name.lower())
            if kind is None:
                raise ScenarioError(
                    file, f"{field}[{j}]", f"{name!r} is no kind of canasta: red, black, wild or sevens"
                )
            mask |= kind
        return _canon_mask(mask)
    if key in ("opened", "may_look", "pile_frozen", "pile_stopped", "truncated"):
        flag = t.flag(key)
        assert flag is not None
        return _canon_bool(flag)
    if key in ("hand_size", "kitty_size", "red_threes", "to_move", "dealer", "round", "pile_size", "stock"):
        number = t.number(key, low=0)
        assert number is not None
        return str(number)
    if key == "phase":
        text = t.text(key)
        phases = [p.value for p in Phase]
        if text not in phases:
            raise ScenarioError(file, field, f"must be one of {', '.join(phases)}, not {text!r}")
        return text
    if key == "pile":
        kinds = t.kinds(key)
        assert kinds is not None
        return format_kinds(kinds) or "(empty)"
    if key == "pile_top":
        text = t.text(key)
        assert text is not None
        if text.strip().lower() == "none":
            return "none"
        kinds = _kinds(file, field, text)
        if len(kinds) != 1:
            raise ScenarioError(file, field, 'must be one card, or "none" for an empty pile')
        return format_kinds(kinds)
    if key == "round_end":
        text = t.text(key)
        ends = ("went-out", "stock-empty", "no-discard")
        if text not in ends:
            raise ScenarioError(file, field, f"must be one of {', '.join(ends)}, not {text!r}")
        return text
    if key == "went_out":
        value = t.raw(key)
        if value == "nobody":
            return "nobody"
        if type(value) is not int or value < 0:
            raise ScenarioError(file, field, f'must be a seat number or "nobody", not {value!r}')
        return str(value)
    if key in ("scores", "winners"):
        value = t.raw(key)
        if not isinstance(value, list) or not all(type(x) is int for x in value):
            raise ScenarioError(file, field, "must be an array of integers")
        return _canon_ints([int(x) for x in value])
    assert key == "score"
    value = t.raw(key)
    if not isinstance(value, dict) or not value:
        raise ScenarioError(file, field, f"must be a table of breakdown parts: {', '.join(_SCORE_FIELDS)}")
    parts = []
    for name in _SCORE_FIELDS:
        if name in value:
            part = value[name]
            if type(part) is not int:
                raise ScenarioError(file, f"{field}.{name}", f"must be an integer, not {part!r}")
            parts.append(f"{name} {part}")
    unknown = sorted(set(value) - set(_SCORE_FIELDS))
    if unknown:
        raise ScenarioError(
            file, f"{field}.{unknown[0]}", f"unknown part (known: {', '.join(_SCORE_FIELDS)})"
        )
    return ", ".join(parts)


# --------------------------------------------------------------------------------- building positions


def _meld_counts(meld: TableMeld) -> Counts:
    out = [0] * KIND_COUNT
    if meld.rank is not Kind.JOKER:
        out[meld.rank] += meld.naturals
    out[Kind.JOKER] += meld.jokers
    out[Kind.TWO] += meld.twos
    return tuple(out)


def _mask_of(melds: Sequence[TableMeld]) -> int:
    mask = 0
    for meld in melds:
        kind = meld.canasta_kind
        if kind is not None:
            mask |= kind
    return mask


def _turn_points(melds: Sequence[TableMeld], rules: Rules) -> int:
    points = sum(m.points for m in melds)
    if rules.requirement_counts_bonuses:
        points += sum(
            canasta_bonus(CanastaKind(k), rules) for m in melds if (k := m.canasta_kind) is not None
        )
    return points


def build_position(scenario: Scenario, rules: Rules | None = None) -> GameState:
    """The game state a scenario describes, under ``rules`` (default: the scenario's own rules).

    The cards the scenario names are placed first: hands, kitties, melds, red 3s put down, the pile, a
    pending pile and the top of the stock. The rest of the pack, laid out in :data:`FILL_ORDER` (plain
    naturals first, red 3s last), is then handed out in this order: each hand not given gets
    ``hand_size`` cards (default ``rules.hand_size``), each kitty not given gets ``kitty_size`` cards
    (default ``rules.kitty_size``; none once taken), and the stock gets the rest under ``stock_top``, the
    first cards of the fill order drawn first. When ``stock`` fixes the stock size, the kitties given
    neither as cards nor by ``kitty_size`` share whatever is left instead (earlier seats first).

    Raises :class:`ScenarioError` for a position that cannot exist.
    """
    rules = rules if rules is not None else rules_for(scenario)
    if isinstance(scenario.start, DealSpec):
        return new_game(rules, seed=scenario.start.seed)
    return _Builder(scenario.file, scenario.start, rules).build()


class _Builder:
    """Builds a :class:`GameState` from a :class:`PositionSpec`, refusing what cannot exist."""

    def __init__(self, file: str, spec: PositionSpec, rules: Rules) -> None:
        self.file = file
        self.spec = spec
        self.rules = rules
        self.full = pack_counts(rules.players, rules.decks_per_player, rules.jokers_per_player)
        self.used = [0] * KIND_COUNT

    def error(self, field: str, reason: str) -> ScenarioError:
        return ScenarioError(self.file, field, reason)

    def place(self, field: str, counts: Counts) -> None:
        for i in range(KIND_COUNT):
            self.used[i] += counts[i]
            if counts[i] and self.used[i] > self.full[i]:
                raise self.error(
                    field,
                    f"too many {Kind(i)}: the pack for {self.rules.players} players holds {self.full[i]}, "
                    f"and the scenario places {self.used[i]} by this field (R-CRD-1)",
                )

    def build(self) -> GameState:
        spec, rules = self.spec, self.rules
        n = rules.players
        if len(spec.players) > n:
            raise self.error(
                "players",
                f"{len(spec.players)} [[players]] tables for a game of {n} players (set players in [rules])",
            )
        seats = spec.players + (PlayerSpec(),) * (n - len(spec.players))
        if spec.to_move >= n:
            raise self.error("position.to_move", f"there is no seat {spec.to_move} in a game of {n} players")
        dealer = (spec.to_move - 1) % n if spec.dealer is None else spec.dealer
        if dealer >= n:
            raise self.error("position.dealer", f"there is no seat {dealer} in a game of {n} players")
        masks = [self.check_player(seat, p) for seat, p in enumerate(seats)]
        turn_points = self.check_turn(seats, masks)
        self.check_pile()
        for seat, p in enumerate(seats):
            path = f"players[{seat}]"
            if p.hand is not None:
                self.place(f"{path}.hand", p.hand)
            if p.kitty is not None:
                self.place(f"{path}.kitty", p.kitty)
            for j, meld in enumerate(p.melds):
                self.place(f"{path}.melds[{j}]", _meld_counts(meld))
            self.place(f"{path}.red_threes", counts_of([Kind.RED_THREE] * p.red_threes))
        self.place("position.pile", counts_of(spec.pile))
        if spec.pending is not None:
            self.place("position.pending", spec.pending)
        self.place("position.stock_top", counts_of(spec.stock_top))
        hands, kitties, stock = self.fill(seats)
        players = tuple(
            PlayerState(
                hand=hands[seat],
                kitty=kitties[seat],
                melds=p.melds,
                red_threes=p.red_threes,
                canastas=masks[seat],
                opened=bool(p.melds) if p.opened is None else p.opened,
                kitty_taken=p.kitty_taken,
                score=p.score,
            )
            for seat, p in enumerate(seats)
        )
        state = GameState(
            rules=rules,
            seed=spec.seed,
            round=spec.round,
            dealer=dealer,
            to_move=spec.to_move,
            phase=spec.phase,
            players=players,
            stock=stock,
            pile=spec.pile,
            pile_frozen=self.frozen(),
            turn_points=turn_points,
            pending=spec.pending,
            turn_canasta=spec.turn_canasta,
        )
        try:
            check_state(state)
        except InvariantError as exc:
            raise self.error("position", f"cannot exist: {exc}") from None
        return state

    def check_player(self, seat: int, p: PlayerSpec) -> int:
        """Check one seat on its own; return its canasta mask."""
        rules, spec = self.rules, self.spec
        path = f"players[{seat}]"
        mover = seat == spec.to_move
        if p.hand is not None:
            if p.hand[Kind.RED_THREE] and (rules.red_threes_down_at_deal or mover):
                raise self.error(
                    f"{path}.hand",
                    "a red 3 is never held in hand: it goes down at once; count it in red_threes (R-RED-1)",
                )
            if not any(p.hand):
                raise self.error(f"{path}.hand", "a hand is never empty while a round is played (R-HND-1)")
        if p.hand_size == 0:
            raise self.error(f"{path}.hand_size", "a hand is never empty while a round is played (R-HND-1)")
        unfinished: set[Kind] = set()
        for j, meld in enumerate(p.melds):
            problem = meld_problem(meld, rules)
            if problem is not None:
                raise self.error(
                    f"{path}.melds[{j}]", f"{meld} cannot lie on the table: {problem[1]} ({problem[0]})"
                )
            if meld.rank is Kind.BLACK_THREE:
                raise self.error(
                    f"{path}.melds[{j}]",
                    "the black-3 meld is made only when going out, which ends the round (R-MLD-5)",
                )
            if not meld.is_complete:
                if meld.rank in unfinished:
                    raise self.error(
                        f"{path}.melds[{j}]",
                        f"a second unfinished meld of {meld.rank}: one per rank (R-MLD-3)",
                    )
                unfinished.add(meld.rank)
        mask = _mask_of(p.melds)
        if p.canastas is not None and p.canastas != mask:
            raise self.error(
                f"{path}.canastas",
                f"the melds complete {_canon_mask(mask)}, not {_canon_mask(p.canastas)}: "
                "a canasta is a 7-card meld listed in melds (R-CAN-1)",
            )
        may_look = bool(mask & ~CanastaKind.BLACK)
        if p.may_look is not None and p.may_look != may_look:
            why = "has completed" if may_look else "has not completed"
            raise self.error(
                f"{path}.may_look",
                f"the player {why} a red, wild or sevens canasta, "
                f"so may_look is {_canon_bool(may_look)} (R-KIT-1)",
            )
        if p.kitty_taken and not may_look:
            raise self.error(
                f"{path}.kitty",
                "a kitty is taken only after completing a red, wild or sevens canasta (R-KIT-1, R-KIT-2)",
            )
        if p.opened and not p.melds:
            raise self.error(
                f"{path}.opened", "the requirement is met by laying melds, and they stay (R-REQ-1)"
            )
        return mask

    def check_turn(self, seats: Sequence[PlayerSpec], masks: Sequence[int]) -> int:
        """Check the state of the turn in progress; return the card values melded toward the requirement."""
        spec, rules = self.spec, self.rules
        mover = seats[spec.to_move]
        turn_points = 0
        for seat, p in enumerate(seats):
            if p.opened is False and p.melds:
                if seat != spec.to_move or spec.phase is not Phase.MELD:
                    raise self.error(
                        f"players[{seat}].opened",
                        "a player with melds has met the requirement, unless they are laying their first "
                        "melds now (the player to move, in the meld phase) (R-MLD-6)",
                    )
                turn_points = _turn_points(p.melds, rules)
                need = rules.requirement(p.score)
                if turn_points >= need:
                    raise self.error(
                        f"players[{seat}].opened",
                        f"the melds are worth {turn_points}, which meets the requirement of {need} (R-REQ-1)",
                    )
        if spec.pending is not None and (
            spec.phase is not Phase.MELD
            or mover.opened is not False
            or not mover.melds
            or spec.pile
            or rules.pile_counts_for_requirement
        ):
            raise self.error(
                "position.pending",
                "a pile is held back only in the meld phase of a player who took it with a pair and has "
                "not met the requirement yet (opened = false, the pile now empty), by the default R-DEC-12",
            )
        if spec.turn_canasta and (spec.phase is Phase.DRAW or not masks[spec.to_move] & ~CanastaKind.BLACK):
            raise self.error(
                "position.turn_canasta",
                "only the player to move, after drawing, can have completed a red, wild or sevens "
                "canasta this turn (R-DEC-10)",
            )
        if spec.phase is Phase.KITTY:
            may_look = bool(masks[spec.to_move] & ~CanastaKind.BLACK)
            timing_ok = spec.turn_canasta if rules.kitty_timing is KittyTiming.SAME_TURN else may_look
            empty = mover.kitty is not None and not any(mover.kitty)
            if mover.kitty_taken or empty or not timing_ok:
                raise self.error(
                    "position.phase",
                    "the kitty phase comes only after the discard of a player who may take their kitty now "
                    "(R-KIT-2, R-DEC-10)",
                )
        return turn_points

    def check_pile(self) -> None:
        pile = self.spec.pile
        if Kind.RED_THREE in pile[1:]:
            raise self.error(
                "position.pile",
                "a red 3 is never discarded: only the upcard, at the bottom, can be one (R-SET-5)",
            )
        frozen = self.frozen()
        given = self.spec.pile_frozen
        if given is not None and given != frozen:
            if given:
                reason = (
                    "a pile is frozen only by a wild card or a red-3 upcard in it: list that card "
                    "(R-PIL-2, R-SET-5)"
                )
            else:
                reason = (
                    "a pile holding a wild card or a red-3 upcard is frozen until taken (R-PIL-2, R-SET-5)"
                )
            raise self.error("position.pile_frozen", reason)

    def frozen(self) -> bool:
        return any(k.is_wild or k is Kind.RED_THREE for k in self.spec.pile)

    def fill(self, seats: Sequence[PlayerSpec]) -> tuple[list[Counts], list[Counts], tuple[Kind, ...]]:
        """Hand out the cards not placed (see :func:`build_position`)."""
        spec, rules = self.spec, self.rules
        queue = [k for k in FILL_ORDER for _ in range(self.full[k] - self.used[k])]
        at = 0

        def take(count: int, field: str, *, red_threes: bool) -> list[Kind]:
            nonlocal at
            if at + count > len(queue):
                raise self.error(
                    field, f"needs {count} more cards, but only {len(queue) - at} are left in the pack"
                )
            cards = queue[at : at + count]
            if not red_threes and Kind.RED_THREE in cards:
                raise self.error(field, "only red 3s are left to fill it, and a red 3 is never held in hand")
            at += count
            return cards

        hands: list[Counts] = []
        for seat, p in enumerate(seats):
            if p.hand is not None:
                hands.append(p.hand)
            else:
                size = rules.hand_size if p.hand_size is None else p.hand_size
                hands.append(counts_of(take(size, f"players[{seat}].hand_size", red_threes=False)))
        kitties: list[Counts | None] = []
        sinks: list[int] = []
        for seat, p in enumerate(seats):
            if p.kitty is not None:
                kitties.append(p.kitty)
            elif p.kitty_taken:
                kitties.append((0,) * KIND_COUNT)
            elif p.kitty_size is None and spec.stock is not None:
                kitties.append(None)
                sinks.append(seat)
            else:
                size = rules.kitty_size if p.kitty_size is None else p.kitty_size
                kitties.append(counts_of(take(size, f"players[{seat}].kitty_size", red_threes=True)))
        if spec.stock is None:
            filled = queue[at:]
            at = len(queue)
        else:
            if spec.stock < len(spec.stock_top):
                raise self.error(
                    "position.stock", f"is smaller than the {len(spec.stock_top)} cards of stock_top"
                )
            filled = take(spec.stock - len(spec.stock_top), "position.stock", red_threes=True)
            rest = len(queue) - at
            if rest and not sinks:
                raise self.error(
                    "position.stock",
                    f"a stock of {spec.stock} leaves {rest} cards of the pack with nowhere to go: "
                    "leave a kitty unspecified to hold them, or leave out stock",
                )
            share, extra = divmod(rest, len(sinks)) if sinks else (0, 0)
            for i, seat in enumerate(sinks):
                kitties[seat] = counts_of(take(share + (i < extra), "position.stock", red_threes=True))
        stock = tuple(reversed(filled)) + spec.stock_top
        return hands, [k if k is not None else (0,) * KIND_COUNT for k in kitties], stock


# ------------------------------------------------------------------------------------------- running


def _actual(state: GameState, key: str, seat: int) -> str:
    """The engine's value for a state check, in canonical text."""
    player = state.players[seat]
    last = state.history[-1] if state.history else None
    hand = player.hand
    if seat == state.to_move and state.pending is not None:
        # The rest of a pile taken before the requirement is in hand, though not meldable yet (R-DEC-12).
        hand = tuple(a + b for a, b in zip(hand, state.pending, strict=True))
    if key == "hand":
        return _canon_counts(hand)
    if key == "hand_size":
        return str(sum(hand))
    if key == "kitty":
        return "taken" if player.kitty_taken else _canon_counts(player.kitty)
    if key == "kitty_size":
        return str(player.kitty_size)
    if key == "melds":
        return _canon_melds(player.melds)
    if key == "canastas":
        return _canon_mask(player.canastas)
    if key == "red_threes":
        return str(player.red_threes)
    if key == "opened":
        return _canon_bool(player.opened)
    if key == "may_look":
        return _canon_bool(player.may_look_kitty)
    if key == "phase":
        return state.phase.value
    if key == "to_move":
        return str(state.to_move)
    if key == "dealer":
        return str(state.dealer)
    if key == "round":
        return str(state.round)
    if key == "pile":
        return format_kinds(state.pile) or "(empty)"
    if key == "pile_size":
        return str(len(state.pile))
    if key == "pile_top":
        return str(state.top) if state.top is not None else "none"
    if key == "pile_frozen":
        return _canon_bool(state.pile_frozen)
    if key == "pile_stopped":
        return _canon_bool(state.pile_stopped)
    if key == "stock":
        return str(len(state.stock))
    if key == "scores":
        return _canon_ints(state.scores)
    if key in ("winners", "truncated"):
        if state.result is None:
            return "the game is not over"
        return _canon_ints(state.result.winners) if key == "winners" else _canon_bool(state.result.truncated)
    if last is None:
        return "no round has ended"
    if key == "round_end":
        return last.end.value
    if key == "went_out":
        return "nobody" if last.went_out is None else str(last.went_out)
    assert key == "score"
    b = last.breakdowns[seat]
    values = {
        "melded": b.melded,
        "canasta_bonus": b.canasta_bonus,
        "red_threes": b.red_threes,
        "going_out": b.going_out,
        "hand_penalty": b.hand_penalty,
        "kitty_penalty": b.kitty_penalty,
        "total": b.total,
    }
    return ", ".join(f"{name} {value}" for name, value in values.items())


def _score_matches(expected: str, actual: str) -> bool:
    """A score check names some parts of the breakdown; those must agree."""
    have = dict(part.rsplit(" ", 1) for part in actual.split(", "))
    for part in expected.split(", "):
        name, value = part.rsplit(" ", 1)
        if have.get(name) != value:
            return False
    return True


def _verdict(state: GameState, move: Move) -> tuple[bool, str, str]:
    """``(legal, clause, reason)`` of a move; an engine whose two answers disagree is reported as such."""
    listed = move in legal_moves(state)
    problem = why_illegal(state, move)
    if listed and problem is None:
        return True, "", ""
    if problem is not None and not listed:
        return False, problem.clause, problem.reason
    if listed:
        assert problem is not None
        return (
            False,
            problem.clause,
            f"{problem.reason} (yet legal_moves lists the move: the engine disagrees with itself)",
        )
    return False, "", "not among the legal moves, yet why_illegal finds no broken clause"


def _run_check(
    state: GameState, check: Check, seat: int, scenario: Scenario
) -> tuple[bool, str, str, tuple[str, ...]]:
    """``(passed, expected, outcome, clauses consulted)`` of one check; outcome says what the engine did."""
    named = scenario.clauses
    if check.key in ("legal", "illegal"):
        move = check.move
        assert move is not None
        legal, clause, reason = _verdict(state, move)
        if legal:
            outcome = f"{move} is legal"
            consulted = named
        else:
            outcome = f"{move} is illegal [{clause}]: {reason}" if clause else f"{move} is illegal: {reason}"
            consulted = (clause,) if clause else ()
        if check.key == "legal":
            return legal, f"{move} legal", outcome, consulted
        want = f"{move} illegal [{check.clause}]" + (
            f" with a reason mentioning {check.reason!r}" if check.reason else ""
        )
        ok = (
            not legal
            and clause == check.clause
            and (check.reason is None or check.reason.lower() in reason.lower())
        )
        return ok, want, outcome, consulted
    if check.key in ("moves", "moves_include", "moves_exclude"):
        legal_list = list(legal_moves(state))
        listed = ", ".join(str(m) for m in legal_list) or "(none)"
        outcome = f"legal moves: {listed}"
        if check.key == "moves":
            missing = [m for m in check.moves if m not in legal_list]
            extra = [m for m in legal_list if m not in check.moves]
            ok = not missing and not extra
            if missing:
                outcome += "; missing: " + "; ".join(_why_text(state, m) for m in missing)
            if extra:
                outcome += "; not expected: " + ", ".join(str(m) for m in extra)
            return ok, f"legal moves exactly {check.expected}", outcome, named
        if check.key == "moves_include":
            missing = [m for m in check.moves if m not in legal_list]
            if missing:
                outcome += "; missing: " + "; ".join(_why_text(state, m) for m in missing)
            return not missing, f"legal moves including {check.expected}", outcome, named
        present = [str(m) for m in check.moves if m in legal_list]
        if present:
            outcome += f" (including {', '.join(present)})"
        return not present, f"legal moves excluding {check.expected}", outcome, named
    actual = _actual(state, check.key, seat)
    if check.key == "score" and state.history:
        ok = _score_matches(check.expected, actual)
    else:
        ok = actual == check.expected
    who = f"player {seat} " if check.key in _PLAYER_CHECKS else ""
    return ok, f"{who}{check.key} {check.expected}", f"{who}{check.key} {actual}", named


def _why_text(state: GameState, move: Move) -> str:
    problem = why_illegal(state, move)
    return f"{move}: illegal [{problem.clause}]: {problem.reason}" if problem else f"{move}: not listed"


def _context(expectation: Expectation) -> str:
    parts = []
    if expectation.rules:
        parts.append("with " + ", ".join(f"{k}={_value_text(v)}" for k, v in expectation.rules))
    if expectation.after:
        parts.append("after " + "; ".join(str(m) for m in expectation.after))
    return (", ".join(parts) + ": ") if parts else ""


def _value_text(value: RuleValue) -> str:
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, bool):
        return _canon_bool(value)
    return str(value)


def run_scenario(scenario: Scenario, overrides: Sequence[tuple[str, RuleValue]] = ()) -> ScenarioReport:
    """Check every expectation of ``scenario``.

    Rules are layered: the defaults, the file's ``[rules]``, then ``overrides`` (the command line's
    ``--rules``), then the expectation's own ``rules`` pins. A move of ``after`` that the engine refuses
    fails every check of its expectation. Raises :class:`ScenarioError` for a position that cannot exist
    under some expectation's rules.
    """
    built: dict[Rules, GameState] = {}
    results: list[CheckResult] = []
    for expectation in scenario.expectations:
        try:
            rules = rules_for(scenario, overrides, expectation.rules)
        except RulesError as exc:
            raise ScenarioError(scenario.file, f"expect[{expectation.index}].rules", str(exc)) from None
        if rules not in built:
            built[rules] = build_position(scenario, rules)
        state = built[rules]
        start_player = state.to_move
        context = _context(expectation)
        failed_move: str | None = None
        for k, move in enumerate(expectation.after):
            try:
                state = apply(state, move)
            except IllegalMoveError as exc:
                failed_move = f"after[{k}] {move} is illegal [{exc.clause}]: {exc.reason}"
                break
        for check in expectation.checks:
            if failed_move is not None:
                results.append(
                    CheckResult(expectation.index, False, context, check.describe(), failed_move, ())
                )
                continue
            seat = start_player if expectation.player is None else expectation.player
            if seat >= len(state.players):
                raise ScenarioError(
                    scenario.file,
                    f"expect[{expectation.index}].player",
                    f"there is no seat {seat} in this game",
                )
            passed, expected, outcome, clauses = _run_check(state, check, seat, scenario)
            results.append(CheckResult(expectation.index, passed, context, expected, outcome, clauses))
    return ScenarioReport(scenario, tuple(results))


# --------------------------------------------------------------------------------------- commands


def _hidden(relative: Path) -> bool:
    return any(part.startswith(".") for part in relative.parts)


def scenario_files(paths: Sequence[str | Path]) -> list[Path]:
    """The scenario files named by ``paths``: files as given, and every ``*.toml`` under directories.

    Hidden files and directories (a name starting with ``.``) under a directory are skipped.
    """
    out: list[Path] = []
    for item in paths:
        path = Path(item)
        if path.is_dir():
            found = sorted(p for p in path.rglob("*.toml") if p.is_file())
            out.extend(p for p in found if not _hidden(p.relative_to(path)))
        else:
            out.append(path)
    return out


def check_command(paths: Sequence[str], rules_overrides: Sequence[str], out: TextIO) -> int:
    """The ``check`` command: run scenario files and directories and print PASS/FAIL for every check.

    ``rules_overrides`` are ``option=value`` texts applied on top of each file's ``[rules]`` (expectations
    that pin an option keep their pin). Returns 0 when every check passes, 1 when one fails, and 2 when a
    file cannot be read or describes an impossible position (or an override is invalid).
    """
    try:
        overrides = tuple(parse_rules_override(text) for text in rules_overrides)
    except RulesError as exc:
        out.write(f"error: --rules {exc}\n")
        return 2
    files = scenario_files(paths)
    if not files:
        out.write("error: no scenario files found\n")
        return 2
    checks = failed = errors = 0
    for path in files:
        try:
            scenario = load_scenario(path)
            report = run_scenario(scenario, overrides)
        except ScenarioError as exc:
            errors += 1
            out.write(f"ERROR {exc}\n")
            continue
        out.write(f"{path}: {scenario.title}\n")
        for result in report.results:
            checks += 1
            failed += not result.passed
            out.write(f"  {result.line()}\n")
    if overrides:
        out.write("rules overrides: " + ", ".join(f"{k}={_value_text(v)}" for k, v in overrides) + "\n")
    out.write(
        f"{len(files)} file{'s' * (len(files) != 1)}, {checks} checks: "
        f"{checks - failed} passed, {failed} failed" + (f", {errors} in error" if errors else "") + "\n"
    )
    return 2 if errors else 1 if failed else 0


@attrs.frozen
class ChainStep:
    """One guard of the move validator: the clauses it applies and what it checks.

    ``hints`` are words of the validator's reasons that tell this step from another one of the same clause.
    """

    clauses: tuple[str, ...]
    check: str
    hints: tuple[str, ...] = ()


def _step(clauses: str, check: str, *hints: str) -> ChainStep:
    return ChainStep(tuple(clauses.split()), check, hints)


_COMMON = (
    _step("R-GAM-1", "the game is not over", "game is over"),
    _step("R-TRN-2", "the move belongs to the part of the turn (draw, meld, kitty, between rounds)", "phase"),
)
_FLOOR = (
    _step("R-DEC-15", "a player who may go out keeps a card for the final discard", "final discard"),
    _step("R-DEC-19", "a player who may go out is not left with a lone 7 (R-OUT-2)", "a 7"),
    _step("R-HND-1", "a player who may not go out does not empty their hand", "empty"),
    _step(
        "R-DEC-19",
        "a player who may not go out keeps two cards (option keep_two_cards: one, when the kitty follows)",
        "two cards",
    ),
    _step("R-DEC-16", "a meld step does not leave only undiscardable 7s (option allow_hand_of_sevens)"),
)
_REQUIREMENT = _step(
    "R-REQ-4 R-REQ-1 R-DEC-11", "before the requirement is met, the cards melded this turn can still reach it"
)
_OPENING_DONE = _step("R-REQ-4", "an opening meld begun this turn has reached the requirement")

#: For each move verb, the guards of :func:`~railroad_canasta.why_illegal` in the order it checks them.
CLAUSE_CHAINS: Mapping[str, tuple[ChainStep, ...]] = {
    "draw": _COMMON,
    "take-pile": (
        *_COMMON,
        _step("R-PIL-4", "the pile is not empty", "empty"),
        _step("R-PIL-3", "no black 3 on top stops the pile"),
        _step("R-PIL-4", "the top card is natural and of the pair's rank", "top card", "natural pair"),
        _step("R-DEC-1", "a frozen pile may be taken with a natural pair (option frozen_pile_pair_pickup)"),
        _step("R-PIL-4", "the player holds two natural cards of that rank", "two natural"),
        _step(
            "R-DEC-18", "an unfinished meld of the rank can take three more (option pair_pickup_joins_meld)"
        ),
        *_FLOOR,
        _step(
            "R-DEC-12 R-REQ-4",
            "before the requirement is met, the pickup and the hand can reach it "
            "(option pile_counts_for_requirement)",
        ),
    ),
    "take-top": (
        *_COMMON,
        _step("R-PIL-5", "the pile is not empty", "empty"),
        _step("R-PIL-3", "no black 3 on top stops the pile"),
        _step("R-PIL-5", "the pile is not frozen", "frozen"),
        _step("R-PIL-5", "the player has an unfinished meld of the top card's rank", "no unfinished meld"),
        _step("R-DEC-2", "what else the pickup takes joins the hand (option top_card_pickup_takes_pile)"),
        *_FLOOR,
    ),
    "meld": (
        *_COMMON,
        _step("R-MLD-6", "melds are laid as part of meeting the requirement, or after"),
        _step("R-MLD-5", "black 3s are melded only when going out, all at once, with no wild", "black 3"),
        _step("R-DEC-21", "a black-3 meld has at least 3 black 3s (option black_three_meld_needs_three)"),
        _step("R-OUT-2", "the card left after the black-3 meld is not a 7"),
        _step(
            "R-DEC-9",
            "a wild meld starts with exactly 3 wild cards, or 7 at once (option wild_melds)",
        ),
        _step("R-TRN-4", "a meld starts with exactly 3 cards", "exactly 3"),
        _step("R-MLD-4", "a mixed meld has at least 2 naturals and at most 3 wilds"),
        _step("R-DEC-8", "a meld of 7s takes no wild card (option sevens_natural_only)"),
        _step("R-CRD-5", "red 3s are never melded"),
        _step("R-TRN-4", "the cards are in hand", "you hold"),
        _step("R-DEC-12", "cards of a pile held for the requirement are not melded before it is met"),
        _step("R-MLD-3", "no unfinished meld of that rank already"),
        *_FLOOR,
        _REQUIREMENT,
    ),
    "add": (
        *_COMMON,
        _step("R-MLD-6", "melds are laid as part of meeting the requirement, or after"),
        _step("R-MLD-2", "the meld of that rank is not complete already"),
        _step("R-MLD-1", "the player owns an unfinished meld of that rank", "no unfinished meld"),
        _step("R-TRN-4", "the card is in hand", "you hold"),
        _step("R-DEC-12", "cards of a pile held for the requirement are not melded before it is met"),
        _step("R-DEC-8", "a meld of 7s takes no wild card (option sevens_natural_only)"),
        _step("R-MLD-4", "a mixed meld holds at most 3 wild cards"),
        _step("R-DEC-9", "a wild meld holds only wild cards (option wild_melds)"),
        _step("R-MLD-1", "a natural meld takes only its rank and wild cards", "takes only"),
        *_FLOOR,
        _REQUIREMENT,
    ),
    "discard": (
        *_COMMON,
        _OPENING_DONE,
        _step("R-TRN-2", "the card is in hand", "to discard"),
        _step("R-PIL-1", "no 7 until every player has a sevens canasta"),
        _step(
            "R-OUT-1 R-DEC-19",
            "discarding the last card (going out) needs a canasta of every kind, "
            "or the kitty to follow (option keep_two_cards)",
        ),
        _step("R-OUT-2", "the final discard is not a 7"),
    ),
    "take-kitty": _COMMON,
    "end-turn": (
        *_COMMON,
        _step("R-DEC-19", "a player who discarded their last card takes the kitty", "take your kitty"),
        _OPENING_DONE,
        _step(
            "R-END-3", "with no legal discard, a player ends the turn only under option no_discard_ends_round"
        ),
    ),
    "end-round": (
        *_COMMON,
        _OPENING_DONE,
        _step("R-END-3", "the player has no legal discard"),
        _step("R-DEC-22", "a hand not all 7s ends the round (option no_discard_ends_round)"),
    ),
    "next-round": _COMMON,
}

#: For each move verb, the clauses that say what the move does once it is legal.
CLAUSE_EFFECTS: Mapping[str, tuple[str, ...]] = {
    "draw": ("R-TRN-3", "R-RED-1", "R-DEC-5", "R-DEC-13", "R-END-2"),
    "take-pile": ("R-PIL-4", "R-PIL-6", "R-RED-1", "R-DEC-12", "R-DEC-18", "R-MLD-2", "R-KIT-1"),
    "take-top": ("R-PIL-5", "R-DEC-2", "R-PIL-6", "R-RED-1", "R-MLD-2", "R-KIT-1"),
    "meld": ("R-TRN-4", "R-MLD-2", "R-CAN-1", "R-KIT-1", "R-REQ-1", "R-REQ-3", "R-DEC-15"),
    "add": ("R-TRN-4", "R-MLD-2", "R-CAN-1", "R-KIT-1", "R-REQ-1", "R-REQ-3", "R-DEC-15"),
    "discard": ("R-PIL-2", "R-PIL-3", "R-OUT-2", "R-OUT-3", "R-KIT-2", "R-DEC-10", "R-TRN-1"),
    "take-kitty": ("R-KIT-2", "R-RED-1", "R-DEC-5", "R-TRN-1"),
    "end-turn": ("R-KIT-2", "R-DEC-22", "R-TRN-1"),
    "end-round": ("R-END-3", "R-SCO-6"),
    "next-round": ("R-SET-2", "R-SET-3", "R-SET-4"),
}


def _failing_step(chain: Sequence[ChainStep], clause: str, reason: str) -> int | None:
    """The index of the chain step that a violation ``(clause, reason)`` comes from."""
    candidates = [i for i, step in enumerate(chain) if clause in step.clauses]
    if not candidates:
        return None
    low = reason.lower()
    hinted = [i for i in candidates if any(word.lower() in low for word in chain[i].hints)]
    return (hinted or candidates)[0]


def _position_summary(state: GameState) -> Iterator[str]:
    me = state.mover
    yield f"player {state.to_move} to move, {state.phase.value} phase, round {state.round}"
    melds = " | ".join(str(m) for m in me.melds) or "none"
    yield f"hand: {_canon_counts(me.hand)}; melds: {melds}; red 3s: {me.red_threes}"
    if state.pile:
        status = (" frozen" if state.pile_frozen else "") + (" stopped" if state.pile_stopped else "")
        yield f"pile: {len(state.pile)} cards, top {state.top}{status}; stock: {len(state.stock)} cards"
    else:
        yield f"pile: empty; stock: {len(state.stock)} cards"


def explain_command(file: str, move_text: str, out: TextIO) -> int:
    """The ``explain`` command: the decision for one move in a scenario file's position, with its clauses.

    ``move_text`` is one move in move notation; several moves separated by ``;`` are played in turn and the
    last one is explained. Prints whether the move is legal, the clause and reason from
    :func:`~railroad_canasta.why_illegal`, and the chain of clauses consulted (:data:`CLAUSE_CHAINS`).
    Returns 0 when the move is legal, 1 when it is illegal, 2 when the file or the move cannot be read.
    """
    try:
        scenario = load_scenario(file)
        state = build_position(scenario)
        texts = [t.strip() for t in move_text.split(";") if t.strip()]
        if not texts:
            raise ScenarioError(file, "move", "no move given")
        moves = [_move(file, "move", t) for t in texts]
    except ScenarioError as exc:
        out.write(f"error: {exc}\n")
        return 2
    out.write(f"{file}: {scenario.title}\n")
    for prior in moves[:-1]:
        try:
            state = apply(state, prior)
        except IllegalMoveError as exc:
            out.write(f"error: {prior} cannot be played first: illegal [{exc.clause}]: {exc.reason}\n")
            return 2
        out.write(f"played: {prior}\n")
    move = moves[-1]
    for line in _position_summary(state):
        out.write(f"  {line}\n")
    legal, clause, reason = _verdict(state, move)
    verb = str(move).split()[0]
    chain = CLAUSE_CHAINS.get(verb, _COMMON)
    if legal:
        out.write(f"{move}: legal\n")
        failing = None
    else:
        out.write(f"{move}: illegal [{clause}]: {reason}\n")
        failing = _failing_step(chain, clause, reason)
    out.write("clauses consulted, in the validator's order:\n")
    for i, step in enumerate(chain):
        if legal:
            mark = "ok"
        elif failing is None:
            mark = "-"
        else:
            mark = "ok" if i < failing else "BREAKS" if i == failing else "not reached"
        out.write(f"  {'/'.join(step.clauses):<26} {mark:<12} {step.check}\n")
    if not legal and failing is None:
        out.write(f"  ({clause or 'no clause'} is not one of the guards listed for {verb})\n")
    if legal:
        effects = CLAUSE_EFFECTS.get(verb, ())
        if effects:
            out.write(f"what the move does: {', '.join(effects)}\n")
        after = apply(state, move)
        out.write(f"after it: {after.phase.value} phase, player {after.to_move} to move\n")
    out.write(f"clauses named by the scenario: {', '.join(scenario.clauses)}\n")
    return 0 if legal else 1
