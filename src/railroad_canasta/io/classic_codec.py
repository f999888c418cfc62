"""JSON for classic Canasta: states, views and game records, checked on load, and replay.

The documents are JSON objects like Railroad's (see :mod:`~railroad_canasta.io.codec`), with their own
``"schema"`` kinds: :data:`CLASSIC_STATE_SCHEMA`, :data:`CLASSIC_VIEW_SCHEMA` and
:data:`CLASSIC_RECORD_SCHEMA` (JSON Schemas ``classic-state``, ``classic-view``, ``classic-record`` of
:func:`~railroad_canasta.io.schemas.json_schema`). Moves are the shared move documents. Anything
malformed or inconsistent raises :class:`~railroad_canasta.io.reader.RecordError` naming the field.

>>> from railroad_canasta.variants.classic.transitions import new_game
>>> from railroad_canasta.variants.classic.rules import CLASSIC
>>> state = new_game(CLASSIC, seed=3)
>>> classic_state_from_json(classic_state_to_json(state)) == state
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence

import attrs

from railroad_canasta.core.cards import Counts, Kind, counts_of
from railroad_canasta.core.errors import IllegalMoveError, NotationError, RulesError, describe
from railroad_canasta.core.invariants import InvariantError
from railroad_canasta.core.melds import Meld
from railroad_canasta.core.moves import Move, parse_move
from railroad_canasta.core.options import rules_from_mapping, rules_to_mapping
from railroad_canasta.io.reader import (
    CARD_TOKENS,
    JSONObject,
    JSONValue,
    RecordError,
    at,
    fail,
    loads,
    read_bool,
    read_counts,
    read_document,
    read_int,
    read_ints,
    read_kinds,
    read_list,
    read_object,
)
from railroad_canasta.io.records import ReplayError
from railroad_canasta.variants.classic.invariants import validate, validate_view
from railroad_canasta.variants.classic.rules import RULES_VERSION, ClassicRules
from railroad_canasta.variants.classic.state import (
    ClassicGameResult,
    ClassicRoundResult,
    ClassicState,
    Phase,
    Side,
    SideScore,
)
from railroad_canasta.variants.classic.transitions import apply, new_game
from railroad_canasta.variants.classic.views import ClassicView

__all__ = [
    "CLASSIC_RECORD_SCHEMA",
    "CLASSIC_STATE_SCHEMA",
    "CLASSIC_VIEW_SCHEMA",
    "ClassicRecord",
    "classic_record_from_json",
    "classic_record_game",
    "classic_record_to_json",
    "classic_replay",
    "classic_state_from_dict",
    "classic_state_from_json",
    "classic_state_to_dict",
    "classic_state_to_json",
    "classic_view_from_json",
    "classic_view_to_dict",
    "classic_view_to_json",
]

#: The ``"schema"`` field of a classic state document.
CLASSIC_STATE_SCHEMA = "railroad-canasta/classic-state/1"
#: The ``"schema"`` field of a classic view document.
CLASSIC_VIEW_SCHEMA = "railroad-canasta/classic-view/1"
#: The ``"schema"`` field of a classic game record.
CLASSIC_RECORD_SCHEMA = "railroad-canasta/classic-record/1"

_PHASES = {p.value: p for p in Phase}
_ENDS = ("went-out", "stock-empty", "red-three-last")
_SCORE_KEYS = ("melded", "canasta_bonus", "red_threes", "going_out", "hand_penalty")
_SIDE_KEYS = ("melds", "red_threes", "opened", "score", "concealed_canastas")
_TURN_KEYS = (
    "turn_points",
    "pending",
    "melded_before",
    "turn_melds",
    "answer",
    "asker",
    "turn_started",
    "history",
    "result",
)
_STATE_KEYS = (
    "schema",
    "rules",
    "seed",
    "round",
    "dealer",
    "to_move",
    "phase",
    "hands",
    "sides",
    "stock",
    "pile",
    "pile_frozen",
    *_TURN_KEYS,
)
_VIEW_KEYS = (
    "schema",
    "rules",
    "viewer",
    "round",
    "dealer",
    "to_move",
    "phase",
    "hand",
    "hand_sizes",
    "sides",
    "stock_size",
    "pile",
    "pile_frozen",
    *_TURN_KEYS,
)


def _tokens(counts: Counts) -> list[JSONValue]:
    return [CARD_TOKENS[k] for k in range(len(counts) - 1, -1, -1) for _ in range(counts[k])]


def _meld_tokens(meld: Meld) -> list[JSONValue]:
    out: list[JSONValue] = [CARD_TOKENS[meld.rank]] * meld.naturals
    return out + ["JK"] * meld.jokers + ["2"] * meld.twos


def _side_dict(side: Side) -> JSONObject:
    return {
        "melds": [_meld_tokens(m) for m in side.melds],
        "red_threes": side.red_threes,
        "opened": side.opened,
        "score": side.score,
        "concealed_canastas": side.concealed_canastas,
    }


def _result(result: ClassicGameResult | None) -> JSONValue:
    if result is None:
        return None
    return {"winners": list(result.winners), "truncated": result.truncated, "scores": list(result.scores)}


def _round(r: ClassicRoundResult) -> JSONObject:
    breakdowns: list[JSONValue] = [{key: getattr(b, key) for key in _SCORE_KEYS} for b in r.breakdowns]
    return {
        "round": r.round,
        "end": r.end,
        "went_out": r.went_out,
        "breakdowns": breakdowns,
        "scores": list(r.scores),
    }


def _turn(position: ClassicState | ClassicView) -> JSONObject:
    return {
        "turn_points": position.turn_points,
        "pending": None if position.pending is None else _tokens(position.pending),
        "melded_before": list(position.melded_before),
        "turn_melds": position.turn_melds,
        "answer": position.answer,
        "asker": position.asker,
        "turn_started": [CARD_TOKENS[k] for k in position.turn_started],
        "history": [_round(r) for r in position.history],
        "result": _result(position.result),
    }


def classic_state_to_dict(state: ClassicState) -> JSONObject:
    """A classic state as a JSON object (schema ``railroad-canasta/classic-state/1``)."""
    return {
        "schema": CLASSIC_STATE_SCHEMA,
        "rules": _rules_dict(state.rules),
        "seed": state.seed,
        "round": state.round,
        "dealer": state.dealer,
        "to_move": state.to_move,
        "phase": state.phase.value,
        "hands": [_tokens(h) for h in state.hands],
        "sides": [_side_dict(s) for s in state.sides],
        "stock": [CARD_TOKENS[k] for k in state.stock],
        "pile": [CARD_TOKENS[k] for k in state.pile],
        "pile_frozen": state.pile_frozen,
        **_turn(state),
    }


def classic_view_to_dict(v: ClassicView) -> JSONObject:
    """A classic view as a JSON object (schema ``railroad-canasta/classic-view/1``)."""
    return {
        "schema": CLASSIC_VIEW_SCHEMA,
        "rules": _rules_dict(v.rules),
        "viewer": v.viewer,
        "round": v.round,
        "dealer": v.dealer,
        "to_move": v.to_move,
        "phase": v.phase.value,
        "hand": _tokens(v.hand),
        "hand_sizes": list(v.hand_sizes),
        "sides": [_side_dict(s) for s in v.sides],
        "stock_size": v.stock_size,
        "pile": [CARD_TOKENS[k] for k in v.pile],
        "pile_frozen": v.pile_frozen,
        **_turn(v),
    }


def _rules_dict(rules: ClassicRules) -> JSONObject:
    out: JSONObject = {}
    for key, value in rules_to_mapping(rules).items():
        assert value is None or isinstance(value, bool | int | str)
        out[key] = value
    return out


# ----------------------------------------------------------------------------------------- from JSON


def _rules(data: object) -> ClassicRules:
    if not isinstance(data, dict):
        fail("rules", f"must be an object, not {describe(data)}")
    try:
        return rules_from_mapping(ClassicRules, data, path="rules")
    except RulesError as exc:
        raise RecordError(exc.path, exc.reason) from None


def _meld(value: object, path: str) -> Meld:
    kinds = read_kinds(value, path)
    naturals = [k for k in kinds if not k.is_wild]
    if not naturals or any(k is not naturals[0] for k in naturals):
        fail(path, "a meld holds natural cards of one rank, and wild cards")
    return Meld(naturals[0], len(naturals), kinds.count(Kind.JOKER), kinds.count(Kind.TWO))


def _side(value: object, path: str) -> Side:
    data = read_object(value, path, _SIDE_KEYS)
    melds = tuple(
        _meld(m, f"{path}.melds[{i}]") for i, m in enumerate(read_list(data["melds"], at(path, "melds")))
    )
    return Side(
        melds,
        read_int(data, "red_threes", path, 0, 6),
        read_bool(data, "opened", path),
        read_int(data, "score", path, None),
        read_int(data, "concealed_canastas", path, 0),
    )


def _optional_bool(value: object, path: str) -> bool | None:
    if value is None or isinstance(value, bool):
        return value
    fail(path, f"must be true, false or null, not {describe(value)}")


def _history(value: object, path: str, sides: int, players: int) -> tuple[ClassicRoundResult, ...]:
    out = []
    for i, item in enumerate(read_list(value, path)):
        here = f"{path}[{i}]"
        data = read_object(item, here, ("round", "end", "went_out", "breakdowns", "scores"))
        end = data["end"]
        if end not in _ENDS:
            fail(at(here, "end"), f"must be one of {', '.join(_ENDS)}, not {describe(end)}")
        went = data["went_out"]
        went_out = None if went is None else read_int(data, "went_out", here, 0, players - 1)
        breakdowns = []
        for j, b in enumerate(read_list(data["breakdowns"], at(here, "breakdowns"))):
            where = f"{here}.breakdowns[{j}]"
            parts = read_object(b, where, _SCORE_KEYS)
            breakdowns.append(SideScore(*(read_int(parts, key, where, None) for key in _SCORE_KEYS)))
        if len(breakdowns) != sides:
            fail(at(here, "breakdowns"), f"must have {sides} entries, not {len(breakdowns)}")
        scores = read_ints(data["scores"], at(here, "scores"), sides)
        out.append(
            ClassicRoundResult(
                read_int(data, "round", here, 1), str(end), went_out, tuple(breakdowns), scores
            )
        )
    return tuple(out)


def _game_result(value: object, sides: int) -> ClassicGameResult | None:
    if value is None:
        return None
    data = read_object(value, "result", ("winners", "truncated", "scores"))
    winners = read_list(data["winners"], "result.winners")
    seats = read_ints(winners, "result.winners", len(winners), 0, sides - 1)
    return ClassicGameResult(
        seats, read_bool(data, "truncated", "result"), read_ints(data["scores"], "result.scores", sides)
    )


def _turn_fields(doc: dict[str, object], rules: ClassicRules) -> dict[str, object]:
    n = rules.players
    sides = len(rules.sides)
    phase = doc["phase"]
    if phase not in _PHASES:
        fail("phase", f"must be one of {', '.join(_PHASES)}, not {describe(phase)}")
    melded = read_list(doc["melded_before"], "melded_before")
    if len(melded) != n or not all(isinstance(x, bool) for x in melded):
        fail("melded_before", f"must be {n} booleans")
    asker = doc["asker"]
    return {
        "rules": rules,
        "round": read_int(doc, "round", "", 1),
        "dealer": read_int(doc, "dealer", "", 0, n - 1),
        "to_move": read_int(doc, "to_move", "", 0, n - 1),
        "phase": _PHASES[str(phase)],
        "sides": _sides(doc["sides"], sides),
        "pile": read_kinds(doc["pile"], "pile"),
        "pile_frozen": read_bool(doc, "pile_frozen", ""),
        "turn_points": read_int(doc, "turn_points", "", 0),
        "pending": None if doc["pending"] is None else read_counts(doc["pending"], "pending"),
        "melded_before": tuple(bool(x) for x in melded),
        "turn_melds": read_int(doc, "turn_melds", "", 0),
        "answer": _optional_bool(doc["answer"], "answer"),
        "asker": None if asker is None else read_int(doc, "asker", "", 0, n - 1),
        "turn_started": read_kinds(doc["turn_started"], "turn_started"),
        "history": _history(doc["history"], "history", sides, n),
        "result": _game_result(doc["result"], sides),
    }


def _sides(value: object, count: int) -> tuple[Side, ...]:
    items = read_list(value, "sides")
    if len(items) != count:
        fail("sides", f"must have {count} entries, not {len(items)}")
    return tuple(_side(s, f"sides[{i}]") for i, s in enumerate(items))


def _checked(position: ClassicState | ClassicView) -> None:
    try:
        if isinstance(position, ClassicView):
            validate_view(position)
        else:
            validate(position)
    except InvariantError as exc:
        raise RecordError(exc.path, exc.tagged_reason) from None


def classic_state_from_dict(data: object) -> ClassicState:
    """Read a classic state; raise :class:`RecordError` for anything malformed or unreachable."""
    doc = read_object(read_document(data, CLASSIC_STATE_SCHEMA), "", _STATE_KEYS)
    rules = _rules(doc["rules"])
    hands = read_list(doc["hands"], "hands")
    if len(hands) != rules.players:
        fail("hands", f"must have {rules.players} entries, not {len(hands)}")
    state = ClassicState(
        seed=read_int(doc, "seed", "", None),
        hands=tuple(counts_of(read_kinds(h, f"hands[{i}]")) for i, h in enumerate(hands)),
        stock=read_kinds(doc["stock"], "stock"),
        **_turn_fields(doc, rules),  # type: ignore[arg-type]
    )
    _checked(state)
    return state


def classic_view_from_dict(data: object) -> ClassicView:
    """Read a classic view; raise :class:`RecordError` for anything malformed or impossible."""
    doc = read_object(read_document(data, CLASSIC_VIEW_SCHEMA), "", _VIEW_KEYS)
    rules = _rules(doc["rules"])
    v = ClassicView(
        viewer=read_int(doc, "viewer", "", 0, rules.players - 1),
        hand=counts_of(read_kinds(doc["hand"], "hand")),
        hand_sizes=read_ints(doc["hand_sizes"], "hand_sizes", rules.players, 0),
        stock_size=read_int(doc, "stock_size", "", 0),
        **_turn_fields(doc, rules),  # type: ignore[arg-type]
    )
    _checked(v)
    return v


def classic_state_to_json(state: ClassicState, *, indent: int | None = None) -> str:
    """A classic state as JSON text."""
    return json.dumps(classic_state_to_dict(state), indent=indent)


def classic_state_from_json(text: str | bytes) -> ClassicState:
    """Read a classic state from JSON text."""
    return classic_state_from_dict(loads(text))


def classic_view_to_json(v: ClassicView, *, indent: int | None = None) -> str:
    """A classic view as JSON text."""
    return json.dumps(classic_view_to_dict(v), indent=indent)


def classic_view_from_json(text: str | bytes) -> ClassicView:
    """Read a classic view from JSON text."""
    return classic_view_from_dict(loads(text))


# ----------------------------------------------------------------------------------------- records


@attrs.frozen
class ClassicRecord:
    """A classic game as played: the rules, the seed, the players' names, the moves and the result."""

    rules: ClassicRules
    seed: int
    players: tuple[str, ...]
    moves: tuple[Move, ...]
    result: ClassicGameResult | None = None


