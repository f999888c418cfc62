"""Reading scenario files: TOML to a :class:`~railroad_canasta.scenarios.model.Scenario`, refusing what is
malformed with a :class:`~railroad_canasta.scenarios.model.ScenarioError` naming the file, the field and the
reason.

This checks the form of a file (known keys, types, cards and moves in notation, melds of one rank, rules
options the variant has); whether the position can exist is the builder's question
(:mod:`railroad_canasta.scenarios.builder`).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from railroad_canasta.core.cards import Counts, Kind, counts_of, format_kinds, parse_kinds
from railroad_canasta.core.errors import NotationError, RulesError
from railroad_canasta.core.moves import Move, parse_move
from railroad_canasta.core.options import rules_from_mapping
from railroad_canasta.scenarios.model import (
    CANASTA_NAMES,
    CLAUSE_ID,
    EXPECT_KEYS,
    MOVE_CHECKS,
    PLAYER_CHECKS,
    SCORE_FIELDS,
    STATE_CHECKS,
    Check,
    DealSpec,
    Expectation,
    PlayerSpec,
    PositionSpec,
    RuleValue,
    Scenario,
    ScenarioError,
    canon_bool,
    canon_counts,
    canon_ints,
    canon_mask,
    canon_melds,
    raise_all,
)
from railroad_canasta.scenarios.options import rules_table
from railroad_canasta.variants import variant_named
from railroad_canasta.variants.railroad.rules import Rules, TableMeld
from railroad_canasta.variants.railroad.state import Phase

__all__ = ["load_scenario", "parse_scenario", "read_move"]

_PHASES: dict[str, Phase] = {"draw": Phase.DRAW, "meld": Phase.MELD, "kitty": Phase.KITTY}


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


def read_move(file: str, field: str, text: str) -> Move:
    """A move in move notation; :class:`ScenarioError` at ``field`` of ``file`` if it is not one."""
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


_TOP_KEYS = ("title", "question", "clauses", "variant", "rules", "position", "players", "deal", "expect")


def parse_scenario(text: str, file: str = "<scenario>") -> Scenario:
    """Read a scenario from TOML ``text``; ``file`` names it in errors. Raises :class:`ScenarioError`."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(file, "toml", f"not valid TOML: {exc}") from None
    except RecursionError:  # (tomllib reads nested arrays and tables by recursion)
        raise ScenarioError(file, "toml", "nested too deep to read") from None
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
        if not CLAUSE_ID.match(clause):
            raise ScenarioError(file, f"clauses[{i}]", f"{clause!r} is not a clause ID like 'R-PIL-4'")
    variant = top.text("variant", Rules.variant)
    assert variant is not None
    try:
        rules_cls = variant_named(variant).rules_type
    except RulesError as exc:
        raise ScenarioError(file, "variant", exc.reason) from None
    rules = rules_table(file, "rules", top.raw("rules"), rules_cls)
    _check_rules(file, "rules", rules_cls, rules)
    deal_data = top.raw("deal")
    position_data = top.raw("position")
    players_data = top.raw("players")
    start: PositionSpec | DealSpec = DealSpec(0)
    errors: list[ScenarioError] = []
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
        try:
            start = _position(file, position_data, players_data)
        except ScenarioError as exc:
            errors.append(exc)
    expect_data = top.raw("expect")
    if not isinstance(expect_data, list) or not expect_data:
        errors.append(ScenarioError(file, "expect", "is required: at least one [[expect]] table"))
        expect_data = []
    expectations: list[Expectation] = []
    for i, item in enumerate(expect_data):
        try:  # every entry is read, so that a file reports all its errors at once
            expectations.append(
                _expectation(file, i + 1, item, rules_cls, rules, (position_data, players_data))
            )
        except ScenarioError as exc:
            errors.append(exc)
    try:
        top.finish()
    except ScenarioError as exc:
        errors.append(exc)
    raise_all(errors)
    return Scenario(file, title, question, tuple(clauses), rules, start, tuple(expectations), variant)