def _play(rules: ClassicRules, seed: int, moves: Iterable[Move | str]) -> tuple[ClassicState, list[Move]]:
    state = new_game(rules, seed=seed)
    played: list[Move] = []
    for index, item in enumerate(moves):
        try:
            move = parse_move(item) if isinstance(item, str) else item
        except NotationError as exc:
            raise ReplayError(index, str(item), None, exc.reason) from exc
        try:
            state = apply(state, move)
        except IllegalMoveError as exc:
            raise ReplayError(index, str(move), exc.clause, exc.reason) from exc
        played.append(move)
    return state, played


def classic_record_game(
    rules: ClassicRules, seed: int, moves: Iterable[Move | str], *, players: Sequence[str] | None = None
) -> ClassicRecord:
    """A record of the classic game dealt by ``rules`` and ``seed`` and played with ``moves``."""
    state, played = _play(rules, seed, moves)
    names = tuple(players) if players is not None else tuple(f"player {i}" for i in range(rules.players))
    if len(names) != rules.players:
        raise RecordError("players", f"must name {rules.players} players, not {len(names)}")
    return ClassicRecord(rules, seed, names, tuple(played), state.result)


def classic_replay(record: ClassicRecord, *, check_result: bool = True) -> ClassicState:
    """The state reached by replaying ``record``; the first illegal move raises :class:`ReplayError`."""
    state, _ = _play(record.rules, record.seed, record.moves)
    if check_result and state.result != record.result:
        raise ReplayError(len(record.moves), "", None, "the replayed game's result is not the record's")
    return state


def classic_record_to_json(record: ClassicRecord, *, indent: int | None = None) -> str:
    """A classic record as JSON text (schema ``railroad-canasta/classic-record/1``)."""
    doc: JSONObject = {
        "schema": CLASSIC_RECORD_SCHEMA,
        "rules_version": RULES_VERSION,
        "rules": _rules_dict(record.rules),
        "seed": record.seed,
        "players": list(record.players),
        "moves": [str(m) for m in record.moves],
        "result": _result(record.result),
    }
    return json.dumps(doc, indent=indent)


def classic_record_from_json(text: str | bytes) -> ClassicRecord:
    """Read a classic record and replay it: every move is checked, and the result."""
    doc = read_object(
        read_document(loads(text), CLASSIC_RECORD_SCHEMA),
        "",
        ("schema", "rules_version", "rules", "seed", "players", "moves", "result"),
    )
    rules = _rules(doc["rules"])
    names = read_list(doc["players"], "players")
    if len(names) != rules.players or not all(isinstance(x, str) for x in names):
        fail("players", f"must be {rules.players} names")
    moves = []
    for i, item in enumerate(read_list(doc["moves"], "moves")):
        if not isinstance(item, str):
            fail(f"moves[{i}]", f"must be a move's text, not {describe(item)}")
        try:
            moves.append(parse_move(item))
        except NotationError as exc:
            fail(f"moves[{i}]", exc.reason)
    record = ClassicRecord(
        rules,
        read_int(doc, "seed", "", None),
        tuple(str(x) for x in names),
        tuple(moves),
        _game_result(doc["result"], len(rules.sides)),
    )
    classic_replay(record)
    return record