def _check_rules(
    file: str, path: str, rules_cls: type[Any], options: Sequence[tuple[str, RuleValue]]
) -> None:
    """Refuse options that are each of the right type but together no valid rules (a range, a combination)."""
    try:
        rules_from_mapping(rules_cls, dict(options), path=path)
    except RulesError as exc:
        raise ScenarioError(file, exc.path, exc.reason) from None


def load_scenario(path: str | Path) -> Scenario:
    """Read and validate a scenario file. Raises :class:`ScenarioError` naming the file, field and reason."""
    name = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError(name, "file", f"cannot be read: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        line = Path(path).read_bytes()[: exc.start].count(b"\n") + 1
        raise ScenarioError(
            name, "file", f"is not UTF-8 text: byte {exc.start} (line {line}) is {exc.object[exc.start]:#04x}"
        ) from None
    return parse_scenario(text, name)


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
                kind = CANASTA_NAMES.get(name.lower())
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


_SET_PATH = re.compile(r"^(?:position\.(\w+)|players\[(\d+)\]\.(\w+))$")


def _varied(file: str, path: str, changes: object, position: object, players: object) -> PositionSpec:
    """The file's position with the fields an entry's ``set`` table gives: ``{"players[0].score" = 1500}``."""
    if not isinstance(changes, dict) or not changes:
        raise ScenarioError(
            file, path, 'must be a table like { "players[0].score" = 1500, "position.pile" = "9" }'
        )
    new_position = dict(position) if isinstance(position, dict) else {}
    new_players = (
        [dict(p) if isinstance(p, dict) else p for p in players] if isinstance(players, list) else []
    )
    for key, value in changes.items():
        match = _SET_PATH.match(key)
        if match is None:
            raise ScenarioError(file, f"{path}.{key}", 'is not "position.KEY" or "players[N].KEY"')
        if match.group(1) is not None:
            new_position[match.group(1)] = value
            continue
        seat = int(match.group(2))
        while len(new_players) <= seat:
            new_players.append({})
        if not isinstance(new_players[seat], dict):
            raise ScenarioError(file, f"{path}.{key}", f"players[{seat}] is not a table")
        new_players[seat][match.group(3)] = value
    try:
        return _position(file, new_position, new_players)
    except ScenarioError as exc:
        raise ScenarioError(file, f"{path} ({exc.field})", exc.reason) from None


def _expectation(
    file: str,
    index: int,
    data: object,
    rules_cls: type[Any],
    file_rules: Sequence[tuple[str, RuleValue]],
    base: tuple[object, object] = (None, None),
) -> Expectation:
    path = f"expect[{index}]"
    t = _Table(file, path, data)
    changes = t.raw("set")
    start = None if changes is None else _varied(file, f"{path}.set", changes, *base)
    after_texts = t.str_list("after") or []
    after = tuple(read_move(file, f"{path}.after[{k}]", m) for k, m in enumerate(after_texts))
    pins = rules_table(file, f"{path}.rules", t.raw("rules"), rules_cls)
    _check_rules(file, f"{path}.rules", rules_cls, (*file_rules, *pins))
    player = t.number("player", low=0)
    note = t.text("note", "") or ""
    checks: list[Check] = []
    clause = t.text("clause")
    reason = t.text("reason")
    for key in list(t.data):
        if key in ("after", "rules", "player", "note", "clause", "reason", "set") or key not in EXPECT_KEYS:
            continue
        field = f"{path}.{key}"
        if key in ("legal", "illegal"):
            text = t.text(key)
            assert text is not None
            move = read_move(file, field, text)
            if key == "illegal":
                if clause is None:
                    raise ScenarioError(
                        file, f"{path}.clause", "is required with illegal: the clause the move breaks"
                    )
                if not CLAUSE_ID.match(clause):
                    raise ScenarioError(
                        file, f"{path}.clause", f"{clause!r} is not a clause ID like 'R-PIL-4'"
                    )
                checks.append(Check(key, str(move), move=move, clause=clause, reason=reason))
            else:
                checks.append(Check(key, str(move), move=move))
        elif key == "refused":
            text = t.text(key)
            if text is None or not CLAUSE_ID.match(text):
                raise ScenarioError(file, field, f"{text!r} is not a clause ID like 'R-CL-OUT-1'")
            checks.append(Check(key, text))
        elif key in ("moves", "moves_include", "moves_exclude"):
            texts = t.str_list(key) or []
            moves = tuple(read_move(file, f"{field}[{k}]", m) for k, m in enumerate(texts))
            checks.append(Check(key, ", ".join(str(m) for m in moves) or "(none)", moves=moves))
        else:
            checks.append(Check(key, _expected_text(t, key, field)))
    if (clause is not None or reason is not None) and not any(c.key == "illegal" for c in checks):
        raise ScenarioError(
            file, f"{path}.{'clause' if clause is not None else 'reason'}", "goes with illegal"
        )
    unknown = [key for key in t.data if key not in EXPECT_KEYS]
    if unknown:
        known = ", ".join(EXPECT_KEYS)
        raise ScenarioError(file, f"{path}.{unknown[0]}", f"unknown key (known here: {known})")
    if not checks:
        keys = ", ".join((*MOVE_CHECKS, *PLAYER_CHECKS, *STATE_CHECKS))
        raise ScenarioError(file, path, f"states nothing: give at least one of {keys}")
    t.finish()
    return Expectation(index, after, pins, player, tuple(checks), note, start)


def _expected_text(t: _Table, key: str, field: str) -> str:
    """The expected value of a state check, in the canonical text the engine's value is compared with."""
    file = t.file
    if key in ("hand", "kitty", "known"):
        text = t.text(key)
        assert text is not None
        if key == "kitty" and text.strip().lower() == "taken":
            return "taken"
        return canon_counts(counts_of(_kinds(file, field, text)))
    if key == "melds":
        texts = t.str_list(key) or []
        return canon_melds([_meld(file, f"{field}[{j}]", m) for j, m in enumerate(texts)])
    if key == "canastas" and isinstance(t.data.get(key), int):
        count = t.number(key, low=0)  # classic: the side's number of canastas (R-CL-CAN-1)
        assert count is not None
        return str(count)
    if key == "canastas":
        names = t.str_list(key) or []
        mask = 0
        for j, name in enumerate(names):
            kind = CANASTA_NAMES.get(name.lower())
            if kind is None:
                raise ScenarioError(
                    file, f"{field}[{j}]", f"{name!r} is no kind of canasta: red, black, wild or sevens"
                )
            mask |= kind
        return canon_mask(mask)
    if key in ("opened", "may_look", "pile_frozen", "pile_stopped", "truncated"):
        flag = t.flag(key)
        assert flag is not None
        return canon_bool(flag)
    if key in (
        "hand_size", "kitty_size", "red_threes", "to_move", "dealer", "round", "pile_size", "stock",
        "pack_size",
    ):  # fmt: skip
        number = t.number(key, low=0)
        assert number is not None
        return str(number)
    if key == "phase":
        text = t.text(key)
        phases = [p.value for p in Phase] + ["answer"]  # answer: classic's "may I go out?" (R-CL-DEC-1)
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
        ends = ("went-out", "stock-empty", "no-discard", "red-three-last")
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
    if key in ("scores", "winners", "hand_sizes"):
        value = t.raw(key)
        if not isinstance(value, list) or not all(type(x) is int for x in value):
            raise ScenarioError(file, field, "must be an array of integers")
        return canon_ints([int(x) for x in value])
    assert key == "score"
    value = t.raw(key)
    if not isinstance(value, dict) or not value:
        raise ScenarioError(file, field, f"must be a table of breakdown parts: {', '.join(SCORE_FIELDS)}")
    parts = []
    for name in SCORE_FIELDS:
        if name in value:
            part = value[name]
            if type(part) is not int:
                raise ScenarioError(file, f"{field}.{name}", f"must be an integer, not {part!r}")
            parts.append(f"{name} {part}")
    unknown = sorted(set(value) - set(SCORE_FIELDS))
    if unknown:
        raise ScenarioError(file, f"{field}.{unknown[0]}", f"unknown part (known: {', '.join(SCORE_FIELDS)})")
    return ", ".join(parts)
